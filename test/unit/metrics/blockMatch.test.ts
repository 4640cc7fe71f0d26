import { strict as assert } from 'assert';
import { blockMatch, matchBlockScores, maxWeightAssignment, splitBlocks } from '../../../src/core/metrics';

describe('maxWeightAssignment (Hungarian)', () => {
  it('finds the optimum where picking the best pair first would not', () => {
    // Greedy takes (0,0)=0.9 and leaves row 1 with 0 → 1.4; optimal (0,1)+(1,0)+(2,2) = 0.8+0.85+0.5 = 2.15.
    const { pairs, total } = maxWeightAssignment([
      [0.9, 0.8, 0],
      [0.85, 0, 0],
      [0, 0, 0.5],
    ]);
    assert.deepEqual(pairs, [
      [0, 1],
      [1, 0],
      [2, 2],
    ]);
    assert.ok(Math.abs(total - 2.15) < 1e-12);
  });

  it('handles more columns than rows and more rows than columns', () => {
    assert.deepEqual(maxWeightAssignment([[0.1, 0.7, 0.3]]).pairs, [[0, 1]]);
    const tall = maxWeightAssignment([[0.2], [0.9], [0.4]]);
    assert.deepEqual(tall.pairs, [[1, 0]]);
    assert.equal(tall.total, 0.9);
  });

  it('returns no pairs for an empty side', () => {
    assert.deepEqual(maxWeightAssignment([]), { pairs: [], total: 0 });
    assert.deepEqual(maxWeightAssignment([[], []]), { pairs: [], total: 0 });
  });
});

describe('splitBlocks', () => {
  it('splits Markdown into headings and blank-line-separated paragraphs, with their ranges', () => {
    const text = '# Related Work\n\nFirst paragraph\ncontinues here.\n\n\nSecond paragraph.\n## Methods\nThird.';
    const blocks = splitBlocks(text);
    assert.deepEqual(
      blocks.map((b) => [b.kind, b.text]),
      [
        ['heading', 'Related Work'],
        ['paragraph', 'First paragraph\ncontinues here.'],
        ['paragraph', 'Second paragraph.'],
        ['heading', 'Methods'],
        ['paragraph', 'Third.'],
      ],
    );
    assert.equal(text.slice(blocks[1].start, blocks[1].end), 'First paragraph\ncontinues here.');
  });

  it('treats LaTeX sectioning commands as headings and skips comment lines', () => {
    const text = String.raw`\subsection*{Neural models}
% TODO: add more
Paragraph one.
% a comment inside
still one.

\paragraph{Datasets.} Paragraph two starts here.`;
    assert.deepEqual(
      splitBlocks(text).map((b) => [b.kind, b.text]),
      [
        ['heading', 'Neural models'],
        ['paragraph', 'Paragraph one.\n% a comment inside\nstill one.'],
        ['heading', 'Datasets.'],
        ['paragraph', 'Paragraph two starts here.'],
      ],
    );
  });

  it('recognises setext headings', () => {
    assert.deepEqual(
      splitBlocks('Background\n==========\nText.').map((b) => [b.kind, b.text]),
      [
        ['heading', 'Background'],
        ['paragraph', 'Text.'],
      ],
    );
  });
});

describe('blockMatch', () => {
  const p1 = 'Pointer networks copy words from the source document.';
  const p2 = 'Reinforcement learning optimises the summary score directly.';
  const p3 = 'Pretrained encoders improve abstractive summaries a lot.';
  const p4 = 'Evaluation relies on ROUGE against human references.';

  it('pairs reordered paragraphs with each other and scores 1 when the texts are the same', () => {
    const result = blockMatch(`${p2}\n\n${p1}`, `${p1}\n\n${p2}`);
    assert.deepEqual(
      result.pairs.map((p) => [p.draft, p.reference]),
      [
        [0, 1],
        [1, 0],
      ],
    );
    assert.deepEqual([result.precision, result.recall, result.f1], [1, 1, 1]);
  });

  it('divides the total by the draft blocks for precision and by the reference blocks for recall', () => {
    // Two draft blocks, each identical to one of four reference blocks: total 2 → P 2/2, R 2/4.
    const result = blockMatch(`${p3}\n\n${p1}`, [p1, p2, p3, p4].join('\n\n'));
    assert.equal(result.total, 2);
    assert.equal(result.precision, 1);
    assert.equal(result.recall, 0.5);
    assert.ok(Math.abs(result.f1 - 2 / 3) < 1e-12);
  });

  it('ignores citation markers by default, so they do not change the score', () => {
    const withCites = blockMatch(String.raw`Pointer networks \cite{see2017} copy words from the source document.`, p1);
    assert.equal(withCites.f1, 1);
    const kept = blockMatch(String.raw`Pointer networks \cite{see2017} copy words from the source document.`, p1, {
      stripCitations: false,
    });
    assert.ok(kept.f1 < 1);
  });

  it('uses a pluggable block metric', () => {
    const sameLength = (a: string, b: string) => (a.length === b.length ? 1 : 0);
    const result = blockMatch('abc\n\nde', 'xy\n\nxyz', { metric: sameLength });
    assert.deepEqual(
      result.pairs.map((p) => [p.draft, p.reference, p.score]),
      [
        [0, 1, 1],
        [1, 0, 1],
      ],
    );
  });

  it('computes BlockMatch from a precomputed matrix (e.g. embedding cosines)', () => {
    const r = matchBlockScores(
      [
        [0.2, 0.9],
        [0.8, 0.1],
      ],
      2,
      2,
    );
    assert.ok(Math.abs(r.total - 1.7) < 1e-12);
    assert.ok(Math.abs(r.precision - 0.85) < 1e-12);
  });

  it('scores 0 when a side has no blocks', () => {
    const r = blockMatch('', p1);
    assert.deepEqual([r.precision, r.recall, r.f1, r.pairs.length], [0, 0, 0, 0]);
  });
});
