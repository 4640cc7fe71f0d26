// What an extraction or a cut leaves behind. A percent sign an extraction lost ("methods that achieve 92 accuracy") is put back where the figure can only be a
// share, and nowhere else. The sentences are our own, written to the shape of what a blind reader marked.
import { strict as assert } from 'assert';
import { rewriteSentence } from '../../../src/core/rewrite';
import { withLostPercentMended } from '../../../src/core/rewrite/junk';

describe('a lost percent sign', () => {
  it('puts "%" back after a figure of at most 100 before a measure of a share', () => {
    assert.equal(withLostPercentMended('Our tide model achieves 92 accuracy on two harbours.'), 'Our tide model achieves 92% accuracy on two harbours.');
    assert.equal(withLostPercentMended('The pruned net keeps 71.5 top-1 accuracy.'), 'The pruned net keeps 71.5% top-1 accuracy.');
    assert.equal(withLostPercentMended('It costs only 0.4 top-5 accuracy drop.'), 'It costs only 0.4% top-5 accuracy drop.');
  });

  it('leaves a fraction, a figure over 100, a rank, a sign already there and other measures alone', () => {
    for (const s of [
      'The classifier reaches 0.92 accuracy on the harbour set.',
      'We label 250 accuracy judgements by hand.',
      'Our ranker improves top 5 accuracy on port names.',
      'The tagger reaches 92% accuracy on tide reports.',
      'The translation model gains 2 BLEU on the ferry corpus.',
      'Table 3 precision figures are reported per harbour.',
    ])
      assert.equal(withLostPercentMended(s), s);
  });

  it('writes the mended figure in the sentence a draft cites', () => {
    const out = rewriteSentence('We develop tide predictors that achieve 92 accuracy in telling neap tides from spring tides.', {
      record: { key: 'k', authors: [{ family: 'Doe' }] },
      style: 'citation',
      tense: 'past',
    });
    assert.match(out, /achieved? 92% accuracy/, out);
  });
});

describe('a closing "as well" or "too"', () => {
  const cite = (s: string) => rewriteSentence(s, { record: { key: 'k', authors: [{ family: 'Doe' }] }, style: 'citation', tense: 'past' });

  it('drops the adverb that adds to a sentence the citation does not quote', () => {
    assert.equal(cite('Moreover, we round the tide gauge readings to whole centimetres as well.'), 'Doe \\cite{k} rounded the tide gauge readings to whole centimetres.');
    assert.equal(cite('We release the harbour corpus, too.'), 'Doe \\cite{k} released the harbour corpus.');
  });

  it('keeps a comparison ("performs as well") and an "as well as" inside the sentence', () => {
    assert.match(cite('Our small tide model performs as well.'), /performs as well/);
    assert.match(cite('We release the harbour corpus as well as the tide gauge readings.'), /as well as the tide gauge readings/);
  });
});
