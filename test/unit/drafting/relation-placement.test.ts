import { strict as assert } from 'assert';
import { DefaultEngine } from '../../../src/core/engines';
import { MemoryLibrary } from '../../../src/core/engine/memory-library';
import { contrastAgainst } from '../../../src/core/drafting/contrast';
import { ownContributionSentences, resolvedPair } from '../../../src/core/drafting/own-claims';
import { abstractConcern, CONCERN_TEMPLATE, isRelation, relationSentence, sharedConcerns, sharesLine, workSurface } from '../../../src/core/drafting/relation';
import type { PaperRecord } from '../../../src/core/types';

const record = (key: string, abstract: string): PaperRecord => ({ key, type: 'article', title: '', authors: [], abstract });
const relationOf = (draft: { paragraphs: { sentences: { role?: string; text: string; keys: string[] }[] }[] }) =>
  draft.paragraphs.flatMap((p) => p.sentences).filter((s) => s.role === 'contrast');

describe('relation of the author\'s work: only what both abstracts state', () => {
  const engine = new DefaultEngine();

  it('takes no topic a work names only as an example ("tasks such as tide forecasting") for what the work is about', () => {
    const claim = 'We propose tide forecasting from crowd-sourced buoy logs with a small recurrent network.';
    const texts = [
      'We introduce a language model of harbour reports that is fine-tuned for many tasks, such as tide forecasting and berth planning.',
      'We present tide forecasting from gauge records of ten years.',
      'Harbour pilots are surveyed (e.g. on tide forecasting and their working hours).',
      'A model of buoy drift sets new records on several benchmarks, including berth allocation (2.5% better) and tide forecasting.',
    ];
    assert.deepEqual(sharedConcerns(claim, texts, 1).find((c) => c.phrase === 'tide forecasting')?.works, [1]);
  });

  it('names no work as sharing the author\'s topic ("[a, b] address the same problem") that names it only as an example', async () => {
    const lib = new MemoryLibrary([
      record('a', 'We present tide forecasting from harmonic constituents fitted to gauge records of ten years.'),
      record('b', 'We introduce a language model of harbour reports that is fine-tuned for many tasks, such as tide forecasting and berth planning.'),
      record('c', 'We describe a survey of harbour pilots about their working hours. Most pilots work night shifts in winter.'),
    ]);
    const own = 'We propose a recurrent buoy network with satellite attention for tide forecasting in estuaries.';
    const draft = await engine.draft({ keys: ['a', 'b', 'c'], ownAbstract: own, targetWords: 90, format: 'latex' }, lib);
    const [relation] = relationOf(draft);
    assert.ok(relation, draft.text);
    assert.ok(!relation.keys.includes('b'), draft.text);
    assert.doesNotMatch(draft.text, /\\cite\{a,b\}|\\cite\{b,a\}/, draft.text);
  });

  it('places the author\'s work in a line only where their abstract writes a term that defines the group, not a field\'s "neural networks"', () => {
    const quantized = [
      'We train neural networks with binary weights to save memory on phones. Binary weights replace multiplications.',
      'Quantized neural networks with binary activations run on phones. The binary networks keep their accuracy.',
      'An ensemble of large neural networks is compressed into one; binary teachers are not needed.',
    ];
    assert.equal(sharesLine('We propose a pruning method for caption generators; it helps neural network practitioners.', quantized), false);
    assert.equal(sharesLine('We propose binary weights for caption generators.', quantized), true);
  });

  it('writes no "Our work belongs to this line of research" after works that share only "neural networks" with the author\'s', () => {
    const texts = [
      'We train deep neural networks with binary weights for phones. Binary weights replace multiplications by sign flips.',
      'We quantize the activations of recurrent neural networks to two bits. Quantized networks run on phones.',
      'We distil an ensemble of large neural networks into one small network for phones.',
    ];
    const own = 'We propose a pruning method for caption generators with visual attention that saves multiplications.';
    const ownAbstract = `Recurrent neural network captioners are large. ${own} It helps neural network practitioners.`;
    const group = { texts, sharedPhrase: 'neural networks', ownAbstract, keys: ['a', 'b', 'c'], syntax: 'cite' as const };
    const relation = contrastAgainst(group, 0, own, 1);
    assert.ok(relation, 'a relation is still written');
    assert.doesNotMatch(relation.text, /this line of research/, relation.text);
    assert.equal(relation.text, 'Like \\cite{b}, our work concerns recurrent neural networks; we propose a pruning method for caption generators with visual attention that saves multiplications.');
    // Works on pruning are the line of an author whose abstract prunes too, though its claim does not say "pruning".
    const pruning = ['We prune deep neural networks by weight magnitude to cut multiplications.', 'Pruning of neural networks at initialization keeps accuracy.', 'We prune neural networks for phones.'];
    const sparse = 'We propose a sparse training method for caption generators with visual attention that saves multiplications.';
    const pruningAbstract = `Neural network captioners are large and pruning makes them small. ${sparse}`;
    assert.equal(
      contrastAgainst({ ...group, texts: pruning, ownAbstract: pruningAbstract }, 0, sparse, 1)?.text,
      'Our work belongs to this line of research; we propose a sparse training method for caption generators with visual attention that saves multiplications.',
    );
  });

  it('says what the author\'s work shares with a lone work, not "[0] is the work closest to ours"', () => {
    const texts = ['We present a tide gauge calibration method for silted harbours. Calibrated gauges drift less.'];
    const own = 'We propose a buoy network that predicts harbour currents from wind logs.';
    const ownAbstract = `Harbour pilots rely on tide gauge calibration. ${own}`;
    const relation = contrastAgainst({ texts, ownAbstract, lone: { subject: 'Roe \\cite{roe}', key: 'roe' }, keys: ['roe'], syntax: 'cite' }, 0, own, 1);
    assert.equal(relation?.text, 'Like Roe \\cite{roe}, our work concerns tide gauge calibration; we propose a buoy network that predicts harbour currents from wind logs.');
    assert.deepEqual(relation?.keys, ['roe']);
  });

  it('names a lone work by a phrase it says it is about whose words the author\'s abstract writes apart', () => {
    const texts = ['We present a very simple tide gauge network for silted harbours. Its gauges never talk to each other.'];
    const own = 'We present a behavioural model of tide fleets and predict how often they fail.';
    const ownAbstract = `Each gauge of a fleet reports to one network of buoys. ${own}`;
    const relation = contrastAgainst({ texts, ownAbstract, lone: { subject: 'Roe \\cite{roe}', key: 'roe' }, keys: ['roe'], syntax: 'cite' }, 0, own, 1);
    assert.equal(relation?.text, 'Like Roe \\cite{roe}, our work concerns tide gauge networks; we present a behavioural model of tide fleets and predict how often they fail.');
    // A phrase whose words the author's abstract does not all write is no shared thing.
    const apart = contrastAgainst({ texts, ownAbstract: `Each gauge of a fleet reports to a buoy. ${own}`, lone: { subject: 'Roe \\cite{roe}', key: 'roe' }, keys: ['roe'], syntax: 'cite' }, 0, own, 1);
    assert.doesNotMatch(apart?.text ?? '', /concerns/, apart?.text);
  });

  it('names what a lone work shares with the author\'s in place of "closest to ours" where their one shared word is a task', () => {
    // "grasping" alone placed the work as "closest"; the work's "grasping motion" is written by the author's abstract too.
    const texts = ['This paper presents a method to generate realistic grasping motion of virtual hands. A database of postures is built.'];
    const own = 'We propose a glove-driven grasping rig for virtual reality.';
    const ownAbstract = `${own} The rig replays the motion of the user's fingers.`;
    const lone = { subject: 'Roe \\cite{roe}', key: 'roe' };
    assert.equal(contrastAgainst({ texts, ownAbstract, lone, keys: ['roe'], syntax: 'cite' }, 0, own, 0)?.text, 'Like Roe \\cite{roe}, our work concerns grasping motion; we propose a glove-driven grasping rig for virtual reality.');
    // Not a thing the claim says itself: "our work concerns virtual hands; we propose a rig for virtual hands" says it twice.
    const hands = 'We propose virtual hands that grasp with the gloves of pilots.';
    const twice = contrastAgainst({ texts: ['This paper presents a method to generate grasping of virtual hands.'], ownAbstract: hands, lone, keys: ['roe'], syntax: 'cite' }, 0, hands, 0);
    assert.doesNotMatch(twice?.text ?? '', /concerns virtual hands/, twice?.text);
  });

  it('names the works that share a thing with the author\'s work where it shares their line, not "Our work belongs to this line of research"', () => {
    const texts = [
      'We propose pruning of tide forecasters by weight magnitude.',
      'Pruning tide forecasters at initialization keeps their accuracy.',
      'We present harbour current maps for pruning-free forecasters.',
    ];
    const own = 'We propose sparse training of forecasters that saves multiplications.';
    const ownAbstract = `Tide forecasters are large, and pruning makes them small. ${own}`;
    assert.ok(sharesLine(ownAbstract, texts));
    const relation = contrastAgainst({ texts, sharedPhrase: 'tide forecasters', ownAbstract, keys: ['a', 'b', 'c'], syntax: 'cite' }, 0, own, 1);
    assert.equal(relation?.text, 'Like \\cite{a,b}, our work concerns tide forecasters; we propose sparse training of forecasters that saves multiplications.');
  });

  it('names a work by what it says it is (its opening or its contribution sentence), not by a side mention', () => {
    const own = 'Recurrent neural network captioners are large. We propose a pruning method for caption generators.';
    const side = 'We quantize the activations of deep convolutional networks to two bits. Our tests also ran recurrent neural networks on phones.';
    assert.equal(abstractConcern(own, [side]), undefined);
    const central = 'Deep convolutional networks are large. We propose binary recurrent neural networks for phones.';
    assert.deepEqual(abstractConcern(own, [central])?.works, [0]);
  });

  it('finds a topic of the author\'s whole abstract that some works state, not a phrase of field words alone', () => {
    const own = 'Recurrent Neural Network (RNN) models are large. We propose a pruning method for caption generators.';
    const texts = ['Quantized recurrent neural networks were tested on a treebank.', 'Neural networks are large.', ''];
    assert.deepEqual(abstractConcern(own, texts), { phrase: 'recurrent Neural Network', works: [0] });
    assert.equal(abstractConcern('We use neural networks to prune caption generators.', texts), undefined);
  });

  it('writes a shared topic as the work writes it, title case lowered, a name kept', () => {
    assert.equal(workSurface('recurrent Neural Network', 'Quantized recurrent neural networks were tested on a treebank.'), 'recurrent neural networks');
    assert.equal(workSurface('Internet of things', 'Devices of the Internet of Things (IoT) are cheap.'), 'the Internet of Things');
    assert.equal(workSurface('Image-to-Image Translation', 'Unpaired Image-to-Image Translation with cycles.'), 'image-to-image translation');
    assert.equal(workSurface('Internet of things', 'Such as the Internet of Things.'), 'Internet of things');
    // A sentence's first capital is no name's.
    assert.equal(workSurface('recurrent neural networks', 'Recurrent neural networks are large. We prune them.'), 'recurrent neural networks');
  });

  it('ties a claim that states only its problem to the works whose topic the abstract writes in other words, not "Unlike these works on transfer learning, we study the problem of …"', () => {
    const texts = ['We learn compact representations of buoy readings from labelled tide data.', 'Transfer learning of gauge encoders helps pilots at sea.', 'We study transfer learning for gauge networks on coasts.'];
    const own = 'We study the problem of short log ranking for harbour pilots.';
    const ownAbstract = `${own} We compute, for every reading of a buoy, its representation in advance and index them in a tree.`;
    const relation = contrastAgainst({ texts, sharedPhrase: 'transfer learning', ownAbstract, keys: ['a', 'b', 'c'], syntax: 'cite' }, 0, own, 0);
    assert.equal(relation?.text, 'Like \\cite{a}, our work concerns representations of buoy readings; we study the problem of short log ranking for harbour pilots.');
    assert.deepEqual(relation?.keys, ['a']);
  });

  it('says a thing a work counts in the plural ("a novel gating mechanism" → "gating mechanisms")', () => {
    assert.equal(workSurface('gate mechanism', 'We propose a novel simplified gating mechanism for tide models.'), 'gate mechanism');
    assert.equal(workSurface('gating mechanism', 'We propose a novel simplified gating mechanism for tide models.'), 'gating mechanisms');
    assert.equal(workSurface('tide policy', 'We learn a tide policy.'), 'tide policies');
    // The article is the next noun's: "a tide gauge calibration method" counts methods, not calibrations.
    assert.equal(workSurface('tide gauge calibration', 'We present a tide gauge calibration method for harbours.'), 'tide gauge calibration');
    assert.equal(workSurface('image denoising', 'We study image denoising.'), 'image denoising');
  });

  it('sets no claim that points at what the draft leaves out ("fuse the two kinds of information") against a group', () => {
    const texts = ['We fuse gauge readings and satellite images with a gated network.', 'Gated networks fuse tide tables with buoy logs.'];
    const own = 'We propose a gated architecture to fuse the two kinds of information into one harbour representation.';
    assert.equal(contrastAgainst({ texts, sharedPhrase: 'gated networks', ownAbstract: own, keys: ['a', 'b'], syntax: 'cite' }, 0, own, 0), undefined);
    const named = 'We propose a gated architecture to fuse tide tables and satellite images into one harbour representation.';
    assert.ok(contrastAgainst({ texts, sharedPhrase: 'gated networks', ownAbstract: named, keys: ['a', 'b'], syntax: 'cite' }, 0, named, 0));
  });

  it('says "the two kinds of information" as the pair the abstract named before, and relates that claim rather than none', () => {
    const ownAbstract = 'Harbour maps should keep both the tidal and nautical information of a chart. We propose a gated network to fuse the two kinds of informations into one harbour map.';
    const own = 'We propose a gated network to fuse the two kinds of informations into one harbour map.';
    assert.equal(resolvedPair(own, ownAbstract), 'We propose a gated network to fuse tidal and nautical information into one harbour map.');
    // Nothing named before: the sentence is left as it is (and a relation is not built on it).
    assert.equal(resolvedPair(own, own), own);
    const texts = ['We propose gated networks that fuse gauge readings with satellite images.', 'Gated networks fuse tide tables with buoy logs.'];
    const relation = contrastAgainst({ texts, sharedPhrase: 'gated networks', ownAbstract, keys: ['a', 'b'], syntax: 'cite' }, 0, own, 1);
    assert.ok(relation, 'a relation is written');
    assert.match(relation.text, /fuse tidal and nautical information into one harbour map\.$/, relation.text);
    assert.equal(relation.sources[0].text, own, 'its source is the author\'s sentence as written');
  });

  it('keeps "this paper" as the subject of both halves of a relation, not "Like [3], we study …; unlike it, this paper …"', () => {
    assert.equal(
      relationSentence('This paper compares tide models and presents a survey of harbour pilots.', 'tide forecasting', '[3]', true),
      'Like [3], this paper studies tide forecasting; unlike that work, it compares tide models and presents a survey of harbour pilots.',
    );
    assert.ok(isRelation(relationSentence('This paper compares tide models.', 'tide forecasting', '[3]', true)));
    assert.equal(
      relationSentence('This study studies the ranking of short tide reports.', 'tide forecasting', '[3, 4]', false),
      'Like [3, 4], this study works on tide forecasting; unlike them, it studies the ranking of short tide reports.',
    );
  });

  it('reads an abstract that never says "we" but defines the formalism it names as the authors\' claim, and relates it', async () => {
    const own = 'Harbour Tide Grammars are a declarative formalism for reading tide tables. Their rules are reversible. HTGs parse a table as each row is read, so that pilots see partial results.';
    assert.deepEqual(ownContributionSentences(own), ['We present Harbour Tide Grammars, a declarative formalism for reading tide tables.']);
    // A name the abstract does not take up again may be what it builds on, not what it presents.
    assert.deepEqual(ownContributionSentences('Harbour Tide Grammars are a declarative formalism for reading tide tables. Rules of a parser are reversible.'), []);
    const lib = new MemoryLibrary([record('roe', 'A tree grammar formalism for reading tide tables is described, and its formal properties are studied.')]);
    const draft = await engine.draft({ keys: ['roe'], ownAbstract: own, targetWords: 60, format: 'latex' }, lib);
    const relation = relationOf(draft)[0];
    assert.ok(relation, draft.text);
    assert.match(relation.text, /we present Harbour Tide Grammars, a declarative formalism/, draft.text);
  });

  it('ties the author\'s work to a work by no whole field its scene-setting names ("our work concerns natural language processing")', () => {
    const texts = ['We use robust natural language processing algorithms to assign topic labels to berth reports. Labels help pilots.'];
    const own = 'Our approach makes use of tide table synonyms to add evidence for rarely seen berth categories.';
    const ownAbstract = `Berth categorization is a useful task for many natural language processing applications. ${own}`;
    const relation = contrastAgainst({ texts, ownAbstract, lone: { subject: 'Roe \\cite{roe}', key: 'roe' }, keys: ['roe'], syntax: 'cite' }, 0, own, 1);
    assert.ok(relation, 'a relation is still written');
    assert.doesNotMatch(relation.text, /language processing|natural language/, relation.text);
    assert.equal(relation.text, `Roe \\cite{roe} is the work closest to ours; ${own[0].toLowerCase()}${own.slice(1)}`);
  });

  it('names the works that share the problem of the author\'s claim over works that share a thing only of their scene-setting', () => {
    const texts = [
      'We compress harbour tide forecasters with shared embeddings. The forecasters run on buoys.',
      'Recurrent neural networks forecast tides well. We learn compact recurrent neural networks by low-rank factorization.',
      'Recurrent neural networks grow with their vocabulary. We share word embeddings across the rows of a table. Harbour tide forecasters built so are small.',
    ];
    const own = 'We propose an end-to-end pruning method for harbour tide forecasters equipped with wind attention.';
    const ownAbstract = `Recurrent neural networks are the de facto model of tides, yet they are large. ${own} It is simple to tune.`;
    const group = { texts, sharedPhrase: 'tide forecasters', ownAbstract, keys: ['a', 'b', 'c'], syntax: 'cite' as const };
    const relation = contrastAgainst(group, 0, own, 1);
    assert.ok(relation, 'a relation is still written');
    assert.doesNotMatch(relation.text, /recurrent neural networks/, relation.text);
    assert.match(relation.text, /^\\cite\{a,c\} address the same problem as our work; we propose an end-to-end pruning method/, relation.text);
  });

  it('keeps a sentence on the author\'s work after works that share only a whole field with it and do none of what it claims', () => {
    const texts = [
      'We train deep neural networks with binary weights for phones. Binary weights replace multiplications by sign flips.',
      'Quantized neural networks with two-bit activations run on watches and keep their accuracy.',
      'An ensemble of large neural networks is distilled into one small network that is easy to deploy.',
    ];
    const own = 'We propose a pruning method for caption generators on phones with visual attention.';
    const ownAbstract = `Caption generators are too large for phones. ${own} It helps neural network practitioners.`;
    const relation = contrastAgainst({ texts, sharedPhrase: 'neural networks', ownAbstract, keys: ['a', 'b', 'c'], syntax: 'cite' }, 0, own, 1);
    assert.equal(relation?.text, 'Unlike these works, we propose a pruning method for caption generators on phones with visual attention.');
    // Beside a work that prunes caption generators too, no "unlike": that work is named by the problem it shares.
    const pruning = [...texts.slice(0, 2), 'We prune caption generators with visual attention by weight magnitude.'];
    const shared = contrastAgainst({ texts: pruning, sharedPhrase: 'neural networks', ownAbstract, keys: ['a', 'b', 'c'], syntax: 'cite' }, 0, own, 1);
    assert.equal(shared?.text, '\\cite{c} addresses the same problem as our work; we propose a pruning method for caption generators on phones with visual attention.');
  });

  for (const example of CONCERN_TEMPLATE.examples) {
    it(`${CONCERN_TEMPLATE.id}: "${example.text}"`, () => {
      const text = CONCERN_TEMPLATE.write(example.claim, example.phrase, example.works, example.one);
      assert.equal(text, example.text);
      assert.ok(isRelation(text), 'a draft knows it for a relation sentence');
    });
  }
});
