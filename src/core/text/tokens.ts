// Word tokens, stopwords and term weighting (TF-IDF, BM25) for sentence scoring, clustering and redundancy control.
// Tokenisation mirrors ROUGE's (lower case, anything outside [a-z0-9] separates words) so overlap features agree
// with the metric the engine is judged by.

/** English function words plus words that carry no topic in scientific abstracts. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all also am an and any are aren as at be because been before being below ' +
    'between both but by can cannot could couldn did didn do does doesn doing don down during each either else etc ' +
    'few for from further had hadn has hasn have haven having he her here hers herself him himself his how however i ' +
    'if in into is isn it its itself just let ll may me might more most must mustn my myself no nor not now of off ' +
    'on once only or other ought our ours ourselves out over own re s same shall shan she should shouldn so some ' +
    'such t than that the their theirs them themselves then there these they this those through thus to too under ' +
    'until up upon us ve very via was wasn we were weren what when where whether which while who whom whose why ' +
    'will with within without won would wouldn you your yours yourself yourselves ' +
    // Scientific boilerplate: frequent in every abstract, so useless for topic similarity.
    'paper papers propose proposes proposed present presents presented introduce introduces introduced show shows ' +
    'shown showed approach approaches method methods work works result results use uses used using based new novel ' +
    'study studies article demonstrate demonstrates experiments experimental experiment existing well effective ' +
    'state art task tasks problem problems different various several many first one two three significantly ' +
    'moreover furthermore finally addition able allows allow achieve achieves achieved'
  ).split(/\s+/),
);

/** Lower-case, ASCII-folded word tokens; the same boundaries ROUGE uses. */
export function tokenize(text: string): string[] {
  const folded = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  return folded.split(/[^a-z0-9]+/).filter((t) => t.length > 0);
}

/** Cheap suffix stripping so "models"/"modeling"/"modeled" meet; for similarity only, never for the metric. */
export function lightStem(word: string): string {
  if (word.length <= 4 || /^\d+$/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 5) return word.slice(0, -3) + 'y';
  if (word.endsWith('ing') && word.length > 6) return word.slice(0, -3);
  if (word.endsWith('ed') && word.length > 5) return word.slice(0, -2);
  if (word.endsWith('es') && /(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is')) return word.slice(0, -1);
  return word;
}

/**
 * Whether a token (lower case, from tokenize) carries content: two characters or more and not a stopword ("the", "we"
 * do not; "hmm", "2000" do). The one definition behind contentTerms and contentWords.
 */
function isContentWord(token: string): boolean {
  return token.length >= 2 && !STOPWORDS.has(token);
}

const NUMBER = /^\d+$/;

/**
 * Content terms: tokens minus stopwords and one-character tokens, light-stemmed ("Taggers tag 2000 words" → tagger,
 * tag, 2000, word). The drafts and the engine keep numbers, unlike queryTerms: "BLEU 28.4 on WMT 2014" and "BLEU 31.2
 * on WMT 2016" are two findings, not one said twice.
 */
export function contentTerms(text: string): string[] {
  const out: string[] = [];
  for (const t of tokenize(text)) {
    if (!isContentWord(t)) continue;
    out.push(lightStem(t));
  }
  return out;
}

/**
 * Content words as written (lower case, ASCII-folded), numbers left out, not stemmed: the words a citing sentence is
 * searched by (suggest/; the full-text index stems them itself, and a query needs three to be judged). Numbers go: a
 * year or a count in a citing sentence ("in 2003", "on 1,000 sentences") names no topic and would match every
 * abstract that writes it. "It is used in the 2000 system." → system.
 */
export function contentWords(text: string): string[] {
  return tokenize(text).filter((t) => isContentWord(t) && !NUMBER.test(t));
}

/** contentWords light-stemmed, so "taggers" meets "tagger": a citing sentence and its candidate works compared (suggest/). */
export function queryTerms(text: string): string[] {
  return contentWords(text).map(lightStem);
}

export type SparseVector = Map<string, number>;

export function termFrequencies(terms: readonly string[]): Map<string, number> {
  const tf = new Map<string, number>();
  for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
  return tf;
}

export function cosine(a: SparseVector, b: SparseVector): number {
  if (a.size === 0 || b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [t, w] of small) {
    const v = large.get(t);
    if (v !== undefined) dot += w * v;
  }
  if (dot === 0) return 0;
  return dot / (norm(a) * norm(b));
}

function norm(v: SparseVector): number {
  let s = 0;
  for (const w of v.values()) s += w * w;
  return Math.sqrt(s) || 1;
}

/** Document frequencies over a collection of term lists; gives IDF and TF-IDF vectors. */
export class TfIdfModel {
  readonly documentCount: number;
  private readonly df = new Map<string, number>();

  constructor(documents: ReadonlyArray<readonly string[]>) {
    this.documentCount = documents.length;
    for (const doc of documents) for (const t of new Set(doc)) this.df.set(t, (this.df.get(t) ?? 0) + 1);
  }

  /** Smoothed IDF (as scikit-learn's smooth_idf): never zero, higher for rarer terms. */
  idf(term: string): number {
    return Math.log((1 + this.documentCount) / (1 + (this.df.get(term) ?? 0))) + 1;
  }

  documentFrequency(term: string): number {
    return this.df.get(term) ?? 0;
  }

  /** Sublinear-TF × IDF weights, L2-normalised. */
  vector(terms: readonly string[]): SparseVector {
    const v: SparseVector = new Map();
    let sumSquares = 0;
    for (const [t, n] of termFrequencies(terms)) {
      const w = (1 + Math.log(n)) * this.idf(t);
      v.set(t, w);
      sumSquares += w * w;
    }
    const length = Math.sqrt(sumSquares) || 1;
    for (const [t, w] of v) v.set(t, w / length);
    return v;
  }
}

/** Okapi BM25 over a fixed collection of term lists. */
export class Bm25Index {
  private readonly tfs: Array<Map<string, number>>;
  private readonly lengths: number[];
  private readonly avgLength: number;
  private readonly model: TfIdfModel;

  constructor(
    documents: ReadonlyArray<readonly string[]>,
    private readonly k1 = 1.2,
    private readonly b = 0.75,
  ) {
    this.tfs = documents.map((d) => termFrequencies(d));
    this.lengths = documents.map((d) => d.length);
    this.avgLength = this.lengths.reduce((a, x) => a + x, 0) / Math.max(1, documents.length) || 1;
    this.model = new TfIdfModel(documents);
  }

  /** BM25 score of document `index` for the query terms. */
  score(query: readonly string[], index: number): number {
    const tf = this.tfs[index];
    const n = this.model.documentCount;
    let s = 0;
    for (const q of new Set(query)) {
      const f = tf.get(q);
      if (!f) continue;
      const df = this.model.documentFrequency(q);
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      s += (idf * f * (this.k1 + 1)) / (f + this.k1 * (1 - this.b + (this.b * this.lengths[index]) / this.avgLength));
    }
    return s;
  }
}

/** Word count the way a reader counts: whitespace-separated tokens with a letter or digit. */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}
