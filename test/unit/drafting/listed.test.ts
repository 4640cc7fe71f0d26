import { strict as assert } from 'assert';
import { DefaultEngine } from '../../../src/core/engines';
import { MemoryLibrary } from '../../../src/core/engine/memory-library';
import { contributionClause, listedClauses, seeAlsoSentence } from '../../../src/core/drafting/listed';
import type { WorkPlan } from '../../../src/core/drafting/plan';
import type { PaperRecord } from '../../../src/core/types';

const record = (key: string, abstract: string): PaperRecord => ({ key, type: 'article', title: '', authors: [], abstract });
/** A work as the planner ranks it: its sentences, best first. */
const work = (key: string, ...sentences: string[]): WorkPlan =>
  ({ record: record(key, sentences.join(' ')), options: sentences.map((text, index) => ({ source: { text, section: 'abstract', index } })), chosen: [], groupedOnly: true }) as unknown as WorkPlan;

describe('listed works said in short clauses of one sentence, not only listed', () => {
  it('takes the object of what the work says it contributes, past its brackets and dashes', () => {
    assert.equal(contributionClause(work('a', 'Tides matter to pilots.', 'We introduce a harmonic filter for tide gauges (HFT) -- a filter with ten constituents.'))?.clause, 'introduced a harmonic filter for tide gauges');
    // "a new method" names nothing: what it is for is kept (and "new", the authors' praise, goes).
    assert.equal(contributionClause(work('b', 'In this paper, we propose a new method to merge gauge records, which is fast.'))?.clause, 'proposed a method to merge gauge records');
  });

  it('reads the contribution past a purpose opener that points back ("To address this limitation, we present …")', () => {
    assert.equal(
      contributionClause(work('e', 'Gauges drift in silted wells.', 'To address this limitation, we present a self-levelling radar gauge for silted harbours.'))?.clause,
      'presented a self-levelling radar gauge',
    );
    assert.equal(contributionClause(work('f', 'To this end, we introduce a drift model of gauge wells.'))?.clause, 'introduced a drift model of gauge wells');
    // Any opener is not a purpose: "Finally, we illustrate …" tells a side detail (and "illustrate" states no contribution).
    assert.equal(contributionClause(work('g', 'Finally, we illustrate the filter with gauge records of one harbour.')), undefined);
  });

  it('says nothing of a work whose object points at what its abstract said before ("this problem")', () => {
    assert.equal(contributionClause(work('c', 'We propose a solution to this problem.', 'Gauges drift.')), undefined);
    assert.equal(contributionClause(work('d', 'Gauges drift by four centimetres a year.')), undefined);
  });

  it('says nothing of a work whose object names only a kind of thing or stops on an adjective', () => {
    assert.equal(contributionClause(work('h', 'We propose a new technique, which corrects drift in silted gauge wells.')), undefined);
    assert.equal(contributionClause(work('j', 'We develop several important extensions, which are cheap.')), undefined);
    assert.equal(contributionClause(work('i', 'We develop a framework for learning generic, expressive priors of tide records.')), undefined);
  });

  it('joins the clauses in one sentence and leaves the rest for the list', () => {
    const { sentences: [sentence], rest } = listedClauses(
      [work('a', 'We introduce a harmonic filter for tide gauges.'), work('d', 'Gauges drift by four centimetres a year.'), work('b', 'We present a levelling survey of harbour datums.')],
      'cite',
    );
    assert.equal(sentence?.text, '\\cite{a} introduced a harmonic filter for tide gauges and \\cite{b} presented a levelling survey of harbour datums.');
    assert.deepEqual(sentence?.keys, ['a', 'b']);
    assert.deepEqual(rest.map((w) => w.record.key), ['d']);
  });

  it('a draft too short for a sentence on every work says what a listed work proposes instead of "See also"', async () => {
    const lib = new MemoryLibrary([
      record('a', 'We present a gauge network for harbour tide forecasting. The gauges report every ten minutes to a central server over radio links in all weathers.'),
      record('b', 'Harbour tide forecasting from harmonic constituents fitted to gauge records of ten years is accurate to two centimetres in calm weather.'),
      record('c', 'We propose a storm surge correction for harbour tide forecasting from wind records. The correction halves the error of harmonic forecasts in storms.'),
      record('d', 'Tide gauges in silted harbours drift by four centimetres a year as silt builds up in their wells, which biases harbour tide forecasting.'),
      record('e', 'We introduce a radar tide gauge for harbour tide forecasting on piers. Spray makes its readings noisy in winter storms at sea.'),
    ]);
    const own = 'We propose harbour tide forecasting from crowd-sourced buoy logs with a small recurrent network.';
    const draft = await engine().draft({ keys: ['a', 'b', 'c', 'd', 'e'], ownAbstract: own, targetWords: 40, format: 'latex' }, lib);
    assert.match(draft.text, /\\cite\{c\} proposed a storm surge correction/, draft.text);
    const listed = /See also ([^.]*)\.|includes ([^.]*)\./.exec(draft.text);
    for (const key of ['a', 'c', 'e']) assert.ok(!listed || !(listed[1] ?? listed[2]).includes(`{${key}`) && !(listed[1] ?? listed[2]).includes(`,${key}`), draft.text);
  });

  it('says a listed work whose abstract states its contribution in a long sentence in a clause of it, not "See also"', async () => {
    const lib = new MemoryLibrary([
      record('a', 'We present a gauge network for harbour tide forecasting. The gauges report every ten minutes to a central server over radio links in all weathers.'),
      record('c', 'We propose a storm surge correction for harbour tide forecasting from wind records. The correction halves the error of harmonic forecasts in storms.'),
      record('e', 'We introduce a radar tide gauge for harbour tide forecasting on piers. Spray makes its readings noisy in winter storms at sea.'),
      record(
        'd',
        'Silt builds up in the wells of harbour tide gauges every winter. We study the drift of harbour tide gauges in silted wells over ten winters: how silt raises the float and biases harbour tide forecasting.',
      ),
    ]);
    const own = 'We propose harbour tide forecasting from crowd-sourced buoy logs with a small recurrent network.';
    const draft = await engine().draft({ keys: ['a', 'c', 'e', 'd'], ownAbstract: own, targetWords: 40, format: 'latex' }, lib);
    const listed = [...draft.text.matchAll(/(?:See also|includes) ([^.]*)\./g)].map((m) => m[1]).join(' ');
    assert.doesNotMatch(listed, /[{,]d[,}]/, draft.text);
    assert.match(draft.text, /\\cite\{d\} studied the drift of harbour tide gauges in silted wells/, draft.text);
  });

  it('says works in clauses compressed from their sentences only while the words past the fitted length last', () => {
    // A work as the draft would write its sentence: "\cite{a} studied …" (no "we propose X" of a few words in its source).
    const written = (key: string, text: string): WorkPlan =>
      ({ record: record(key, text), options: [{ source: { text, section: 'abstract', index: 0 }, text, score: 0 }], chosen: [], groupedOnly: true }) as unknown as WorkPlan;
    const works = [
      written('a', '\\cite{a} studied the drift of tide gauges in silted wells over ten winters, which biases forecasts.'),
      written('b', '\\cite{b} mapped how harbour pilots correct tide tables for wind, to plan passages.'),
    ];
    const budget = { words: 14 };
    const { sentences, rest } = listedClauses(works, 'cite', budget);
    assert.deepEqual(sentences.map((x) => x.text), ['\\cite{a} studied the drift of tide gauges in silted wells over ten winters.']);
    assert.deepEqual(rest.map((w) => w.record.key), ['b']);
    assert.equal(budget.words, 2);
    // Without a budget (as the length stages count a draft), neither is said in a clause.
    assert.deepEqual(listedClauses(works, 'cite').rest.map((w) => w.record.key), ['a', 'b']);
  });

  it('says at most four listed works of a group in clauses within the fitted length, the others from the budget', () => {
    const works = ['a', 'b', 'c', 'd', 'e', 'f'].map((k) => work(k, `We propose a tide filter for harbour ${k} gauges.`));
    const within = listedClauses(works, 'cite');
    assert.deepEqual(within.sentences.flatMap((x) => x.keys), ['a', 'b', 'c', 'd']);
    assert.deepEqual(within.rest.map((w) => w.record.key), ['e', 'f']);
    const budget = { words: 100 };
    assert.deepEqual(listedClauses(works, 'cite', budget).rest, []);
    assert.ok(budget.words < 100, 'the fifth and sixth clauses took their words from the budget');
  });

  it('"See also" names what a work known by its title alone is about, while the words allow', () => {
    const titled = { record: { key: 't', type: 'book', title: 'Tide Tables of the {Severn} Estuary.', authors: [] }, options: [], chosen: [], groupedOnly: true, titleOnly: { text: '', keys: ['t'], sources: [], role: 'work' } } as unknown as WorkPlan;
    const bare = { record: { key: 'n', type: 'misc', title: '', authors: [] }, options: [], chosen: [], groupedOnly: true } as unknown as WorkPlan;
    assert.equal(seeAlsoSentence([titled, bare], 'cite', { words: 20 })?.text, 'See also \\cite{n} and “Tide Tables of the Severn Estuary” \\cite{t}.');
    // As the length stages count it, and where the words are spent: the citations only.
    assert.equal(seeAlsoSentence([titled, bare], 'cite')?.text, 'See also \\cite{t,n}.');
    assert.equal(seeAlsoSentence([titled, bare], 'cite', { words: 3 })?.text, 'See also \\cite{t,n}.');
  });
});

const engine = () => new DefaultEngine();
