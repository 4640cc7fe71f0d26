import { strict as assert } from 'assert';
import type { PageLayout, TextLine } from '../../../src/core/pdf/layout';
import { joinLineText } from '../../../src/core/pdf/layout';
import { buildSections, contentLines, headingName, sectionKind } from '../../../src/core/pdf/sections';

/** Lines as the layout step produces them: body text at 10 pt, one page unless a line says otherwise. */
function lines(...texts: Array<string | [string, number]>): TextLine[] {
  return texts.map((t, i) => {
    const [text, page] = typeof t === 'string' ? [t, 1] : t;
    return { text, page, x: 72, y: 700 - i * 12, fontSize: 10, paragraphBreak: false };
  });
}

describe('PDF section finder', () => {
  it('classifies headings the way papers name them', () => {
    assert.equal(sectionKind('Related Work'), 'related-work');
    assert.equal(sectionKind('Background and Related Work'), 'related-work');
    assert.equal(sectionKind('Conclusions and Future Work'), 'conclusion');
    assert.equal(sectionKind('Experimental Results'), 'experiments');
    assert.equal(sectionKind('Our Approach'), 'method');
    assert.equal(sectionKind('REFERENCES'), 'references');
    assert.equal(sectionKind('Threats to Validity'), 'other');
    assert.equal(headingName('A B S T R A C T'), 'abstract');
  });

  it('ignores numbered lines that do not continue the section numbering (addresses, list items, table rows)', () => {
    const sections = buildSections(
      lines(
        'A Paper Title',
        '1 University Station Road',
        'Abstract',
        'We study things.',
        '1 Introduction',
        'Things matter. We list three steps.',
        '4. Periodically, the buffered pairs are written',
        'to disk by the worker.',
        '2 Related Work',
        'Others studied things [1].',
        '3 Experiments',
        '17 Baseline',
        'The baseline is weak.',
        '4 Conclusion',
        'Things work.',
      ),
      10,
    );
    assert.deepEqual(
      sections.map((s) => s.heading),
      ['Abstract', '1 Introduction', '2 Related Work', '3 Experiments', '4 Conclusion'],
    );
    assert.match(sections[1].sentences.map((s) => s.text).join(' '), /Periodically, the buffered pairs are written to disk/);
  });

  it('prefers the numbered headings in the body over a table of contents', () => {
    const sections = buildSections(
      lines(
        'Contents',
        '1. Introduction 2',
        '2. Methods 5',
        '1. Introduction',
        'Intro text here.',
        '2. Methods',
        'Method text here.',
        '3. Results',
        'Result text here.',
      ),
      10,
    );
    assert.deepEqual(sections.map((s) => [s.heading, s.sentences.length]), [
      ['1. Introduction', 1],
      ['2. Methods', 1],
      ['3. Results', 1],
    ]);
  });

  it('keeps sub-headings out of the sentences but inside their section', () => {
    const sections = buildSections(lines('1 Introduction', 'First part.', '1.1 Scope', 'Second part.', '2 Method', 'Done.'), 10);
    assert.deepEqual(sections[0].sentences.map((s) => s.text), ['First part.', 'Second part.']);
  });

  it('tags a sentence that continues onto the next page with the page it starts on', () => {
    const sections = buildSections(lines('1 Introduction', 'One sentence starts here and', ['ends on page two. Another starts on two.', 2]), 10);
    assert.deepEqual(sections[0].sentences.map((s) => [s.text, s.page]), [
      ['One sentence starts here and ends on page two.', 1],
      ['Another starts on two.', 2],
    ]);
  });

  it('returns the whole text as one section when a document has no headings', () => {
    const sections = buildSections(lines('Just a memo.', 'It has two sentences.'), 10);
    assert.equal(sections.length, 1);
    assert.equal(sections[0].kind, 'other');
    assert.equal(sections[0].sentences.length, 2);
  });

  it('removes layout hyphens but keeps the hyphen of a compound', () => {
    assert.equal(joinLineText('a repre-', 'sentation', ' '), 'a representation');
    assert.equal(joinLineText('state-of-the-', 'art methods', ' '), 'state-of-the-art methods');
    assert.equal(joinLineText('a Bag-', 'Of-Words model', ' '), 'a Bag-Of-Words model');
    assert.equal(joinLineText('ends here.', 'Next line', ' '), 'ends here. Next line');
  });
});

describe('PDF body text', () => {
  /** A US-letter page of 10 pt lines, top to bottom; a line may say its own size, height and footnote mark. */
  function page(n: number, rows: Array<[string, number, number?, boolean?]>): PageLayout {
    const lines = rows.map(([text, y, fontSize = 10, mark]) => {
      const line: TextLine = { text, page: n, x: 72, y, fontSize, paragraphBreak: false };
      if (mark) line.opensWithNoteMark = true;
      return line;
    });
    return { page: n, width: 612, height: 792, lines, marginalia: [] };
  }
  const sentences = (pages: PageLayout[]) => buildSections(contentLines(pages, 10), 10).flatMap((s) => s.sentences.map((x) => x.text));

  it('keeps footnotes and running heads out of the sentence they interrupt', () => {
    const pages = [
      page(1, [['1 Introduction', 690], ['Our parser reads each clause once and', 676], ['keeps a stack of open', 664], ['1https://example.org/parser is where the code', 140, 8, true], ['lives, under a free licence.', 131, 8]]),
      // A small page format: the running head sits well below the top margin band, on every page.
      page(2, [['Parsing Clauses in One Pass 7', 700], ['phrases. It never backtracks.', 676], ['Dropping the stack costs 3 points.', 664]]),
      page(3, [['Parsing Clauses in One Pass 8', 700], ['2 Results', 676], ['It parses 40 clauses a second.', 664]]),
    ];
    const text = sentences(pages);
    assert.ok(text.includes('Our parser reads each clause once and keeps a stack of open phrases.'), JSON.stringify(text));
    assert.ok(text.includes('It never backtracks.'));
    assert.ok(!text.some((s) => /example\.org|free licence|One Pass/.test(s)), JSON.stringify(text));
  });

  it('keeps small print that opens with a number but no raised mark (a table, a list in a smaller font)', () => {
    const pages = [page(1, [['1 Introduction', 690], ['We count tokens.', 676], ['3 tokens per clause on average.', 200, 8]])];
    assert.ok(sentences(pages).includes('3 tokens per clause on average.'));
  });
});
