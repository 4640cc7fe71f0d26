import { strict as assert } from 'assert';
import { rejoinBrokenWords } from '../../../src/core/text/words';
import { sourceDocument } from '../../../src/core/engine/candidates';

describe('rejoinBrokenWords: line-break hyphens left in an abstract copied from a PDF', () => {
  it('joins a word that the break split ("harb- ours", "estu- aries")', () => {
    assert.equal(rejoinBrokenWords('We chart the harb- ours and estu- aries of the coast.'), 'We chart the harbours and estuaries of the coast.');
  });

  it('keeps the hyphen of a compound ("tide- driven", "state-of-the- art")', () => {
    assert.equal(rejoinBrokenWords('a tide- driven model beats the state-of-the- art gauges'), 'a tide-driven model beats the state-of-the-art gauges');
  });

  it('leaves a suspended hyphen, a dash before a function word, and what the word list does not know', () => {
    const text = 'low- and high-water marks, a gauge- which drifts, and the Abe- rystwyth quay';
    assert.equal(rejoinBrokenWords(text), text);
  });

  it('applies to the sentences the engine quotes', () => {
    const doc = sourceDocument({ key: 'k', type: 'article', title: 'Tides', authors: [], abstract: 'We chart the harb- ours of the Welsh coast.' });
    assert.equal(doc.sentences[0].text, 'We chart the harbours of the Welsh coast.');
  });
});
