import { strict as assert } from 'assert';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { RougeScorer, rougeScores, type Score } from '../../../src/core/metrics';
import { checkRougeVectors } from '../../../scripts/check-rouge-vectors';

function assertScore(actual: Score, p: number, r: number, label = ''): void {
  const f = p + r > 0 ? (2 * p * r) / (p + r) : 0;
  const close = (a: number, b: number) => Math.abs(a - b) < 1e-12;
  assert.ok(
    close(actual.p, p) && close(actual.r, r) && close(actual.f, f),
    `${label}: expected p=${p} r=${r} f=${f}, got ${JSON.stringify(actual)}`,
  );
}

// Every expectation below was counted by hand; comments show the counting.
describe('rougeScores', () => {
  it('scores one reference: n-gram overlap and LCS', () => {
    // cand: the cat sat on the mat | ref: the cat was on the mat (6 tokens each)
    const s = rougeScores('The cat sat on the mat.', ['The cat was on the mat.']);
    assertScore(s.rouge1, 5 / 6, 5 / 6, 'rouge1'); // the×2, cat, on, mat
    assertScore(s.rouge2, 3 / 5, 3 / 5, 'rouge2'); // the-cat, on-the, the-mat of 5 bigrams
    assertScore(s.rougeL, 5 / 6, 5 / 6, 'rougeL'); // the cat on the mat
    assertScore(s.rougeLsum, 5 / 6, 5 / 6, 'rougeLsum'); // one line: same as ROUGE-L
  });

  it('matches inflected forms only with stemming on', () => {
    const candidate = 'The runners were running quickly';
    const reference = 'A runner runs quickly';
    const plain = rougeScores(candidate, [reference]);
    assertScore(plain.rouge1, 1 / 5, 1 / 4, 'rouge1 plain'); // quickly
    assertScore(plain.rouge2, 0, 0, 'rouge2 plain');
    // Stemmed: the runner were run quickli | a runner run quickli
    const stemmed = rougeScores(candidate, [reference], { stem: true });
    assertScore(stemmed.rouge1, 3 / 5, 3 / 4, 'rouge1 stem'); // runner, run, quickli
    assertScore(stemmed.rouge2, 1 / 4, 1 / 3, 'rouge2 stem'); // run-quickli
    assertScore(stemmed.rougeL, 3 / 5, 3 / 4, 'rougeL stem');
  });

  it('counts repeated n-grams at most as often as the reference has them (clipping)', () => {
    // cand: the the the the | ref: the cat → 1 unigram match of 4 candidate tokens
    const s = rougeScores('the the the the', ['the cat']);
    assertScore(s.rouge1, 1 / 4, 1 / 2, 'rouge1');
  });

  it('takes, for each metric separately, the reference with the highest F1 (score_multi)', () => {
    // cand a b c d; ref A = d c b a (all unigrams, LCS 1), ref B = a b x y (2 unigrams, bigram a-b, LCS 2)
    const s = rougeScores('a b c d', ['d c b a', 'a b x y']);
    assertScore(s.rouge1, 1, 1, 'rouge1 from A');
    assertScore(s.rouge2, 1 / 3, 1 / 3, 'rouge2 from B');
    assertScore(s.rougeL, 2 / 4, 2 / 4, 'rougeL from B');
  });

  it('keeps the first reference when two have the same F1', () => {
    // ref "a": p 1/2, r 1 (F 2/3); ref "a b c d": p 1, r 1/2 (F 2/3) → the first wins.
    assertScore(rougeScores('a b', ['a', 'a b c d']).rouge1, 1 / 2, 1, 'tie');
    assertScore(rougeScores('a b', ['a b c d', 'a']).rouge1, 1, 1 / 2, 'tie reversed');
  });

  it('ROUGE-Lsum takes the union LCS per reference line, unlike ROUGE-L over the whole text', () => {
    // ref lines: [the cat sat] [the dog ran]; cand lines: [the dog sat] [the cat ran]
    // line 1: LCS with cand 1 = {the, sat}, with cand 2 = {the, cat} → union the cat sat (3 hits)
    // line 2: union the dog ran (3 hits) → 6/6. ROUGE-L over the flat text: "the sat the ran" = 4/6.
    const s = rougeScores('the dog sat\nthe cat ran', ['the cat sat\nthe dog ran']);
    assertScore(s.rougeLsum, 1, 1, 'rougeLsum');
    assertScore(s.rougeL, 4 / 6, 4 / 6, 'rougeL');
  });

  it('ROUGE-Lsum counts each token at most as often as both texts contain it', () => {
    // ref lines [a b] [a b], cand [a b]: the second line's LCS finds no tokens left → hits 2; p 2/2, r 2/4
    assertScore(rougeScores('a b', ['a b\na b']).rougeLsum, 1, 2 / 4, 'rougeLsum');
  });

  it('gives zeros, not NaN, for empty or punctuation-only texts', () => {
    for (const [cand, ref] of [
      ['', 'a reference'],
      ['a candidate', ''],
      ['!!!', '...'],
    ]) {
      const s = rougeScores(cand, [ref]);
      for (const type of ['rouge1', 'rouge2', 'rougeL', 'rougeLsum'] as const) assertScore(s[type], 0, 0, type);
    }
  });

  it('computes only the requested types', () => {
    const s = rougeScores('a b', 'a b', { types: ['rouge2'] });
    assert.deepEqual(Object.keys(s), ['rouge2']);
    assertScore(s.rouge2, 1, 1, 'rouge2');
  });

  it('gives the same numbers when one scorer is reused across many calls', () => {
    const scorer = new RougeScorer();
    const first = scorer.score('The cat sat on the mat.', ['The cat was on the mat.']);
    for (let i = 0; i < 50; i++) scorer.score(`other text number ${i} with words`, [`reference ${i} words`]);
    assert.deepEqual(scorer.score('The cat sat on the mat.', ['The cat was on the mat.']), first);
  });

  it('rejects an empty reference list', () => {
    assert.throws(() => rougeScores('a', []), /at least one reference/);
  });
});

describe('rouge-score 0.1.2 vectors (../shared/data/rouge-vectors.jsonl)', () => {
  const vectors = path.resolve(__dirname, '..', '..', '..', '..', 'shared', 'data', 'rouge-vectors.jsonl');
  it('matches every pair, both stemming settings, all four metrics, p/r/f within 1e-6', function () {
    if (!existsSync(vectors)) {
      this.skip(); // the shared data is not in this checkout; scripts/check-rouge-vectors.ts runs it elsewhere
    }
    const result = checkRougeVectors(vectors);
    assert.equal(result.numbersChecked, result.pairs * 2 * 4 * 3);
    assert.deepEqual(result.mismatches.slice(0, 5), [], `${result.mismatches.length} mismatches`);
  });
});
