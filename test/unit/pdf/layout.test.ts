import { strict as assert } from 'node:assert';
import { DocumentSpelling, joinLineText, layoutPage, repairGlyphs } from '../../../src/core/pdf/layout';

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

describe('glyphs the text layer gives apart or wrong', () => {
  it('puts an accent that TeX set as a glyph of its own on its letter', () => {
    assert.equal(repairGlyphs('as Sch¨utze and R¨onkk¨o noted'), 'as Schütze and Rönkkö noted');
    // TeX's \'{\i} is an acute on a dotless i; a caron and a tilde go on the consonant after them.
    assert.equal(repairGlyphs('Mart´ınez, Hajiˇc and Salda˜na'), 'Martínez, Hajič and Saldaña');
    // Set after its letter when the letter after cannot take it; a cedilla comes after its letter.
    assert.equal(repairGlyphs('Go´mez-Cadenas and Fa¸cade'), 'Gómez-Cadenas and Façade');
    assert.equal(repairGlyphs('G¨unes¸ and Pas¸ca'), 'Güneş and Paşca');
    // Two accents in one word, and one that opens a word.
    assert.equal(repairGlyphs('Jan ˇStˇep´anek'), 'Jan Štěpánek');
  });

  it('reads an acute set for an apostrophe as one, and leaves primes and math accents as they are', () => {
    assert.equal(repairGlyphs('the author´s view and the authors´ view'), 'the author’s view and the authors’ view');
    assert.equal(repairGlyphs('m´ and m´´ in (R´)^n'), 'm´ and m´´ in (R´)^n');
    assert.equal(repairGlyphs('the mean ˜s of ¯Φ at 0.08˚C'), 'the mean ˜s of ¯Φ at 0.08˚C');
  });

  it('repairs the "ffi" ligature that old fonts give as "Æ" inside a word, and leaves a real "Æ" alone', () => {
    assert.equal(repairGlyphs('a diÆcult, eÆcient Dice coeÆcient'), 'a difficult, efficient Dice coefficient');
    assert.equal(repairGlyphs('Ælfric wrote on X Æ Y'), 'Ælfric wrote on X Æ Y');
  });

  it('repairs a line as it is laid out', () => {
    assert.equal(layoutPage([run('Sch¨utze found it diÆcult', 72, 120)], 1, 612, 792).lines[0].text, 'Schütze found it difficult');
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

  it('keeps the hyphen of two words that the word list does not know as one, where the document does not say', () => {
    const words = new Set(['graph', 'based', 'fine', 'grained', 'deploy', 'ments', 'deployments', 'cam', 'bridge']);
    const listed = DocumentSpelling.fromLines([], words);
    assert.equal(joinLineText('a graph-', 'based ranking', ' ', listed), 'a graph-based ranking');
    assert.equal(joinLineText('a fine-', 'grained grid', ' ', listed), 'a fine-grained grid');
    // One word in the list; and a name's first syllable, which the list has as a word too.
    assert.equal(joinLineText('long deploy-', 'ments', ' ', listed), 'long deployments');
    assert.equal(joinLineText('in Cam-', 'bridge', ' ', listed), 'in Cambridge');
    // Without a word list, a hyphen before a lower-case letter is a layout hyphen.
    assert.equal(joinLineText('a graph-', 'based ranking', ' '), 'a graphbased ranking');
  });

  it('keeps a hyphen left hanging before "and" or "or" as it is, with its space', () => {
    assert.equal(joinLineText('both intra-', 'and inter-sentence links', ' '), 'both intra- and inter-sentence links');
  });

  it('joins a line broken after an en dash inside a word or a range without a space, and keeps a spaced dash apart', () => {
    assert.equal(joinLineText('second order co–', 'occurrences', ' '), 'second order co–occurrences');
    assert.equal(joinLineText('pages 604–', '632, 1999.', ' '), 'pages 604–632, 1999.');
    assert.equal(joinLineText('the results –', 'all of them', ' '), 'the results – all of them');
  });

  it('falls back to the usual rules for a word the document spells only once, at this break', () => {
    assert.equal(joinLineText('a convolu-', 'tional layer', ' ', spelling), 'a convolutional layer');
  });
});

describe('superscripts', () => {
  /** A 7 pt run raised 4 units above the 10 pt baseline, as TeX sets a footnote mark or an exponent. */
  function raised(str: string, x: number, width: number) {
    return { str, transform: [7, 0, 0, 7, x, 704], width, height: 7, hasEOL: false, fontName: 'f2' };
  }
  function body(str: string, x: number, width: number) {
    return { str, transform: [10, 0, 0, 10, x, 700], width, height: 10, hasEOL: false, fontName: 'f1' };
  }
  const line = (...items: ReturnType<typeof body>[]) => layoutPage(items, 1, 612, 792).lines.map((l) => l.text).join(' | ');

  it('drops a footnote mark glued to a word or a full stop, keeping the space after it', () => {
    assert.equal(line(body('with the Brill tagger', 72, 95), raised('4', 167, 4), body(' ', 171, 3), body('on each corpus', 174, 60)), 'with the Brill tagger on each corpus');
    assert.equal(line(body('as reported.', 72, 52), raised('12', 124, 7), body('The rest', 134, 35)), 'as reported. The rest');
    assert.equal(line(body('in the tagger', 72, 55), raised('3 ', 127, 6), body('(see below)', 133, 45)), 'in the tagger (see below)');
    assert.equal(line(body('(Kato and Ide, 2011)', 72, 85), raised('1,2', 157, 9), body(' and so on', 166, 42)), '(Kato and Ide, 2011) and so on');
    assert.equal(line(body('shown in Table 4', 72, 70), raised('3', 142, 4), body(' for all runs', 146, 52)), 'shown in Table 4 for all runs');
    assert.equal(line(body('as in Task 1', 72, 50), raised('1', 122, 4), body('. Then', 126, 25)), 'as in Task 1. Then');
    // After an acronym the raised digit may be part of a name (a method called ABC²): it stays.
    assert.equal(line(body('we call it ABC', 72, 60), raised('2', 132, 4), body(' here', 136, 20)), 'we call it ABC2 here');
  });

  it('marks an exponent after a variable, a number, a function name or a closed expression', () => {
    assert.equal(line(body('runs in O(n', 72, 48), raised('2', 120, 4), body(') time', 124, 25)), 'runs in O(n^2) time');
    assert.equal(line(body('about 10', 72, 36), raised('6', 108, 4), body(' pairs', 112, 25)), 'about 10^6 pairs');
    assert.equal(line(body('takes O(log', 72, 48), raised('2', 120, 4), body(' n) steps', 124, 38)), 'takes O(log^2 n) steps');
    assert.equal(line(body('at least (1 + ε)', 72, 64), raised('2', 136, 4), body(' of it', 140, 22)), 'at least (1 + ε)^2 of it');
    assert.equal(line(body('for σ', 72, 22), raised('−1', 94, 8), body(' only', 102, 22)), 'for σ^−1 only');
  });

  it('tells a footnote by the raised mark it opens with, and a drop cap from a superscript', () => {
    const note = [
      { str: '2', transform: [5.6, 0, 0, 5.6, 72, 123], width: 3, height: 5.6, hasEOL: false, fontName: 'f3' },
      { str: 'https://example.org/data is the corpus.', transform: [8, 0, 0, 8, 75, 120], width: 140, height: 8, hasEOL: false, fontName: 'f4' },
    ];
    const [line] = layoutPage(note, 1, 612, 792).lines;
    assert.equal(line.opensWithNoteMark, true);
    assert.equal(layoutPage([body('2 tokens per clause.', 72, 80)], 1, 612, 792).lines[0].opensWithNoteMark, undefined);
    const dropCap = [
      { str: 'W', transform: [30, 0, 0, 30, 72, 680], width: 28, height: 30, hasEOL: false, fontName: 'f5' },
      { str: 'E study parsers.', transform: [10, 0, 0, 10, 100, 694], width: 70, height: 10, hasEOL: false, fontName: 'f1' },
    ];
    assert.equal(layoutPage(dropCap, 1, 612, 792).lines[0].text, 'WE study parsers.');
  });

  it('leaves primes, ordinals and marks set apart as they are', () => {
    assert.equal(line(body('so c', 72, 18), raised('′', 90, 2), body(' holds', 92, 26)), 'so c′ holds');
    assert.equal(line(body('the 21', 72, 26), raised('st', 98, 6), body(' century', 104, 34)), 'the 21st century');
    assert.equal(line(body('the B', 72, 24), raised('+', 96, 4), body('-tree', 100, 22)), 'the B+-tree');
    assert.equal(line(body('each node', 72, 40), body(' ', 112, 3), raised('7', 118, 4), body(' times', 122, 25)), 'each node 7 times');
  });
});
