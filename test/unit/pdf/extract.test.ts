import { strict as assert } from 'assert';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { extractPdf, hashFile, type PdfExtraction } from '../../../src/core/pdf';
import { unreadableText } from '../../../src/core/pdf/extract';
import { writeFixtures } from '../../fixtures/pdf/make-pdfs';
import { BOMB_TEXT, BOMBS, flateOfSpaces, pdfFromObjects } from '../../fixtures/pdf/bombs';

const MB = 1024 * 1024;

describe('PDF extraction', function () {
  this.timeout(30_000);
  let dir: string;
  let files: Record<string, string>;
  let paper: PdfExtraction;

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'citescribe-pdf-'));
    files = writeFixtures(dir);
    paper = await extractPdf(files['sample-paper.pdf']);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const section = (r: PdfExtraction, kind: string) => r.sections.find((s) => s.kind === kind);

  describe('a typeset paper', () => {
    it('reads every page as text', () => {
      assert.equal(paper.ok, true, paper.message);
      assert.equal(paper.pageCount, 3);
      assert.equal(paper.pages.length, 3);
      assert.match(paper.pages[0], /^Learning Tide Tables from Harbour Sensor Logs\n/);
      assert.match(paper.pages[2], /Cheap sensors suffice for useful tide tables\./);
    });

    it('joins a word hyphenated across a line break', () => {
      assert.match(paper.pages[0], /long deployments in cold water/);
      assert.doesNotMatch(paper.pages[0], /deploy-/);
    });

    it('puts spaces between words from their positions when the PDF has no space characters', () => {
      assert.match(paper.pages[1], /Drift correction runs once per day\./);
    });

    it('finds the sections by their headings, in order', () => {
      assert.deepEqual(
        paper.sections.map((s) => [s.kind, s.heading]),
        [
          ['title', 'Title'],
          ['abstract', 'Abstract'],
          ['introduction', '1 Introduction'],
          ['related-work', '2 Related Work'],
          ['method', '3 Method'],
          ['experiments', '4 Experiments'],
          ['conclusion', '5 Conclusion'],
          ['references', 'References'],
        ],
      );
    });

    it('keeps the title block and affiliations out of the sections', () => {
      const all = paper.sections.filter((s) => s.kind !== 'title').flatMap((s) => s.sentences.map((x) => x.text));
      assert.ok(!all.some((t) => /Example University|Maren Okafor/.test(t)));
    });

    it('splits sentences without breaking "et al.", "e.g.", "Fig. 3" or "[3-6]", and tags each with its page', () => {
      const intro = section(paper, 'introduction')!;
      assert.deepEqual(
        intro.sentences.map((s) => s.text).slice(-2),
        ['Okafor et al. showed that pressure sensors drift slowly (Fig. 3).', 'This matters for long deployments in cold water.'],
      );
      assert.ok(intro.sentences.every((s) => s.page === 1 && s.section === 'introduction'));
      const related = section(paper, 'related-work')!;
      assert.equal(related.sentences[0].text, 'Harmonic analysis fits a sum of tidal constituents to gauge records [3-6].');
      assert.ok(related.sentences.every((s) => s.page === 2));
      assert.deepEqual(related.sentences.map((s) => s.index), [0, 1, 2]);
      const abstract = section(paper, 'abstract')!;
      assert.equal(abstract.sentences[2].text, 'It lowers the mean error by a third compared with harmonic analysis, e.g. on the two harbours we study.');
      assert.equal(section(paper, 'experiments')!.sentences[0].page, 3);
    });

    it('splits a numbered reference list at its markers', () => {
      assert.deepEqual(
        section(paper, 'references')!.sentences.map((s) => s.text.slice(0, 3)),
        ['[1]', '[2]', '[3]'],
      );
    });

    it('guesses title, authors, DOI and year', () => {
      assert.equal(paper.meta.title, 'Learning Tide Tables from Harbour Sensor Logs');
      assert.deepEqual(paper.meta.authors, ['Maren Okafor', 'Tomasz Lindqvist', 'Ines Dubois']);
      assert.equal(paper.meta.doi, '10.5555/tide.2021.042');
      assert.equal(paper.meta.year, 2021);
    });

    it('records the sha256 of the bytes', async () => {
      const expected = createHash('sha256').update(readFileSync(files['sample-paper.pdf'])).digest('hex');
      assert.equal(paper.contentHash, expected);
      assert.equal(await hashFile(files['sample-paper.pdf']), expected);
      assert.equal(paper.size, readFileSync(files['sample-paper.pdf']).length);
    });
  });

  describe('an old TeX paper whose font has no Unicode map', () => {
    it('puts back the "fi", "ff", "fl" and "ffi" ligatures that pdf.js reads as spaces, and the en dash read as "{"', async () => {
      const old = await extractPdf(files['tex-type3.pdf']);
      assert.equal(old.ok, true, old.message);
      const sentences = old.sections.flatMap((s) => s.sentences.map((x) => x.text));
      assert.deepEqual(sentences.slice(1), [
        'We define a gauge model that offers the benefit of earlier flood warnings.',
        'Our first experiment identifies the gauges with a significant effect on the forecast.',
        'The model is more efficient than the different baselines we tried.',
        'River gauges report water levels every fifteen minutes, and the figures are noisy.',
        'We treat a gauge as a filter over the rainfall in its catchment, on a fine grained grid, as in the rain–gauge work of Okafor (pages 12–19).',
        // "iden-|ti ed": the word goes on from the line before; "in x" is two words the paper writes on their own;
        // "rule-|based" is two words of the word list, not one.
        'Each gauge is then identified by its catchment, and the level x is read in x steps by a rule-based scheme.',
      ]);
    });
  });

  describe('a magazine article', () => {
    it('joins each drop cap to the paragraph it opens, and keeps "A" a word of its own before a word', async () => {
      const article = await extractPdf(files['magazine-article.pdf']);
      assert.equal(article.ok, true, article.message);
      const body = article.sections.find((s) => s.kind === 'other')!.sentences.map((s) => s.text);
      assert.ok(body.includes('Harbour pilots have listened to the chimes of tide bells for centuries.'), body.join('\n'));
      assert.ok(body.includes('The chimes change with the depth of the water under each bell, so a pilot who knows them can tell the tide from the quay.'), body.join('\n'));
      assert.ok(body.includes('A new bell at the harbour mouth rings once for every metre of water over the bar, and twice when the channel is closed.'), body.join('\n'));
      assert.match(article.pages[0], /^Harbour pilots/m);
    });
  });

  describe('an IEEE-style paper', () => {
    let ieee: PdfExtraction;
    before(async () => {
      ieee = await extractPdf(files['ieee-style.pdf']);
    });

    it('reads roman-numbered, all-caps headings and an inline "Abstract—"', () => {
      assert.deepEqual(
        ieee.sections.map((s) => [s.kind, s.heading]),
        [
          ['title', 'Title'],
          ['abstract', 'Abstract'],
          ['introduction', 'I. INTRODUCTION'],
          ['related-work', 'II. RELATED WORK'],
          ['conclusion', 'III. CONCLUSION'],
        ],
      );
      assert.equal(section(ieee, 'abstract')!.sentences[0].text, 'We route courier drones over a sparse graph of charging pads.');
    });

    it('keeps a lettered sub-heading inside its section and out of the sentences', () => {
      const related = section(ieee, 'related-work')!;
      assert.deepEqual(related.sentences.map((s) => s.text), [
        'Vehicle routing with recharging has been studied for electric vans [2].',
        'Linear charging is a common simplification.',
      ]);
    });

    it('takes the title from page 1 when the PDF has no info dictionary, and finds the arXiv id and year', () => {
      assert.equal(ieee.meta.title, 'Sparse Routing for Courier Drones');
      assert.equal(ieee.meta.titleSource, 'first-page');
      assert.deepEqual(ieee.meta.authors, ['Priya Natarajan', 'Lukas Brenner']);
      assert.equal(ieee.meta.arxivId, '2101.01234');
      assert.equal(ieee.meta.year, 2021);
    });
  });

  describe('files without readable text', () => {
    const cases: Array<[string, string, RegExp]> = [
      ['empty.pdf', 'empty', /zero-byte/],
      ['garbage.pdf', 'invalid', /not a PDF/],
      ['truncated.pdf', 'truncated', /truncated/],
      ['password-protected.pdf', 'encrypted', /password/],
      ['image-only.pdf', 'no-text', /no text layer.*OCR/],
      ['unmapped-font.pdf', 'no-text', /text layer is unreadable.*OCR/],
    ];
    for (const [name, failure, message] of cases) {
      it(`reports ${name} as ${failure} with a reason, without throwing`, async () => {
        const r = await extractPdf(files[name]);
        assert.equal(r.ok, false);
        assert.equal(r.failure, failure);
        assert.match(r.message ?? '', message);
        assert.deepEqual(r.pages, []);
        assert.deepEqual(r.sections, []);
        assert.equal(r.path, files[name]);
        // A file that is not a PDF is not read past its first KB, so its stamp is size + mtime, not a hash.
        if (name === 'garbage.pdf') assert.match(r.contentHash, /^unread:\d+:\d+$/);
        else if (name !== 'empty.pdf') assert.match(r.contentHash, /^[0-9a-f]{64}$/);
      });
    }

    it('takes text in any script, or heavy with formulas, for readable text', () => {
      const pages = (line: string) => [Array.from({ length: 12 }, () => line).join('\n')];
      assert.equal(unreadableText(pages('本文 提出了 一种 新的 潮汐 预测 方法， 只 需要 廉价的 传感器 日志。')), false);
      assert.equal(unreadableText(pages('Die Gezeitentabelle wird aus günstigen Sensorprotokollen geschätzt, ohne Vermessung.')), false);
      assert.equal(unreadableText(pages('Let f(x) = ax + b with a, b ∈ ℝ; then |f(x) − f(y)| ≤ |a|·|x − y| for all x, y.')), false);
      assert.equal(unreadableText(pages('¥+¦§©¨j¤_L¤«ªc r¬N ®  §&£¯¥+¤ ±°jªc¬_²"¥+¦¥1+¢¤ g8¢³´/¢ ]  § μ+¤x¶·8¥+¦g¯¥r¤')), true);
    });

    it('reports a missing file as invalid instead of throwing', async () => {
      const r = await extractPdf(path.join(dir, 'not-there.pdf'));
      assert.equal(r.ok, false);
      assert.equal(r.failure, 'invalid');
      assert.match(r.message ?? '', /cannot read file/);
    });

    it('reads a PDF that is encrypted only against editing (empty user password)', async () => {
      const r = await extractPdf(files['owner-only-encrypted.pdf']);
      assert.equal(r.ok, true, r.message);
      assert.match(r.pages[0], /The report can be read by anyone, but not edited\./);
      assert.equal(r.meta.title, 'Restricted Editing Tide Report');
    });

    it('gives up on a file after the timeout', async () => {
      const r = await extractPdf(files['sample-paper.pdf'], { timeoutMs: 1 });
      assert.equal(r.ok, false);
      assert.equal(r.failure, 'timeout');
      assert.match(r.message ?? '', /gave up/);
    });

    it('records an oversized file as too-large without reading or hashing it; exactly the limit is too large', async () => {
      const r = await extractPdf(files['sample-paper.pdf'], { maxBytes: 100 });
      assert.equal(r.failure, 'too-large');
      assert.match(r.contentHash, /^unread:\d+:\d+$/);
      const size = statSync(files['sample-paper.pdf']).size;
      assert.equal((await extractPdf(files['sample-paper.pdf'], { maxBytes: size })).failure, 'too-large');
      assert.equal((await extractPdf(files['sample-paper.pdf'], { maxBytes: size + 1 })).ok, true);
    });

    it('refuses a compression bomb, and reads the same file within the budget', async () => {
      // One page whose content stream inflates to 4 MB of spaces after its text (1 MB compressed would be 1 GB).
      const bomb = path.join(dir, 'bomb.pdf');
      writeFileSync(bomb, pdfFromObjects(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
        Buffer.concat([Buffer.from(`<< /Filter /FlateDecode /Length ${flateOfSpaces(4 * MB).length} >>\nstream\n`), flateOfSpaces(4 * MB), Buffer.from('\nendstream')]),
        '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>']));
      const refused = await extractPdf(bomb, { decodeBudget: MB });
      assert.equal(refused.failure, 'too-large');
      assert.match(refused.message ?? '', /decode to more than 1 MB/);
      const read = await extractPdf(bomb);
      assert.equal(read.ok, true, read.message);
      assert.match(read.pages[0], new RegExp(BOMB_TEXT));
    });

    // Each of these slipped past the old pre-scan of the file's bytes and took gigabytes in pdf.js.
    for (const [name, make] of Object.entries(BOMBS)) {
      it(`counts every decoded byte against the budget: a ${name} bomb is refused, and read within the budget`, async () => {
        const bomb = path.join(dir, `${name}-bomb.pdf`);
        writeFileSync(bomb, make(4 * MB));
        const refused = await extractPdf(bomb, { decodeBudget: MB });
        assert.equal(refused.failure, 'too-large', refused.message);
        assert.match(refused.message ?? '', /decode to more than 1 MB/);
        const read = await extractPdf(bomb);
        assert.equal(read.ok, true, read.message);
        assert.match(read.pages[0], new RegExp(BOMB_TEXT));
      });
    }

    it('reads the next file with a fresh budget after a bomb', async () => {
      const bomb = path.join(dir, 'lzw-then-paper.pdf');
      writeFileSync(bomb, BOMBS.lzw(4 * MB));
      const [refused, paperAfter] = await Promise.all([extractPdf(bomb, { decodeBudget: MB }), extractPdf(files['sample-paper.pdf'], { decodeBudget: MB })]);
      assert.equal(refused.failure, 'too-large');
      assert.equal(paperAfter.ok, true, paperAfter.message);
    });

    it('never quotes the bytes of a file that is not a PDF', async () => {
      const secret = path.join(dir, 'passwd.pdf');
      writeFileSync(secret, 'root:x:0:0:root:/root:/bin/bash\nsecret-token-123\n');
      const r = await extractPdf(secret);
      assert.equal(r.failure, 'invalid');
      assert.ok(!/root|secret/.test(JSON.stringify(r)), JSON.stringify(r));
    });

    it('refuses a FIFO named like a PDF instead of blocking on it', async function () {
      if (process.platform === 'win32') this.skip();
      const fifo = path.join(dir, 'pipe.pdf');
      execFileSync('mkfifo', [fifo]);
      const r = await extractPdf(fifo);
      assert.equal(r.failure, 'invalid');
      assert.match(r.message ?? '', /not a regular file/);
    });
  });
});
