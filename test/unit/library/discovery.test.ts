import { strict as assert } from 'assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  bibliographyFilesFromMarkdown,
  bibliographyFilesFromTex,
  expandInputPaths,
  walkFiles,
} from '../../../src/core/library/discovery';

describe('bibliography discovery', () => {
  const texPath = path.resolve('/papers/thesis/main.tex');
  const inThesis = (p: string) => path.resolve('/papers/thesis', p);

  it('\\bibliography with a comma list, spaces, lines, and names with or without .bib', () => {
    const tex = 'Text.\n\\bibliography{refs, ../shared/more.bib,\n   extra }\n';
    assert.deepEqual(bibliographyFilesFromTex(tex, texPath), [inThesis('refs.bib'), path.resolve('/papers/shared/more.bib'), inThesis('extra.bib')]);
  });

  it('\\addbibresource with options, resolved against the .tex folder', () => {
    const tex = '\\addbibresource[datatype=bibtex]{lib/zotero.bib}\n\\addbibresource{other.bib}\n\\addbibresource{\n  noext }';
    assert.deepEqual(bibliographyFilesFromTex(tex, texPath), [inThesis('lib/zotero.bib'), inThesis('other.bib'), inThesis('noext.bib')]);
  });

  it('ignores commented-out bibliographies and remote resources', () => {
    const tex = '% \\bibliography{old}\n\\addbibresource[location=remote]{https://example.org/x.bib}\n50\\% done \\bibliography{kept}';
    assert.deepEqual(bibliographyFilesFromTex(tex, texPath), [inThesis('kept.bib')]);
  });

  it('reads Pandoc front matter: a single file, a flow list and a block list', () => {
    const md = (body: string) => `---\ntitle: Paper\n${body}\n---\n\n# Intro\nbibliography: not-front-matter.bib\n`;
    const mdPath = path.resolve('/notes/paper.md');
    const inNotes = (p: string) => path.resolve('/notes', p);
    assert.deepEqual(bibliographyFilesFromMarkdown(md('bibliography: refs.bib'), mdPath), [inNotes('refs.bib')]);
    assert.deepEqual(bibliographyFilesFromMarkdown(md('bibliography: [a.bib, "b c.bib"]'), mdPath), [inNotes('a.bib'), inNotes('b c.bib')]);
    assert.deepEqual(bibliographyFilesFromMarkdown(md("bibliography:\n  - 'x.bib'\n  - sub/y.bib"), mdPath), [inNotes('x.bib'), inNotes('sub/y.bib')]);
    assert.deepEqual(bibliographyFilesFromMarkdown('# No front matter\nbibliography: refs.bib', mdPath), []);
  });
});

describe('walking folders', () => {
  let root: string;
  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-walk-'));
    for (const f of ['a.bib', 'sub/b.BIB', 'sub/deeper/c.pdf', 'node_modules/pkg/x.bib', '.git/y.bib', 'notes.txt']) {
      fs.mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
      fs.writeFileSync(path.join(root, f), '');
    }
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('finds .bib and .pdf recursively, case-insensitively, skipping node_modules and .git', () => {
    const rel = (files: string[]) => files.map((f) => path.relative(root, f));
    assert.deepEqual(rel(walkFiles(root, ['.bib'])), ['a.bib', path.join('sub', 'b.BIB')]);
    assert.deepEqual(rel(walkFiles(root, ['.pdf'])), [path.join('sub', 'deeper', 'c.pdf')]);
  });

  it('expands a mix of files and folders and reports missing paths', () => {
    const r = expandInputPaths([path.join(root, 'sub'), path.join(root, 'a.bib'), path.join(root, 'nope')], ['.bib']);
    assert.deepEqual(r.files, [path.join(root, 'a.bib'), path.join(root, 'sub', 'b.BIB')]);
    assert.deepEqual(r.missing, [path.join(root, 'nope')]);
  });
});

describe('walking folders stays inside them', () => {
  let outside: string;
  let root: string;
  before(() => {
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-outside-'));
    fs.writeFileSync(path.join(outside, 'secret.bib'), '@misc{secret, title={Outside}}');
    fs.writeFileSync(path.join(outside, 'secret.pdf'), '%PDF-1.4 outside');
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-inside-'));
    fs.mkdirSync(path.join(root, 'papers'));
    fs.writeFileSync(path.join(root, 'papers', 'own.bib'), '');
    fs.symlinkSync(outside, path.join(root, 'link-out')); // a link to a folder outside
    fs.symlinkSync('/', path.join(root, 'rootlink')); // the whole machine
    fs.symlinkSync(path.join(outside, 'secret.pdf'), path.join(root, 'secret.pdf')); // a file outside
    fs.symlinkSync('/proc/self/environ', path.join(root, 'env.bib')); // process state
    fs.symlinkSync(path.join(root, 'papers'), path.join(root, 'papers-again')); // a link inside: followed
  });
  after(() => {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  });

  it('follows links only where they stay inside the folder, and never reads special files', () => {
    const rel = (files: string[]) => files.map((f) => path.relative(root, f));
    // The inside link and its target are one folder: its file is found once, through either path.
    const bibs = rel(walkFiles(root, ['.bib']));
    assert.equal(bibs.length, 1, bibs.join(', '));
    assert.ok([path.join('papers', 'own.bib'), path.join('papers-again', 'own.bib')].includes(bibs[0]));
    assert.deepEqual(rel(walkFiles(root, ['.pdf'])), []);
  });

  it('never takes a pseudo-file named explicitly, and says why each named path was not read', function () {
    if (process.platform !== 'linux') this.skip();
    const r = expandInputPaths(['/proc/self/environ', path.join(root, 'env.bib'), '/dev/zero', '/proc/self'], ['.bib']);
    assert.deepEqual(r.files, []);
    assert.deepEqual(
      r.skipped.map((s) => [s.file, s.reason.replace(/\/proc\/\d+/, '/proc/N')]),
      [
        ['/proc/self/environ', 'not read: /proc/N/environ is a system pseudo-file (/proc, /sys, /dev), not a file of yours'],
        [path.join(root, 'env.bib'), 'not read: /proc/N/environ is a system pseudo-file (/proc, /sys, /dev), not a file of yours'],
        ['/dev/zero', 'not read: a device, not a file'],
        ['/proc/self', 'not read: /proc/N is a system folder (/proc, /sys, /dev), not a folder of yours'],
      ],
    );
  });
});

