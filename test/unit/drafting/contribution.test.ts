import { strict as assert } from 'assert';
import { contributionFirst, selfContainedFirst, statesContribution } from '../../../src/core/drafting/contribution';
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

describe('a work is not described by one step of its procedure', () => {
  it('describes a work by its method, not by "First, we train …" or "In the training phase, we collect …"', () => {
    const method = candidate('To address these limitations, we describe a method to shrink gauge networks by pruning idle stations.', 0.29, 0);
    const step = candidate('First, we train the network to learn which stations are important.', 0.33, 1);
    assert.equal(contributionFirst([step, method])[0], method);
    const phase = candidate('In the training phase, we collect a number of tide records of each harbour.', 0.26, 2);
    const purpose = candidate('The gauge network is designed to forecast tides in silted harbours.', 0.2, 3);
    assert.equal(contributionFirst([phase, purpose])[0], purpose);
  });

  it('keeps a step that states a contribution ("Second, we propose …") as one', () => {
    const second = candidate('Second, we propose a new filter, the harbour mean, based on gauge records.', 0.15, 0);
    const measure = candidate('The harbour mean is compared with tide tables of four ports.', 0.2, 1);
    assert.equal(contributionFirst([measure, second])[0], second);
  });
});

describe('a work is not described by a sentence that points outside the draft', () => {
  const passive = { ...candidate('In this paper, a rhyme lattice is described and its formal properties are studied.', -9.9, 0), text: '\\cite{k} described a rhyme lattice and studied its formal properties.' };
  it('gives the work its self-contained contribution sentence rather than "the relevance of these lattices"', () => {
    const pointer = candidate('The metrical relevance of these lattices has been briefly discussed.', -0.1, 1);
    assert.deepEqual(selfContainedFirst([pointer, passive]).map((c) => c.sentenceIndex), [0, 1]);
  });

  it('gives an edited volume its contents over the editor\'s note on the introduction', () => {
    const editor = candidate('The editor of this volume has provided an introduction that relates the chapters to each other.', -0.02, 0);
    const contents = candidate('This book surveys rhyme lattices and their use in metrical parsing.', -0.3, 1);
    assert.equal(selfContainedFirst([editor, contents])[0], contents);
  });

  it('keeps the pointing sentence where nothing else of the abstract reads alone, and keeps "such as"', () => {
    const pointer = candidate('The metrical relevance of these lattices has been briefly discussed.', -0.1, 1);
    const scene = { ...candidate('Poems have been read aloud for centuries.', -2, 0), describesWork: false };
    assert.equal(selfContainedFirst([pointer, scene])[0], pointer);
    const example = candidate('Verse forms such as sonnets are parsed by the lattice we propose.', 0.3, 0);
    assert.equal(selfContainedFirst([example, passive])[0], example);
  });
});
