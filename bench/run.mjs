// Runs every bench/*.bench.ts in its own Node process. Each bench takes the shared data folder as its argument
// and skips (with a message) what is absent there.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const shared = process.env.CITESCRIBE_SHARED ?? path.resolve(root, '..', 'shared', 'data');
const only = process.argv.slice(2);
const benches = readdirSync(path.join(root, 'bench'))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file} ===`);
  // --expose-gc: a bench may collect garbage before it reads the heap, so what it reports is what is kept.
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(root, 'bench', file), shared], {
    stdio: 'inherit',
    cwd: root,
  });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
