// "Does the work I cited support this sentence?": for each key of each citation in a document, the model's support
// for the sentence around it and the work's sentence that comes closest; a weak one names the library work that
// supports the sentence clearly better, when there is one.
import type { PaperRecord } from '../types';
import { CANDIDATES, linearScore, preparedWork, queryRarity, suggestCitations, supportFromScore, type Suggestion, type SuggestionLibrary } from './suggest';
import { candidateFeatures, prepareQuery, type Evidence } from './features';
import { stripCitationMarkers } from './citance';
import { SUGGEST_MODEL, type SuggestModel } from './model';

/**
 * Below this support a citation is "weak". Support is the model's chance that this work, of the ~50 the sentence
 * retrieves, is the one cited, so true citations often score low too. On the ScisummNet dev citances (`citescribe eval
 * suggest` prints these shares) a work that shares no retrieved word with the sentence scores 0.012–0.0134, and that
 * is where 1 true citation in 8 lies: set just above it, 17% of true citations and 77% of random ones are flagged;
 * just below it, 5% and 15%. A check that misses most wrong citations would not be worth running.
 */
export const WEAK_SUPPORT = 0.0135;
/** A better match must beat the cited work by this much support to be named. */
const BETTER_BY = 0.25;

/**
 * 'misattributed' and 'unsupported' come only from a citation judged among the works of its paragraph
 * (document-check.ts, attribution.ts): another work of the paragraph fits clearly better; no work of it says this.
 */
type CheckVerdict = 'supported' | 'weak' | 'misattributed' | 'unsupported' | 'title-only' | 'not-in-library' | 'no-sentence';

export interface CitationCheck {
  key: string;
  /** Offsets of the key in the document. */
  start: number;
  end: number;
  sentence: string;
  verdict: CheckVerdict;
  support?: number;
  evidence?: Evidence;
  /** Weak or unsupported: a work of the library that fits clearly better. Misattributed: the work of the paragraph. */
  better?: { key: string; support: number; evidence: Evidence };
  /** The other keys of the paragraph the citation was judged against; absent when it was judged alone. */
  paragraphKeys?: string[];
  /** Numbers, percentages and names of datasets or systems in the sentence that the cited work's text does not hold. */
  unsupportedDetails?: string[];
}

export interface CheckLibrary extends SuggestionLibrary {
  getPaper(key: string): PaperRecord | undefined;
}

/**
 * Support of one (sentence, key) pair by the model: its score among the sentence's candidates when retrieval found the
 * key, else scored on its own as the last candidate. `ranked`: the sentence's suggestions, when already computed.
 */
export function supportOf(library: CheckLibrary, sentence: string, key: string, model: SuggestModel = SUGGEST_MODEL, ranked?: readonly Suggestion[]): number {
  const found = (ranked ?? suggestCitations(library, sentence, CANDIDATES, model)).find((s) => s.key === key);
  if (found) return found.score;
  const paper = library.getPaper(key);
  if (!paper) return -Infinity;
  return scoreOnItsOwn(library, sentence, key, paper, model);
}

/** The score of a work retrieval did not find for the sentence: as the last candidate, with no BM25 score. */
function scoreOnItsOwn(library: CheckLibrary, sentence: string, key: string, paper: PaperRecord, model: SuggestModel): number {
  const work = preparedWork(library, { key, title: paper.title, ...(paper.abstract && { abstract: paper.abstract }) });
  const query = prepareQuery(stripCitationMarkers(sentence));
  const { features } = candidateFeatures(query, work, { score: 0, rank: CANDIDATES, bestScore: 1 }, queryRarity(library, query.terms));
  return linearScore(model, features);
}

/** Checks one (sentence, key) pair. */
export function checkPair(library: CheckLibrary, sentence: string, key: string, ranked?: readonly Suggestion[]): Omit<CitationCheck, 'start' | 'end' | 'sentence'> {
  return checkPairOf(library, sentence, key, library.getPaper(key), ranked);
}

/** checkPair with the cited work's record already read (undefined: the key is not in the library). */
function checkPairOf(library: CheckLibrary, sentence: string, key: string, paper: PaperRecord | undefined, ranked?: readonly Suggestion[]): Omit<CitationCheck, 'start' | 'end' | 'sentence'> {
  if (!paper) return { key, verdict: 'not-in-library' };
  const suggestions = ranked ?? suggestCitations(library, sentence, CANDIDATES);
  if (!suggestions.length) return { key, verdict: 'no-sentence' };
  const own = suggestions.find((s) => s.key === key);
  const support = own ? own.support : supportFromScore(scoreOnItsOwn(library, sentence, key, paper, SUGGEST_MODEL));
  const evidence: Evidence = own?.evidence ?? { text: paper.title, source: 'title' };
  // A work known by its title alone cannot be judged: low overlap says nothing about what it contains.
  if (!paper.abstract && !paper.sections?.length) return { key, verdict: 'title-only', support, evidence };
  const verdict: CheckVerdict = support >= WEAK_SUPPORT || nearestInMeaning(own, suggestions) ? 'supported' : 'weak';
  const rival = suggestions.find((s) => s.key !== key && !s.titleOnly);
  const better = verdict === 'weak' && rival && rival.support >= support + BETTER_BY ? { key: rival.key, support: rival.support, evidence: rival.evidence } : undefined;
  return { key, verdict, support, evidence, ...(better && { better }) };
}

/**
 * With an embedding model (the suggestions carry a cosine): the cited work is the sentence's nearest in meaning of all
 * the works ranked for it. The word model calls weak a citation that paraphrases its work ("boat schedule" citing a
 * work on "ferry timetables"); with no encoder here to train a weight on, the cosine is used only to withdraw such a
 * flag, never to raise one, so the false flags cannot grow beyond the word model's and a random work (rarely the
 * nearest of 50) stays flagged.
 */
export function nearestInMeaning(own: Suggestion | undefined, suggestions: readonly Suggestion[]): boolean {
  if (own?.cosine === undefined) return false;
  return suggestions.every((s) => (s.cosine ?? -Infinity) <= own.cosine!);
}

/** A sentence's suggestions for a check: suggestCitations by default, or rankings computed beforehand (with embeddings). */
export type RankSentence = (sentence: string) => Suggestion[];

export const wordRanking =
  (library: CheckLibrary): RankSentence =>
  (sentence) =>
    suggestCitations(library, sentence, CANDIDATES);

/** How many recent sentences' rankings checkPairs keeps: a pairs file lists a sentence's keys together. */
const RANKINGS_KEPT = 256;
/**
 * How many works' records checkPairs keeps: an evaluation pairs each sentence with its work and a random one, so the
 * same few thousand keys come back again and again, and reading a record (entry, copies, linked PDF) was a tenth of a
 * pair. The library does not change during a check.
 */
const PAPERS_KEPT = 1024;

/**
 * One share of a job split among threads: the items whose sentence is the `index`-th distinct sentence modulo `of`
 * ({index: 1, of: 2}: the 2nd, 4th, … sentences). A sentence's items stay in one share, so they still share its ranking.
 */
export interface CheckShare {
  index: number;
  of: number;
}

export const WHOLE: CheckShare = { index: 0, of: 1 };

/** Whether the item with this sentence is in the share, numbering sentences in the order they first appear. */
export function inShare(share: CheckShare): (sentence: string) => boolean {
  if (share.of === 1) return () => true;
  const ordinals = new Map<string, number>();
  return (sentence) => {
    let n = ordinals.get(sentence);
    if (n === undefined) ordinals.set(sentence, (n = ordinals.size));
    return n % share.of === share.index;
  };
}

/**
 * Checks (sentence, key) pairs in order, each as checkPair would. The pairs of one sentence (its cited work and the
 * works it is compared with, as an evaluation pairs them) share its ranking instead of ranking it again for each key.
 */
export function* checkPairs(library: CheckLibrary, pairs: Iterable<{ sentence: string; key: string }>): Generator<Omit<CitationCheck, 'start' | 'end' | 'sentence'>> {
  for (const { check } of checkPairsShare(library, pairs, WHOLE)) yield check;
}

/** checkPairs of one share of the pairs, each with its position among all the pairs. */
export function* checkPairsShare(
  library: CheckLibrary,
  pairs: Iterable<{ sentence: string; key: string }>,
  share: CheckShare,
  rank: RankSentence = wordRanking(library),
): Generator<{ at: number; check: Omit<CitationCheck, 'start' | 'end' | 'sentence'> }> {
  const rankings = new Map<string, Suggestion[]>();
  const papers = new Map<string, PaperRecord | undefined>();
  const paperOf = (key: string) => {
    if (papers.has(key)) return papers.get(key);
    if (papers.size >= PAPERS_KEPT) papers.delete(papers.keys().next().value!);
    const paper = library.getPaper(key);
    papers.set(key, paper);
    return paper;
  };
  const mine = inShare(share);
  let at = 0;
  for (const { sentence, key } of pairs) {
    if (!mine(sentence)) {
      at++;
      continue;
    }
    let ranked = rankings.get(sentence);
    if (!ranked) {
      if (rankings.size >= RANKINGS_KEPT) rankings.delete(rankings.keys().next().value!);
      rankings.set(sentence, (ranked = rank(sentence)));
    }
    yield { at: at++, check: checkPairOf(library, sentence, key, paperOf(key), ranked) };
  }
}
