import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Database from 'better-sqlite3';
import { DefaultEngine } from '../../../src/core/engines/default-engine';
import { indexLibrary } from '../../../src/core/library/indexer';
import { openLibraryStore, type LibraryStore } from '../../../src/core/library/store';
import { importFromZotero } from '../../../src/core/zotero/import';
import { readZoteroLibrary, ZoteroReadError } from '../../../src/core/zotero/reader';
import { tinyPdf } from '../../support/scholarly-server';
import { buildZoteroDataDir, holdUncommittedAbstract, type FixtureItem } from '../../support/zotero-fixture';

const BIB = `
@article{hollis2016, author = {Hollis, Ada}, title = {Lichen Growth Rates on Granite Headstones}, year = {2016}}
@article{ibarra2019, author = {Ibarra, Tomás}, title = {Wind Noise in Field Recordings of Birdsong}, year = {2019}, doi = {10.5555/birdsong.44}}
@inproceedings{sato2020, author = {Sato, Ren}, title = {Tokenising Knitting Patterns: A Study}, year = {2020}}
@article{ruiz2010, author = {Ruiz, Marta}, title = {Salt Crystallisation in Old Brick Walls}, year = {2010}}
@article{quinn2021, author = {Quinn, Rory}, title = {Queue Lengths at Rural Post Offices}, year = {2021},
  abstract = {The abstract the author wrote into the .bib, which stays first whatever Zotero holds.}}
@article{walsh2018, author = {Walsh, Niamh}, title = {An Atlas of Ferry Timetables}, year = {2018}}
@article{gone2017, author = {Moss, Ivy}, title = {Deleted Items Are Not Matched}, year = {2017}}
`;

const LICHEN = 'Lichens on granite headstones grow two millimetres a year, and we date forty graveyards from their diameters.';
const WIND = 'Wind noise masks birdsong in field recordings, and a cheap foam cover removes most of it below one kilohertz.';
const KNIT = 'Knitting patterns are a small language, and a tokeniser built for it parses ninety percent of published patterns.';

function items(): FixtureItem[] {
  return [
    // Better BibTeX key, no DOI, a title Zotero spells differently.
    { key: 'AAAA2222', title: 'Lichen growth rates on granite headstones (revised)', abstract: LICHEN, date: '2016', creators: [['Ada', 'Hollis']], betterBibtexKey: 'hollis2016' },
    // DOI, with a stored PDF.
    {
      key: 'BBBB3333',
      title: 'Wind noise in field recordings of birdsong',
      abstract: WIND,
      doi: '10.5555/BIRDSONG.44',
      date: 'March 2019',
      creators: [['Tomás', 'Ibarra']],
      pdf: { key: 'PDFK4444', fileName: 'Ibarra - 2019 - Wind noise.pdf', bytes: tinyPdf('Wind noise in field recordings of birdsong') },
    },
    // Title only (punctuation and case differ), year agrees.
    { key: 'CCCC4444', type: 'conferencePaper', title: 'Tokenising knitting patterns - a study', abstract: KNIT, date: '2020', creators: [['Ren', 'Sato']] },
    // Same title, years far apart: another work.
    { key: 'DDDD5555', title: 'Salt crystallisation in old brick walls', abstract: 'A different study from another decade, on the same subject.', date: '1987' },
    { key: 'EEEE6666', title: 'Queue lengths at rural post offices', abstract: 'Zotero\'s abstract for a work whose .bib has its own.', date: '2021' },
    // Zotero 7's "Citation Key:" line in Extra.
    { key: 'FFFF7777', title: 'Ferry timetables of the northern isles', abstract: 'Ferry timetables of forty islands, drawn as one atlas of crossings.', date: '2018', extra: 'Citation Key: walsh2018\nOriginal Date: 2017' },
    { key: 'GGGG8888', title: 'Deleted items are not matched', abstract: 'This item is in the trash.', date: '2017', deleted: true },
  ];
}

describe('Zotero data directory', function () {
  let root: string;
  let zoteroDir: string;
  let store: LibraryStore;
  const bib = () => path.join(root, 'refs.bib');

  beforeEach(async function () {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-zotero-test-'));
    fs.writeFileSync(bib(), BIB);
    zoteroDir = buildZoteroDataDir(path.join(root, 'Zotero'), items());
    store = openLibraryStore(path.join(root, 'library.db'), 'index');
    await indexLibrary({ store, bibPaths: [bib()], pdfPaths: [] });
  });

  afterEach(function () {
    store.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('reads items, creators, dates, Extra and stored PDFs from a database on Zotero\'s schema; the trash is left out', function () {
    const library = readZoteroLibrary(zoteroDir);
    assert.equal(library.citationKeysFrom, 'better-bibtex');
    const wind = library.items.find((i) => i.key === 'BBBB3333')!;
    assert.deepEqual({ year: wind.year, creators: wind.creators, doi: wind.doi }, { year: 2019, creators: ['Ibarra'], doi: '10.5555/BIRDSONG.44' });
    assert.deepEqual(wind.pdfs, [path.join(zoteroDir, 'storage', 'PDFK4444', 'Ibarra - 2019 - Wind noise.pdf')]);
    assert.equal(library.items.find((i) => i.key === 'FFFF7777')!.citationKey, 'walsh2018');
    assert.equal(library.items.find((i) => i.key === 'AAAA2222')!.citationKey, 'hollis2016');
    assert.ok(!library.items.some((i) => i.key === 'GGGG8888'));
    assert.ok(!library.items.some((i) => i.key === 'PDFK4444'), 'attachments are not works');
  });

  it('matches entries by citation key, DOI and title, keeps a .bib abstract first, and records how each match was made', async function () {
    const report = importFromZotero(store, zoteroDir, '2026-11-27');
    assert.deepEqual(report.matched, { 'citation-key': 2, doi: 1, title: 2 });
    assert.equal(report.abstracts, 4);
    assert.equal(report.pdfs, 1);
    const found = (key: string) => store.foundAbstract(key);
    assert.deepEqual([found('hollis2016')?.matchedBy, found('ibarra2019')?.matchedBy, found('sato2020')?.matchedBy, found('walsh2018')?.matchedBy], ['citation-key', 'doi', 'title', 'citation-key']);
    assert.equal(found('ruiz2010'), undefined, 'a same-titled work of 1987 is not the 2010 entry');
    assert.equal(found('gone2017'), undefined);
    const paper = store.getPaper('hollis2016')!;
    assert.equal(paper.abstract, LICHEN);
    assert.deepEqual(paper.abstractSource, { source: 'zotero', retrieved: '2026-11-27', matchedBy: 'citation-key', url: 'zotero://select/library/items/AAAA2222' });
    assert.match(store.getPaper('quinn2021')!.abstract!, /^The abstract the author wrote/);
    assert.equal(store.getPaper('quinn2021')!.abstractSource, undefined);
  });

  it('links Zotero\'s stored PDF to its entry on the next index run, and the engines write from the abstract', async function () {
    importFromZotero(store, zoteroDir);
    await indexLibrary({ store, bibPaths: [bib()], pdfPaths: [] });
    const paper = store.getPaper('ibarra2019')!;
    assert.equal(paper.pdfPath, path.join(zoteroDir, 'storage', 'PDFK4444', 'Ibarra - 2019 - Wind noise.pdf'));
    const cite = await new DefaultEngine().citationSentence({ key: 'sato2020', style: 'citation', format: 'plain' }, store);
    assert.match(cite.text, /token|pattern/i);
    assert.doesNotMatch(cite.text, /presented “Tokenising Knitting Patterns/);
    const draft = await new DefaultEngine().draft({ keys: ['hollis2016', 'ibarra2019', 'sato2020'], format: 'latex' }, store);
    assert.match(draft.text, /lichen|headstone|two millimetres/i);
    assert.match(draft.text, /foam|wind noise/i);
  });

  it('reads the library while Zotero holds its database locked, and never writes Zotero\'s files', function () {
    const file = path.join(zoteroDir, 'zotero.sqlite');
    const before = fs.readFileSync(file);
    // What a running Zotero does: an exclusive lock held on the database.
    const zotero = new Database(file);
    zotero.pragma('locking_mode = EXCLUSIVE');
    zotero.exec('BEGIN EXCLUSIVE');
    try {
      assert.throws(() => new Database(file, { readonly: true, timeout: 0 }).prepare('SELECT count(*) FROM items').get(), /locked/);
      const report = importFromZotero(store, zoteroDir);
      assert.equal(report.matched.doi, 1);
    } finally {
      zotero.exec('ROLLBACK');
      zotero.close();
    }
    assert.deepEqual(fs.readFileSync(file), before);
    assert.ok(!fs.existsSync(`${file}-journal`) && !fs.existsSync(`${file}-wal`), 'nothing created beside it');
  });

  it('reads what Zotero committed, not the pages of a write transaction another process has not committed', function () {
    // SQLite had spilled the transaction's pages into zotero.sqlite, the old ones into zotero.sqlite-journal; the copy
    // was made without the journal, and `cite` went on quoting an abstract that was then rolled back.
    const file = path.join(zoteroDir, 'zotero.sqlite');
    const uncommitted = 'An abstract another program wrote, then rolled back: never part of the library.';
    const writer = holdUncommittedAbstract(zoteroDir, 'Lichen growth rates on granite headstones (revised)', uncommitted);
    const before = [fs.readFileSync(file), fs.readFileSync(`${file}-journal`)];
    try {
      const item = readZoteroLibrary(zoteroDir).items.find((i) => i.key === 'AAAA2222')!;
      assert.equal(item.abstract, LICHEN);
      importFromZotero(store, zoteroDir);
      assert.equal(store.getPaper('hollis2016')!.abstract, LICHEN);
      // The writer's files are as it left them: the journal was copied, never rolled back in place.
      assert.deepEqual([fs.readFileSync(file), fs.readFileSync(`${file}-journal`)], before);
    } finally {
      writer.rollback();
    }
  });

  describe('a zotero.sqlite that is no file', function () {
    let tmp: string;
    beforeEach(() => {
      tmp = path.join(root, 'tmp');
      fs.mkdirSync(tmp);
    });
    const ourTempDirs = () => fs.readdirSync(tmp).filter((f) => f.startsWith('citescribe-zotero-'));
    /** Runs `read` with os.tmpdir() at our folder, where other tests' temporary folders cannot come and go. */
    const inOurTmp = <T>(read: () => T): T => {
      const saved = process.env.TMPDIR;
      process.env.TMPDIR = tmp;
      try {
        return read();
      } finally {
        if (saved === undefined) delete process.env.TMPDIR;
        else process.env.TMPDIR = saved;
      }
    };

    it('refuses a FIFO at once, without reading it, and leaves no temporary folder', function () {
      if (process.platform === 'win32') this.skip();
      const dataDir = path.join(root, 'FifoZotero');
      fs.mkdirSync(dataDir);
      assert.equal(spawnSync('mkfifo', [path.join(dataDir, 'zotero.sqlite')]).status, 0);
      // In a child process: reading a FIFO blocks the thread for ever, past any mocha timeout.
      const reader = path.resolve(__dirname, '../../../src/core/zotero/reader.ts');
      const script = `try { require(${JSON.stringify(reader)}).readZoteroLibrary(${JSON.stringify(dataDir)}) } catch (e) { console.log(e.name + ': ' + e.message) }`;
      const run = spawnSync(process.execPath, ['--require', require.resolve('tsx/cjs'), '-e', script], { encoding: 'utf8', timeout: 15_000, env: { ...process.env, TMPDIR: tmp } });
      assert.equal(run.signal, null, 'the read hung on the FIFO');
      assert.match(run.stdout, /^ZoteroReadError: .*FifoZotero\/zotero\.sqlite is a FIFO \(named pipe\), not a database file/);
      assert.deepEqual(ourTempDirs(), []);
    });

    it('refuses a directory with a sentence, not a raw EISDIR', function () {
      const dataDir = path.join(root, 'DirZotero');
      fs.mkdirSync(path.join(dataDir, 'zotero.sqlite'), { recursive: true });
      inOurTmp(() =>
        assert.throws(() => readZoteroLibrary(dataDir), (err: Error) => err instanceof ZoteroReadError && /zotero\.sqlite is a directory, not a database file/.test(err.message)),
      );
      assert.deepEqual(ourTempDirs(), []);
    });

    it('removes the temporary folder a killed read left behind, and only one whose process is gone', function () {
      const dead = Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
      const hourAgo = new Date(Date.now() - 2 * 3_600_000);
      for (const name of [`citescribe-zotero-${dead}-aaaaaa`, 'citescribe-zotero-1-bbbbbb']) {
        fs.mkdirSync(path.join(tmp, name, 'inside'), { recursive: true });
        fs.utimesSync(path.join(tmp, name), hourAgo, hourAgo);
      }
      assert.equal(inOurTmp(() => readZoteroLibrary(zoteroDir)).items.length, 6);
      assert.deepEqual(ourTempDirs(), ['citescribe-zotero-1-bbbbbb']);
    });
  });

  it('says clearly when the folder is not a Zotero data directory', function () {
    assert.throws(() => readZoteroLibrary(root), (err: Error) => err instanceof ZoteroReadError && /is not a Zotero data directory: it has no zotero\.sqlite/.test(err.message));
    fs.writeFileSync(path.join(root, 'zotero.sqlite'), 'not a database at all, just text');
    assert.throws(() => readZoteroLibrary(root), (err: Error) => err instanceof ZoteroReadError && /could not be read as a Zotero database/.test(err.message));
  });
});
