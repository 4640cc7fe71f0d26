import { strict as assert } from 'assert';
import { authorPhrase, workSubject } from '../../../src/core/rewrite/authors';
import { compressionVariants } from '../../../src/core/engine/candidates';
import { acronymDefinitions, clauseTruncations, expandAcronyms, dropFrontedClause, dropParentheticals, dropReportingFrame, dropSelfPraise, firstPersonPlural, fromRefConvention, inAuthorsVoice, namedWorkAsWe, rewriteSentence, stripForeignNumberedCitations, stripLeadingDiscourse, toBaseForm, toRefConvention, toThirdSingular, withoutInlineEnumerators, workPronounAsWe } from '../../../src/core/rewrite';
import { DefaultEngine } from '../../../src/core/engines';
import { MemoryLibrary } from '../../../src/core/engine/memory-library';
import { citeAlone } from '../../support/engine-records';

const three = { key: 'taigman17', authors: [{ family: 'Taigman' }, { family: 'Polyak' }, { family: 'Wolf' }] };
const two = { key: 'benaim17', authors: [{ family: 'Benaim' }, { family: 'Wolf' }] };
const one = { key: 'brants00', authors: [{ family: 'Brants' }] };

describe('author names and citation commands', () => {
  it('formats one, two and many authors', () => {
    assert.equal(authorPhrase(one.authors)?.text, 'Brants');
    assert.equal(authorPhrase(two.authors)?.text, 'Benaim and Wolf');
    assert.equal(authorPhrase(three.authors)?.text, 'Taigman et al.');
    assert.equal(authorPhrase([{ family: 'Smith' }, { family: 'others' }])?.text, 'Smith et al.');
    assert.equal(authorPhrase([{ family: 'Smith' }], true)?.text, 'Smith et al.');
    assert.equal(authorPhrase([{ family: 'Anonymous' }]), undefined);
    // A body's "The" inside a sentence: "Bakker and the Monitoring Group", not "and The Monitoring Group".
    assert.equal(authorPhrase([{ family: 'Vos' }, { family: '', literal: 'The Harbour Survey Group' }])?.text, 'Vos and the Harbour Survey Group');
    assert.equal(authorPhrase([{ family: 'Vos' }, { family: 'The' }])?.text, 'Vos and The');
  });

  it('writes the subject in the document syntax', () => {
    assert.equal(workSubject(three, 'cite').text, 'Taigman et al. \\cite{taigman17}');
    assert.equal(workSubject(three, 'citet').text, '\\citet{taigman17}');
    assert.equal(workSubject(three, 'pandoc').text, 'Taigman et al. [@taigman17]');
  });
});

describe('rewriteSentence', () => {
  it('turns "we propose" into the authors with plural agreement', () => {
    assert.equal(
      rewriteSentence('In this paper, we propose the Domain Transfer Network (DTN), which maps samples across domains.', { record: three, style: 'citation' }),
      'Taigman et al. \\cite{taigman17} propose the Domain Transfer Network (DTN), which maps samples across domains.',
    );
  });

  it('inflects the verb for a single author and rewrites "our"', () => {
    assert.equal(
      rewriteSentence('We also present our tagger and we show that it is fast.', { record: one, style: 'citation' }),
      'Brants \\cite{brants00} also presents their tagger and they show that it is fast.',
    );
  });

  it('de-inflects "This paper presents" for two authors', () => {
    assert.equal(rewriteSentence('This paper presents a one-sided mapping.', { record: two, style: 'citation' }), 'Benaim and Wolf \\cite{benaim17} present a one-sided mapping.');
  });

  it('handles a fronted clause before "we"', () => {
    assert.equal(
      rewriteSentence('Borrowing dual learning from translation, we develop DualGAN.', { record: two, style: 'citation', syntax: 'pandoc' }),
      'Borrowing dual learning from translation, Benaim and Wolf [@benaim17] develop DualGAN.',
    );
  });

  it('appends the marker to sentences without a first-person subject', () => {
    assert.equal(rewriteSentence('Cycle consistency removes the need for pairs.', { record: one, style: 'citation' }), 'Cycle consistency removes the need for pairs \\cite{brants00}.');
  });

  it('puts the marker after a closing quotation mark, not inside the quotation', () => {
    const cite = (sentence: string) => rewriteSentence(sentence, { record: one, style: 'citation' });
    assert.equal(cite('Pilots still call the slack between tides “the stand.”'), 'Pilots still call the slack between tides “the stand” \\cite{brants00}.');
    assert.equal(cite('Pilots still call the slack between tides "the stand."'), 'Pilots still call the slack between tides "the stand" \\cite{brants00}.');
    assert.equal(cite('Every pilot asks the same question: “when does it turn?”'), 'Every pilot asks the same question: “when does it turn?” \\cite{brants00}.');
  });

  it('leaves no orphan "their" when the marker comes last: no subject has named the authors', () => {
    assert.equal(
      rewriteSentence('On the small-vocabulary task, our two pruned models cut latency by half.', { record: one, style: 'citation' }),
      'On the small-vocabulary task, the two pruned models cut latency by half \\cite{brants00}.',
    );
    assert.equal(
      rewriteSentence('Pruning is cheap as we reuse the gradients, and we keep accuracy.', { record: one, style: 'citation', tense: 'past' }),
      'Pruning is cheap as the authors reused the gradients, and they kept accuracy \\cite{brants00}.',
    );
    assert.equal(rewriteSentence('We prune our models by half.', { record: one, style: 'citation' }), 'Brants \\cite{brants00} prunes their models by half.');
  });

  it('names the work where a sentence says "of this paper", which a draft\'s reader would take for their own', () => {
    const cite = (s: string) => rewriteSentence(s, { record: two, style: 'citation', tense: 'past' });
    assert.equal(cite('The main contribution of this extended paper is a taxonomy of rhyme errors.'), 'The main contribution of Benaim and Wolf \\cite{benaim17} is a taxonomy of rhyme errors.');
    assert.equal(cite('We show that the results of this study hold for ballads.'), 'Benaim and Wolf \\cite{benaim17} showed that the results of their study hold for ballads.');
    // A body of work, or a part or version of the paper, is not the work itself.
    assert.equal(cite('Much of this work has relied on hand-made rhyme lists.'), 'Much of this work has relied on hand-made rhyme lists \\cite{benaim17}.');
    // A version of the paper is still theirs, not the reader's: "the paper", where no subject names the authors.
    assert.equal(cite('Code comes with the final version of this paper.'), 'Code comes with the final version of the paper \\cite{benaim17}.');
  });

  it('does not leave "this paper" after another preposition either ("the input for this paper", "from this work")', () => {
    const cite = (s: string) => rewriteSentence(s, { record: two, style: 'citation', tense: 'past' });
    assert.equal(cite('The logs of three harbours provide the input for this paper.'), 'The logs of three harbours provide the input for the paper \\cite{benaim17}.');
    assert.equal(cite('We draw two lessons from this work.'), 'Benaim and Wolf \\cite{benaim17} drew two lessons from their work.');
    // "of this paper" still names the authors where it can.
    assert.equal(cite('The central contribution of this paper is a tide gauge.'), 'The central contribution of Benaim and Wolf \\cite{benaim17} is a tide gauge.');
    // A TLDR speaks of the paper itself: "this paper" stays.
    assert.equal(rewriteSentence('The logs of three harbours provide the input for this paper.', { record: two, style: 'tldr' }), 'The logs of three harbours provide the input for this paper.');
  });

  it('writes tldr style without names: "This paper proposes"', () => {
    assert.equal(rewriteSentence('To this end, we propose a loss for our model.', { record: three, style: 'tldr' }), 'This paper proposes a loss for the model.');
  });

  it('leaves no first person in a tldr: a sentence-initial "Our", or "our" in a fronted clause', () => {
    assert.equal(rewriteSentence('Our proposed networks outperform strong baselines on two benchmarks.', { record: three, style: 'tldr' }), 'The proposed networks outperform strong baselines on two benchmarks.');
    assert.equal(rewriteSentence('To perform our evaluation, we propose simple measures of fidelity.', { record: three, style: 'tldr' }), 'To perform the evaluation, this paper proposes simple measures of fidelity.');
    assert.equal(
      rewriteSentence('To perform our evaluation, we propose simple measures of fidelity.', { record: three, style: 'citation' }),
      'To perform their evaluation, Taigman et al. \\cite{taigman17} propose simple measures of fidelity.',
    );
  });

  it('reads a supposition ("if we consider") as anyone\'s, not as the paper\'s act', () => {
    const sentence = 'Any continuous function can be approximated if we consider only bounded activations.';
    assert.equal(rewriteSentence(sentence, { record: one, style: 'tldr' }), 'Any continuous function can be approximated if one considers only bounded activations.');
    assert.equal(rewriteSentence(sentence, { record: one, style: 'citation', tense: 'past' }), 'Any continuous function can be approximated if one considers only bounded activations \\cite{brants00}.');
    assert.match(rewriteSentence('We show that training diverges when we fix the step size.', { record: one, style: 'tldr' }), /when one fixes the step size/);
  });

  it('strips content-free openers only', () => {
    assert.equal(stripLeadingDiscourse('To this end, specifically, we train a model.'), 'We train a model.');
    assert.equal(stripLeadingDiscourse('And finally, we tune the beam width.'), 'We tune the beam width.');
    assert.equal(stripLeadingDiscourse('Transformers dominate.'), 'Transformers dominate.');
    assert.equal(stripLeadingDiscourse("What's more, the ferry timetable drifts in winter."), 'The ferry timetable drifts in winter.');
    assert.equal(stripLeadingDiscourse('On top of that, we log every crossing.'), 'We log every crossing.');
    assert.equal(stripLeadingDiscourse('What is more useful, we ask, a map or a log?'), 'What is more useful, we ask, a map or a log?');
    // A purpose that points back at the sentence before ("To tackle this,") means nothing once quoted alone.
    assert.equal(stripLeadingDiscourse('To tackle this, we rank bags by their class distance.'), 'We rank bags by their class distance.');
    assert.equal(stripLeadingDiscourse('To fill this gap, we collect a corpus of Welsh tweets.'), 'We collect a corpus of Welsh tweets.');
    assert.equal(stripLeadingDiscourse('To answer these questions, we survey forty teams.'), 'We survey forty teams.');
    assert.equal(stripLeadingDiscourse('To tackle sparse rewards, we add a curiosity bonus.'), 'To tackle sparse rewards, we add a curiosity bonus.');
  });

  it('drops a problem the abstract named before ("to address this issue", "We tackle these challenges by …")', () => {
    // Quoted alone, "this issue" points at nothing; what the authors did stays.
    assert.equal(
      rewriteSentence('To address this issue we introduce Quillmark, a benchmark of handwritten proofs.', { record: two, style: 'tldr' }),
      'This paper introduces Quillmark, a benchmark of handwritten proofs.',
    );
    assert.equal(
      rewriteSentence('In order to address these shortcomings, we design a sparse router for mixture models.', { record: two, style: 'citation', tense: 'past' }),
      'Benaim and Wolf \\cite{benaim17} designed a sparse router for mixture models.',
    );
    assert.equal(
      rewriteSentence('We propose the lattice pointer network to alleviate this bottleneck.', { record: two, style: 'citation', tense: 'past' }),
      'Benaim and Wolf \\cite{benaim17} proposed the lattice pointer network.',
    );
    assert.equal(
      rewriteSentence('We tackle these challenges by characterizing the curvature of the loss surface.', { record: one, style: 'citation', tense: 'past' }),
      'Brants \\cite{brants00} characterized the curvature of the loss surface.',
    );
    assert.equal(
      rewriteSentence('This paper addresses this problem by introducing a grammar of table layouts.', { record: one, style: 'tldr' }),
      'This paper introduces a grammar of table layouts.',
    );
    assert.equal(
      rewriteSentence('This paper lifts these limitations and proposes a modular framework for steerable filters.', { record: one, style: 'tldr' }),
      'This paper proposes a modular framework for steerable filters.',
    );
    assert.equal(
      rewriteSentence('We aim to answer these questions by enriching parsers with lexical knowledge.', { record: one, style: 'tldr' }),
      'This paper aims to enrich parsers with lexical knowledge.',
    );
    // An attempt to propose is a proposal.
    assert.equal(
      rewriteSentence('We attempt to address these problems by proposing a pyramid of glimpses.', { record: one, style: 'citation', tense: 'past' }),
      'Brants \\cite{brants00} proposed a pyramid of glimpses.',
    );
    // A "to" that the words before it need stays, and so does a second means that would need a verb of its own.
    assert.equal(
      rewriteSentence('Spectral methods have recently been applied to solve such problems.', { record: one, style: 'tldr' }),
      'Spectral methods have recently been applied to solve such problems.',
    );
    assert.match(
      rewriteSentence('We present a berth planner for small harbours, which sets out to close this gap.', { record: one, style: 'tldr' }),
      /which sets out to close this gap\.$/,
    );
    // An aim that opens the sentence goes whole, as "To bridge this gap, " does (never "Aiming, ").
    assert.equal(rewriteSentence('Aiming to bridge this gap, we design deep lattice forests.', { record: one, style: 'tldr' }), 'This paper designs deep lattice forests.');
    assert.equal(
      rewriteSentence('We address this issue by pruning heads, and by sharing keys across layers.', { record: one, style: 'tldr' }),
      'This paper addresses this issue by pruning heads, and by sharing keys across layers.',
    );
    assert.match(
      rewriteSentence('Seeded methods aim to address this problem by labeling a few nodes and then propagating labels.', { record: one, style: 'tldr' }),
      /aim to address this problem by labeling a few nodes and then propagating labels/,
    );
  });

  it('strips the label of a structured abstract that a PDF runs into the sentence ("Objective This study …")', () => {
    assert.equal(stripLeadingDiscourse('Objective This study measures how remote work changed code review.'), 'This study measures how remote work changed code review.');
    assert.equal(stripLeadingDiscourse('Methods: Over two years, we logged every review.'), 'Over two years, we logged every review.');
    assert.equal(stripLeadingDiscourse('Results For most teams, reviews got slower.'), 'For most teams, reviews got slower.');
    assert.equal(stripLeadingDiscourse('Results show that reviews got slower.'), 'Results show that reviews got slower.');
    assert.equal(stripLeadingDiscourse('Context Modeling is hard.'), 'Context Modeling is hard.');
    const record = { key: 'k', authors: [{ family: 'Doe' }] };
    assert.equal(rewriteSentence('Methods This paper presents a tracer for review delays.', { record, style: 'citation', tense: 'past' }), 'Doe \\cite{k} presented a tracer for review delays.');
  });

  it('drops a fronted clause before the authors\' main clause', () => {
    assert.equal(dropFrontedClause('Inspired by the visual cortex, we design a sparse network for image recognition.'), 'We design a sparse network for image recognition.');
    assert.equal(dropFrontedClause('Existing detectors are slow, and we propose a single-stage detector that runs in real time.'), 'We propose a single-stage detector that runs in real time.');
    assert.equal(dropFrontedClause('Building on this idea, this paper presents a parser for noisy social media text.'), 'This paper presents a parser for noisy social media text.');
    // Nothing fronted, a fronted clause that itself speaks of "we", or a main clause too short to stand alone.
    assert.equal(dropFrontedClause('We design a sparse network for image recognition.'), undefined);
    assert.equal(dropFrontedClause('As we show, we design a sparse network for image recognition.'), undefined);
    assert.equal(dropFrontedClause('Inspired by the visual cortex, we design networks.'), undefined);
  });

  it('does not end a cut on "the ones" that the cut-off clause defines', () => {
    const cuts = clauseTruncations('We order the lessons by a curriculum which assumes that the best next lessons are the ones that are mastered fastest.').map((t) => t.text);
    assert.ok(!cuts.some((t) => /the ones\.$/.test(t)), cuts.join(' | '));
    assert.ok(cuts.includes('We order the lessons by a curriculum.'), cuts.join(' | '));
  });

  it('does not end a cut on an infinitive cut from what it acts on ("to automatically search.")', () => {
    const search = clauseTruncations('We extend the harbour planner by allowing each pilot to automatically search for a free berth near the ferry ramp.').map((t) => t.text);
    assert.ok(!search.some((t) => /\bsearch\.$/.test(t)), search.join(' | '));
    const read = clauseTruncations('We extend the harbour planner so that each pilot learns to read the tide on several harbours.').map((t) => t.text);
    assert.ok(read.includes('We extend the harbour planner so that each pilot learns to read the tide.'), read.join(' | '));
    const encode = clauseTruncations('Each gauge keeps a small codebook, so that the network learns to encode with a pair of codebooks per tide.').map((t) => t.text);
    assert.ok(!encode.some((t) => /\bencode\.$/.test(t)), encode.join(' | '));
  });

  it('never cuts the clause that says how ("based on …", "using …", "by combining …", "with a …")', () => {
    for (const how of [', based on generic string to string edits', ' using statistical data from a monolingual corpus', ' by combining two harbour gauges', ' with a hand-held gauge', ' via a small recurrent network']) {
      const cuts = clauseTruncations(`We describe a new channel model for reading the tides of small harbours${how}.`).map((t) => t.text);
      assert.ok(!cuts.includes('We describe a new channel model for reading the tides of small harbours.'), `${how}: ${cuts.join(' | ')}`);
    }
  });

  it('does not cut a range after its first stop ("from the first call." without "through …, to …")', () => {
    const cuts = clauseTruncations('We describe the harbour booking system from the first call, through the allocation of berths, to the departure of the ship.').map((t) => t.text);
    assert.ok(!cuts.some((t) => /from the first call\.$/.test(t)), cuts.join(' | '));
    // "from" without a "to" after it names a source, and a clause after it may go.
    const source = clauseTruncations('We learn tide features from the harbour gauges, which we release with the paper.').map((t) => t.text);
    assert.ok(source.includes('We learn tide features from the harbour gauges.'), source.join(' | '));
  });

  it('does not cut a verb from the preposition that carries its sense ("a scheduler that accounts.")', () => {
    const accounts = clauseTruncations('We have developed a dredging scheduler for small harbours that accounts for tidal range.').map((t) => t.text);
    assert.ok(!accounts.some((t) => /\baccounts\.$/.test(t)), accounts.join(' | '));
    const copes = clauseTruncations('We build a ferry planner for island routes that copes with a sudden fog bank.').map((t) => t.text);
    assert.ok(!copes.some((t) => /\bcopes\.$/.test(t)), copes.join(' | '));
    const responsible = clauseTruncations('The harbour master is responsible for the pilots, and the port authority is responsible for the clarity and upkeep of the charts.').map((t) => t.text);
    assert.ok(!responsible.some((t) => /\bresponsible\.$/.test(t)), responsible.join(' | '));
    // A verb that stands without the preposition is still cut before it.
    const charts = clauseTruncations('We build a ferry planner for island routes that charts the crossings on several ferry routes.').map((t) => t.text);
    assert.ok(charts.includes('We build a ferry planner for island routes that charts the crossings.'), charts.join(' | '));
  });

  it('does not end a cut on a pronoun object whose verb tells its sense after it ("and coupled them.")', () => {
    const cuts = clauseTruncations('We fit two tide models, one for each harbour, and couple them with a shared loss that keeps their forecasts alike.').map((t) => t.text);
    assert.ok(!cuts.some((t) => /\bthem\.$/.test(t)), cuts.join(' | '));
    const it_ = clauseTruncations('We collect a corpus of pilot logbooks and apply it to the scheduling of berths in winter.').map((t) => t.text);
    assert.ok(!it_.some((t) => /\bit\.$/.test(t)), it_.join(' | '));
    // A cut before the pronoun's verb is still made.
    assert.ok(it_.includes('We collect a corpus of pilot logbooks.'), it_.join(' | '));
  });

  it('does not cut off what tells apart the two things compared ("compared a gauge with a float to a gauge.")', () => {
    const cuts = clauseTruncations('We compared a tide gauge with a float inside a stilling well to a gauge with a radar sensor above the water.').map((t) => t.text);
    assert.ok(!cuts.some((t) => /to a gauge\.$/.test(t)), cuts.join(' | '));
  });

  it('does not end a cut on an adverb or preposition that needs what followed ("in contrast to just.")', () => {
    const cuts = clauseTruncations('We evaluate word tagging models for rhyme alignment of ballads, in contrast to just using automatic alignment methods.').map((t) => t.text);
    assert.ok(!cuts.some((t) => /\bjust\.$/.test(t)), cuts.join(' | '));
    const via = clauseTruncations('We align the rhymes of Welsh ballads with a tagger trained via distant supervision from dictionaries.').map((t) => t.text);
    assert.ok(!via.some((t) => /\bvia\.$/.test(t)), via.join(' | '));
  });

  it('conjugates the verb after a sequencing or frequency adverb ("we next investigate", "we often observe")', () => {
    const past = { record: three, style: 'citation' as const, tense: 'past' as const };
    assert.equal(rewriteSentence('We next investigate the tides of the estuary.', past), 'Taigman et al. \\cite{taigman17} next investigated the tides of the estuary.');
    assert.equal(rewriteSentence('We later extend the gauges to rivers.', { record: three, style: 'tldr' }), 'This paper later extends the gauges to rivers.');
    assert.equal(rewriteSentence('We often observe a second high tide.', past), 'Taigman et al. \\cite{taigman17} often observed a second high tide.');
  });

  it('does not cut a fronted phrase off before the clause it leads into ("As a means of charting the tides.")', () => {
    const cuts = clauseTruncations('As a means of charting the coastal tides for small harbours, and with a view toward ferry timetables, this paper develops a gauge network that allows pilots to read the tides at sea.').map((t) => t.text);
    assert.ok(!cuts.some((t) => /^As a means of charting the coastal tides\.$/.test(t)), cuts.join(' | '));
    assert.ok(cuts.some((t) => /this paper develops a gauge network\.$/.test(t)), cuts.join(' | '));
  });

  it('does not cut short what a colon opens: a counted list, or a phrase still without its verb', () => {
    const cutsOf = (s: string) => clauseTruncations(s).map((t) => t.text);
    const listed = cutsOf('We compare the harbour gauges in two respects: a float gauge reads the tide in a well, and the radar gauge reads it from the pier above.');
    assert.ok(!listed.some((t) => /a float gauge reads the tide in a well\.$/.test(t)), listed.join(' | '));
    const phrase = cutsOf('Small ports offer pilots different levels of service at the quay: a pilot with a deep ship needs a longer berth than a pilot with a shallow ferry.');
    assert.ok(!phrase.some((t) => /: a pilot\.$/.test(t)), phrase.join(' | '));
    // A clause after the colon may be cut like any other.
    const clause = cutsOf('We adapt the printed tide table to each harbour of the coast: it reads the nearest gauge every hour, such as the one at the ferry pier.');
    assert.ok(clause.some((t) => /: it reads the nearest gauge every hour\.$/.test(t)), clause.join(' | '));
  });

  it('does not cut a bare kind of thing off from what says which ("has motivated methods.")', () => {
    const cutsOf = (s: string) => clauseTruncations(s).map((t) => t.text);
    const motivated = cutsOf('The success of tide gauges along the northern coast has motivated methods for filling the gaps in their records.');
    assert.ok(!motivated.some((t) => /has motivated methods\.$/.test(t)), motivated.join(' | '));
    const than = cutsOf('Needing no gauge at the port, our tide forecaster costs less to run than approaches based on harmonic constants per harbour.');
    assert.ok(!than.some((t) => /less to run than approaches\.$/.test(t)), than.join(' | '));
    // Nor from what it is for, or how it works ("presented a training algorithm." was all a citation said of one work).
    const purpose = cutsOf('The success of tide gauges along the northern coast has motivated harmonic methods for filling the gaps in their records.');
    assert.ok(!purpose.some((t) => /has motivated harmonic methods\.$/.test(t)), purpose.join(' | '));
    const how = cutsOf('We report on a tide forecasting system, which combines harmonic tables with a small recurrent network.');
    assert.ok(!how.some((t) => /forecasting system\.$/.test(t)), how.join(' | '));
    // What it achieves may go.
    const achieves = cutsOf('We report on a tide forecasting system, which outperforms the harmonic tables at every harbour.');
    assert.ok(achieves.some((t) => /We report on a tide forecasting system\.$/.test(t)), achieves.join(' | '));
  });

  it('does not cut a definition or a "those" before what defines it ("cooperative games, which are games.")', () => {
    const games = clauseTruncations('We study fair routing in large cooperative games, which are games where the players share one budget.').map((t) => t.text);
    assert.ok(!games.some((t) => /which are games\.$/.test(t)), games.join(' | '));
    assert.ok(games.includes('We study fair routing in large cooperative games.'), games.join(' | '));
    const codes = clauseTruncations('We aim to learn sparse harbour codes: codes that are short enough for a pilot to read at sea.').map((t) => t.text);
    assert.ok(!codes.some((t) => /codes: codes\.$/.test(t)), codes.join(' | '));
    const those = clauseTruncations('We train the gauges to record only those readings of the tide that are unusual for the season.').map((t) => t.text);
    assert.ok(!those.some((t) => /of the tide\.$/.test(t)), those.join(' | '));
    const cases = clauseTruncations('We propose a weakly supervised tagger for harbour logbooks in cases where only a few seed words describe each topic.').map((t) => t.text);
    assert.ok(!cases.some((t) => /in cases\.$/.test(t)), cases.join(' | '));
  });

  it('leaves "to the best of our knowledge" with the authors, not the paper', () => {
    const sentence = 'We give, to the best of our knowledge, the first bound on the regret of lazy tree search.';
    assert.equal(rewriteSentence(sentence, { record: three, style: 'tldr' }), "This paper gives, to the best of the authors' knowledge, the first bound on the regret of lazy tree search.");
    assert.equal(
      rewriteSentence(sentence, { record: three, style: 'citation', tense: 'past' }),
      'Taigman et al. \\cite{taigman17} gave, to the best of their knowledge, the first bound on the regret of lazy tree search.',
    );
    assert.equal(
      rewriteSentence('Lazy search is, as far as we know, the only method with such a bound.', { record: three, style: 'citation' }),
      "Lazy search is, as far as the authors know, the only method with such a bound \\cite{taigman17}.",
    );
  });

  it('does not cut the phrase that gives a generic head noun its content ("a task for …")', () => {
    const cuts = clauseTruncations('The workshop ran a shared translation task, a system ranking task, and a task for scoring metrics.').map((t) => t.text);
    assert.ok(!cuts.some((t) => /and a task\.$/.test(t)), cuts.join(' | '));
    assert.ok(clauseTruncations('We train a small parser on tweets for the task of slot filling.').some((t) => t.text === 'We train a small parser on tweets.'));
    const paradigm = clauseTruncations('This paper investigates a machine learning approach for ordering the steps of cooking recipes.').map((t) => t.text);
    assert.ok(!paradigm.some((t) => /approach\.$/.test(t)), paradigm.join(' | '));
    const learning = clauseTruncations('We present a tagger for dialect chat that employs a learning paradigm which we call lattice voting.').map((t) => t.text);
    assert.ok(!learning.some((t) => /paradigm\.$/.test(t)), learning.join(' | '));
    const methodology = clauseTruncations('To chart the tides of remote bays, we develop a methodology that combines satellite altimetry with gauge records.').map((t) => t.text);
    assert.ok(!methodology.some((t) => /methodology\.$/.test(t)), methodology.join(' | '));
  });

  it('asks a TLDR\'s question impersonally ("How can one …?"), and keeps "Nor does it" the paper\'s', () => {
    const tldr = { record: three, style: 'tldr' as const };
    assert.equal(rewriteSentence('How can we forecast floods in ungauged basins?', tldr), 'How can one forecast floods in ungauged basins?');
    assert.equal(rewriteSentence('How do we choose the rain gauges to keep?', tldr), 'How does one choose the rain gauges to keep?');
    assert.equal(rewriteSentence('Nor do we rely on radar at test time.', tldr), 'Nor does it rely on radar at test time.');
  });

  it("writes a catalogue's noun-phrase abstract as what the work is about, not as a sentence without a verb", () => {
    const past = { record: one, style: 'citation' as const, tense: 'past' as const };
    assert.equal(rewriteSentence('Tide prediction and harbour pilotage on the Atlantic coast.', past), 'Brants \\cite{brants00} wrote about tide prediction and harbour pilotage on the Atlantic coast.');
    assert.equal(rewriteSentence('A side-by-side comparison of five tide calculators.', past), 'Brants \\cite{brants00} presented a side-by-side comparison of five tide calculators.');
    assert.equal(rewriteSentence('Tide prediction and harbour pilotage on the Atlantic coast.', { record: three, style: 'citation', tense: 'present' }), 'Taigman et al. \\cite{taigman17} write about tide prediction and harbour pilotage on the Atlantic coast.');
    // A name keeps its capital.
    assert.equal(rewriteSentence('Admiralty Tide Tables, Reeds Almanac and TideCalc 3.1.', past), 'Brants \\cite{brants00} wrote about Admiralty Tide Tables, Reeds Almanac and TideCalc 3.1.');
    // A clause, an instruction, a catalogue's verb and a cut noun phrase stay as they were, and so does a TLDR.
    for (const sentence of ['Tide gauges record sea levels every minute.', 'Harbour pilots distrust tide tables.', 'Banish guesswork with the help of a tide clock.']) {
      assert.match(rewriteSentence(sentence, past), /^[A-Z][^\\]* \\cite\{brants00\}\.$/, sentence);
    }
    // A catalogue's verb with its preposition has the work as its subject.
    assert.equal(rewriteSentence('Looks at the history of tide prediction.', past), 'Brants \\cite{brants00} looked at the history of tide prediction.');
    assert.equal(rewriteSentence('Deals with harbour pilotage.', { record: one, style: 'tldr' }), 'This paper deals with harbour pilotage.');
    assert.equal(rewriteSentence('Tide prediction and harbour pilotage on the Atlantic coast.', { ...past, truncated: true }), 'Tide prediction and harbour pilotage on the Atlantic coast \\cite{brants00}.');
    assert.equal(rewriteSentence('Tide prediction and harbour pilotage on the Atlantic coast.', { record: one, style: 'tldr' }), 'Tide prediction and harbour pilotage on the Atlantic coast.');
  });

  it('keeps "our own" with the authors', () => {
    assert.equal(
      rewriteSentence('We compare three tide models on our own gauge records.', { record: three, style: 'tldr' }),
      "This paper compares three tide models on the authors' own gauge records.",
    );
    assert.equal(
      rewriteSentence('We compare three tide models on our own gauge records.', { record: three, style: 'citation', tense: 'past' }),
      'Taigman et al. \\cite{taigman17} compared three tide models on their own gauge records.',
    );
    assert.equal(
      rewriteSentence('Earlier surveys and our own pilot runs favour the harmonic model.', { record: three, style: 'citation', tense: 'past' }),
      "Earlier surveys and the authors' own pilot runs favour the harmonic model \\cite{taigman17}.",
    );
  });

  it('does not cut a participle off from what it says ("can be achieved." / "which are encoded.")', () => {
    const claim = clauseTruncations('We show that accurate flood maps can be obtained with a single radar pass over the delta.').map((t) => t.text);
    assert.ok(!claim.some((t) => /obtained\.$/.test(t)), claim.join(' | '));
    const relative = clauseTruncations('We present a scheduler for harbour cranes whose moves are encoded through a cost that is minimized online.').map((t) => t.text);
    assert.ok(!relative.some((t) => /encoded\.$/.test(t)), relative.join(' | '));
    const phrase = clauseTruncations('We split the grammar into shared rules, dealing with the common dialects, and private rules for the rest.').map((t) => t.text);
    assert.ok(!phrase.some((t) => /dealing\.$/.test(t)), phrase.join(' | '));
    // A cut that ends on a noun is still offered.
    const noun = clauseTruncations('We schedule the container cranes of a busy harbour, which cuts the waiting time of ships.').map((t) => t.text);
    assert.ok(noun.includes('We schedule the container cranes of a busy harbour.'), noun.join(' | '));
  });

  it('offers the main clause without its fronted clause as a tldr candidate only', () => {
    const sentence = 'Inspired by the visual cortex, we design a sparse network for image recognition.';
    const tldr = compressionVariants(sentence, { dropFronted: true }).map((v) => v.text);
    assert.ok(tldr.includes(sentence));
    assert.ok(tldr.includes('We design a sparse network for image recognition.'));
    assert.ok(!compressionVariants(sentence).some((v) => v.text.startsWith('We design')));
    assert.equal(rewriteSentence('We design a sparse network for image recognition.', { record: three, style: 'tldr' }), 'This paper designs a sparse network for image recognition.');
  });

  it('cuts at clause boundaries without stranding a preposition', () => {
    const cuts = clauseTruncations('We introduce an approach for domain adaptation in which labeled data come from a source domain, which helps classifiers generalise to new target domains.');
    assert.ok(cuts.every((c) => !/\b(?:in|for)\.$/.test(c.text)));
    assert.ok(cuts.some((c) => c.text === 'We introduce an approach for domain adaptation in which labeled data come from a source domain.'));
  });

  it('agrees verbs', () => {
    assert.deepEqual(['propose', 'study', 'address', 'have', 'proposed', 'can'].map(toThirdSingular), ['proposes', 'studies', 'addresses', 'has', 'proposed', 'can']);
    assert.deepEqual(['proposes', 'studies', 'addresses', 'has', 'focuses'].map(toBaseForm), ['propose', 'study', 'address', 'have', 'focus']);
  });

  it("converts CiteSum's REF convention both ways", () => {
    const ours = 'Taigman et al. \\cite{taigman17} propose DTN.';
    assert.equal(toRefConvention(ours, 'taigman17'), 'REF propose DTN.');
    assert.equal(fromRefConvention('REF propose DTN.', { record: three }), ours);
    assert.equal(fromRefConvention('REF propose DTN, unlike REF.', { record: three, style: 'tldr' }), 'This paper proposes DTN, unlike.');
    assert.equal(fromRefConvention('In REF, we map faces to emoji.', { record: three, style: 'tldr' }), 'We map faces to emoji.');
  });
});

describe('firstPersonPlural', () => {
  it('reads a single author\'s pronouns as "we", leaving the numeral I alone', () => {
    assert.equal(firstPersonPlural('I am grateful, and I was wrong about my model of me.'), 'We are grateful, and we were wrong about our model of us.');
    assert.equal(firstPersonPlural('Here I bound the Type I error in phases I and II.'), 'Here we bound the Type I error in phases I and II.');
    assert.equal(firstPersonPlural('World War I ended in 1918.'), 'World War I ended in 1918.');
    // A title's "My" is the title's: quoted as written.
    assert.equal(firstPersonPlural('I compare it with the novel Hear My Cry and my own reading.'), 'We compare it with the novel Hear My Cry and our own reading.');
    assert.equal(firstPersonPlural('My survey covers ferry pilots.'), 'Our survey covers ferry pilots.');
  });
});

describe('stripForeignNumberedCitations', () => {
  it("drops the source paper's numbered citations but keeps intervals", () => {
    assert.equal(stripForeignNumberedCitations('Prior taggers [10, 14, 16] are slow.'), 'Prior taggers are slow.');
    assert.equal(stripForeignNumberedCitations('Scores lie in [0, 1] as in [3].'), 'Scores lie in [0, 1] as in.');
  });
});

describe('rewriteSentence with fronted clauses and connectives', () => {
  const pair = { key: 'k', authors: [{ family: 'Smith' }, { family: 'Lee' }] };
  it('handles "…, here we propose" and a participle without its comma', () => {
    assert.equal(
      rewriteSentence('To cut annotation costs, here we propose an active learner.', { record: pair, style: 'citation' }),
      'To cut annotation costs, Smith and Lee \\cite{k} propose an active learner.',
    );
    assert.equal(
      rewriteSentence('Inspired by human vision we design a foveated network.', { record: pair, style: 'citation' }),
      'Inspired by human vision, Smith and Lee \\cite{k} design a foveated network.',
    );
  });

  it('names the authors where "this essay" or "this dissertation" acts after a fronted clause', () => {
    const one = { key: 'k', authors: [{ family: 'Marsh' }] };
    assert.equal(
      rewriteSentence('Drawing on harbour logs, this essay outlines a history of pilot boarding.', { record: one, style: 'citation' }),
      'Drawing on harbour logs, Marsh \\cite{k} outlines a history of pilot boarding.',
    );
    assert.equal(
      rewriteSentence('Using tide gauges from four ports this dissertation examines how ferries wait at slack water.', { record: one, style: 'citation' }),
      'Using tide gauges from four ports, Marsh \\cite{k} examines how ferries wait at slack water.',
    );
  });

  it('drops "However," and a dangling "therefore"', () => {
    assert.equal(rewriteSentence('However, we show that pruning helps.', { record: pair, style: 'citation' }), 'Smith and Lee \\cite{k} show that pruning helps.');
    assert.equal(rewriteSentence('We therefore developed MEMO.', { record: pair, style: 'tldr' }), 'This paper develops MEMO.');
  });
});

describe('coordinated verbs', () => {
  it('inflects the second predicate for a singular subject', () => {
    const one = { key: 'k', authors: [{ family: 'Roe' }] };
    assert.equal(
      rewriteSentence('We analyse weight sharing and identify the posterior fading problem.', { record: one, style: 'citation' }),
      'Roe \\cite{k} analyses weight sharing and identifies the posterior fading problem.',
    );
    assert.equal(rewriteSentence('We analyse weight sharing and identify a problem.', { record: one, style: 'tldr' }), 'This paper analyses weight sharing and identifies a problem.');
  });

  it('reports "we believe that" as a claim the authors argue, not a belief', () => {
    const one = { key: 'k', authors: [{ family: 'Roe' }] };
    assert.equal(rewriteSentence('We believe that pilots board faster at slack water.', { record: one, style: 'tldr' }), 'This paper argues that pilots board faster at slack water.');
    assert.equal(
      rewriteSentence('We strongly think that tide gauges suffice.', { record: one, style: 'citation', tense: 'past' }),
      'Roe \\cite{k} strongly argued that tide gauges suffice.',
    );
  });

  it('inflects a second verb that takes an infinitive ("and aim to …"), after any first verb', () => {
    const one = { key: 'k', authors: [{ family: 'Roe' }] };
    assert.equal(
      rewriteSentence('We are pushing departure slots forward and aim to halve ferry queues.', { record: one, style: 'tldr' }),
      'This paper is pushing departure slots forward and aims to halve ferry queues.',
    );
    assert.equal(
      rewriteSentence('We chart pilot boardings and hope to shorten waits.', { record: one, style: 'citation', tense: 'past' }),
      'Roe \\cite{k} charted pilot boardings and hoped to shorten waits.',
    );
    // A noun before "to" keeps its form: "the aim to" is not a verb.
    assert.equal(rewriteSentence('We chart pilot boardings with the aim to shorten waits.', { record: one, style: 'tldr' }), 'This paper charts pilot boardings with the aim to shorten waits.');
  });

  it('inflects "make" whose complement comes before its object ("and make explicit the …", "and make use of …")', () => {
    const one = { key: 'k', authors: [{ family: 'Roe' }] };
    assert.equal(
      rewriteSentence('We chart the tides of ten harbours and make explicit the rules pilots follow.', { record: one, style: 'citation', tense: 'past' }),
      'Roe \\cite{k} charted the tides of ten harbours and made explicit the rules pilots follow.',
    );
    assert.equal(rewriteSentence('We analyse the gauges and make use of old logbooks.', { record: one, style: 'tldr' }), 'This paper analyses the gauges and makes use of old logbooks.');
    // After a modal the base form stays.
    assert.equal(rewriteSentence('Pilots can chart and make explicit the tides.', { record: one, style: 'tldr' }), 'Pilots can chart and make explicit the tides.');
  });

  it('inflects reporting verbs of a second predicate too ("and claim that", "and tabulate the scores")', () => {
    const one = { key: 'k', authors: [{ family: 'Roe' }] };
    assert.equal(
      rewriteSentence('We survey four dialogue toolkits, and claim that they share one design.', { record: one, style: 'citation', tense: 'past' }),
      'Roe \\cite{k} surveyed four dialogue toolkits, and claimed that they share one design.',
    );
    assert.equal(rewriteSentence('We annotate a small corpus and tabulate the agreement.', { record: one, style: 'tldr' }), 'This paper annotates a small corpus and tabulates the agreement.');
    assert.equal(rewriteSentence('We revisit beam search and conclude that it is enough.', { record: one, style: 'tldr' }), 'This paper revisits beam search and concludes that it is enough.');
  });

  it('inflects a second predicate after an adverb or before a bare noun or a name', () => {
    const tldr = (sentence: string) => rewriteSentence(sentence, { record: { key: 'k', authors: [{ family: 'Roe' }] }, style: 'tldr' });
    assert.equal(tldr('We add a gating layer and experimentally show that it resists label noise.'), 'This paper adds a gating layer and experimentally shows that it resists label noise.');
    assert.equal(tldr('We extend dilated kernels and propose shuffled convolution.'), 'This paper extends dilated kernels and proposes shuffled convolution.');
    assert.equal(tldr('We revisit contrastive coding and introduce MOCHA for speech.'), 'This paper revisits contrastive coding and introduces MOCHA for speech.');
    assert.equal(tldr('We note that pruning is costly, and propose staged pruning.'), 'This paper notes that pruning is costly, and proposes staged pruning.');
    assert.equal(
      rewriteSentence('We describe and evaluate experimentally a chart parser.', { record: three, style: 'citation', tense: 'past' }),
      'Taigman et al. \\cite{taigman17} described and evaluated experimentally a chart parser.',
    );
  });

  it('inflects the second predicate of less common verbs ("and overcome these", "and devise a") but not a relative clause\'s', () => {
    const tldr = (sentence: string) => rewriteSentence(sentence, { record: { key: 'k', authors: [{ family: 'Roe' }] }, style: 'tldr' });
    assert.equal(tldr('We explain why greedy planners stall, and overcome these stalls with a learned cost.'), 'This paper explains why greedy planners stall, and overcomes these stalls with a learned cost.');
    assert.equal(tldr('We introduce the notion of soft partitions and devise a tree model for them.'), 'This paper introduces the notion of soft partitions and devises a tree model for them.');
    assert.equal(tldr('We pick a coarser grid and attempt to bound the error of each cell.'), 'This paper picks a coarser grid and attempts to bound the error of each cell.');
    assert.equal(tldr('We compare and contrast the two grids, and leave the proof for later.'), 'This paper compares and contrasts the two grids, and leaves the proof for later.');
    assert.equal(tldr('We show that a damped update can stabilize and accelerate value learning.'), 'This paper shows that a damped update can stabilize and accelerate value learning.');
    assert.equal(
      rewriteSentence('We study lattice codes and utilize this structure for decoding.', { record: three, style: 'citation', tense: 'past' }),
      'Taigman et al. \\cite{taigman17} studied lattice codes and utilized this structure for decoding.',
    );
    assert.equal(tldr('We define partial models that are exact, but avoid the cost of full models.'), 'This paper defines partial models that are exact, but avoid the cost of full models.');
  });

  it('inflects every predicate of a series ("define X, derive Y, and evaluate Z"), not only the last', () => {
    const tldr = (sentence: string) => rewriteSentence(sentence, { record: { key: 'k', authors: [{ family: 'Roe' }] }, style: 'tldr' });
    assert.equal(tldr('We define a hinge loss, derive its gradient, and evaluate it on two tasks.'), 'This paper defines a hinge loss, derives its gradient, and evaluates it on two tasks.');
    assert.equal(
      rewriteSentence('We survey nine growers, collect their yield logs and design a planting calendar.', { record: three, style: 'citation', tense: 'past' }),
      'Taigman et al. \\cite{taigman17} surveyed nine growers, collected their yield logs and designed a planting calendar.',
    );
    // Not a series of predicates: an aside between commas, or a relative clause's own verbs.
    assert.equal(tldr('We learn two mappings, one in each direction, and couple them.'), 'This paper learns two mappings, one in each direction, and couples them.');
    assert.equal(tldr('We propose a tagger that reads words, predicts tags and outperforms baselines.'), 'This paper proposes a tagger that reads words, predicts tags and outperforms baselines.');
  });

  it('inflects any verb whose object is a pronoun ("and couple them")', () => {
    const one = { key: 'k', authors: [{ family: 'Roe' }] };
    assert.equal(rewriteSentence('We learn two codebooks, one per speaker, and couple them.', { record: one, style: 'tldr' }), 'This paper learns two codebooks, one per speaker, and couples them.');
    assert.equal(rewriteSentence('We learn two codebooks and tie them at the root.', { record: one, style: 'citation', tense: 'past' }), 'Roe \\cite{k} learned two codebooks and tied them at the root.');
    // Inside a relative clause the verb keeps its own subject.
    assert.equal(rewriteSentence('We keep the layers that fire and mask them.', { record: one, style: 'tldr' }), 'This paper keeps the layers that fire and mask them.');
    assert.equal(rewriteSentence('We test the parser on tweets and show that it copes with typos.', { record: one, style: 'tldr' }), 'This paper tests the parser on tweets and shows that it copes with typos.');
    assert.equal(rewriteSentence('We argue that pruning helps, and that it costs little.', { record: one, style: 'tldr' }), 'This paper argues that pruning helps, and that it costs little.');
  });

  it('leaves a verb that belongs to a relative clause', () => {
    const tldr = (sentence: string) => rewriteSentence(sentence, { record: { key: 'k', authors: [{ family: 'Roe' }] }, style: 'tldr' });
    assert.equal(tldr('We build two model families that are sparse and exploit local structure.'), 'This paper builds two model families that are sparse and exploit local structure.');
  });

  it('inflects both verbs of "and present and discuss the results"', () => {
    const one = { key: 'k', authors: [{ family: 'Roe' }] };
    assert.equal(
      rewriteSentence('This paper describes the task, and presents and discusses the results of the teams.', { record: one, style: 'citation', tense: 'past' }),
      'Roe \\cite{k} described the task, and presented and discussed the results of the teams.',
    );
    assert.equal(
      rewriteSentence('We describe the task, and present and discuss the results of the teams.', { record: one, style: 'tldr' }),
      'This paper describes the task, and presents and discusses the results of the teams.',
    );
  });

  it('drops the "here" after the authors\' verb', () => {
    const one = { key: 'k', authors: [{ family: 'Roe' }] };
    assert.equal(rewriteSentence('We present here a method for spotting repairs.', { record: one, style: 'citation', tense: 'past' }), 'Roe \\cite{k} presented a method for spotting repairs.');
    assert.equal(rewriteSentence('We describe here, for the first time, a parser for Lojban.', { record: one, style: 'tldr' }), 'This paper describes, for the first time, a parser for Lojban.');
  });

  it('leaves a verb that shares an infinitive with the one before it ("to rank and compare the")', () => {
    const one = { key: 'k', authors: [{ family: 'Roe' }] };
    assert.equal(
      rewriteSentence('We propose a score, the pairwise gap, to rank and compare the outputs of parsers.', { record: one, style: 'citation', tense: 'past' }),
      'Roe \\cite{k} proposed a score, the pairwise gap, to rank and compare the outputs of parsers.',
    );
    assert.equal(
      rewriteSentence('We collect a corpus to train and evaluate the taggers.', { record: one, style: 'tldr' }),
      'This paper collects a corpus to train and evaluate the taggers.',
    );
    // A second predicate after the infinitive's object still agrees.
    assert.equal(
      rewriteSentence('We collect a corpus to train taggers, and show that they generalise.', { record: one, style: 'tldr' }),
      'This paper collects a corpus to train taggers, and shows that they generalise.',
    );
  });
});

describe('past tense (citation style)', () => {
  const past = (sentence: string, record = three) => rewriteSentence(sentence, { record, style: 'citation', tense: 'past' });

  it('puts the reporting verb and coordinated predicates in the simple past', () => {
    assert.equal(
      past('In this paper, we propose the Domain Transfer Network (DTN), which maps samples across domains.'),
      'Taigman et al. \\cite{taigman17} proposed the Domain Transfer Network (DTN), which maps samples across domains.',
    );
    assert.equal(past('We analyse weight sharing and identify the posterior fading problem.', one), 'Brants \\cite{brants00} analysed weight sharing and identified the posterior fading problem.');
    assert.equal(past('This paper presents a tagger based on Markov models.', two), 'Benaim and Wolf \\cite{benaim17} presented a tagger based on Markov models.');
  });

  it('conjugates irregular, doubled-consonant and hyphenated verbs', () => {
    assert.equal(past('We find that larger batches help.'), 'Taigman et al. \\cite{taigman17} found that larger batches help.');
    assert.equal(past('We map images to sketches.'), 'Taigman et al. \\cite{taigman17} mapped images to sketches.');
    assert.equal(past('We embed words in a hyperbolic space.'), 'Taigman et al. \\cite{taigman17} embedded words in a hyperbolic space.');
    assert.equal(past('We fine-tune a language model on code.'), 'Taigman et al. \\cite{taigman17} fine-tuned a language model on code.');
    assert.equal(past('We also build a corpus of tweets.'), 'Taigman et al. \\cite{taigman17} also built a corpus of tweets.');
  });

  it('conjugates verbs that end in "-ly" (apply, rely, supply) instead of taking them for adverbs', () => {
    assert.equal(past('We apply a graph-based ranking to keyword extraction.'), 'Taigman et al. \\cite{taigman17} applied a graph-based ranking to keyword extraction.');
    assert.equal(past('We rely on weak supervision.'), 'Taigman et al. \\cite{taigman17} relied on weak supervision.');
    assert.equal(past('We simply apply dropout.'), 'Taigman et al. \\cite{taigman17} simply applied dropout.');
    assert.equal(rewriteSentence('We apply a method.', { record: one, style: 'tldr' }), 'This paper applies a method.');
    assert.equal(rewriteSentence('We rely on a method.', { record: one, style: 'citation' }), 'Brants \\cite{brants00} relies on a method.');
  });

  it('names the authors\' group as theirs ("Our group participated …")', () => {
    assert.equal(past('Our group participated in the Basque lexical sample task.'), 'The group of Taigman et al. \\cite{taigman17} participated in the Basque lexical sample task.');
  });

  it('drops the authors\' "Currently," which no longer holds once the sentence is reported', () => {
    assert.equal(past('Currently, we address cross-lingual entity linking.'), 'Taigman et al. \\cite{taigman17} addressed cross-lingual entity linking.');
    assert.equal(past('We present a method and hypothesize that it generalises.'), 'Taigman et al. \\cite{taigman17} presented a method and hypothesized that it generalises.');
  });

  it('drops an inner "in this paper" and an aside between "we" and its verb', () => {
    assert.equal(past('We address label noise in this paper by proposing staged pruning.'), 'Taigman et al. \\cite{taigman17} addressed label noise by proposing staged pruning.');
    assert.equal(rewriteSentence('Our work in this paper substantially extends tree-to-tree parsing.', { record: one, style: 'tldr' }), 'This paper substantially extends tree-to-tree parsing.');
    assert.equal(rewriteSentence('We, in contrast, discuss the cost of label noise.', { record: one, style: 'tldr' }), 'This paper discusses the cost of label noise.');
  });

  it('reads "In this manuscript," "In this publication", "In this research," and "In this Account," as the paper locating its own act', () => {
    assert.equal(past('In this manuscript, we present a tide table for shallow estuaries.'), 'Taigman et al. \\cite{taigman17} presented a tide table for shallow estuaries.');
    assert.equal(past('In this publication we describe a ferry timetable solver.'), 'Taigman et al. \\cite{taigman17} described a ferry timetable solver.');
    assert.equal(past('In this abstract, a harbour pilot simulator is presented.'), 'Taigman et al. \\cite{taigman17} presented a harbour pilot simulator.');
    assert.equal(past('In this research, we chart silt drift in river mouths.'), 'Taigman et al. \\cite{taigman17} charted silt drift in river mouths.');
    assert.equal(past('In this Perspective, we argue that tide gauges need open data.'), 'Taigman et al. \\cite{taigman17} argued that tide gauges need open data.');
    // Chemistry's genres: an ACS Account, a Communication.
    assert.equal(past('In this Account, we summarize a decade of work on tide gauge coatings.'), 'Taigman et al. \\cite{taigman17} summarized a decade of work on tide gauge coatings.');
    assert.equal(past('In this Communication we report a copper coating that keeps barnacles off gauges.'), 'Taigman et al. \\cite{taigman17} reported a copper coating that keeps barnacles off gauges.');
  });

  it('reports the authors\' "we will present" as done', () => {
    assert.equal(past('In this paper, we will present a tagging scheme.'), 'Taigman et al. \\cite{taigman17} presented a tagging scheme.');
    assert.equal(past('This paper will also describe a parser.', one), 'Brants \\cite{brants00} also described a parser.');
    assert.equal(rewriteSentence('We will present an evaluation measure.', { record: one, style: 'tldr' }), 'This paper presents an evaluation measure.');
    assert.equal(past('We will not discuss pruning.'), 'Taigman et al. \\cite{taigman17} will not discuss pruning.');
  });

  it('reads an abstract\'s "The paper describes" as the paper itself, and drops "More importantly,"', () => {
    assert.equal(past('The paper describes a scheduling assistant for clinics.', one), 'Brants \\cite{brants00} described a scheduling assistant for clinics.');
    assert.equal(past('More importantly, we propose a streaming tokenizer.'), 'Taigman et al. \\cite{taigman17} proposed a streaming tokenizer.');
    assert.equal(past('The paper of Smith describes a parser.'), 'The paper of Smith describes a parser \\cite{taigman17}.');
  });

  it('reads "The report", "The chapter" and "The review" as the work itself where its type or its title calls it so', () => {
    const report = { ...one, type: 'techreport', title: 'Pollinators and Food Production' };
    assert.equal(past('The report identifies land-use change as the main driver of pollinator decline.', report), 'Brants \\cite{brants00} identified land-use change as the main driver of pollinator decline.');
    const chapter = { ...one, type: 'incollection', title: 'Pesticides and Pollinators' };
    assert.equal(past('The chapter concludes that field doses rarely harm colonies.', chapter), 'Brants \\cite{brants00} concluded that field doses rarely harm colonies.');
    const review = { ...one, type: 'article', title: 'Flower Strips on Farmland: A Review' };
    assert.equal(rewriteSentence('The review finds that flower strips double bumblebee counts.', { record: review, style: 'tldr' }), 'This paper finds that flower strips double bumblebee counts.');
    // In a journal article that is no report, "the report" is someone else's.
    const article = { ...one, type: 'article', title: 'Hedgerows and Wild Bees' };
    assert.equal(past('The report identifies land-use change as the main driver.', article), 'The report identifies land-use change as the main driver \\cite{brants00}.');
    // A title that opens with its genre word is the title itself as the subject, not "the review".
    const titled = { ...one, type: 'book', title: 'The Review as Art and Communication' };
    assert.equal(past('The Review as Art and Communication explores the shelf-life of reviews.', titled), 'The Review as Art and Communication explores the shelf-life of reviews \\cite{brants00}.');
  });

  it('keeps the book, not its authors, as the subject of what the book contains', () => {
    const book = { ...three, type: 'book', title: 'A Beginner\'s Book of Tide Tables' };
    assert.equal(past('The book contains worked examples for every port.', book), 'The book of Taigman et al. \\cite{taigman17} contained worked examples for every port.');
    assert.equal(past('This volume consists of twelve chapters on harbour charts.', book), 'The volume of Taigman et al. \\cite{taigman17} consisted of twelve chapters on harbour charts.');
    assert.equal(past('This volume helps pilots read tide tables.', book), 'Taigman et al. \\cite{taigman17} helped pilots read tide tables.');
  });

  it('puts a second verb that takes its object after "on" in the same tense ("and focuses on")', () => {
    assert.equal(past('This paper describes a tide gauge and focuses on its cost.', one), 'Brants \\cite{brants00} described a tide gauge and focused on its cost.');
    assert.equal(past('We survey tide gauges and rely on port records.', one), 'Brants \\cite{brants00} surveyed tide gauges and relied on port records.');
  });

  it('keeps modals, auxiliaries and verbs already in the past as they are', () => {
    assert.equal(past('We can detect faces in real time.'), 'Taigman et al. \\cite{taigman17} can detect faces in real time.');
    assert.equal(past('We have shown that the bound is tight.'), 'Taigman et al. \\cite{taigman17} have shown that the bound is tight.');
    assert.equal(past('We found that depth matters.'), 'Taigman et al. \\cite{taigman17} found that depth matters.');
    assert.equal(past('We are the first to study this setting.', one), 'Brants \\cite{brants00} was the first to study this setting.');
  });

  it('inflects a verb after ", and" whatever its object ("…, and studied tractability")', () => {
    assert.equal(
      past('We show how tide tables can define flood risk over a season, and study tractability of queries over them.'),
      'Taigman et al. \\cite{taigman17} showed how tide tables can define flood risk over a season, and studied tractability of queries over them.',
    );
    assert.equal(
      rewriteSentence('We discuss the limits of gauge networks, and make recommendations for new stations.', { record: three, style: 'tldr' }),
      'This paper discusses the limits of gauge networks, and makes recommendations for new stations.',
    );
  });

  it('inflects "go on to" as the predicate it is ("…, and went on to describe")', () => {
    assert.equal(
      past('We survey the features that represent a rhyme, and go on to describe an evaluation on ballads.'),
      'Taigman et al. \\cite{taigman17} surveyed the features that represent a rhyme, and went on to describe an evaluation on ballads.',
    );
    assert.equal(
      rewriteSentence('We first build a rhyme graph and then go on to prune it.', { record: three, style: 'tldr' }),
      'This paper builds a rhyme graph and then goes on to prune it.',
    );
    assert.equal(past('We study the ballads that go on to win prizes.'), 'Taigman et al. \\cite{taigman17} studied the ballads that go on to win prizes.');
  });

  it('asks a question impersonally, with the base form after the modal ("how can one generate")', () => {
    assert.equal(
      past('We study the inverse task: given a vector, how can we generate the phrase it encodes?'),
      'Taigman et al. \\cite{taigman17} studied the inverse task: given a vector, how can one generate the phrase it encodes?',
    );
    assert.equal(past('How do we choose which gauges to keep?'), 'How does one choose which gauges to keep \\cite{taigman17}?');
    assert.equal(past('We ask whether we should prune before training.'), 'Taigman et al. \\cite{taigman17} asked whether they should prune before training.');
  });

  it('leaves the tldr style in the present', () => {
    assert.equal(rewriteSentence('We propose a tagger.', { record: one, style: 'tldr', tense: 'past' }), 'This paper proposes a tagger.');
  });

  it('keeps in a tldr what the authors did in the past theirs ("the tasks we ran" is not "the tasks it runs")', () => {
    assert.equal(
      rewriteSentence('We describe the changes we made to the course and evaluate them on the cohorts we taught.', { record: one, style: 'tldr' }),
      'This paper describes the changes the authors made to the course and evaluates them on the cohorts the authors taught.',
    );
  });
});

describe('coordinated nouns', () => {
  it('leaves "the design and use of" alone', () => {
    const one = { key: 'k', authors: [{ family: 'Roe' }] };
    assert.equal(rewriteSentence('We study the design and use of caches.', { record: one, style: 'citation' }), 'Roe \\cite{k} studies the design and use of caches.');
  });
});

describe('dropSelfPraise', () => {
  it('drops "novel"/"new" after a determiner and fixes the article', () => {
    assert.equal(dropSelfPraise('a novel approach to parsing'), 'an approach to parsing');
    assert.equal(dropSelfPraise('A new method for tagging'), 'A method for tagging');
    assert.equal(dropSelfPraise('an novel and efficient parser'), 'an efficient parser');
    assert.equal(dropSelfPraise('a new user model'), 'a user model');
    assert.equal(dropSelfPraise('two novel losses'), 'two losses');
    assert.equal(dropSelfPraise('a novel Bayesian parser and a new TeX macro'), 'a Bayesian parser and a TeX macro');
  });
  it('drops them before a bare plural that a contribution verb takes', () => {
    assert.equal(dropSelfPraise('Brants \\cite{brants00} reported novel techniques for tide tables'), 'Brants \\cite{brants00} reported techniques for tide tables');
    // Not before a singular ("presented new evidence" says what the evidence is), nor after other verbs.
    assert.equal(dropSelfPraise('they presented new evidence'), 'they presented new evidence');
    assert.equal(dropSelfPraise('they need new gauges'), 'they need new gauges');
    assert.equal(dropSelfPraise('the crew creates new routes each season'), 'the crew creates new routes each season');
    assert.equal(dropSelfPraise('the guide aims to introduce new sailors to tide tables'), 'the guide aims to introduce new sailors to tide tables');
  });
  it('keeps names and other uses', () => {
    assert.equal(dropSelfPraise('data from New York'), 'data from New York');
    assert.equal(dropSelfPraise('what is new here'), 'what is new here');
    assert.equal(dropSelfPraise('we chart tides from a new perspective'), 'we chart tides from a new perspective');
    assert.equal(dropSelfPraise('a new generation of tide gauges'), 'a new generation of tide gauges');
    assert.equal(dropSelfPraise('a new kind of sea chart'), 'a new kind of sea chart');
    assert.equal(dropSelfPraise('she writes for the New Harbour Gazette'), 'she writes for the New Harbour Gazette');
  });
  it('keeps "the novel" where it is the noun ("the novel itself", "the novel and the film")', () => {
    assert.equal(dropSelfPraise('the form of the novel itself'), 'the form of the novel itself');
    assert.equal(dropSelfPraise('readers of the novel are few'), 'readers of the novel are few');
    assert.equal(dropSelfPraise('they compare the novel and the film'), 'they compare the novel and the film');
  });
  it('applies to citation sentences', () => {
    assert.equal(rewriteSentence('We propose a novel tagger.', { record: one, style: 'citation' }), 'Brants \\cite{brants00} proposes a tagger.');
  });
});

describe('first person singular and unpunctuated openers', () => {
  it('"I present" is the same subject as "we present"', () => {
    assert.equal(rewriteSentence('I present two algorithms that detect topic structure.', { record: one, style: 'citation' }), 'Brants \\cite{brants00} presents two algorithms that detect topic structure.');
    assert.equal(rewriteSentence('I present two algorithms that detect topic structure.', { record: one, style: 'tldr' }), 'This paper presents two algorithms that detect topic structure.');
    assert.equal(rewriteSentence('This dissertation studies my corpus.', { record: one, style: 'citation' }), 'Brants \\cite{brants00} studies their corpus.');
  });
  it('drops "So"/"Thus" before "we" without a comma', () => {
    assert.equal(rewriteSentence('So we propose an approach that extracts rules.', { record: two, style: 'citation' }), 'Benaim and Wolf \\cite{benaim17} propose an approach that extracts rules.');
    assert.equal(rewriteSentence('Thus we study tagging.', { record: one, style: 'tldr' }), 'This paper studies tagging.');
  });
  it('keeps "I" that is not a subject pronoun', () => {
    assert.equal(rewriteSentence('Type I errors are rare in our data.', { record: one, style: 'tldr' }), 'Type I errors are rare in the data.');
  });
});

describe('acronym expansion', () => {
  const abstract = [
    'Stochastic gradient descent (SGD) trains most models.',
    'We prune deep neural networks (DNNs) during training.',
    'Bayesian optimization (BO) tunes the schedule.',
    'Our tagger builds on a recurrent neural network (RNN) and a long short-term memory (LSTM).',
  ];
  const defs = acronymDefinitions(abstract);

  it('spells out an acronym in the number it is used in', () => {
    assert.equal(expandAcronyms('We prune each DNN\'s filters.', defs), 'We prune each deep neural network\'s filters.');
    assert.equal(expandAcronyms('We prune DNNs at scale.', defs), 'We prune deep neural networks at scale.');
    // No plural definition to spell out: "LSTMs" stays rather than becoming "long short-term memories".
    assert.equal(expandAcronyms('We stack LSTMs.', defs), 'We stack LSTMs.');
  });

  it('lower-cases a long form that was capitalised only because it opened its sentence', () => {
    assert.equal(expandAcronyms('We modify SGD for sparse updates.', defs), 'We modify stochastic gradient descent for sparse updates.');
    assert.equal(expandAcronyms('We tune it with BO.', defs), 'We tune it with Bayesian optimization.');
  });

  it('fixes the article before the spelled-out form', () => {
    assert.equal(expandAcronyms('We train an RNN on tweets.', defs), 'We train a recurrent neural network on tweets.');
    assert.equal(expandAcronyms('An LSTM reads the input.', defs), 'A long short-term memory reads the input.');
  });
});

describe('the authors\' "we" after a fronted clause or frame (tldr)', () => {
  const tldr = (sentence: string) => rewriteSentence(sentence, { record: one, style: 'tldr' });

  it('names the paper at the first inner "we" when no subject has named it, then says "it"', () => {
    assert.equal(tldr('As we show, sparse models train faster than we predict.'), 'As this paper shows, sparse models train faster than it predicts.');
    assert.equal(tldr('Parsers often drop rare attachments, an effect we call thinning.'), 'Parsers often drop rare attachments, an effect this paper calls thinning.');
    assert.equal(tldr('Our sampler, which we call Ripple, mixes fast.'), 'The sampler, which this paper calls Ripple, mixes fast.');
    assert.equal(tldr('We propose Ripple, which we tune by hand.'), 'This paper proposes Ripple, which it tunes by hand.');
  });

  it('makes the paper the subject, not "it"', () => {
    assert.equal(tldr('Building on sparse attention, in this paper we propose a linear-time encoder.'), 'Building on sparse attention, this paper proposes a linear-time encoder.');
    assert.equal(tldr('As labels are scarce, costly, and noisy, we consider self-training.'), 'As labels are scarce, costly, and noisy, this paper considers self-training.');
    assert.equal(tldr('Inspired by grid cells,we introduce a map module.'), 'Inspired by grid cells, this paper introduces a map module.');
    assert.equal(tldr('Then we propose a pruning rule for sparse layers.'), 'This paper proposes a pruning rule for sparse layers.');
    assert.equal(tldr('In this short note we derive a tighter bound.'), 'This paper derives a tighter bound.');
  });

  it('keeps the conjunction that joins two clauses, and the work as subject when it already is', () => {
    assert.equal(tldr('Labels are noisy, and we propose a robust loss.'), 'Labels are noisy, and this paper proposes a robust loss.');
    assert.equal(tldr('This work provides a benchmark, and we release the code.'), 'This paper provides a benchmark, and it releases the code.');
  });

  it('reads "enables us to" as the reader\'s gain and keeps the base form after a modal', () => {
    assert.equal(tldr('We propose a metric which enables us to compare parsers.'), 'This paper proposes a metric which enables one to compare parsers.');
    assert.equal(tldr('We ask what can we learn from pruned networks.'), 'This paper asks what can one learn from pruned networks.');
  });
});

describe('coordinated predicates: more forms', () => {
  const tldr = (sentence: string) => rewriteSentence(sentence, { record: one, style: 'tldr' });
  const past = (sentence: string, record = one) => rewriteSentence(sentence, { record, style: 'citation', tense: 'past' });

  it('inflects a verb list, "instead", and a verb before "to"', () => {
    assert.equal(tldr('We adapt and combine parsers across domains.'), 'This paper adapts and combines parsers across domains.');
    assert.equal(tldr('We study sparse codes, and instead propose dense ones.'), 'This paper studies sparse codes, and instead proposes dense ones.');
    assert.equal(tldr('We analyse label noise, and propose to use soft labels.'), 'This paper analyses label noise, and proposes to use soft labels.');
  });

  it('inflects a second predicate before an adjective or a quantifier ("and present experimental results")', () => {
    assert.equal(
      past('We describe a parser for legal contracts and present experimental results on two corpora.'),
      'Brants \\cite{brants00} described a parser for legal contracts and presented experimental results on two corpora.',
    );
    assert.equal(
      past('We sketch how tides follow from the lunar cycle and present some of the practical consequences.'),
      'Brants \\cite{brants00} sketched how tides follow from the lunar cycle and presented some of the practical consequences.',
    );
    assert.equal(tldr('We chart the coastline of the bay and address the dating problem.'), 'This paper charts the coastline of the bay and addresses the dating problem.');
  });

  it('leaves a verb coordinated with an infinitive', () => {
    assert.equal(tldr('We propose to reverse this pipeline and adapt the data to the model.'), 'This paper proposes to reverse this pipeline and adapt the data to the model.');
    assert.equal(past('We use tide logs from two harbours to sharpen and further extend this chart.'), 'Brants \\cite{brants00} used tide logs from two harbours to sharpen and further extend this chart.');
    assert.equal(past('We move from theory to practice and further propose a tide chart.'), 'Brants \\cite{brants00} moved from theory to practice and further proposed a tide chart.');
  });

  it('puts every predicate of a cited work in the past, and "have" in agreement', () => {
    assert.equal(past('This paper points out two flaws and describes a fix.'), 'Brants \\cite{brants00} pointed out two flaws and described a fix.');
    assert.equal(past('We have developed a tagger for tweets.'), 'Brants \\cite{brants00} has developed a tagger for tweets.');
    assert.equal(past('We have developed a tagger for tweets.', three), 'Taigman et al. \\cite{taigman17} have developed a tagger for tweets.');
    assert.equal(past('This paper presents a parser, and we report its speed.'), 'Brants \\cite{brants00} presented a parser, and they reported its speed.');
  });
});

describe('clause truncations that would mislead', () => {
  const cuts = (sentence: string) => clauseTruncations(sentence).map((t) => t.text);
  it('cuts a series of predicates set apart by semicolons after its first item only', () => {
    const all = cuts('We weigh the catch of 14 boats on the quay; model the losses through the nets; and suggest three changes to the nets.');
    assert.ok(all.includes('We weigh the catch of 14 boats on the quay.'), all.join(' | '));
    assert.ok(!all.some((c) => c.includes('model the losses')), all.join(' | '));
    // A list of nouns may still be cut after any item.
    assert.ok(cuts('Topics were: tide tables for the harbour; design of the nets for trawlers; and the pay of crews.').includes('Topics were: tide tables for the harbour; design of the nets for trawlers.'));
  });
  it('does not cut "not X, but Y" after X', () => {
    assert.ok(!cuts('We classify product reviews not by their topic, but by the overall sentiment they express.').includes('We classify product reviews not by their topic.'));
  });
  it('does not end a sentence on "allows", "when" or "without"', () => {
    for (const sentence of [
      'We split the parser into separate stages, yet the design allows for end-to-end tuning of every stage.',
      'Our quantizer reaches the best accuracy to date on ImageNet when using only four bits per weight.',
      'We denoise medical images with deep learning but without any clean reference images at all.',
    ]) {
      for (const cut of cuts(sentence)) assert.ok(!/\b(?:allows|when|without)\.$/.test(cut), cut);
    }
  });
  it('does not end on a noun that names a relation without what it relates ("and the association.")', () => {
    const sentence = 'We argue that remote work confronts new hires with two risks: slower feedback from peers and the association with a team that rarely meets in person.';
    for (const cut of cuts(sentence)) assert.ok(!/\bthe association\.$/.test(cut), cut);
  });
});

describe('clause truncations that would lose the main verb', () => {
  const cuts = (sentence: string) => clauseTruncations(sentence).map((t) => t.text);
  it('does not cut off a passive main verb that closes the sentence', () => {
    const sentence = 'A planner for legged robots that couples footstep search with the whole-body controller design is presented.';
    assert.deepEqual(cuts(sentence), []);
    // "… are presented in this paper.": the authors' place after the verb does not hide that it closes the sentence.
    assert.deepEqual(cuts('Tide gauges that report sea levels every minute for pilots of small harbours are presented in this paper.'), []);
    // With its own verb the head still reads as a sentence.
    assert.ok(cuts('We present a planner for legged robots that plans footsteps on several terrains.').includes('We present a planner for legged robots that plans footsteps.'));
  });
  it('does not leave a "that" clause without its verb', () => {
    const sentence = 'We introduce a robust barrier certificate, and show that the existence of such a certificate for a hybrid system is equivalent to safety.';
    for (const cut of cuts(sentence)) assert.ok(!/that the existence of such a certificate\.$/.test(cut), cut);
    assert.ok(cuts('We show that the existence of such a certificate implies safety for every hybrid system.').includes('We show that the existence of such a certificate implies safety.'));
  });
  it('does not leave a "how" clause without its verb, nor take its plural subject for the verb', () => {
    const sentence = 'We propose Lanterns, a tool to explain how large speech recognisers, such as attention models, reach their transcripts.';
    for (const cut of cuts(sentence)) assert.ok(!/how large speech recognisers\.$/.test(cut), cut);
    assert.ok(cuts('We explain how large speech recognisers reach their transcripts on several benchmark sets.').includes('We explain how large speech recognisers reach their transcripts.'));
    const claim = 'We prove that stronger barrier certificates for hybrid automata with resets are rare.';
    for (const cut of cuts(claim)) assert.ok(!/certificates\.$/.test(cut), cut);
  });
  it('does not cut a recommendation after the clause that opens it and before its own verb', () => {
    const sentence = 'We recommend that when lexicons are large, recent guidelines for teaching spelling should be consulted first.';
    for (const cut of cuts(sentence)) assert.ok(!/recent guidelines\.$/.test(cut), cut);
    assert.ok(cuts('We recommend that even when using large lexicons, teachers should check the guidelines for spelling in class.').includes('We recommend that even when using large lexicons, teachers should check the guidelines.'));
  });
  it('does not cut off the verb that follows an aside of examples inside the subject', () => {
    const sentence = 'Attempts to forecast the tides of small harbours, such as river mouths, have so far not been accurate enough for pilots.';
    for (const cut of cuts(sentence)) assert.ok(!/small harbours\.$/.test(cut), cut);
    // Examples at the end of the clause are still left out.
    assert.ok(cuts('We forecast the tides of small harbours, such as river mouths and fishing ports, with a single gauge.').includes('We forecast the tides of small harbours.'));
  });
  it('does not keep only a comparison that the sentence opens with ("Much like how …")', () => {
    const sentence = 'Much like how pilots read the tide from a gauge, which can then be shared with other ports, the ferry network learns the currents from its own crossings.';
    for (const cut of cuts(sentence)) assert.ok(!/^Much like how pilots read the tide from a gauge\.$/.test(cut), cut);
  });
});

describe('openers and asides', () => {
  it('capitalises a hyphenated opener but keeps "k-means" and "word2vec"', () => {
    assert.equal(dropReportingFrame('Experiments show that grid-like firing patterns emerge in trained recurrent agents.'), 'Grid-like firing patterns emerge in trained recurrent agents.');
    assert.equal(stripLeadingDiscourse('In this paper, k-means is run on embeddings.'), 'k-means is run on embeddings.');
    assert.equal(stripLeadingDiscourse('Finally, word2vec vectors are compared.'), 'word2vec vectors are compared.');
  });
  it('drops an "instead" that answers the sentence before, and keeps one within the sentence', () => {
    const past = { record: three, style: 'citation' as const, tense: 'past' as const };
    assert.equal(rewriteSentence('We aim instead at forecasts that hold for a whole growing season.', past), 'Taigman et al. \\cite{taigman17} aimed at forecasts that hold for a whole growing season.');
    assert.equal(rewriteSentence('We instead propagate crop labels over the field graph.', { record: three, style: 'tldr' }), 'This paper propagates crop labels over the field graph.');
    assert.equal(rewriteSentence('We keep the yield model fixed and instead train the soil encoder.', { record: three, style: 'tldr' }), 'This paper keeps the yield model fixed and instead trains the soil encoder.');
    assert.equal(rewriteSentence('We use rain gauges instead of radar.', past), 'Taigman et al. \\cite{taigman17} used rain gauges instead of radar.');
    assert.equal(
      rewriteSentence('Our model needs no field labels; instead, it learns from satellite passes.', { record: three, style: 'tldr' }),
      'The model needs no field labels; instead, it learns from satellite passes.',
    );
  });
  it('inflects the authors\' second verb after a relative clause whose own verb agrees with a singular noun', () => {
    assert.equal(
      rewriteSentence('We present a sampler that exploits sparse gradients and propose pruning the chain early.', { record: three, style: 'tldr' }),
      'This paper presents a sampler that exploits sparse gradients and proposes pruning the chain early.',
    );
    // A plural noun's relative clause could take the base form itself: left as written.
    assert.equal(
      rewriteSentence('We study samplers that exploit sparse gradients and prune the chain early.', { record: three, style: 'tldr' }),
      'This paper studies samplers that exploit sparse gradients and prune the chain early.',
    );
  });
  it('keeps "we show that" when a second predicate after the claim is the authors\'', () => {
    const sentence = 'We demonstrate that rule-based taggers are unable to handle code switching, and develop a tagger that learns from transliterated text.';
    assert.equal(dropReportingFrame(sentence), undefined);
    // Without the comma too, where the verb is one only authors' acts take ("… a bias and propose Y").
    assert.equal(dropReportingFrame('We show that silt in the well induces a gauge bias and propose a levelling method for float gauges.'), undefined);
    assert.equal(dropReportingFrame('We show that silt in the well induces a gauge bias and slows the float.'), 'Silt in the well induces a gauge bias and slows the float.');
    // ", and give an algorithm", ", and train a …": the authors' verbs that are not in that list, before their object.
    assert.equal(dropReportingFrame('We prove that O(n log k) comparisons suffice for nearly sorted tide records, and give an algorithm that meets this bound.'), undefined);
    assert.equal(dropReportingFrame('We find that gauges drift in warm water, and train a model that corrects the drift.'), undefined);
    assert.equal(
      rewriteSentence(sentence, { record: three, style: 'tldr' }),
      'This paper demonstrates that rule-based taggers are unable to handle code switching, and develops a tagger that learns from transliterated text.',
    );
  });
  it('keeps the frame of two claims ("We show that X, and that Y")', () => {
    assert.equal(dropReportingFrame('We show that rule-based taggers fail on code switching, and that transliteration helps them.'), undefined);
    assert.equal(dropReportingFrame('Experiments show that rule-based taggers fail on code switching and that transliteration helps them.'), undefined);
    assert.equal(dropReportingFrame('We show that rule-based taggers fail on code switching in chats.'), 'Rule-based taggers fail on code switching in chats.');
  });
  it('drops "for the first time" between "we" and its verb, and "In the present paper,"', () => {
    assert.equal(rewriteSentence('We, for the first time, define filter-level sparsity.', { record: one, style: 'tldr' }), 'This paper defines filter-level sparsity.');
    assert.equal(rewriteSentence('In the present paper, I define a grammar class.', { record: one, style: 'citation', tense: 'past' }), 'Brants \\cite{brants00} defined a grammar class.');
  });
});

describe('a summary in the present', () => {
  it('reports the authors\' past tense in the present (tldr)', () => {
    assert.equal(
      rewriteSentence('We generalized the reparameterization trick and showed that it lowers variance.', { record: one, style: 'tldr' }),
      'This paper generalizes the reparameterization trick and shows that it lowers variance.',
    );
    assert.equal(rewriteSentence('We interviewed eight clinicians about triage.', { record: one, style: 'tldr' }), 'This paper interviews eight clinicians about triage.');
    assert.equal(rewriteSentence('We sought a simpler bound.', { record: one, style: 'tldr' }), 'This paper seeks a simpler bound.');
  });
  it('keeps the past in citation style', () => {
    assert.equal(rewriteSentence('We interviewed eight clinicians.', { record: one, style: 'citation', tense: 'past' }), 'Brants \\cite{brants00} interviewed eight clinicians.');
  });
  it('puts every predicate of the authors\' past in the present, not only the first ("counts X and counted Y")', () => {
    const tldr = (s: string) => rewriteSentence(s, { record: one, style: 'tldr' });
    assert.equal(tldr('We sampled hedges in spring and autumn and counted nests.'), 'This paper samples hedges in spring and autumn and counts nests.');
    assert.equal(tldr('We surveyed the verges and estimated flower cover in June.'), 'This paper surveys the verges and estimates flower cover in June.');
    assert.equal(tldr('We visited ten mills and mapped the old races.'), 'This paper visits ten mills and maps the old races.');
    // A past spelled as the base: the present is "sets", "reads", "cuts" either way.
    assert.equal(tldr('We buried a cable along the transect and read moisture every ten minutes.'), 'This paper buries a cable along the transect and reads moisture every ten minutes.');
    assert.equal(tldr('We set thresholds for each gauge and cut the noise by half.'), 'This paper sets thresholds for each gauge and cuts the noise by half.');
    assert.equal(tldr('We trained a tagger and improved accuracy by three points.'), 'This paper trains a tagger and improves accuracy by three points.');
  });
  it('agrees "and report on X", "and comment on Y" with the authors, not "a survey and report on X" nor a relative clause\'s verb', () => {
    const cite = (s: string) => rewriteSentence(s, { record: one, style: 'citation', tense: 'past' });
    assert.equal(cite('We describe the ferry booking system and report on its first winter.'), 'Brants \\cite{brants00} described the ferry booking system and reported on its first winter.');
    assert.equal(cite('We review pilot logs and comment about the timing of boardings.'), 'Brants \\cite{brants00} reviewed pilot logs and commented about the timing of boardings.');
    assert.equal(rewriteSentence('We described the ferry booking system and reported on its first winter.', { record: one, style: 'tldr' }), 'This paper describes the ferry booking system and reports on its first winter.');
    assert.equal(cite('We present a survey and report on harbour dredging.'), 'Brants \\cite{brants00} presented a survey and report on harbour dredging.');
    assert.equal(cite('We study gauges that log tides and report on errors.'), 'Brants \\cite{brants00} studied gauges that log tides and report on errors.');
  });
  it('reports a later clause\'s "we tested" in the present too, but keeps "the changes we made"', () => {
    const tldr = (s: string) => rewriteSentence(s, { record: one, style: 'tldr' });
    assert.equal(tldr('We propose a gauge; in a second trial, we tested it in two harbours.'), 'This paper proposes a gauge; in a second trial, the authors test it in two harbours.');
    assert.equal(tldr('We logged the tide for a year, and we found that the gauge drifted.'), 'This paper logs the tide for a year, and the authors find that the gauge drifted.');
    assert.equal(tldr('We list the changes we made to the gauge.'), 'This paper lists the changes the authors made to the gauge.');
  });
  it('leaves a participle that modifies a noun after "and" ("and related problems", "noisy and labeled data")', () => {
    const tldr = (s: string) => rewriteSentence(s, { record: one, style: 'tldr' });
    assert.equal(tldr('We studied sorting networks and related problems.'), 'This paper studies sorting networks and related problems.');
    assert.equal(tldr('We collected noisy and labeled logs from the farms.'), 'This paper collects noisy and labeled logs from the farms.');
    assert.equal(tldr('We compared learned and handcrafted features.'), 'This paper compares learned and handcrafted features.');
  });
  it('reports the work\'s own past ("The present study examined …") in the present too', () => {
    assert.equal(
      rewriteSentence('The present study examined whether wild yeasts tolerate cold proofing and measured their rise.', { record: two, style: 'tldr' }),
      'This paper examines whether wild yeasts tolerate cold proofing and measures their rise.',
    );
    assert.equal(rewriteSentence('This study compared twelve yeast strains.', { record: two, style: 'citation', tense: 'present' }), 'Benaim and Wolf \\cite{benaim17} compare twelve yeast strains.');
    assert.equal(rewriteSentence('This study compared twelve yeast strains.', { record: two, style: 'citation', tense: 'past' }), 'Benaim and Wolf \\cite{benaim17} compared twelve yeast strains.');
  });
});

describe('the work as subject after a fronted clause, and passive self-description', () => {
  const record = { key: 'doe19', authors: [{ family: 'Doe' }, { family: 'Roe' }] };
  const cite = (s: string) => rewriteSentence(s, { record, style: 'citation', tense: 'past' });
  const tldr = (s: string) => rewriteSentence(s, { record, style: 'tldr' });

  it('names the authors where "this paper" is the subject after a fronted clause: in a draft it would be the reader\'s paper', () => {
    assert.equal(cite('Building on earlier reordering rules, this paper proposes a learned reordering model.'), 'Building on earlier reordering rules, Doe and Roe \\cite{doe19} proposed a learned reordering model.');
    assert.equal(cite('Word order varies widely across languages; this paper explores how parsers cope with it.'), 'Word order varies widely across languages; Doe and Roe \\cite{doe19} explored how parsers cope with it.');
    assert.equal(tldr('Word order varies widely across languages; this paper explores how parsers cope with it.'), 'Word order varies widely across languages; this paper explores how parsers cope with it.');
  });

  it('keeps the work, not its authors, as the subject of "is" ("This work is based on …")', () => {
    assert.equal(cite('This work is based on the belief that rare words carry the topic.'), 'The work of Doe and Roe \\cite{doe19} was based on the belief that rare words carry the topic.');
    assert.equal(cite('This paper is an attempt to bridge parsing and generation.'), 'The paper of Doe and Roe \\cite{doe19} was an attempt to bridge parsing and generation.');
    assert.equal(tldr('This work is based on the belief that rare words carry the topic.'), 'This paper is based on the belief that rare words carry the topic.');
    assert.equal(cite('This paper describes a parser for Welsh.'), 'Doe and Roe \\cite{doe19} described a parser for Welsh.');
  });

  it('turns "A method is proposed" into the authors proposing it', () => {
    assert.equal(cite('A tagger for noisy chat text is presented.'), 'Doe and Roe \\cite{doe19} presented a tagger for noisy chat text.');
    assert.equal(cite('In this paper a ranking constraint is proposed for centering theory.'), 'Doe and Roe \\cite{doe19} proposed a ranking constraint for centering theory.');
    assert.equal(cite('Two parsers that share one lexicon are also described and compared.'), 'Doe and Roe \\cite{doe19} also described and compared two parsers that share one lexicon.');
    assert.equal(cite('A shallow tagger — the chunk tagger — is described.'), 'Doe and Roe \\cite{doe19} described a shallow tagger — the chunk tagger.');
    assert.equal(cite('A tagger is described and tokenized.'), 'A tagger is described and tokenized \\cite{doe19}.');
    assert.equal(cite('It is shown that greedy decoding suffices for short inputs.'), 'Doe and Roe \\cite{doe19} showed that greedy decoding suffices for short inputs.');
    assert.equal(cite('In the studied towns, it was found that raised sea walls stop most overtopping.'), 'In the studied towns, Doe and Roe \\cite{doe19} found that raised sea walls stop most overtopping.');
    assert.equal(inAuthorsVoice('It is also argued that ferry slots should follow the tide.'), 'We also argue that ferry slots should follow the tide.');
    // A structured abstract's "Objective: To measure …", its label split off, is the authors' aim.
    assert.equal(cite(inAuthorsVoice('To measure jetty erosion over a decade.')), 'Doe and Roe \\cite{doe19} aimed to measure jetty erosion over a decade.');
    for (const opener of ['To this end we scan four jetties.', 'To test it, four jetties are scanned.', 'To date no jetty has been scanned twice.', 'To protect jetties it is crucial to know where they erode.', 'To ignore the tide is to misread the erosion.']) {
      assert.equal(inAuthorsVoice(opener), opener);
    }
    // What others showed stays theirs.
    assert.equal(inAuthorsVoice('It has been shown that ferry slots follow the tide.'), 'It has been shown that ferry slots follow the tide.');
    assert.equal(tldr('A tagger for noisy chat text is presented.'), 'This paper presents a tagger for noisy chat text.');
  });

  it('puts the study the authors carried out in their voice: "In this study, X was offered to Y", "A survey was conducted"', () => {
    assert.equal(cite('In this study, a ferry timetable was offered to 150 island residents.'), 'Doe and Roe \\cite{doe19} offered a ferry timetable to 150 island residents.');
    assert.equal(cite('Here, 60 hedgerows were surveyed in spring and autumn.'), 'Doe and Roe \\cite{doe19} surveyed 60 hedgerows in spring and autumn.');
    assert.equal(cite('A cross-sectional survey was conducted among 400 harbour pilots.'), 'Doe and Roe \\cite{doe19} conducted a cross-sectional survey among 400 harbour pilots.');
    assert.equal(cite('A retrospective analysis was carried out on 212 logbooks.'), 'Doe and Roe \\cite{doe19} carried out a retrospective analysis on 212 logbooks.');
    assert.equal(cite('Semi-structured interviews were conducted with 30 lock keepers.'), 'Doe and Roe \\cite{doe19} conducted semi-structured interviews with 30 lock keepers.');
    assert.equal(tldr('A cross-sectional survey was conducted among 400 harbour pilots.'), 'This paper conducts a cross-sectional survey among 400 harbour pilots.');
    // Without the frame, only carrying out a study is the authors' act; others' surveys and agents stay as written.
    for (const s of ['A cohort of 900 walkers was followed for two years.', 'Surgery was performed on 40 patients.', 'Many surveys were conducted in the last decade.', 'The census was conducted by the statistics office.', 'The census was conducted in 2019 by the statistics office.', 'A ferry timetable was offered to island residents.']) {
      assert.equal(cite(s), s.replace(/\.$/, ' \\cite{doe19}.'));
    }
  });

  it('puts a second, passive clause about the authors\' own work in the active voice too', () => {
    assert.equal(cite('A cost model is suggested, and a family of pruning rules is introduced.'), 'Doe and Roe \\cite{doe19} suggested a cost model, and introduced a family of pruning rules.');
    assert.equal(
      cite('We describe a chart parser for Tagalog, and its running time is analysed in detail.'),
      'Doe and Roe \\cite{doe19} described a chart parser for Tagalog, and analysed its running time in detail.',
    );
    assert.equal(cite('A word grammar is defined and its closure properties are studied.'), 'Doe and Roe \\cite{doe19} defined a word grammar and studied its closure properties.');
    // The first passive's subject has a clause of its own ("that surround …"): the second passive is still theirs.
    assert.equal(
      cite('The quarrels that surround these harbour novels are examined and the novels themselves are discussed beside a third book.'),
      'Doe and Roe \\cite{doe19} examined the quarrels that surround these harbour novels and discussed the novels themselves beside a third book.',
    );
    assert.equal(tldr('We describe a chart parser for Tagalog, and its running time is analysed in detail.'), 'This paper describes a chart parser for Tagalog, and analyses its running time in detail.');
  });

  it('leaves a second passive inside a "that" clause or with another agent', () => {
    assert.equal(cite('We show that the bound is tight and the constant is derived from data.'), 'Doe and Roe \\cite{doe19} showed that the bound is tight and the constant is derived from data.');
    assert.equal(cite('We describe a tagger, and a similar tagger is described by Okafor.'), 'Doe and Roe \\cite{doe19} described a tagger, and a similar tagger is described by Okafor.');
    assert.equal(cite('Models of Welsh are rare and a tagger is presented.'), 'Models of Welsh are rare and a tagger is presented \\cite{doe19}.');
    assert.equal(
      cite('We define a loss, a decoder is built to refine views, and a critic is introduced.'),
      'Doe and Roe \\cite{doe19} defined a loss, a decoder is built to refine views, and a critic is introduced.',
    );
  });

  it('leaves passives that report other work or someone else\'s act as they are', () => {
    assert.equal(cite('Many taggers have been proposed for chat text.'), 'Many taggers have been proposed for chat text \\cite{doe19}.');
    assert.equal(cite('Several taggers are proposed in the literature.'), 'Several taggers are proposed in the literature \\cite{doe19}.');
    assert.equal(cite('A tagger is proposed by Okafor for chat text.'), 'A tagger is proposed by Okafor for chat text \\cite{doe19}.');
  });
});

describe('list items', () => {
  it('reads a whole sentence after its enumerator as any other: "(i) We first …" → "This paper …" (the "first" of its account goes too)', () => {
    assert.equal(
      rewriteSentence('(i) We first measure how far the local updates drift apart on skewed client data.', { record: two, style: 'tldr' }),
      'This paper measures how far the local updates drift apart on skewed client data.',
    );
    assert.equal(
      rewriteSentence('2) We release a corpus of 900 annotated ballads.', { record: two, style: 'citation', tense: 'past' }),
      'Benaim and Wolf \\cite{benaim17} released a corpus of 900 annotated ballads.',
    );
  });
});

describe('sentence-final punctuation', () => {
  it('adds no full stop after one that closes a quotation', () => {
    const record = { key: 'doe19', authors: [{ family: 'Doe' }] };
    assert.equal(rewriteSentence('We call such simulators “fragile.”', { record, style: 'tldr' }), 'This paper calls such simulators “fragile.”');
    assert.equal(rewriteSentence('We ask “does one pooling fit every task?”', { record, style: 'citation', tense: 'past' }), 'Doe \\cite{doe19} asked “does one pooling fit every task?”');
    assert.equal(rewriteSentence('We name this ‘lazy decoding.’', { record, style: 'tldr' }), 'This paper names this ‘lazy decoding.’');
  });
});

describe('dropParentheticals', () => {
  it('keeps the name the work gives what it makes, which is how others cite it, not an acronym of a term it uses', () => {
    assert.equal(
      dropParentheticals('We develop latent Dirichlet allocation with WordNet (LDAWN), a topic model with word senses (see Section 2).'),
      'We develop latent Dirichlet allocation with WordNet (LDAWN), a topic model with word senses.',
    );
    assert.equal(dropParentheticals('We train Generative Adversarial Networks (GANs) on noisy tweets.'), 'We train Generative Adversarial Networks on noisy tweets.');
  });
  it('keeps the brackets of a formula and drops asides and glued acronyms', () => {
    assert.equal(dropParentheticals('Parsing takes O(n^3) time on long inputs (see the appendix).'), 'Parsing takes O(n^3) time on long inputs.');
    assert.equal(dropParentheticals('The representation P(Z|X) = P(Z) is trivial.'), 'The representation P(Z|X) = P(Z) is trivial.');
    assert.equal(dropParentheticals('We train a graph network(GDNN) on molecules [12].'), 'We train a graph network on molecules.');
  });

  it('keeps a bracket that is part of the word after it', () => {
    assert.equal(dropParentheticals('The pilot can (re)plot the course (see the chart) at each buoy.'), 'The pilot can (re)plot the course at each buoy.');
    assert.equal(dropParentheticals('A gauge that learns to (self-)calibrate against the tide table.'), 'A gauge that learns to (self-)calibrate against the tide table.');
  });

  it('leaves a space where an aside glued to the next word stood', () => {
    assert.equal(dropParentheticals('We read the gauge [2]twice a day at the quay.'), 'We read the gauge twice a day at the quay.');
    assert.equal(dropParentheticals('The tide model (denoted (h; t)Tw) is fitted hourly.'), 'The tide model is fitted hourly.');
  });

  it('drops an aside that holds an aside of its own as a whole, not a bracket at a time', () => {
    assert.equal(
      dropParentheticals('We relate our parsers to those of Okafor (Annals of Parsing 3 (1981), 10-19) and of Lind.'),
      'We relate our parsers to those of Okafor and of Lind.',
    );
  });

  it('leaves one full stop after "et al." when the year after it goes', () => {
    assert.equal(dropParentheticals('Our checks follow the ones of Okafor et al. (2019).'), 'Our checks follow the ones of Okafor et al.');
    assert.equal(dropParentheticals('Our checks follow the ones of Okafor et al. [4].'), 'Our checks follow the ones of Okafor et al.');
  });
});

describe('the authors in the third person, inverted passives and verbs that share an object', () => {
  const cite = (sentence: string, record = two) => rewriteSentence(sentence, { record, style: 'citation', syntax: 'cite', tense: 'past' });

  it('names "the author(s)" of a catalogue abstract as the work\'s authors, with every verb of the series', async () => {
    const record = {
      key: 'okafor88',
      type: 'article',
      title: 'Paging Long Documents on Small Machines',
      authors: [{ family: 'Okafor', given: 'Ngozi' }],
      abstract: 'The author reviews how page breaks were chosen by hand, describes a greedy rule for small machines, and traces the rule back to hot-metal practice.',
    };
    const s = await citeAlone(record);
    assert.equal(s.text, 'In “Paging Long Documents on Small Machines”, Okafor \\cite{okafor88} reviewed how page breaks were chosen by hand, described a greedy rule for small machines, and traced the rule back to hot-metal practice.');
    assert.equal(inAuthorsVoice('The authors describe a kerning editor.'), 'We describe a kerning editor.');
    assert.equal(inAuthorsVoice('In this note, the author looks at drop caps.'), 'In this note, we look at drop caps.');
    assert.equal(inAuthorsVoice('Hence, the authors of this article recommend shorter lines.'), 'Hence, we recommend shorter lines.');
    for (const unchanged of ["The author's editor keeps kerning pairs.", 'The authors of the survey disagree.']) assert.equal(inAuthorsVoice(unchanged), unchanged);
  });

  it('cites "The authors discuss/address/focus …" by their names, and "In this report the authors present …" too', async () => {
    const record = {
      key: 'okafor91',
      type: 'article',
      title: 'Tide Tables for Small Harbours',
      authors: [{ family: 'Okafor', given: 'Chidi' }, { family: 'Lindqvist', given: 'Maja' }],
      abstract: 'Small harbours rarely publish their own tide tables. The authors discuss which observations let a harbour master predict local tides from a distant gauge.',
    };
    // The verb ends in "s" of its own; read as a singular form, the sentence was left as it was and lost to the background.
    assert.equal((await citeAlone(record)).text, 'In “Tide Tables for Small Harbours”, Okafor and Lindqvist \\cite{okafor91} discussed which observations let a harbour master predict local tides from a distant gauge.');
    assert.equal(inAuthorsVoice('The authors address rope wear with a polymer sleeve.'), 'We address rope wear with a polymer sleeve.');
    assert.equal(inAuthorsVoice('The authors focus on night shifts.'), 'We focus on night shifts.');
    // A magazine's editors introduce the article's authors as "our authors".
    assert.equal(inAuthorsVoice('Our authors describe a float gauge for small ports.'), 'We describe a float gauge for small ports.');
    const report = { ...record, key: 'chen90', abstract: 'In this report the authors present a survey of 200 harbour pilots on night shifts. Fatigue peaks after the fourth night.' };
    assert.match((await citeAlone(report)).text, /Okafor and Lindqvist \\cite\{chen90\} presented a survey of 200 harbour pilots on night shifts\.$/);
    assert.equal((await citeAlone(report, 'tldr')).text, 'This paper presents a survey of 200 harbour pilots on night shifts.');
    // A singular verb after "the authors" is no sentence of theirs to rewrite.
    assert.equal(inAuthorsVoice('The authors discusses drop caps.'), 'The authors discusses drop caps.');
  });

  it('reads "In this article she presents" as the author\'s own act, not as a claim about "this article"', async () => {
    const record = { key: 'marsh09', type: 'article', title: 'Quiet Trades', authors: [{ family: 'Marsh', given: 'Iona' }], abstract: 'In this article she presents a history of harbour pilots on the Clyde. Pilots are few.' };
    assert.match((await citeAlone(record)).text, /Marsh \\cite\{marsh09\} presented a history of harbour pilots on the Clyde\.$/);
    assert.equal(inAuthorsVoice('In this study, he traced ferry timetables.'), 'In this study, we traced ferry timetables.');
    // Not framed by the work, "she" may be anyone.
    for (const unchanged of ['In this harbour she piloted ferries.', 'She presents a history of pilots.']) assert.equal(inAuthorsVoice(unchanged), unchanged);
  });

  it('names the authors where a book\'s blurb makes the book, or its author, the subject', async () => {
    const book = {
      key: 'ferreira2011',
      type: 'book',
      title: 'Quiet Margins: Typography and the Reading Eye',
      authors: [{ family: 'Ferreira', given: 'Inês' }],
      abstract: 'Quiet Margins traces how page margins shaped reading habits from incunabula to e-readers, and argues that white space is part of the text.',
    };
    const s = await citeAlone(book);
    assert.match(s.text, /Ferreira \\cite\{ferreira2011\} traced how page margins shaped reading habits from incunabula to e-readers, and argued that white space is part of the text\.$/);
    assert.equal(namedWorkAsWe('In this study, Inês Ferreira measures margins in 400 books.', book), 'In this study, we measure margins in 400 books.');
    // A blurb leaves out the middle initial the .bib gives.
    const initialled = { ...book, authors: [{ family: 'Ferreira', given: 'Inês M.' }] };
    assert.equal(namedWorkAsWe('Inês Ferreira measures margins in 400 books.', initialled), 'We measure margins in 400 books.');
    assert.equal(namedWorkAsWe('Inês M. Ferreira measures margins in 400 books.', initialled), 'We measure margins in 400 books.');
    // A paper's title before its colon is as often a method the sentence is about; "is" says what the work is.
    const paper = { ...book, type: 'article', title: 'Margin Nets: Learning Page Layout' };
    for (const unchanged of ['Margin Nets predicts margins from scans.', 'Ferreira is a typographer.']) assert.equal(namedWorkAsWe(unchanged, paper), unchanged);
  });

  it('reads the "it" that argues or shows, after a sentence whose subject is the work, as the work\'s authors', async () => {
    const previous = 'This article traces the village bakery from 1850 to 1950.';
    assert.equal(workPronounAsWe('Drawing on parish records, it argues that the bakery was the village meeting place.', previous), 'Drawing on parish records, we argue that the bakery was the village meeting place.');
    assert.equal(workPronounAsWe('It also shows how bread prices followed the harvest.', previous), 'We also show how bread prices followed the harvest.');
    // "It" after "We present a timetable" is the timetable; "it is" says what something is; nor any "it" without the work before.
    for (const [sentence, before] of [
      ['It also shows how bread prices followed the harvest.', 'We present a timetable of bread prices.'],
      ['It is based on parish records.', previous],
      ['It argues for a longer harvest.', undefined],
    ] as const) assert.equal(workPronounAsWe(sentence, before), sentence);
    const record = { key: 'vale18', type: 'article', title: 'A history of the village bakery', authors: [{ family: 'Vale', given: 'Dora' }], abstract: `${previous} Drawing on parish records and oral histories, it argues that the bakery was the main meeting place of the village before the war.` };
    const lib = new MemoryLibrary([record]);
    const draft = await new DefaultEngine().draft({ keys: ['vale18'], targetWords: 60, format: 'latex' }, lib);
    assert.match(draft.text, /oral histories, Vale(?: \\cite\{vale18\})? argued that the bakery/, draft.text);
  });

  it('reads "He deals with …" in the blurb of a one-author work as its author\'s act, not as what the author "noted"', async () => {
    const book = {
      key: 'wren1983',
      type: 'book',
      title: 'Methods of Harbour Charting: The Practice of a Survey Craft',
      authors: [{ family: 'Wren', given: 'Alma' }],
      abstract: 'He deals with such matters as the choice of soundings, the drawing of coastlines and the printing of charts.',
    };
    assert.match((await citeAlone(book)).text, /Wren \\cite\{wren1983\} dealt with such matters as the choice of soundings/);
    assert.equal(namedWorkAsWe('In this volume, she also traces the first tide tables.', book), 'In this volume, we also trace the first tide tables.');
    // Anything else a pronoun does may be the person the book is about; with two authors "he" is one of them, or neither.
    for (const unchanged of ['She sailed to Lisbon in 1850.', 'He was born in a harbour town.']) assert.equal(namedWorkAsWe(unchanged, book), unchanged);
    assert.equal(namedWorkAsWe('He deals with soundings.', { ...book, authors: [{ family: 'Wren' }, { family: 'Hale' }] }), 'He deals with soundings.');
  });

  it('reads a catalogue\'s "Details X" as the work detailing X, and keeps an unclosed quote and a stranded "along" out', () => {
    assert.equal(cite('Details a reading programme for rural libraries.'), 'Benaim and Wolf \\cite{benaim17} detailed a reading programme for rural libraries.');
    assert.equal(cite('Details of the programme are given.'), 'Details of the programme are given \\cite{benaim17}.');
    assert.equal(cite('"Margins are part of the text, the study argues.'), 'Margins are part of the text, the study argues \\cite{benaim17}.');
    for (const cut of clauseTruncations('We argue that the pairing of cheap paper in small formats, along with the spread of lending libraries, changed reading.')) {
      assert.ok(!/along\.$/.test(cut.text), cut.text);
    }
  });

  it('does not quote the tail of a sentence that a catalogue cut off before the abstract', async () => {
    const record = {
      key: 'osei2001',
      type: 'article',
      title: 'Banned Books in the Classroom',
      authors: [{ family: 'Osei', given: 'Kwame' }],
      abstract: 'and lesson planning that brings banned books into the classroom debate. Offers activities on censorship for pupils aged 12 to 14.',
    };
    const s = await citeAlone(record);
    assert.match(s.text, /Osei \\cite\{osei2001\} offered activities on censorship for pupils aged 12 to 14\.$/);
  });

  it('turns "Presented are X" into the authors presenting X', () => {
    assert.equal(cite('Presented are two hyphenation rules for Welsh.'), 'Benaim and Wolf \\cite{benaim17} presented two hyphenation rules for Welsh.');
    assert.equal(cite('Also described is a tool that checks them.'), 'Benaim and Wolf \\cite{benaim17} also described a tool that checks them.');
  });

  it('keeps a participle after a passive with the subject it describes', () => {
    assert.equal(
      cite('An editor is described, built on an existing typesetter, which lets authors place figures.'),
      'Benaim and Wolf \\cite{benaim17} described an editor, built on an existing typesetter, which lets authors place figures.',
    );
  });

  it('agrees every verb of a series that shares one object', () => {
    assert.equal(cite('We design, implement and evaluate a spelling checker for Welsh.'), 'Benaim and Wolf \\cite{benaim17} designed, implemented and evaluated a spelling checker for Welsh.');
    assert.equal(cite('We collect, clean, and annotate ballads from three archives.'), 'Benaim and Wolf \\cite{benaim17} collected, cleaned, and annotated ballads from three archives.');
    assert.equal(cite('We survey hyphenation, compare three rules, and rank the rules by error rate.'), 'Benaim and Wolf \\cite{benaim17} surveyed hyphenation, compared three rules, and ranked the rules by error rate.');
  });

  it('agrees a second verb after "and" with an article after it ("and log the tide"), but not an adverb or an infinitive\'s', () => {
    assert.equal(cite('We mount radar gauges on harbour piers and log the tide every minute.'), 'Benaim and Wolf \\cite{benaim17} mounted radar gauges on harbour piers and logged the tide every minute.');
    assert.equal(rewriteSentence('We mount radar gauges on harbour piers and log the tide every minute.', { record: two, style: 'tldr' }), 'This paper mounts radar gauges on harbour piers and logs the tide every minute.');
    assert.equal(cite('We use two gauges to lower tide error and raise the confidence of tide tables.'), 'Benaim and Wolf \\cite{benaim17} used two gauges to lower tide error and raise the confidence of tide tables.');
    assert.equal(cite('We measure the tide and even the swell at each berth.'), 'Benaim and Wolf \\cite{benaim17} measured the tide and even the swell at each berth.');
  });

  it('agrees a verb of a series that is also a noun ("model the losses"), between commas or semicolons', () => {
    const past = 'Benaim and Wolf \\cite{benaim17} weighed the catch of 14 boats, modeled the losses, and suggested three changes to the nets.';
    assert.equal(cite('We weigh the catch of 14 boats, model the losses, and suggest three changes to the nets.'), past);
    assert.equal(cite('We weigh the catch of 14 boats; model the losses; and suggest three changes to the nets.'), past.replace(/,(?= modeled| and)/g, ';'));
    // A noun stays one: "design of the nets" has no article after it.
    assert.equal(cite('We weigh the catch, design of the nets, and show that it matters.'), 'Benaim and Wolf \\cite{benaim17} weighed the catch, design of the nets, and showed that it matters.');
  });

  it('reads a numbered series in a sentence without its numbers ("We (i) weigh …, (ii) model …")', async () => {
    const record = { key: 'mill19', type: 'article', title: 'Net Losses', authors: [{ family: 'Mill', given: 'Ned' }, { family: 'Sieve', given: 'Olga' }, { family: 'Grain', given: 'Pat' }], abstract: 'Trawlers lose fish through their nets. We (i) weigh the catch of 14 boats, (ii) model the losses, and (iii) suggest three changes to the nets.' };
    assert.equal((await citeAlone(record)).text, 'In “Net Losses”, Mill et al. \\cite{mill19} weighed the catch of 14 boats, modeled the losses, and suggested three changes to the nets.');
    assert.equal((await citeAlone(record, 'tldr')).text, 'This paper weighs the catch of 14 boats, models the losses, and suggests three changes to the nets.');
    assert.equal(withoutInlineEnumerators('Our contributions are: 1) a survey of 14 boats, 2) a loss model, and 3) three changes to the nets.'), 'Our contributions are: a survey of 14 boats, a loss model, and three changes to the nets.');
    // A lone number, or letters that do not count up from the first, are no list.
    assert.equal(withoutInlineEnumerators('The bound in (1) is tight for nets of type (b) only.'), 'The bound in (1) is tight for nets of type (b) only.');
    assert.equal(withoutInlineEnumerators('Nets (a) and (c) tear.'), 'Nets (a) and (c) tear.');
  });
});

describe('what a sentence quoted alone cannot say', () => {
  it('drops a purpose whose object points back at the sentence before ("To improve this, ")', () => {
    assert.equal(stripLeadingDiscourse('To improve this, we present a tide model trained on gauge records.'), 'We present a tide model trained on gauge records.');
    assert.equal(stripLeadingDiscourse('To test this hypothesis, we built gauges in twelve harbours.'), 'We built gauges in twelve harbours.');
    assert.equal(stripLeadingDiscourse('To speed it up, we cache the constituents.'), 'We cache the constituents.');
    // A purpose that names what it is about stays.
    assert.equal(stripLeadingDiscourse('To forecast tides in small harbours, we train a gauge network.'), 'To forecast tides in small harbours, we train a gauge network.');
  });

  it('drops a motive that points back ("In light of these trade-offs, ") and keeps a condition', () => {
    assert.equal(stripLeadingDiscourse('In light of these trade-offs, we present a two-level gauge network.'), 'We present a two-level gauge network.');
    assert.equal(stripLeadingDiscourse('Building on this line of work, we propose a planner for berths.'), 'We propose a planner for berths.');
    assert.equal(stripLeadingDiscourse('Despite this, few systems forecast surges from upstream gauges.'), 'Few systems forecast surges from upstream gauges.');
    assert.equal(stripLeadingDiscourse('With this in view, we add wakes to a shallow water simulator.'), 'We add wakes to a shallow water simulator.');
    assert.equal(stripLeadingDiscourse('Taking these limits into account, we design a gauge for shallow harbours.'), 'We design a gauge for shallow harbours.');
    assert.equal(stripLeadingDiscourse('Aiming to bridge this gap, we build a tide model for estuaries.'), 'We build a tide model for estuaries.');
    assert.equal(stripLeadingDiscourse('As a step towards that end, we release a corpus of pilot logs.'), 'We release a corpus of pilot logs.');
    assert.equal(stripLeadingDiscourse('Addressing this gap, the volume collects pilot logs from six ports.'), 'The volume collects pilot logs from six ports.');
    // Not where a relative clause hangs on the phrase.
    assert.equal(stripLeadingDiscourse('Building on these logs, which pilots kept by hand, we map six ports.'), 'Building on these logs, which pilots kept by hand, we map six ports.');
    // What the claim holds under is part of it.
    assert.equal(stripLeadingDiscourse('Under this assumption, we prove that berth planning is NP-hard.'), 'Under this assumption, we prove that berth planning is NP-hard.');
  });

  it('drops a self-location frame with an adjective ("In this lively book, ")', () => {
    assert.equal(stripLeadingDiscourse('In this lively book, we follow three harbour pilots.'), 'We follow three harbour pilots.');
    assert.equal(stripLeadingDiscourse('In this short commentary, we revisit the pilots\' logbooks.'), 'We revisit the pilots\' logbooks.');
    assert.equal(stripLeadingDiscourse('In this in-depth exploration, we follow three harbour pilots.'), 'We follow three harbour pilots.');
  });

  it('drops "In our work, " and "In the paper, " but keeps the authors\' earlier work', () => {
    assert.equal(rewriteSentence('In our work, we chart the tides of six ports.', { record: one, style: 'tldr' }), 'This paper charts the tides of six ports.');
    assert.equal(rewriteSentence('In the paper, we proposed a tide gauge.', { record: one, style: 'citation', tense: 'past' }), 'Brants \\cite{brants00} proposed a tide gauge.');
    assert.equal(rewriteSentence('In our work we chart the tides.', { record: one, style: 'tldr' }), 'This paper charts the tides.');
    assert.equal(stripLeadingDiscourse('In our previous work, we charted the tides.'), 'In our previous work, we charted the tides.');
  });

  it('names the whole of "our X network model" as the authors\' artifact', () => {
    assert.equal(
      rewriteSentence('Our gauge network model can forecast surges in small harbours.', { record: one, style: 'citation', tense: 'past' }),
      'The gauge network model of Brants \\cite{brants00} can forecast surges in small harbours.',
    );
  });

  it('names "our tagger", "our planner" as the authors\' artifact, and a compound "our model parameters" whole', () => {
    const past = (sentence: string) => rewriteSentence(sentence, { record: one, style: 'citation', tense: 'past' });
    assert.equal(past('Our tide planner runs in linear time.'), 'The tide planner of Brants \\cite{brants00} runs in linear time.');
    assert.equal(past('Our tagger reaches high accuracy on pilot logs.'), 'The tagger of Brants \\cite{brants00} reaches high accuracy on pilot logs.');
    assert.equal(past('Our model parameters are shared across harbours.'), 'The model parameters of Brants \\cite{brants00} are shared across harbours.');
    assert.equal(past('Our method also is cheap to run.'), 'The method of Brants \\cite{brants00} also is cheap to run.');
  });

  it('names the authors\' estimates, data and surveys as theirs, after an "of" phrase that goes with the noun', () => {
    const past = (sentence: string) => rewriteSentence(sentence, { record: one, style: 'citation', tense: 'past' });
    assert.equal(past('Our estimates imply a cost of 40 euros per trip avoided.'), 'The estimates of Brants \\cite{brants00} imply a cost of 40 euros per trip avoided.');
    assert.equal(past('Our data show that ferries run late in winter.'), 'The data of Brants \\cite{brants00} show that ferries run late in winter.');
    assert.equal(past('Our survey of 400 pilots found wide disagreement.'), 'The survey of 400 pilots by Brants \\cite{brants00} found wide disagreement.');
    assert.equal(past('Our analysis of the tide records of four ports suggests a drift.'), 'The analysis of the tide records of four ports by Brants \\cite{brants00} suggests a drift.');
    // An "of" that opens a clause keeps the authors before it.
    assert.equal(past('Our analysis of how pilots read gauges reveals two habits.'), 'The analysis of Brants \\cite{brants00} of how pilots read gauges reveals two habits.');
  });

  it('reports the authors\' "We do X" in the past, and keeps "does not" for the auxiliary', () => {
    assert.equal(
      rewriteSentence('We do tide prediction from gauge records alone.', { record: one, style: 'citation', tense: 'past' }),
      'Brants \\cite{brants00} did tide prediction from gauge records alone.',
    );
    assert.equal(
      rewriteSentence('We do not need labelled tides.', { record: one, style: 'citation', tense: 'past' }),
      'Brants \\cite{brants00} does not need labelled tides.',
    );
  });

  it('leaves first-person words in quotations, names in capitals and "of our time" as they are', () => {
    const s = rewriteSentence('We follow the We Read Here campaign, whose motto “can our town keep its library?” our volunteers chose.', { record: two, style: 'citation', tense: 'past' });
    assert.equal(s, 'Benaim and Wolf \\cite{benaim17} followed the We Read Here campaign, whose motto “can our town keep its library?” their volunteers chose.');
    assert.equal(
      rewriteSentence('We argue that the finest printer of our time was a volunteer.', { record: one, style: 'tldr' }),
      'This paper argues that the finest printer of our time was a volunteer.',
    );
    // The authors' own time is theirs.
    assert.equal(
      rewriteSentence('We reflect on our time in the harbour corps.', { record: one, style: 'citation', tense: 'past' }),
      'Brants \\cite{brants00} reflected on their time in the harbour corps.',
    );
    assert.equal(
      rewriteSentence('We keep a record of our time in the harbour corps.', { record: one, style: 'citation', tense: 'past' }),
      'Brants \\cite{brants00} kept a record of their time in the harbour corps.',
    );
  });

  it('leaves "our daily lives" and "most of us" to everyone, not to the cited authors', () => {
    // "part of the daily lives" had lost whose lives; "the authors" would have claimed the readers' habits.
    assert.equal(rewriteSentence('Tide apps have become part of our daily lives.', { record: two, style: 'citation', tense: 'past' }), 'Tide apps have become part of our daily lives \\cite{benaim17}.');
    assert.equal(rewriteSentence('Tide apps are used by most of us, yet we find that half ignore local gauges.', { record: two, style: 'tldr' }), 'Tide apps are used by most of us, yet this paper finds that half ignore local gauges.');
    // Its other "we" is everyone's too.
    assert.equal(
      rewriteSentence('Print has made typesetters of us all, as we choose the typefaces of our letters.', { record: two, style: 'citation', tense: 'past' }),
      'Print has made typesetters of us all, as we choose the typefaces of our letters \\cite{benaim17}.',
    );
    // The authors' own lives stay theirs.
    assert.equal(rewriteSentence('We describe our lives as harbour pilots.', { record: one, style: 'citation', tense: 'past' }), 'Brants \\cite{brants00} described their lives as harbour pilots.');
  });
});
