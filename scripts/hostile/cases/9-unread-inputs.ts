// Issue 63 item 9: paths named on the command line that are not read. Before the fix `--bib /proc/self/environ`
// and `--pdf` naming a FIFO or /dev/zero ended "0 files", exit 0, no warning; `--queries /dev/zero` read 3 GB in
// 7 s. A correct run names each path it did not read and why on stderr, exits non-zero when nothing could be read,
// and never reads a device.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { HostileCase, HostileOutcome } from '../case';

const BIB = '@article{ada2020, author = {Lovelace, Ada}, title = {Analytical Engines for Sparse Gadgets}, year = 2020}\n';

/** null when the run failed (non-zero exit) and its stderr names `file` with `reason`. */
function refused(file: RegExp, reason: RegExp): (o: HostileOutcome) => string | null {
  return (o) => {
    if (o.code === 0) return `exit 0: ${o.stdout.trim().split('\n')[0] ?? ''}`;
    const named = o.stderr.split('\n').find((l) => file.test(l));
    if (!named) return `stderr does not name the path: ${o.stderr.trim().split('\n').pop() ?? ''}`;
    if (!reason.test(named)) return `stderr says: ${named}`;
    return null;
  };
}

const cases: HostileCase[] = [
  {
    item: 9,
    name: 'bib-proc-self-environ',
    limitSeconds: 20,
    prepare: (dir) => ({ args: ['index', '--db', path.join(dir, 'library.db'), '--bib', '/proc/self/environ'] }),
    check: refused(/\/proc\/self\/environ/, /system pseudo-file/),
  },
  {
    item: 9,
    name: 'pdf-fifo',
    limitSeconds: 20,
    prepare(dir) {
      const fifo = path.join(dir, 'paper.pdf');
      execFileSync('mkfifo', [fifo]);
      return { args: ['index', '--db', path.join(dir, 'library.db'), '--pdf', fifo] };
    },
    check: refused(/paper\.pdf/, /FIFO/),
  },
  {
    item: 9,
    name: 'pdf-dev-zero',
    limitSeconds: 20,
    prepare: (dir) => ({ args: ['index', '--db', path.join(dir, 'library.db'), '--pdf', '/dev/zero'] }),
    check: refused(/\/dev\/zero/, /a device, not a file/),
  },
  {
    item: 9,
    name: 'queries-dev-zero',
    limitSeconds: 20,
    prepare(dir, cli) {
      const bib = path.join(dir, 'refs.bib');
      writeFileSync(bib, BIB);
      const db = path.join(dir, 'library.db');
      execFileSync(process.execPath, [cli, 'index', '--db', db, '--bib', bib, '--quiet'], { stdio: 'ignore' });
      return { args: ['suggest', '--db', db, '--queries', '/dev/zero', '--json'] };
    },
    check: refused(/\/dev\/zero/, /a device, not a file/),
  },
];

export default cases;
