import { strict as assert } from 'assert';
import { spelledOut } from '../../../src/core/suggest/acronyms';
import { unsupportedDetails } from '../../../src/core/suggest/attribution';

describe('acronyms a work spells out', () => {
  it('reads an acronym from the first letters of neighbouring words, plural and hyphens included', () => {
    assert.equal(spelledOut('CNNs', 'We train deep convolutional neural networks on images.'), true);
    assert.equal(spelledOut('FoE', 'A Fields of Experts prior is learned.'), true);
    assert.equal(spelledOut('PCA', 'We reduce dimension with principal component analysis.'), true);
    assert.equal(spelledOut('NMF', 'Non-Negative Matrix Factorization of spectra.'), true);
    assert.equal(spelledOut('BoW', 'Documents as a bag of words.'), true);
  });

  it('does not read it where the words are apart, from two letters, or from a name that is not an acronym', () => {
    assert.equal(spelledOut('CNN', 'Convolutional layers feed a neural network.'), false);
    assert.equal(spelledOut('LR', 'A large region is marked.'), false);
    assert.equal(spelledOut('GPT-4', 'Generative pretrained transformer four.'), false);
  });

  it('keeps an acronym the cited work does not spell out among the unsupported details, and drops one it does', () => {
    assert.deepEqual(unsupportedDetails('A CNN reached 91.2% on SVHN.', 'A convolutional neural network reads house numbers.'), ['91.2%', 'SVHN']);
  });

  it('holds an acronym in the plural where the work writes it in the singular, and the reverse, but not another name', () => {
    assert.deepEqual(unsupportedDetails('It prunes LSTMs and GRUs.', 'We prune stacked LSTM models and a GRU decoder.'), []);
    assert.deepEqual(unsupportedDetails('It prunes an LSTM.', 'We prune LSTMs.'), []);
    assert.deepEqual(unsupportedDetails('It prunes LSTMs and GANs.', 'We prune LSTM models.'), ['GANs']);
  });
});
