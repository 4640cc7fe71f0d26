import { strict as assert } from 'assert';
import { compressToClause, withoutPraise } from '../../../src/core/drafting/clause';

const clause = (sentence: string) => compressToClause(sentence, '\\cite{k}');

describe('a listed work said in a clause compressed from its sentence (subject–verb–object)', () => {
  it('keeps the verb and its object, without the purpose, means or side detail after them', () => {
    assert.equal(clause('\\cite{k} developed a radar tide gauge for silted harbours to cut the drift of float gauges.'), 'developed a radar tide gauge for silted harbours');
    assert.equal(clause('\\cite{k} proposed SiltNet, a network which learns silt drift from gauge records during winter storms.'), 'proposed SiltNet, a network which learns silt drift from gauge records');
    // Cut at "based on", the clause would name only a kind of thing ("SiltNet, a method"): it reads on to the next cut.
    assert.equal(clause('\\cite{k} proposed SiltNet, a method based on radar echoes that separates silt from water.'), 'proposed SiltNet, a method based on radar echoes that separates silt from water');
    assert.equal(clause('\\cite{k} studied surges in a chain of linked estuaries: how a surge in one raises the next.'), 'studied surges in a chain of linked estuaries');
    // A purpose cut that would leave "a technique" moves on to the next cut; "also" linked to a sentence not beside it.
    assert.equal(clause('\\cite{k} also proposed a technique to correct gauge drift by weighing the float every hour.'), 'proposed a technique to correct gauge drift');
    // A second predicate goes with what it adds ("and proposed …").
    assert.equal(clause('\\cite{k} established a gauge survey of twelve harbours and proposed a silt index to rank them.'), 'established a gauge survey of twelve harbours');
  });

  it('says what the work did, not how the sentence framed it', () => {
    // An opener of the work's own is dropped; "took one step forward by investigating" is "investigated".
    assert.equal(
      clause('Through field trials, \\cite{k} took one step forward by investigating the placement of tide gauges on floating piers to reduce silt errors.'),
      'investigated the placement of tide gauges on floating piers',
    );
    assert.equal(clause('The experiments of \\cite{k} establish that harmonic filters fitted in one harbour transfer to the next.'), 'showed that harmonic filters fitted in one harbour transfer to the next');
    assert.equal(clause('In \\cite{k}, the authors presented a drift model of gauge wells, which is cheap.'), 'presented a drift model of gauge wells');
    // "how X can Y" claims what "that" does; "fitted using …" is what the records are, not how the work did it.
    assert.equal(
      clause('\\cite{k} showed how gauge records fitted using tide tables can outperform radar readings like those of pier gauges.'),
      'showed that gauge records fitted using tide tables can outperform radar readings',
    );
  });

  it('keeps the infinitive a verb needs ("learns to map"), cutting only one that says what a thing is for', () => {
    assert.equal(clause('\\cite{k} presented a filter that learns to map gauge drift from ten winters of records.'), 'presented a filter that learns to map gauge drift from ten winters of records');
    assert.equal(clause('\\cite{k} presented a filter that learns to map gauge drift, which is cheap.'), 'presented a filter that learns to map gauge drift');
  });

  it('leaves out the authors\' praise of their own work', () => {
    assert.equal(clause('\\cite{k} developed several important extensions to harmonic tide analysis, which are fast.'), 'developed several extensions to harmonic tide analysis');
    assert.equal(withoutPraise('presented a novel and important adaptive filter for gauges'), 'presented an adaptive filter for gauges');
  });

  it('gives no clause for a side detail, a pointer to what the draft lacks, or a phrase cut before it ends', () => {
    assert.equal(clause('\\cite{k} illustrated the model with data on harbour levels.'), undefined);
    assert.equal(clause('\\cite{k} proposed a remedy for this problem.'), undefined);
    // Cut at "during", the participle would be left without what it says of the rates.
    assert.equal(clause('\\cite{k} showed that drift rates estimated during storms exceed calm ones.'), undefined);
    assert.equal(clause('Tide gauges drift in silted wells \\cite{k}.'), undefined);
  });
});
