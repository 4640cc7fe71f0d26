// Enrichment when things go wrong around it (issue 63, items 2 and 6): a service whose answer never ends, services
// that do not answer at all (the run's deadline), and an index run in another process holding the library
// database's write lock while abstracts are saved.
import { strict as assert } from 'node:assert';
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { enrichLibrary, type EnrichOptions } from '../../../src/core/enrich/enrich';
import type { FetchLike } from '../../../src/core/enrich/http';
import { indexLibrary } from '../../../src/core/library/indexer';
import { openLibraryStore, type LibraryStore } from '../../../src/core/library/store';
import { startScholarlyServer, type FakeWork, type ScholarlyServer } from '../../support/scholarly-server';

// Our own made-up works, each with a DOI.
const WORKS: FakeWork[] = Array.from({ length: 6 }, (_, i) => ({
  title: `Counting Lichen Rings on Coastal Rock Number ${i + 1}`,
  abstract: `We count the growth rings of lichen on coastal rock site ${i + 1} and date the rock falls from them.`,
  year: 2010 + i,
  authors: [`Ilse Marsh${i}`],
  doi: `10.5555/lichen.${i + 1}`,
}));
const BIB = WORKS.map((w, i) => `@article{marsh${i + 1}, author = {Marsh${i}, Ilse}, title = {${w.title}}, year = {${w.year}}, doi = {${w.doi}}}`).join('\n');

/**
 * Another process (as `citescribe index` would be) that takes the database's write lock and holds it for `holdMs`:
 * resolves once the lock is held.
 */
async function holdWriteLock(dbPath: string, holdMs: number): Promise<ChildProcess> {
  const driver = path.resolve(__dirname, '../../../node_modules/better-sqlite3');
  const script = `
    const db = new (require(${JSON.stringify(driver)}))(process.argv[1]);
    db.pragma('busy_timeout = 5000');
    db.prepare('BEGIN IMMEDIATE').run();
    db.prepare("INSERT INTO meta(name, value) VALUES ('held-by-test', '1') ON CONFLICT(name) DO UPDATE SET value = value || '1'").run();
    process.stdout.write('locked\\n');
    setTimeout(() => { db.prepare('COMMIT').run(); db.close(); }, Number(process.argv[2]));`;
  const child = spawn(process.execPath, ['-e', script, dbPath, String(holdMs)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('locked') && resolve());
    child.on('exit', (code) => reject(new Error(`the lock holder exited (${code}) before taking the lock`)));
  });
  return child;
}

describe('enrichment within limits, and beside an index run', function () {
  let root: string;
  let dbPath: string;
  let store: LibraryStore;
  let server: ScholarlyServer;
  const fetch = globalThis.fetch as unknown as FetchLike;

  function options(extra: Partial<EnrichOptions> = {}): EnrichOptions {
    return { store, fetch, endpoints: server.endpoints, rateLimit: false, today: '2026-11-29', sleep: async () => undefined, ...extra };
  }

  beforeEach(async function () {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-enrich-limits-'));
    fs.writeFileSync(path.join(root, 'refs.bib'), BIB);
    dbPath = path.join(root, 'library.db');
    store = openLibraryStore(dbPath, 'index');
    await indexLibrary({ store, bibPaths: [path.join(root, 'refs.bib')], pdfPaths: [] });
    server = await startScholarlyServer(WORKS.map((w) => ({ ...w })));
  });

  afterEach(async function () {
    store.close();
    await server.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('stops an answer without end at the cap of a metadata record, says so, and asks the next service', async function () {
    const endless = { kind: 'endless' as const, sent: 0 };
    server.faults.set('/openalex/', endless);
    const report = await enrichLibrary(options({ sources: ['openalex', 'crossref'], keys: ['marsh1'] }));
    assert.match(report.problems.join('\n'), /^marsh1: OpenAlex: the answer for .* passed the 8 MiB cap for a metadata record; stopped reading$/m);
    assert.deepEqual(report.found.map((f) => `${f.key}:${f.source}`), ['marsh1:crossref']);
    await new Promise((r) => setTimeout(r, 100));
    assert.ok(endless.sent < 64 * 1024 * 1024, `the service got ${endless.sent} bytes out before the client hung up`);
  });

  it('ends the run at its deadline when services do not answer, listing what was not looked up', async function () {
    server.faults.set('/openalex/', { kind: 'hang' });
    const report = await enrichLibrary(options({ sources: ['openalex'], keys: ['marsh1', 'marsh2', 'marsh3'], timeoutMs: 10_000, deadlineMs: 500 }));
    assert.equal(report.stoppedBecause, 'the 0.5-second deadline of the run passed');
    assert.deepEqual(report.notLookedUp, ['marsh1', 'marsh2', 'marsh3']);
    assert.match(report.problems.join('\n'), /deadline of the run passed \(--deadline\): 3 entries not looked up; run enrich again to carry on/);
    assert.equal(report.cancelled, false);
  });

  it('saves a found abstract while another process holds the write lock: it waits for the lock instead of failing', async function () {
    const holder = await holdWriteLock(dbPath, 1000);
    try {
      const saved = store.saveFoundAbstract({ key: 'marsh1', abstract: WORKS[0].abstract!, source: 'openalex', retrieved: '2026-11-29', matchedBy: 'doi' });
      assert.equal(saved, true);
      assert.equal(store.foundAbstract('marsh1')?.abstract, WORKS[0].abstract);
    } finally {
      holder.kill();
    }
  });

  it('enriches every entry while an index run holds the lock for a while, and reports them all', async function () {
    const holder = await holdWriteLock(dbPath, 1000);
    try {
      const report = await enrichLibrary(options({ sources: ['openalex'] }));
      assert.deepEqual(report.problems, []);
      assert.equal(report.found.length, 6);
      for (let i = 1; i <= 6; i++) assert.ok(store.foundAbstract(`marsh${i}`), `marsh${i} saved`);
    } finally {
      holder.kill();
    }
  });

  it('reports what was saved when the database refuses a write, instead of ending without a report', async function () {
    let saves = 0;
    const refusing = new Proxy(store, {
      get(target, name, receiver) {
        if (name !== 'saveFoundAbstract') return Reflect.get(target, name, receiver);
        return (...args: Parameters<LibraryStore['saveFoundAbstract']>) => {
          if (++saves === 3) throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
          return target.saveFoundAbstract(...args);
        };
      },
    });
    const report = await enrichLibrary(options({ store: refusing, sources: ['openalex'] }));
    assert.deepEqual(report.found.map((f) => f.key), ['marsh1', 'marsh2']);
    assert.match(report.problems.join('\n'), /^marsh3: the library database refused the write \(database is locked\); stopped there/m);
    assert.equal(report.stoppedBecause, 'the library database refused a write');
    assert.deepEqual(report.notLookedUp, ['marsh3', 'marsh4', 'marsh5', 'marsh6']);
    assert.ok(store.foundAbstract('marsh2') && !store.foundAbstract('marsh3'));
  });
});
