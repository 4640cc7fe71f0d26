import { strict as assert } from 'assert';
import { DefaultEngine } from '../../../src/core/engines';
import { MemoryLibrary } from '../../../src/core/engine/memory-library';
import { isBroadField } from '../../../src/core/drafting/keyphrases';
import { arrangeWorks, jointSentence, type ArrangeContext } from '../../../src/core/drafting/subgroups';
import type { WorkPlan } from '../../../src/core/drafting/plan';
import type { DraftSentence, PaperRecord } from '../../../src/core/types';

/** A journal article of one author, as a test library holds it. */
const article = (key: string, family: string, title: string, abstract: string): PaperRecord => ({ key, type: 'article', title, authors: [{ family }], abstract });

/** A work as the arrangement sees it: its record and the one sentence the draft writes for it. */
function writtenWork(key: string, family: string, text: string): { work: WorkPlan; sentence: DraftSentence } {
  const work = { record: { key, type: 'article', title: '', authors: [{ family }] }, chosen: [0], options: [], groupedOnly: false } as unknown as WorkPlan;
  return { work, sentence: { text, keys: [key], sources: [], role: 'work' } };
}

/** Works as the arrangement reads them (each with the sentence its abstract gives, `extract`, and the one written): the sentences that say several works at once. */
function arranged(works: Array<[key: string, family: string, extract: string, written: string]>): string[] {
  const plans = works.map(([key, family, extract]) => ({ record: { key, type: 'article', title: '', authors: [{ family }] }, chosen: [0], options: [{ extract, source: { text: extract } }], groupedOnly: false }) as unknown as WorkPlan);
  const written = new Map(plans.map((w, i) => [w, { text: works[i][3], keys: [works[i][0]], sources: [], role: 'work' as const }]));
  const allTexts = works.map((w) => w[2]);
  const blocks = arrangeWorks(plans, { syntax: 'cite', sentencesOf: (w) => [written.get(w) as DraftSentence], allTexts, idf: () => 1, topicPhrases: [] });
  return blocks.flatMap((b) => b.parts.flatMap((p) => (p.joint ? [p.joint.text] : [])));
}

describe('drafting subgroups', () => {
  const engine = new DefaultEngine();

  it('says once the phrase two works write, then what each does with it, and no sentence merely naming it', async () => {
    const lib = new MemoryLibrary([
      article('pins', 'Okafor', 'Sediment Pins', 'We measure salt marsh accretion with sediment pins across twelve estuaries of the North Sea.'),
      article('seagrass', 'Lund', 'Seagrass Maps', 'We map seagrass meadows from drone imagery along the Baltic coast.'),
      article('oysters', 'Varga', 'Oyster Reefs', 'We survey oyster reef restoration projects in a large eastern bay over two decades.'),
      article('automaton', 'Brandt', 'Marsh Automata', 'We model salt marsh accretion under rising sea level with a cellular automaton.'),
      article('dunes', 'Pereira', 'Dune Erosion', 'We estimate dune erosion from storm records over forty winters.'),
    ]);
    const keys = ['pins', 'seagrass', 'oysters', 'automaton', 'dunes'];
    const draft = await engine.draft({ keys, targetWords: 160, format: 'latex' }, lib);
    // Together, not three works apart as they were asked for, and each still with what it did (measured, modelled).
    assert.ok(draft.text.includes('Okafor \\cite{pins} and Brandt \\cite{automaton} studied salt marsh accretion: Okafor \\cite{pins} measured it with sediment pins across twelve estuaries of the North Sea, and Brandt \\cite{automaton} modeled it under rising sea level with a cellular automaton.'), draft.text);
    // "Salt marsh accretion is studied in …" before them would say it a third time.
    assert.doesNotMatch(draft.text, /(?:is|are) studied in/, draft.text);
  });

  it('says once what two works both did, with both as its subject', () => {
    const a = writtenWork('a', 'Roe', 'Roe \\cite{a} proposed a blind denoising algorithm for tide gauge records with an unknown noise model.');
    const b = writtenWork('b', 'Poe', 'Poe \\cite{b} proposed a blind denoising algorithm for tide gauge records.');
    const ctx: ArrangeContext = { syntax: 'cite', sentencesOf: (w) => [w === a.work ? a.sentence : b.sentence], allTexts: [], idf: () => 1, topicPhrases: [] };
    // What both say: Roe's "with an unknown noise model" is Roe's alone.
    assert.equal(jointSentence(a.work, b.work, ctx)?.text, 'Roe \\cite{a} and Poe \\cite{b} proposed a blind denoising algorithm for tide gauge records.');
    // A fuller sentence that claims much more keeps it to itself: no "Roe and Poe proposed … that reaches 99% accuracy".
    const f = writtenWork('f', 'Foe', 'Foe \\cite{f} proposed a blind denoising algorithm for tide gauge records that reaches 99% accuracy on harbour benchmarks and runs ten times faster on buoys.');
    assert.equal(jointSentence(b.work, f.work, { ...ctx, sentencesOf: (w) => [w === b.work ? b.sentence : f.sentence] }), undefined);
    // A second work that says something of its own keeps its sentence.
    const c = writtenWork('c', 'Moe', 'Moe \\cite{c} proposed a harmonic model of tide gauge records.');
    const ctx2: ArrangeContext = { ...ctx, sentencesOf: (w) => [w === a.work ? a.sentence : c.sentence] };
    assert.equal(jointSentence(a.work, c.work, ctx2), undefined);
    // "was" would need "were" after two subjects.
    const d = writtenWork('d', 'Doe', 'Doe \\cite{d} was a blind denoising algorithm for tide gauge records.');
    const e = writtenWork('e', 'Eve', 'Eve \\cite{e} was a blind denoising algorithm for tide gauge records.');
    assert.equal(jointSentence(d.work, e.work, { ...ctx, sentencesOf: (w) => [w === d.work ? d.sentence : e.sentence] }), undefined);
  });

  it('names a line of work by what its works do, not by the field they belong to', async () => {
    const control = [
      'We construct barrier certificates for dynamical systems with polynomial vector fields.',
      'We prove that every robustly safe dynamical system has a barrier certificate.',
      'We compute barrier certificates for hybrid dynamical systems by sum-of-squares programming.',
      'We learn barrier certificates of dynamical systems from sampled trajectories.',
    ];
    const tides = [
      'We forecast harbour tide tables from cheap pressure sensors on piers.',
      'We correct harbour tide tables for storm surge with a shallow water model.',
      'We calibrate harbour tide tables against satellite altimetry.',
      'We publish harbour tide tables for small fishing ports.',
    ];
    const lib = new MemoryLibrary([
      ...control.map((abstract, i) => article(`c${i}`, `Ctrl${i}`, `Dynamical Systems ${i + 1}`, abstract)),
      ...tides.map((abstract, i) => article(`t${i}`, `Tide${i}`, `Harbour Notes ${i + 1}`, abstract)),
    ]);
    const draft = await engine.draft({ keys: [...control.map((_, i) => `c${i}`), ...tides.map((_, i) => `t${i}`)], targetWords: 400, format: 'latex' }, lib);
    assert.equal(draft.paragraphs.length, 2, draft.text);
    assert.doesNotMatch(draft.text, /(?:studies|addresses|considers) dynamical systems/, draft.text);
    assert.match(draft.text, /line of work (?:studies|addresses) barrier certificates/, draft.text);
  });

  it('names a subgroup by its whole phrase, its head in the plural where the works count it', () => {
    const openers = arranged([
      ['a', 'Ann', 'We deploy a team of mobile robots for shelf inventory.', 'Ann \\cite{a} deployed a team of mobile robots for shelf inventory.'],
      ['b', 'Bo', 'We coordinate a team of mobile robots with barrier functions.', 'Bo \\cite{b} coordinated a team of mobile robots with barrier functions.'],
      ['c', 'Cy', 'We parse clinical notes with natural language processing pipelines.', 'Cy \\cite{c} parsed clinical notes with natural language processing pipelines.'],
      ['d', 'Di', 'We tag legal contracts with natural language processing tools.', 'Di \\cite{d} tagged legal contracts with natural language processing tools.'],
      ['e', 'Ed', 'We estimate dune erosion from storm records.', 'Ed \\cite{e} estimated dune erosion from storm records.'],
    ]);
    assert.ok(openers.includes('Ann \\cite{a} and Bo \\cite{b} studied teams of mobile robots: Ann \\cite{a} deployed one for shelf inventory, and Bo \\cite{b} coordinated one with barrier functions.'), openers.join(' | '));
    // Not "Language processing is studied in …", cut from a field's name that names no subgroup.
    assert.ok(!openers.some((o) => /language processing/i.test(o)), openers.join(' | '));
  });

  it('knows the names of whole fields from the phrases that hold them', () => {
    for (const broad of ['neural networks', 'Dynamical systems', 'deep learning', 'CNNs', 'machine learning', 'generative adversarial networks', 'GANs']) assert.ok(isBroadField(broad), broad);
    for (const specific of ['recurrent neural networks', 'barrier certificates', 'hybrid dynamical systems', 'blind image denoising', 'conditional GANs']) assert.ok(!isBroadField(specific), specific);
  });

  it('says two works that put forward the same kind of thing in one sentence, or writes them apart where the phrase is not their object', () => {
    const joint = arranged([
      ['a', 'Ann', 'We propose a tide gauge model that corrects for land subsidence.', 'Ann \\cite{a} proposed a tide gauge model that corrects for land subsidence.'],
      ['b', 'Bo', 'We develop a series of tide gauge models with a harmonic structure for estuaries.', 'Bo \\cite{b} developed a series of tide gauge models with a harmonic structure for estuaries.'],
      ['c', 'Cy', 'We estimate dune erosion from storm records.', 'Cy \\cite{c} estimated dune erosion from storm records.'],
      ['d', 'Di', 'We map seagrass meadows from drone imagery.', 'Di \\cite{d} mapped seagrass meadows from drone imagery.'],
    ]);
    assert.deepEqual(joint, ['Ann \\cite{a} and Bo \\cite{b} proposed tide gauge models: Ann \\cite{a} one that corrects for land subsidence, and Bo \\cite{b} with a harmonic structure for estuaries.']);
    // "a kelp forest survey scheme": the phrase only qualifies the thing done, so no sentence can say it once.
    const apart = arranged([
      ['a', 'Ann', 'We develop a kelp forest survey scheme for divers.', 'Ann \\cite{a} developed a kelp forest survey scheme for divers.'],
      ['b', 'Bo', 'We take a sonar approach toward kelp forest surveys.', 'Bo \\cite{b} took a sonar approach toward kelp forest surveys.'],
      ['c', 'Cy', 'We estimate dune erosion from storm records.', 'Cy \\cite{c} estimated dune erosion from storm records.'],
      ['d', 'Di', 'We map seagrass meadows from drone imagery.', 'Di \\cite{d} mapped seagrass meadows from drone imagery.'],
    ]);
    assert.deepEqual(apart, []);
    // "Ann \cite{a} it that corrects …" would not read: each keeps its sentence, and what it says.
    const unsaid = arranged([
      ['a', 'Ann', 'We extend the tide gauge model that corrects for land subsidence.', 'Ann \\cite{a} extended the tide gauge model that corrects for land subsidence.'],
      ['b', 'Bo', 'We test the tide gauge model with a harmonic structure for estuaries.', 'Bo \\cite{b} tested the tide gauge model with a harmonic structure for estuaries.'],
      ['c', 'Cy', 'We estimate dune erosion from storm records.', 'Cy \\cite{c} estimated dune erosion from storm records.'],
      ['d', 'Di', 'We map seagrass meadows from drone imagery.', 'Di \\cite{d} mapped seagrass meadows from drone imagery.'],
    ]);
    assert.deepEqual(unsaid, []);
    // In a subgroup of three, the two whose part reads are said together; the third keeps its sentence.
    const threes = arranged([
      ['a', 'Ann', 'We propose a tide gauge model that corrects for land subsidence.', 'Ann \\cite{a} proposed a tide gauge model that corrects for land subsidence.'],
      ['b', 'Bo', 'We build a tide gauge model calibration kit.', 'Bo \\cite{b} built a tide gauge model calibration kit.'],
      ['c', 'Cy', 'We develop a series of tide gauge models with a harmonic structure for estuaries.', 'Cy \\cite{c} developed a series of tide gauge models with a harmonic structure for estuaries.'],
      ['d', 'Di', 'We map seagrass meadows from drone imagery.', 'Di \\cite{d} mapped seagrass meadows from drone imagery.'],
      ['e', 'Ed', 'We estimate dune erosion from storm records.', 'Ed \\cite{e} estimated dune erosion from storm records.'],
      ['f', 'Fa', 'We survey oyster reefs in a large bay.', 'Fa \\cite{f} surveyed oyster reefs in a large bay.'],
    ]);
    assert.deepEqual(threes, ['Ann \\cite{a} and Cy \\cite{c} proposed tide gauge models: Ann \\cite{a} one that corrects for land subsidence, and Cy \\cite{c} with a harmonic structure for estuaries.']);
  });

  it('keeps apart two works whose parts would not read whole in one sentence', () => {
    const others: Array<[string, string, string, string]> = [
      ['c', 'Cy', 'We estimate dune erosion from storm records.', 'Cy \\cite{c} estimated dune erosion from storm records.'],
      ['d', 'Di', 'We map seagrass meadows from drone imagery.', 'Di \\cite{d} mapped seagrass meadows from drone imagery.'],
    ];
    // "Bo \cite{b} with a harmonic structure that track storm surges": "track" agreed with the dropped "models".
    const lostPlural = arranged([
      ['a', 'Ann', 'We propose a tide gauge model that corrects for land subsidence.', 'Ann \\cite{a} proposed a tide gauge model that corrects for land subsidence.'],
      ['b', 'Bo', 'We develop a series of tide gauge models with a harmonic structure that track storm surges.', 'Bo \\cite{b} developed a series of tide gauge models with a harmonic structure that track storm surges.'],
      ...others,
    ]);
    assert.deepEqual(lostPlural, []);
    // "Ann \cite{a} one to recover the true level from noisy one": the abstract's own "one" beside ours.
    const twoOnes = arranged([
      ['a', 'Ann', 'We propose a tide gauge model to recover the true level from noisy one.', 'Ann \\cite{a} proposed a tide gauge model to recover the true level from noisy one.'],
      ['b', 'Bo', 'We propose a tide gauge model which copes with drifting gauges.', 'Bo \\cite{b} proposed a tide gauge model which copes with drifting gauges.'],
      ...others,
    ]);
    assert.deepEqual(twoOnes, []);
    // A plural's part that agrees with either reads: "Bo \cite{b} with a harmonic structure that can track surges".
    const reads = arranged([
      ['a', 'Ann', 'We propose a tide gauge model that corrects for land subsidence.', 'Ann \\cite{a} proposed a tide gauge model that corrects for land subsidence.'],
      ['b', 'Bo', 'We develop a series of tide gauge models with a harmonic structure that can track surges.', 'Bo \\cite{b} developed a series of tide gauge models with a harmonic structure that can track surges.'],
      ...others,
    ]);
    assert.equal(reads.length, 1, reads.join(' | '));
  });
});
