import { strict as assert } from 'assert';
import { boundedRecord, capLongTokens, MAX_TOKEN_CHARS } from '../../../src/core/text/long-tokens';
import type { PaperRecord } from '../../../src/core/types';

describe('capLongTokens', () => {
  it('cuts a word longer than MAX_TOKEN_CHARS to that length and marks the cut, keeping the words around it', () => {
    const blob = 'QmFzZTY0'.repeat(5000);
    const capped = capLongTokens(`We attach the data ${blob} to the paper.`);
    assert.equal(capped, `We attach the data ${blob.slice(0, MAX_TOKEN_CHARS)}… to the paper.`);
  });

  it('returns the same string when no word is that long (a long URL included)', () => {
    const text = 'Code is at https://colab.sandbox.google.com/github/google/neural-tangents/blob/master/notebooks/neural_tangents_cookbook.ipynb for all.';
    assert.equal(capLongTokens(text), text);
    const exactly = 'a'.repeat(MAX_TOKEN_CHARS);
    assert.equal(capLongTokens(`${exactly} ${exactly}`), `${exactly} ${exactly}`);
  });

  it('does not split a surrogate pair where it cuts', () => {
    const word = 'a'.repeat(MAX_TOKEN_CHARS - 1) + '𝑥'.repeat(10);
    const capped = capLongTokens(word);
    assert.equal(capped, 'a'.repeat(MAX_TOKEN_CHARS - 1) + '…');
    assert.doesNotMatch(capped, /[\ud800-\udbff](?![\udc00-\udfff])/);
  });
});

describe('boundedRecord', () => {
  const record: PaperRecord = {
    key: 'k',
    type: 'article',
    title: 'A Title',
    authors: [{ family: 'Doe' }],
    abstract: 'We present a method. It works.',
    sections: [{ heading: 'Introduction', kind: 'introduction', sentences: [{ text: 'We study X.', section: 'introduction', index: 0 }] }],
  };

  it('is the record itself when nothing is cut', () => {
    assert.equal(boundedRecord(record), record);
  });

  it('cuts the overlong words of the abstract and of the PDF sentences, and leaves the stored record as it was', () => {
    const word = 'z'.repeat(1_000_000);
    const long: PaperRecord = { ...record, abstract: `We present ${word} here.`, sections: [{ ...record.sections![0], sentences: [{ text: `We study ${word}.`, section: 'introduction', index: 0 }] }] };
    const bounded = boundedRecord(long);
    assert.equal(bounded.abstract, `We present ${'z'.repeat(MAX_TOKEN_CHARS)}… here.`);
    assert.equal(bounded.sections![0].sentences[0].text, `We study ${'z'.repeat(MAX_TOKEN_CHARS)}…`);
    assert.equal(long.abstract!.length, `We present ${word} here.`.length);
    assert.equal(bounded.title, record.title);
  });
});
