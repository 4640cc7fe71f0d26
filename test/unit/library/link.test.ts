import { strict as assert } from 'assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  arxivIdFromFields,
  pdfsNamedByFileFields,
  linkPdfs,
  normalizeArxivId,
  normalizeDoi,
  normalizeTitle,
  parseFileField,
  titleSimilarity,
  type LinkableEntry,
  type LinkablePdf,
} from '../../../src/core/library/link';

const entry = (key: string, title: string, authors: string[], extra: Partial<LinkableEntry> = {}): LinkableEntry => ({ key, title, authors, ...extra });
const pdf = (p: string, meta: LinkablePdf['meta'], firstPageText?: string): LinkablePdf => ({ path: p, meta, firstPageText });

describe('PDF ↔ entry linking', () => {
  describe('file field', () => {
    it('reads the Zotero, JabRef and Mendeley forms and bare paths', () => {
      assert.deepEqual(parseFileField('Full Text:files/12/okafor.pdf:application/pdf'), ['files/12/okafor.pdf']);
      assert.deepEqual(parseFileField(':papers/okafor2021.pdf:PDF'), ['papers/okafor2021.pdf']);
      assert.deepEqual(parseFileField('Preprint:C\\:\\\\Users\\\\me\\\\okafor.pdf:PDF'), ['C:\\Users\\me\\okafor.pdf']);
      assert.deepEqual(parseFileField(':home/maren/Mendeley Desktop/Okafor{\\_}2021.pdf:pdf'), ['home/maren/Mendeley Desktop/Okafor_2021.pdf']);
      assert.deepEqual(parseFileField('okafor.pdf'), ['okafor.pdf']);
      assert.deepEqual(parseFileField('Snapshot:files/3/page.html:text/html;Full Text:files/4/x.pdf:application/pdf'), ['files/4/x.pdf']);
    });

    it('links through a path relative to the .bib folder, an absolute path and Mendeley’s root-less path', () => {
      const links = linkPdfs(
        [
          entry('rel', 'Anything', [], { fileField: ':papers/a.pdf:PDF', bibDir: '/lib' }),
          entry('abs', 'Anything else', [], { fileField: 'Full Text:/data/b.pdf:application/pdf' }),
          entry('mendeley', 'Third', [], { fileField: ':home/maren/c.pdf:pdf', bibDir: '/elsewhere' }),
        ],
        [pdf('/lib/papers/a.pdf', {}), pdf('/data/b.pdf', {}), pdf('/home/maren/c.pdf', {})],
      );
      assert.deepEqual(
        links.map((l) => [l.key, l.pdfPath, l.method, l.score]),
        [
          ['rel', '/lib/papers/a.pdf', 'file-field', 1],
          ['abs', '/data/b.pdf', 'file-field', 1],
          ['mendeley', '/home/maren/c.pdf', 'file-field', 1],
        ],
      );
    });

    it('falls back to a unique file of the same name when the library moved (e.g. from Windows)', () => {
      const links = linkPdfs([entry('win', 'T', [], { fileField: 'Preprint:C\\:\\\\Users\\\\me\\\\okafor.pdf:PDF' })], [pdf('/home/me/okafor.pdf', {})]);
      assert.deepEqual(links, [{ key: 'win', pdfPath: '/home/me/okafor.pdf', method: 'file-field', score: 0.9 }]);
    });

    it('resolves relative paths against a default .bib folder when the entry has none', () => {
      const links = linkPdfs([entry('k', 'T', [], { fileField: 'a.pdf' })], [pdf(path.resolve('/lib/a.pdf'), {})], '/lib');
      assert.equal(links[0]?.method, 'file-field');
    });
  });

  describe('identifiers', () => {
    it('normalises DOIs and arXiv ids', () => {
      assert.equal(normalizeDoi('https://doi.org/10.1145/3597503.3639130'), '10.1145/3597503.3639130');
      assert.equal(normalizeDoi('DOI: 10.1007/S10664-023-10367-Y.'), '10.1007/s10664-023-10367-y');
      assert.equal(normalizeArxivId('arXiv:2101.01234v2'), '2101.01234');
      assert.equal(normalizeArxivId('hep-th/9901001v3'), 'hep-th/9901001');
      assert.equal(arxivIdFromFields({ eprint: '2101.01234', archivePrefix: 'arXiv' }), '2101.01234');
      assert.equal(arxivIdFromFields({ url: 'https://arxiv.org/abs/2101.01234v1' }), '2101.01234');
      assert.equal(arxivIdFromFields({ eprint: '12345', archivePrefix: 'PubMed' }), undefined);
    });

    it('links an equal DOI or arXiv id even when the titles differ', () => {
      const links = linkPdfs(
        [
          entry('doiKey', 'Short title', ['Okafor'], { doi: 'https://doi.org/10.5555/TIDE.2021.042' }),
          entry('arxivKey', 'Other', ['Natarajan'], { arxivId: '2101.01234' }),
        ],
        [pdf('/p/tide.pdf', { title: 'Completely different', doi: '10.5555/tide.2021.042' }), pdf('/p/drone.pdf', { arxivId: '2101.01234' })],
      );
      assert.deepEqual(links.map((l) => [l.key, l.method]), [
        ['doiKey', 'doi'],
        ['arxivKey', 'arxiv'],
      ]);
    });
  });

  describe('titles', () => {
    it('normalises: ASCII-folds accents, drops punctuation and braces, lower-cases', () => {
      assert.equal(normalizeTitle('Über {B}ag-of-Words: Ærø’s Model!'), 'uber bag of words aero s model');
    });

    it('scores the harmonic mean of Jaccard and containment', () => {
      assert.equal(titleSimilarity('Learning Tide Tables', 'learning tide tables'), 1);
      // 3 shared of 3 and 4 words: Jaccard 0.75, containment 1 → 0.857
      assert.equal(Math.round(titleSimilarity('Learning Tide Tables', 'Learning Tide Tables Fast') * 1000), 857);
      assert.ok(titleSimilarity('Learning Tide Tables', 'Predicting River Floods') < 0.1);
    });

    const tide = entry('okafor2021', 'Learning Tide Tables from Harbour Sensor Logs', ['Okafor', 'Lindqvist'], { year: 2021 });

    it('links a matching title when an author surname appears on the PDF', () => {
      const links = linkPdfs([tide], [pdf('/p/x.pdf', { title: 'Learning tide tables from harbour sensor logs.', authors: ['M. Okafor'] })]);
      assert.deepEqual(links, [{ key: 'okafor2021', pdfPath: '/p/x.pdf', method: 'title', score: 1 }]);
    });

    it('finds the surname in the first-page text when no author was guessed', () => {
      const links = linkPdfs([tide], [pdf('/p/x.pdf', { title: 'Learning Tide Tables from Harbour Sensor Logs' }, 'Learning Tide ...\nT. Lindqvist, Example University')]);
      assert.equal(links.length, 1);
    });

    it('refuses a matching title when no author matches', () => {
      const links = linkPdfs([tide], [pdf('/p/x.pdf', { title: 'Learning Tide Tables from Harbour Sensor Logs', authors: ['Someone Else'] })]);
      assert.deepEqual(links, []);
    });

    it('refuses when the years are more than 2 apart, accepts within 2', () => {
      const meta = { title: 'Learning Tide Tables from Harbour Sensor Logs', authors: ['Maren Okafor'] };
      assert.deepEqual(linkPdfs([tide], [pdf('/p/x.pdf', { ...meta, year: 2017 })]), []);
      assert.equal(linkPdfs([tide], [pdf('/p/x.pdf', { ...meta, year: 2023 })]).length, 1);
    });

    it('refuses titles below the 0.75 threshold', () => {
      const links = linkPdfs([tide], [pdf('/p/x.pdf', { title: 'Tide Tables for Small Harbours', authors: ['Okafor'] })]);
      assert.deepEqual(links, []);
    });

    it('finds the entry’s title printed on page 1 when the title guess is wrong', () => {
      const page = 'Journal of Coastal Computing 12 (2021)\nLearning Tide Tables from Harbour Sensor Logs\nMaren Okafor';
      const links = linkPdfs([tide], [pdf('/p/x.pdf', { title: 'Journal of Coastal Computing' }, page)]);
      assert.deepEqual(links.map((l) => [l.key, l.method]), [['okafor2021', 'title']]);
    });
  });

  describe('one-to-one assignment', () => {
    it('gives each PDF at most one entry and each entry at most one PDF, best evidence first', () => {
      const entries = [
        entry('byFile', 'Learning Tide Tables from Harbour Sensor Logs', ['Okafor'], { fileField: 'tide.pdf', bibDir: '/lib' }),
        entry('sameTitle', 'Learning Tide Tables from Harbour Sensor Logs', ['Okafor']),
        entry('preprint', 'Learning Tide Tables from Sensor Logs', ['Okafor']),
      ];
      const pdfs = [
        pdf('/lib/tide.pdf', { title: 'Learning Tide Tables from Harbour Sensor Logs', authors: ['Maren Okafor'] }),
        pdf('/lib/tide-preprint.pdf', { title: 'Learning Tide Tables from Sensor Logs', authors: ['Maren Okafor'] }),
      ];
      const links = linkPdfs(entries, pdfs);
      assert.deepEqual(links.map((l) => [l.key, l.pdfPath, l.method]), [
        ['byFile', '/lib/tide.pdf', 'file-field'],
        ['preprint', '/lib/tide-preprint.pdf', 'title'],
      ]);
    });
  });
});

describe('PDFs named by file fields', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-filefield-'));
    fs.writeFileSync(path.join(dir, 'real.pdf'), '%PDF-1.7\n% a real PDF header\n');
    fs.writeFileSync(path.join(dir, 'fake.pdf'), 'root:x:0:0:root:/root:/bin/bash\n');
    fs.symlinkSync('/etc/hostname', path.join(dir, 'host.pdf'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('takes a real PDF wherever it lies, and nothing that only has a .pdf name', () => {
    const bibDir = path.join(dir, 'project');
    const fields = [
      { value: 'Full Text:../real.pdf:application/pdf', bibDir },
      { value: ':../fake.pdf:PDF', bibDir },
      { value: ':../host.pdf:PDF', bibDir },
      { value: '/etc/passwd.pdf', bibDir },
      { value: '/proc/self/environ.pdf', bibDir },
    ];
    assert.deepEqual(pdfsNamedByFileFields(fields), [path.join(dir, 'real.pdf')]);
  });
});

