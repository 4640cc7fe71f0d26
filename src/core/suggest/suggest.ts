// "Which of my works supports this sentence?" and "does the work I cited support it?": BM25 finds the candidates in the
// library, a linear model over features a reader can check reranks them (weights trained offline by
// scripts/train-suggest.ts on the dev citances, shipped in model.ts), and each answer carries the sentence of the work
// that supports it.
import type { CitationCandidate } from '../library/store';
import { contentWords, stripCitationMarkers } from './citance';
import { bestEvidence, candidateFeatures, prepareQuery, prepareWork, type Evidence, type FeatureVector, type PreparedQuery, type PreparedWork, type Rarity } from './features';
import type { PaperSection } from '../types';
import { SUGGEST_MODEL, type SuggestModel } from './model';

/** What suggestion needs of a library: the store implements it. */
export interface SuggestionLibrary {
  citationCandidates(words: readonly string[], limit: number): CitationCandidate[];
  /** Works to compare a sentence with by embedding (embedding-rank.ts); without it, only the BM25 candidates are. */
  embeddingCandidates?(limit: number): CitationCandidate[];
  termRarity(word: string): number;
  /** termRarity of each word: one look at the database's version for a sentence's terms, not one per term. */
  termRarities?(words: readonly string[]): number[];
  /** A work's linked PDF text by section, with pages: read for the few works shown, never for every candidate. */
  getPaper?(key: string): { sections?: PaperSection[] } | undefined;
}

export interface Suggestion {
  key: string;
  /** The model's score (higher is better); comparable within one sentence. */
  score: number;
  /** 0–1: how well the work supports the sentence, by the same model. */
  support: number;
  evidence: Evidence;
  /** The work has only a title in the library: its support cannot really be judged. */
  titleOnly: boolean;
  /** The cosine of the sentence's and the work's embeddings, only when an embedding model ranked the works. */
  cosine?: number;
}

/** How many BM25 candidates the reranker sees. */
export const CANDIDATES = 50;
/** Longer selections are cut here: a sentence, not a chapter, is what a citation supports. */
export const MAX_SENTENCE_CHARS = 2000;

export interface ScoredCandidate {
  candidate: CitationCandidate;
  features: FeatureVector;
  evidence: Evidence;
}

/** The candidates of a sentence with their features, in BM25 order. */
export function scoredCandidates(library: SuggestionLibrary, sentence: string, limit = CANDIDATES): ScoredCandidate[] {
  const text = stripCitationMarkers(sentence.slice(0, MAX_SENTENCE_CHARS));
  const words = [...new Set(contentWords(text))];
  if (!words.length) return [];
  const candidates = library.citationCandidates(words, limit);
  if (!candidates.length) return [];
  const query = prepareQuery(text);
  const rarity = queryRarity(library, query.terms);
  const bestScore = candidates[0]?.score ?? 0;
  return candidates.map((candidate, rank) => {
    const { features, evidence } = candidateFeatures(query, preparedWork(library, candidate), { score: candidate.score, rank, bestScore }, rarity);
    return { candidate, features, evidence };
  });
}

/**
 * The rarity of terms, the query's own read at once and kept: the features weigh the query's terms, and only those,
 * once per candidate.
 */
export function queryRarity(library: SuggestionLibrary, terms: readonly string[]): Rarity {
  const cache = new Map<string, number>();
  if (library.termRarities) {
    const rarities = library.termRarities(terms);
    terms.forEach((t, i) => cache.set(t, rarities[i]));
  }
  return (t) => {
    let r = cache.get(t);
    if (r === undefined) cache.set(t, (r = library.termRarity(t)));
    return r;
  };
}

/**
 * How many prepared works a library keeps: about 30 MB (some 14 KB each). Unbounded, checking one 300-citation document
 * of the 50,000-entry bench library kept 106 MB and every later check more; a first check takes as long either way
 * (2.3–2.5 s), only a re-check of the same document is faster with all its works kept (1.5 s against 2.2 s).
 */
const PREPARED_WORKS_KEPT = 2000;

/** Each library's works as read for suggestion, kept while a work's title and abstract stay as they were. */
const preparedWorks = new WeakMap<SuggestionLibrary, Map<string, { title: string; abstract?: string; prepared: PreparedWork }>>();

export function preparedWork(library: SuggestionLibrary, work: { key: string; title: string; abstract?: string }): PreparedWork {
  let works = preparedWorks.get(library);
  if (!works) preparedWorks.set(library, (works = new Map()));
  const known = works.get(work.key);
  if (known && known.title === work.title && known.abstract === work.abstract) return known.prepared;
  const prepared = prepareWork({ title: work.title, ...(work.abstract && { abstract: work.abstract }) });
  // The oldest goes first: a 50,000-entry library would otherwise keep every work it ever ranked.
  if (!known && works.size >= PREPARED_WORKS_KEPT) works.delete(works.keys().next().value!);
  works.set(work.key, { title: work.title, ...(work.abstract !== undefined && { abstract: work.abstract }), prepared });
  return prepared;
}

/** The model's score as a support between 0 and 1 (the logistic function the model was trained with). */
export function supportFromScore(score: number): number {
  return 1 / (1 + Math.exp(-score));
}

export function linearScore(model: SuggestModel, features: FeatureVector): number {
  let s = model.bias;
  for (let i = 0; i < features.length; i++) s += model.weights[i] * features[i];
  return s;
}

/**
 * The works of the library that best support a sentence, best first, each with its evidence sentence: from the title,
 * the abstract or, for the works shown (the first 10 at most), the pages of a linked PDF.
 */
export function suggestCitations(library: SuggestionLibrary, sentence: string, k = 10, model: SuggestModel = SUGGEST_MODEL): Suggestion[] {
  const candidates = scoredCandidates(library, sentence);
  const works = new Map(candidates.map((c) => [c.candidate.key, c.candidate]));
  const ranked = candidates
    .map((c) => {
      const score = linearScore(model, c.features);
      return { key: c.candidate.key, score, support: supportFromScore(score), evidence: c.evidence, titleOnly: !c.candidate.abstract };
    })
    .sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : 1))
    .slice(0, k);
  return withPdfEvidence(library, sentence, ranked, works);
}

/**
 * The first SHOWN_WITH_PDF_EVIDENCE suggestions with their evidence looked for in the linked PDF too (`works`: each
 * suggestion's candidate, for its text). Changes `ranked` in place and returns it.
 */
export function withPdfEvidence(library: SuggestionLibrary, sentence: string, ranked: Suggestion[], works: ReadonlyMap<string, CitationCandidate>): Suggestion[] {
  if (library.getPaper && ranked.length) {
    let query: { prepared: PreparedQuery; rarity: Rarity } | undefined;
    for (const s of ranked.slice(0, SHOWN_WITH_PDF_EVIDENCE)) {
      // Reading the whole record of each work shown took a quarter of a check on a library without PDFs.
      if (works.get(s.key)!.linkedPdf === false) continue;
      const pdfSentences = (library.getPaper(s.key)?.sections ?? []).flatMap((sec) => sec.sentences.filter((x) => x.page !== undefined).map((x) => ({ text: x.text, page: x.page })));
      if (!pdfSentences.length) continue;
      const work = works.get(s.key)!;
      if (!query) {
        const prepared = prepareQuery(stripCitationMarkers(sentence.slice(0, MAX_SENTENCE_CHARS)));
        query = { prepared, rarity: queryRarity(library, prepared.terms) };
      }
      // The whole work's sentences compete: a PDF sentence is the evidence only where it says more than the abstract.
      s.evidence = bestEvidence(query.prepared, prepareWork({ title: work.title, ...(work.abstract && { abstract: work.abstract }), pdfSentences }), query.rarity).evidence;
      s.titleOnly = false;
    }
  }
  return ranked;
}

/** How many of the first suggestions look for their evidence in the linked PDF too. */
const SHOWN_WITH_PDF_EVIDENCE = 10;
