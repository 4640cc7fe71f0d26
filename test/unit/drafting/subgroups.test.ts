import { strict as assert } from 'assert';
import { DefaultEngine } from '../../../src/core/engines';
import { MemoryLibrary } from '../../../src/core/engine/memory-library';
import { isBroadField } from '../../../src/core/drafting/keyphrases';
import { openerBound } from '../../../src/core/drafting/compose';
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

/** Works as the arrangement reads them: each with the sentence its abstract gives (`extract`) and the one written. */
function arranged(works: Array<[key: string, family: string, extract: string, written: string]>): string[] {
  const plans = works.map(([key, family, extract]) => ({ record: { key, type: 'article', title: '', authors: [{ family }] }, chosen: [0], options: [{ extract, source: { text: extract } }], groupedOnly: false }) as unknown as WorkPlan);
  const written = new Map(plans.map((w, i) => [w, { text: works[i][3], keys: [works[i][0]], sources: [], role: 'work' as const }]));
  const allTexts = works.map((w) => w[2]);
  const blocks = arrangeWorks(plans, { syntax: 'cite', sentencesOf: (w) => [written.get(w) as DraftSentence], allTexts, idf: () => 1, topicPhrases: [] });
  return blocks.flatMap((b) => (b.opener ? [b.opener.text] : []));
}

describe('drafting subgroups', () => {
  const engine = new DefaultEngine();

  it('opens the works that write one specific phrase with a sentence naming it, and writes them one after the other', async () => {
    const lib = new MemoryLibrary([
      article('pins', 'Okafor', 'Sediment Pins', 'We measure salt marsh accretion with sediment pins across twelve estuaries of the North Sea.'),
      article('seagrass', 'Lund', 'Seagrass Maps', 'We map seagrass meadows from drone imagery along the Baltic coast.'),
      article('oysters', 'Varga', 'Oyster Reefs', 'We survey oyster reef restoration projects in a large eastern bay over two decades.'),
      article('automaton', 'Brandt', 'Marsh Automata', 'We model salt marsh accretion under rising sea level with a cellular automaton.'),
      article('dunes', 'Pereira', 'Dune Erosion', 'We estimate dune erosion from storm records over forty winters.'),
    ]);
    const keys = ['pins', 'seagrass', 'oysters', 'automaton', 'dunes'];
    const draft = await engine.draft({ keys, targetWords: 160, format: 'latex' }, lib);
    assert.match(draft.text, /Salt marsh accretion is studied in \\cite\{(?:pins,automaton|automaton,pins)\}\. /, draft.text);
    // The two follow their opener, not three works apart as they were asked for.
    assert.match(draft.text, /studied in \\cite\{[a-z,]+\}\. (?:Okafor \\cite\{pins\}|Brandt \\cite\{automaton\})[^.]*\. (?:Okafor \\cite\{pins\}|Brandt \\cite\{automaton\})/, draft.text);
    // No subgroup is named by what every work of the section writes, nor by a whole field.
    assert.doesNotMatch(draft.text, /\b(?:Coast|Neural networks)\b[^.]* studied in/, draft.text);
  });

  it('says once what two works both did, with both as its subject', () => {
    const a = writtenWork('a', 'Roe', 'Roe \\cite{a} proposed a blind denoising algorithm for tide gauge records with an unknown noise model.');
    const b = writtenWork('b', 'Poe', 'Poe \\cite{b} proposed a blind denoising algorithm for tide gauge records.');
    const ctx: ArrangeContext = { syntax: 'cite', sentencesOf: (w) => [w === a.work ? a.sentence : b.sentence], allTexts: [], idf: () => 1, topicPhrases: [] };
    assert.equal(jointSentence(a.work, b.work, ctx)?.text, 'Roe \\cite{a} and Poe \\cite{b} proposed a blind denoising algorithm for tide gauge records with an unknown noise model.');
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
    assert.ok(openers.includes('Teams of mobile robots are studied in \\cite{a,b}.'), openers.join(' | '));
    // Not "Language processing is studied in …", cut from a field's name that names no subgroup.
    assert.ok(!openers.some((o) => /language processing/i.test(o)), openers.join(' | '));
  });

  it('knows the names of whole fields from the phrases that hold them', () => {
    for (const broad of ['neural networks', 'Dynamical systems', 'deep learning', 'CNNs', 'machine learning', 'generative adversarial networks', 'GANs']) assert.ok(isBroadField(broad), broad);
    for (const specific of ['recurrent neural networks', 'barrier certificates', 'hybrid dynamical systems', 'blind image denoising', 'conditional GANs']) assert.ok(!isBroadField(specific), specific);
  });

  it('lets openers take a fitted draft to its length bound only, and a draft already past it a tenth of the target further', () => {
    assert.equal(openerBound(200, 190), 230);
    assert.equal(openerBound(100, 130), 140);
  });
});
