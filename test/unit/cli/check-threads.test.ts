import { strict as assert } from 'assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { checkDocumentInThreads, checkPairsInThreads, lastCheckThreads, workerEntry } from '../../../src/cli/check-threads';
import { indexLibrary } from '../../../src/core/library/indexer';
import { openLibraryStore, type LibraryStore } from '../../../src/core/library/store';
import { checkPairs } from '../../../src/core/suggest/check';
import { checkDocument } from '../../../src/core/suggest/document-check';

// A made-up library: three works with abstracts and one known by its title alone.
const BIB = `
@article{okafor2020tides, title = {Learning Tide Tables from Harbour Sensor Logs}, author = {Okafor, Ada}, year = 2020,
  abstract = {Harbour masters need tide tables for every berth. We predict tides from cheap pressure sensors bolted to the quay.}}
@article{berg2021ferries, title = {Scheduling Island Ferries with Integer Programs}, author = {Berg, Lin}, year = 2021,
  abstract = {Island ferries must meet trains and school hours. FerryOpt casts the timetable as an integer program over crossings.}}
@article{sato2019gulls, title = {Counting Gulls on Breakwaters from Drone Images}, author = {Sato, Ken}, year = 2019,
  abstract = {Gull colonies nest on breakwaters that people cannot reach. We count the birds in drone images.}}
@misc{vogel2018buoys, title = {Buoy Maintenance Schedules for Small Harbours}, author = {Vogel, Ute}, year = 2018}
`;

const SENTENCES = [
  'We predict tides from pressure sensors on the quay',
  'Ferry timetables are solved as integer programs',
  'Gulls are counted on breakwaters in drone images',
  'Buoys in small harbours need maintenance schedules',
  'Harbour masters need a tide table for each berth',
  'Island ferries wait for trains and school hours',
  'A detector counts birds that nest where people cannot reach',
];
const KEYS = ['okafor2020tides', 'berg2021ferries', 'sato2019gulls', 'vogel2018buoys', 'nobody2000'];

describe('check on several threads', () => {
  let dir: string;
  let dbPath: string;
  let store: LibraryStore;
  const threadsBefore = process.env.CITESCRIBE_CHECK_THREADS;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-check-threads-'));
    fs.writeFileSync(path.join(dir, 'lib.bib'), BIB);
    dbPath = path.join(dir, 'lib.db');
    store = openLibraryStore(dbPath, 'owned');
    await indexLibrary({ store, bibPaths: [path.join(dir, 'lib.bib')], pdfPaths: [] });
    // Three threads for these few sentences (a real check waits for 40): the calling one and two workers.
    process.env.CITESCRIBE_CHECK_THREADS = '3';
  });

  after(() => {
    if (threadsBefore === undefined) delete process.env.CITESCRIBE_CHECK_THREADS;
    else process.env.CITESCRIBE_CHECK_THREADS = threadsBefore;
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('gives a document the same checks in the same order as one thread', async () => {
    // Sentences repeat and cite one or two keys, so shares interleave and a sentence's keys stay together.
    const tex = Array.from({ length: 12 }, (_, i) => `${SENTENCES[i % SENTENCES.length]} \\cite{${KEYS[i % KEYS.length]}${i % 3 ? `, ${KEYS[(i + 2) % KEYS.length]}` : ''}}.`).join('\n');
    const threaded = await checkDocumentInThreads(store, dbPath, tex, 'latex');
    assert.equal(JSON.stringify(threaded), JSON.stringify(checkDocument(store, tex, 'latex')));
    assert.equal(threaded.length, 20);
    // The same checks from one thread would pass the lines above too: the two workers must have answered.
    assert.equal(lastCheckThreads(), 3);
  });

  it('gives pairs the same results in the order of the pairs file', async () => {
    const pairs = Array.from({ length: 30 }, (_, i) => ({ sentence: SENTENCES[(i * 3) % SENTENCES.length], key: KEYS[i % KEYS.length] }));
    const threaded = await checkPairsInThreads(store, dbPath, pairs);
    assert.equal(JSON.stringify(threaded), JSON.stringify([...checkPairs(store, pairs)]));
    assert.equal(lastCheckThreads(), 3);
  });

  it('says on stderr why it checks on one thread when no worker can start, and checks all the same', async () => {
    // A bundle copied without dist/check-worker.js beside it: the check used to run on one thread and say nothing.
    const bundle = path.join(dir, 'cli.js');
    assert.deepEqual(workerEntry(bundle), { unavailable: `${path.join(dir, 'check-worker.js')} is missing` });
    const tex = SENTENCES.map((s) => `${s} \\cite{okafor2020tides}.`).join('\n');
    const written: string[] = [];
    const write = process.stderr.write;
    process.stderr.write = ((chunk: string) => written.push(String(chunk)) > 0) as typeof process.stderr.write;
    let checks;
    try {
      checks = await checkDocumentInThreads(store, dbPath, tex, 'latex', bundle);
    } finally {
      process.stderr.write = write;
    }
    assert.equal(JSON.stringify(checks), JSON.stringify(checkDocument(store, tex, 'latex')));
    assert.equal(lastCheckThreads(), 1);
    assert.deepEqual(written, [`check: worker threads unavailable (${path.join(dir, 'check-worker.js')} is missing); checking on one thread\n`]);
  });

  it('fails with the error of a worker that cannot read the library, rather than printing part of the checks', async () => {
    const tex = SENTENCES.map((s) => `${s} \\cite{okafor2020tides}.`).join('\n');
    await assert.rejects(checkDocumentInThreads(store, path.join(dir, 'missing.db'), tex, 'latex'), /missing\.db|no such|database|unable/i);
  });
});
