import { strict as assert } from 'node:assert';
import { DocumentSpelling, joinLineText, layoutPage } from '../../../src/core/pdf/layout';

/** A pdf.js text run at 10 pt on the baseline y = 700, `width` in PDF units. */
function run(str: string, x: number, width: number) {
  return { str, transform: [10, 0, 0, 10, x, 700], width, height: 10, hasEOL: false, fontName: 'f1' };
}

describe('PDF line layout', () => {
  it('drops the space pdf.js puts at a kern inside a word (dvips-era Type 3 fonts)', () => {
    // "In" | "tro" | " " | "duction": the glyphs on both sides of the space run touch (gap 0.03 em).
    const items = [run('In', 92.2, 12.1), run('tro', 104.3, 17.5), run(' ', 121.7, 6), run('duction', 122.1, 44.2)];
    assert.equal(layoutPage(items, 1, 612, 792).lines[0].text, 'Introduction');
  });

  it('keeps a space pdf.js reports between words that stand apart', () => {
    // "best" | " " | "results": 0.34 em apart, an ordinary word space.
    const items = [run('best', 72, 18), run(' ', 90, 5), run('results', 93.4, 28.3)];
    assert.equal(layoutPage(items, 1, 612, 792).lines[0].text, 'best results');
  });

  it('trusts a reported space when the run before it has no width to measure from', () => {
    const items = [run('of', 72, 0), run(' ', 72, 0), run('the', 72.5, 0)];
    assert.equal(layoutPage(items, 1, 612, 792).lines[0].text, 'of the');
  });
});

describe('hyphens at line ends', () => {
  const line = (text: string) => ({ text, page: 1, x: 72, y: 700, fontSize: 10, paragraphBreak: false });
  const spelling = DocumentSpelling.fromLines(
    ['We rank with PageRank and PageRank again.', 'The question-focused task is hard.', 'Compare: PageRank'].map(line),
  );

  it('keeps the hyphen of a compound the document writes with a hyphen elsewhere', () => {
    assert.equal(joinLineText('the question-', 'focused retrieval', ' ', spelling), 'the question-focused retrieval');
    // Without that evidence a hyphen before a lower-case letter is a layout hyphen.
    assert.equal(joinLineText('the question-', 'focused retrieval', ' '), 'the questionfocused retrieval');
  });

  it('drops the hyphen of a name the document writes in one word elsewhere', () => {
    assert.equal(joinLineText('we use Page-', 'Rank to rank', ' ', spelling), 'we use PageRank to rank');
    assert.equal(joinLineText('we use Page-', 'Rank to rank', ' '), 'we use Page-Rank to rank');
  });

  it('falls back to the usual rules for a word the document spells only once, at this break', () => {
    assert.equal(joinLineText('a convolu-', 'tional layer', ' ', spelling), 'a convolutional layer');
  });
});
