// The model proposes the grouping of a long list of works: a JSON plan checked before use, against a replaying
// stand-in on 127.0.0.1 (OpenAI SSE and Ollama NDJSON). A valid plan is written to (its groups, names and order); one
// that leaves a work out, puts one in two groups, invents one or keeps everything in one group is refused, and our
// planner's grouping is used, with a note saying why.
import { strict as assert } from 'assert';
import { MemoryLibrary } from '../../../src/core/engine/memory-library';
import { ServerEngine } from '../../../src/core/neural/server';
import { readModelPlan } from '../../../src/core/neural/model-plan';
import { groupingMessages, paragraphMessages } from '../../../src/core/neural/paragraph-prompts';
import type { PaperRecord } from '../../../src/core/types';
import { ReplayingModel, placeholderOf, placeholdersOf } from '../../support/replaying-model';

/** Two topics of four works each (tides, bee hives), two early and two recent works in each. */
const EIGHT: PaperRecord[] = [
  ...['tide tables harbour', 'tide gauge harbour', 'tidal harbour prediction', 'harbour tide forecasting'].map((t, i) => ({ key: `tide${i}`, type: 'article', title: `Tides ${i}`, authors: [{ family: `Roe${i}` }], year: 2000 + i * 5, abstract: `We forecast ${t} levels from ${t} records with harmonic tide analysis.` })),
  ...['hive weight', 'hive scale bees', 'bee hive sensors', 'honey bee hive monitoring'].map((t, i) => ({ key: `bee${i}`, type: 'article', title: `Bees ${i}`, authors: [{ family: `Poe${i}` }], year: 2000 + i * 5, abstract: `We monitor ${t} colonies with ${t} weight sensors for beekeeping.` })),
];
const library = new MemoryLibrary(EIGHT);
const KEYS = EIGHT.map((w) => w.key);
const ph = (prompt: string, key: string) => placeholderOf(prompt, EIGHT.find((w) => w.key === key)!.title);
/** A plan by period, not by topic: what our planner would never propose, so that its use shows. */
const byPeriod = (prompt: string) =>
  JSON.stringify({
    groups: [
      { name: 'Early sensing work', works: ['tide0', 'tide1', 'bee0', 'bee1'].map((k) => ph(prompt, k)) },
      { name: 'Recent forecasting and monitoring', works: ['tide2', 'tide3', 'bee2', 'bee3'].map((k) => ph(prompt, k)) },
    ],
  });
const citesAll = (p: string) => `These works share a subject ${placeholdersOf(p).join(', ')}.`;

describe('neural: the model proposes the grouping of a long list of works, checked before use', function () {
  this.timeout(20000);
  const model = new ReplayingModel();
  before(() => model.start());
  after(() => model.stop());
  beforeEach(() => {
    model.bodies.length = 0;
    model.replies = [];
  });
  const engine = (url = `${model.url}/v1`) => new ServerEngine({ url, model: 'llama3.1:8b', maxRetries: 0 });
  const promptOf = (i: number) => model.bodies[i].messages.map((m) => m.content).join('\n');

  it('asks for a JSON plan with every work by placeholder, and writes the paragraphs to a valid one, its names as subjects and headings', async () => {
    model.replies = [byPeriod, citesAll, citesAll];
    const draft = await engine().draft({ keys: KEYS, format: 'latex', subsections: true }, library);
    assert.equal(model.bodies.length, 3, 'the plan, then one request per paragraph');
    const planPrompt = promptOf(0);
    assert.match(planPrompt, /Answer with JSON only/);
    assert.match(planPrompt, /Put EVERY work \(\[W1\], \[W2\], \[W3\], \[W4\], \[W5\], \[W6\], \[W7\], \[W8\]\) in exactly one group/);
    assert.ok(!/tide\d|bee\d/.test(planPrompt), 'the model never sees a key');
    assert.deepEqual(draft.paragraphs.map((p) => p.keys.slice().sort()), [['bee0', 'bee1', 'tide0', 'tide1'], ['bee2', 'bee3', 'tide2', 'tide3']]);
    assert.deepEqual(draft.paragraphs.map((p) => p.heading), ['Early Sensing Work', 'Recent Forecasting and Monitoring']);
    assert.match(promptOf(1), /Plan: paragraph 1 of 2 on Early sensing work, citing \[W1\], \[W2\], \[W3\], \[W4\]\. The other paragraphs cover: Recent forecasting and monitoring\./);
    assert.ok(!draft.flags!.some((f) => f.startsWith('plan:')), draft.flags!.join('\n'));
  });

  it('asks the last paragraph where the citing paper stands and the others for a clause only, and says what is known of a work without text', () => {
    const works = [
      { placeholder: '[W1]', paper: EIGHT[0] },
      { placeholder: '[W2]', paper: { key: 'sea', type: 'article', title: 'Tide Tables of the North Sea' } as PaperRecord },
      { placeholder: '[W3]', paper: { key: 'blank', type: 'article', title: '' } as PaperRecord },
    ];
    const prompt = (index: number) =>
      paragraphMessages({ works, index, subject: 'tides', otherSubjects: ['bees'], ownAbstract: 'We forecast tides from gauges.', words: 80 }, () => true)
        .map((m) => m.content)
        .join('\n');
    const [first, last] = [prompt(0), prompt(1)];
    assert.match(first, /3\. at most one clause on what the citing paper takes from or changes in these works.*do not restate the citing paper's contribution/);
    assert.doesNotMatch(first, /where the citing paper stands/);
    assert.match(last, /3\. where the citing paper stands with respect to them/);
    assert.doesNotMatch(last, /do not restate/);
    assert.match(first, /\[W2\]: "Tide Tables of the North Sea"\n {2}\(only the title is known: say no more of it than its title does, and never cite it as support for a claim about other works\)/);
    assert.match(first, /\[W3\]: ""\n {2}\(nothing is known of this work: cite it only in a "see also" clause, never as support for a claim\)/);
  });

  for (const [what, reply, reason] of [
    ['leaves a work out', (p: string) => byPeriod(p).replace(`,"${ph(p, 'bee3')}"`, ''), /\[W\d\] is in no group/],
    ['puts a work in two groups', (p: string) => byPeriod(p).replace(`"${ph(p, 'tide2')}"`, `"${ph(p, 'tide2')}","${ph(p, 'tide0')}"`), /\[W\d\] is in two groups \("Early sensing work" and "Recent forecasting and monitoring"\)/],
  ] as const) {
    it(`refuses a plan that ${what} (Ollama /api/chat) and groups the works by our planner, saying why`, async () => {
      model.replies = [reply, citesAll, citesAll];
      const draft = await engine(`${model.url}/api/chat`).draft({ keys: KEYS, format: 'markdown' }, library);
      assert.equal(model.bodies.length, 3);
      // Our planner groups by topic: the tide works together, the bee works together.
      assert.deepEqual(draft.paragraphs.map((p) => p.keys.map((k) => k.replace(/\d$/, ''))).map((ks) => [...new Set(ks)]).sort(), [['bee'], ['tide']]);
      const note = draft.flags!.find((f) => f.startsWith("plan: the model's grouping was not used ("));
      assert.ok(note, draft.flags!.join('\n'));
      assert.match(note!, reason);
      assert.match(note!, /the works are grouped by our planner$/);
      for (const key of KEYS) assert.ok(draft.text.includes(`@${key}`), `${key} is cited once the planner's plan is written`);
    });
  }

  for (const [what, reply, reason] of [
    ['is answered by HTTP 400 (a prompt longer than the context)', { status: 400, body: 'context length exceeded' }, /the request failed: .*400/],
    ['fails (the server hangs up)', 'hang-up', /the request failed: /],
  ] as const) {
    it(`writes the draft with our planner, saying why, when the grouping request ${what}`, async () => {
      model.replies = [reply, citesAll, citesAll];
      const draft = await engine().draft({ keys: KEYS, format: 'latex' }, library);
      assert.equal(model.bodies.length, 3, 'the plan request, then one per paragraph of our plan');
      assert.deepEqual(draft.paragraphs.map((p) => p.keys.map((k) => k.replace(/\d$/, ''))).map((ks) => [...new Set(ks)]).sort(), [['bee'], ['tide']]);
      const note = draft.flags!.find((f) => f.startsWith("plan: the model's grouping was not used ("));
      assert.ok(note, draft.flags!.join('\n'));
      assert.match(note!, reason);
      for (const key of KEYS) assert.ok(draft.text.includes(key), `${key} is cited`);
    });
  }

  it('does not ask for a plan when the titles alone do not fit the context (150 works), and groups them by our planner', async () => {
    const many: PaperRecord[] = Array.from({ length: 150 }, (_, i) => ({ key: `w${i}`, type: 'article', title: `A rather long title about harbour tide forecasting from gauge records, number ${i}`, authors: [{ family: `Roe${i}` }], year: 2000 + (i % 20), abstract: 'We forecast harbour tides. We use gauge records.' }));
    model.replies = Array.from({ length: 60 }, () => citesAll);
    const draft = await new ServerEngine({ url: `${model.url}/v1`, model: 'llama3.1:8b', maxRetries: 0, maxPromptChars: 6000 }).draft({ keys: many.map((w) => w.key), format: 'latex' }, new MemoryLibrary(many));
    assert.ok(model.bodies.length > 0);
    assert.ok(!model.bodies.some((b) => b.messages.some((m) => /Answer with JSON only/.test(m.content))), 'no grouping request is sent');
    assert.ok(draft.flags!.some((f) => /^plan: the model's grouping was not used \(the titles of the 150 works alone do not fit the model's context\)/.test(f)), draft.flags!.join('\n'));
  });

  it('does not ask for a plan for six works or fewer', async () => {
    model.replies = [citesAll, citesAll];
    await engine().draft({ keys: KEYS.slice(0, 6), format: 'latex' }, library);
    assert.ok(!model.bodies.some((b) => b.messages.some((m) => /Answer with JSON only/.test(m.content))));
  });
});

describe('neural: reading the model\'s plan', () => {
  const works = EIGHT.map((paper, i) => ({ placeholder: `[W${i + 1}]`, paper }));
  const groups = (...gs: { name: string; works: string[] }[]) => JSON.stringify({ groups: gs });
  const half = (from: number) => Array.from({ length: 4 }, (_, i) => `[W${from + i}]`);

  it('accepts a plan in a code fence after some thinking, and placeholders written as W3 or [w 3]', () => {
    const plan = readModelPlan(`<think>hmm</think>\n\`\`\`json\n${groups({ name: 'A', works: ['W1', '[w 2]', '[W3]', '[W4]'] }, { name: 'B', works: half(5) })}\n\`\`\``, works);
    assert.ok(plan.ok);
    assert.deepEqual(plan.groups.map((g) => g.papers.map((p) => p.key)), [['tide0', 'tide1', 'tide2', 'tide3'], ['bee0', 'bee1', 'bee2', 'bee3']]);
  });

  for (const [what, reply, reason] of [
    ['not JSON', 'Group 1: W1 to W4. Group 2: the rest.', 'the reply is not a JSON object with "groups"'],
    ['an unknown placeholder', groups({ name: 'A', works: [...half(1), '[W9]'] }, { name: 'B', works: half(5) }), '[W9] is not a work given'],
    ['one group for eight works', groups({ name: 'All', works: [...half(1), ...half(5)] }), 'one group for 8 works'],
    ['a group without a name', groups({ name: ' ', works: half(1) }, { name: 'B', works: half(5) }), 'group 1 has no name'],
    ['a name that is a sentence', groups({ name: 'Works that forecast the tides of harbours from the records of gauges', works: half(1) }, { name: 'B', works: half(5) }), 'the name of group 1 is not short ("Works that forecast the tides of…")'],
  ] as const) {
    it(`refuses ${what}`, () => {
      const plan = readModelPlan(reply, works);
      assert.equal(plan.ok, false);
      assert.equal(!plan.ok && plan.reason, reason);
    });
  }

  it('asks nothing when the titles alone do not fit', () => {
    const size = (m: { content: string }[]) => m.reduce((n, x) => n + x.content.length, 0);
    assert.equal(groupingMessages(works, 2, undefined, (m) => size(m) <= 300), undefined);
  });

  it('fits the plan prompt to a small context by shortening abstracts, never dropping a work or its title', () => {
    const long = works.map((w) => ({ ...w, paper: { ...w.paper, abstract: `${w.paper.abstract} ${'The records span many harbours and many years of observation. '.repeat(6)}` } }));
    const size = (m: { content: string }[]) => m.reduce((n, x) => n + x.content.length, 0);
    const whole = size(groupingMessages(long, 2, undefined, () => true)!);
    const fitted = groupingMessages(long, 2, undefined, (m) => size(m) <= 2400)!;
    assert.ok(whole > 2400, `the whole prompt is ${whole} characters`);
    assert.ok(size(fitted) <= 2400, `fitted: ${size(fitted)} characters`);
    const prompt = fitted.map((m) => m.content).join('\n');
    for (const w of long) assert.ok(prompt.includes(`${w.placeholder}: "${w.paper.title}"`), `${w.placeholder} and its title stay`);
    assert.match(prompt, /We forecast tide tables harbour levels/, 'the first sentences of the abstracts stay longest');
  });
});

describe('neural: a paragraph re-ask fitted to the context', () => {
  const works = EIGHT.slice(0, 2).map((paper, i) => ({ placeholder: `[W${i + 1}]`, paper }));
  const size = (m: { content: string }[]) => m.reduce((n, x) => n + x.content.length, 0);
  const longQuote = 'Harbour tide levels are forecast from many years of gauge records with harmonic analysis. '.repeat(8).trim();
  const reasons = [`the sentence "${longQuote}" describes [W2], not [W1]: [W2] says "${longQuote}"; [W1] says "${longQuote}"`, `the sentence "${longQuote}" gives 91%, which the text of [W1] does not hold`];
  const input = { works, index: 0, otherSubjects: [], words: 120, reasons };

  it('shortens the quoted sentences and evidence of the reasons until the prompt fits, keeping the re-ask', () => {
    const whole = size(paragraphMessages(input, () => true));
    const limit = whole - 1500;
    const fitted = paragraphMessages(input, (m) => size(m) <= limit);
    assert.ok(size(fitted) <= limit, `fitted: ${size(fitted)} of ${limit} characters (whole: ${whole})`);
    const prompt = fitted.map((m) => m.content).join('\n');
    assert.match(prompt, /Your paragraph had these problems:\n- the sentence "Harbour tide levels are forecast[^"]*…" describes \[W2\], not \[W1\]/);
  });
});
