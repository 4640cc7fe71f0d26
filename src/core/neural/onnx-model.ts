// A loaded ONNX text-generation model (Optimum layout) on onnxruntime-node, with a KV-cached step model for the
// decoding loop in generation.ts. The tokenizer and chat template come from transformers.js.
//
// Why the decoding loop drives onnxruntime-node itself rather than calling transformers.js generate(): in 4.3.1
// generate() has no beam search (its loop keeps only the first candidate: "TODO: Support beam search"), cannot be
// cancelled between steps, and hides which execution provider a session ended up on. The seeds decode with beams,
// the extension must cancel promptly, and `auto` must say when it fell back to CPU.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { PreTrainedTokenizer } from '@huggingface/transformers';
import { ModelFolderError } from './errors';
import { decode, type DecodeOptions, type DecodeResult, type StepModel } from './generation';
import { checkSessionIo, inspectModelFolder, type ModelDtype, type ModelFolder, type ModelKind } from './model-folder';
import {
  createSessions,
  loadOrt,
  loadTransformers,
  type CudaProviderStatus,
  type DeviceInUse,
  type DeviceSetting,
  type OrtSession,
  type OrtTensor,
} from './runtime';

type Feeds = Record<string, OrtTensor>;
type AnyTypedArray = Float32Array | Uint16Array | BigInt64Array | Int32Array | Uint8Array | Float64Array;

function int64(values: readonly number[], dims: number[]): OrtTensor {
  const ort = loadOrt();
  return new ort.Tensor('int64', BigInt64Array.from(values, (v) => BigInt(v)), dims);
}

function emptyTensor(type: string, dims: number[]): OrtTensor {
  const ort = loadOrt();
  const size = dims.reduce((a, b) => a * b, 1);
  if (type === 'float16') return float16Tensor(new Uint16Array(size), dims);
  return new ort.Tensor('float32', new Float32Array(size), dims);
}

/** Row r of the result is row origin[r] of `t` (reordering/expanding the batch axis, as beams branch). */
function gatherRows(tensor: OrtTensor, origin: readonly number[]): OrtTensor {
  const ort = loadOrt();
  const t = feedable(tensor); // float16 as Uint16Array bits
  const rows = t.dims[0];
  const rowSize = rows === 0 ? 0 : t.size / rows;
  const src = t.data as AnyTypedArray;
  const out = new (src.constructor as new (n: number) => AnyTypedArray)(rowSize * origin.length);
  origin.forEach((o, r) => (out as Float32Array).set((src as Float32Array).subarray(o * rowSize, (o + 1) * rowSize), r * rowSize));
  const dims = [origin.length, ...t.dims.slice(1)];
  if (t.type === 'float16') return float16Tensor(out as Uint16Array, dims);
  return new ort.Tensor(t.type as 'float32', out as Float32Array, dims);
}

/**
 * A float16 tensor whose data the native binding can read. Where the JS runtime has Float16Array (Node ≥ 24),
 * onnxruntime-common turns Uint16Array data into a Float16Array view, and onnxruntime-node 1.30's binding then reads
 * 0 bytes from it ("not enough space: expected N, got 0"). Keeping the Uint16Array as the tensor's data avoids that.
 */
function float16Tensor(bits: Uint16Array, dims: readonly number[]): OrtTensor {
  const ort = loadOrt();
  const t = new ort.Tensor('float16', bits, dims);
  if (!(t.data instanceof Uint16Array)) (t as unknown as { cpuData: Uint16Array }).cpuData = bits;
  return t;
}

/** Outputs come back as Float16Array on such runtimes: re-view the same bytes so present.* can be fed back. */
function feedable(t: OrtTensor): OrtTensor {
  if (t.type !== 'float16' || t.data instanceof Uint16Array) return t;
  const data = t.data as unknown as ArrayBufferView & { length: number };
  return float16Tensor(new Uint16Array(data.buffer, data.byteOffset, data.length), t.dims);
}

function isIdentity(origin: readonly number[], rows: number): boolean {
  return origin.length === rows && origin.every((o, i) => o === i);
}

export function halfToFloat(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >> 10) & 0x1f;
  const frac = h & 0x3ff;
  if (exp === 0) return sign * Math.pow(2, -14) * (frac / 1024);
  if (exp === 31) return frac ? NaN : sign * Infinity;
  return sign * Math.pow(2, exp - 15) * (1 + frac / 1024);
}

/** Logits of the last position of every row: [rows × V] float32, whatever the model's output precision. */
function lastPositionLogits(logits: OrtTensor): Float32Array {
  const [rows, steps, vocab] = logits.dims;
  const out = new Float32Array(rows * vocab);
  const data = logits.data as Float32Array | Uint16Array;
  // float16 arrives as raw bits in a Uint16Array (or as numbers, in runtimes with Float16Array).
  const bits = data instanceof Uint16Array;
  for (let r = 0; r < rows; r++) {
    const from = (r * steps + steps - 1) * vocab;
    if (bits) for (let v = 0; v < vocab; v++) out[r * vocab + v] = halfToFloat(data[from + v]);
    else out.set(data.subarray(from, from + vocab), r * vocab);
  }
  return out;
}

interface PastInput {
  name: string;
  /** present.* output that feeds this input on the next step. */
  presentName: string;
  type: string;
  /** Shape with the batch axis (0) and sequence axis (2) to be filled in. */
  shape: (number | string)[];
}

function pastInputs(session: OrtSession, fallbackHeads: number, fallbackHeadDim: number): PastInput[] {
  const meta = session.inputMetadata;
  return meta
    .filter((m) => m.name.startsWith('past_key_values.'))
    .map((m) => {
      const shape = m.isTensor ? [...m.shape] : ['batch_size', fallbackHeads, 'past_sequence_length', fallbackHeadDim];
      if (typeof shape[1] !== 'number') shape[1] = fallbackHeads;
      if (typeof shape[3] !== 'number') shape[3] = fallbackHeadDim;
      return {
        name: m.name,
        presentName: m.name.replace(/^past_key_values\./, 'present.'),
        type: m.isTensor ? m.type : 'float32',
        shape,
      };
    });
}

function emptyPast(past: PastInput[], rows: number): Feeds {
  const feeds: Feeds = {};
  for (const p of past) feeds[p.name] = emptyTensor(p.type, [rows, p.shape[1] as number, 0, p.shape[3] as number]);
  return feeds;
}

function num(config: Record<string, unknown>, ...keys: string[]): number | undefined {
  for (const k of keys) if (typeof config[k] === 'number') return config[k] as number;
  return undefined;
}

/** Encoder-decoder step model over encoder_model + decoder_model_merged (use_cache_branch switches the cache). */
class Seq2SeqStepModel implements StepModel {
  private cache: Feeds | undefined;
  private sequences: number[][] = [];
  private encoderStates!: OrtTensor;
  private encoderMask!: OrtTensor;
  private expanded = new Map<number, { states: OrtTensor; mask: OrtTensor }>();

  constructor(
    private readonly model: OnnxTextModel,
    private readonly encoderIds: readonly number[],
    private readonly useCache: boolean,
  ) {}

  get vocabSize(): number {
    return this.model.vocabSize;
  }

  private encoderFeeds(rows: number): { states: OrtTensor; mask: OrtTensor } {
    let e = this.expanded.get(rows);
    if (!e) {
      const origin = new Array<number>(rows).fill(0);
      e = { states: gatherRows(this.encoderStates, origin), mask: gatherRows(this.encoderMask, origin) };
      this.expanded.set(rows, e);
    }
    return e;
  }

  private async runDecoder(inputIds: OrtTensor, rows: number, past: Feeds | undefined): Promise<Feeds> {
    const ort = loadOrt();
    const decoder = this.model.decoderSession;
    const enc = this.encoderFeeds(rows);
    const feeds: Feeds = {
      input_ids: inputIds,
      encoder_hidden_states: enc.states,
      encoder_attention_mask: enc.mask,
      use_cache_branch: new ort.Tensor('bool', Uint8Array.from([past ? 1 : 0]), [1]),
      ...(past ?? emptyPast(this.model.past, rows)),
    };
    const wanted: Feeds = {};
    for (const name of decoder.inputNames) if (feeds[name]) wanted[name] = feeds[name];
    if (!past) return (await decoder.run(wanted)) as Feeds;
    // With the cache, the encoder half of present.* only repeats the past inputs: not fetching it saves copying
    // layers × 2 × rows × heads × source length × head size floats out of onnxruntime on every step.
    return (await decoder.run(wanted, this.model.decoderFetchesWithPast)) as Feeds;
  }

  private keepCache(out: Feeds): void {
    const next: Feeds = {};
    for (const p of this.model.past) {
      // The encoder half of the cache never changes after the first step: keep the tensors already reordered.
      const reuse = this.cache && p.name.includes('.encoder.') ? this.cache[p.name] : undefined;
      next[p.name] = reuse ?? feedable(out[p.presentName]);
    }
    this.cache = next;
  }

  async start(prefix: readonly number[]): Promise<Float32Array> {
    const encoder = this.model.encoderSession!;
    const ids = int64(this.encoderIds, [1, this.encoderIds.length]);
    this.encoderMask = int64(new Array<number>(this.encoderIds.length).fill(1), [1, this.encoderIds.length]);
    const feeds: Feeds = { input_ids: ids, attention_mask: this.encoderMask };
    if (encoder.inputNames.includes('global_attention_mask')) {
      // LED / PRIMERA: global attention on the first token (PRIMERA's own recipe also marks its <doc-sep> tokens).
      const global = new Array<number>(this.encoderIds.length).fill(0);
      global[0] = 1;
      const sep = this.model.tokenizer.get_vocab().get('<doc-sep>');
      if (sep !== undefined) this.encoderIds.forEach((id, i) => id === sep && (global[i] = 1));
      feeds.global_attention_mask = int64(global, [1, global.length]);
    }
    const wanted: Feeds = {};
    for (const name of encoder.inputNames) if (feeds[name]) wanted[name] = feeds[name];
    const encoded = (await encoder.run(wanted)) as Feeds;
    this.encoderStates = encoded.last_hidden_state ?? encoded[encoder.outputNames[0]];
    this.expanded.set(1, { states: this.encoderStates, mask: this.encoderMask });
    const out = await this.runDecoder(int64(prefix, [1, prefix.length]), 1, undefined);
    if (this.useCache) this.keepCache(out);
    else this.sequences = [[...prefix]];
    return lastPositionLogits(out.logits);
  }

  async step(tokens: readonly number[], origin: readonly number[]): Promise<Float32Array> {
    const rows = tokens.length;
    if (this.useCache) {
      let past = this.cache!;
      const prevRows = past[this.model.past[0].name].dims[0];
      if (!isIdentity(origin, prevRows)) {
        const reordered: Feeds = {};
        for (const [name, t] of Object.entries(past)) {
          // Every row attends to the same source, so the encoder half only needs copying when the row count changes.
          reordered[name] = name.includes('.encoder.') && origin.length === prevRows ? t : gatherRows(t, origin);
        }
        past = reordered;
        this.cache = past;
      }
      const out = await this.runDecoder(int64(tokens, [rows, 1]), rows, past);
      this.keepCache(out);
      return lastPositionLogits(out.logits);
    }
    this.sequences = origin.map((o, r) => [...this.sequences[o], tokens[r]]);
    const len = this.sequences[0].length;
    const out = await this.runDecoder(int64(this.sequences.flat(), [rows, len]), rows, undefined);
    return lastPositionLogits(out.logits);
  }

  async dispose(): Promise<void> {
    this.cache = undefined;
    this.expanded.clear();
  }
}

/** Decoder-only step model over onnx/model.onnx (past_key_values.{i}.key|value, attention_mask, position_ids). */
class CausalStepModel implements StepModel {
  private cache: Feeds | undefined;
  private pastLength = 0;
  private sequences: number[][] = [];

  constructor(
    private readonly model: OnnxTextModel,
    private readonly useCache: boolean,
  ) {}

  get vocabSize(): number {
    return this.model.vocabSize;
  }

  private async run(ids: number[][], past: Feeds | undefined, pastLength: number): Promise<Feeds> {
    const session = this.model.decoderSession;
    const rows = ids.length;
    const t = ids[0].length;
    const total = pastLength + t;
    const positions: number[] = [];
    for (let r = 0; r < rows; r++) for (let i = 0; i < t; i++) positions.push(pastLength + i);
    const feeds: Feeds = {
      input_ids: int64(ids.flat(), [rows, t]),
      attention_mask: int64(new Array<number>(rows * total).fill(1), [rows, total]),
      position_ids: int64(positions, [rows, t]),
      ...(past ?? emptyPast(this.model.past, rows)),
    };
    if (session.inputNames.includes('num_logits_to_keep')) feeds.num_logits_to_keep = int64([1], []);
    if (session.inputNames.includes('logits_to_keep')) feeds.logits_to_keep = int64([1], []);
    const wanted: Feeds = {};
    for (const name of session.inputNames) if (feeds[name]) wanted[name] = feeds[name];
    return (await session.run(wanted)) as Feeds;
  }

  private keepCache(out: Feeds): void {
    const next: Feeds = {};
    for (const p of this.model.past) next[p.name] = feedable(out[p.presentName]);
    this.cache = next;
  }

  async start(prefix: readonly number[]): Promise<Float32Array> {
    const out = await this.run([[...prefix]], undefined, 0);
    if (this.useCache) {
      this.keepCache(out);
      this.pastLength = prefix.length;
    } else this.sequences = [[...prefix]];
    return lastPositionLogits(out.logits);
  }

  async step(tokens: readonly number[], origin: readonly number[]): Promise<Float32Array> {
    if (this.useCache) {
      let past = this.cache!;
      const prevRows = past[this.model.past[0].name].dims[0];
      if (!isIdentity(origin, prevRows)) {
        const reordered: Feeds = {};
        for (const [name, t] of Object.entries(past)) reordered[name] = gatherRows(t, origin);
        past = reordered;
      }
      const out = await this.run(
        tokens.map((t) => [t]),
        past,
        this.pastLength,
      );
      this.keepCache(out);
      this.pastLength += 1;
      return lastPositionLogits(out.logits);
    }
    this.sequences = origin.map((o, r) => [...this.sequences[o], tokens[r]]);
    const out = await this.run(this.sequences, undefined, 0);
    return lastPositionLogits(out.logits);
  }

  async dispose(): Promise<void> {
    this.cache = undefined;
  }
}

interface LoadOnnxModelOptions {
  device?: DeviceSetting;
  dtype?: ModelDtype | 'auto';
  /** Tests: pretend the CUDA provider library is (not) installed. */
  cudaStatus?: CudaProviderStatus;
  /** Threads per session (default: onnxruntime's choice). */
  intraOpThreads?: number;
}

export interface GenerateOptions extends Partial<Omit<DecodeOptions, 'history'>> {
  /** Text the output must start with (e.g. CiteSum's "This paper"); it is part of the returned text. */
  forcedPrefix?: string;
  /** false = recompute the whole sequence every step (used to check the cache; slower). Default true. */
  useCache?: boolean;
}

interface GenerateResult extends DecodeResult {
  text: string;
  /** Token ids of the forced prefix followed by the generated ones. */
  outputIds: number[];
  promptTokens: number;
}

/** A loaded model: tokenizer, sessions on the chosen device, and the defaults from generation_config.json. */
export class OnnxTextModel {
  readonly kind: ModelKind;
  readonly vocabSize: number;
  readonly eosTokenIds: number[];
  /** Tokens the decoder starts from (seq2seq: decoder_start [+ forced BOS]); empty for decoder-only models. */
  readonly decoderStartIds: number[];
  readonly suppressTokenIds: number[];
  /** Longest input the model takes (tokens). */
  readonly maxInputTokens: number;
  readonly past: PastInput[];
  /** Outputs a cached seq2seq step needs (logits and the decoder half of the cache). */
  readonly decoderFetchesWithPast: string[];

  private constructor(
    readonly folder: ModelFolder,
    readonly tokenizer: PreTrainedTokenizer,
    readonly encoderSession: OrtSession | undefined,
    readonly decoderSession: OrtSession,
    readonly device: DeviceInUse,
    readonly fallbackMessage: string | undefined,
  ) {
    this.kind = folder.kind;
    const config = folder.config as Record<string, unknown>;
    const gen = folder.generationConfig;
    const logitsMeta = decoderSession.outputMetadata.find((m) => m.name === 'logits');
    const fromMeta = logitsMeta?.isTensor ? logitsMeta.shape[2] : undefined;
    this.vocabSize = typeof fromMeta === 'number' ? fromMeta : (folder.config.vocab_size ?? tokenizer.get_vocab().size);

    const eos = new Set<number>();
    for (const source of [gen.eos_token_id, folder.config.eos_token_id]) {
      for (const id of Array.isArray(source) ? source : source === undefined ? [] : [source]) eos.add(id);
    }
    if (typeof tokenizer.eos_token_id === 'number') eos.add(tokenizer.eos_token_id);
    if (eos.size === 0) throw new ModelFolderError(`${folder.dir}: no eos_token_id in generation_config.json or config.json.`, 'config.json');
    this.eosTokenIds = [...eos];

    const pad = gen.pad_token_id ?? folder.config.pad_token_id;
    if (this.kind === 'seq2seq') {
      const start = gen.decoder_start_token_id ?? folder.config.decoder_start_token_id ?? pad;
      if (start === undefined) {
        throw new ModelFolderError(`${folder.dir}: config.json has no decoder_start_token_id (or pad_token_id).`, 'config.json');
      }
      const forcedBos = gen.forced_bos_token_id ?? folder.config.forced_bos_token_id;
      this.decoderStartIds = forcedBos !== undefined && forcedBos !== null ? [start, forcedBos] : [start];
    } else this.decoderStartIds = [];
    const suppress = new Set<number>();
    if (pad !== undefined && pad !== null) suppress.add(pad);
    for (const id of this.decoderStartIds) suppress.add(id);
    if (typeof tokenizer.bos_token_id === 'number') suppress.add(tokenizer.bos_token_id);
    for (const id of this.eosTokenIds) suppress.delete(id);
    this.suppressTokenIds = [...suppress].filter((id) => id < this.vocabSize);

    const maxPos = num(config, 'max_position_embeddings', 'n_positions', 'max_seq_len');
    const tokMax = tokenizer.model_max_length as number | undefined;
    this.maxInputTokens = Math.min(maxPos ?? 4096, typeof tokMax === 'number' && tokMax < 1e6 ? tokMax : 1e9) || 512;

    const heads =
      num(config, 'num_key_value_heads', 'decoder_attention_heads', 'num_heads', 'num_attention_heads', 'n_head') ?? 1;
    const attnHeads = num(config, 'num_attention_heads', 'decoder_attention_heads', 'num_heads', 'n_head') ?? heads;
    const hidden = num(config, 'hidden_size', 'd_model', 'n_embd') ?? 0;
    const headDim = num(config, 'head_dim', 'd_kv') ?? Math.floor(hidden / attnHeads);
    this.past = pastInputs(decoderSession, heads, headDim);
    this.decoderFetchesWithPast = decoderSession.outputNames.filter((n) => !/^present\.\d+\.encoder\./.test(n));
  }

  static async load(dir: string, options: LoadOnnxModelOptions = {}): Promise<OnnxTextModel> {
    const folder = inspectModelFolder(dir, options.dtype ?? 'auto');
    const tokenizer = createTokenizer(folder);
    const { sessions, device, fallbackMessage } = await createSessions(folder.onnxFiles, {
      device: options.device ?? 'auto',
      cudaStatus: options.cudaStatus,
      sessionOptions: options.intraOpThreads ? { intraOpNumThreads: options.intraOpThreads } : undefined,
    }).catch((err: Error) => {
      throw explainLoadError(folder, err);
    });
    try {
      if (folder.kind === 'seq2seq') {
        const [encoder, decoder] = sessions;
        checkSessionIo(folder.dir, folder.onnxFiles[0], encoder.inputNames, encoder.outputNames, {
          inputs: ['input_ids'],
          outputs: ['last_hidden_state'],
        });
        checkSessionIo(folder.dir, folder.onnxFiles[1], decoder.inputNames, decoder.outputNames, {
          inputs: ['input_ids', 'encoder_hidden_states', 'use_cache_branch', 'past_key_values.0.decoder.key'],
          outputs: ['logits', 'present.0.decoder.key'],
        });
        return new OnnxTextModel(folder, tokenizer, encoder, decoder, device, fallbackMessage);
      }
      const [session] = sessions;
      checkSessionIo(folder.dir, folder.onnxFiles[0], session.inputNames, session.outputNames, {
        inputs: ['input_ids', 'attention_mask', 'past_key_values.0.key'],
        outputs: ['logits', 'present.0.key'],
      });
      return new OnnxTextModel(folder, tokenizer, undefined, session, device, fallbackMessage);
    } catch (err) {
      await Promise.all(sessions.map((s) => s.release().catch(() => undefined)));
      throw err;
    }
  }

  /** Token ids for `text` without special tokens; undefined when the tokenizer cannot represent it (unknown pieces). */
  encodePlain(text: string): number[] | undefined {
    const ids = this.tokenizer.encode(text, { add_special_tokens: false });
    const unk = this.tokenizer.unk_token_id;
    return ids.length === 0 || (typeof unk === 'number' && ids.includes(unk)) ? undefined : ids;
  }

  /** Encoder input for seq2seq models: special tokens added, truncated to the model's limit (keeping the final EOS). */
  encodeSource(text: string): number[] {
    const ids = this.tokenizer.encode(text, { add_special_tokens: true });
    if (ids.length <= this.maxInputTokens) return ids;
    const last = ids[ids.length - 1];
    const special = new Set(this.tokenizer.all_special_ids);
    return special.has(last) ? [...ids.slice(0, this.maxInputTokens - 1), last] : ids.slice(0, this.maxInputTokens);
  }

  hasChatTemplate(): boolean {
    // A string, or named templates ({default, tool_use, …}) when tokenizer_config.json lists several.
    const template: unknown = this.tokenizer.chat_template;
    if (typeof template === 'string') return template.length > 0;
    return !!template && typeof template === 'object' && Object.keys(template).length > 0;
  }

  /** Prompt ids for a decoder-only model: the chat template when the tokenizer has one, else the plain text. */
  encodePrompt(messages: { role: 'system' | 'user'; content: string }[]): number[] {
    if (this.hasChatTemplate()) {
      const text = this.tokenizer.apply_chat_template(messages, { add_generation_prompt: true, tokenize: false }) as string;
      return this.tokenizer.encode(text, { add_special_tokens: false });
    }
    // A base model without a chat template continues the text: end the prompt where the answer starts.
    const plain = messages.map((m) => m.content).join('\n\n') + '\n\nAnswer:';
    return this.tokenizer.encode(plain, { add_special_tokens: true });
  }

  /** Defaults from generation_config.json, as decode options (numbers the caller did not set). */
  defaultDecodeOptions(prefixLength: number): Omit<DecodeOptions, 'eosTokenIds'> {
    const gen = this.folder.generationConfig;
    const maxNew =
      gen.max_new_tokens ?? (gen.max_length !== undefined ? Math.max(1, gen.max_length - prefixLength) : 64);
    return {
      maxNewTokens: maxNew,
      minNewTokens: gen.min_length ? Math.max(0, gen.min_length - (this.kind === 'seq2seq' ? prefixLength : 0)) : 0,
      numBeams: gen.num_beams ?? 1,
      lengthPenalty: gen.length_penalty ?? 1,
      earlyStopping: gen.early_stopping ?? true,
      noRepeatNgramSize: gen.no_repeat_ngram_size ?? 0,
      repetitionPenalty: gen.repetition_penalty ?? 1,
    };
  }

  createStepModel(input: readonly number[], useCache = true): StepModel {
    const cache = useCache && this.past.length > 0;
    return this.kind === 'seq2seq' ? new Seq2SeqStepModel(this, input, cache) : new CausalStepModel(this, cache);
  }

  /**
   * Generates from `input`: for seq2seq the encoder ids (see encodeSource), for decoder-only models the prompt ids
   * (see encodePrompt). Options left unset come from generation_config.json.
   */
  async generate(input: readonly number[], options: GenerateOptions = {}): Promise<GenerateResult> {
    let forced: number[] = [];
    if (options.forcedPrefix) {
      const ids = this.encodePlain(options.forcedPrefix);
      if (ids) forced = ids;
    }
    const prefix =
      this.kind === 'seq2seq' ? [...this.decoderStartIds, ...forced] : [...input, ...forced];
    const defaults = this.defaultDecodeOptions(prefix.length);
    const decodeOptions: DecodeOptions = {
      ...defaults,
      ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)),
      eosTokenIds: options.eosTokenIds ?? this.eosTokenIds,
      suppressTokenIds: options.suppressTokenIds ?? this.suppressTokenIds,
      history: forced,
    };
    const stepModel = this.createStepModel(input, options.useCache ?? true);
    try {
      const result = await decode(stepModel, prefix, decodeOptions);
      const outputIds = [...forced, ...result.tokens];
      const text = outputIds.length ? this.tokenizer.decode(outputIds, { skip_special_tokens: true }).trim() : '';
      return { ...result, text, outputIds, promptTokens: input.length };
    } finally {
      await stepModel.dispose();
    }
  }

  async dispose(): Promise<void> {
    await Promise.all([this.encoderSession?.release(), this.decoderSession.release()].map((p) => p?.catch(() => undefined)));
  }
}

/** onnxruntime's load errors, turned into ModelFolderErrors that name the file (relative to the folder). */
export function explainLoadError(folder: ModelFolder, err: Error): Error {
  if (!(err instanceof Error) || err.name === 'DeviceError') return err;
  const external = /External data path does not exist: "([^"]+)"/.exec(err.message);
  if (external) {
    const rel = path.relative(folder.dir, external[1]);
    return new ModelFolderError(`Model folder ${folder.dir} is missing ${rel} (the weights of ${path.basename(rel, '_data')}, stored beside it).`, rel);
  }
  const failed = folder.onnxFiles.find((f) => err.message.includes(f) || err.message.includes(path.basename(f)));
  if (failed) {
    const rel = path.relative(folder.dir, failed);
    return new ModelFolderError(`Model folder ${folder.dir}: ${rel} could not be loaded by onnxruntime (${err.message.split('\n')[0]}).`, rel);
  }
  return err;
}

export function createTokenizer(folder: ModelFolder): PreTrainedTokenizer {
  const tf = loadTransformers();
  const tokenizerConfig = { ...folder.tokenizerConfig };
  // Newer exports keep the chat template in its own file.
  const jinja = path.join(folder.dir, 'chat_template.jinja');
  if (tokenizerConfig.chat_template === undefined && fs.existsSync(jinja)) {
    tokenizerConfig.chat_template = fs.readFileSync(jinja, 'utf8');
  }
  const className = String(tokenizerConfig.tokenizer_class ?? '').replace(/Fast$/, '');
  const registry = tf as unknown as Record<string, unknown>;
  const candidate = className ? registry[className] : undefined;
  const Cls = (
    typeof candidate === 'function' && (candidate === tf.PreTrainedTokenizer || candidate.prototype instanceof tf.PreTrainedTokenizer)
      ? candidate
      : tf.PreTrainedTokenizer
  ) as typeof tf.PreTrainedTokenizer;
  try {
    return new Cls(folder.tokenizerJson, tokenizerConfig);
  } catch (err) {
    throw new ModelFolderError(`${folder.dir}: tokenizer.json could not be loaded (${(err as Error).message}).`, 'tokenizer.json');
  }
}
