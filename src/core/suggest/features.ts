// What the reranker knows about a (sentence, work) pair. Each feature is one number a reader can check by hand:
// how much of the sentence the title and abstract say, whether a name the sentence writes ("TnT", "WordNet") is the
// work's, and which single sentence of the work says it best — the evidence shown to the user.
import { splitSentences } from '../text/sentences';
import { queryTerms, STOPWORDS } from '../text/tokens';
import { escapeRegExp } from '../text/regexp';

interface WorkText {
  title: string;
  abstract?: string;
  /** Sentences of the linked PDF with their pages, when there is one. */
  pdfSentences?: { text: string; page?: number }[];
}

export interface Evidence {
  text: string;
  source: 'title' | 'abstract' | 'pdf';
  page?: number;
}

/** A sentence prepared once for every candidate it is compared with. */
export interface PreparedQuery {
  terms: string[];
  bigrams: Set<string>;
  /** Words written with a capital inside ("TnT", "WordNet", "BLEU"): names of systems and resources. */
  names: string[];
  /** Each name as a whole word, case kept: "TnT" is not "tnt" inside "content". */
  namePatterns: RegExp[];
}

export const FEATURE_NAMES = [
  'bm25Relative', 'bm25Log', 'rankReciprocal', 'titleCoverage', 'queryInTitle', 'queryInWork', 'bigramsInWork',
  'namesInTitle', 'namesInWork', 'evidenceOverlap', 'weightedQueryInWork',
] as const;

export type FeatureVector = number[];

/** How rare a term is in the library: log(N / df), from the index's counts. */
export type Rarity = (term: string) => number;

function bigramsOf(list: readonly string[], out = new Set<string>()): Set<string> {
  for (let i = 1; i < list.length; i++) out.add(`${list[i - 1]} ${list[i]}`);
  return out;
}

export function prepareQuery(sentence: string): PreparedQuery {
  const t = queryTerms(sentence);
  const words = sentence.match(/[\p{L}][\p{L}\p{N}'’-]*/gu) ?? [];
  // A capital after the first letter (TnT, WordNet, BLEU), or a capitalised word that is not the sentence's first.
  const names = [...new Set(words.filter((w, i) => w.length > 1 && (/\p{Lu}/u.test(w.slice(1)) || (i > 0 && /^\p{Lu}/u.test(w) && !STOPWORDS.has(w.toLowerCase())))))];
  const namePatterns = names.map((n) => new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(n)}($|[^\\p{L}\\p{N}])`, 'u'));
  return { terms: [...new Set(t)], bigrams: bigramsOf(t), names, namePatterns };
}

function share(of: readonly string[], inSet: ReadonlySet<string>): number {
  if (!of.length) return 0;
  let n = 0;
  for (const t of of) if (inSet.has(t)) n++;
  return n / of.length;
}

/**
 * The rarity-weighted share of `of` found in `inSet`, with `weights[i]` the rarity of `of[i]`: weighed once per
 * candidate, not once per sentence of it (a check on a small library spent a third of its time looking rarities up).
 */
function weightedShare(of: readonly string[], weights: readonly number[], inSet: ReadonlySet<string>): number {
  let all = 0;
  let hit = 0;
  for (let i = 0; i < of.length; i++) {
    const w = weights[i];
    all += w;
    if (inSet.has(of[i])) hit += w;
  }
  return all ? hit / all : 0;
}

/** A work's words, read once and kept while its text stays the same (tokenising 50 abstracts per query was most of it). */
export interface PreparedWork {
  titleTerms: string[];
  titleSet: Set<string>;
  workSet: Set<string>;
  bigrams: Set<string>;
  title: string;
  rawWork: string;
  sentences: { evidence: Evidence; terms: Set<string> }[];
  /**
   * Each term with the sentences that hold it, bit i for `sentences[i]`, when a work has at most 31 sentences (a title
   * and an abstract; not the pages of a PDF): a query's terms are looked up once per work instead of once per
   * sentence, where the evidence was the most costly feature of a check.
   */
  sentencesHolding?: Map<string, number>;
}

/** Text whose sentences, read one after the other, hold exactly its words: no line break to join, no soft hyphen. */
const PLAIN_ONE_LINE = /^[\x20-\x7e\t]*$/;

export function prepareWork(work: WorkText): PreparedWork {
  const titleTerms = queryTerms(work.title);
  const sentences: PreparedWork['sentences'] = [{ evidence: { text: work.title, source: 'title' }, terms: new Set(titleTerms) }];
  const abstractSentences = work.abstract ? splitSentences(work.abstract) : [];
  const sentenceTerms = abstractSentences.map(queryTerms);
  abstractSentences.forEach((s, i) => sentences.push({ evidence: { text: s, source: 'abstract' }, terms: new Set(sentenceTerms[i]) }));
  // The splitter cuts plain one-line text only between words and drops only spaces, so its sentences' words are the
  // abstract's: reading the abstract a second time was a sixth of preparing a work (thousands per check).
  const abstractTerms = work.abstract && PLAIN_ONE_LINE.test(work.abstract) ? sentenceTerms.flat() : queryTerms(work.abstract ?? '');
  for (const s of work.pdfSentences ?? []) sentences.push({ evidence: { text: s.text, source: 'pdf', ...(s.page !== undefined && { page: s.page }) }, terms: new Set(queryTerms(s.text)) });
  let sentencesHolding: Map<string, number> | undefined;
  if (sentences.length <= 31) {
    sentencesHolding = new Map();
    for (let i = 0; i < sentences.length; i++) for (const t of sentences[i].terms) sentencesHolding.set(t, (sentencesHolding.get(t) ?? 0) | (1 << i));
  }
  return {
    titleTerms,
    titleSet: new Set(titleTerms),
    workSet: new Set(titleTerms.concat(abstractTerms)),
    bigrams: bigramsOf(abstractTerms, bigramsOf(titleTerms)),
    title: work.title,
    rawWork: `${work.title} ${work.abstract ?? ''}`,
    sentences,
    ...(sentencesHolding && { sentencesHolding }),
  };
}

/** The sentence of the work (title, abstract or PDF) that says most of what the query says, weighted by rarity. */
export function bestEvidence(query: PreparedQuery, work: PreparedWork, rarity: Rarity): { evidence: Evidence; overlap: number } {
  return bestWeightedEvidence(query, work, query.terms.map(rarity));
}

function bestWeightedEvidence(query: PreparedQuery, work: PreparedWork, weights: readonly number[]): { evidence: Evidence; overlap: number } {
  let best = { evidence: work.sentences[0].evidence, overlap: -1 };
  const holding = work.sentencesHolding;
  if (!holding) {
    for (const c of work.sentences) {
      const overlap = weightedShare(query.terms, weights, c.terms);
      if (overlap > best.overlap) best = { evidence: c.evidence, overlap };
    }
    return { evidence: best.evidence, overlap: Math.max(0, best.overlap) };
  }
  // Each sentence's weightedShare, all at once: its hits summed in the query's term order, as weightedShare sums them.
  const hits = new Float64Array(work.sentences.length);
  let all = 0;
  for (let i = 0; i < query.terms.length; i++) {
    all += weights[i];
    for (let bits = holding.get(query.terms[i]) ?? 0, s = 0; bits; bits >>>= 1, s++) if (bits & 1) hits[s] += weights[i];
  }
  work.sentences.forEach((c, s) => {
    const overlap = all ? hits[s] / all : 0;
    if (overlap > best.overlap) best = { evidence: c.evidence, overlap };
  });
  return { evidence: best.evidence, overlap: Math.max(0, best.overlap) };
}

/** Each query's term weights and term set, made once for its ~50 candidates (with the same rarity) instead of for each. */
const weighedQueries = new WeakMap<PreparedQuery, { rarity: Rarity; weights: number[]; querySet: Set<string> }>();

function weighedQuery(query: PreparedQuery, rarity: Rarity): { weights: number[]; querySet: Set<string> } {
  let known = weighedQueries.get(query);
  if (known?.rarity !== rarity) weighedQueries.set(query, (known = { rarity, weights: query.terms.map(rarity), querySet: new Set(query.terms) }));
  return known;
}

/** The features of one candidate, in FEATURE_NAMES order, with its best evidence sentence. */
export function candidateFeatures(
  query: PreparedQuery,
  work: PreparedWork,
  retrieval: { score: number; rank: number; bestScore: number },
  rarity: Rarity,
): { features: FeatureVector; evidence: Evidence } {
  let bigramHits = 0;
  for (const b of query.bigrams) if (work.bigrams.has(b)) bigramHits++;
  const named = (text: string) => (query.namePatterns.length ? query.namePatterns.filter((p) => p.test(text)).length / query.namePatterns.length : 0);
  const { weights, querySet } = weighedQuery(query, rarity);
  const { evidence, overlap } = bestWeightedEvidence(query, work, weights);
  return {
    evidence,
    features: [
      retrieval.bestScore > 0 ? retrieval.score / retrieval.bestScore : 0,
      Math.log1p(Math.max(0, retrieval.score)),
      1 / (1 + retrieval.rank),
      share(work.titleTerms, querySet),
      share(query.terms, work.titleSet),
      share(query.terms, work.workSet),
      query.bigrams.size ? bigramHits / query.bigrams.size : 0,
      named(work.title),
      named(work.rawWork),
      overlap,
      weightedShare(query.terms, weights, work.workSet),
    ],
  };
}

