// A cited work's finding is reported as its authors' ("Doe and Roe proved that X"), not stated as a fact ("X
// \cite{k}"): the reader of a related-work section must see whose claim it is.
import { strict as assert } from 'assert';
import { DefaultEngine } from '../../../src/core/engines/default-engine';
import { LinearScorer } from '../../../src/core/engine/scorer';
import { explainExample } from '../../../src/core/engine/explain';

const scorer = new LinearScorer(new DefaultEngine().scorerModel);
const cite = (input: string, style: 'citation' | 'tldr' = 'citation') => explainExample({ input, output: '', style }, scorer).citation.text;

describe('a cited finding keeps who found it', () => {
  it('cites "we prove that X" as the authors\' proof, not as X', () => {
    assert.equal(
      cite('In this paper, we prove that every tagger of noisy tweets has an equivalent finite-state model.'),
      'Doe and Roe \\cite{doe2020} proved that every tagger of noisy tweets has an equivalent finite-state model.',
    );
    assert.equal(
      cite('We show that taggers trained on synthetic tweets still generalize very well to real posts from forums.'),
      'Doe and Roe \\cite{doe2020} showed that taggers trained on synthetic tweets still generalize very well to real posts from forums.',
    );
  });

  it('still lets a TLDR state the finding without its frame', () => {
    assert.equal(cite('In this work, we demonstrate that it is possible to tag noisy text with a very small model.', 'tldr'), 'It is possible to tag noisy text with a very small model.');
  });
});
