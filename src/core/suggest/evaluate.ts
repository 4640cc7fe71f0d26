// `citescribe eval suggest`: each ScisummNet citance, its citation markers removed, is a query against a library made
// of every paper of the file (indexed through the normal index path); the paper it cites is the answer. Plain BM25
// (k1 1.2, b 0.75, title + abstract) runs in the same pass. For check, each query is paired with its cited paper
// (true), a paper drawn at random (false, seeded) and the best-ranked paper it does not cite (the hardest false).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { indexLibrary } from '../library/indexer';
import { openLibraryStore, type LibraryStore } from '../library/store';
import { Bm25Index, tokenize } from '../text/tokens';
import { contentWords, stripCitationMarkers } from './citance';
import { suggestCitations, supportFromScore, CANDIDATES } from './suggest';
import { SUGGEST_MODEL, type SuggestModel } from './model';
import { supportOf, WEAK_SUPPORT } from './check';
import { EmbeddedRankings } from './embedding-check';
import type { EmbeddingRanking } from './embedding-rank';

export interface SuggestPaper {
  paper_id: string;
  title: string;
  abstract: string;
  citances?: { text: string }[];
}

export interface SuggestQuery {
  id: string;
  text: string;
  cited: string;
}

interface RankingFigures {
  r1: number;
  r5: number;
  r10: number;
  mrr: number;
}

interface SuggestEvaluation {
  papers: number;
  queries: number;
  dropped: number;
  ours: RankingFigures;
  bm25: RankingFigures;
  check: { ours: { aucRandom: number; aucHardest: number }; bm25: { aucRandom: number; aucHardest: number } };
  /** Shares of true and of random pairs whose support is below WEAK_SUPPORT (flagged "weak" by Check Citations). */
  weak: { truePairs: number; randomPairs: number; trueTenthPercentile: number };
  predictions: { id: string; ranked: { key: string; score: number; evidence: { text: string; source: string; page?: number } }[] }[];
}

export function parseSuggestDataset(text: string): SuggestPaper[] {
  const papers = text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as SuggestPaper);
  if (!papers.every((p) => typeof p.paper_id === 'string' && typeof p.title === 'string' && Array.isArray(p.citances))) {
    throw new Error('unrecognised data: expected ScisummNet jsonl lines with paper_id, title, abstract and citances');
  }
  return papers;
}

/** Queries with at least three content words once their markers are gone. */
export function suggestQueries(papers: readonly SuggestPaper[]): { queries: SuggestQuery[]; dropped: number } {
  const queries: SuggestQuery[] = [];
  let dropped = 0;
  for (const p of papers) {
    (p.citances ?? []).forEach((c, i) => {
      const text = stripCitationMarkers(c.text);
      if (contentWords(text).length < 3) dropped++;
      else queries.push({ id: `${p.paper_id}#${i}`, text, cited: p.paper_id });
    });
  }
  return { queries, dropped };
}

/** A .bib of the papers; braces and backslashes in their text would end a field early, so they become parentheses. */
function papersAsBib(papers: readonly SuggestPaper[]): string {
  const clean = (s: string) => s.replace(/[{]/g, '(').replace(/[}]/g, ')').replace(/\\/g, ' ').replace(/@/g, ' at ');
  return papers.map((p) => `@article{${p.paper_id},\n  title = {${clean(p.title)}},\n  abstract = {${clean(p.abstract ?? '')}}\n}\n`).join('\n');
}

/** Indexes the papers into a fresh database in a temporary folder and opens it; `dispose` removes it. */
export async function libraryOfPapers(papers: readonly SuggestPaper[]): Promise<{ store: LibraryStore; dispose(): void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-suggest-'));
  const bib = path.join(dir, 'papers.bib');
  fs.writeFileSync(bib, papersAsBib(papers));
  const store = openLibraryStore(path.join(dir, 'library.db'), 'owned');
  await indexLibrary({ store, bibPaths: [bib], pdfPaths: [] });
  return {
    store,
    dispose() {
      store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Area under the ROC curve: the chance a true pair outscores a false one (ties count half). */
export function auc(positives: readonly number[], negatives: readonly number[]): number {
  const all = [...positives.map((s) => ({ s, p: 1 })), ...negatives.map((s) => ({ s, p: 0 }))].sort((a, b) => a.s - b.s);
  let rankSum = 0;
  for (let i = 0; i < all.length; ) {
    let j = i;
    while (j < all.length && all[j].s === all[i].s) j++;
    const midRank = (i + j + 1) / 2;
    for (let k = i; k < j; k++) if (all[k].p) rankSum += midRank;
    i = j;
  }
  const n1 = positives.length;
  const n0 = negatives.length;
  return n1 && n0 ? (rankSum - (n1 * (n1 + 1)) / 2) / (n1 * n0) : NaN;
}

function figures(ranks: readonly number[]): RankingFigures {
  const n = ranks.length || 1;
  const at = (k: number) => (100 * ranks.filter((r) => r <= k).length) / n;
  return { r1: at(1), r5: at(5), r10: at(10), mrr: (100 * ranks.reduce((a, r) => a + (Number.isFinite(r) ? 1 / r : 0), 0)) / n };
}

/** Share of scores whose support (the logistic of the score) is below the weak-citation threshold. */
function belowWeak(scores: readonly number[]): number {
  return scores.filter((s) => supportFromScore(s) < WEAK_SUPPORT).length / (scores.length || 1);
}

/** The support a tenth of the true citations fall below: where the weak threshold is set. */
function tenthPercentileSupport(scores: readonly number[]): number {
  const sorted = scores.map(supportFromScore).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 10)] ?? 0;
}

function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

/** `ranking`: rank with an embedding model too (embedding-rank.ts); without it, the word model alone as ever. */
export async function evaluateSuggest(papers: readonly SuggestPaper[], model: SuggestModel = SUGGEST_MODEL, seed = 7, ranking?: EmbeddingRanking): Promise<SuggestEvaluation> {
  const { queries, dropped } = suggestQueries(papers);
  const bm25 = new Bm25Index(papers.map((p) => tokenize(`${p.title} ${p.abstract ?? ''}`)));
  const random = seeded(seed);
  const library = await libraryOfPapers(papers);
  const embedded = ranking && new EmbeddedRankings(library.store, ranking);
  try {
    const oursRanks: number[] = [];
    const bm25Ranks: number[] = [];
    const check = { ours: { pos: [] as number[], rnd: [] as number[], hard: [] as number[] }, bm25: { pos: [] as number[], rnd: [] as number[], hard: [] as number[] } };
    const predictions: SuggestEvaluation['predictions'] = [];
    for (const q of queries) {
      const ranked = embedded ? await embedded.rank(q.text) : suggestCitations(library.store, q.text, CANDIDATES, model);
      const at = ranked.findIndex((s) => s.key === q.cited);
      oursRanks.push(at >= 0 ? at + 1 : Infinity);
      predictions.push({ id: q.id, ranked: ranked.slice(0, 10).map((s) => ({ key: s.key, score: Number(s.score.toFixed(4)), evidence: s.evidence })) });

      const qTerms = tokenize(q.text);
      const scores = papers.map((_, i) => bm25.score(qTerms, i));
      const citedIndex = papers.findIndex((p) => p.paper_id === q.cited);
      const citedScore = scores[citedIndex];
      // Ties with the cited paper rank it after them: a ranking that cannot tell them apart has not found it.
      bm25Ranks.push(1 + scores.filter((s, i) => i !== citedIndex && s >= citedScore).length);

      let other = Math.floor(random() * (papers.length - 1));
      if (other >= citedIndex) other++;
      const hardOurs = ranked.find((s) => s.key !== q.cited);
      check.ours.pos.push(supportOf(library.store, q.text, q.cited, model, ranked));
      check.ours.rnd.push(supportOf(library.store, q.text, papers[other].paper_id, model, ranked));
      check.ours.hard.push(hardOurs ? hardOurs.score : -Infinity);
      let hardBm25 = -Infinity;
      scores.forEach((s, i) => i !== citedIndex && s > hardBm25 && (hardBm25 = s));
      check.bm25.pos.push(citedScore);
      check.bm25.rnd.push(scores[other]);
      check.bm25.hard.push(hardBm25);
    }
    return {
      papers: papers.length,
      queries: queries.length,
      dropped,
      ours: figures(oursRanks),
      bm25: figures(bm25Ranks),
      check: {
        ours: { aucRandom: auc(check.ours.pos, check.ours.rnd), aucHardest: auc(check.ours.pos, check.ours.hard) },
        bm25: { aucRandom: auc(check.bm25.pos, check.bm25.rnd), aucHardest: auc(check.bm25.pos, check.bm25.hard) },
      },
      weak: { truePairs: belowWeak(check.ours.pos), randomPairs: belowWeak(check.ours.rnd), trueTenthPercentile: tenthPercentileSupport(check.ours.pos) },
      predictions,
    };
  } finally {
    library.dispose();
  }
}
