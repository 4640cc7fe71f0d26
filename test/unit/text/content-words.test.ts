import { strict as assert } from 'assert';
import { contentTerms, contentWords, queryTerms } from '../../../src/core/text/tokens';
import { contentWords as suggestContentWords } from '../../../src/core/suggest/citance';

describe('content words: one test of a content word, three readings', () => {
  const sentence = 'The taggers reached 96.7% on 2000 sentences in Müller\'s corpus.';

  it('contentTerms (drafts, engine): stemmed, numbers kept', () => {
    assert.deepEqual(contentTerms(sentence), ['tagger', 'reach', '96', '2000', 'sentence', 'muller', 'corpus']);
  });

  it('contentWords (a citing sentence): as written, numbers left out', () => {
    assert.deepEqual(contentWords(sentence), ['taggers', 'reached', 'sentences', 'muller', 'corpus']);
  });

  it('queryTerms (a citing sentence and its candidate works): contentWords stemmed', () => {
    assert.deepEqual(queryTerms(sentence), ['tagger', 'reach', 'sentence', 'muller', 'corpus']);
  });

  it('suggest/ reads the same function', () => {
    assert.equal(typeof contentWords, 'function');
    assert.equal(suggestContentWords, contentWords);
  });
});
