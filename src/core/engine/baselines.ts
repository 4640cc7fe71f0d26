// Reference points the default engine is measured against, computed in the same run:
// LEAD, CiteSum's EXT-HEURISTIC, TextRank per document (OARelatedWork §6.1) and ROUGE oracles.
import { rougeScores } from '../metrics/rouge';
import { contentTerms, wordCount } from '../text/tokens';
import { EXT_HEURISTIC_CUE } from './cues';
import { citedAtEnd } from '../rewrite/authors';

/** LEAD: the first sentence. */
export function leadSentence(sentences: readonly string[]): string {
  return sentences[0] ?? '';
}

/** EXT-HEURISTIC (CiteSum): the first sentence with "propose", "introduce", "present" or "in this paper/work", else LEAD. */
export function heuristicSentence(sentences: readonly string[]): string {
  return sentences.find((s) => EXT_HEURISTIC_CUE.test(s)) ?? leadSentence(sentences);
}

/** Mean of ROUGE-1/2/L F1, the selection criterion of the oracles. */
export function meanRougeF(candidate: string, references: readonly string[]): number {
  if (!candidate || references.length === 0) return 0;
  const r = rougeScores(candidate, references, { types: ['rouge1', 'rouge2', 'rougeL'] as const });
  return (r.rouge1.f + r.rouge2.f + r.rougeL.f) / 3;
}

/** Best single sentence against the references (an upper bound for one-sentence extraction). */
export function oracleSentence(sentences: readonly string[], references: readonly string[]): string {
  let best = '';
  let bestScore = -1;
  for (const s of sentences) {
    const score = meanRougeF(s, references);
    if (score > bestScore) {
      best = s;
      bestScore = score;
    }
  }
  return best;
}

/**
 * TextRank sentence ranking (Mihalcea & Tarau 2004) over one document: PageRank on the graph whose edge weights
 * are content-word overlaps normalised by log sentence lengths. Returns sentence indices, best first.
 */
export function textRank(sentences: readonly string[], damping = 0.85, iterations = 30): number[] {
  const n = sentences.length;
  if (n <= 1) return n ? [0] : [];
  const terms = sentences.map((s) => new Set(contentTerms(s)));
  const w: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      let overlap = 0;
      for (const t of terms[i]) if (terms[j].has(t)) overlap++;
      const denom = Math.log(terms[i].size + 1) + Math.log(terms[j].size + 1);
      const sim = overlap && denom > 0 ? overlap / denom : 0;
      w[i][j] = w[j][i] = sim;
    }
  }
  const outSum = w.map((row) => row.reduce((a, b) => a + b, 0));
  let score = new Array<number>(n).fill(1 / n);
  for (let it = 0; it < iterations; it++) {
    const next = new Array<number>(n).fill((1 - damping) / n);
    for (let j = 0; j < n; j++) {
      if (outSum[j] === 0) {
        for (let i = 0; i < n; i++) next[i] += (damping * score[j]) / n;
        continue;
      }
      for (let i = 0; i < n; i++) if (w[j][i]) next[i] += (damping * score[j] * w[j][i]) / outSum[j];
    }
    score = next;
  }
  return score.map((s, i) => ({ s, i })).sort((a, b) => b.s - a.s || a.i - b.i).map((x) => x.i);
}

export interface CitedDocument {
  /** Marker or key the baseline writes after each sentence taken from this document. */
  marker: string;
  sentences: string[];
}

/** LEAD for related work: the first sentence of each cited abstract followed by its citation. */
export function leadRelatedWork(docs: readonly CitedDocument[]): string {
  return docs
    .filter((d) => d.sentences.length)
    .map((d) => citedAtEnd(d.sentences[0], d.marker))
    .join(' ');
}

/**
 * TextRank per document (OARelatedWork §6.1): rank each cited abstract's sentences with TextRank and take the top
 * sentence of every document, then second-best ones round-robin while the target length allows.
 */
export function textRankRelatedWork(docs: readonly CitedDocument[], targetWords: number): string {
  const ranked = docs.map((d) => textRank(d.sentences).map((i) => d.sentences[i]));
  const out: string[] = [];
  let words = 0;
  for (let round = 0; ; round++) {
    let added = false;
    for (let k = 0; k < docs.length; k++) {
      const s = ranked[k][round];
      if (!s) continue;
      if (round > 0 && words + wordCount(s) > targetWords) continue;
      out.push(citedAtEnd(s, docs[k].marker));
      words += wordCount(s);
      added = true;
    }
    if (!added || words >= targetWords) break;
  }
  return out.join(' ');
}

/** Greedy ROUGE-2 oracle: add the sentence that most improves ROUGE-2 F1 against the reference, until none does. */
export function greedyOracleRelatedWork(docs: readonly CitedDocument[], reference: string): string {
  const pool = docs.flatMap((d) => d.sentences.map((s) => citedAtEnd(s, d.marker)));
  const chosen: string[] = [];
  let best = 0;
  for (;;) {
    let pick = -1;
    let pickScore = best;
    for (let i = 0; i < pool.length; i++) {
      if (!pool[i]) continue;
      const f = rougeScores([...chosen, pool[i]].join(' '), reference, { types: ['rouge2'] as const }).rouge2.f;
      if (f > pickScore + 1e-9) {
        pick = i;
        pickScore = f;
      }
    }
    if (pick < 0) break;
    chosen.push(pool[pick]);
    pool[pick] = '';
    best = pickScore;
  }
  return chosen.join(' ');
}
