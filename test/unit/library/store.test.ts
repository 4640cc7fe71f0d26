import { strict as assert } from 'assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseBibtex } from '../../../src/core/bibtex';
import { createHash } from 'node:crypto';
import { LibraryVersionError, NotALibraryError, openLibraryStore, toFtsQuery, type LibraryStore } from '../../../src/core/library/store';
import { SCHEMA_VERSION } from '../../../src/core/library/schema';
import type { PdfExtraction } from '../../../src/core/pdf/types';

const BIB = `
@article{knuth1984,
  author = {Donald E. Knuth},
  title = {Literate Programming},
  journal = {The Computer Journal},
  year = 1984,
  abstract = {The author and his associates have been experimenting with a new kind of documentation.},
  ids = {knuth84},
}
@inproceedings{goedel1931,
  author = {G{\\"o}del, Kurt and others},
  title = {{\\"U}ber formal unentscheidbare S{\\"a}tze},
  booktitle = {Monatshefte},
  year = 1931,
  doi = {10.1007/BF01700692},
}
@misc{broken, title = {oops} year = 1}
`;

function pdf(pathName: string, over: Partial<PdfExtraction> = {}): PdfExtraction {
  return {
    path: pathName,
    contentHash: 'hash-' + pathName,
    size: 1234,
    ok: true,
    pageCount: 2,
    pages: ['Literate Programming\nDonald E. Knuth', 'We introduce the WEB system for structured documentation.'],
    sections: [
      {
        heading: 'Abstract',
        kind: 'abstract',
        sentences: [
          { text: 'We introduce the WEB system.', section: 'abstract', index: 0, page: 1 },
          { text: 'It combines TeX and Pascal.', section: 'abstract', index: 1, page: 1 },
        ],
      },
      { heading: '1 Introduction', kind: 'introduction', sentences: [{ text: 'Programs are essays.', section: 'introduction', index: 0, page: 2 }] },
    ],
    meta: { title: 'Literate Programming' },
    ...over,
  };
}

describe('library store', () => {
  let dir: string;
  let store: LibraryStore;
  const bibPath = '/lib/refs.bib';
  const stamp = { contentHash: 'h1', mtimeMs: 1000, size: 10 };

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-store-'));
    store = openLibraryStore(path.join(dir, 'library.db'), 'index');
    store.writeBibFile(bibPath, stamp, parseBibtex(BIB, bibPath));
  });
  afterEach(() => {
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('creates a WAL database at the current schema version', () => {
    store.close();
    const Database = require('better-sqlite3');
    const db = new Database(path.join(dir, 'library.db'));
    assert.equal(db.pragma('user_version', { simple: true }), SCHEMA_VERSION);
    assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
    db.close();
    store = openLibraryStore(path.join(dir, 'library.db'), 'index');
  });

  it('stores entries with Unicode fields, and their parse errors with lines', () => {
    const stats = store.stats();
    assert.deepEqual(stats, { bibFiles: 1, entries: 2, pdfFiles: 0, pdfsWithText: 0, linked: 0, errors: 1 });
    const problems = store.errors();
    assert.equal(problems.length, 1);
    assert.equal(problems[0].file, bibPath);
    assert.equal(problems[0].line, 17);
    const paper = store.getPaper('goedel1931')!;
    assert.equal(paper.title, 'Über formal unentscheidbare Sätze');
    assert.deepEqual(paper.authors.map((a) => a.family), ['Gödel']);
    assert.equal(paper.authorsTruncated, true);
    assert.equal(paper.year, 1931);
    assert.equal(paper.venue, 'Monatshefte');
    assert.equal(paper.doi, '10.1007/BF01700692');
    assert.equal(paper.bibFile, bibPath);
    assert.equal(paper.bibLine, 10);
  });

  it('finds entries by key and by biblatex ids alias', () => {
    assert.equal(store.hasKey('knuth1984'), true);
    assert.equal(store.hasKey('knuth84'), true);
    assert.equal(store.getPaper('knuth84')!.key, 'knuth1984');
    assert.equal(store.hasKey('nope'), false);
    assert.equal(store.getPaper('nope'), undefined);
    assert.deepEqual(store.allKeys(), ['goedel1931', 'knuth1984']);
  });

  it('lists JabRef groups with their keys, so a whole group can be drafted', () => {
    store.writeBibFile('/lib/grouped.bib', stamp, parseBibtex('@misc{a1, title={A}, groups={Surveys, Translation}}\n@misc{b2, title={B}, groups={Translation}}\n@misc{c3, title={C}}', '/lib/grouped.bib'));
    assert.deepEqual(store.groups(), [
      { name: 'Surveys', keys: ['a1'] },
      { name: 'Translation', keys: ['a1', 'b2'] },
    ]);
  });

  it('searches by word prefix, accent-insensitively, over key, title, authors and abstract', () => {
    assert.deepEqual(store.search('litera prog').map((h) => h.key), ['knuth1984']);
    assert.deepEqual(store.search('godel').map((h) => h.key), ['goedel1931']);
    assert.deepEqual(store.search('Gödel satze').map((h) => h.key), ['goedel1931']);
    assert.deepEqual(store.search('documentation').map((h) => h.key), ['knuth1984']);
    assert.deepEqual(store.search('knuth1984').map((h) => h.key), ['knuth1984']);
    const hit = store.search('knuth')[0];
    assert.equal(hit.title, 'Literate Programming');
    assert.equal(hit.year, 1984);
    assert.equal(hit.venue, 'The Computer Journal');
    assert.ok(hit.score > 0);
    assert.deepEqual(store.search('"); DROP TABLE entries; --'), []);
    assert.deepEqual(store.search('   '), []);
  });

  it('replaces a re-indexed file in one go, leaving no stale rows or search hits', () => {
    store.writeBibFile(bibPath, { ...stamp, contentHash: 'h2' }, parseBibtex('@misc{fresh, title = {Fresh Start}}', bibPath));
    assert.deepEqual(store.allKeys(), ['fresh']);
    assert.deepEqual(store.search('literate'), []);
    assert.equal(store.hasKey('knuth84'), false);
    assert.equal(store.errors().length, 0);
    assert.equal(store.bibFileStamp(bibPath)!.contentHash, 'h2');
  });

  it('warns on a key that a second .bib file defines again, pointing at the definition that is used', () => {
    const other = '/lib/zz-extra.bib';
    store.writeBibFile(other, stamp, parseBibtex('\n\n@book{knuth1984, title = {The TeXbook}, author = {Knuth, Donald}}\n', other));
    assert.equal(store.getPaper('knuth1984')!.title, 'Literate Programming');
    const dup = store.errors().find((e) => e.file === other)!;
    assert.equal(dup.line, 3);
    assert.equal(dup.severity, 'warning');
    assert.equal(dup.message, "duplicate key 'knuth1984' (also defined in refs.bib on line 2, which is used; this entry is ignored)");
    assert.deepEqual(dup.related, { file: bibPath, line: 2, message: "the entry used for 'knuth1984'" });
    // One citable key, not two; the count of problems agrees with the list.
    assert.equal(store.stats().entries, 2);
    assert.equal(store.stats().errors, store.errors().length);
    // Once the first file drops the entry, the other definition is used and the warning goes.
    store.writeBibFile(bibPath, { ...stamp, contentHash: 'h3' }, parseBibtex('@misc{fresh, title = {Fresh Start}}', bibPath));
    assert.equal(store.getPaper('knuth1984')!.title, 'The TeXbook');
    assert.deepEqual(store.errors(), []);
  });

  it('removes a file with its entries', () => {
    store.removeBibFile(bibPath);
    assert.deepEqual(store.stats().entries, 0);
    assert.deepEqual(store.search('knuth'), []);
  });

  it('serves linked PDF sections with page-tagged sentences, and searches PDF text through the link', () => {
    store.writePdf(pdf('/lib/knuth.pdf'), 5);
    store.writePdf(pdf('/lib/scan.pdf', { ok: false, failure: 'no-text', message: 'no text on 3 pages', pages: [], sections: [], pageCount: 3 }), 5);
    assert.equal(store.linksStale(), true);
    store.replaceLinks([{ entryKey: 'knuth1984', pdfPath: '/lib/knuth.pdf', method: 'title', score: 0.93 }]);
    assert.equal(store.linksStale(), false);

    const paper = store.getPaper('knuth1984')!;
    assert.equal(paper.pdfPath, '/lib/knuth.pdf');
    assert.deepEqual(paper.sections!.map((s) => [s.kind, s.sentences.length]), [['abstract', 2], ['introduction', 1]]);
    assert.deepEqual(paper.sections![0].sentences[1], { text: 'It combines TeX and Pascal.', section: 'abstract', index: 1, page: 1, pdfPath: '/lib/knuth.pdf' });

    assert.deepEqual(store.search('structured').map((h) => [h.key, h.pdfPath]), [['knuth1984', '/lib/knuth.pdf']]);
    const stats = store.stats();
    assert.equal(stats.pdfFiles, 2);
    assert.equal(stats.pdfsWithText, 1);
    assert.equal(stats.linked, 1);
    const scan = store.errors().find((e) => e.file === '/lib/scan.pdf')!;
    assert.equal(scan.message, 'PDF not indexed: no text on 3 pages');
    assert.equal(scan.line, undefined);
    // Without a message from the extractor, the failure kind is spelled out.
    store.writePdf(pdf('/lib/locked.pdf', { ok: false, failure: 'encrypted', pages: [], sections: [], pageCount: 0 }), 5);
    assert.equal(store.errors().find((e) => e.file === '/lib/locked.pdf')!.message, 'PDF not indexed: encrypted (password-protected)');
  });

  for (const from of [1, 2, 3, 4, 5, 6, 7]) {
    it(`re-extracts the PDFs of a library indexed before the text extraction improved (schema ${from} → ${SCHEMA_VERSION})`, () => {
      store.writePdf(pdf('/lib/knuth.pdf'), 5);
      assert.notEqual(store.pdfFileStamp('/lib/knuth.pdf')!.contentHash, '');
      store.close();
      const Database = require('better-sqlite3');
      const db = new Database(path.join(dir, 'library.db'));
      db.pragma(`user_version = ${from}`);
      db.close();
      store = openLibraryStore(path.join(dir, 'library.db'), 'index');
      // The stamp no longer matches any file, so the indexer extracts it again; the old text serves until then.
      assert.deepEqual(store.pdfFileStamp('/lib/knuth.pdf'), { contentHash: '', mtimeMs: -1, size: store.pdfFileStamp('/lib/knuth.pdf')!.size });
      assert.equal(store.stats().pdfsWithText, 1);
    });
  }

  it("keeps a proceedings' blurb that the .bib copies into each paper apart from the papers' own abstracts", () => {
    const blurb = 'The talks collected here were given at the spring meeting of the type designers guild in Lyon.';
    const bib = `
@inproceedings{pirelli92, author = {Ana Pirelli}, title = {Outline Fonts for Small Screens}, year = 1992, abstract = {${blurb}}}
@inproceedings{moreau92, author = {Jean Moreau}, title = {Hinting by Hand}, year = 1992, abstract = {${blurb}}}
@inproceedings{lee01, author = {Lee, Min}, title = {Kerning Tables}, year = 2001, abstract = {We learn kerning tables from scanned books.}}
@article{lee02, author = {Lee, Min}, title = {Learned Kerning Tables}, year = 2002, abstract = {We learn kerning tables from scanned books.}}
`;
    store.writeBibFile('/lib/proceedings.bib', stamp, parseBibtex(bib, '/lib/proceedings.bib'));
    for (const key of ['pirelli92', 'moreau92']) {
      const paper = store.getPaper(key)!;
      assert.equal(paper.abstract, undefined, key);
      assert.equal(paper.collectionAbstract, blurb, key);
    }
    // The same author's other version under a new title keeps the abstract it shares.
    assert.equal(store.getPaper('lee02')!.abstract, 'We learn kerning tables from scanned books.');
    assert.equal(store.getPaper('knuth1984')!.abstract, 'The author and his associates have been experimenting with a new kind of documentation.');
    // Search still finds the blurb.
    assert.deepEqual(store.search('Lyon').map((h) => h.key).sort(), ['moreau92', 'pirelli92']);
  });

  it('opens a library of schema 8 and tells its shared abstracts without re-extracting its PDFs', () => {
    store.writePdf(pdf('/lib/knuth.pdf'), 5);
    const stampBefore = store.pdfFileStamp('/lib/knuth.pdf');
    store.close();
    const Database = require('better-sqlite3');
    const db = new Database(path.join(dir, 'library.db'));
    db.exec('DROP INDEX entries_abstract_opening');
    db.pragma('user_version = 8');
    db.close();
    store = openLibraryStore(path.join(dir, 'library.db'), 'index');
    assert.deepEqual(store.pdfFileStamp('/lib/knuth.pdf'), stampBefore);
    store.writeBibFile('/lib/copy.bib', stamp, parseBibtex('@misc{other, author = {Ito, Ren}, title = {Other}, abstract = {The author and his associates have been experimenting with a new kind of documentation.}}', '/lib/copy.bib'));
    assert.equal(store.getPaper('knuth1984')!.abstract, undefined);
  });

  it('turns any user text into a safe prefix query', () => {
    assert.equal(toFtsQuery('Knu* "TeX" OR'), '"Knu"* "TeX"* "OR"*');
    assert.equal(toFtsQuery('-- ()'), undefined);
  });
});

describe('corrupt database recovery', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-corrupt-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('in the extension\'s own storage, moves a file that is not a database aside and rebuilds an empty index', () => {
    const dbPath = path.join(dir, 'library.db');
    fs.writeFileSync(dbPath, 'this is not sqlite at all, just some text that happens to be long enough'.repeat(100));
    const store = openLibraryStore(dbPath, 'owned');
    try {
      assert.ok(store.movedAsideTo && /library\.db\.corrupt-/.test(store.movedAsideTo));
      assert.ok(fs.existsSync(store.movedAsideTo!));
      assert.deepEqual(store.stats().entries, 0);
      store.writeBibFile('/x.bib', { contentHash: 'h', mtimeMs: 1, size: 1 }, parseBibtex('@misc{k, title={T}}'));
      assert.equal(store.hasKey('k'), true);
    } finally {
      store.close();
    }
  });

  it('never touches a file given as the database that is not one of ours, in any mode', () => {
    // A .tex given to --db by mistake: refused with a clear message, left byte for byte as it was, nothing beside it.
    const texPath = path.join(dir, 'paper.tex');
    const tex = '\\documentclass{article}\n\\begin{document}Hello \\cite{k}.\\end{document}\n';
    fs.writeFileSync(texPath, tex);
    for (const mode of ['read', 'index'] as const) {
      assert.throws(() => openLibraryStore(texPath, mode), (err: Error) => err instanceof NotALibraryError && /not a CiteScribe library database/.test(err.message));
      assert.equal(fs.readFileSync(texPath, 'utf8'), tex);
      assert.deepEqual(fs.readdirSync(dir), ['paper.tex']);
    }
  });

  it('refuses another program\'s SQLite database', () => {
    const other = path.join(dir, 'other.sqlite');
    const Driver = require('better-sqlite3');
    const db = new Driver(other);
    db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES (\'keep me\')');
    db.close();
    const before = fs.readFileSync(other);
    for (const mode of ['read', 'index'] as const) {
      assert.throws(() => openLibraryStore(other, mode), /SQLite database, but not a CiteScribe library/);
    }
    assert.ok(fs.readFileSync(other).equals(before));
    assert.deepEqual(fs.readdirSync(dir).sort(), ['other.sqlite']);
  });

  const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

  it('refuses an SQLite file with our table names but not our schema, read or index, and leaves its bytes as they were', () => {
    // `search` used to switch it to WAL (its bytes changed) and attempt a migration ("table meta already exists").
    const other = path.join(dir, 'notes.sqlite');
    const Driver = require('better-sqlite3');
    const db = new Driver(other);
    db.exec(`CREATE TABLE meta (k TEXT); CREATE TABLE bib_files (name TEXT); CREATE TABLE entries (body TEXT); CREATE TABLE pdf_files (name TEXT);
             INSERT INTO entries VALUES ('keep me')`);
    db.close();
    const before = sha256(other);
    assert.throws(
      () => openLibraryStore(other, 'read'),
      (err: Error) => err instanceof NotALibraryError && /not a CiteScribe library \(its tables are named like a library's .* but it has no schema version of ours\); it was left as it is/.test(err.message),
    );
    assert.throws(() => openLibraryStore(other, 'index'), (err: Error) => err instanceof NotALibraryError && /refusing to change it/.test(err.message));
    assert.equal(sha256(other), before);
    assert.deepEqual(fs.readdirSync(dir), ['notes.sqlite']);
    // The same tables at our schema's version number, still not our columns: said, not "no such column" later.
    const forged = new Driver(other);
    forged.pragma(`user_version = ${SCHEMA_VERSION}`);
    forged.close();
    const forgedBytes = sha256(other);
    assert.throws(() => openLibraryStore(other, 'read'), (err: Error) => err instanceof NotALibraryError && /it lacks meta\.name, meta\.value, bib_files\.id/.test(err.message));
    assert.equal(sha256(other), forgedBytes);
  });

  it('reads a library read-only: nothing written, not even the journal mode, and a write fails', () => {
    const dbPath = path.join(dir, 'library.db');
    const writer = openLibraryStore(dbPath, 'index');
    writer.writeBibFile('/x.bib', { contentHash: 'h', mtimeMs: 1, size: 1 }, parseBibtex(BIB));
    writer.close();
    const before = sha256(dbPath);
    const reader = openLibraryStore(dbPath, 'read');
    try {
      assert.deepEqual(reader.search('literate').map((h) => h.key), ['knuth1984']);
      assert.ok(reader.termRarity('literate') > 0);
      assert.throws(() => reader.writeBibFile('/y.bib', { contentHash: 'h', mtimeMs: 1, size: 1 }, parseBibtex('@misc{k, title={T}}')), /readonly/);
    } finally {
      reader.close();
    }
    assert.equal(sha256(dbPath), before);
  });

  it('does not migrate a library of an older schema on a read; it says to index it again, which does', () => {
    const dbPath = path.join(dir, 'library.db');
    const writer = openLibraryStore(dbPath, 'index');
    writer.writeBibFile('/x.bib', { contentHash: 'h', mtimeMs: 1, size: 1 }, parseBibtex(BIB));
    writer.close();
    const Driver = require('better-sqlite3');
    const old = new Driver(dbPath);
    old.exec('DROP TABLE found_abstracts; DROP TABLE found_files; DROP TABLE enrich_attempts');
    old.pragma('user_version = 13');
    old.pragma('journal_mode = DELETE');
    old.close();
    const before = sha256(dbPath);
    assert.throws(
      () => openLibraryStore(dbPath, 'read'),
      (err: Error) => err instanceof LibraryVersionError && /written by an older CiteScribe \(schema version 13 is older .*index it again/.test(err.message),
    );
    assert.equal(sha256(dbPath), before);
    assert.deepEqual(fs.readdirSync(dir), ['library.db']);
    const indexer = openLibraryStore(dbPath, 'index');
    indexer.close();
    const reader = openLibraryStore(dbPath, 'read');
    assert.equal(reader.getPaper('knuth1984')!.title, 'Literate Programming');
    reader.close();
  });

  it('a read never creates a database where there is none', () => {
    const dbPath = path.join(dir, 'missing.db');
    assert.throws(() => openLibraryStore(dbPath, 'read'), /no library database at/);
    assert.deepEqual(fs.readdirSync(dir), []);
  });

  it('moves aside a database whose pages are damaged when indexing, and only then', () => {
    const dbPath = path.join(dir, 'library.db');
    const first = openLibraryStore(dbPath, 'index');
    const many = Array.from({ length: 400 }, (_, i) => `@misc{k${i}, title = {Title number ${i} with some words}}`).join('\n');
    first.writeBibFile('/x.bib', { contentHash: 'h', mtimeMs: 1, size: 1 }, parseBibtex(many));
    first.close();
    // Overwrite the middle of the file (past the header page) with garbage.
    const fd = fs.openSync(dbPath, 'r+');
    const size = fs.fstatSync(fd).size;
    fs.writeSync(fd, Buffer.alloc(Math.min(16384, size - 8192), 0xa5), 0, undefined, 4096);
    fs.closeSync(fd);
    // A read runs no integrity check and moves nothing: the damage shows when a query reaches it.
    const reader = openLibraryStore(dbPath, 'read');
    assert.equal(reader.movedAsideTo, undefined);
    reader.close();
    assert.deepEqual(fs.readdirSync(dir).filter((f) => f.includes('corrupt')), []);
    const store = openLibraryStore(dbPath, 'index');
    try {
      assert.ok(store.movedAsideTo, 'the damaged database should have been moved aside');
      assert.equal(store.stats().entries, 0);
    } finally {
      store.close();
    }
  });

  it('opens a healthy database without moving it', () => {
    const dbPath = path.join(dir, 'library.db');
    openLibraryStore(dbPath, 'index').close();
    const store = openLibraryStore(dbPath, 'index');
    assert.equal(store.movedAsideTo, undefined);
    store.close();
  });
});
