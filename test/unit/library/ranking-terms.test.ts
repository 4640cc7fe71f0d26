import { strict as assert } from 'assert';
import { indexedForm, selectRankingTerms } from '../../../src/core/library/ranking-terms';

describe('words worth a ranking query', () => {
  const documents = new Map([['learning', 9000], ['model', 12000], ['tide', 40], ['harbour', 12], ['using', 30000]]);
  const count = (t: string) => documents.get(t);

  it('drops the words 2% of a large library holds, rarest first', () => {
    assert.deepEqual(selectRankingTerms(['learning', 'tide', 'model', 'harbour', 'using'], count, 50_000), ['harbour', 'tide']);
  });

  it('keeps the two rarest when every word is common, and a word the index does not hold as one term', () => {
    assert.deepEqual(selectRankingTerms(['using', 'learning', 'model'], count, 50_000), ['learning', 'model']);
    assert.deepEqual(selectRankingTerms(['image-to-image', 'model'], count, 50_000), ['image-to-image', 'model']);
  });

  it('keeps every word in a small library, and eight at most', () => {
    assert.deepEqual(selectRankingTerms(['tide', 'harbour'], () => 150, 300), ['tide', 'harbour']);
    const many = Array.from({ length: 12 }, (_, i) => `w${i}`);
    assert.deepEqual(selectRankingTerms(many, () => 1, 1000), many.slice(0, 8));
  });

  it('looks words up as the index stores them', () => {
    assert.equal(indexedForm('Müller'), 'muller');
  });
});
