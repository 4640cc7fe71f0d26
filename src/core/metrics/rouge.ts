// ROUGE-1/2/L/Lsum with the exact semantics of Google's rouge-score 0.1.2 (rouge/rouge_scorer.py), including
// score_multi for several references. Tokens are interned to integer ids so that n-gram counting and the LCS tables
// run on typed arrays; the numbers are unaffected because only token equality matters.
import { rougeStem } from './tokenize';

export interface Score {
  /** Precision: matches / candidate size. */
  p: number;
  /** Recall: matches / reference size. */
  r: number;
  /** F1 = 2PR/(P+R), 0 when both are 0. */
  f: number;
}

export const ROUGE_TYPES = ['rouge1', 'rouge2', 'rougeL', 'rougeLsum'] as const;
export type RougeType = (typeof ROUGE_TYPES)[number];
export type RougeScores<T extends RougeType = RougeType> = Record<T, Score>;

export interface RougeOptions<T extends RougeType = RougeType> {
  /** Porter-stem tokens longer than 3 characters (rouge-score's use_stemmer). Default false. */
  stem?: boolean;
  /** Which scores to compute; default all four. */
  types?: readonly T[];
}

const ZERO: Readonly<Score> = Object.freeze({ p: 0, r: 0, f: 0 });

export function fmeasure(p: number, r: number): number {
  return p + r > 0 ? (2 * p * r) / (p + r) : 0;
}

function makeScore(p: number, r: number): Score {
  return { p, r, f: fmeasure(p, r) };
}

// Token ids index the count buffers; the vocabulary starts over past this size so they stay small (4 MiB each).
const VOCABULARY_RESET_SIZE = 1 << 20;

/**
 * Counts (id, id) pairs in an open-addressing hash table on typed arrays. Slots carry the number of the reset that
 * wrote them, so a reset costs nothing and no Map entries are allocated per bigram.
 */
class PairCounter {
  private first = new Int32Array(64);
  private second = new Int32Array(64);
  private count = new Int32Array(64);
  private stamp = new Int32Array(64);
  private generation = 0;
  private mask = 63;

  reset(expectedPairs: number): void {
    let size = this.first.length;
    if (size < expectedPairs * 2) {
      while (size < expectedPairs * 2) size *= 2;
      this.first = new Int32Array(size);
      this.second = new Int32Array(size);
      this.count = new Int32Array(size);
      this.stamp = new Int32Array(size);
      this.generation = 0;
      this.mask = size - 1;
    }
    this.generation++;
    if (this.generation === 0x7fffffff) {
      this.stamp.fill(0);
      this.generation = 1;
    }
  }

  private slot(a: number, b: number): number {
    let h = (Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x7f4a7c15, 0x85ebca77)) & this.mask;
    while (this.stamp[h] === this.generation && (this.first[h] !== a || this.second[h] !== b)) h = (h + 1) & this.mask;
    return h;
  }

  increment(a: number, b: number): void {
    const h = this.slot(a, b);
    if (this.stamp[h] === this.generation) {
      this.count[h]++;
    } else {
      this.stamp[h] = this.generation;
      this.first[h] = a;
      this.second[h] = b;
      this.count[h] = 1;
    }
  }

  /** Takes one (a, b) from the table if any is left; returns whether it did. */
  decrementIfPositive(a: number, b: number): boolean {
    const h = this.slot(a, b);
    if (this.stamp[h] !== this.generation || this.count[h] === 0) return false;
    this.count[h]--;
    return true;
  }
}

/**
 * Raw token → id, probed with a hash computed while scanning, so known tokens are found without slicing the text
 * into a new string or hashing it again (the tokenizer is the largest cost of scoring short texts).
 */
class TokenTable {
  private tokens: Array<string | undefined> = new Array(1024).fill(undefined);
  private hashes = new Int32Array(1024);
  private ids = new Int32Array(1024);
  private mask = 1023;
  size = 0;

  /** Id of text[start, end) (whose hash is `hash`), or -1 when unknown. */
  find(text: string, start: number, end: number, hash: number): number {
    const length = end - start;
    for (let h = hash & this.mask; ; h = (h + 1) & this.mask) {
      const token = this.tokens[h];
      if (token === undefined) return -1;
      if (this.hashes[h] === hash && token.length === length) {
        let same = true;
        for (let k = 0; k < length; k++) {
          if (token.charCodeAt(k) !== text.charCodeAt(start + k)) {
            same = false;
            break;
          }
        }
        if (same) return this.ids[h];
      }
    }
  }

  add(token: string, hash: number, id: number): void {
    if ((this.size + 1) * 2 > this.tokens.length) this.grow();
    let h = hash & this.mask;
    while (this.tokens[h] !== undefined) h = (h + 1) & this.mask;
    this.tokens[h] = token;
    this.hashes[h] = hash;
    this.ids[h] = id;
    this.size++;
  }

  private grow(): void {
    const { tokens, hashes, ids } = this;
    const capacity = tokens.length * 2;
    this.tokens = new Array(capacity).fill(undefined);
    this.hashes = new Int32Array(capacity);
    this.ids = new Int32Array(capacity);
    this.mask = capacity - 1;
    this.size = 0;
    for (let h = 0; h < tokens.length; h++) {
      const token = tokens[h];
      if (token !== undefined) this.add(token, hashes[h], ids[h]);
    }
  }
}

/**
 * A reusable scorer. It keeps a vocabulary of token ids and scratch buffers between calls, so scoring many pairs
 * allocates little. Not safe to share between concurrent workers (there are none in Node's single thread).
 */
export class RougeScorer {
  private vocab = new Map<string, number>();
  /** Raw token → id of the token itself (no stemming) / of its stem (stemming). */
  private rawIds = new TokenTable();
  private stemmedIds = new TokenTable();
  private counts = new Int32Array(1024);
  private countsB = new Int32Array(1024);
  private table = new Int32Array(4096);
  private bigrams = new PairCounter();

  private internId(token: string): number {
    let id = this.vocab.get(token);
    if (id === undefined) {
      id = this.vocab.size;
      this.vocab.set(token, id);
    }
    return id;
  }

  /** Token ids of `text`, tokenized as rouge-score does (see tokenize.ts; inlined here because it is the hot path). */
  private tokenIds(text: string, stem: boolean): number[] {
    const ids: number[] = [];
    const lower = text.toLowerCase();
    const n = lower.length;
    const table = stem ? this.stemmedIds : this.rawIds;
    let start = -1;
    let hash = 0;
    for (let i = 0; i <= n; i++) {
      const code = i < n ? lower.charCodeAt(i) : 32;
      if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57)) {
        if (start < 0) {
          start = i;
          hash = 0x811c9dc5;
        }
        hash = Math.imul(hash ^ code, 0x01000193);
      } else if (start >= 0) {
        let id = table.find(lower, start, i, hash);
        if (id < 0) {
          const token = lower.slice(start, i);
          id = stem ? this.internId(rougeStem(token)) : this.internId(token);
          table.add(token, hash, id);
        }
        ids.push(id);
        start = -1;
      }
    }
    return ids;
  }

  /** Starts a scoring call: keeps the vocabulary bounded and the count buffers large enough for every id. */
  private prepare(): void {
    if (this.vocab.size > VOCABULARY_RESET_SIZE || this.stemmedIds.size > 2 * VOCABULARY_RESET_SIZE) {
      this.vocab.clear();
      this.rawIds = new TokenTable();
      this.stemmedIds = new TokenTable();
    }
  }

  private ensureCountCapacity(): void {
    const needed = this.vocab.size;
    if (this.counts.length < needed) {
      const size = Math.max(needed, this.counts.length * 2);
      this.counts = new Int32Array(size);
      this.countsB = new Int32Array(size);
    }
  }

  private ensureTableCapacity(cells: number): Int32Array {
    if (this.table.length < cells) this.table = new Int32Array(Math.max(cells, this.table.length * 2));
    return this.table;
  }

  /** Unigram overlap: sum over tokens of min(count in reference, count in candidate). */
  private unigramScore(ref: number[], cand: number[]): Score {
    const counts = this.counts;
    for (let i = 0; i < ref.length; i++) counts[ref[i]]++;
    let overlap = 0;
    for (let i = 0; i < cand.length; i++) {
      const id = cand[i];
      if (counts[id] > 0) {
        counts[id]--;
        overlap++;
      }
    }
    for (let i = 0; i < ref.length; i++) counts[ref[i]] = 0;
    return makeScore(overlap / Math.max(cand.length, 1), overlap / Math.max(ref.length, 1));
  }

  private bigramScore(ref: number[], cand: number[]): Score {
    const refBigrams = Math.max(ref.length - 1, 0);
    const candBigrams = Math.max(cand.length - 1, 0);
    const table = this.bigrams;
    table.reset(refBigrams);
    for (let i = 0; i + 1 < ref.length; i++) table.increment(ref[i], ref[i + 1]);
    let overlap = 0;
    for (let i = 0; i + 1 < cand.length; i++) if (table.decrementIfPositive(cand[i], cand[i + 1])) overlap++;
    return makeScore(overlap / Math.max(candBigrams, 1), overlap / Math.max(refBigrams, 1));
  }

  /** LCS length with two rolling rows. */
  private lcsLength(ref: number[], cand: number[]): number {
    const cols = cand.length;
    const rows = this.ensureTableCapacity(2 * (cols + 1));
    let prev = 0;
    let cur = cols + 1;
    rows.fill(0, 0, 2 * (cols + 1));
    for (let i = 0; i < ref.length; i++) {
      const r = ref[i];
      rows[cur] = 0;
      for (let j = 1; j <= cols; j++) {
        if (r === cand[j - 1]) {
          rows[cur + j] = rows[prev + j - 1] + 1;
        } else {
          const up = rows[prev + j];
          const left = rows[cur + j - 1];
          rows[cur + j] = up > left ? up : left;
        }
      }
      const t = prev;
      prev = cur;
      cur = t;
    }
    return rows[prev + cols];
  }

  private lcsScore(ref: number[], cand: number[]): Score {
    if (ref.length === 0 || cand.length === 0) return { ...ZERO };
    const lcs = this.lcsLength(ref, cand);
    return makeScore(lcs / cand.length, lcs / ref.length);
  }

  /**
   * Indices into `ref` of one LCS with `cand`, read back exactly as rouge-score's _backtrack_norec does (on a tie
   * it moves up, i.e. drops a reference token), so the union over candidate sentences is the same set.
   */
  private lcsIndices(ref: number[], cand: number[], into: Set<number>): void {
    const rows = ref.length;
    const cols = cand.length;
    if (rows === 0 || cols === 0) return;
    const width = cols + 1;
    const t = this.ensureTableCapacity((rows + 1) * width);
    t.fill(0, 0, (rows + 1) * width);
    for (let i = 1; i <= rows; i++) {
      const r = ref[i - 1];
      const row = i * width;
      const above = row - width;
      for (let j = 1; j <= cols; j++) {
        if (r === cand[j - 1]) {
          t[row + j] = t[above + j - 1] + 1;
        } else {
          const up = t[above + j];
          const left = t[row + j - 1];
          t[row + j] = up > left ? up : left;
        }
      }
    }
    let i = rows;
    let j = cols;
    while (i > 0 && j > 0) {
      if (ref[i - 1] === cand[j - 1]) {
        into.add(i - 1);
        i--;
        j--;
      } else if (t[i * width + j - 1] > t[(i - 1) * width + j]) {
        j--;
      } else {
        i--;
      }
    }
  }

  /** rouge-score's _summary_level_lcs: union LCS per reference sentence, hits limited by remaining token counts. */
  private summaryLevelLcs(refSents: number[][], candSents: number[][]): Score {
    if (refSents.length === 0 || candSents.length === 0) return { ...ZERO };
    let m = 0;
    let n = 0;
    for (const s of refSents) m += s.length;
    for (const s of candSents) n += s.length;
    if (m === 0 || n === 0) return { ...ZERO };

    const refCounts = this.counts;
    const candCounts = this.countsB;
    for (const s of refSents) for (const id of s) refCounts[id]++;
    for (const s of candSents) for (const id of s) candCounts[id]++;

    let hits = 0;
    const union = new Set<number>();
    for (const r of refSents) {
      union.clear();
      for (const c of candSents) this.lcsIndices(r, c, union);
      const indices = [...union].sort((a, b) => a - b);
      for (const index of indices) {
        const id = r[index];
        if (candCounts[id] > 0 && refCounts[id] > 0) {
          hits++;
          candCounts[id]--;
          refCounts[id]--;
        }
      }
    }
    for (const s of refSents) for (const id of s) refCounts[id] = 0;
    for (const s of candSents) for (const id of s) candCounts[id] = 0;
    return makeScore(hits / n, hits / m);
  }

  private sentenceIds(text: string, stem: boolean): number[][] {
    // rouge-score splits on "\n" and drops empty strings (not lines that merely tokenize to nothing).
    return text
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => this.tokenIds(line, stem));
  }

  /**
   * Scores `candidate` against one or several references. With several, each metric takes the reference with the
   * highest F1 (the first one on ties), as rouge-score's score_multi does.
   */
  score<T extends RougeType = RougeType>(
    candidate: string,
    references: string | readonly string[],
    options: RougeOptions<T> = {},
  ): RougeScores<T> {
    const refs = typeof references === 'string' ? [references] : references;
    if (refs.length === 0) throw new Error('rougeScores: at least one reference is required');
    const stem = options.stem === true;
    const types = (options.types ?? ROUGE_TYPES) as readonly T[];
    this.prepare();

    const cand = this.tokenIds(candidate, stem);
    const candSents = (types as readonly RougeType[]).includes('rougeLsum') ? this.sentenceIds(candidate, stem) : [];
    const best = {} as Record<T, Score>;
    for (const reference of refs) {
      const ref = this.tokenIds(reference, stem);
      const refSents = (types as readonly RougeType[]).includes('rougeLsum') ? this.sentenceIds(reference, stem) : [];
      this.ensureCountCapacity();
      for (const type of types) {
        const s = this.scoreOne(type, ref, cand, refSents, candSents);
        const current = best[type];
        if (current === undefined || s.f > current.f) best[type] = s;
      }
    }
    return best;
  }

  private scoreOne(type: RougeType, ref: number[], cand: number[], refSents: number[][], candSents: number[][]): Score {
    switch (type) {
      case 'rouge1':
        return this.unigramScore(ref, cand);
      case 'rouge2':
        return this.bigramScore(ref, cand);
      case 'rougeL':
        return this.lcsScore(ref, cand);
      case 'rougeLsum':
        return this.summaryLevelLcs(refSents, candSents);
      default:
        throw new Error(`Unknown ROUGE type: ${String(type)}`);
    }
  }
}

const sharedScorer = new RougeScorer();

/**
 * ROUGE-1/2/L/Lsum of `candidate` against `references`, identical to rouge-score 0.1.2
 * (`RougeScorer(types, use_stemmer=stem).score_multi(references, candidate)`).
 */
export function rougeScores<T extends RougeType = RougeType>(
  candidate: string,
  references: string | readonly string[],
  options: RougeOptions<T> = {},
): RougeScores<T> {
  return sharedScorer.score(candidate, references, options);
}
