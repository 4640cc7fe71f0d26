// plan: which works go together and in what order. Each work's planning text (abstract, else the start of its PDF,
// else its title) is embedded (TF-IDF, or a sentence encoder when one is set), Ward clustering makes the topic
// groups, and groups are ordered by closeness to the author's own abstract. Shared by the default and neural engines.
import { type DraftSentence, type EmbedTexts, type EngineOptions, type PaperLookup, type PaperRecord } from '../types';
import { wardClusters } from '../engine/ward';
import { contentTerms, cosine, type SparseVector, TfIdfModel } from '../text/tokens';
import { sourceDocument, type SourceDocument } from '../engine/candidates';
import { plainText } from '../text/plain';
import { type ScoredCandidate } from '../engine/citation';
import { NOTHING_FLAG } from '../rewrite';
import { type LinearScorer } from '../engine/scorer';

/** Works whose chosen sentences are this similar say the same thing; one sentence and a grouped citation suffice. */
export const SAME_THING_SIMILARITY = 0.5;
/** Two sentences this alike are one text twice (a work's preprint and its paper), not two works that share words. */
export const NEAR_COPY_SIMILARITY = 0.8;
/** A sentence most of whose content words another sentence has (this share of them) adds nothing to it. */
const CONTAINED_SHARE = 0.75;
/** MMR trade-off between the scorer's preference and novelty with respect to the paragraph so far. */
export const MMR_LAMBDA = 0.7;
export const LENGTH_TOLERANCE = 0.15;
/** A draft describes works, it does not summarise one: "six sentences ending [0]" filled a CiteBench draft. */
export const MAX_SENTENCES_PER_WORK = 2;
/**
 * Words per paragraph when the length decides how many topic groups to write: a related-work paragraph runs to about
 * 120 words (CiteBench's gold paragraphs average 113); one every 60 words cut a 200-word section into three stubs.
 */
const WORDS_PER_PARAGRAPH = 120;

/**
 * How many topic groups (paragraphs) a draft of `works` works at `targetWords` words gets; the neural writer plans the
 * same way. Subsections asked for come at least two to a section where there are works enough for two groups of two:
 * a lone subsection divides nothing.
 */
export function topicGroupCount(works: number, targetWords: number, subsections = false): number {
  const byLength = Math.max(1, Math.min(8, Math.round(works / 4), Math.round(targetWords / WORDS_PER_PARAGRAPH) || 1));
  return subsections && works >= 4 ? Math.max(2, byLength) : byLength;
}
/** Default target when the request gives none: about what a related-work paragraph per 4 works takes. */
export const WORDS_PER_WORK_DEFAULT = 35;

export interface WorkPlan {
  record: PaperRecord;
  vector: SparseVector;
  ownSimilarity: number;
  /** Ranked candidates, best first; one entry per distinct source sentence. */
  options: ScoredCandidate[];
  /** Indices into options of the sentences written for this work. */
  chosen: number[];
  /** Shorter compressions of each source sentence (by sentence index), shortest first. */
  shorter?: Map<number, ScoredCandidate[]>;
  /** Title-only entries get the flagged title sentence. */
  titleOnly?: DraftSentence;
  titleOnlyFlag?: string;
  groupedOnly: boolean;
}

export interface GroupPlan {
  works: WorkPlan[];
  keyphrases: string[];
  /** The phrase its topic sentence names where the first keyphrase is a whole field's name ("dynamical systems"). */
  topicName?: string;
  /** Its works share no topic that its keyphrases name (see speaksForGroup). */
  mixed: boolean;
  ownSimilarity: number;
  contrast?: DraftSentence;
  /** Its paragraph has a subsection heading, which names its topic already. */
  headed?: boolean;
}

export interface DraftContext {
  scorer: LinearScorer;
  library: PaperLookup;
  options?: EngineOptions;
  /** A sentence encoder: when given, works are grouped and ordered by the similarity of their embeddings. */
  embed?: EmbedTexts;
}

/**
 * The TF-IDF side of the plan: each work's content terms, the model over them and the author's abstract (so that a
 * word of every abstract weighs little), and their vectors. The default draft (draft-state.ts: measureWorks) and the
 * model engines' paragraph plan (neural/writer-engine.ts: planParagraphs, orderAsTheDefaultDraft) both start here;
 * planVectors then swaps the vectors for embeddings when a sentence encoder is set. `own` is undefined without an
 * abstract ('').
 */
export function termVectors(texts: readonly string[], ownText: string): { termLists: string[][]; model: TfIdfModel; vectors: SparseVector[]; own?: SparseVector } {
  const termLists = texts.map((t) => contentTerms(t));
  const model = new TfIdfModel(ownText ? [...termLists, contentTerms(ownText)] : termLists);
  const vectors = termLists.map((t) => model.vector(t));
  return { termLists, model, vectors, own: ownText ? model.vector(contentTerms(ownText)) : undefined };
}

/** An embedding as a vector the planner's cosine reads (dimensions named "0" … "d-1"). */
function denseVector(values: readonly number[]): SparseVector {
  return new Map(values.map((v, i) => [String(i), v]));
}

/**
 * The vectors that plan the draft: TF-IDF over each work's planning text (and the author's abstract), or, with a
 * sentence encoder, the texts' embeddings, which also see that "ferry timetable" and "boat schedule" are one topic.
 * A work without text keeps an empty vector (clusterWorks puts it with the largest group).
 */
export async function planVectors(
  texts: readonly string[],
  termLists: readonly string[][],
  ownText: string,
  tfidf: { vectors: SparseVector[]; own?: SparseVector },
  embed: EmbedTexts | undefined,
  signal: AbortSignal | undefined,
): Promise<{ vectors: SparseVector[]; own?: SparseVector }> {
  if (!embed) return tfidf;
  const withText = termLists.flatMap((t, i) => (t.length ? [i] : []));
  const embedded = await embed([...withText.map((i) => texts[i]), ...(ownText ? [ownText] : [])], signal);
  const vectors: SparseVector[] = texts.map(() => new Map());
  withText.forEach((i, k) => (vectors[i] = denseVector(embedded[k])));
  return { vectors, own: ownText ? denseVector(embedded[withText.length]) : undefined };
}

/**
 * Agglomerative clustering of the works down to `target` topic groups, by Ward's criterion (each merge adds the least
 * spread within groups). Average linkage, used before, chained a broad library into one paragraph: 58 of the 69
 * shared PDFs in one group and five one-work paragraphs; Ward gave groups of 17, 16, 9, 8, 6, 6, 4 and 3 works, each
 * with a topic (word sense induction, open information extraction, software engineering studies …).
 * A work with no text (an empty vector) is similar to nothing, so it would stay a group of its own and take a whole
 * paragraph to say "See [k]."; it joins the largest group instead, where it is cited with the others.
 */
export function clusterWorks(vectors: readonly SparseVector[], target: number): number[][] {
  const empty = vectors.map((v, i) => (v.size === 0 ? i : -1)).filter((i) => i >= 0);
  if (empty.length === vectors.length) return vectors.length ? [empty] : [];
  if (empty.length) {
    const withText = vectors.map((_, i) => i).filter((i) => vectors[i].size > 0);
    const clusters = clusterWorks(withText.map((i) => vectors[i]), target).map((c) => c.map((k) => withText[k]));
    const largest = clusters.reduce((best, c) => (c.length > best.length ? c : best), clusters[0]);
    largest.push(...empty);
    return clusters;
  }
  return wardClusters(vectors, target);
}

/**
 * Whether a sentence with these content-term counts says what the other sentence says: the two are alike, or nearly
 * all of its words are the other's (a short sentence inside a longer one).
 */
export function saysNothingNew(terms: SparseVector, other: SparseVector): boolean {
  if (cosine(terms, other) >= SAME_THING_SIMILARITY) return true;
  let shared = 0;
  for (const t of terms.keys()) if (other.has(t)) shared++;
  return terms.size > 0 && shared / terms.size >= CONTAINED_SHARE;
}

/**
 * What a work says of itself: its title and abstract, and the sentences the draft could take from it (a linked PDF's).
 * The topic sentence and the contrast ask it of every work, again for each sentence they try; it is made once.
 */
const textOfWork = new WeakMap<WorkPlan, string>();
export function workText(work: WorkPlan): string {
  let text = textOfWork.get(work);
  if (text === undefined) textOfWork.set(work, (text = [work.record.title ?? '', work.record.abstract ?? '', ...work.options.map((o) => o.source.text)].join(' ')));
  return text;
}

/** A work the library has neither title nor abstract of. */
export function knowsNothingOf(work: WorkPlan): boolean {
  return work.titleOnlyFlag === NOTHING_FLAG;
}

/**
 * How close a group is to the author's work. A group of unrelated works is as close as its closest work: "Unlike these
 * works" then follows the work it relates to, not a group that is further on average.
 */
export function closeness(g: GroupPlan): number {
  return g.mixed ? Math.max(...g.works.map((w) => w.ownSimilarity)) : g.ownSimilarity;
}

/** Sentences of a linked PDF that stand for the work when planning topics (about an abstract's length). */
const PDF_PLAN_SENTENCES = 10;

/**
 * The text a work is planned by (topic groups, keyphrases, similarity to the author's paper): its title and abstract,
 * or, when the .bib entry has no abstract, its linked PDF's abstract, else the PDF's first citable sentences.
 */
export function planningText(record: PaperRecord, doc: SourceDocument = sourceDocument(record)): string {
  if (record.abstract) return `${plainText(record.title ?? '')}. ${plainText(record.abstract)}`;
  const abstract = doc.sentences.filter((s) => s.section === 'abstract');
  const summary = (abstract.length ? abstract : doc.sentences).slice(0, PDF_PLAN_SENTENCES).map((s) => s.text).join(' ');
  return `${plainText(record.title ?? '')}. ${summary}`;
}
