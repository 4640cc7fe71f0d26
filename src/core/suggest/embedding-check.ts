// Check Citations and the attribution judgement with an embedding model: each sentence is ranked once with embeddings
// (embedding-rank.ts), then checked as without one (check.ts, document-check.ts and attribution.ts read the cosines
// the rankings carry, and those of the works of the sentence's paragraph).
// A model that fails is asked once: the note says so, and every sentence is then checked by its words alone.
import type { CiteLanguage } from '../cites';
import { parseCitations } from '../cites';
import { sentenceAround } from '../cites/completion';
import { paragraphGroups } from '../cites/paragraphs';
import type { PaperRecord } from '../types';
import { CancelledError } from '../types';
import { judgeAttribution, type Attribution } from './attribution';
import { ATTRIBUTION_MODEL, type AttributionModel } from './attribution-model';
import { checkPairsShare, WHOLE, type CheckLibrary, type CitationCheck } from './check';
import { checkDocumentShare } from './document-check';
import { stripCitationMarkers } from './citance';
import { fallbackNote, fusedSuggestions, isCancel, sentenceCosines, type EmbeddingRanking } from './embedding-rank';
import { SUGGEST_MODEL } from './model';
import { CANDIDATES, MAX_SENTENCE_CHARS, suggestCitations, type Suggestion } from './suggest';

/**
 * Ranks sentences with embeddings, one after the other: the first failure of the model is noted and the rest (and
 * that one) are ranked by words alone, as without a model. Cancelling throws CancelledError.
 */
export class EmbeddedRankings {
  private failed = false;
  private readonly rankings = new Map<string, Suggestion[]>();

  constructor(
    private readonly library: CheckLibrary,
    private readonly ranking: EmbeddingRanking,
  ) {}

  /** Whether the model has failed (then nothing of this run used it after that). */
  get fellBack(): boolean {
    return this.failed;
  }

  async rank(sentence: string): Promise<Suggestion[]> {
    let ranked = this.rankings.get(sentence);
    if (ranked) return ranked;
    if (!this.failed) {
      try {
        ranked = await fusedSuggestions(this.library, sentence, CANDIDATES, this.ranking, SUGGEST_MODEL);
      } catch (err) {
        if (isCancel(err, this.ranking.signal)) throw err instanceof CancelledError ? err : new CancelledError();
        this.failed = true;
        this.ranking.onNote?.(fallbackNote(err));
      }
    }
    ranked ??= suggestCitations(this.library, sentence, CANDIDATES);
    this.rankings.set(sentence, ranked);
    return ranked;
  }

  /** The ranking of a sentence ranked before (rank), for the checks' synchronous reading. */
  known(sentence: string): Suggestion[] {
    const ranked = this.rankings.get(sentence);
    if (!ranked) throw new Error(`internal error: the sentence was not ranked before it was checked: ${sentence.slice(0, 60)}`);
    return ranked;
  }

  /**
   * The cosine of the sentence with each work of `keys` that the library holds; undefined once the model has failed
   * (or when it fails now: noted, and the judgement goes on by words alone).
   */
  async cosines(sentence: string, keys: readonly string[]): Promise<Map<string, number> | undefined> {
    if (this.failed) return undefined;
    const works = [...new Set(keys)].map((key) => ({ key, paper: this.library.getPaper(key) })).filter((w): w is { key: string; paper: PaperRecord } => !!w.paper);
    try {
      return await sentenceCosines(
        this.ranking.embed,
        stripCitationMarkers(sentence.slice(0, MAX_SENTENCE_CHARS)),
        works.map((w) => ({ key: w.key, title: w.paper.title, ...(w.paper.abstract && { abstract: w.paper.abstract }) })),
        this.ranking.signal,
      );
    } catch (err) {
      if (isCancel(err, this.ranking.signal)) throw err instanceof CancelledError ? err : new CancelledError();
      this.failed = true;
      this.ranking.onNote?.(fallbackNote(err));
      return undefined;
    }
  }
}

/** checkDocument with an embedding model: the same checks, each sentence ranked with embeddings (`ranking`, or shared `EmbeddedRankings`). */
export async function checkDocumentWithEmbeddings(library: CheckLibrary, text: string, language: CiteLanguage, ranking: EmbeddingRanking | EmbeddedRankings): Promise<CitationCheck[]> {
  const rankings = ranking instanceof EmbeddedRankings ? ranking : new EmbeddedRankings(library, ranking);
  const commands = parseCitations(text, language);
  const groups = paragraphGroups(text, language, commands);
  // The works each sentence is judged against: those of its paragraph (of every paragraph, when it is in several).
  const worksOf = new Map<string, Set<string>>();
  commands.forEach((cite, i) => {
    if (!cite.keys.length) return;
    const sentence = sentenceAround(text, cite.start);
    const works = worksOf.get(sentence) ?? new Set<string>();
    worksOf.set(sentence, works);
    for (const key of groups[i]) works.add(key);
  });
  const cosines = new Map<string, ReadonlyMap<string, number> | undefined>();
  for (const [sentence, works] of worksOf) {
    await rankings.rank(sentence);
    cosines.set(sentence, await rankings.cosines(sentence, [...works]));
  }
  return checkDocumentShare(library, text, language, WHOLE, { rank: (s) => rankings.known(s), cosines: (s) => cosines.get(s) }).map((c) => c.check);
}

/** checkPairs with an embedding model. */
export async function checkPairsWithEmbeddings(
  library: CheckLibrary,
  pairs: readonly { sentence: string; key: string }[],
  ranking: EmbeddingRanking | EmbeddedRankings,
): Promise<Omit<CitationCheck, 'start' | 'end' | 'sentence'>[]> {
  const rankings = ranking instanceof EmbeddedRankings ? ranking : new EmbeddedRankings(library, ranking);
  for (const p of pairs) await rankings.rank(p.sentence);
  return [...checkPairsShare(library, pairs, WHOLE, (s) => rankings.known(s))].map((c) => c.check);
}

/** judgeAttribution with an embedding model (`rankings` shared by the sentences of one run). */
export async function judgeAttributionWithEmbeddings(
  rankings: EmbeddedRankings,
  library: CheckLibrary,
  sentence: string,
  key: string,
  group: readonly string[],
  model: AttributionModel = ATTRIBUTION_MODEL,
): Promise<Attribution> {
  if (!library.getPaper(key)) return { key, verdict: 'not-in-library' };
  const ranked = await rankings.rank(sentence);
  const cosines = await rankings.cosines(sentence, [key, ...group]);
  return judgeAttribution(library, sentence, key, group, model, ranked, cosines);
}
