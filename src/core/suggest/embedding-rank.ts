// Suggest Citation, completion and Check Citations with an embedding model (citescribe.embeddings.*, --embeddings):
// the sentence and the library's works are embedded, and the works' cosine order is fused with the word model's order.
// A sentence that says "boat schedule" for a work about "ferry timetables" shares no word with it, so BM25 never
// offers it and the word model cannot rank it; its embedding is close. Without an embedding model nothing here runs.
//
// Why reciprocal rank fusion (Cormack et al. 2009: score = Σ 1/(60 + rank)): the word model's score is a calibrated
// log-odds and the cosine is on a scale of its own that differs with every model (MiniLM's unrelated texts sit near
// 0.1, E5's near 0.7), and no real encoder can be had here to train a weight between them. RRF reads only the two
// ranks, so it needs no weight and no calibration per model; k = 60 keeps one list's first place from outvoting
// agreement (1st and 40th: 1/61 + 1/100 = 0.0264; 10th and 10th: 2/70 = 0.0286).
import { CancelledError, throwIfCancelled, type EmbedTexts } from '../types';
import type { CitationCandidate } from '../library/store';
import { contentWords, stripCitationMarkers } from './citance';
import { candidateFeatures, prepareQuery } from './features';
import { SUGGEST_MODEL, type SuggestModel } from './model';
import {
  CANDIDATES,
  linearScore,
  MAX_SENTENCE_CHARS,
  preparedWork,
  queryRarity,
  scoredCandidates,
  suggestCitations,
  supportFromScore,
  withPdfEvidence,
  type Suggestion,
  type SuggestionLibrary,
} from './suggest';

/** RRF's constant (Cormack et al. 2009), the value the method is known by. */
export const RRF_K = 60;
/**
 * Libraries up to this many works are embedded whole (once each: vectors are cached by text for the session), so a
 * work sharing no word with the sentence can be found; a larger one has only its BM25 candidates reranked. 5000 is
 * what the embedding cache keeps, and about two minutes of a MiniLM on one CPU core the first time.
 */
export const EMBEDDED_LIBRARY_MAX = 5000;
/** An abstract is cut here before it is embedded: encoders read 512 tokens at most, and the start says what a work is. */
const WORK_TEXT_CHARS = 2000;

/** What ranking with embeddings needs: the model, a way to stop, and where to say that it was not used. */
export interface EmbeddingRanking {
  embed: EmbedTexts;
  signal?: AbortSignal;
  /** A one-line note for the user: the model failed (and today's ranking was used), or the library is too large. */
  onNote?: (note: string) => void;
}

/** One ranking: each key with the value it is ranked by, higher first. */
export type ScoredKeys = readonly { key: string; value: number }[];

/**
 * Reciprocal rank fusion of several rankings: each key scores Σ 1/(k + rank), its rank counted from 1 in each ranking
 * that holds it. Keys of equal value share the best rank of their tie: five works the word model cannot tell apart
 * ("a model for X", X a different word each time) are all first by words, so the cosine alone orders them, where
 * ranking them by key would let the alphabet outvote the meaning. Ties of the sum go to the first ranking's value,
 * then to the key, so the result never depends on luck.
 */
export function reciprocalRankFusion(rankings: readonly ScoredKeys[], k = RRF_K): string[] {
  const score = new Map<string, number>();
  for (const ranking of rankings) {
    const sorted = [...ranking].sort((a, b) => b.value - a.value);
    let rank = 0;
    sorted.forEach((item, i) => {
      if (i === 0 || item.value !== sorted[i - 1].value) rank = i + 1;
      score.set(item.key, (score.get(item.key) ?? 0) + 1 / (k + rank));
    });
  }
  const first = new Map((rankings[0] ?? []).map((item) => [item.key, item.value]));
  return [...score.keys()].sort((a, b) => score.get(b)! - score.get(a)! || (first.get(b) ?? -Infinity) - (first.get(a) ?? -Infinity) || (a < b ? -1 : 1));
}

/** What of a work is embedded: its title and the start of its abstract. */
export function workEmbeddingText(work: { title: string; abstract?: string }): string {
  return work.abstract ? `${work.title}. ${work.abstract.slice(0, WORK_TEXT_CHARS)}` : work.title;
}

/** The cosine of two vectors (the embedders return unit vectors; divided anyway, for any other). */
export function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** The cosine of a sentence with each work, by key: one call to the model (works already embedded come from its cache). */
export async function sentenceCosines(embed: EmbedTexts, sentence: string, works: readonly { key: string; title: string; abstract?: string }[], signal?: AbortSignal): Promise<Map<string, number>> {
  const vectors = await embed([sentence, ...works.map(workEmbeddingText)], signal);
  throwIfCancelled(signal);
  const out = new Map<string, number>();
  works.forEach((w, i) => out.set(w.key, cosine(vectors[0], vectors[i + 1])));
  return out;
}

/** Libraries already told that they are too large to embed whole: the note comes once, not on every sentence. */
const toldTooLarge = new WeakSet<SuggestionLibrary>();

/** A failure of the model as a note: what failed, and that the words alone ranked the works. */
export function fallbackNote(err: unknown): string {
  return `The embedding model failed (${(err as Error)?.message ?? String(err)}); works are ranked by their words alone, as without one.`;
}

/** Whether an error is the user's cancelling (passed on) rather than the model failing (noted, then fallen back from). */
export function isCancel(err: unknown, signal?: AbortSignal): boolean {
  return err instanceof CancelledError || !!signal?.aborted;
}

/**
 * suggestCitations with an embedding model: the BM25 candidates and the works nearest the sentence by embedding, each
 * scored by the word model, ordered by the RRF of the word model's order and the cosine order. Each suggestion keeps
 * the word model's score and support and gains its `cosine`. Without `ranking`, exactly suggestCitations; when the
 * model fails, a note and suggestCitations; cancelling throws CancelledError.
 */
export async function suggestWithEmbeddings(library: SuggestionLibrary, sentence: string, k = 10, ranking?: EmbeddingRanking, model: SuggestModel = SUGGEST_MODEL): Promise<Suggestion[]> {
  if (!ranking) return suggestCitations(library, sentence, k, model);
  try {
    return await fusedSuggestions(library, sentence, k, ranking, model);
  } catch (err) {
    if (isCancel(err, ranking.signal)) throw err instanceof CancelledError ? err : new CancelledError();
    ranking.onNote?.(fallbackNote(err));
    return suggestCitations(library, sentence, k, model);
  }
}

/** suggestWithEmbeddings without the fallback: a failing model throws (callers that rank many sentences stop asking it). */
export async function fusedSuggestions(library: SuggestionLibrary, sentence: string, k: number, ranking: EmbeddingRanking, model: SuggestModel): Promise<Suggestion[]> {
  const text = stripCitationMarkers(sentence.slice(0, MAX_SENTENCE_CHARS));
  if (!contentWords(text).length) return [];
  const retrieved = scoredCandidates(library, sentence);
  const pool = library.embeddingCandidates?.(EMBEDDED_LIBRARY_MAX + 1);
  let compared: CitationCandidate[] = retrieved.map((c) => c.candidate);
  if (pool && pool.length <= EMBEDDED_LIBRARY_MAX) compared = pool;
  else if (pool && !toldTooLarge.has(library)) {
    toldTooLarge.add(library);
    ranking.onNote?.(`The library has more than ${EMBEDDED_LIBRARY_MAX} works: the embedding model reorders the works that share words with a sentence, and finds no others.`);
  }
  if (!compared.length) return [];
  const cosines = await sentenceCosines(ranking.embed, text, compared, ranking.signal);
  // The works nearest the sentence in meaning join the BM25 candidates, scored as retrieval would score a work it missed.
  const nearest = [...compared].sort((a, b) => cosines.get(b.key)! - cosines.get(a.key)! || (a.key < b.key ? -1 : 1)).slice(0, CANDIDATES);
  const scored = new Map(retrieved.map((c) => [c.candidate.key, { candidate: c.candidate, score: linearScore(model, c.features), evidence: c.evidence }]));
  const query = prepareQuery(text);
  const rarity = queryRarity(library, query.terms);
  for (const candidate of nearest) {
    if (scored.has(candidate.key)) continue;
    const { features, evidence } = candidateFeatures(query, preparedWork(library, candidate), { score: 0, rank: CANDIDATES, bestScore: 1 }, rarity);
    scored.set(candidate.key, { candidate, score: linearScore(model, features), evidence });
  }
  const all = [...scored.values()];
  const byWords = all.map((c) => ({ key: c.candidate.key, value: c.score }));
  const byMeaning = all.map((c) => ({ key: c.candidate.key, value: cosines.get(c.candidate.key) ?? 0 }));
  const ranked = reciprocalRankFusion([byWords, byMeaning])
    .slice(0, k)
    .map((key) => {
      const c = scored.get(key)!;
      return { key, score: c.score, support: supportFromScore(c.score), evidence: c.evidence, titleOnly: !c.candidate.abstract, cosine: cosines.get(key) ?? 0 };
    });
  return withPdfEvidence(library, sentence, ranked, new Map(all.map((c) => [c.candidate.key, c.candidate])));
}

/**
 * `\cite` completion's ranking with meaning: the keys the words rank for the sentence (best first) fused by RRF with
 * the library's works nearest it by embedding, `limit` kept. The words' keys as they are when the sentence has no
 * content word or the library is too large to embed whole; a failing model is noted and the words' keys returned.
 */
export async function rankKeysWithEmbeddings(library: SuggestionLibrary, sentence: string, byWords: readonly string[], limit: number, ranking: EmbeddingRanking): Promise<string[]> {
  const text = stripCitationMarkers(sentence.slice(0, MAX_SENTENCE_CHARS));
  if (!contentWords(text).length) return [...byWords];
  const pool = library.embeddingCandidates?.(EMBEDDED_LIBRARY_MAX + 1);
  if (!pool || pool.length > EMBEDDED_LIBRARY_MAX) return [...byWords];
  let cosines: Map<string, number>;
  try {
    cosines = await sentenceCosines(ranking.embed, text, pool, ranking.signal);
  } catch (err) {
    if (isCancel(err, ranking.signal)) throw err instanceof CancelledError ? err : new CancelledError();
    ranking.onNote?.(fallbackNote(err));
    return [...byWords];
  }
  const nearest = [...pool].sort((a, b) => cosines.get(b.key)! - cosines.get(a.key)! || (a.key < b.key ? -1 : 1)).slice(0, limit);
  const keys = new Set([...byWords, ...nearest.map((w) => w.key)]);
  const words = byWords.map((key, i) => ({ key, value: -i }));
  const meaning = [...keys].map((key) => ({ key, value: cosines.get(key) ?? -1 }));
  return reciprocalRankFusion([words, meaning]).slice(0, limit);
}
