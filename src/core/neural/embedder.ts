// A sentence encoder (an Optimum feature-extraction export: BERT, MiniLM, E5, BGE …) that turns the cited works'
// titles and abstracts into vectors, so that the draft planner groups works by meaning, not only by shared words.
// Loaded on first use, like the generation models; onnxruntime-node is required only then.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { PreTrainedTokenizer } from '@huggingface/transformers';
import { throwIfCancelled, type EmbedTexts } from '../types';
import { resolveModelFolder, type DownloadProgress, type ModelSource } from './download';
import { ModelFolderError } from './errors';
import { checkSessionIo, inspectModelFolder, type ModelDtype, type ModelFolder } from './model-folder';
import { createTokenizer, explainLoadError, halfToFloat } from './onnx-model';
import { createSessions, loadOrt, type CudaProviderStatus, type DeviceInUse, type DeviceSetting, type OrtSession, type OrtTensor } from './runtime';

interface LoadEmbedderOptions {
  device?: DeviceSetting;
  dtype?: ModelDtype | 'auto';
  cudaStatus?: CudaProviderStatus;
}

/** Texts encoded together; an abstract is a few hundred tokens, so a batch stays small in memory. */
const BATCH = 8;
/** Longer inputs are cut: the title and the start of the abstract say what a work is about. */
const MAX_TOKENS = 512;

function floats(t: OrtTensor): Float32Array {
  if (t.type === 'float32') return t.data as Float32Array;
  if (t.type === 'float16') {
    const data = t.data as unknown as ArrayBufferView & { length: number };
    const bits = new Uint16Array(data.buffer, data.byteOffset, data.length);
    return Float32Array.from(bits, halfToFloat);
  }
  throw new Error(`the encoder returned ${t.type} values; float32 or float16 expected`);
}

export function unitLength(v: number[]): number[] {
  let s = 0;
  for (const x of v) s += x * x;
  const n = Math.sqrt(s);
  return n > 0 ? v.map((x) => x / n) : v;
}

type PoolingMode = 'cls' | 'max' | 'mean' | 'weightedmean' | 'lasttoken';

/**
 * The pooling a sentence-transformers folder asks for in 1_Pooling/config.json (BGE pools the [CLS] vector, MiniLM
 * the mean, GTE-Qwen the last token), in the order sentence-transformers concatenates several; the mean without one.
 * "mean_sqrt_len" is the mean scaled, the same direction once the vector is made unit length.
 */
function poolingModes(dir: string): PoolingMode[] {
  const file = path.join(dir, '1_Pooling', 'config.json');
  if (!fs.existsSync(file)) return ['mean'];
  let config: Record<string, unknown>;
  try {
    config = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (err) {
    throw new ModelFolderError(`Model folder ${dir}: 1_Pooling/config.json is not valid JSON (${(err as Error).message}).`, '1_Pooling/config.json');
  }
  const on = (key: string) => config[key] === true;
  const modes: PoolingMode[] = [];
  if (on('pooling_mode_cls_token')) modes.push('cls');
  if (on('pooling_mode_max_tokens')) modes.push('max');
  if (on('pooling_mode_mean_tokens') || on('pooling_mode_mean_sqrt_len_tokens')) modes.push('mean');
  if (on('pooling_mode_weightedmean_tokens')) modes.push('weightedmean');
  if (on('pooling_mode_lasttoken')) modes.push('lasttoken');
  if (!modes.length) {
    throw new ModelFolderError(
      `Model folder ${dir}: 1_Pooling/config.json names no pooling mode CiteScribe knows (cls, max, mean, weightedmean, lasttoken).`,
      '1_Pooling/config.json',
    );
  }
  return modes;
}

/** One pooled vector of a text's `length` token vectors (`at(j)`, each `d` wide). */
function pool(mode: PoolingMode, length: number, d: number, at: (j: number) => Float32Array): number[] {
  if (mode === 'cls') return Array.from(at(0));
  if (mode === 'lasttoken') return Array.from(at(length - 1));
  const v = new Array<number>(d).fill(mode === 'max' ? -Infinity : 0);
  let total = 0;
  for (let j = 0; j < length; j++) {
    const row = at(j);
    // Weighted mean: later tokens count more (weight = position + 1), as sentence-transformers does.
    const w = mode === 'weightedmean' ? j + 1 : 1;
    total += w;
    for (let k = 0; k < d; k++) v[k] = mode === 'max' ? Math.max(v[k], row[k]) : v[k] + w * row[k];
  }
  return mode === 'max' ? v : v.map((x) => x / total);
}

export class OnnxEmbedder {
  /** Inputs are cut to this many tokens (the model's limit, at most MAX_TOKENS). */
  readonly maxTokens: number;
  /** How token vectors become one (1_Pooling/config.json; the mean without one). */
  readonly pooling: PoolingMode[];
  private readonly padId: number;

  private constructor(
    readonly folder: ModelFolder,
    private readonly tokenizer: PreTrainedTokenizer,
    private readonly session: OrtSession,
    readonly device: DeviceInUse,
    readonly fallbackMessage: string | undefined,
  ) {
    const config = folder.config as Record<string, unknown>;
    const maxPos = typeof config.max_position_embeddings === 'number' ? config.max_position_embeddings : MAX_TOKENS;
    const tokMax = tokenizer.model_max_length as number | undefined;
    this.maxTokens = Math.min(MAX_TOKENS, maxPos, typeof tokMax === 'number' && tokMax > 0 ? tokMax : MAX_TOKENS);
    this.pooling = poolingModes(folder.dir);
    const pad = tokenizer.pad_token_id ?? (config.pad_token_id as number | undefined);
    this.padId = typeof pad === 'number' ? pad : 0;
  }

  static async load(dir: string, options: LoadEmbedderOptions = {}): Promise<OnnxEmbedder> {
    const folder = inspectModelFolder(dir, options.dtype ?? 'auto');
    if (folder.kind !== 'causal' || folder.onnxFiles.length !== 1) {
      throw new ModelFolderError(`${folder.dir} is an encoder-decoder (seq2seq) export; an embedding model is one onnx/model.onnx (optimum-cli export onnx --task feature-extraction).`);
    }
    const tokenizer = createTokenizer(folder);
    const { sessions, device, fallbackMessage } = await createSessions(folder.onnxFiles, { device: options.device ?? 'auto', cudaStatus: options.cudaStatus }).catch(
      (err: Error) => {
        throw explainLoadError(folder, err);
      },
    );
    const [session] = sessions;
    try {
      if (session.inputNames.some((n) => n.startsWith('past_key_values'))) {
        throw new ModelFolderError(`${folder.dir} is a text-generation export (it takes past_key_values); an embedding model is a feature-extraction export.`);
      }
      const outputs = session.outputNames;
      const pooled = ['sentence_embedding', 'last_hidden_state', 'token_embeddings'].find((o) => outputs.includes(o));
      checkSessionIo(folder.dir, folder.onnxFiles[0], session.inputNames, outputs, { inputs: ['input_ids', 'attention_mask'], outputs: pooled ? [] : ['last_hidden_state'] });
      return new OnnxEmbedder(folder, tokenizer, session, device, fallbackMessage);
    } catch (err) {
      await session.release().catch(() => undefined);
      throw err;
    }
  }

  /** Unit-length embeddings: the model's sentence_embedding output where it has one, else its token vectors pooled. */
  async embed(texts: readonly string[], signal?: AbortSignal): Promise<number[][]> {
    const out: number[][] = [];
    for (let at = 0; at < texts.length; at += BATCH) {
      throwIfCancelled(signal);
      out.push(...(await this.embedBatch(texts.slice(at, at + BATCH))));
    }
    return out;
  }

  private async embedBatch(texts: readonly string[]): Promise<number[][]> {
    const ort = loadOrt();
    const rows = texts.map((t) => {
      const ids = this.tokenizer.encode(t, { add_special_tokens: true });
      // Keep the closing special token ([SEP], </s>) that the model saw in training.
      return ids.length <= this.maxTokens ? ids : [...ids.slice(0, this.maxTokens - 1), ids[ids.length - 1]];
    });
    const width = Math.max(1, ...rows.map((r) => r.length));
    const ids = new BigInt64Array(rows.length * width).fill(BigInt(this.padId));
    const mask = new BigInt64Array(rows.length * width);
    rows.forEach((r, i) => r.forEach((id, j) => ((ids[i * width + j] = BigInt(id)), (mask[i * width + j] = 1n))));
    const dims = [rows.length, width];
    const feeds: Record<string, OrtTensor> = { input_ids: new ort.Tensor('int64', ids, dims), attention_mask: new ort.Tensor('int64', mask, dims) };
    if (this.session.inputNames.includes('token_type_ids')) feeds.token_type_ids = new ort.Tensor('int64', new BigInt64Array(rows.length * width), dims);
    if (this.session.inputNames.includes('position_ids')) {
      feeds.position_ids = new ort.Tensor('int64', BigInt64Array.from({ length: rows.length * width }, (_, k) => BigInt(k % width)), dims);
    }
    const result = await this.session.run(feeds);
    if (result.sentence_embedding) {
      const [n, d] = result.sentence_embedding.dims;
      const data = floats(result.sentence_embedding);
      return Array.from({ length: n }, (_, i) => unitLength(Array.from(data.subarray(i * d, (i + 1) * d))));
    }
    const tokens = result.last_hidden_state ?? result.token_embeddings;
    const [, steps, d] = tokens.dims;
    const data = floats(tokens);
    return rows.map((r, i) => {
      const at = (j: number) => data.subarray((i * steps + j) * d, (i * steps + j + 1) * d);
      return unitLength(this.pooling.flatMap((mode) => pool(mode, r.length, d, at)));
    });
  }

  async dispose(): Promise<void> {
    await this.session.release();
  }
}

/** Texts remembered by `cachedEmbeddings`: a library's titles and abstracts, a few MB of vectors. */
const CACHE_CAPACITY = 5000;

/**
 * `embed`, asked only for texts it has not embedded before (in this session): regenerating a draft, or drafting again
 * with a few keys more, embeds only what is new. The oldest texts are forgotten past `capacity`.
 */
export function cachedEmbeddings(embed: EmbedTexts, capacity = CACHE_CAPACITY): EmbedTexts {
  const cache = new Map<string, number[]>();
  return async (texts, signal) => {
    const missing = [...new Set(texts.filter((t) => !cache.has(t)))];
    if (missing.length) {
      const vectors = await embed(missing, signal);
      missing.forEach((t, i) => cache.set(t, vectors[i]));
      for (const oldest of cache.keys()) {
        if (cache.size <= capacity) break;
        cache.delete(oldest);
      }
    }
    // More texts than the capacity: those evicted within this call are embedded again, one by one.
    return Promise.all(texts.map(async (t) => cache.get(t) ?? (await embed([t], signal))[0]));
  };
}

interface LazyEmbedderOptions extends LoadEmbedderOptions {
  onLoad?: (embedder: OnnxEmbedder) => void;
  /** Bytes of a model id being downloaded (with consent, `source.allowDownload`). */
  onDownloadProgress?: (progress: DownloadProgress) => void;
}

/**
 * An EmbedTexts that loads the model on its first call (and reports the device once), so that creating an engine with
 * an embedding model configured costs nothing until a draft is planned; texts embedded once are cached. `source` is a
 * folder, or a Hugging Face id (citescribe.embeddings.id) downloaded into the model cache when allowed.
 */
export function lazyEmbedder(source: string | ModelSource, options: LazyEmbedderOptions = {}): EmbedTexts & { dispose(): Promise<void> } {
  const from: ModelSource = typeof source === 'string' ? { path: source } : { settings: { path: 'citescribe.embeddings.path', id: 'citescribe.embeddings.id' }, ...source };
  let loading: Promise<OnnxEmbedder> | undefined;
  const embed = cachedEmbeddings(async (texts: readonly string[], signal?: AbortSignal) => {
    if (!loading) {
      loading = resolveModelFolder(from, { signal, onProgress: options.onDownloadProgress }).then((dir) => OnnxEmbedder.load(dir, options));
      // A failed load is tried again next time (the user may fix the folder).
      loading.then(options.onLoad, () => (loading = undefined));
    }
    return (await loading).embed(texts, signal);
  });
  // After dispose the model is loaded again if asked (the cached vectors stay).
  const dispose = async () => {
    const loaded = loading;
    loading = undefined;
    await (await loaded?.catch(() => undefined))?.dispose();
  };
  return Object.assign(embed, { dispose });
}
