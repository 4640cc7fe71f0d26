// Scale benchmark on a generated library (default 50,000 entries with abstracts, 2,000 PDFs), through the CLI as a
// user runs it, so the same script measures any checkout: `--tree DIR` runs DIR/dist/cli.js (an older commit in a
// worktree, for before/after figures). Peak memory is GNU time's maximum RSS of the CLI process (PDF workers are
// threads, so they count).
//   node --import tsx bench/scale.bench.ts [DATA_DIR] [--entries N] [--pdfs N] [--draft-keys 50,400,1600] [--tree DIR]
// Goals (issue 49): index peak RSS < 1 GB; a search ≤ 300 ms; re-index after one .bib edit relinks only what changed.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { writeScaleLibrary } from './scale-library';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
}

const entries = Number(arg('entries', '50000'));
const pdfs = Number(arg('pdfs', '2000'));
const draftKeys = arg('draft-keys', '50,400,1600').split(',').filter(Boolean).map(Number);
const tree = path.resolve(arg('tree', path.join(__dirname, '..')));
const cli = path.join(tree, 'dist', 'cli.js');

interface Run {
  seconds: number;
  maxRssMb: number;
  stdout: string;
  status: number | null;
}

/** Runs the CLI under GNU time; wall seconds and peak RSS. */
function run(args: string[]): Run {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %M', process.execPath, cli, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const last = r.stderr.trim().split('\n').pop() ?? '';
  const [seconds, kb] = last.split(' ').map(Number);
  if (r.status !== 0) console.log(`  (exit ${r.status}: ${r.stderr.trim().split('\n').slice(-3, -1).join(' | ')})`);
  return { seconds, maxRssMb: kb / 1024, stdout: r.stdout, status: r.status };
}

function main(): void {
  if (!fs.existsSync(cli)) {
    console.log(`scale.bench: ${cli} not found (build first), skipped`);
    return;
  }
  if (!fs.existsSync('/usr/bin/time')) {
    console.log('scale.bench: /usr/bin/time (GNU time) not found, skipped');
    return;
  }
  const started = performance.now();
  const lib = writeScaleLibrary(path.join(os.tmpdir(), `citescribe-scale-${entries}-${pdfs}`), entries, pdfs);
  console.log(`library: ${entries} entries, ${pdfs} PDFs (${((performance.now() - started) / 1000).toFixed(1)} s to write or reuse) — CLI ${cli}`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-scale-db-'));
  const db = path.join(work, 'library.db');
  try {
    const index = run(['index', '--db', db, '--bib', lib.bibDir, '--pdf', lib.pdfDir, '--json']);
    const stats = index.status === 0 ? (JSON.parse(index.stdout) as { entries: number; pdfsWithText: number; linked: number }) : undefined;
    console.log(`  index (fresh):          ${index.seconds.toFixed(1)} s, peak ${index.maxRssMb.toFixed(0)} MB (goal < 1024 MB) — ${stats?.entries} entries, ${stats?.pdfsWithText} PDFs with text, ${stats?.linked} linked`);

    const again = run(['index', '--db', db, '--bib', lib.bibDir, '--pdf', lib.pdfDir, '--json']);
    console.log(`  re-index, unchanged:    ${again.seconds.toFixed(2)} s, peak ${again.maxRssMb.toFixed(0)} MB`);

    // One edit: an entry's title in one file changes (a user fixing a typo).
    const edited = path.join(lib.bibDir, 'lib000.bib');
    const original = fs.readFileSync(edited, 'utf8');
    fs.writeFileSync(edited, original.replace('title = {', 'title = {Revised: '));
    const oneEdit = run(['index', '--db', db, '--bib', lib.bibDir, '--pdf', lib.pdfDir, '--json']);
    fs.writeFileSync(edited, original);
    console.log(`  re-index after 1 edit:  ${oneEdit.seconds.toFixed(2)} s, peak ${oneEdit.maxRssMb.toFixed(0)} MB`);
    run(['index', '--db', db, '--bib', lib.bibDir, '--pdf', lib.pdfDir, '--json']);

    // A frequent word, a rare pair, a word no entry has, and an author's name.
    const searches = ['mika', 'kipivo sonemi', 'zzzzunmatched', 'knuth'].map((q) => ({ q, r: run(['search', q, '--db', db, '--json', '--limit', '20']) }));
    for (const { q, r } of searches) console.log(`  search '${q}':${' '.repeat(Math.max(1, 24 - q.length))}${(r.seconds * 1000).toFixed(0)} ms (process wall, goal ≤ 300 ms), ${r.status === 0 ? JSON.parse(r.stdout).length : '-'} hits`);

    for (const n of draftKeys) {
      const keys = lib.keys.slice(0, n).join(',');
      const draft = run(['draft', '--db', db, '--keys', keys, '--json']);
      console.log(`  draft ${String(n).padStart(5)} keys:       ${draft.seconds.toFixed(1)} s, peak ${draft.maxRssMb.toFixed(0)} MB`);
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main();
