// The LLM engines' drafts, written paragraph by paragraph to our plan, against a replaying stand-in on 127.0.0.1 that
// speaks the OpenAI chat-completions SSE stream and Ollama's /api/chat NDJSON: what the prompt carries, citations put
// in by us, a swapped-out-of-paragraph / invented / missing citation caught and repaired or fallen back (marked),
// a model that ignores the placeholders, paragraphs delivered as they complete, Cancel, and the CLI.
import { strict as assert } from 'assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MemoryLibrary } from '../../../src/core/engine/memory-library';
import { ServerEngine } from '../../../src/core/neural/server';
import { readParagraph, FALLBACK_FLAG } from '../../../src/core/neural/paragraph-writer';
import { CancelledError, type PaperRecord } from '../../../src/core/types';
import { main } from '../../../src/cli/main';
import { captureCli } from '../../support/cli-capture';
import { ReplayingModel, placeholdersOf, placeholderOf } from '../../support/replaying-model';

const WORKS: PaperRecord[] = [
  {
    key: 'taigman17',
    type: 'inproceedings',
    title: 'DTN: Unsupervised Cross-Domain Image Generation',
    authors: [{ family: 'Taigman' }, { family: 'Polyak' }, { family: 'Wolf' }],
    year: 2017,
    abstract: 'We study the problem of transferring a sample in one domain to an analog sample in another domain. We propose the domain transfer network, which maps face photos to emoji.',
  },
  {
    key: 'zhu17',
    type: 'inproceedings',
    title: 'Unpaired Image-to-Image Translation Using Cycle-Consistent Adversarial Networks',
    authors: [{ family: 'Zhu' }, { family: 'Park' }, { family: 'Isola' }, { family: 'Efros' }],
    year: 2017,
    abstract: 'We translate an image from a source domain to a target domain without paired examples. A cycle consistency loss enforces that translating back recovers the input image.',
  },
  {
    key: 'liu16',
    type: 'inproceedings',
    title: 'Coupled Generative Adversarial Networks',
    authors: [{ family: 'Liu' }, { family: 'Tuzel' }],
    year: 2016,
    abstract: 'We propose coupled generative adversarial networks for learning a joint distribution of multi-domain images. Weight sharing between two generators learns the joint distribution without tuples of corresponding images.',
  },
];
const OWN = 'We extend DTN to translate sketches into photos of the same domain pair. Our method needs no paired images.';
const library = new MemoryLibrary(WORKS);
/** Two topics of four works each: two paragraphs. */
const EIGHT: PaperRecord[] = [
  ...['tide tables harbour', 'tide gauge harbour', 'tidal harbour prediction', 'harbour tide forecasting'].map((t, i) => ({ key: `tide${i}`, type: 'article', title: `Tides ${i}`, authors: [{ family: `Roe${i}` }], year: 2000 + i, abstract: `We forecast ${t} levels from ${t} records with harmonic tide analysis.` })),
  ...['hive weight', 'hive scale bees', 'bee hive sensors', 'honey bee hive monitoring'].map((t, i) => ({ key: `bee${i}`, type: 'article', title: `Bees ${i}`, authors: [{ family: `Poe${i}` }], year: 2010 + i, abstract: `We monitor ${t} colonies with ${t} weight sensors for beekeeping.` })),
];


const TITLES = { taigman17: WORKS[0].title, zhu17: WORKS[1].title, liu16: WORKS[2].title };
const good = (p: string) =>
  `Unpaired image translation maps images between domains without corresponding pairs ${placeholdersOf(p).join(', ')}. ` +
  `${placeholderOf(p, TITLES.liu16)} learn a joint distribution with coupled generators, and ${placeholderOf(p, TITLES.zhu17)} add a cycle consistency loss instead. ` +
  `${placeholderOf(p, TITLES.taigman17)} transfer faces to emoji. We build on the domain transfer network for sketches.`;

describe('neural: drafts written paragraph by paragraph to our plan', function () {
  this.timeout(20000);
  const model = new ReplayingModel();
  before(() => model.start());
  after(() => model.stop());
  beforeEach(() => {
    model.bodies.length = 0;
    model.replies = [];
    model.delayMs = 0;
  });
  const engine = (url = `${model.url}/v1`) => new ServerEngine({ url, model: 'llama3.1:8b', maxRetries: 0 });

  it('gives the model the plan, the placeholders and the sources, and puts the real citations where the placeholders were', async () => {
    model.replies = [good];
    const draft = await engine().draft({ keys: ['taigman17', 'zhu17', 'liu16'], ownAbstract: OWN, format: 'latex' }, library);
    assert.equal(model.bodies.length, 1, 'one request for the one paragraph');
    const prompt = model.bodies[0].messages.map((m) => m.content).join('\n');
    assert.match(prompt, /Plan: paragraph 1 of 1/);
    for (const w of WORKS) {
      const ph = placeholderOf(prompt, w.title);
      assert.match(prompt, new RegExp(`\\${ph.slice(0, -1)}\\]: "${w.title.slice(0, 20)}[^\\n]*\\n  ${w.authors![0].family}`), `${w.key}: title then authors`);
      assert.ok(prompt.includes(w.abstract!.split('. ')[0]), `${w.key}: its abstract`);
    }
    assert.ok(prompt.includes("The citing paper's abstract: We extend DTN"), 'the author\'s abstract');
    assert.match(prompt, /Relation: the citing paper's abstract names DTN: the citing work builds on it/);
    assert.ok(!/taigman17|zhu17|liu16/.test(prompt), 'the model never sees a key');
    assert.equal(draft.paragraphs.length, 1);
    assert.match(draft.text, /^Unpaired image translation maps images between domains without corresponding pairs \\cite\{[a-z0-9]+,[a-z0-9]+,[a-z0-9]+\}\. Liu and Tuzel \\cite\{liu16\} learn a joint distribution with coupled generators, and \\cite\{zhu17\} add a cycle consistency loss instead\. Taigman et al\. \\cite\{taigman17\} transfer faces to emoji\. We build on the domain transfer network for sketches\.$/);
    assert.deepEqual(draft.flags, []);
    assert.equal(draft.engine, 'server');
  });

  it('removes a placeholder of no work of the paragraph and an invented key, asks again for a work left out, and keeps the repaired paragraph', async () => {
    const bad = (p: string) =>
      `These works translate images between domains [W9]. ${placeholderOf(p, TITLES.liu16)} couple two generators \\cite{goodfellow14}. ` +
      `${placeholderOf(p, TITLES.zhu17)} add a cycle loss, unlike [@isola17]. Prior work also uses pix2pix [W7].`;
    model.replies = [bad, good];
    const draft = await engine().draft({ keys: ['taigman17', 'zhu17', 'liu16'], ownAbstract: OWN, format: 'latex' }, library);
    assert.equal(model.bodies.length, 2, 'asked again once');
    const second = model.bodies[1].messages.map((m) => m.content).join('\n');
    assert.match(second, /Your paragraph had these problems:/);
    assert.match(second, /- \[W9\] is not a work of this paragraph/);
    assert.match(second, /- wrote citation key 'goodfellow14' \(removed\)/);
    assert.match(second, new RegExp(`- \\${placeholderOf(second, TITLES.taigman17).slice(0, -1)}\\] was not cited`));
    assert.ok(!/goodfellow14|isola17|W9|W7/.test(draft.text), draft.text);
    assert.match(draft.text, /Taigman et al\. \\cite\{taigman17\} transfer faces to emoji\./);
    assert.ok(draft.flags!.some((f) => /^paragraph 1: asked again/.test(f)));
    assert.ok(!draft.flags!.some((f) => f.includes(FALLBACK_FLAG)));
  });

  it('writes a work still left out after the second answer with the default engine, and marks it', async () => {
    const withoutTaigman = (p: string) => `${placeholderOf(p, TITLES.liu16)} couple two generators. ${placeholderOf(p, TITLES.zhu17)} add a cycle consistency loss.`;
    model.replies = [withoutTaigman, withoutTaigman];
    const draft = await engine().draft({ keys: ['taigman17', 'zhu17', 'liu16'], format: 'latex' }, library);
    assert.equal(model.bodies.length, 2);
    const sentences = draft.paragraphs[0].sentences;
    assert.deepEqual(sentences.map((s) => s.keys), [['liu16'], ['zhu17'], ['taigman17']]);
    // The default engine's sentence: from the work's own abstract.
    assert.match(sentences[2].text, /Taigman et al\. \\cite\{taigman17\} .*(domain transfer network|transferring a sample)/);
    assert.ok(draft.flags!.some((f) => new RegExp(`^taigman17: ${FALLBACK_FLAG} \\(\\[W\\d\\] was not cited\\)$`).test(f)), draft.flags!.join('\n'));
  });

  it('falls back for every work of a model that ignores the placeholders (Ollama /api/chat, Pandoc), marked, keeping none of its text', async () => {
    const ignoring = 'Taigman et al. (2017) proposed DTN. Zhu et al. introduced CycleGAN [1]. CoGAN shares weights.';
    model.replies = [ignoring, ignoring];
    const draft = await engine(`${model.url}/api/chat`).draft({ keys: ['taigman17', 'zhu17', 'liu16'], format: 'markdown' }, library);
    assert.equal(model.bodies.length, 2);
    assert.equal(model.bodies[0].stream, true);
    assert.match(model.bodies[1].messages[1].content, /no sentence cited any work by its placeholder/);
    assert.ok(!/CycleGAN|CoGAN shares/.test(draft.text), draft.text);
    for (const key of ['taigman17', 'zhu17', 'liu16']) {
      assert.ok(draft.text.includes(`[@${key}]`), `${key} cited in Pandoc syntax: ${draft.text}`);
      assert.ok(draft.flags!.some((f) => f === `${key}: ${FALLBACK_FLAG} (the reply cited no work by its placeholder)`), draft.flags!.join('\n'));
    }
  });

  it('delivers each paragraph as soon as it is verified, before the next is asked for', async () => {
    const lib = new MemoryLibrary(EIGHT);
    const cites = (p: string) => `These works share a subject ${placeholdersOf(p).join(', ')}.`;
    // The first request asks for the grouping of the eight works; a reply that is no plan leaves our planner's.
    model.replies = ['no plan', cites, cites];
    const seen: { index: number; text: string; requestsSoFar: number }[] = [];
    const draft = await engine().draft({ keys: EIGHT.map((w) => w.key), format: 'latex' }, lib, { onParagraph: (_p, index, text) => seen.push({ index, text, requestsSoFar: model.bodies.length }) });
    assert.equal(draft.paragraphs.length, 2);
    assert.deepEqual(seen.map((s) => [s.index, s.requestsSoFar]), [[0, 2], [1, 3]]);
    assert.deepEqual(seen.map((s) => s.text), draft.text.split('\n\n'));
  });

  it('orders the paragraphs and their works as the default engine does: the paragraph closest to the author\'s abstract last, its closest work first', async () => {
    const titles = (p: string) => [...p.matchAll(/\[W\d+\]: "([^"]+)"/g)].map((m) => m[1]);
    const asked: string[][] = [];
    const cites = (p: string) => (asked.push(titles(p)), `These works share a subject ${placeholdersOf(p).join(', ')}.`);
    model.replies = ['no plan', cites, cites];
    const draft = await engine().draft({ keys: EIGHT.map((w) => w.key), format: 'latex', ownAbstract: 'We improve tidal harbour prediction of tidal levels.' }, new MemoryLibrary(EIGHT));
    assert.deepEqual(draft.paragraphs.map((p) => p.keys[0].replace(/\d$/, '')), ['bee', 'tide']);
    assert.equal(asked[1][0], 'Tides 2', 'the work whose abstract is closest to the author\'s first');
    assert.equal(draft.paragraphs[1].keys[0], 'tide2');
  });

  it('stops at once on Cancel, in the middle of a streamed paragraph, asking nothing more', async () => {
    model.delayMs = 200;
    model.replies = [good, good];
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const started = Date.now();
    await assert.rejects(engine().draft({ keys: ['taigman17', 'zhu17', 'liu16'], format: 'latex' }, library, { signal: controller.signal }), CancelledError);
    assert.ok(Date.now() - started < 1500, `took ${Date.now() - started} ms`);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(model.bodies.length, 1);
  });

  it('reads an endless reply only to the paragraph limit, and says it was cut', async () => {
    model.replies = [(p) => `${good(p)} ${'And the works go on and on. '.repeat(2000)}`];
    const started = Date.now();
    const draft = await new ServerEngine({ url: `${model.url}/v1`, model: 'm', maxRetries: 0, paragraphMaxTokens: 64 }).draft({ keys: ['taigman17', 'zhu17', 'liu16'], format: 'latex' }, library);
    assert.ok(Date.now() - started < 5000);
    assert.ok(draft.text.length < 64 * 16 + 200, `${draft.text.length} characters`);
    assert.match(draft.text, /Liu and Tuzel \\cite\{liu16\} learn a joint distribution/);
    assert.ok(draft.flags!.some((f) => /^paragraph 1: the reply was cut short/.test(f)), draft.flags!.join('\n'));
  });

  it('keeps the per-sentence writer for a single citation sentence', async () => {
    model.replies = ['REF propose the domain transfer network.'];
    const s = await engine().citationSentence({ key: 'taigman17', style: 'citation' }, library);
    assert.equal(s.text, 'Taigman et al. \\cite{taigman17} proposed the domain transfer network.');
    assert.match(model.bodies[0].messages[1].content, /Write ONE sentence/);
  });

  it('citescribe draft --engine server prints the paragraphs with real citations', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-paragraphs-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'refs.bib'),
        WORKS.map((w) => `@inproceedings{${w.key},\n  title = {${w.title}},\n  author = {${w.authors!.map((a) => `${a.family}, A.`).join(' and ')}},\n  year = {${w.year}},\n  abstract = {${w.abstract}}\n}\n`).join('\n'),
      );
      const db = path.join(dir, 'library.db');
      const io = captureCli();
      assert.equal(await main(['index', '--db', db, '--bib', path.join(dir, 'refs.bib')], io), 0, io.stderr.join('\n'));
      model.replies = [good];
      const out = captureCli();
      const code = await main(['draft', '--db', db, '--keys', 'taigman17,zhu17,liu16', '--engine', 'server', '--url', `${model.url}/v1`, '--model', 'llama3.1:8b'], out);
      assert.equal(code, 0, out.stderr.join('\n'));
      assert.equal(out.stdout.length, 1, 'the one paragraph, printed once');
      assert.match(out.stdout[0], /Taigman et al\. \\cite\{taigman17\} transfer faces to emoji\./);
      assert.match(out.stdout[0], /Liu and Tuzel \\cite\{liu16\} learn a joint distribution/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('neural: reading a model paragraph against its works', () => {
  const works = WORKS.map((paper, i) => ({ placeholder: `[W${i + 1}]`, paper }));
  it('joins placeholders side by side into one citation and names the authors of a leading placeholder, agreeing the verb', () => {
    const read = readParagraph('[W3] proposes coupled networks. Both map domains [W1][W2]. Unlike them, [W 2] uses cycles.', works, 'cite');
    assert.deepEqual(read.sentences.map((s) => s.text), ['Liu and Tuzel \\cite{liu16} propose coupled networks.', 'Both map domains \\cite{taigman17,zhu17}.', 'Unlike them, \\cite{zhu17} uses cycles.']);
    assert.deepEqual(read.problems, []);
  });
  it('agrees the verb after an adverb ("[W1] instead uses …"), for named authors and for a work known only by its key', () => {
    const anonymous = { placeholder: '[W4]', paper: { key: 'anon', type: 'article', title: 'Pruning', abstract: 'We prune weights while training.' } as PaperRecord };
    const read = readParagraph('[W3] instead uses coupled networks. [W4] instead uses pruning. [W1] also maps faces to emoji.', [...works, anonymous], 'cite');
    assert.deepEqual(read.sentences.map((s) => s.text), [
      'Liu and Tuzel \\cite{liu16} instead use coupled networks.',
      '\\cite{anon} instead uses pruning.',
      'Taigman et al. \\cite{taigman17} also map faces to emoji.',
    ]);
  });
  it('leaves the verb of a subject of two works joined by "and" as the model wrote it', () => {
    const anonymous = { placeholder: '[W4]', paper: { key: 'anon', type: 'article', title: 'Pruning', abstract: 'We prune weights while training.' } as PaperRecord };
    const read = readParagraph('[W4] and [W3] both prune weights. [W1] or [W2] map faces.', [...works, anonymous], 'cite');
    assert.deepEqual(read.sentences.map((s) => s.text), ['\\cite{anon} and \\cite{liu16} both prune weights.', 'Taigman et al. \\cite{taigman17} or \\cite{zhu17} map faces.']);
  });
  it('drops a sentence whose only citation is of no work of the paragraph, and says why', () => {
    const read = readParagraph('Pix2pix needs pairs [W4]. [W1] map faces to emoji [W2]. [W3] share weights.', works, 'pandoc');
    assert.deepEqual(read.sentences.map((s) => s.text), ['Taigman et al. [@taigman17] map faces to emoji [@zhu17].', 'Liu and Tuzel [@liu16] share weights.']);
    assert.deepEqual(read.problems, ['[W4] is not a work of this paragraph (removed)']);
  });
});
