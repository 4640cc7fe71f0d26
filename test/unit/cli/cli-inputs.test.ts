// The CLI as a user drives it: wrong files given by mistake, and .tex files in the encodings editors write.
import { strict as assert } from 'assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../../src/cli/main';
import { captureCli } from '../../support/cli-capture';


const BIB = `@article{ada2020,
  author = {Lovelace, Ada},
  title = {Analytical Engines for Sparse Gadgets},
  journal = {J. Gadgets}, year = 2020,
  abstract = {We propose an analytical engine that computes sparse gadgets in linear time.},
}
@article{alan2021,
  author = {Turing, Alan},
  title = {Computable Widgets},
  journal = {J. Widgets}, year = 2021,
  abstract = {We show that every widget is computable by a machine with a finite table.},
}
`;

function encode(text: string, encoding: 'utf16le' | 'utf16be' | 'utf32le' | 'utf32be', bom: boolean): Buffer {
  const codePoints = [...(bom ? '\ufeff' : ''), ...text].map((c) => c.codePointAt(0)!);
  if (encoding.startsWith('utf16')) {
    const le = Buffer.from((bom ? '\ufeff' : '') + text, 'utf16le');
    if (encoding === 'utf16le') return le;
    return Buffer.from(le).swap16();
  }
  const out = Buffer.alloc(codePoints.length * 4);
  codePoints.forEach((cp, i) => (encoding === 'utf32le' ? out.writeUInt32LE(cp, i * 4) : out.writeUInt32BE(cp, i * 4)));
  return out;
}

describe('CLI inputs', function () {
  this.timeout(60_000);
  let dir: string;
  let db: string;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-cli-'));
    fs.writeFileSync(path.join(dir, 'refs.bib'), BIB);
    db = path.join(dir, 'library.db');
    const io = captureCli();
    assert.equal(await main(['index', '--db', db, '--bib', path.join(dir, 'refs.bib'), '--json'], io), 0, io.stderr.join('\n'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a read-only command given a .tex as --db fails with a clear message and leaves the file as it was', async () => {
    const tex = path.join(dir, 'paper.tex');
    const content = '\\documentclass{article}\\begin{document}Engines \\cite{ada2020}.\\end{document}\n';
    fs.writeFileSync(tex, content);
    const before = fs.readdirSync(dir).sort();
    for (const argv of [['search', 'engine', '--db', tex], ['cite', 'ada2020', '--db', tex], ['draft', '--keys', 'ada2020', '--db', tex]]) {
      const io = captureCli();
      assert.equal(await main(argv, io), 1, argv.join(' '));
      assert.match(io.stderr.join('\n'), /is not a CiteScribe library database/);
    }
    const io = captureCli();
    assert.equal(await main(['index', '--db', tex, '--bib', path.join(dir, 'refs.bib')], io), 1);
    assert.match(io.stderr.join('\n'), /refusing to overwrite/);
    assert.equal(fs.readFileSync(tex, 'utf8'), content);
    assert.deepEqual(fs.readdirSync(dir).sort(), before, 'nothing moved aside, nothing created');
  });

  it('read commands given an SQLite file with our table names but not our schema say so and change none of its bytes', async () => {
    const other = path.join(dir, 'notes.sqlite');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const db = new (require('better-sqlite3'))(other);
    db.exec(`CREATE TABLE meta (k TEXT); CREATE TABLE bib_files (name TEXT); CREATE TABLE entries (body TEXT); CREATE TABLE pdf_files (name TEXT)`);
    db.close();
    const bytes = fs.readFileSync(other);
    const tex = path.join(dir, 'check.tex');
    fs.writeFileSync(tex, 'Engines compute gadgets \\cite{ada2020}.\n');
    const before = fs.readdirSync(dir).sort();
    const commands = [
      ['search', 'engine', '--db', other],
      ['cite', 'ada2020', '--db', other],
      ['draft', '--keys', 'ada2020', '--db', other],
      ['suggest', 'an analytical engine for sparse gadgets', '--db', other],
      ['check', '--tex', tex, '--db', other],
      ['grounding', '--keys', 'ada2020', '--db', other],
    ];
    for (const argv of commands) {
      const io = captureCli();
      assert.equal(await main(argv, io), 1, argv.join(' '));
      assert.match(io.stderr.join('\n'), /notes\.sqlite is an SQLite database, but not a CiteScribe library \(its tables are named like a library's/, argv[0]);
      assert.ok(fs.readFileSync(other).equals(bytes), `${argv[0]} changed the file's bytes`);
    }
    assert.deepEqual(fs.readdirSync(dir).sort(), before, 'nothing created beside it');
  });

  it('draft --order takes relevance or year, and names the choices when given another', async () => {
    const ok = captureCli();
    assert.equal(await main(['draft', '--db', db, '--keys', 'ada2020,alan2021', '--order', 'year', '--json'], ok), 0, ok.stderr.join('\n'));
    const bad = captureCli();
    assert.equal(await main(['draft', '--db', db, '--keys', 'ada2020', '--order', 'newest'], bad), 2);
    assert.match(bad.stderr.join('\n'), /--order must be relevance or year, got 'newest'/);
  });

  for (const encoding of ['utf16le', 'utf16be', 'utf32le', 'utf32be'] as const) {
    for (const bom of [true, false]) {
      it(`draft --tex reads a ${encoding} .tex ${bom ? 'with' : 'without'} a byte-order mark`, async () => {
        const tex = path.join(dir, `paper-${encoding}-${bom}.tex`);
        fs.writeFileSync(tex, encode('\\section{Related Work}\nEngines \\cite{ada2020} and widgets \\citep{alan2021}.\n', encoding, bom));
        const io = captureCli();
        assert.equal(await main(['draft', '--db', db, '--tex', tex, '--json'], io), 0, io.stderr.join('\n'));
        const draft = JSON.parse(io.stdout.join('\n')) as { text: string };
        assert.match(draft.text, /\\cite\{ada2020\}/);
        assert.match(draft.text, /\\cite\{alan2021\}/);
      });
    }
  }
});
