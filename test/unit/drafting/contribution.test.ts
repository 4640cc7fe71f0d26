import { strict as assert } from 'assert';
import { contributionFirst, cutsADefinition, firstChosen, selfContainedFirst, statesContribution, withIntroducedMeans, withoutAddingClause, withoutMotivation } from '../../../src/core/drafting/contribution';
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

  it('reads a single author\'s "Second, I have explored …" as a step, like "Second, we …"', () => {
    const step = candidate('Second, I have explored the uses of the model in forecasting silted harbours.', 0.3, 1);
    const account = candidate('Tides are modelled as a sum of harmonics fitted to gauge records of each port.', 0.25, 0);
    assert.equal(contributionFirst([step, account])[0], account);
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

describe('a work is described by its contribution, not by a side detail, a figure or its motivation', () => {
  it('describes a work by what it extends, not by how it validated its results, and never writes the validation for it', () => {
    const validation = candidate('We validate our results by deploying nonsmooth tide filters onto a fleet of harbour buoys.', 0.06, 4);
    const extension = candidate('This letter extends tide filters to a class of nonsmooth filters that run on buoy clusters.', 0.02, 3);
    const ranked = contributionFirst([validation, extension]);
    assert.equal(ranked[0], extension);
    assert.equal(validation.lastResort, true);
    assert.notEqual(extension.lastResort, true);
  });

  it('sets aside "Three illustrative case studies are presented" and "… has been briefly discussed also"', () => {
    const cases = candidate('Three illustrative case studies are presented.', 0.3, 4);
    const tested = candidate('To test the proposed filter, this study conducts extensive experiments on four ports.', 0.3, 5);
    const mention = candidate('The metrical relevance of these lattices has been briefly discussed also.', 0.3, 2);
    const value = candidate('This paper demonstrates the value of interdependency analysis for harbour risk management.', 0.25, 1);
    const ranked = contributionFirst([cases, tested, mention, value]);
    assert.equal(ranked[0], value);
    assert.deepEqual([cases, tested, mention].map((c) => c.lastResort), [true, true, true]);
  });

  it('does not describe a work by a bare claim of rank ("achieves the state-of-the-art performance consistently")', () => {
    const rank = candidate('The proposed tide filter achieves the state-of the-art performance consistently.', 0.25, 5);
    const ranked = candidate('Our gauge model achieves state-of-the-art accuracy on three harbours.', 0.25, 6);
    const what = candidate('We propose a tide filter which can cope with silted gauges even when the silt model is not given.', 0.2, 1);
    const result = contributionFirst([rank, ranked, what]);
    assert.equal(result[0], what);
    assert.deepEqual([rank, ranked].map((c) => c.lastResort), [true, true]);
  });

  it('describes a work by the framework it develops, not by "demonstrated the capabilities of this model with two example applications"', () => {
    const demo = candidate('We demonstrate the capabilities of this tide model with two example harbours, an estuary and a fjord.', 0.36, 4);
    const framework = candidate('We develop a framework for learning tide priors that capture the statistics of coastal gauges.', 0.29, 0);
    assert.equal(contributionFirst([demo, framework])[0], framework);
  });

  it('does not write "explored its application to two problems" or "provide case studies" as a further sentence on a work', () => {
    const two = candidate('In addition to arguing that the filter is adequate, I explore its application to two problems.', 0.1, 3);
    const provided = candidate('Finally, we provide case studies on three silted harbours to illustrate our results.', 0.1, 6);
    const applied = candidate('I have explored the use of the filter in forecasting surges at river mouths.', 0.05, 4);
    contributionFirst([two, provided, applied]);
    assert.deepEqual([two, provided, applied].map((c) => c.lastResort === true), [true, true, false]);
  });

  it('describes a work by its filter, not by its figures alone, but keeps the figures of a contribution', () => {
    const figures = candidate('We cut the gauge count up to 40 times on small harbours and up to 12 times on large ones.', 0.16, 4);
    const filter = candidate('The harmonic tide filter of the work gives Bayesian weights to gauge records.', 0.13, 0);
    assert.equal(contributionFirst([figures, filter])[0], filter);
    assert.equal(figures.lastResort, true);
    const pipeline = candidate('We introduce "tide compression", a pipeline that shrinks gauge archives by 35x to 49x.', 0.2, 0);
    const step = candidate('The gauge archive is then read by a harmonic filter.', 0.25, 1);
    assert.equal(contributionFirst([step, pipeline])[0], pipeline);
    assert.notEqual(pipeline.lastResort, true);
  });

  it('does not raise "we build upon recent advances in X which have shown …" as the work\'s contribution', () => {
    const buildsOn = candidate('In this paper, we build upon recent advances in oceanography which have shown that tides in silted harbours are nearly periodic.', 0.3, 0);
    const extends_ = candidate('We extend the periodic tide model to harbour pilots and show how a short forecast can be fitted for each port.', 0.25, 1);
    assert.equal(contributionFirst([buildsOn, extends_])[0], extends_);
  });

  it('says what a work did with the finding it builds on: after it where it points back, instead of it where it reads alone', () => {
    const buildsOn = candidate('In this paper, we build upon recent advances in oceanography which have shown that tides in silted harbours are nearly periodic.', 0.3, 0);
    const extendsIt = candidate('We extend this concept to river mouths and show how a short forecast can be fitted for each of them.', 0.25, 1);
    const options = [buildsOn, extendsIt];
    assert.deepEqual(firstChosen(options), [0, 1]);
    const alone = candidate('We fit a harmonic tide model to the gauge records of river mouths.', 0.25, 1);
    const others = [buildsOn, alone];
    assert.deepEqual(firstChosen(others), [0]);
    assert.equal(others[0], alone);
    const proposes = candidate('In this paper we propose a harmonic tide model fitted to gauge records.', 0.3, 0);
    assert.deepEqual(firstChosen([proposes, alone]), [0]);
  });

  it('gives the work its contribution over a sentence that opens on "this concept", but reads "in this way" as no pointer', () => {
    const pointer = candidate('We extend this concept to harbour gauges of every make.', 0.3, 1);
    const proposes = candidate('In this paper we propose a harmonic tide model fitted to gauge records.', 0.2, 0);
    assert.equal(selfContainedFirst([pointer, proposes])[0], proposes);
    const idiom = candidate('We fit tides in this way to every port of the coast.', 0.3, 1);
    assert.equal(selfContainedFirst([idiom, proposes])[0], idiom);
  });
});

describe('a work is not described by the motivation it opens with', () => {
  const written = (extract: string, text: string) => ({ ...candidate(extract, 0.2, 0), extract, text });

  it('keeps only the main clause of "Motivated by the need to …, we construct …"', () => {
    const c = written(
      'Motivated by the need to warn harbour pilots early, we construct tide filters that track surges in silted harbours.',
      'Motivated by the need to warn harbour pilots early, \\cite{k} constructed tide filters that track surges in silted harbours.',
    );
    const main = withoutMotivation(c);
    assert.equal(main.text, '\\cite{k} constructed tide filters that track surges in silted harbours.');
    assert.equal(main.extract, 'We construct tide filters that track surges in silted harbours.');
  });

  it('drops a purpose that points back ("In order to deploy these filters …") and "Based on this analysis", not a purpose that says what for', () => {
    const pointing = written(
      'In order to deploy these filters on buoys, we propose a way to prune their weights while they are trained.',
      'In order to deploy these filters on buoys, \\cite{k} proposed a way to prune their weights while they are trained.',
    );
    assert.equal(withoutMotivation(pointing).text, '\\cite{k} proposed a way to prune their weights while they are trained.');
    const analysis = written('Based on this analysis, we propose a gauge score that ranks every buoy of a harbour.', 'Based on this analysis, \\cite{k} proposed a gauge score that ranks every buoy of a harbour.');
    assert.equal(withoutMotivation(analysis).text, '\\cite{k} proposed a gauge score that ranks every buoy of a harbour.');
    const ours = written('Based on our theoretical analysis, we propose a gauge score that ranks every buoy of a harbour.', 'Based on their theoretical analysis, \\cite{k} proposed a gauge score that ranks every buoy of a harbour.');
    assert.equal(withoutMotivation(ours).text, '\\cite{k} proposed a gauge score that ranks every buoy of a harbour.');
    const aside = written(
      'Motivated by the need to warn ships (e.g., pilots, tugs), we construct tide filters that track surges in silted harbours.',
      'Motivated by the need to warn ships, Roe constructed tide filters, which track surges, in silted harbours, for all pilots of the coast [1].',
    );
    assert.equal(withoutMotivation(aside), aside);
    const purpose = written(
      'In order to improve tide forecasts in silted harbours, we suggest training a filter on real gauge records.',
      'In order to improve tide forecasts in silted harbours, \\cite{k} suggested training a filter on real gauge records.',
    );
    assert.equal(withoutMotivation(purpose), purpose);
    const means = written('Based on a shared gauge embedding, we design a tide filter for every port.', 'Based on a shared gauge embedding, \\cite{k} designed a tide filter for every port.');
    assert.equal(withoutMotivation(means), means);
  });
});

describe('a shorter version of a work\'s sentence keeps what defines its nouns', () => {
  const full = candidate('We construct tide filters that maximize the region where a harbour can be dredged without silting.', 0.2, 0);
  it('offers no "… that maximize the region." cut before "where …"', () => {
    assert.equal(cutsADefinition(candidate('We construct tide filters that maximize the region.', 0.1, 0), full), true);
  });
  it('keeps a cut that ends on the whole thing or before a clause that only adds to it', () => {
    assert.equal(cutsADefinition(candidate('We construct tide filters.', 0.1, 0), full), false);
    const adds = candidate('We compute the parallel performance for any number of gauges.', 0.2, 1);
    assert.equal(cutsADefinition(candidate('We compute the parallel performance.', 0.1, 1), adds), false);
  });
});

describe('a short version of a work\'s contribution', () => {
  it('cuts ", in which …" after the thing the work introduced, keeping the citation, and nothing shorter than a sentence', () => {
    const routing = {
      ...candidate('In this paper, we introduce a tide routing scheme for silted harbour channels, in which pilots want to keep clear of dredgers.', 0.3, 0),
      text: '\\cite{k} introduced a tide routing scheme for silted harbour channels, in which pilots want to keep clear of dredgers.',
    };
    assert.equal(withoutAddingClause(routing)?.text, '\\cite{k} introduced a tide routing scheme for silted harbour channels.');
    const citedAtEnd = { ...routing, text: 'A tide routing scheme for silted harbour channels, in which pilots keep clear of dredgers, was introduced \\cite{k}.' };
    assert.equal(withoutAddingClause(citedAtEnd), undefined);
    const short = { ...routing, text: '\\cite{k} introduced a scheme, in which pilots keep clear of dredgers.' };
    assert.equal(withoutAddingClause(short), undefined);
  });
});

describe('a fronted means the quoted sentence points at', () => {
  it('introduces "the harmonic gauge filter" that an unquoted sentence named, and keeps a means never named before or a name', () => {
    const based = {
      ...candidate('Based on the harmonic gauge filter, we design a tide forecaster for silted harbours.', 0.3, 4),
      text: 'Based on the harmonic gauge filter, \\cite{k} designed a tide forecaster for silted harbours.',
    };
    const earlier = ['The key idea is to use a harmonic filter on gauge records.'];
    assert.equal(withIntroducedMeans(based, earlier).text, 'Based on a harmonic gauge filter, \\cite{k} designed a tide forecaster for silted harbours.');
    assert.equal(withIntroducedMeans(based, ['Tides follow the moon.']).text, based.text);
    // The article the next word takes: "an hourly gauge filter", "a unified gauge filter" (not "a hourly", "an unified").
    for (const [word, article] of [['hourly', 'an'], ['unified', 'a'], ['adaptive', 'an']]) {
      const spoken = { ...based, extract: based.extract.replace('harmonic', word), text: based.text.replace('harmonic', word) };
      assert.equal(withIntroducedMeans(spoken, earlier.map((e) => e.replace('harmonic', word))).text, `Based on ${article} ${word} gauge filter, \\cite{k} designed a tide forecaster for silted harbours.`);
    }
    const named = { ...based, extract: 'Based on the Kalman filter, we design a tide forecaster.', text: 'Based on the Kalman filter, \\cite{k} designed a tide forecaster.' };
    assert.equal(withIntroducedMeans(named, earlier).text, named.text);
  });
});


describe('a work is described by its main point, not by what adds to it', () => {
  it('passes over "Moreover, we … as well" and "We also introduce …" for the sentence that says what the work is', () => {
    const main = candidate('We introduce a way to train tide models with gauge readings rounded to whole centimetres.', 0.2, 0);
    const moreover = candidate('Moreover, we round the wind readings to whole knots as well, which saves memory.', 0.26, 3);
    assert.equal(contributionFirst([moreover, main])[0], main);
    const alsoIntroduce = candidate('We also introduce a new kind of harbour ensemble made of many specialist gauges.', 0.3, 4);
    const distil = candidate('We show that the forecasts of a whole ensemble of tide models can be distilled into one small model.', 0.22, 2);
    assert.equal(contributionFirst([alsoIntroduce, distil])[0], distil);
  });

  it('keeps "as well as" and a comparison ("performs as well") as they are', () => {
    const both = candidate('We propose a tide model for estuaries as well as for open harbours.', 0.3, 0);
    const other = candidate('The tide model is fitted to ten years of gauge records.', 0.25, 1);
    assert.equal(contributionFirst([both, other])[0], both);
    const comparison = candidate('Our small tide model performs as well, at a tenth of the cost.', 0.3, 0);
    const plain = candidate('The tide model is fitted to ten years of gauge records.', 0.25, 1);
    assert.equal(contributionFirst([comparison, plain])[0], comparison);
  });
});
