// Item 4: a stale index lock. `<db>.index-lock` left empty by a full disk or a power cut, or naming a process that
// is alive but no CiteScribe index run (process 1), made every `index` wait its 600 s and fail with "another index
// run (process 0, since unknown)", without the lock's path. Each run here must take the lock over, index, and name
// the lock file it took over.
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { HostileCase } from '../case';

const BIB = '@article{knuth84, author = {Knuth, Donald}, title = {Literate Programming}, year = 1984}\n';

function staleLockCase(name: string, lockContent: string): HostileCase {
  return {
    item: 4,
    name,
    limitSeconds: 30,
    prepare(dir) {
      writeFileSync(path.join(dir, 'refs.bib'), BIB);
      writeFileSync(path.join(dir, 'library.db.index-lock'), lockContent);
      return { args: ['index', '--db', 'library.db', '--bib', 'refs.bib', '--json'] };
    },
    check(o) {
      if (o.code !== 0) return `exit ${o.code}: ${o.stderr.trim().split('\n').pop()}`;
      if (JSON.parse(o.stdout).entries !== 1) return `indexed ${o.stdout.trim()}, not the one entry`;
      if (!o.stderr.includes('library.db.index-lock')) return 'took the lock over without naming the lock file';
      return null;
    },
  };
}

export default [
  staleLockCase('empty-index-lock', ''),
  staleLockCase('index-lock-of-process-1', JSON.stringify({ pid: 1, since: '2026-01-01T00:00:00.000Z' })),
];
