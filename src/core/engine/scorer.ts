// The learned linear sentence scorer: standardised features · weights + bias. The weights are fitted offline by
// scripts/train-scorer.ts (ridge regression on ROUGE labels) and shipped as resources/models/sentence-scorer.json.
import { FEATURE_NAMES } from './features';

export interface LinearModel {
  /** Feature names in order; must equal FEATURE_NAMES. */
  features: string[];
  mean: number[];
  std: number[];
  weights: number[];
  bias: number;
  /** How the weights were obtained (data set, sizes, dev figures), for the record. */
  trainedOn?: string;
}

export class LinearScorer {
  constructor(readonly model: LinearModel) {
    const expected = FEATURE_NAMES.join(',');
    if (model.features.join(',') !== expected) {
      throw new Error(`sentence-scorer model features do not match the engine (model: ${model.features.length}, engine: ${FEATURE_NAMES.length}); retrain with scripts/train-scorer.ts`);
    }
  }

  score(features: readonly number[]): number {
    const { mean, std, weights, bias } = this.model;
    let s = bias;
    for (let i = 0; i < weights.length; i++) s += weights[i] * ((features[i] - mean[i]) / std[i]);
    return s;
  }
}

/** Column means and standard deviations (std 1 for constant columns). */
export function standardization(rows: readonly number[][]): { mean: number[]; std: number[] } {
  const d = rows[0]?.length ?? 0;
  const mean = new Array<number>(d).fill(0);
  const std = new Array<number>(d).fill(0);
  for (const r of rows) for (let j = 0; j < d; j++) mean[j] += r[j];
  for (let j = 0; j < d; j++) mean[j] /= Math.max(1, rows.length);
  for (const r of rows) for (let j = 0; j < d; j++) std[j] += (r[j] - mean[j]) ** 2;
  for (let j = 0; j < d; j++) std[j] = Math.sqrt(std[j] / Math.max(1, rows.length)) || 1;
  return { mean, std };
}

/**
 * Ridge regression on already standardised rows: solves (XᵀX + λI) w = Xᵀ(y − ȳ) by Gaussian elimination
 * with partial pivoting (the system is tiny: one row per feature).
 */
export function fitRidge(rows: readonly number[][], labels: readonly number[], lambda: number): { weights: number[]; bias: number } {
  const d = rows[0]?.length ?? 0;
  const yMean = labels.reduce((a, b) => a + b, 0) / Math.max(1, labels.length);
  const a: number[][] = Array.from({ length: d }, () => new Array<number>(d + 1).fill(0));
  for (let n = 0; n < rows.length; n++) {
    const x = rows[n];
    const y = labels[n] - yMean;
    for (let i = 0; i < d; i++) {
      const xi = x[i];
      if (xi === 0) continue;
      const ai = a[i];
      for (let j = 0; j < d; j++) ai[j] += xi * x[j];
      ai[d] += xi * y;
    }
  }
  for (let i = 0; i < d; i++) a[i][i] += lambda;
  for (let col = 0; col < d; col++) {
    let pivot = col;
    for (let r = col + 1; r < d; r++) if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) pivot = r;
    [a[col], a[pivot]] = [a[pivot], a[col]];
    const p = a[col][col] || 1e-12;
    for (let r = 0; r < d; r++) {
      if (r === col) continue;
      const factor = a[r][col] / p;
      if (factor === 0) continue;
      for (let c = col; c <= d; c++) a[r][c] -= factor * a[col][c];
    }
  }
  const weights = a.map((row, i) => row[d] / (row[i] || 1e-12));
  return { weights, bias: yMean };
}

export interface RankingGroup {
  /** Standardised feature rows of one paper's candidates. */
  rows: number[][];
  /** Quality of each candidate (e.g. ROUGE against the paper's targets). */
  labels: number[];
}

/**
 * ListNet (Cao et al. 2007): a linear scorer trained so that the softmax over one paper's candidates matches the
 * softmax of their labels (sharpened by `temperature`). It learns which candidate wins within a paper, which is
 * what selection needs, rather than predicting label values. Full-batch gradient descent with Adam and L2.
 */
export function fitListNet(
  groups: readonly RankingGroup[],
  options: { epochs?: number; learningRate?: number; l2?: number; temperature?: number } = {},
): number[] {
  const epochs = options.epochs ?? 300;
  const lr = options.learningRate ?? 0.05;
  const l2 = options.l2 ?? 1e-3;
  const temperature = options.temperature ?? 0.05;
  const d = groups.find((g) => g.rows.length)?.rows[0].length ?? 0;
  const w = new Array<number>(d).fill(0);
  const m = new Array<number>(d).fill(0);
  const v = new Array<number>(d).fill(0);
  const targets = groups.map((g) => softmax(g.labels.map((y) => y / temperature)));
  for (let epoch = 1; epoch <= epochs; epoch++) {
    const grad = new Array<number>(d).fill(0);
    groups.forEach((g, gi) => {
      if (g.rows.length < 2) return;
      const p = softmax(g.rows.map((r) => dot(w, r)));
      const t = targets[gi];
      for (let i = 0; i < g.rows.length; i++) {
        const diff = p[i] - t[i];
        if (diff === 0) continue;
        const r = g.rows[i];
        for (let j = 0; j < d; j++) grad[j] += diff * r[j];
      }
    });
    for (let j = 0; j < d; j++) {
      const gj = grad[j] / groups.length + l2 * w[j];
      m[j] = 0.9 * m[j] + 0.1 * gj;
      v[j] = 0.999 * v[j] + 0.001 * gj * gj;
      const mHat = m[j] / (1 - 0.9 ** epoch);
      const vHat = v[j] / (1 - 0.999 ** epoch);
      w[j] -= (lr * mHat) / (Math.sqrt(vHat) + 1e-8);
    }
  }
  return w;
}

function dot(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

function softmax(xs: readonly number[]): number[] {
  const max = Math.max(...xs);
  const e = xs.map((x) => Math.exp(x - max));
  const z = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / z);
}
