// "Does this sentence describe the work it cites, or another work of its paragraph?" Each work of the paragraph gets a
// fit: today's support score (check.ts) plus what it says of the sentence beside the other works: the sentence's
// two-word phrases only it holds ("hidden states" in one abstract of five), BM25 with word counts, rare title words.
// Weights and thresholds are trained held-out by scripts/train-attribution.ts (attribution-model.ts). Words only one
// work holds, one at a time, were tried and earned no weight: on ScisummNet a paragraph's works are the cited paper's
// nearest neighbours, so the words that identify it are shared with them. The verdict: misattributed when another
// work's fit beats the cited one's by a margin; unsupported when every work of the paragraph is far behind the
// library's best work for the sentence (it describes some other work); weak when only the cited one is. Whether a
// work says the sentence at all is one trained score of its support, reach and distance to the library's best
// (saysScore): weak below a threshold, unsupported when every work of the paragraph is.
import type { Author } from '../types';
import { stripCitationMarkers } from './citance';
import { queryTerms } from '../text/tokens';
import { prepareQuery, type Evidence, type PreparedQuery, type PreparedWork, type Rarity } from './features';
import { CANDIDATES, MAX_SENTENCE_CHARS, preparedWork, queryRarity, suggestCitations, supportFromScore, type Suggestion } from './suggest';
import { supportOf, type CheckLibrary } from './check';
import { ATTRIBUTION_MODEL, type AttributionModel } from './attribution-model';
import { spelledOut } from './acronyms';
import { escapeRegExp } from '../text/regexp';

/** Sentences of a linked PDF read for a work that has no abstract. */
const PDF_SENTENCES_READ = 30;

/** Where `reach` is among the features. */
export const REACH_FEATURE = 6;

export type AttributionVerdict = 'supported' | 'weak' | 'misattributed' | 'unsupported' | 'title-only' | 'not-in-library' | 'no-sentence';

export const GROUP_FEATURE_NAMES = ['support', 'distinctive', 'distinctiveEvidence', 'distinctiveNames', 'distinctiveBigrams', 'distinctiveTitle', 'bm25InGroup', 'titleRarity'] as const;

/** How one work of the paragraph fits the sentence. */
export interface WorkFit {
  key: string;
  /** Today's library-wide support (0–1), as Check Citations reports it without a paragraph. */
  support: number;
  /**
   * How much of the sentence the work says on its own: BM25 of the sentence's words over the work, weighted by their
   * rarity in the library, over 10. 0 when they share no content word. Below the model's thresholds: unsupported
   * (every work of the paragraph) or weak (the cited one).
   */
  reach: number;
  /**
   * How far this work's support score is behind the best work of the whole library for the sentence (0 when it is the
   * best): a sentence that another work of the library says far better than any of the paragraph's is not theirs.
   */
  behindLibrary: number;
  /** The group-aware score: comparable between the works of one paragraph only. */
  fit: number;
  features: number[];
  evidence: Evidence;
  /** Words of the sentence this work alone (of the paragraph) holds: what makes it the one described. */
  distinctive: string[];
  /** The cosine of the sentence's and the work's embeddings, only when an embedding model is set. */
  cosine?: number;
}

export interface Attribution {
  key: string;
  verdict: AttributionVerdict;
  support?: number;
  evidence?: Evidence;
  /** The work of the paragraph that fits clearly better (misattributed). */
  better?: { key: string; support: number; evidence: Evidence };
  /** Numbers, percentages and names of datasets or systems the sentence gives that the cited work's text does not hold. */
  unsupportedDetails?: string[];
  /** Every work of the paragraph with a text, best fit first. */
  fits?: WorkFit[];
}

/** One (sentence, paragraph) scored: each work's fit. Works absent from the library or known by title only are left out. */
export function groupFits(
  library: CheckLibrary,
  sentence: string,
  group: readonly string[],
  model: AttributionModel = ATTRIBUTION_MODEL,
  ranked?: readonly Suggestion[],
  cosines?: ReadonlyMap<string, number>,
): WorkFit[] {
  const text = stripCitationMarkers(sentence.slice(0, MAX_SENTENCE_CHARS));
  const query = prepareQuery(text);
  const rankedHere = ranked ?? suggestCitations(library, sentence, CANDIDATES);
  const works: { key: string; work: PreparedWork & CountedWork; score: number }[] = [];
  for (const key of new Set(group)) {
    const paper = library.getPaper(key);
    // A work with a PDF but no abstract is read by its first sentences; one with a title alone cannot be judged.
    const text = paper?.abstract ?? paper?.sections?.flatMap((s) => s.sentences.map((x) => x.text)).slice(0, PDF_SENTENCES_READ).join(' ');
    if (!paper || !text) continue;
    const prepared = preparedWork(library, { key, title: paper.title, abstract: text });
    works.push({ key, work: { ...prepared, ...countTerms(prepared.rawWork) }, score: supportOf(library, sentence, key, undefined, rankedHere) });
  }
  // The sentence's terms' rarities in one read, kept for the five loops over them per work (as a suggestion does).
  const rarity: Rarity = queryRarity(library, query.terms);
  const libraryBest = rankedHere[0]?.score ?? -Infinity;
  const meanLength = works.reduce((a, w) => a + w.work.length, 0) / (works.length || 1) || 1;
  return works
    .map(({ key, work, score }) => {
      const others = works.filter((w) => w.key !== key).map((w) => w.work);
      const { features, evidence, distinctive } = distinctiveFeatures(query, work, others, rarity, score, meanLength);
      const fit = features.reduce((a, x, i) => a + x * model.weights[i], 0);
      const cosine = cosines?.get(key);
      const behindLibrary = Math.max(0, libraryBest - score);
      return { key, support: supportFromScore(score), reach: features[REACH_FEATURE], behindLibrary, fit, features, evidence, distinctive, ...(cosine !== undefined && { cosine }) };
    })
    // Equal fits: the work nearer the sentence in meaning first, when an embedding model says which.
    .sort((a, b) => b.fit - a.fit || (b.cosine ?? 0) - (a.cosine ?? 0) || (a.key < b.key ? -1 : 1));
}

/** How often a work writes each of its words, and how many it writes: what BM25 needs beyond the sets of features.ts. */
interface CountedWork {
  termCounts: Map<string, number>;
  length: number;
}

function countTerms(text: string): CountedWork {
  const termCounts = new Map<string, number>();
  const words = queryTerms(text);
  for (const t of words) termCounts.set(t, (termCounts.get(t) ?? 0) + 1);
  return { termCounts, length: words.length };
}

const BM25_K1 = 1.2;
const BM25_B = 0.75;

/**
 * The features of one work against the others of its paragraph, in GROUP_FEATURE_NAMES order. A sentence word weighs
 * its rarity in the library times log(n / works of the paragraph that hold it): a word every work holds weighs nothing,
 * a word one of five holds weighs log 5.
 */
function distinctiveFeatures(
  query: PreparedQuery,
  work: PreparedWork & CountedWork,
  others: readonly PreparedWork[],
  rarity: Rarity,
  supportScore: number,
  meanLength: number,
): { features: number[]; evidence: Evidence; distinctive: string[] } {
  const n = others.length + 1;
  const weight = new Map<string, number>();
  let total = 0;
  for (const t of query.terms) {
    const heldByOthers = others.filter((o) => o.workSet.has(t)).length;
    if (work.workSet.has(t)) weight.set(t, rarity(t) * Math.log(n / (1 + heldByOthers)));
    total += rarity(t) * Math.log(n);
  }
  let shared = 0;
  const distinctive: string[] = [];
  for (const t of query.terms) {
    const w = weight.get(t) ?? 0;
    shared += w;
    if (w > 0 && !others.some((o) => o.workSet.has(t))) distinctive.push(t);
  }
  let bestOverlap = 0;
  let evidence = work.sentences[0].evidence;
  for (const s of work.sentences) {
    let hit = 0;
    for (const t of query.terms) if (s.terms.has(t)) hit += weight.get(t) ?? 0;
    if (hit > bestOverlap) [bestOverlap, evidence] = [hit, s.evidence];
  }
  const namesOnlyHere = query.namePatterns.filter((p) => p.test(work.rawWork) && !others.some((o) => p.test(o.rawWork))).length;
  let bigramsOnlyHere = 0;
  for (const b of query.bigrams) if (work.bigrams.has(b) && !others.some((o) => o.bigrams.has(b))) bigramsOnlyHere++;
  let titleOnlyHere = 0;
  for (const t of query.terms) if (work.titleSet.has(t) && !others.some((o) => o.titleSet.has(t))) titleOnlyHere += rarity(t);
  const norm = total || 1;
  // BM25 of the sentence over this work (library rarity, the paragraph's mean length): how much of it the work says,
  // counting words the work repeats, which the support score (sets of words) does not.
  let bm25 = 0;
  for (const t of query.terms) {
    const f = work.termCounts.get(t);
    if (f) bm25 += (rarity(t) * f * (BM25_K1 + 1)) / (f + BM25_K1 * (1 - BM25_B + (BM25_B * work.length) / meanLength));
  }
  let titleRarity = 0;
  for (const t of query.terms) if (work.titleSet.has(t)) titleRarity += rarity(t);
  return {
    evidence,
    distinctive,
    features: [
      Math.max(-15, Math.min(15, supportScore)),
      shared / norm,
      bestOverlap / norm,
      Math.min(2, namesOnlyHere),
      query.bigrams.size ? bigramsOnlyHere / query.bigrams.size : 0,
      titleOnlyHere / (total / Math.log(Math.max(2, n)) || 1),
      bm25 / 10,
      titleRarity / 10,
    ],
  };
}

/** The verdict on citing `key` for a sentence whose paragraph's works are scored in `fits` (groupFits). */
export function judgeFromFits(fits: readonly WorkFit[], key: string, model: AttributionModel = ATTRIBUTION_MODEL): Pick<Attribution, 'verdict' | 'support' | 'evidence' | 'better'> {
  const own = fits.find((f) => f.key === key);
  if (!own) return { verdict: 'title-only' };
  const base = { support: own.support, evidence: own.evidence };
  // Far behind: another work of the library says the sentence much better (by the support score) than this one.
  const farBehind = (f: WorkFit) => f.behindLibrary >= model.behindLibraryBy;
  const saysLittle = (f: WorkFit) => saysScore(f, fits, model) < model.saysBelow;
  // No work of the paragraph says what the sentence says: naming a "better" one would only move the error.
  if (Math.max(...fits.map((f) => f.reach)) < model.unsupportedBelow || fits.every(farBehind) || fits.every(saysLittle)) return { verdict: 'unsupported', ...base };
  let best: WorkFit | undefined;
  for (const f of fits) if (f.key !== key && (!best || f.fit > best.fit)) best = f;
  // With an embedding model, the better work must also be nearer the sentence in meaning: no encoder can be had here to
  // train a weight for the cosine, so it only vetoes a flag the words raised (two signals that disagree, e.g. a
  // paraphrase of the cited work that happens to share rare words with a neighbour), and the false flags cannot grow.
  const meaningAgrees = !best || best.cosine === undefined || own.cosine === undefined || best.cosine > own.cosine;
  if (best && best.fit - own.fit >= model.misattributedMargin && meaningAgrees) {
    return { verdict: 'misattributed', ...base, better: { key: best.key, support: best.support, evidence: best.evidence } };
  }
  return { verdict: own.reach < model.weakBelow || farBehind(own) || saysLittle(own) ? 'weak' : 'supported', ...base };
}

export const SAYS_FEATURE_NAMES = ['bias', 'supportScore', 'reach', 'behindLibrary', 'paragraphReach'] as const;

/**
 * What "does the cited work say this sentence at all" reads of a work's fit, in SAYS_FEATURE_NAMES order: its support
 * score, its reach, how far it is behind the library's best work, and the best reach of the paragraph. No one of them
 * tells a citance of the work from a sentence of another paper as well as the four together. On ScisummNet, at 8% of
 * true citances flagged: sharing no word with the work flags 51% of other papers' sentences at 9% (reach alone is 0
 * for one true citance in eleven), the distance to the library's best 55%, the four weighed together 63%.
 */
export function saysFeatures(own: WorkFit, fits: readonly WorkFit[]): number[] {
  const paragraphReach = Math.max(0, ...fits.map((f) => f.reach));
  return [1, (own.features[0] ?? 0) / 5, Math.log1p(own.reach), Math.min(15, own.behindLibrary) / 5, Math.log1p(paragraphReach)];
}

/** The model's logistic score (log-odds) that `own` says the sentence; +Infinity (never flags) when it has no weights. */
export function saysScore(own: WorkFit, fits: readonly WorkFit[], model: AttributionModel = ATTRIBUTION_MODEL): number {
  if (!model.saysWeights.length) return Infinity;
  return saysFeatures(own, fits).reduce((a, x, i) => a + x * model.saysWeights[i], 0);
}

/**
 * Judges citing `key` for `sentence` in a paragraph whose works are `group` (the cited key may or may not be listed):
 * supported, weak, misattributed (with the better work), unsupported, title-only or not-in-library, with the details
 * of the sentence the cited work does not hold.
 */
export function judgeAttribution(
  library: CheckLibrary,
  sentence: string,
  key: string,
  group: readonly string[],
  model: AttributionModel = ATTRIBUTION_MODEL,
  rankedAlready?: readonly Suggestion[],
  cosines?: ReadonlyMap<string, number>,
): Attribution {
  const paper = library.getPaper(key);
  if (!paper) return { key, verdict: 'not-in-library' };
  // `rankedAlready`: the sentence's suggestions when its other citations were judged (a sentence citing five works),
  // or ranked with an embedding model; `cosines`: that model's cosine of the sentence with each work of the group.
  const ranked = rankedAlready ?? suggestCitations(library, sentence, CANDIDATES);
  if (!ranked.length) return { key, verdict: 'no-sentence' };
  const fits = groupFits(library, sentence, [key, ...group], model, ranked, cosines);
  const details = detailsNotInWork(sentence, paper);
  if (!paper.abstract && !paper.sections?.length) {
    const support = supportFromScore(supportOf(library, sentence, key, undefined, ranked));
    return { key, verdict: 'title-only', support, evidence: { text: paper.title, source: 'title' }, fits };
  }
  return { key, ...judgeFromFits(fits, key, model), ...(details.length && { unsupportedDetails: details }), fits };
}

type WorkTexts = { title: string; abstract?: string; sections?: { sentences: { text: string }[] }[]; authors?: readonly Author[] };

function workText(paper: WorkTexts): string {
  return [paper.title, paper.abstract ?? '', ...(paper.sections ?? []).flatMap((s) => s.sentences.map((x) => x.text))].join(' ');
}

/**
 * The family names of the works' authors ("{McDonald}" → "McDonald"): a citing sentence names them ("McDonald and
 * Pereira \cite{mcdonald2005} parse …"), and a work's text seldom holds its own authors' names, so they are no detail
 * the work must hold. Shared by Check Citations and the draft writer's check (neural/paragraph-check.ts).
 */
export function authorFamilyNames(papers: readonly { authors?: readonly Author[] }[]): Set<string> {
  return new Set(papers.flatMap((p) => (p.authors ?? []).map((a) => (a.family || a.literal || '').replace(/[{}]/g, ''))).filter(Boolean));
}

/**
 * unsupportedDetails of a citing sentence (its markers removed) against everything the library holds of the work,
 * less the family names of its authors and of `coCited`'s (the other works the sentence cites).
 */
export function detailsNotInWork(sentence: string, paper: WorkTexts, coCited: readonly WorkTexts[] = []): string[] {
  const names = authorFamilyNames([paper, ...coCited]);
  return unsupportedDetails(stripCitationMarkers(sentence), workText(paper)).filter((d) => !names.has(d));
}

/**
 * "85.3%", "12,000", "0.91", "49x": numbers worth checking (a lone digit is as often "two systems" as a claim). A
 * factor is read whole ("100x" is 100, never "10" of it); another number a letter follows ("3D", "5th") is none.
 */
const NUMBER = new RegExp(
  [
    String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?%?`, // 12,000
    String.raw`\d+(?:\.\d+)?\s?%`, // 85.3%
    String.raw`\d+(?:\.\d+)?[x×](?![\p{L}\p{N}])`, // 49x
    String.raw`\d*\.\d+`, // 0.91
    String.raw`\d{2,}(?![\p{L}\p{N}])`, // 12
  ]
    .map((form) => String.raw`(?<![\p{L}\p{N}.])${form}`)
    .join('|'),
  'gu',
);
/** "BLEU", "TnT", "CoNLL-2003", "GPT-4": a capital after the first letter, or letters mixed with digits. */
const NAME = /(?<![\p{L}\p{N}])(?:\p{L}+[\p{Lu}][\p{L}]*(?:[-‐]?\p{N}+[\p{L}]*)?|\p{Lu}+[-‐]?\p{N}+[\p{L}\p{N}]*)(?![\p{L}\p{N}])/gu;

function digitsOf(s: string): string {
  return s.replace(/[,\s%x×]/g, '');
}

/**
 * Numbers, percentages and names of datasets or systems the sentence gives that `workText` does not hold: "reaches
 * 97.1% on the WSJ" cited to a work whose text has neither 97.1 nor WSJ gives ["97.1%", "WSJ"]. An acronym the work
 * spells out ("CNNs" where it writes "convolutional neural networks") is held.
 */
export function unsupportedDetails(sentence: string, workText: string): string[] {
  // Every number of the work counts, a lone digit too: "3x faster" is held by "3 times faster".
  const numbersThere = new Set((workText.match(/\d+(?:[.,]\d+)*/g) ?? []).map(digitsOf));
  const out: string[] = [];
  for (const m of sentence.match(NUMBER) ?? []) {
    const value = digitsOf(m);
    // A year is when the work appeared, not a claim about its content.
    if (/^(1[89]|20)\d\d$/.test(value)) continue;
    if (!numbersThere.has(value) && !out.includes(m.trim())) out.push(m.trim());
  }
  for (const name of sentence.match(NAME) ?? []) {
    // An acronym's plural is the acronym: "LSTMs" where the work writes "stacked LSTM models" is held, and the reverse.
    const stem = /\p{Lu}s$/u.test(name) ? name.slice(0, -1) : name;
    const pattern = new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(stem)}s?($|[^\\p{L}\\p{N}])`, 'u');
    if (!pattern.test(workText) && !spelledOut(name, workText) && !out.includes(name)) out.push(name);
  }
  return out;
}
