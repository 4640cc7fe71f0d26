// Greedy and beam-search decoding over any autoregressive model that can be stepped one token at a time.
// The model side (ONNX sessions, KV cache) is behind StepModel; this file only does search, stop rules and
// logits processing, so both model kinds (seq2seq and decoder-only) and both cache modes share one loop.
import { throwIfCancelled } from '../types';

/** One decoding session over a model: rows are beams; the model keeps whatever cache it needs per row. */
export interface StepModel {
  readonly vocabSize: number;
  /** Runs the forced prefix (one row) and returns the logits of its last position: Float32Array(vocabSize). */
  start(prefix: readonly number[]): Promise<Float32Array>;
  /**
   * Row r continues the sequence of previous row origin[r] with tokens[r]; returns logits [rows × vocabSize] of the
   * new last positions. The row count may change (1 → beams after the first step).
   */
  step(tokens: readonly number[], origin: readonly number[]): Promise<Float32Array>;
  dispose(): Promise<void>;
}

export interface DecodeOptions {
  /** Hard cap on generated tokens (EOS not counted). */
  maxNewTokens: number;
  /** EOS is forbidden until this many tokens were generated. */
  minNewTokens?: number;
  /** 1 = greedy search. */
  numBeams?: number;
  /** Beam hypotheses are ranked by score / length^lengthPenalty. */
  lengthPenalty?: number;
  /** Stop beam search as soon as numBeams hypotheses have ended (HF's early_stopping=true). */
  earlyStopping?: boolean;
  /** Ban any n-gram of this size from occurring twice in the generated text (0 = off). */
  noRepeatNgramSize?: number;
  /** CTRL-style penalty (>1 discourages tokens already generated; 1 = off). */
  repetitionPenalty?: number;
  eosTokenIds: readonly number[];
  /** Tokens never to generate (padding, BOS, …). */
  suppressTokenIds?: readonly number[];
  /**
   * Tokens already fixed before generation that count for n-gram / repetition checks (e.g. a forced
   * "This paper" decoder prefix). The prompt of a decoder-only model is deliberately not included: copying phrases
   * from the abstract is what a citation sentence should be allowed to do.
   */
  history?: readonly number[];
  signal?: AbortSignal;
  /** Called after every generated token with (tokens so far, maxNewTokens). */
  onToken?: (generated: number, max: number) => void;
}

export interface DecodeResult {
  /** Generated token ids, without the prefix and without the final EOS. */
  tokens: number[];
  finishReason: 'eos' | 'max-length';
  /** Sum of log-probabilities (beam search) divided by length^lengthPenalty; 0 for greedy. */
  score: number;
  /** Number of model calls (1 prefix call + steps). */
  modelCalls: number;
}

function applyRepetitionPenalty(logits: Float32Array, history: readonly number[], penalty: number): void {
  if (penalty === 1) return;
  const seen = new Set(history);
  for (const t of seen) {
    const v = logits[t];
    logits[t] = v < 0 ? v * penalty : v / penalty;
  }
}

/** Tokens that would complete an n-gram already present in `history`. */
export function bannedNgramTokens(history: readonly number[], n: number): Set<number> {
  const banned = new Set<number>();
  if (n <= 0 || history.length < n - 1) return banned;
  if (n === 1) return new Set(history);
  const start = history.length - (n - 1);
  for (let i = 0; i + n - 1 < history.length; i++) {
    let match = true;
    for (let j = 0; j < n - 1; j++) {
      if (history[i + j] !== history[start + j]) {
        match = false;
        break;
      }
    }
    if (match) banned.add(history[i + n - 1]);
  }
  return banned;
}

/** Applies repetition control, min length and suppression in place (HF's processor order). */
export function processLogits(
  logits: Float32Array,
  history: readonly number[],
  generatedLength: number,
  options: DecodeOptions,
): Float32Array {
  applyRepetitionPenalty(logits, history, options.repetitionPenalty ?? 1);
  for (const t of bannedNgramTokens(history, options.noRepeatNgramSize ?? 0)) logits[t] = -Infinity;
  if (generatedLength < (options.minNewTokens ?? 0)) for (const t of options.eosTokenIds) logits[t] = -Infinity;
  for (const t of options.suppressTokenIds ?? []) logits[t] = -Infinity;
  return logits;
}

function argmax(values: Float32Array): number {
  let best = 0;
  for (let i = 1; i < values.length; i++) if (values[i] > values[best]) best = i;
  return best;
}

function logSoftmax(values: Float32Array): Float32Array {
  let max = -Infinity;
  for (const v of values) if (v > max) max = v;
  let sum = 0;
  for (const v of values) sum += Math.exp(v - max);
  const logZ = max + Math.log(sum);
  const out = new Float32Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = values[i] - logZ;
  return out;
}

/** Indices of the k largest finite values, largest first; ties go to the lower index (deterministic). */
function topK(values: Float32Array, k: number): number[] {
  const best: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === -Infinity || Number.isNaN(v)) continue;
    if (best.length < k || v > values[best[best.length - 1]]) {
      let pos = best.length;
      while (pos > 0 && values[best[pos - 1]] < v) pos--;
      best.splice(pos, 0, i);
      if (best.length > k) best.pop();
    }
  }
  return best;
}

export async function greedySearch(model: StepModel, prefix: readonly number[], options: DecodeOptions): Promise<DecodeResult> {
  const eos = new Set(options.eosTokenIds);
  const history = [...(options.history ?? [])];
  const tokens: number[] = [];
  throwIfCancelled(options.signal);
  let logits = await model.start(prefix);
  let modelCalls = 1;
  for (;;) {
    throwIfCancelled(options.signal);
    const next = argmax(processLogits(logits.slice(0, model.vocabSize), history, tokens.length, options));
    if (eos.has(next)) return { tokens, finishReason: 'eos', score: 0, modelCalls };
    tokens.push(next);
    history.push(next);
    options.onToken?.(tokens.length, options.maxNewTokens);
    if (tokens.length >= options.maxNewTokens) return { tokens, finishReason: 'max-length', score: 0, modelCalls };
    logits = await model.step([next], [0]);
    modelCalls++;
  }
}

interface Beam {
  tokens: number[];
  score: number;
}

interface Hypothesis {
  tokens: number[];
  score: number;
  finishReason: 'eos' | 'max-length';
}

/**
 * Beam search as in HF transformers: every step keeps the numBeams best continuations out of the 2·numBeams best
 * candidates; a candidate ending in EOS becomes a finished hypothesis when it ranks within the first numBeams.
 * With numBeams = 1 and earlyStopping it makes exactly the choices greedy search makes.
 */
export async function beamSearch(model: StepModel, prefix: readonly number[], options: DecodeOptions): Promise<DecodeResult> {
  const numBeams = Math.max(1, options.numBeams ?? 1);
  const lengthPenalty = options.lengthPenalty ?? 1;
  const earlyStopping = options.earlyStopping ?? true;
  const eos = new Set(options.eosTokenIds);
  const baseHistory = options.history ?? [];
  const normalise = (score: number, length: number) => score / Math.pow(Math.max(1, length), lengthPenalty);
  const finished: Hypothesis[] = [];
  const addHypothesis = (h: Hypothesis) => {
    finished.push(h);
    finished.sort((a, b) => b.score - a.score);
    if (finished.length > numBeams) finished.pop();
  };

  throwIfCancelled(options.signal);
  let beams: Beam[] = [{ tokens: [], score: 0 }];
  let logits = await model.start(prefix);
  let modelCalls = 1;
  const V = model.vocabSize;
  for (;;) {
    throwIfCancelled(options.signal);
    const generated = beams[0].tokens.length;
    const candidates: { row: number; token: number; score: number }[] = [];
    for (let r = 0; r < beams.length; r++) {
      const row = logits.slice(r * V, (r + 1) * V);
      const logp = logSoftmax(processLogits(row, [...baseHistory, ...beams[r].tokens], generated, options));
      for (const token of topK(logp, 2 * numBeams)) candidates.push({ row: r, token, score: beams[r].score + logp[token] });
    }
    // Stable order: score, then row, then token id, so equal scores never make runs differ.
    candidates.sort((a, b) => b.score - a.score || a.row - b.row || a.token - b.token);
    const next: { row: number; token: number; score: number }[] = [];
    for (let rank = 0; rank < candidates.length && next.length < numBeams; rank++) {
      const c = candidates[rank];
      if (eos.has(c.token)) {
        if (rank < numBeams) {
          const tokens = beams[c.row].tokens;
          addHypothesis({ tokens, score: normalise(c.score, tokens.length + 1), finishReason: 'eos' });
        }
      } else {
        next.push(c);
      }
    }
    let done = next.length === 0;
    if (!done && finished.length >= numBeams) {
      if (earlyStopping) done = true;
      else {
        // Nothing still running can beat the worst kept hypothesis any more.
        const bestRunning = normalise(next[0].score, generated + 1);
        done = finished[finished.length - 1].score >= bestRunning;
      }
    }
    if (done) break;
    beams = next.map((c) => ({ tokens: [...beams[c.row].tokens, c.token], score: c.score }));
    options.onToken?.(beams[0].tokens.length, options.maxNewTokens);
    if (beams[0].tokens.length >= options.maxNewTokens) {
      for (const b of beams) addHypothesis({ tokens: b.tokens, score: normalise(b.score, b.tokens.length), finishReason: 'max-length' });
      break;
    }
    logits = await model.step(
      next.map((c) => c.token),
      next.map((c) => c.row),
    );
    modelCalls++;
  }
  const best = finished[0] ?? { tokens: [], score: 0, finishReason: 'eos' as const };
  return { tokens: best.tokens, finishReason: best.finishReason, score: best.score, modelCalls };
}

export async function decode(model: StepModel, prefix: readonly number[], options: DecodeOptions): Promise<DecodeResult> {
  return (options.numBeams ?? 1) > 1 ? beamSearch(model, prefix, options) : greedySearch(model, prefix, options);
}
