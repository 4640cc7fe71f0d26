// The surface of a written sentence as a blind reader reads it: no sentence cut where it still needed its clause, no
// aside left between dashes that glue it to the words around it, no praise copied from the authors. The sentences are
// our own, written to the shape of what the readers marked.
import { strict as assert } from 'assert';
import { clauseTruncations, dropParentheticals, dropSelfPraise, rewriteSentence } from '../../../src/core/rewrite';
import { alsoBeforeParticiple, closeDashAsides, madeNotStrove, massNounsSingular, mendQuotes, relativeClauseAgreement, withoutCountedPraise, withoutDoubledWord } from '../../../src/core/rewrite/surface';
import { adverbBeforeParticiple, comparativeWithArticle, hyphenatedCompounds, listWithoutRepeatedIn, mendSurface, problemWithArticle } from '../../../src/core/rewrite/surface';

const cutsOf = (s: string) => clauseTruncations(s).map((t) => t.text);

describe('cuts that leave a sentence whole', () => {
  it('does not cut a definite noun off from the clause that says which ("maximize the region.")', () => {
    const region = cutsOf('We build permissive berth certificates for harbour pilots that safely maximize the region where a ship can turn without touching the quay.');
    assert.ok(!region.some((t) => /\bthe region\.$/.test(t)), region.join(' | '));
    const gauge = cutsOf('We describe a new way for harbour pilots to calibrate the gauge that the night shift reads every hour.');
    assert.ok(!gauge.some((t) => /\bthe gauge\.$/.test(t)), gauge.join(' | '));
    // An indefinite noun is still cut before what it achieves.
    const planner = cutsOf('We describe a berth planner for small harbours, which outperforms the manual schedules of five ports.');
    assert.ok(planner.includes('We describe a berth planner for small harbours.'), planner.join(' | '));
  });

  it('does not cut a design or strategy off from what it is for ("presented a safety feedback design.")', () => {
    const design = cutsOf('This paper presents a new safety feedback design for tugboats based on berth certificates and the idea of mooring functions.');
    assert.ok(!design.some((t) => /\bdesign\.$/.test(t)), design.join(' | '));
    const strategy = cutsOf('We present a layered alert strategy for the harbour networks of a small coastal region.');
    assert.ok(!strategy.some((t) => /\bstrategy\.$/.test(t)), strategy.join(' | '));
  });

  it('keeps what a thing "can" do, and cuts only what it "can achieve"', () => {
    const copes = cutsOf('This paper proposes a blind tide denoising algorithm which can cope with real gauge noise even when the noise model is not given.');
    assert.ok(!copes.some((t) => /\balgorithm\.$/.test(t)), copes.join(' | '));
    const achieves = cutsOf('This paper proposes a blind tide denoising algorithm which can achieve a lower error than every manual reading.');
    assert.ok(achieves.includes('This paper proposes a blind tide denoising algorithm.'), achieves.join(' | '));
  });
});

describe('cuts after a whole passive', () => {
  it('cuts a passive that is whole before "without" ("… where a ship can be turned.")', () => {
    const cuts = cutsOf('We build permissive berth certificates that safely maximize the region where a ship can be turned without touching the quay.');
    assert.ok(cuts.includes('We build permissive berth certificates that safely maximize the region where a ship can be turned.'), cuts.join(' | '));
    // A participle still needs what it acts through ("can be achieved [with …]" is not cut: "with" is no boundary).
    // Not a passive whose subject is the relative pronoun or a bare "it": "a tide variate which is obtained." says nothing.
    const obtained = cutsOf('We reduce the variance of the tide forecast using a built-in control variate which is obtained without extra gauges.');
    assert.ok(!obtained.some((t) => /\bobtained\.$/.test(t)), obtained.join(' | '));
    const achieved = cutsOf('We show that accurate tide readings can be achieved using a single cheap gauge on the pier.');
    assert.ok(!achieved.some((t) => /\bachieved\.$/.test(t)), achieved.join(' | '));
  });
});

describe('the surface of a written sentence', () => {
  it('sets off an aside between glued or spaced dashes with em dashes, and leaves compounds and ranges alone', () => {
    assert.equal(closeDashAsides('a reformulation–framed as a constrained search problem–of pilot tasks'), 'a reformulation—framed as a constrained search problem—of pilot tasks');
    assert.equal(closeDashAsides('the theorem - due to Vale - which states'), 'the theorem—due to Vale—which states');
    for (const kept of ['the steady-state Hamilton–Jacobi–Isaacs equation', 'tides on days 2–5 and 9–12', 'adjective–noun and verb–object pairs', 'a tide-gauge network - its second version']) {
      assert.equal(closeDashAsides(kept), kept);
    }
  });

  it('drops praise between a count and its noun, and fits the article to the next word', () => {
    assert.equal(withoutCountedPraise('develops several important extensions to X'), 'develops several extensions to X');
    assert.equal(withoutCountedPraise('integrates a powerful unsupervised tagger'), 'integrates an unsupervised tagger');
    assert.equal(withoutCountedPraise('gives an elegant unified account'), 'gives a unified account');
    assert.equal(withoutCountedPraise('proves some of its important properties'), 'proves some of its properties');
    // Praise not between a count and its noun stays: a predicate, or "the important features" that the sentence selects.
    assert.equal(withoutCountedPraise('learns which gauges are important'), 'learns which gauges are important');
    assert.equal(withoutCountedPraise('keeps the important features of each tide'), 'keeps the important features of each tide');
  });

  it('writes the plural English does not form in the singular, with its verb', () => {
    assert.equal(massNounsSingular('the two kinds of informations are fused'), 'the two kinds of information is fused');
    assert.equal(massNounsSingular('user feedbacks on the tide tables'), 'user feedback on the tide tables');
  });

  it('agrees a relative clause with a singular noun, not after "Xs of"', () => {
    assert.equal(relativeClauseAgreement('a modification of the pretrained harbour network that use siamese gauges'), 'a modification of the pretrained harbour network that uses siamese gauges');
    assert.equal(relativeClauseAgreement('the modifications of the network that use siamese gauges'), 'the modifications of the network that use siamese gauges');
    assert.equal(relativeClauseAgreement('the gauges that use a float'), 'the gauges that use a float');
    assert.equal(relativeClauseAgreement('the data that support the claim'), 'the data that support the claim');
  });
});

describe('praise and measure', () => {
  it('keeps "an important part" and "a significant aspect", which say how much', () => {
    assert.equal(withoutCountedPraise('uses tide gauges either alone or as an important part of the model'), 'uses tide gauges either alone or as an important part of the model');
    assert.equal(withoutCountedPraise('sets of gauges sharing a significant aspect of their siting'), 'sets of gauges sharing a significant aspect of their siting');
  });
});

describe('what a sentence refers to', () => {
  it('keeps an acronym\'s definition that the sentence uses again ("an rtf" after "( rtf )")', () => {
    assert.equal(
      dropParentheticals('The concept of a robust tide function ( rtf ) is introduced, and the existence of an rtf is shown for every harbour.'),
      'The concept of a robust tide function ( rtf ) is introduced, and the existence of an rtf is shown for every harbour.',
    );
    // Used nowhere else in the sentence, it goes as before.
    assert.equal(dropParentheticals('We tag noisy tweets with a recurrent tagger (RT) trained on a small corpus.'), 'We tag noisy tweets with a recurrent tagger trained on a small corpus.');
  });
});

describe('acronyms with hyphens', () => {
  it('reads a hyphenated acronym used again ("LR-TF") without error', () => {
    const s = 'We propose a low-rank tide filter (LR-TF), and an LR-TF is fitted to every gauge.';
    assert.equal(dropParentheticals(s), s);
  });
});

describe('quotes and doubled words', () => {
  it('pairs quotes an extraction mixed up, and leaves well-paired ones alone', () => {
    assert.equal(mendQuotes('reached a “sweet spot" in tide accuracy'), 'reached a “sweet spot” in tide accuracy');
    assert.equal(mendQuotes('a gauge (“"tide separation")'), 'a gauge (“tide separation”)');
    const paired = 'In “Tide Tables”, the gauges read “high” and “low”.';
    assert.equal(mendQuotes(paired), paired);
  });

  it('writes a doubled small word once, but not "that that" or "had had"', () => {
    assert.equal(withoutDoubledWord('the the gauge'), 'the gauge');
    assert.equal(withoutDoubledWord('showed that that gauge had had a leak'), 'showed that that gauge had had a leak');
  });

  it('drops a stock pair of praise with its article fitted ("a simple yet effective method" → "a method")', () => {
    assert.equal(withoutCountedPraise('proposed a simple yet effective unsupervised tagger'), 'proposed an unsupervised tagger');
    assert.equal(withoutCountedPraise('presented two simple yet powerful descent algorithms'), 'presented two descent algorithms');
  });
});

describe('cuts before what a thing is for', () => {
  it('reads a kind of thing through the name in brackets after it ("a matching model (TMM) [for tide retrieval]")', () => {
    const cuts = cutsOf('We propose a deep tide matching model (TMM) for ad-hoc retrieval of harbour logs.');
    assert.ok(!cuts.some((t) => /\(TMM\)\.$/.test(t)), cuts.join(' | '));
  });

  it('does not cut a quantified plural off from what it is for ("suggesting some hints.")', () => {
    const cuts = cutsOf('In this survey we present the open problems of harbour safety, identifying open issues, and suggesting some hints for future research.');
    assert.ok(!cuts.some((t) => /\bsome hints\.$/.test(t)), cuts.join(' | '));
  });

});

describe('a second participle clause', () => {
  it('may go after a first that stays, but a list of -ing nouns is not cut short', () => {
    const cuts = cutsOf('In this survey we present the open problems of harbour safety, identifying open issues, and suggesting some hints for future research.');
    assert.ok(cuts.includes('In this survey we present the open problems of harbour safety, identifying open issues.'), cuts.join(' | '));
    const list = cutsOf('We evaluate the harbour logbook corpus on sentence parsing, tagging, and chunking of the pilot notes.');
    assert.ok(!list.some((t) => /\btagging\.$/.test(t)), list.join(' | '));
    const between = cutsOf('The pilot chooses between taking the short channel, waiting for the tide at anchor, and asking the harbour for a tug.');
    assert.ok(!between.some((t) => /\bat anchor\.$/.test(t)), between.join(' | '));
    const gerunds = cutsOf('We report experiments in reading the tide gauges, predicting the height of the next tide, and learning the pilots\' habits.');
    assert.ok(!gerunds.some((t) => /next tide\.$/.test(t)), gerunds.join(' | '));
  });
});

describe('word order and effort', () => {
  it('puts "also" before the participle, and says what was made rather than the effort to make it', () => {
    assert.equal(alsoBeforeParticiple('The relevance to pilots has been briefly discussed also.'), 'The relevance to pilots has also been briefly discussed.');
    assert.equal(madeNotStrove('Roe \\cite{k} strove to develop tide models'), 'Roe \\cite{k} developed tide models');
    assert.equal(madeNotStrove('Roe \\cite{k} strives to build tide models'), 'Roe \\cite{k} builds tide models');
    assert.equal(madeNotStrove('Roe and Poe \\cite{k} strive to design tide models'), 'Roe and Poe \\cite{k} design tide models');
  });

  it('drops the authors\' "new" after "a series of"', () => {
    assert.equal(dropSelfPraise('developed a series of new latent tide models'), 'developed a series of latent tide models');
  });
});

describe('first-person leftovers', () => {
  it('names the authors where "us" is the first mention of them ("has enabled the authors to build", not "them")', () => {
    const out = rewriteSentence('The availability of the tide logs has enabled us to build a flood model for small harbours.', {
      record: { key: 'k', authors: [{ family: 'Doe' }] },
      style: 'citation',
      tense: 'past',
    });
    assert.equal(out, 'The availability of the tide logs has enabled the authors to build a flood model for small harbours \\cite{k}.');
  });
});

describe('cuts inside a dashed aside', () => {
  it('does not cut inside an aside between dashes', () => {
    const cuts = cutsOf('The tide tagger is based on two strong constraints—that tides keep one height per harbour, which pilots rely on, and one height per day—exploited in a bootstrapping procedure.');
    assert.ok(!cuts.some((t) => /—[^—]*\.$/.test(t)), cuts.join(' | '));
  });
});

describe('surface rules leave correct sentences alone', () => {
  it('reads the antecedent through "Xs from" and does not take "that" after a verb as a relative pronoun', () => {
    assert.equal(relativeClauseAgreement('the application of tide algorithms from the harbour community which require exact gauges'), 'the application of tide algorithms from the harbour community which require exact gauges');
    assert.equal(relativeClauseAgreement('a smaller gauge than the original gauge while still representing that model faithfully'), 'a smaller gauge than the original gauge while still representing that model faithfully');
    assert.equal(relativeClauseAgreement('a learning framework that rely on two gauges'), 'a learning framework that relies on two gauges');
  });

  it('keeps "in in-vivo" and an "also" that belongs to the verb after it', () => {
    assert.equal(withoutDoubledWord('One example is in in-vivo tide imaging.'), 'One example is in in-vivo tide imaging.');
    assert.equal(alsoBeforeParticiple('That the gauges are biased also makes our work different.'), 'That the gauges are biased also makes our work different.');
  });
});

describe('praise that is the claim', () => {
  it('keeps "is a powerful tool", where dropping the praise would leave nothing said', () => {
    assert.equal(withoutCountedPraise('Tide embedding is a powerful tool in harbour planning.'), 'Tide embedding is a powerful tool in harbour planning.');
    assert.equal(withoutCountedPraise('Tide models have proven to be a simple yet effective tool.'), 'Tide models have proven to be a simple yet effective tool.');
    assert.equal(withoutCountedPraise('We propose a simple yet effective tide filter.'), 'We propose a tide filter.');
  });
});

describe('praise of a result', () => {
  it('keeps "with a remarkable rate", which says how well', () => {
    assert.equal(withoutCountedPraise('The gauge resists surges with a remarkable survival rate.'), 'The gauge resists surges with a remarkable survival rate.');
  });
});

describe('grammar slips an abstract carries, mended only where they are certain', () => {
  it('mends the author\'s own sentence too ("bad trained categories", "multi layer", "(HTF) problem")', () => {
    assert.equal(
      mendSurface('Our approach uses gauge logs to increase evidence for bad trained tide categories.'),
      'Our approach uses gauge logs to increase evidence for badly trained tide categories.',
    );
    assert.equal(mendSurface('We study harbour tide forecasting (HTF) problem with a multi layer network.'), 'We study the harbour tide forecasting (HTF) problem with a multi-layer network.');
  });

  it('leaves an adjective that ends a compound or comes before "named entity" alone', () => {
    for (const s of ['We describe the shared task: language-independent named entity tagging of tide logs.', 'An independent named entity tagger reads tide logs.', 'We train task-independent learned features for tide logs.', 'A dynamic simulated harbour task.', 'An efficient unsupervised procedure for tides.']) {
      assert.equal(adverbBeforeParticiple(s), s);
    }
  });

  it('leaves a count that is no modifier, a determined problem and "problem solving" alone', () => {
    for (const s of ['Models with more than one class label are trained in two stages.', 'The net is trained one layer at a time.', 'A gauge takes one step ahead of the tide.',
      'Quantizing gauges in just one layer can hurt.', 'A gauge in one layer votes for the tide.', 'One way out is a larger harbour.', 'A single scale cannot fit every port.']) {
      assert.equal(hyphenatedCompounds(s), s);
    }
    for (const s of ['We address this tide problem with gauge logs.', 'We study how pilots solve the berth problem.', 'We study pilots problem solving in harbours.', 'We study tide task allocation.']) {
      assert.equal(problemWithArticle(s), s);
    }
  });

  it('leaves an "in" that the list after a colon does not repeat, and a comparative before a plural or "than"', () => {
    const both = 'We test it in two ports: in Dover and in Calais.';
    assert.equal(listWithoutRepeatedIn(both), both);
    for (const s of ['We train it with more readings than one model needs.', 'We train it with more than one model.', 'We train it with more realistic tide models.']) {
      assert.equal(comparativeWithArticle(s), s);
    }
  });
});
