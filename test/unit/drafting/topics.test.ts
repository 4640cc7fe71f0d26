import { strict as assert } from 'assert';
import { allTopicSentences } from '../../../src/core/drafting/topics';
import type { GroupPlan, WorkPlan } from '../../../src/core/drafting/plan';

/** A work the length left no sentence of its own (`groupedOnly`), with its abstract's one sentence. */
function listedWork(key: string, family: string, abstract: string): WorkPlan {
  const option = { extract: abstract, source: { text: abstract }, sentenceIndex: 0 };
  return { record: { key, type: 'article', title: '', authors: [{ family }], abstract }, chosen: [], options: [option], groupedOnly: true } as unknown as WorkPlan;
}

/** A work written in a sentence of its own. */
function writtenWork(key: string, abstract: string): WorkPlan {
  return { ...listedWork(key, 'Doe', abstract), groupedOnly: false } as WorkPlan;
}

const group = (keyphrase: string, works: WorkPlan[]): GroupPlan => ({ works, keyphrases: [keyphrase], mixed: false, ownSimilarity: 0 });

describe('drafting topic sentences', () => {
  const groups = [
    group('salt marsh accretion', [
      writtenWork('w1', 'We measure salt marsh accretion with sediment pins.'),
      listedWork('a', 'Okafor', 'We propose a cellular automaton of salt marsh accretion under rising sea level.'),
      listedWork('b', 'Brandt', 'We present a satellite record of salt marsh accretion in twelve estuaries.'),
    ]),
    group('harbour tide tables', [
      writtenWork('w2', 'We correct harbour tide tables for storm surge.'),
      writtenWork('w3', 'We publish harbour tide tables for fishing ports.'),
    ]),
  ];

  it('says what the works a topic sentence would list do, in clauses after it, as the paragraphs are written', () => {
    const [first] = allTopicSentences(groups, 'cite', { words: 60 });
    assert.deepEqual(first.map((s) => s.text), [
      'A first line of work studies salt marsh accretion.',
      'Okafor \\cite{a} proposed a cellular automaton and Brandt \\cite{b} presented a satellite record of salt marsh accretion in twelve estuaries.',
    ]);
  });

  it('lists them as the length stages count the draft, and charges their clauses to the budget listed works share', () => {
    const [counted] = allTopicSentences(groups, 'cite');
    assert.deepEqual(counted.map((s) => s.text), ['A first line of work studies salt marsh accretion, including \\cite{a,b}.']);
    // Their words come out of the budget that later listed works' clauses share.
    const budget = { words: 60 };
    allTopicSentences(groups, 'cite', budget);
    assert.ok(budget.words <= 60 - 18, String(budget.words));
  });
});
