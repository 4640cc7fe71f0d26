// Evaluation on public data sets, as `citescribe eval` runs it: the default engine against LEAD, EXT-HEURISTIC,
// TextRank and oracles in the same run, ROUGE without stemming (max over references) after removing citation
// markers from both sides, plus citation F1 / coverage / outside-input citations for related-work drafts.
import { citationCoverage, rougeScores, stripCitationMarkers } from '../metrics';
import type { CitationStyle, PaperRecord } from '../types';
import { splitSentences } from '../text/sentences';
import { wordCount } from '../text/tokens';
import { greedyOracleRelatedWork, heuristicSentence, leadRelatedWork, leadSentence, oracleSentence, textRankRelatedWork, type CitedDocument } from '../engine/baselines';
import { sourceDocumentFromSentences, sourceDocument } from '../engine/candidates';
import { plainText } from '../text/plain';
import { writeCitationSentence } from '../engine/citation';
import { measureDraft, writeDraft, type DraftMeasures } from '../drafting';
import { MemoryLibrary } from '../engine/memory-library';
import { stripForeignNumberedCitations } from '../rewrite';
import type { LinearScorer } from '../engine/scorer';

export interface RougeTriple {
  rouge1: number;
  rouge2: number;
  rougeL: number;
}

type CitationDatasetKind = 'scitldr' | 'scisummnet';

export interface CitationEvalItem {
  id: string;
  record: PaperRecord;
  /** Sentences to extract from (pre-split for SciTLDR, split by us for ScisummNet). */
  sentences: string[];
  references: string[];
}

/** SciTLDR lines have `source` (sentences) and `target`; ScisummNet lines have `abstract`, `title`, `citances`. */
export function parseCitationDataset(text: string): { kind: CitationDatasetKind; items: CitationEvalItem[] } {
  const rows = text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  if (rows.length === 0) throw new Error('the data file has no lines');
  const first = rows[0];
  if (Array.isArray(first.source)) {
    const items = rows.map((r) => {
      const id = String(r.paper_id);
      const sentences = datasetSentences(r.source as string[]);
      return {
        id,
        record: { key: id, type: 'article', title: String(r.title ?? ''), authors: [], abstract: sentences.join(' ') },
        sentences,
        references: (r.target as string[]) ?? [],
      };
    });
    return { kind: 'scitldr', items };
  }
  if (typeof first.abstract === 'string' && Array.isArray(first.citances)) {
    const items = rows.map((r) => {
      const id = String(r.paper_id);
      const abstract = plainText(String(r.abstract ?? ''));
      return {
        id,
        record: { key: id, type: 'article', title: String(r.title ?? ''), authors: [], abstract },
        sentences: splitSentences(abstract),
        references: (r.citances as Array<{ text: string }>).map((c) => c.text).filter(Boolean),
      };
    });
    return { kind: 'scisummnet', items };
  }
  throw new Error('unrecognised data: expected SciTLDR lines (source, target) or ScisummNet lines (abstract, citances)');
}

/**
 * SciTLDR ships abstracts as sentence lists; a few were split at PDF line breaks ("This paper proposes a new" |
 * "architecture to …"), and some items hold two sentences. Those lists are joined and re-split with our splitter;
 * in the others each item is split again where it holds more than one sentence. Every system of the run (ours and
 * the baselines) reads the same sentences.
 */
export function datasetSentences(source: readonly string[]): string[] {
  const cleaned = source.map((s) => plainText(s.replace(/\s*\n\s*/g, ' ')));
  const broken = cleaned.some((s, i) => i < cleaned.length - 1 && !/[.!?:;]["')\]]?$/.test(s));
  return broken ? splitSentences(cleaned.join(' ')) : cleaned.flatMap((s) => splitSentences(s));
}

/** What the evaluations strip from predictions and references alike: numbered and author-year citation markers. */
export const EVAL_MARKER_STRIP = { numbered: true, authorYear: true } as const;
const STRIP = EVAL_MARKER_STRIP;

function addRouge(acc: RougeTriple, prediction: string, references: readonly string[]): void {
  const refs = references.map((r) => stripCitationMarkers(r, STRIP)).filter((r) => r.trim());
  if (!refs.length) return;
  const r = rougeScores(stripCitationMarkers(prediction, STRIP), refs, { types: ['rouge1', 'rouge2', 'rougeL'] as const });
  acc.rouge1 += r.rouge1.f;
  acc.rouge2 += r.rouge2.f;
  acc.rougeL += r.rougeL.f;
}

function percent(acc: RougeTriple, n: number): RougeTriple {
  const k = n ? 100 / n : 0;
  return { rouge1: acc.rouge1 * k, rouge2: acc.rouge2 * k, rougeL: acc.rougeL * k };
}

const zero = (): RougeTriple => ({ rouge1: 0, rouge2: 0, rougeL: 0 });

interface CitationEvalResult {
  dataset: CitationDatasetKind;
  style: CitationStyle;
  papers: number;
  /** Mean F1 × 100 per system. */
  systems: Record<'default' | 'lead' | 'ext-heuristic' | 'oracle', RougeTriple>;
  predictions: Array<{ id: string; prediction: string }>;
}

export function evaluateCitationSentences(items: readonly CitationEvalItem[], kind: CitationDatasetKind, style: CitationStyle, scorer: LinearScorer): CitationEvalResult {
  const acc = { default: zero(), lead: zero(), 'ext-heuristic': zero(), oracle: zero() };
  const predictions: Array<{ id: string; prediction: string }> = [];
  let n = 0;
  for (const item of items) {
    if (!item.references.length) continue;
    n++;
    const doc = kind === 'scitldr' ? sourceDocumentFromSentences(item.sentences, item.record.title) : sourceDocument(item.record);
    const ours = doc.grounded
      ? writeCitationSentence(item.record, scorer, { style, syntax: 'cite' }, doc)
      : writeCitationSentence(item.record, scorer, { style, syntax: 'cite' });
    predictions.push({ id: item.id, prediction: ours.text });
    addRouge(acc.default, ours.text, item.references);
    addRouge(acc.lead, leadSentence(item.sentences), item.references);
    addRouge(acc['ext-heuristic'], heuristicSentence(item.sentences), item.references);
    addRouge(acc.oracle, oracleSentence(item.sentences, item.references.map((r) => stripCitationMarkers(r, STRIP))), item.references);
  }
  return {
    dataset: kind,
    style,
    papers: n,
    systems: {
      default: percent(acc.default, n),
      lead: percent(acc.lead, n),
      'ext-heuristic': percent(acc['ext-heuristic'], n),
      oracle: percent(acc.oracle, n),
    },
    predictions,
  };
}

export interface RelatedWorkItem {
  target: string;
  input: string[];
}

export interface RelatedWorkSystemFigures extends RougeTriple {
  citationF1: number;
  coverage: number;
  outsideCitations: number;
}

/**
 * How the default engine's drafts read, summed over the items (see drafting/measures): the works described in a
 * sentence of their own, overall and on the items whose gold paragraph holds a sentence for each work.
 */
export interface RelatedWorkReading extends Omit<DraftMeasures, 'maxSentencesOnOneWork'> {
  /** Items whose gold paragraph has at least WORDS_PER_DESCRIBED_WORK words per grounded work, and their figures. */
  roomyItems: number;
  roomyGrounded: number;
  roomyDescribed: number;
  /** The most sentences on one work, in any draft. */
  maxSentencesOnOneWork: number;
}

/** Words a gold paragraph needs per work to hold a sentence on each (a citation sentence is about 25 words). */
export const WORDS_PER_DESCRIBED_WORK = 25;

interface RelatedWorkEvalResult {
  examples: number;
  systems: Record<'default' | 'lead' | 'textrank' | 'oracle', RelatedWorkSystemFigures>;
  reading: RelatedWorkReading;
  predictions: Array<{ id: number; prediction: string }>;
}

/**
 * One CiteBench item as a drafting task: the cited abstracts become library entries keyed '0', '1', … (cited in the
 * gold paragraph as [0], [1], …), input[0] is the author's abstract, the target length is the gold paragraph's.
 */
export function relatedWorkTask(item: RelatedWorkItem): { keys: string[]; records: PaperRecord[]; library: MemoryLibrary; ownAbstract: string; targetWords: number } {
  const cited = item.input.slice(1);
  const keys = cited.map((_, i) => String(i));
  const records: PaperRecord[] = cited.map((abstract, i) => ({ key: keys[i], type: 'article', title: '', authors: [], abstract: plainText(abstract) }));
  return { keys, records, library: new MemoryLibrary(records), ownAbstract: plainText(item.input[0] ?? ''), targetWords: wordCount(item.target) };
}

/** `\cite{0,2}` → `[0, 2]`: CiteBench's numbered markers. */
export function latexCitesToNumbered(text: string): string {
  return text.replace(/\\cite[tp]?\{([^}]*)\}/g, (_m, keys: string) => `[${keys.split(',').map((k) => k.trim()).join(', ')}]`);
}

export async function evaluateRelatedWork(items: readonly RelatedWorkItem[], scorer: LinearScorer): Promise<RelatedWorkEvalResult> {
  const systems = ['default', 'lead', 'textrank', 'oracle'] as const;
  const sums = Object.fromEntries(systems.map((s) => [s, { ...zero(), citationF1: 0, coverage: 0, outsideCitations: 0 }])) as Record<(typeof systems)[number], RelatedWorkSystemFigures>;
  const predictions: Array<{ id: number; prediction: string }> = [];
  const reading: RelatedWorkReading = {
    grounded: 0, described: 0, topicSentences: 0, unsharedTopics: 0, ownOutsideContrast: 0, maxSentencesOnOneWork: 0,
    roomyItems: 0, roomyGrounded: 0, roomyDescribed: 0,
  };
  let n = 0;
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    const cited = item.input.slice(1);
    if (!cited.length) continue;
    n++;
    const { keys, records, library, ownAbstract, targetWords } = relatedWorkTask(item);
    const target = item.target;
    const draft = await writeDraft({ keys, ownAbstract, targetWords, format: 'latex', syntax: 'cite' }, { library, scorer });
    const m = measureDraft(draft, records.map((r) => ({ key: r.key, text: r.abstract ?? '' })), ownAbstract);
    for (const f of ['grounded', 'described', 'topicSentences', 'unsharedTopics', 'ownOutsideContrast'] as const) reading[f] += m[f];
    reading.maxSentencesOnOneWork = Math.max(reading.maxSentencesOnOneWork, m.maxSentencesOnOneWork);
    if (targetWords >= WORDS_PER_DESCRIBED_WORK * m.grounded) {
      reading.roomyItems++;
      reading.roomyGrounded += m.grounded;
      reading.roomyDescribed += m.described;
    }
    const ours = latexCitesToNumbered(draft.text.replace(/\\subsection\{[^}]*\}\n/g, ''));
    predictions.push({ id: index, prediction: ours });
    // The baselines read the cited abstracts as our engine does: a cited paper's own "[10, 14]" points into its
    // bibliography, and copied into the paragraph it would read as a citation of input work 10.
    const docs: CitedDocument[] = records.map((r) => ({ marker: `[${r.key}]`, sentences: splitSentences(r.abstract ?? '').map(stripForeignNumberedCitations) }));
    const outputs = {
      default: ours,
      lead: leadRelatedWork(docs),
      textrank: textRankRelatedWork(docs, targetWords),
      oracle: greedyOracleRelatedWork(docs, stripCitationMarkers(target, STRIP)),
    };
    for (const s of systems) {
      const out = outputs[s];
      addRouge(sums[s], out, [target]);
      const cov = citationCoverage(out, target, { language: 'latex', numbering: keys, library: new Set(keys), requestedKeys: keys });
      sums[s].citationF1 += cov.set.f1;
      sums[s].coverage += keys.length ? (keys.length - cov.forgottenKeys.length) / keys.length : 1;
      sums[s].outsideCitations += cov.unknownKeys.length + cov.unmappedNumbers.length;
    }
  }
  const result = {} as Record<(typeof systems)[number], RelatedWorkSystemFigures>;
  for (const s of systems) {
    const p = percent(sums[s], n);
    result[s] = { ...p, citationF1: n ? sums[s].citationF1 / n : 0, coverage: n ? sums[s].coverage / n : 0, outsideCitations: sums[s].outsideCitations };
  }
  return { examples: n, systems: result, reading, predictions };
}
