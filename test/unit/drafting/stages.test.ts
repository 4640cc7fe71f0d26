import { strict as assert } from 'assert';
import shippedModel from '../../../resources/models/sentence-scorer.json';
import { LinearScorer, type LinearModel } from '../../../src/core/engine/scorer';
import { MemoryLibrary } from '../../../src/core/engine/memory-library';
import { type DraftState, gatherRecords, measureWorks } from '../../../src/core/drafting/draft-state';
import { rankWorkSentences } from '../../../src/core/drafting/work-sentences';
import { chooseContrasts, foldWorksWithNothingNew, groupWorks } from '../../../src/core/drafting/groups';
import { growToTarget, restoreListedWorks, shortenToFit, startLengthFit } from '../../../src/core/drafting/length';
import { composeParagraphs } from '../../../src/core/drafting/compose';
import { paragraphWords } from '../../../src/core/drafting/fit';
import { LENGTH_TOLERANCE, MAX_SENTENCES_PER_WORK, termVectors } from '../../../src/core/drafting/plan';
import { allTopicSentences } from '../../../src/core/drafting/topics';
import { writeDraft } from '../../../src/core/drafting';
import { planParagraphs } from '../../../src/core/neural/writer-engine';
import type { DraftRequest, PaperLookup, PaperRecord } from '../../../src/core/types';
import { OWN_ABSTRACT, sampleLibrary, sampleRecords } from '../../support/engine-records';

const scorer = new LinearScorer(shippedModel as LinearModel);

/** The stages writeDraft runs, up to the length fitting, on the sample library. */
async function plannedDraft(req: DraftRequest, library: PaperLookup = sampleLibrary()): Promise<DraftState> {
  const { records } = gatherRecords(req, library);
  const draft = await measureWorks(req, { library, scorer }, records);
  draft.works = rankWorkSentences(draft);
  draft.groups = groupWorks(draft);
  foldWorksWithNothingNew(draft.groups);
  chooseContrasts(draft);
  return draft;
}

const words = (draft: DraftState) => paragraphWords(draft.groups, allTopicSentences(draft.groups, draft.syntax), draft.syntax);
const writtenWorks = (draft: DraftState) => draft.groups.flatMap((g) => g.works).filter((w) => !w.groupedOnly && w.chosen.length > 0);

describe('drafting stages: gathering the works', () => {
  it('asks for each key once, and lists a key the library lists but cannot read as unknown, after those it does not know', () => {
    const [first, second] = sampleRecords();
    const library: PaperLookup = {
      hasKey: (k) => k === first.key || k === 'gone2020',
      getPaper: (k) => (k === first.key ? first : undefined),
    };
    const { records, unknownKeys } = gatherRecords({ keys: [` ${first.key}`, first.key, 'gone2020', second.key, ''], format: 'latex' }, library);
    assert.deepEqual(records.map((r) => r.key), [first.key]);
    assert.deepEqual(unknownKeys, [second.key, 'gone2020']);
  });

  it('writes an empty draft, not an error, when no key is in the library', async () => {
    const draft = await writeDraft({ keys: ['ghost2099'], format: 'latex' }, { library: sampleLibrary(), scorer });
    assert.deepEqual({ text: draft.text, unknownKeys: draft.unknownKeys, citedKeys: draft.citedKeys }, { text: '', unknownKeys: ['ghost2099'], citedKeys: [] });
  });
});

describe('drafting stages: measuring and planning', () => {
  it('measures the author abstract with the works, and without one gives no focus vector', async () => {
    const keys = sampleRecords().map((r) => r.key);
    const withOwn = await measureWorks({ keys, ownAbstract: OWN_ABSTRACT, format: 'latex' }, { library: sampleLibrary(), scorer }, sampleRecords());
    const without = await measureWorks({ keys, format: 'latex' }, { library: sampleLibrary(), scorer }, sampleRecords());
    assert.ok(withOwn.ownVector && withOwn.ownVector.size > 0);
    assert.equal(without.ownVector, undefined);
    // "translation" is written by the author's abstract too: it weighs less among the works once the abstract counts.
    assert.ok(withOwn.model.idf('translation') < without.model.idf('translation'));
  });

  it('gives the model engines the default draft\'s topic groups (one planner, not two)', async () => {
    const records = sampleRecords();
    const keys = records.map((r) => r.key);
    const draft = await plannedDraft({ keys, format: 'latex' });
    const defaultGroups = draft.groups.map((g) => g.works.map((w) => w.record.key).sort()).sort();
    const modelGroups = (await planParagraphs(records, { targetWords: draft.targetWords })).map((g) => g.papers.map((p) => p.key).sort()).sort();
    assert.ok(defaultGroups.length >= 2, 'the sample library should make more than one topic');
    assert.deepEqual(modelGroups, defaultGroups);
  });

  it('termVectors: a work sharing the author\'s words is the closer one', () => {
    const { vectors, own } = termVectors(['Ferry timetables for island ports.', 'Grammar of Old Norse verbs.', 'Tidal charts.'], 'We plan ferry timetables between ports.');
    const cos = (i: number) => [...vectors[i]].reduce((n, [t, w]) => n + w * (own!.get(t) ?? 0), 0);
    assert.ok(cos(0) > 0 && cos(1) === 0);
  });
});

describe('drafting stages: fitting the length', () => {
  it('too long: shortens, folds the weakest works, and still writes a sentence in every paragraph', async () => {
    const keys = sampleRecords().map((r) => r.key);
    const draft = await plannedDraft({ keys, ownAbstract: OWN_ABSTRACT, targetWords: 60, format: 'latex' });
    const fit = startLengthFit(draft);
    const before = words(draft);
    shortenToFit(draft, fit);
    assert.ok(words(draft) < before, `${words(draft)} words, ${before} before`);
    assert.equal(fit.hi, 60 * (1 + LENGTH_TOLERANCE));
    for (const g of draft.groups) assert.ok(g.works.some((w) => !w.groupedOnly), 'a paragraph without a grounded sentence');
  });

  it('too short: works get further sentences, never more than MAX_SENTENCES_PER_WORK', async () => {
    const keys = sampleRecords().map((r) => r.key);
    const draft = await plannedDraft({ keys, ownAbstract: OWN_ABSTRACT, targetWords: 2000, format: 'latex' });
    const fit = startLengthFit(draft);
    shortenToFit(draft, fit);
    restoreListedWorks(draft, fit);
    const before = writtenWorks(draft).reduce((n, w) => n + w.chosen.length, 0);
    growToTarget(draft, fit);
    const after = writtenWorks(draft).reduce((n, w) => n + w.chosen.length, 0);
    assert.ok(after > before, `${after} sentences, ${before} before`);
    assert.ok(writtenWorks(draft).every((w) => w.chosen.length <= MAX_SENTENCES_PER_WORK));
  });

  it('composes one paragraph per group citing each written work once it has a sentence', async () => {
    const keys = sampleRecords().map((r) => r.key);
    const draft = await plannedDraft({ keys, ownAbstract: OWN_ABSTRACT, targetWords: 300, format: 'latex' });
    const fit = startLengthFit(draft);
    shortenToFit(draft, fit);
    restoreListedWorks(draft, fit);
    growToTarget(draft, fit);
    const paragraphs = composeParagraphs(draft);
    assert.equal(paragraphs.length, draft.groups.length);
    const cited = new Set(paragraphs.flatMap((p) => p.sentences.filter((s) => s.role === 'work').flatMap((s) => s.keys)));
    for (const w of writtenWorks(draft)) assert.ok(cited.has(w.record.key), `${w.record.key} has no sentence`);
  });
});

describe('drafting stages: a listed-only work', () => {
  it('is flagged when the length leaves it no sentence of its own (a title-only work has its own flag)', async () => {
    const records: PaperRecord[] = sampleRecords().filter((r) => r.abstract);
    const draft = await writeDraft({ keys: records.map((r) => r.key), targetWords: 40, format: 'latex' }, { library: new MemoryLibrary(records), scorer });
    for (const key of draft.listedOnly ?? []) assert.ok(draft.flags?.some((f) => f.startsWith(`${key}: only listed`)), key);
    assert.ok((draft.listedOnly ?? []).length > 0, 'a 40-word draft of the sample library lists some works only');
  });
});
