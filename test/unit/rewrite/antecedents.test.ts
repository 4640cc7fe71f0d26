import { strict as assert } from 'assert';
import { editorsNoteAsContents, pointerResolutions, resolvePointers, withoutModifiedPointers, withoutPointingEnabler } from '../../../src/core/rewrite/antecedents';
import { DefaultEngine } from '../../../src/core/engines';
import { citeAlone, sampleLibrary } from '../../support/engine-records';

function resolved(sentence: string, ...before: string[]): string {
  return resolvePointers(sentence, pointerResolutions(sentence, before));
}

describe('pointers to what an earlier sentence named', () => {
  it('cites the demo paper without "such problems" that the quoted sentence alone cannot explain', async () => {
    const s = await new DefaultEngine().citationSentence({ key: 'isola2017pix2pix', style: 'citation' }, sampleLibrary());
    assert.match(s.text, /as a general-purpose solution to problems in image processing and graphics when paired training data is available\.$/);
    assert.equal(s.spans.at(-1)?.source?.index, 1, 'still linked to the sentence it quotes');
  });

  it('takes the noun phrase with its modifiers and the phrase after it, and says "the" for "this"', () => {
    assert.equal(
      resolved('We attack this bottleneck with a cache that is shared between requests.', 'Serving large language models on one accelerator hits a memory bottleneck in the key-value store.'),
      'We attack the memory bottleneck in the key-value store with a cache that is shared between requests.',
    );
    assert.equal(
      resolved('This task can be solved with far fewer labels.', 'Reading handwritten ledgers calls for a line segmentation task, which is slow to annotate.'),
      'The line segmentation task can be solved with far fewer labels.',
    );
  });

  it('stops the phrase at a verb, whatever the tagger calls it', () => {
    assert.equal(
      resolved('We train these models without negative sampling.', 'Large corpora using neural embedding models are slow to train.'),
      'We train the neural embedding models without negative sampling.',
    );
    assert.equal(
      resolved('Remote work under these conditions differs from ordinary remote work.', 'The global pandemic has created unusual conditions for teams.'),
      'Remote work under the unusual conditions differs from ordinary remote work.',
    );
  });

  it('keeps a list of hyphenated modifiers, and a noun that opened the sentence before', () => {
    assert.equal(
      resolved('We compare pooling layers built from these connections.', 'Vision models mix feed-forward, lateral, and top-down connections between units.'),
      'We compare pooling layers built from the feed-forward, lateral, and top-down connections between units.',
    );
    assert.equal(
      resolved('We study these networks on rough terrain.', 'Value propagation networks are a learned stand-in for dynamic programming.'),
      'We study the value propagation networks on rough terrain.',
    );
  });

  it('looks two sentences back, nearest first', () => {
    assert.equal(
      resolved(
        'We propose a sampler that avoids such failures.',
        'Chains started far from the mode take long to mix.',
        'Samplers for mixture models often show label switching failures in high dimensions.',
      ),
      'We propose a sampler that avoids label switching failures in high dimensions.',
    );
  });

  it('leaves a pointer that no earlier sentence names with more words, and idioms that point nowhere', () => {
    const unchanged = [
      ['We solve this problem with a greedy heuristic.', 'The problem is hard.'],
      ['We solve this problem with a greedy heuristic.', 'Schedules for night trains are hard to find.'],
      ['In this way we avoid retraining, and such cases are rare.', 'Retraining in this way costs a week; cases of drift are rare.'],
      ['Such methods as ours need no labels.', 'Our methods need no labels.'],
      ['We extend this model to three languages.', 'Our tagging model covers one language.'],
      ['It is the first such metric for graphs.', 'A gradient-based metric for graphs is missing.'],
      ['We model these factors of variation separately.', 'Faces differ in underlying factors of variation.'],
      ['We audit these assistants for leaks.', 'Readers distrust “smart” assistants in their homes.'],
      ['We extend this approach to video.', 'A recent approach matches frames by colour.'],
      ['Driven by such interaction, we build a looped model.', 'Cortex shows interaction between feedforward, recurrent and top-down signals.'],
      ['Driven by such interaction, we build a looped model.', 'Vision may rely on the interaction between feedforward signals from early areas and feedback signals.'],
      // The word is part of a name there, not the thing the pointer means.
      ['We compare these charts with our own.', 'Two tide tables were criticised by the Society for Coastal Charts in Wales.'],
    ];
    for (const [sentence, before] of unchanged) assert.equal(resolved(sentence, before), sentence, sentence);
  });

  it('writes "such a decomposition" as one of the kind named before, with the article its sound takes', () => {
    // "partitions" before "the" is the verb, whatever the tagger calls it: "decomposition" heads the phrase.
    assert.equal(
      resolved('We present an algorithm that computes such a decomposition quickly.', 'A short-cycle decomposition partitions the edges of a graph into cycles.'),
      'We present an algorithm that computes a short-cycle decomposition quickly.',
    );
    assert.equal(resolved('We give a sampler for such an embedding.', 'An isometric embedding of the graph into trees is useful.'), 'We give a sampler for an isometric embedding of the graph.');
    assert.equal(resolved('Such a model needs no labels.', 'A masked language model is trained on raw text.'), 'A masked language model needs no labels.');
    // A plural names many, not one of the kind; "no such" and "the first such" are left alone, as before.
    for (const [sentence, before] of [
      ['We build such a model.', 'Masked language models are trained on raw text.'],
      ['It is the first such model for tides.', 'A masked language model is trained on raw text.'],
    ]) assert.equal(resolved(sentence, before), sentence);
  });

  it('keeps the adverb that qualifies a modifier, and a vague modifier with one still names nothing', () => {
    assert.equal(resolved('We describe how such a corpus can be built.', 'There is no freely available benchmark corpus for this.'), 'We describe how a freely available benchmark corpus can be built.');
    assert.equal(resolved('We evaluate this model on tides.', 'A truly novel model is proposed.'), 'We evaluate this model on tides.');
  });

  it('does not give a singular pointer a plural antecedent', () => {
    const sentence = 'We measure this effect on four corpora.';
    assert.equal(resolved(sentence, 'Longer prompts have strong ordering effects on accuracy.'), sentence);
  });

  it('leaves the text alone when the compression cut the pointer', () => {
    const resolutions = pointerResolutions('We study recurrent masks, a single tool for such tasks.', ['Many tasks in speech enhancement can be framed as masking.']);
    assert.deepEqual(resolutions, [{ pointer: 'such tasks', phrase: 'tasks in speech enhancement', bare: true }]);
    assert.equal(resolvePointers('We study recurrent masks.', resolutions), 'We study recurrent masks.');
  });

  it('cites the decomposition a theory abstract computes, not "such a decomposition"', async () => {
    const s = await citeAlone({
      key: 'brandt21',
      type: 'inproceedings',
      title: 'Short Cycles Revisited',
      authors: [{ family: 'Brandt', given: 'Tomasz' }],
      abstract: 'A short-cycle decomposition partitions the edges of a graph into short cycles and a few leftover edges. We present a deterministic algorithm that computes such a decomposition in almost-linear time.',
    });
    assert.match(s.text, /computes a short-cycle decomposition in almost-linear time\.$/);
  });

  it('names the tasks in the citation sentence of a .bib abstract', async () => {
    const record = {
      key: 'ostrowski22',
      type: 'article',
      title: 'Masks for Many Tasks',
      authors: [{ family: 'Ostrowski', given: 'Lena' }],
      abstract: 'Many tasks in speech enhancement and source separation can be framed as estimating a spectrogram mask. We propose recurrent masking networks as one tool for such tasks when clean references are available.',
    };
    const s = await citeAlone(record);
    assert.match(s.text, /one tool for tasks in speech enhancement and source separation when clean references are available\.$/);
  });

  it('cites "two routes" where the quoted sentence said "these two routes" of routes the reader never met', async () => {
    const record = {
      key: 'haug19',
      type: 'article',
      title: 'Routes for Small Ferries',
      authors: [{ family: 'Haug', given: 'Siri' }],
      abstract:
        'A small ferry can follow the coast or cross the open fjord. We compare these two distinct routes for fuel use over a winter of crossings and propose a rule for choosing between them.',
    };
    const s = await citeAlone(record);
    assert.match(s.text, /compared two distinct routes for fuel use/);
    assert.match(s.spans.find((x) => x.source?.section === 'abstract')?.source?.text ?? '', /these two distinct routes/, 'the source keeps its words');
  });
});

describe('pointers nothing resolved, after "of"', () => {
  it('drops "these" before a plural with no article, unless a part of the set is meant', () => {
    assert.equal(
      withoutModifiedPointers('Roe \\cite{k} stressed the value of these lucky seeds.'),
      'Roe \\cite{k} stressed the value of lucky seeds.',
    );
    assert.equal(
      withoutModifiedPointers('Roe \\cite{k} measured how each of these tidal gauges drifts.'),
      'Roe \\cite{k} measured how each of the tidal gauges drifts.',
    );
  });
});

describe('pointers at what an earlier sentence introduced with "a"', () => {
  it('writes "a" where the sentence before introduced the noun, and leaves other pointers to the rules after', () => {
    assert.equal(
      resolved('We tune a tide forecaster to this coastal drift model.', 'Buoy logs now let one fit a drift model to each harbour.'),
      'We tune a tide forecaster to a coastal drift model.',
    );
    assert.equal(resolved('We tune a tide forecaster to this coastal drift model.', 'Buoy logs record the drift of each harbour.'), 'We tune a tide forecaster to this coastal drift model.');
    assert.equal(resolved('This paper extends a drift model.', 'A drift model is fitted.'), 'This paper extends a drift model.');
  });
});

describe('a means that points back, before the authors\' act', () => {
  it('says what the authors did where "this archive" enabled it, and keeps a means that names itself', () => {
    assert.equal(
      withoutPointingEnabler('The availability of this tide gauge archive has enabled us to develop forecasts that hold for a week.'),
      'We develop forecasts that hold for a week.',
    );
    assert.equal(withoutPointingEnabler('This allows us to forecast tides a week ahead.'), 'We forecast tides a week ahead.');
    const named = 'A network of tide gauges has enabled us to develop forecasts that hold for a week.';
    assert.equal(withoutPointingEnabler(named), named);
  });
});

describe('an editor\'s note on an edited volume', () => {
  it('says what the volume addresses, and leaves a note that names nothing it addresses', () => {
    assert.equal(
      editorsNoteAsContents('The editor of this volume, who wrote two of its chapters, has provided an introduction that links the debates on tides, surges and silting that are addressed in this volume.'),
      'This volume addresses the debates on tides, surges and silting.',
    );
    const note = 'The editor of this volume, who wrote two of its chapters, has provided a short introduction.';
    assert.equal(editorsNoteAsContents(note), note);
    const notEditor = 'We survey the debates on tides that are addressed in this volume.';
    assert.equal(editorsNoteAsContents(notEditor), notEditor);
  });
});
