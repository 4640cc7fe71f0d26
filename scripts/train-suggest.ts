// Trains the citation-suggestion reranker (src/core/suggest/model.ts) on ScisummNet dev citances: for each query the
// BM25 candidates of the library, labelled by whether the query cites them. Logistic loss on every candidate (so the
// score is a support probability, comparable across sentences) plus a pairwise loss of the cited paper against each
// other candidate (so it ranks). Reports two-fold cross-validation by cited paper (the figures held out), then trains
// on everything and, with --write, writes the weights.
//   node --import tsx scripts/train-suggest.ts ../shared/data/citation-sentences/scisummnet-dev.jsonl [--write]
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseSuggestDataset, suggestQueries, libraryOfPapers } from '../src/core/suggest/evaluate';
import { FEATURE_NAMES } from '../src/core/suggest/features';
import { scoredCandidates } from '../src/core/suggest/suggest';
import type { SuggestModel } from '../src/core/suggest/model';

interface Group {
  paper: string;
  features: number[][];
  /** Index of the cited paper among the candidates, or -1 when retrieval missed it. */
  positive: number;
}

function train(groups: readonly Group[], epochs = 600, l2 = 1e-4, pairWeight = 1): SuggestModel {
  const d = FEATURE_NAMES.length;
  const w = new Array(d).fill(0);
  let b = 0;
  // Adam.
  const m = new Array(d + 1).fill(0);
  const v = new Array(d + 1).fill(0);
  const lr = 0.05;
  const sig = (x: number) => 1 / (1 + Math.exp(-x));
  const dot = (f: number[]) => f.reduce((a, x, i) => a + x * w[i], b);
  for (let epoch = 1; epoch <= epochs; epoch++) {
    const g = new Array(d + 1).fill(0);
    let n = 0;
    for (const grp of groups) {
      const scores = grp.features.map(dot);
      grp.features.forEach((f, j) => {
        const y = j === grp.positive ? 1 : 0;
        // The cited paper is one of ~50: weigh it as all the others together, so the classes count alike.
        const weight = y ? Math.max(1, grp.features.length - 1) : 1;
        const err = (sig(scores[j]) - y) * weight;
        for (let i = 0; i < d; i++) g[i] += err * f[i];
        g[d] += err;
        n += weight;
      });
      if (grp.positive >= 0 && pairWeight > 0) {
        const fp = grp.features[grp.positive];
        grp.features.forEach((f, j) => {
          if (j === grp.positive) return;
          const err = -sig(-(scores[grp.positive] - scores[j])) * pairWeight;
          for (let i = 0; i < d; i++) g[i] += err * (fp[i] - f[i]);
          n += pairWeight;
        });
      }
    }
    for (let i = 0; i <= d; i++) {
      const grad = g[i] / n + (i < d ? l2 * w[i] : 0);
      m[i] = 0.9 * m[i] + 0.1 * grad;
      v[i] = 0.999 * v[i] + 0.001 * grad * grad;
      const step = (lr * (m[i] / (1 - 0.9 ** epoch))) / (Math.sqrt(v[i] / (1 - 0.999 ** epoch)) + 1e-8);
      if (i < d) w[i] -= step;
      else b -= step;
    }
  }
  return { bias: b, weights: w };
}

function evaluate(model: SuggestModel, groups: readonly Group[]): { r1: number; r5: number; mrr: number } {
  let r1 = 0;
  let r5 = 0;
  let mrr = 0;
  for (const grp of groups) {
    if (grp.positive < 0) continue;
    const s = grp.features.map((f) => f.reduce((a, x, i) => a + x * model.weights[i], model.bias));
    const rank = 1 + s.filter((x, j) => j !== grp.positive && x >= s[grp.positive]).length;
    if (rank === 1) r1++;
    if (rank <= 5) r5++;
    mrr += 1 / rank;
  }
  const n = groups.length || 1;
  return { r1: (100 * r1) / n, r5: (100 * r5) / n, mrr: (100 * mrr) / n };
}

async function main(): Promise<void> {
  const data = process.argv[2];
  if (!data || !fs.existsSync(data)) {
    console.log(`train-suggest: ${data ?? '(no path)'} not found, skipped`);
    return;
  }
  const papers = parseSuggestDataset(fs.readFileSync(data, 'utf8'));
  const { queries } = suggestQueries(papers);
  const library = await libraryOfPapers(papers);
  const groups: Group[] = [];
  try {
    for (const q of queries) {
      const c = scoredCandidates(library.store, q.text);
      groups.push({ paper: q.cited, features: c.map((x) => x.features), positive: c.findIndex((x) => x.candidate.key === q.cited) });
    }
  } finally {
    library.dispose();
  }
  console.log(`${groups.length} queries; the cited paper among the BM25 candidates in ${groups.filter((g) => g.positive >= 0).length}`);
  const bm25Order: SuggestModel = { bias: 0, weights: FEATURE_NAMES.map((n) => (n === 'bm25Relative' ? 1 : 0)) };
  // Two folds by cited paper: a paper's citances are all on one side, so a fold never sees the paper it is tested on.
  const fold = (paper: string) => [...paper].reduce((a, ch) => (a * 31 + ch.charCodeAt(0)) >>> 0, 7) % 2;
  for (const k of [0, 1]) {
    const trainSet = groups.filter((g) => fold(g.paper) !== k);
    const test = groups.filter((g) => fold(g.paper) === k);
    const model = train(trainSet);
    const held = evaluate(model, test);
    const base = evaluate(bm25Order, test);
    console.log(
      `fold ${k}: held out ${test.length} queries — reranked R@1 ${held.r1.toFixed(1)} R@5 ${held.r5.toFixed(1)} MRR ${held.mrr.toFixed(1)}` +
        ` · BM25 order R@1 ${base.r1.toFixed(1)} R@5 ${base.r5.toFixed(1)} MRR ${base.mrr.toFixed(1)}`,
    );
  }
  const model = train(groups);
  console.log('weights:', FEATURE_NAMES.map((n, i) => `${n} ${model.weights[i].toFixed(3)}`).join(', '), `bias ${model.bias.toFixed(3)}`);
  if (process.argv.includes('--write')) {
    const file = path.join(__dirname, '..', 'src', 'core', 'suggest', 'model.ts');
    const text = fs.readFileSync(file, 'utf8');
    const line = `export const SUGGEST_MODEL: SuggestModel = { bias: ${model.bias.toFixed(4)}, weights: [${model.weights.map((x) => x.toFixed(4)).join(', ')}] };`;
    fs.writeFileSync(file, text.replace(/\/\*\*[^\n]*\*\/\nexport const SUGGEST_MODEL[^\n]*\n/, `/** Trained by scripts/train-suggest.ts on ${groups.length} ScisummNet dev citances. */\n${line}\n`));
    console.log(`wrote ${file}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
