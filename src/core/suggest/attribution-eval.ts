// `citescribe eval verify`: the attribution judgement (attribution.ts) on real citation sentences. The library is every
// paper of a ScisummNet file; each sampled citance (markers removed, at least 3 content words) is one sentence of a
// "paragraph" made of the paper it cites and the 4 papers most like that paper (BM25 of its title + abstract over the
// others). Intact: the sentence cites its paper. Swapped: it cites one of the 4 (seeded). Outside: a citance of a paper
// that is not in the paragraph, citing the paragraph's first work.
import { Bm25Index, tokenize } from '../text/tokens';
import { libraryOfPapers, suggestQueries, type SuggestPaper, type SuggestQuery } from './evaluate';
import { groupFits, judgeFromFits, type AttributionVerdict, type WorkFit } from './attribution';
import { ATTRIBUTION_MODEL, type AttributionModel } from './attribution-model';
import { EmbeddedRankings } from './embedding-check';
import type { EmbeddingRanking } from './embedding-rank';

/** Works of a paragraph besides the cited one. */
export const NEIGHBOURS = 4;
/** The share of intact citations the comparison at a fixed false-flag rate allows to be flagged. */
export const FALSE_FLAG_RATE = 0.1;

export interface VerifyCase {
  id: string;
  cited: string;
  /** The paragraph: the cited paper first, then its neighbours. */
  group: string[];
  swapped: string;
  fits: WorkFit[];
  outside: { id: string; fits: WorkFit[] };
}

interface VerifyFigures {
  /** Swapped citations flagged at the margin where FALSE_FLAG_RATE of intact ones are. */
  swapsFlaggedAtTenPercent: number;
  marginAtTenPercent: number;
  /** Intact support above swapped support, for the same sentence (ties count half). */
  pairwise: number;
  /** With the shipped thresholds: the share of each case whose verdict is not "supported". */
  flagged: { intact: number; swapped: number; outside: number };
  /** Swapped citations called misattributed with the right paper as the better match. */
  swappedRightBetter: number;
  /** Outside sentences called unsupported. */
  outsideUnsupported: number;
  verdicts: { intact: Record<string, number>; swapped: Record<string, number>; outside: Record<string, number> };
}

function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

/** For each paper, the NEIGHBOURS others most like it by BM25 of its title + abstract. */
function neighboursOf(papers: readonly SuggestPaper[]): Map<string, string[]> {
  const docs = papers.map((p) => tokenize(`${p.title} ${p.abstract ?? ''}`));
  const bm25 = new Bm25Index(docs);
  const out = new Map<string, string[]>();
  papers.forEach((p, i) => {
    const scored = papers.map((q, j) => ({ key: q.paper_id, s: j === i ? -Infinity : bm25.score(docs[i], j) }));
    scored.sort((a, b) => b.s - a.s || (a.key < b.key ? -1 : 1));
    out.set(p.paper_id, scored.slice(0, NEIGHBOURS).map((x) => x.key));
  });
  return out;
}

/**
 * The sampled citances with their paragraphs scored; `sample` 0 takes every citance. `ranking`: with an embedding
 * model, each work's fit carries its cosine (the judgement reads it); without, as ever.
 */
export async function collectVerifyCases(
  papers: readonly SuggestPaper[],
  sample = 800,
  seed = 7,
  model: AttributionModel = ATTRIBUTION_MODEL,
  ranking?: EmbeddingRanking,
): Promise<{ cases: VerifyCase[]; queries: number; dropped: number }> {
  const { queries, dropped } = suggestQueries(papers);
  const random = seeded(seed);
  const order = [...queries];
  // Fisher–Yates, seeded: the same sample on every run.
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const chosen = sample > 0 ? order.slice(0, sample) : order;
  const neighbours = neighboursOf(papers);
  const library = await libraryOfPapers(papers);
  const embedded = ranking && new EmbeddedRankings(library.store, ranking);
  const fitsOf = async (sentence: string, group: string[]) =>
    embedded ? groupFits(library.store, sentence, group, model, await embedded.rank(sentence), await embedded.cosines(sentence, group)) : groupFits(library.store, sentence, group, model);
  try {
    const cases: VerifyCase[] = [];
    for (const q of chosen) {
      const group = [q.cited, ...(neighbours.get(q.cited) ?? [])];
      const swapped = group[1 + Math.floor(random() * (group.length - 1))];
      let outsider: SuggestQuery;
      do outsider = queries[Math.floor(random() * queries.length)];
      while (group.includes(outsider.cited));
      cases.push({
        id: q.id,
        cited: q.cited,
        group,
        swapped,
        fits: await fitsOf(q.text, group),
        outside: { id: outsider.id, fits: await fitsOf(outsider.text, group) },
      });
    }
    return { cases, queries: queries.length, dropped };
  } finally {
    library.dispose();
  }
}

/** How far the best other work of the paragraph beats the cited one, by `score`. */
function flagMargin(fits: readonly WorkFit[], key: string, score: (f: WorkFit) => number): number {
  const own = fits.find((f) => f.key === key);
  if (!own) return Infinity;
  let best = -Infinity;
  for (const f of fits) if (f.key !== key) best = Math.max(best, score(f));
  return best - score(own);
}

/** The smallest value that at most `share` of the values exceed: of 10 values and a share of 0.1, the 9th smallest. */
function thresholdExceededBy(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((1 - share) * sorted.length) - 1)] ?? 0;
}

function counts(verdicts: readonly AttributionVerdict[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of verdicts) out[v] = (out[v] ?? 0) + 1;
  return out;
}

/**
 * The figures of a scoring of the cases. `score` picks the number compared between works (the group fit, or today's
 * support for the baseline); the verdict counts always use the shipped judgement with `model`.
 */
export function verifyFigures(cases: readonly VerifyCase[], score: (f: WorkFit) => number = (f) => f.fit, model: AttributionModel = ATTRIBUTION_MODEL): VerifyFigures {
  const intactMargins = cases.map((c) => flagMargin(c.fits, c.cited, score));
  const swappedMargins = cases.map((c) => flagMargin(c.fits, c.swapped, score));
  // Flagged when the margin is above the threshold: at most FALSE_FLAG_RATE of intact margins are.
  const threshold = thresholdExceededBy(intactMargins, FALSE_FLAG_RATE);
  let pairwise = 0;
  for (const c of cases) {
    const a = c.fits.find((f) => f.key === c.cited);
    const b = c.fits.find((f) => f.key === c.swapped);
    if (!a || !b) continue;
    pairwise += score(a) > score(b) ? 1 : score(a) === score(b) ? 0.5 : 0;
  }
  const n = cases.length || 1;
  const intact = cases.map((c) => judgeFromFits(c.fits, c.cited, model));
  const swapped = cases.map((c) => judgeFromFits(c.fits, c.swapped, model));
  const outside = cases.map((c) => judgeFromFits(c.outside.fits, c.cited, model));
  const share = (list: readonly { verdict: AttributionVerdict }[]) => list.filter((j) => j.verdict !== 'supported').length / n;
  return {
    swapsFlaggedAtTenPercent: swappedMargins.filter((m) => m > threshold).length / n,
    marginAtTenPercent: threshold,
    pairwise: pairwise / n,
    flagged: { intact: share(intact), swapped: share(swapped), outside: share(outside) },
    swappedRightBetter: swapped.filter((j, i) => j.verdict === 'misattributed' && j.better?.key === cases[i].cited).length / n,
    outsideUnsupported: outside.filter((j) => j.verdict === 'unsupported').length / n,
    verdicts: { intact: counts(intact.map((j) => j.verdict)), swapped: counts(swapped.map((j) => j.verdict)), outside: counts(outside.map((j) => j.verdict)) },
  };
}
