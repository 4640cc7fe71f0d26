import { strict as assert } from 'assert';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseBibtex } from '../../../src/core/bibtex';
import { indexLibrary, reindexFile } from '../../../src/core/library/indexer';
import { acquireIndexLock } from '../../../src/core/library/index-lock';
import { openLibraryStore, type LibraryStore } from '../../../src/core/library/store';
import { CancelledError } from '../../../src/core/types';
import { paperPdf } from './minimal-pdf';

const REFS = `
@article{lovelace2021,
  author = {Lovelace, Ada and Turing, Alan},
  title = {Sparse Gadgets for Quantum Widgets},
  year = 2021,
  doi = {10.5555/gadget.2021},
}
@inproceedings{hopper2019,
  author = {Grace Hopper},
  title = {Compilers for Cheerful Cobol Programmers},
  booktitle = {Proceedings of Merry Machines},
  year = 2019,
  file = {:pdfs/hopper-cobol.pdf:PDF},
}
@book{noether2020,
  author = {Emmy Noether},
  title = {Symmetry and Conservation in Abstract Rings},
  year = 2020,
}
@misc{broken, title = {Missing comma} year = 2000}
`;

function writeLibrary(root: string): void {
  fs.mkdirSync(path.join(root, 'pdfs'), { recursive: true });
  fs.writeFileSync(path.join(root, 'refs.bib'), REFS);
  fs.writeFileSync(
    path.join(root, 'pdfs', 'gadgets.pdf'),
    paperPdf({
      title: 'Sparse Gadgets for Quantum Widgets',
      authors: 'Ada Lovelace and Alan Turing',
      doi: '10.5555/gadget.2021',
      abstract: ['We study sparse gadgets for quantum widgets in depth.', 'Our results improve on prior work by a wide margin.'],
      intro: ['Widgets are everywhere in modern computing.', 'This paper explains why gadgets matter.'],
    }),
  );
  fs.writeFileSync(
    path.join(root, 'pdfs', 'hopper-cobol.pdf'),
    paperPdf({
      title: 'A Paper Whose Printed Title Differs',
      authors: 'Grace Hopper',
      abstract: ['Cobol programmers deserve cheerful compilers.'],
      intro: ['We describe a compiler.'],
    }),
  );
  fs.writeFileSync(
    path.join(root, 'pdfs', 'noether.pdf'),
    paperPdf({
      title: 'Symmetry and Conservation in Abstract Rings',
      authors: 'Emmy Noether',
      abstract: ['Every symmetry yields a conserved quantity.'],
      intro: ['Rings are abstract.'],
    }),
  );
  fs.writeFileSync(path.join(root, 'pdfs', 'empty.pdf'), '');
  fs.writeFileSync(path.join(root, 'pdfs', 'garbage.pdf'), 'this is not a PDF at all\n'.repeat(50));
}

describe('indexLibrary', function () {
  this.timeout(60_000);
  let root: string;
  let store: LibraryStore;
  const opts = () => ({ store, bibPaths: [path.join(root, 'refs.bib')], pdfPaths: [path.join(root, 'pdfs')] });

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-index-'));
    writeLibrary(root);
    store = openLibraryStore(path.join(root, 'library.db'), 'index');
  });
  afterEach(() => {
    store.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('indexes entries and PDFs, links them by DOI, file field and title, and reports every problem', async () => {
    const r = await indexLibrary(opts());
    assert.equal(r.bibFiles, 1);
    assert.equal(r.entries, 3);
    assert.equal(r.pdfFiles, 5);
    assert.equal(r.pdfsWithText, 3);
    assert.equal(r.linked, 3);

    const gadgets = store.getPaper('lovelace2021')!;
    assert.equal(gadgets.pdfPath, path.join(root, 'pdfs', 'gadgets.pdf'));
    const abstract = gadgets.sections!.find((s) => s.kind === 'abstract')!;
    assert.equal(abstract.sentences[0].text, 'We study sparse gadgets for quantum widgets in depth.');
    assert.equal(abstract.sentences[0].page, 1);
    assert.equal(store.getPaper('hopper2019')!.pdfPath, path.join(root, 'pdfs', 'hopper-cobol.pdf'));
    assert.equal(store.getPaper('noether2020')!.pdfPath, path.join(root, 'pdfs', 'noether.pdf'));

    const syntax = r.errors.find((e) => e.file.endsWith('refs.bib'))!;
    assert.equal(syntax.line, 20);
    assert.match(syntax.message, /expected ','/);
    const pdfProblems = r.errors.filter((e) => e.file.endsWith('.pdf')).map((e) => path.basename(e.file));
    assert.deepEqual(pdfProblems.sort(), ['empty.pdf', 'garbage.pdf']);

    // PDF text is searchable through the entry it is linked to.
    assert.deepEqual(store.search('conserved quantity').map((h) => h.key), ['noether2020']);
  });

  it('indexes the PDF a file field names even when no PDF folder holds it, and keeps it on the next run', async () => {
    const r = await indexLibrary({ store, bibPaths: [path.join(root, 'refs.bib')], pdfPaths: [] });
    assert.equal(r.pdfFiles, 1);
    assert.equal(r.linked, 1);
    const hopper = store.getPaper('hopper2019')!;
    assert.equal(hopper.pdfPath, path.join(root, 'pdfs', 'hopper-cobol.pdf'));
    assert.ok(hopper.sections!.some((s) => s.sentences.some((x) => x.text === 'Cobol programmers deserve cheerful compilers.')));
    const again = await indexLibrary({ store, bibPaths: [path.join(root, 'refs.bib')], pdfPaths: [] });
    assert.equal(again.filesRemoved + again.pdfFilesIndexed, 0);
    assert.equal(again.linked, 1);

    // The watcher's path: a file field added to the .bib brings its PDF in at once.
    fs.mkdirSync(path.join(root, 'storage'));
    fs.writeFileSync(path.join(root, 'storage', 'rings.pdf'), paperPdf({ title: 'Rings Again', authors: 'Emmy Noether', abstract: ['Rings return.'], intro: ['Again.'] }));
    fs.appendFileSync(path.join(root, 'refs.bib'), '\n@misc{noether2021, title = {Rings Again}, author = {Emmy Noether}, file = {storage/rings.pdf}}\n');
    await reindexFile({ store, file: path.join(root, 'refs.bib') });
    assert.equal(store.getPaper('noether2021')!.pdfPath, path.join(root, 'storage', 'rings.pdf'));
  });

  it('re-reads nothing when nothing changed, and only the changed file otherwise', async () => {
    await indexLibrary(opts());
    const again = await indexLibrary(opts());
    assert.equal(again.bibFilesIndexed + again.pdfFilesIndexed, 0);
    assert.equal(again.entries, 3);

    // Same content, newer mtime: hashed, not parsed.
    const bib = path.join(root, 'refs.bib');
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(bib, later, later);
    assert.equal((await indexLibrary(opts())).bibFilesIndexed, 0);

    fs.appendFileSync(bib, '\n@misc{added2022, title = {A New Entry}, year = 2022}\n');
    const changed = await indexLibrary(opts());
    assert.equal(changed.bibFilesIndexed, 1);
    assert.equal(changed.pdfFilesIndexed, 0);
    assert.equal(changed.entries, 4);
    assert.equal(store.hasKey('added2022'), true);
  });

  /** The store reopened as a library indexed before `schema` would be: at the version before it, with `key`'s old title. */
  function reopenAsIndexedBefore(schema: number, key: string, oldTitle: string): void {
    store.close();
    const Database = require('better-sqlite3');
    const db = new Database(path.join(root, 'library.db'));
    db.prepare('UPDATE entries SET title = ? WHERE key = ?').run(oldTitle, key);
    db.pragma(`user_version = ${schema - 1}`);
    db.close();
    store = openLibraryStore(path.join(root, 'library.db'), 'index');
  }

  it('reads the .bib files again after an upgrade that decodes them better, and only them', async () => {
    fs.appendFileSync(path.join(root, 'refs.bib'), '\n@misc{okoye76, title = {Sorting in $O(n^2)$ Time}, year = 1976}\n');
    await indexLibrary(opts());
    // What a library indexed before schema 10 holds: the exponent lost.
    reopenAsIndexedBefore(10, 'okoye76', 'Sorting in O(n2) Time');
    assert.equal(store.getPaper('okoye76')!.title, 'Sorting in O(n2) Time', 'the old text serves until the next index');
    const r = await indexLibrary(opts());
    assert.equal(r.bibFilesIndexed, 1);
    assert.equal(r.pdfFilesIndexed, 0);
    assert.equal(store.getPaper('okoye76')!.title, 'Sorting in O(n²) Time');
  });

  it('reads the .bib files again after an upgrade that keeps formulas Unicode cannot say as TeX', async () => {
    fs.appendFileSync(path.join(root, 'refs.bib'), '\n@misc{moreau23, title = {Cuts in $m^{1+o(1)}$ Time}, year = 2023}\n');
    await indexLibrary(opts());
    // What a library indexed before schema 11 holds: the exponent flattened into another bound.
    reopenAsIndexedBefore(11, 'moreau23', 'Cuts in m1+o(1) Time');
    assert.equal((await indexLibrary(opts())).bibFilesIndexed, 1);
    assert.equal(store.getPaper('moreau23')!.title, 'Cuts in $m^{1+o(1)}$ Time');
  });

  it('drops files that are no longer among the inputs', async () => {
    await indexLibrary(opts());
    const r = await indexLibrary({ store, bibPaths: [], pdfPaths: [path.join(root, 'pdfs', 'noether.pdf')] });
    assert.equal(r.filesRemoved, 5);
    assert.equal(r.entries, 0);
    assert.equal(r.pdfFiles, 1);
    assert.equal(r.linked, 0);
  });

  it('reports inputs that do not exist', async () => {
    const r = await indexLibrary({ store, bibPaths: [path.join(root, 'nope.bib')], pdfPaths: [] });
    assert.deepEqual(
      r.errors.map((e) => [path.basename(e.file), e.message]),
      [['nope.bib', 'file or folder not found']],
    );
  });

  it('re-indexes a single changed or deleted file for the watcher', async () => {
    await indexLibrary(opts());
    const bib = path.join(root, 'refs.bib');
    fs.writeFileSync(bib, '@misc{only, title = {Only One Left}}');
    const r = await reindexFile({ store, file: bib });
    assert.equal(r.bibFilesIndexed, 1);
    assert.deepEqual(store.allKeys(), ['only']);
    fs.rmSync(path.join(root, 'pdfs', 'noether.pdf'));
    const gone = await reindexFile({ store, file: path.join(root, 'pdfs', 'noether.pdf') });
    assert.equal(gone.pdfFiles, 4);
  });

  it('stops when cancelled, leaving a consistent database that the next run completes', async () => {
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(indexLibrary({ ...opts(), signal: controller.signal }), CancelledError);
    const r = await indexLibrary(opts());
    assert.equal(r.entries, 3);
    assert.equal(r.linked, 3);
  });

  it('links on the next run when a run died after writing files but before linking', async () => {
    await indexLibrary({ store, bibPaths: [], pdfPaths: [path.join(root, 'pdfs')] });
    // Simulate the crash: the .bib is written, the process dies before linking.
    const bib = path.join(root, 'refs.bib');
    const stat = fs.statSync(bib);
    store.writeBibFile(bib, { contentHash: 'x', mtimeMs: stat.mtimeMs, size: stat.size }, parseBibtex(fs.readFileSync(bib, 'utf8'), bib));
    store.close();
    store = openLibraryStore(path.join(root, 'library.db'), 'index');
    assert.equal(store.linksStale(), true);
    const r = await indexLibrary(opts());
    assert.equal(r.bibFilesIndexed, 0); // nothing to re-read…
    assert.equal(r.linked, 3); // …but the links are made
  });
});

describe('citescribe index killed with SIGKILL mid-run', function () {
  this.timeout(120_000);
  let root: string;
  beforeEach(() => (root = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-kill-'))));
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('leaves a database that opens, and a rerun completes the counts', async () => {
    const bibDir = path.join(root, 'bibs');
    fs.mkdirSync(bibDir);
    const files = 300;
    const perFile = 60;
    for (let f = 0; f < files; f++) {
      const body = Array.from(
        { length: perFile },
        (_, i) => `@article{k${f}x${i},\n  author = {Author ${i} and Other Person},\n  title = {Title ${f} ${i} about {\\"U}bung and more words here},\n  journal = {Journal ${f}},\n  year = ${1950 + (i % 70)},\n  abstract = {${'Some abstract words. '.repeat(20)}},\n}\n`,
      ).join('\n');
      fs.writeFileSync(path.join(bibDir, `lib${String(f).padStart(3, '0')}.bib`), body);
    }
    const db = path.join(root, 'library.db');
    const cli = path.resolve(__dirname, '../../../src/cli/main.ts');
    const child = spawn(process.execPath, ['--require', require.resolve('tsx/cjs'), cli, 'index', '--db', db, '--bib', bibDir, '--json'], {
      stdio: 'ignore',
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // Kill as soon as some (not all) files are committed.
    const Database = require('better-sqlite3');
    let seen = 0;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && child.exitCode === null) {
      await new Promise((r) => setTimeout(r, 20));
      if (!fs.existsSync(db)) continue;
      try {
        const ro = new Database(db, { readonly: true, fileMustExist: true });
        seen = (ro.prepare('SELECT count(*) AS n FROM bib_files').get() as { n: number }).n;
        ro.close();
      } catch {
        continue; // schema not created yet
      }
      if (seen > 0) break;
    }
    child.kill('SIGKILL');
    await exited;
    assert.ok(seen > 0 && seen < files, `expected to kill mid-run, saw ${seen} of ${files} files committed`);

    const store = openLibraryStore(db, 'index');
    try {
      assert.equal(store.movedAsideTo, undefined, 'the killed run must not corrupt the database');
      const partial = store.stats();
      assert.ok(partial.bibFiles < files);
      assert.equal(partial.entries, partial.bibFiles * perFile, 'every committed file is complete');
      const r = await indexLibrary({ store, bibPaths: [bibDir], pdfPaths: [] });
      assert.equal(r.bibFiles, files);
      assert.equal(r.entries, files * perFile);
    } finally {
      store.close();
    }
  });
});

describe('two index runs on one database', function () {
  this.timeout(180_000);
  let root: string;
  beforeEach(() => (root = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-two-'))));
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('the second waits for the first, both succeed and nothing is lost', async () => {
    // Two `citescribe index` at once used to interleave: rows and links went missing, files were reported as
    // "could not read: database is locked", and both runs exited 0.
    const bibDir = path.join(root, 'bibs');
    fs.mkdirSync(bibDir);
    const files = 120;
    for (let f = 0; f < files; f++) {
      const body = Array.from({ length: 20 }, (_, i) => `@misc{k${f}x${i}, author = {Author ${i}}, title = {Title ${f} ${i} on sparse gadgets}, year = 2001}\n`).join('');
      fs.writeFileSync(path.join(bibDir, `lib${String(f).padStart(3, '0')}.bib`), body);
    }
    const db = path.join(root, 'library.db');
    const cli = path.resolve(__dirname, '../../../src/cli/main.ts');
    const run = () => {
      const child = spawn(process.execPath, ['--require', require.resolve('tsx/cjs'), cli, 'index', '--db', db, '--bib', bibDir, '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
      const out = { code: null as number | null, stderr: '', stdout: '' };
      child.stderr.on('data', (d) => (out.stderr += d));
      child.stdout.on('data', (d) => (out.stdout += d));
      const done = new Promise<typeof out>((resolve) => child.once('exit', (code) => resolve(Object.assign(out, { code }))));
      return { out, done };
    };
    // The runs overlap for certain: this test holds the lock while both start (on a loaded machine, one run could
    // finish before the other had even loaded, and nothing would have waited), then lets them go at once.
    const held = await acquireIndexLock(db);
    const [a, b] = [run(), run()];
    const waiting = (o: { stderr: string }) => /waiting for another index run/.test(o.stderr);
    for (const started = Date.now(); !(waiting(a.out) && waiting(b.out)); ) {
      assert.ok(Date.now() - started < 50_000, `both runs should wait for the lock:\n${a.out.stderr}\n${b.out.stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    held.release();
    const results = await Promise.all([a.done, b.done]);
    for (const r of results) {
      assert.equal(r.code, 0, r.stderr);
      const out = JSON.parse(r.stdout) as { entries: number; errors: { message: string }[] };
      assert.equal(out.entries, files * 20);
      assert.deepEqual(out.errors.filter((e) => /could not read|locked/.test(e.message)), []);
    }
    assert.equal(fs.existsSync(db + '.index-lock'), false, 'the lock is released');
  });
});

describe('@string macros across the files of a bibliography', function () {
  this.timeout(30_000);
  let root: string;
  let store: LibraryStore;
  const a = () => path.join(root, 'a.bib');
  const b = () => path.join(root, 'b.bib');
  const note = () => store.getPaper('tex84')!.venue;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-macros-'));
    fs.writeFileSync(a(), '@string{j-TUGboat = "TUGboat"}\n@misc{defs, title = {Definitions}}\n');
    fs.writeFileSync(b(), '@article{tex84, title = {The {\\TeX}book}, author = {Knuth, Donald}, journal = j-TUGboat, year = 1984}\n');
    store = openLibraryStore(path.join(root, 'library.db'), 'index');
  });
  afterEach(() => {
    store.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('a file a document lists after another uses its macros, silently (\\bibliography{a,b})', async () => {
    const r = await indexLibrary({ store, bibPaths: [a(), b()], pdfPaths: [], bibliographies: [[a(), b()]] });
    assert.equal(note(), 'TUGboat');
    assert.deepEqual(r.errors.filter((e) => e.file === b()), []);
  });

  it('listed before the defining file, the macro is undefined, as in BibTeX (\\bibliography{b,a})', async () => {
    const r = await indexLibrary({ store, bibPaths: [a(), b()], pdfPaths: [], bibliographies: [[b(), a()]] });
    assert.equal(note(), 'j-TUGboat');
    assert.match(r.errors.find((e) => e.file === b())!.message, /undefined @string macro 'j-TUGboat'/);
  });

  it('a file no document lists takes the macro from the other indexed files, with a note instead of a warning', async () => {
    const r = await indexLibrary({ store, bibPaths: [a(), b()], pdfPaths: [] });
    assert.equal(note(), 'TUGboat');
    const problems = r.errors.filter((e) => e.file === b());
    assert.equal(problems.length, 1);
    assert.equal(problems[0].severity, 'info');
    assert.match(problems[0].message, /'j-tugboat' \(a\.bib\)/);
    assert.equal(store.stats().errors, 0, 'a note is not a problem');
  });

  it('reads the using file again when the defining file changes, though the using file did not', async () => {
    await indexLibrary({ store, bibPaths: [a(), b()], pdfPaths: [], bibliographies: [[a(), b()]] });
    fs.writeFileSync(a(), '@string{j-TUGboat = "TUGboat: the journal of the TeX Users Group"}\n');
    const r = await indexLibrary({ store, bibPaths: [a(), b()], pdfPaths: [], bibliographies: [[a(), b()]] });
    assert.equal(note(), 'TUGboat: the journal of the TeX Users Group');
    assert.equal(r.bibFilesIndexed, 2);
    // Nothing changed: nothing is read again.
    assert.equal((await indexLibrary({ store, bibPaths: [a(), b()], pdfPaths: [], bibliographies: [[a(), b()]] })).bibFilesIndexed, 0);
    fs.rmSync(a());
    await indexLibrary({ store, bibPaths: [b()], pdfPaths: [], bibliographies: [[b()]] });
    assert.equal(note(), 'j-TUGboat', 'the definition went with its file');
  });
});

describe('relinking after an edit', function () {
  this.timeout(60_000);
  let root: string;
  const bibA = () => path.join(root, 'a.bib');
  const bibB = () => path.join(root, 'b.bib');
  const links = (store: LibraryStore) =>
    store
      .linkingInputs()
      .entries.map((e) => `${e.key} → ${store.getPaper(e.key)?.pdfPath ? path.basename(store.getPaper(e.key)!.pdfPath!) : '-'}`)
      .sort();
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-relink-'));
    fs.mkdirSync(path.join(root, 'pdfs'));
    const papers: [string, string, string][] = [
      ['tides.pdf', 'Learning Tide Tables from Harbour Sensor Logs', 'Ada Okafor'],
      ['ferries.pdf', 'Scheduling Island Ferries under Uncertain Weather', 'Lin Berg'],
      ['gadgets.pdf', 'Sparse Gadgets for Quantum Widgets', 'Emmy Noether'],
    ];
    for (const [file, title, authors] of papers) {
      fs.writeFileSync(path.join(root, 'pdfs', file), paperPdf({ title, authors, abstract: [`We study ${title.toLowerCase()}.`], intro: ['More.'] }));
    }
    fs.writeFileSync(bibA(), '@article{tides, title = {Learning Tide Tables from Harbour Sensor Logs}, author = {Okafor, Ada}, year = 2020}\n@article{other, title = {Something Else Entirely}, author = {Nobody, N.}}\n');
    fs.writeFileSync(bibB(), '@article{ferries, title = {Scheduling Island Ferries under Uncertain Weather}, author = {Berg, Lin}}\n');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('recomputes only the edited file and ends with the links a fresh index finds', async () => {
    const store = openLibraryStore(path.join(root, 'library.db'), 'index');
    const opts = { store, bibPaths: [bibA(), bibB()], pdfPaths: [path.join(root, 'pdfs')] };
    await indexLibrary(opts);
    assert.deepEqual(links(store), ['ferries → ferries.pdf', 'other → -', 'tides → tides.pdf']);
    // The second entry of a.bib becomes the gadgets paper; the tides entry loses its title match.
    fs.writeFileSync(bibA(), '@article{tides, title = {Tidal Windows for Pilot Boarding}, author = {Okafor, Ada}, year = 2020}\n@article{other, title = {Sparse Gadgets for Quantum Widgets}, author = {Noether, Emmy}}\n');
    assert.equal(store.linkWork(), undefined);
    await indexLibrary(opts);
    const incremental = links(store);
    store.close();
    const fresh = openLibraryStore(path.join(root, 'fresh.db'), 'index');
    await indexLibrary({ ...opts, store: fresh });
    assert.deepEqual(incremental, links(fresh));
    assert.deepEqual(incremental, ['ferries → ferries.pdf', 'other → gadgets.pdf', 'tides → -']);
    fresh.close();
  });

  it('knows what it has to redo: only the edited file, or everything after a PDF changed', async () => {
    const store = openLibraryStore(path.join(root, 'library.db'), 'index');
    const opts = { store, bibPaths: [bibA(), bibB()], pdfPaths: [path.join(root, 'pdfs')] };
    await indexLibrary(opts);
    assert.equal(store.linkWork(), undefined, 'links are up to date after a run');
    fs.appendFileSync(bibB(), '@misc{extra, title = {An Extra Entry}}\n');
    store.writeBibFile(bibB(), { contentHash: 'x', mtimeMs: 1, size: 1 }, parseBibtex(fs.readFileSync(bibB(), 'utf8'), bibB()));
    assert.deepEqual(store.linkWork()?.bibs, [bibB()]);
    assert.equal(store.linkWork()?.full, false);
    store.removePdfFile(path.join(root, 'pdfs', 'tides.pdf'));
    assert.equal(store.linkWork()?.full, true);
    store.close();
  });
});
