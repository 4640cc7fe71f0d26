import { strict as assert } from 'assert';
import { Bm25Index, contentTerms, cosine, lightStem, TfIdfModel, tokenize, wordCount } from '../../../src/core/text/tokens';

describe('tokens', () => {
  it('tokenizes like ROUGE: lower case, non-alphanumerics split, accents folded', () => {
    assert.deepEqual(tokenize("Gödel's state-of-the-art BERT_base (v2.0)"), ['godel', 's', 'state', 'of', 'the', 'art', 'bert', 'base', 'v2', '0']);
  });

  it('keeps content terms only, light-stemmed', () => {
    assert.deepEqual(contentTerms('We propose neural models for translating images'), ['neural', 'model', 'translat', 'image']);
    assert.equal(lightStem('studies'), 'study');
  });

  it('TF-IDF cosine ranks a topical neighbour above an unrelated text', () => {
    const docs = [
      'unpaired image translation with cycle consistency',
      'image translation between domains without paired data',
      'parsing sentences with a neural dependency parser',
    ].map(contentTerms);
    const model = new TfIdfModel(docs);
    const v = docs.map((d) => model.vector(d));
    assert.ok(cosine(v[0], v[1]) > cosine(v[0], v[2]));
    assert.equal(cosine(v[2], v[2]).toFixed(6), '1.000000');
  });

  it('BM25 prefers the document that contains the rarer query term', () => {
    const docs = ['gan image image', 'gan parser', 'gan speech'].map(contentTerms);
    const bm25 = new Bm25Index(docs);
    const q = contentTerms('image gan');
    assert.ok(bm25.score(q, 0) > bm25.score(q, 1));
  });

  it('counts words a reader would count', () => {
    assert.equal(wordCount('Smith et al. \\cite{a} propose X — a model.'), 8);
  });
});
