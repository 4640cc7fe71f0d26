// The LLM engines' paragraphs judged as Check Citations judges a sentence in its paragraph (suggest/attribution.ts):
// against a replaying stand-in model on 127.0.0.1 (OpenAI SSE and Ollama NDJSON) and a library index of works we
// wrote, a citation swapped between two works of the paragraph is caught and repaired when the model is asked again,
// one that stays swapped is written by the default engine, marked with the reason, and an invented number is caught.
import { strict as assert } from 'assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { indexLibrary } from '../../../src/core/library/indexer';
import { openLibraryStore, type LibraryStore } from '../../../src/core/library/store';
import { ServerEngine } from '../../../src/core/neural/server';
import { ATTRIBUTION_FALLBACK_FLAG, FALLBACK_FLAG } from '../../../src/core/neural/paragraph-writer';
import { judgeRegeneratedSentence } from '../../../src/core/neural/paragraph-check';
import { MemoryLibrary } from '../../../src/core/engine/memory-library';
import { ReplayingModel, placeholderOf, placeholdersOf } from '../../support/replaying-model';

// Three works on city trees, each with what only it does (panoramic images, contact microphones, a phone app), and
// three on other harbour and town matters, so that the library has words to weigh.
const TREE_BIB = `
@article{ames2019trees, title = {Mapping Street Trees from Panoramic Images}, author = {Ames, Rosa}, year = 2019,
  abstract = {Cities keep inventories of their street trees. We detect trees in panoramic street images and place each tree on the map by triangulation. A district's inventory is built in a day instead of a month.}}
@article{brandt2020sap, title = {Listening to Sap Flow with Contact Microphones}, author = {Brandt, Jonas}, year = 2020,
  abstract = {Drought stress shows in the sap flow of a tree. Contact microphones clipped to the trunk record cavitation clicks, and a classifier tells stressed trees from healthy ones. The clicks rise two days before the leaves wilt.}}
@article{chen2021branches, title = {Crowdsourced Reports of Fallen Branches}, author = {Chen, Mei}, year = 2021,
  abstract = {Fallen branches block paths after storms. Residents report them with BranchWatch, a phone app that sends a photo and the position of each branch. The reports reach the city's crews within the hour.}}
@article{okafor2020tides, title = {Learning Tide Tables from Harbour Sensor Logs}, author = {Okafor, Ada}, year = 2020,
  abstract = {Harbour masters need tide tables for every berth. We predict tides from cheap pressure sensors bolted to the quay. A small recurrent network trained on two years of logs matches the official tables.}}
@article{berg2021ferries, title = {Scheduling Island Ferries with Integer Programs}, author = {Berg, Lin}, year = 2021,
  abstract = {Island ferries must meet trains and school hours. We cast the timetable as an integer program over crossings. Solved nightly, it cuts the waiting time on the mainland.}}
@article{ruiz2019bins, title = {Routing Waste Collection by Bin Fill Levels}, author = {Ruiz, Pablo}, year = 2019,
  abstract = {Waste trucks empty bins that are half full. Ultrasonic sensors in the lids report how full each bin is, and the trucks are routed to the full ones. Fewer trips collect the same waste.}}
`;
const TREE_KEYS = ['ames2019trees', 'brandt2020sap', 'chen2021branches'];
const TREE_TITLES = {
  ames: 'Mapping Street Trees from Panoramic Images',
  brandt: 'Listening to Sap Flow with Contact Microphones',
  chen: 'Crowdsourced Reports of Fallen Branches',
};

/** What the images work does, said of the microphones work and the other way round: two swapped citations. */
const swapped = (p: string) =>
  `City trees are mapped, monitored and reported in several ways ${placeholdersOf(p).join(', ')}. ` +
  `${placeholderOf(p, TREE_TITLES.ames)} record cavitation clicks with contact microphones clipped to the trunk to tell drought-stressed trees. ` +
  `${placeholderOf(p, TREE_TITLES.brandt)} detect trees in panoramic street images and place them on the map by triangulation. ` +
  `${placeholderOf(p, TREE_TITLES.chen)} let residents report fallen branches with a phone app.`;
const faithful = (p: string) =>
  `City trees are mapped, monitored and reported in several ways ${placeholdersOf(p).join(', ')}. ` +
  `${placeholderOf(p, TREE_TITLES.ames)} detect trees in panoramic street images and place them on the map by triangulation. ` +
  `${placeholderOf(p, TREE_TITLES.brandt)} record cavitation clicks with contact microphones clipped to the trunk to tell drought-stressed trees. ` +
  `${placeholderOf(p, TREE_TITLES.chen)} let residents report fallen branches with a phone app.`;

/** An index of TREE_BIB in a fresh folder; `close` removes it. */
async function treeLibrary(): Promise<{ store: LibraryStore; close(): void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-paragraph-check-'));
  fs.writeFileSync(path.join(dir, 'lib.bib'), TREE_BIB);
  const db = path.join(dir, 'lib.db');
  const owned = openLibraryStore(db, 'owned');
  await indexLibrary({ store: owned, bibPaths: [path.join(dir, 'lib.bib')], pdfPaths: [] });
  owned.close();
  const store = openLibraryStore(db, 'read');
  return { store, close: () => (store.close(), fs.rmSync(dir, { recursive: true, force: true })) };
}

describe('neural: the model\'s paragraphs judged against their works (misattribution, invented details)', function () {
  this.timeout(30000);
  const model = new ReplayingModel();
  let library: Awaited<ReturnType<typeof treeLibrary>>;
  before(async () => {
    await model.start();
    library = await treeLibrary();
  });
  after(async () => {
    await model.stop();
    library.close();
  });
  beforeEach(() => {
    model.bodies.length = 0;
    model.replies = [];
  });
  const engine = (url = `${model.url}/v1`) => new ServerEngine({ url, model: 'llama3.1:8b', maxRetries: 0 });
  const sentenceOf = (draft: { paragraphs: { sentences: { text: string; keys: string[] }[] }[] }, key: string) =>
    draft.paragraphs.flatMap((p) => p.sentences).find((s) => s.keys.length === 1 && s.keys[0] === key);

  it('catches two swapped citations, asks again once with both works\' evidence, and keeps the repaired paragraph with its verdicts', async () => {
    model.replies = [swapped, faithful];
    const draft = await engine().draft({ keys: TREE_KEYS, format: 'latex' }, library.store);
    assert.equal(model.bodies.length, 2, 'asked again once, for both problems together');
    const second = model.bodies[1].messages.map((m) => m.content).join('\n');
    const ames = placeholderOf(second, TREE_TITLES.ames);
    const brandt = placeholderOf(second, TREE_TITLES.brandt);
    assert.ok(second.includes(`describes ${brandt}, not ${ames}: ${brandt} says "Contact microphones clipped to the trunk record cavitation clicks`), second);
    assert.ok(second.includes(`describes ${ames}, not ${brandt}: ${ames} says "We detect trees in panoramic street images`), second);
    assert.ok(!/ames2019trees|brandt2020sap/.test(second), 'the model never sees a key');
    assert.match(sentenceOf(draft, 'ames2019trees')!.text, /panoramic street images/);
    assert.match(sentenceOf(draft, 'brandt2020sap')!.text, /contact microphones/);
    for (const [key, evidence] of [['ames2019trees', /panoramic street images/], ['brandt2020sap', /contact microphones/i]] as const) {
      const checks = (sentenceOf(draft, key) as { checks?: { key: string; verdict: string; evidence?: { text: string } }[] }).checks;
      assert.equal(checks?.[0].verdict, 'supported', JSON.stringify(checks));
      assert.match(checks![0].evidence!.text, evidence);
    }
    assert.ok(draft.flags!.some((f) => /^paragraph 1: asked again \(.*describes brandt2020sap, not ames2019trees/.test(f)), draft.flags!.join('\n'));
    assert.ok(!draft.flags!.some((f) => f.includes('written by the default engine')), draft.flags!.join('\n'));
  });

  it('writes a work whose citation stays swapped with the default engine (Ollama /api/chat), marked with the reason', async () => {
    model.replies = [swapped, swapped];
    const draft = await engine(`${model.url}/api/chat`).draft({ keys: TREE_KEYS, format: 'markdown' }, library.store);
    assert.equal(model.bodies.length, 2, 'one re-ask per paragraph, not one per problem');
    for (const key of ['ames2019trees', 'brandt2020sap']) {
      const sentence = sentenceOf(draft, key) as { text: string; flags?: string[] };
      assert.ok(sentence, `${key} has a sentence of its own`);
      assert.ok(sentence.text.includes(`[@${key}]`), sentence.text);
      assert.match(sentence.flags!.join(' '), new RegExp(`^${ATTRIBUTION_FALLBACK_FLAG} \\(the sentence ".*" describes \\w+, not ${key}`));
      assert.ok(draft.flags!.some((f) => f.startsWith(`${key}: ${ATTRIBUTION_FALLBACK_FLAG} (`)), draft.flags!.join('\n'));
    }
    // The default engine's sentences come from each work's own abstract; the swapped claims are gone.
    assert.match(sentenceOf(draft, 'brandt2020sap')!.text, /microphone|sap flow|cavitation|drought/i);
    assert.ok(!/\[@ames2019trees\][^.]*cavitation/.test(draft.text), draft.text);
    assert.ok(!draft.flags!.some((f) => f.includes(FALLBACK_FLAG)), 'cited, so not the "did not cite it" fallback');
    assert.match(sentenceOf(draft, 'chen2021branches')!.text, /phone app/, 'the faithful sentence stays');
  });

  it('puts a default-engine sentence where the model\'s sentence on that work stood, before the author\'s closing sentence', async () => {
    const closing = ' Unlike these works, we count the trees that storms bring down.';
    model.replies = [(p: string) => swapped(p) + closing, (p: string) => swapped(p) + closing];
    const draft = await engine().draft({ keys: TREE_KEYS, format: 'latex', ownAbstract: 'We count the trees that storms bring down.' }, library.store);
    const order = draft.paragraphs[0].sentences.map((s) => (s.keys.length === 1 ? s.keys[0] : s.keys.length ? 'topic' : 'closing'));
    assert.deepEqual(order, ['topic', 'ames2019trees', 'brandt2020sap', 'chen2021branches', 'closing'], draft.text);
    assert.ok(draft.paragraphs[0].sentences[1].flags?.length, 'the first work\'s sentence is the default engine\'s, marked');
  });

  it('flags a number and a name the cited work does not hold, tells the model, and falls back when it insists', async () => {
    const invented = (p: string) =>
      `${faithful(p).split('. ').slice(0, 3).join('. ')}. ` +
      `${placeholderOf(p, TREE_TITLES.chen)} let residents report fallen branches with a phone app, and 87% of the reports reach TreeCrew within 15 minutes.`;
    model.replies = [invented, invented];
    const draft = await engine().draft({ keys: TREE_KEYS, format: 'latex' }, library.store);
    assert.equal(model.bodies.length, 2);
    const second = model.bodies[1].messages.map((m) => m.content).join('\n');
    const chen = placeholderOf(second, TREE_TITLES.chen);
    assert.match(second, new RegExp(`gives 87%, 15, TreeCrew, which the text of \\${chen.slice(0, -1)}\\] does not hold`));
    const sentence = sentenceOf(draft, 'chen2021branches') as { text: string; flags?: string[] };
    assert.ok(!/87|TreeCrew/.test(draft.text), draft.text);
    assert.match(sentence.flags!.join(' '), /gives 87%, 15, TreeCrew, which the text of chen2021branches does not hold/);
    assert.match(sentenceOf(draft, 'ames2019trees')!.text, /panoramic street images/, 'the other works\' sentences stay');
  });

  it('takes the citing paper\'s own details in a sentence in its voice, but not a detail neither text holds', async () => {
    const ownAbstract = 'We dispatch storm crews with StormDesk, a board that ranks fallen-branch reports; 95% of blocked paths reopen within a day.';
    const ours = (p: string) => `${faithful(p)} Like ${placeholderOf(p, TREE_TITLES.chen)}, we act on residents' reports, but we rank them on StormDesk, and 95% of blocked paths reopen within a day.`;
    model.replies = [ours];
    const draft = await engine().draft({ keys: TREE_KEYS, format: 'latex', ownAbstract }, library.store);
    assert.equal(model.bodies.length, 1, 'no second request: StormDesk and 95% are the citing paper\'s');
    assert.match(draft.text, /we rank them on StormDesk, and 95\\% of blocked paths reopen/);
    const theirs = (p: string) => `${faithful(p)} Like ${placeholderOf(p, TREE_TITLES.chen)}, we act on residents' reports, but we rank them on CrewNet.`;
    model.replies = [theirs, theirs];
    model.bodies.length = 0;
    await engine().draft({ keys: TREE_KEYS, format: 'latex', ownAbstract }, library.store);
    assert.equal(model.bodies.length, 2);
    assert.match(model.bodies[1].messages.map((m) => m.content).join('\n'), /gives CrewNet, which the text of/);
  });

  it('regenerates one paragraph of a draft under the same plan line, with the same works, verified the same way', async () => {
    model.replies = [swapped, faithful];
    const plan = [
      { keys: ['okafor2020tides', 'berg2021ferries'], subject: 'harbour logistics' },
      { keys: TREE_KEYS, subject: 'city trees' },
    ];
    const draft = await engine().draft({ keys: TREE_KEYS, format: 'latex', plan, onlyParagraph: 1, targetWords: 80 }, library.store);
    assert.equal(model.bodies.length, 2, 'only this paragraph is asked for, and asked again once for its swapped citations');
    for (const body of model.bodies) {
      const prompt = body.messages.map((m) => m.content).join('\n');
      assert.match(prompt, /Plan: paragraph 2 of 2 on city trees, citing \[W1\], \[W2\], \[W3\]\. The other paragraphs cover: harbour logistics\./);
      assert.ok(!prompt.includes('Tide Tables') && !prompt.includes('Island Ferries'), 'the other paragraph\'s works are not asked about');
    }
    assert.match(model.bodies[1].messages.map((m) => m.content).join('\n'), /describes \[W\d\], not \[W\d\]/);
    assert.equal(draft.paragraphs.length, 1);
    assert.deepEqual(draft.paragraphs[0].keys, TREE_KEYS);
    assert.equal(draft.paragraphs[0].subject, 'city trees');
    assert.match(sentenceOf(draft, 'brandt2020sap')!.text, /contact microphones/);
  });

  it('judges a sentence regenerated on its own against its paragraph\'s works: supported, or misattributed naming the work it describes', () => {
    const good = judgeRegeneratedSentence(library.store, { text: 'Ames \\cite{ames2019trees} detect trees in panoramic street images.', keys: ['ames2019trees'] }, TREE_KEYS);
    assert.deepEqual(good?.map((c) => [c.key, c.verdict]), [['ames2019trees', 'supported']]);
    const swappedOne = judgeRegeneratedSentence(library.store, { text: 'Ames \\cite{ames2019trees} record cavitation clicks with contact microphones clipped to the trunk.', keys: ['ames2019trees'] }, TREE_KEYS);
    assert.deepEqual(swappedOne?.map((c) => [c.key, c.verdict, c.better?.key]), [['ames2019trees', 'misattributed', 'brandt2020sap']]);
    assert.equal(judgeRegeneratedSentence(new MemoryLibrary([]), { text: 'Ames \\cite{ames2019trees} detect trees.', keys: ['ames2019trees'] }, TREE_KEYS), undefined, 'a bare lookup cannot judge');
  });
});
