// Issue 63 item 6: enrichment while an index run writes. An index run commits one file at a time, holding the
// database's write lock for each; here another process does the same, deterministically: it holds the lock for
// 200 ms, lets go for 20 ms, and again, for the whole run. Before the fix, saving a found abstract read and then
// wrote in a deferred transaction, which SQLite cannot make wait: "database is locked", no report, a few abstracts
// saved. And services that never answer cost 45 s an entry with no overall deadline.
import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import type { HostileCase } from '../case';
import { startScholarlyServer, type ScholarlyServer } from '../../../test/support/scholarly-server';
import { indexedLibrary } from '../support/net';

const ENTRIES = 40;

const bib = Array.from(
  { length: ENTRIES },
  (_, i) => `@article{fern${i + 1}, author = {Osei, Kwame}, title = {Spore Counts of Fern Colony ${i + 1}}, year = {2019}, doi = {10.5555/fern.${i + 1}}}`,
).join('\n');

let server: ScholarlyServer | undefined;
let holder: ChildProcess | undefined;

/** Another process that takes the write lock for `holdMs`, lets go for `gapMs`, and again, until killed. */
function holdLockOnAndOff(db: string, holdMs: number, gapMs: number): ChildProcess {
  const driver = path.resolve(__dirname, '../../../node_modules/better-sqlite3');
  const script = `
    const db = new (require(${JSON.stringify(driver)}))(process.argv[1]);
    db.pragma('busy_timeout = 5000');
    const cycle = () => {
      db.prepare('BEGIN IMMEDIATE').run();
      db.prepare("INSERT INTO meta(name, value) VALUES ('hostile-writer', '1') ON CONFLICT(name) DO UPDATE SET value = value || '1'").run();
      setTimeout(() => { db.prepare('COMMIT').run(); setTimeout(cycle, ${gapMs}); }, ${holdMs});
    };
    cycle();`;
  return spawn(process.execPath, ['-e', script, db], { stdio: 'ignore' });
}

const beside: HostileCase = {
  item: 6,
  name: 'enrich-beside-index-writes',
  async prepare(dir, cli) {
    const db = indexedLibrary(cli, dir, bib);
    server = await startScholarlyServer(
      Array.from({ length: ENTRIES }, (_, i) => ({
        title: `Spore counts of fern colony ${i + 1}`,
        abstract: `We count the spores of fern colony ${i + 1} every spring and find the counts follow the rainfall of the winter before.`,
        year: 2019,
        authors: ['Kwame Osei'],
        doi: `10.5555/fern.${i + 1}`,
      })),
    );
    holder = holdLockOnAndOff(db, 200, 20);
    return {
      args: ['enrich', '--db', db, '--source', 'openalex', '--endpoint', `openalex=${server.endpoints.openalex}`, '--no-rate-limit'],
      cleanup: async () => {
        holder?.kill();
        await server?.close();
      },
    };
  },
  check: (o) => {
    if (o.code !== 0) return `exit ${o.code}: ${o.stderr.trim().split('\n').pop()}`;
    return new RegExp(`^${ENTRIES} of ${ENTRIES} entries without an abstract now have one`, 'm').test(o.stdout) ? null : `not all saved: ${o.stdout.split('\n')[0]}`;
  },
};

const deadline: HostileCase = {
  item: 6,
  name: 'enrich-deadline-unresponsive',
  async prepare(dir, cli) {
    const db = indexedLibrary(cli, dir, bib.split('\n').slice(0, 3).join('\n'));
    server = await startScholarlyServer([]);
    server.faults.set('/openalex/', { kind: 'hang' });
    return {
      args: ['enrich', '--db', db, '--source', 'openalex', '--endpoint', `openalex=${server.endpoints.openalex}`, '--no-rate-limit', '--deadline', '4'],
      cleanup: () => server?.close(),
    };
  },
  check: (o) => {
    if (o.code === null) return 'did not finish';
    if (o.seconds > 20) return `took ${o.seconds.toFixed(0)} s with a 4 s deadline`;
    return /not looked up \(the 4-second deadline of the run passed\): fern1, fern2, fern3/.test(o.stdout) ? null : `exit ${o.code} and no list of what was not looked up`;
  },
};

export default [beside, deadline];
