import { strict as assert } from 'assert';
import { contributionFirst, statesContribution } from '../../../src/core/drafting/contribution';
import type { ScoredCandidate } from '../../../src/core/engine/citation';

/** A work's sentence as the draft ranks it: its source text, its score, and whether it speaks of the work. */
const candidate = (text: string, score: number, index: number): ScoredCandidate =>
  ({ source: { text, section: 'abstract', index }, sentenceIndex: index, extract: text, text, features: [], score, describesWork: true }) as ScoredCandidate;

describe('which sentence a draft describes a work by (its contribution first)', () => {
  it('describes a work by what it proposes, not by its praise of itself that shares a few more of the author\'s words', () => {
    const praise = candidate('The harbour tide forecasts of the model are accurate, fast and robust for pilots.', 0.52, 1);
    const contribution = candidate('In this paper we propose a harmonic tide model fitted to gauge records.', 0.45, 0);
    assert.equal(contributionFirst([praise, contribution])[0], contribution);
  });

  it('raises a sentence only where its contribution opens it, not one that begins with someone else\'s finding', () => {
    assert.equal(statesContribution(candidate('This paper studies surge warnings in ports.', 0, 0)), true);
    assert.equal(statesContribution(candidate('Marsh and her colleagues have shown that gauge records drift over the years, and we develop their correction further.', 0, 1)), false);
    const scene = candidate('Marsh and her colleagues have shown that gauge records drift over the years, and we develop their correction further.', 0.45, 1);
    const result = candidate('The forecasts cut the error of harbour tide tables by a third.', 0.5, 2);
    assert.equal(contributionFirst([scene, result])[0], result);
  });

  it('leaves a sentence that sets the scene where it is, whatever its words', () => {
    const scene = { ...candidate('We propose that tides matter to pilots.', 0.45, 0), describesWork: false };
    const result = candidate('The forecasts cut the error of harbour tide tables by a third.', 0.5, 1);
    assert.equal(contributionFirst([scene, result])[0], result);
  });
});
