// Trains the default engine's linear sentence scorer and writes resources/models/sentence-scorer.json.
//
// How to retrain (offline, a few seconds):
//   source scripts/env.sh
//   npx tsx scripts/train-scorer.ts ../shared/data/citation-sentences [--out resources/models/sentence-scorer.json]
//                                   [--method ridge|listnet] [--lambda 10] [--temperature 0.05 --l2 0.001 --epochs 300]
// The folder must hold scitldr-train.jsonl (SciTLDR train: `source` sentences, `target` TLDRs). Every (sentence,
// compression) candidate of every paper becomes one row: features from src/core/engine/features.ts, label = mean
// ROUGE-1/2/L F1 of the rewritten (tldr-style) candidate against the paper's targets, centred per paper (so the model
// learns to rank candidates within a paper). Weights come from ridge regression on standardised features (default;
// ListNet is the alternative, slightly worse on dev when last measured). Retrain whenever features.ts, candidates.ts
// or the rewrite rules (src/core/rewrite) change: the engine refuses a model whose feature list differs from its own. If
// scitldr-dev.jsonl is present, the dev figures of the chosen candidate are printed for tuning by hand; dev is never
// used for fitting. Only the weights and the normalisation are written: no data set text.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { rougeScores } from '../src/core/metrics/rouge';
import { sourceDocumentFromSentences } from '../src/core/engine/candidates';
import { enumerateCandidates, type ScoredCandidate } from '../src/core/engine/citation';
import { FEATURE_NAMES } from '../src/core/engine/features';
import { fitListNet, fitRidge, LinearScorer, standardization, type LinearModel, type RankingGroup } from '../src/core/engine/scorer';
import { meanRougeF } from '../src/core/engine/baselines';
import { datasetSentences } from '../src/core/engines/evaluation';
import type { PaperRecord } from '../src/core/types';

interface TldrItem {
  paper_id: string;
  title?: string;
  source: string[];
  target: string[];
}

function readJsonl<T>(file: string): T[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);
}

function candidatesOf(item: TldrItem): ScoredCandidate[] {
  const record: PaperRecord = { key: item.paper_id, type: 'article', title: item.title ?? '', authors: [] };
  const doc = sourceDocumentFromSentences(datasetSentences(item.source), item.title ?? '');
  return enumerateCandidates(record, doc, { style: 'tldr' });
}

function evaluate(items: TldrItem[], scorer: LinearScorer): { r1: number; r2: number; rl: number } {
  let r1 = 0;
  let r2 = 0;
  let rl = 0;
  for (const item of items) {
    const cands = candidatesOf(item);
    if (!cands.length) continue;
    let best = cands[0];
    let bestScore = -Infinity;
    for (const c of cands) {
      const s = scorer.score(c.features);
      if (s > bestScore) {
        best = c;
        bestScore = s;
      }
    }
    const r = rougeScores(best.text, item.target, { types: ['rouge1', 'rouge2', 'rougeL'] as const });
    r1 += r.rouge1.f;
    r2 += r.rouge2.f;
    rl += r.rougeL.f;
  }
  const n = items.length || 1;
  return { r1: (100 * r1) / n, r2: (100 * r2) / n, rl: (100 * rl) / n };
}

function main(): number {
  const args = process.argv.slice(2);
  const dataDir = args.find((a) => !a.startsWith('--')) ?? path.resolve(__dirname, '..', '..', 'shared', 'data', 'citation-sentences');
  const flag = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const out = flag('--out') ?? path.resolve(__dirname, '..', 'resources', 'models', 'sentence-scorer.json');
  const lambda = Number(flag('--lambda') ?? 10);
  const trainFile = path.join(dataDir, 'scitldr-train.jsonl');
  if (!existsSync(trainFile)) {
    console.log(`train-scorer: ${trainFile} not found; nothing to train (pass the folder holding scitldr-train.jsonl).`);
    return 0;
  }
  const train = readJsonl<TldrItem>(trainFile);
  const rows: number[][] = [];
  const labels: number[] = [];
  const groupSizes: number[] = [];
  const t0 = Date.now();
  for (const item of train) {
    const cands = candidatesOf(item);
    if (!cands.length) continue;
    const ys = cands.map((c) => meanRougeF(c.text, item.target));
    const mean = ys.reduce((a, b) => a + b, 0) / ys.length;
    groupSizes.push(cands.length);
    cands.forEach((c, i) => {
      rows.push(c.features);
      labels.push(ys[i] - mean);
    });
  }
  const { mean, std } = standardization(rows);
  const standardized = rows.map((r) => r.map((x, j) => (x - mean[j]) / std[j]));
  let weights: number[];
  const method = flag('--method') ?? 'ridge';
  if (method === 'ridge') {
    weights = fitRidge(standardized, labels, lambda).weights;
  } else {
    const groups: RankingGroup[] = [];
    let at = 0;
    for (const size of groupSizes) {
      groups.push({ rows: standardized.slice(at, at + size), labels: labels.slice(at, at + size) });
      at += size;
    }
    weights = fitListNet(groups, { epochs: Number(flag('--epochs') ?? 300), temperature: Number(flag('--temperature') ?? 0.05), l2: Number(flag('--l2') ?? 1e-3) });
  }
  const model: LinearModel = {
    features: [...FEATURE_NAMES],
    mean: mean.map((x) => Number(x.toPrecision(6))),
    std: std.map((x) => Number(x.toPrecision(6))),
    weights: weights.map((x) => Number(x.toPrecision(6))),
    bias: 0,
    trainedOn: `SciTLDR train (${train.length} papers, ${rows.length} candidates), ${method === 'ridge' ? `ridge lambda=${lambda}` : 'ListNet'}, per-paper mean ROUGE-1/2/L F1 labels`,
  };
  console.log(`train-scorer: ${train.length} papers, ${rows.length} candidates, fitted in ${Date.now() - t0} ms`);
  const scorer = new LinearScorer(model);
  const trainFigures = evaluate(train, scorer);
  console.log(`train (selected candidate): R1 ${trainFigures.r1.toFixed(2)} R2 ${trainFigures.r2.toFixed(2)} RL ${trainFigures.rl.toFixed(2)}`);
  const devFile = path.join(dataDir, 'scitldr-dev.jsonl');
  if (existsSync(devFile)) {
    const dev = evaluate(readJsonl<TldrItem>(devFile), scorer);
    console.log(`dev   (selected candidate): R1 ${dev.r1.toFixed(2)} R2 ${dev.r2.toFixed(2)} RL ${dev.rl.toFixed(2)}`);
  }
  FEATURE_NAMES.forEach((name, i) => console.log(`  ${name.padEnd(22)} ${model.weights[i] >= 0 ? ' ' : ''}${model.weights[i].toFixed(4)}`));
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(model, null, 1) + '\n');
  console.log(`train-scorer: wrote ${out}`);
  return 0;
}

process.exitCode = main();
