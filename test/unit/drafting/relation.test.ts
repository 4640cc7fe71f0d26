import { strict as assert } from 'assert';
import { DefaultEngine } from '../../../src/core/engines';
import { MemoryLibrary } from '../../../src/core/engine/memory-library';
import { abstractConcern, relationSentence, sharedConcerns, unwrittenTerms } from '../../../src/core/drafting/relation';
import type { PaperRecord } from '../../../src/core/types';

const record = (key: string, abstract: string): PaperRecord => ({ key, type: 'article', title: '', authors: [], abstract });

describe('relation of the author\'s work to a group (what both study, what the author adds)', () => {
  const engine = new DefaultEngine();

  it('says what a lone work shares with the author\'s and what the author adds, not "Unlike Roe, we …" about the same task', async () => {
    const lib = new MemoryLibrary([
      record('roe', 'This paper presents a harmonic method for harbour tide forecasting from gauge records. The method fits tidal constituents to ten years of gauge readings.'),
    ]);
    const own = 'Pilots need tide tables. We propose harbour tide forecasting from crowd-sourced buoy logs with a small recurrent network.';
    const draft = await engine.draft({ keys: ['roe'], ownAbstract: own, targetWords: 60, format: 'latex' }, lib);
    // The claim writes "harbour tide forecasting" itself: the relation does not say it twice.
    // "It": the sentence before cites the work already (flow.ts, flow.relation-after-same-work).
    assert.match(draft.text, /(?:\\cite\{roe\}|It) addresses the same problem as our work; we propose harbour tide forecasting from crowd-sourced buoy logs/, draft.text);
    assert.doesNotMatch(draft.text, /Unlike \\cite\{roe\}/, draft.text);
  });

  it('keeps only the first clause of a claim of several, so that the relation has one semicolon', async () => {
    const lib = new MemoryLibrary([record('roe', 'This paper presents a harmonic method for harbour tide forecasting from gauge records.')]);
    const own = 'We propose harbour tide forecasting from crowd-sourced buoy logs with a small recurrent network; the forecasts reach pilots within a minute.';
    const draft = await engine.draft({ keys: ['roe'], ownAbstract: own, targetWords: 50, format: 'latex' }, lib);
    assert.match(draft.text, /our work; we propose harbour tide forecasting from crowd-sourced buoy logs with a small recurrent network\.$/, draft.text);
  });

  it('names only the works of a group that write the shared topic', async () => {
    const lib = new MemoryLibrary([
      record('a', 'We present a gauge network for harbour tide forecasting. The gauges report every ten minutes to a central server.'),
      record('b', 'We study the erosion of harbour walls by winter storms. Erosion doubled where the walls were of sandstone.'),
      record('c', 'We describe a survey of harbour pilots about their working hours. Most pilots work night shifts in winter.'),
    ]);
    const own = 'We propose harbour tide forecasting from crowd-sourced buoy logs with a small recurrent network.';
    const draft = await engine.draft({ keys: ['a', 'b', 'c'], ownAbstract: own, targetWords: 90, format: 'latex' }, lib);
    const relation = draft.paragraphs.flatMap((p) => p.sentences).find((s) => s.role === 'contrast');
    assert.ok(relation, draft.text);
    assert.match(relation.text, /^\\cite\{a\} addresses the same problem as our work; we propose/, draft.text);
    assert.deepEqual(relation.keys, ['a']);
  });

  it('takes no single word a claim merely mentions for a shared topic ("we study information")', () => {
    const claim = 'This paper presents a new measure of word similarity based on shared information.';
    const texts = ['We propose an information measure for selectional constraints.'];
    assert.deepEqual(sharedConcerns(claim, texts, 1), []);
    assert.deepEqual(
      sharedConcerns('We propose a pruning schedule for tide forecasters.', ['We study pruning of recurrent networks.'], 1).map((c) => c.phrase),
      ['pruning'],
    );
  });

  it('prefers the longer phrase more works write, and counts as added only words none of them writes', () => {
    const texts = ['A method for blind image denoising by noise mixtures.', 'Blind image denoising with learned noise levels.'];
    const found = sharedConcerns('We propose variational inference for blind image denoising.', texts, 2);
    assert.equal(found[0].phrase, 'blind image denoising');
    assert.deepEqual(unwrittenTerms('We propose variational inference for blind image denoising.', texts).sort(), ['inference', 'variational']);
  });

  it('finds the works\' "word sense disambiguation" in the claim\'s "word-sense disambiguation"', () => {
    const found = sharedConcerns('We compare search strategies for building classifiers for word-sense disambiguation.', ['Word sense disambiguation of nouns from a tagged corpus.'], 1);
    assert.equal(found[0]?.phrase, 'word-sense disambiguation');
  });

  it('words the relation so that a claim that studies does not study twice', () => {
    assert.equal(
      relationSentence('We study the ranking of short answers.', 'question answering', 'these works', false),
      'Like these works, we work on question answering; unlike them, we study the ranking of short answers.',
    );
    assert.equal(relationSentence('We propose a buoy forecaster.', 'tide forecasting', '[3]', true), 'Like [3], we study tide forecasting; unlike it, we propose a buoy forecaster.');
  });

  it('names no one-word topic ("we study grasping") and does not repeat a phrase the claim writes', () => {
    assert.equal(relationSentence('We propose a grasping rig for virtual hands.', 'grasping', '[0]', true), '[0] is the work closest to ours; we propose a grasping rig for virtual hands.');
    assert.equal(
      relationSentence('We propose a pruning schedule for image captioning models.', 'image captioning', 'these works', false),
      'These works address the same problem as our work; we propose a pruning schedule for image captioning models.',
    );
  });

  it('names every work that writes the shared topic\'s head word, not some of them ("[a, b] study tide forecasting" beside c\'s forecasts of tides)', async () => {
    const lib = new MemoryLibrary([
      record('a', 'We present a gauge network for tide forecasting in harbours. The gauges report every ten minutes to a central server.'),
      record('b', 'We study tide forecasting with harmonic constituents fitted to gauge records of ten years.'),
      record('c', 'Our model forecasts spring tides from lunar tables and gauge records of ten years.'),
    ]);
    const own = 'We propose tide forecasting from crowd-sourced buoy logs with a small recurrent network.';
    const draft = await engine.draft({ keys: ['a', 'b', 'c'], ownAbstract: own, targetWords: 90, format: 'latex' }, lib);
    const relation = draft.paragraphs.flatMap((p) => p.sentences).find((s) => s.role === 'contrast');
    assert.ok(relation, draft.text);
    assert.match(relation.text, /^These works address the same problem as our work; we propose tide forecasting from crowd-sourced buoy logs/, draft.text);
  });
  it('places the author\'s work in the line of research where most of the paragraph shares its one-word topic, not "[a, b, c] are the works closest to ours"', async () => {
    const lib = new MemoryLibrary([
      record('a', 'We present a pruning scheme for tide forecasters that removes idle weights. The forecasters keep their accuracy.'),
      record('b', 'We study pruning of recurrent tide forecasters by weight magnitude. Half of the weights are removed.'),
      record('c', 'We describe pruning of gauge networks with a lottery of initial weights. The small networks train as well as the large.'),
      record('d', 'We describe a harbour forecaster whose weights are shared across ports. The shared forecaster serves four ports.'),
    ]);
    const own = 'We propose a pruning method for buoy forecasters equipped with visual attention over satellite images.';
    const draft = await engine.draft({ keys: ['a', 'b', 'c', 'd'], ownAbstract: own, targetWords: 120, format: 'latex' }, lib);
    assert.match(draft.text, /Our work belongs to this line of research; we propose a pruning method for buoy forecasters/, draft.text);
    assert.doesNotMatch(draft.text, /are the works closest to ours/, draft.text);
  });

  it('takes no "design frameworks" for a thing the author shares with a work that writes a "design framework"', () => {
    const works = ['We develop a harbour network design framework in which a planner adds berths to secure the port against storms.'];
    const own = 'We formulate tug contract design within the framework of stochastic games.';
    assert.equal(abstractConcern(own, works), undefined);
  });
});
