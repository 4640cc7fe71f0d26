// Validates a model folder in the Hugging Face Optimum / transformers.js layout and finds its ONNX files.
// Every failure names the file that is missing or wrong, relative to the folder, so the user can fix it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ModelFolderError } from './errors';

export type ModelKind = 'seq2seq' | 'causal';

/** Weight variants as transformers.js names them, with the file-name suffix each uses. */
const DTYPE_SUFFIXES = {
  fp32: '',
  fp16: '_fp16',
  q8: '_quantized',
  int8: '_int8',
  uint8: '_uint8',
  q4: '_q4',
  q4f16: '_q4f16',
  bnb4: '_bnb4',
} as const;
export type ModelDtype = keyof typeof DTYPE_SUFFIXES;
/** `auto` takes the first variant present in this order (full precision first: it is what the export checks). */
export const DTYPE_PREFERENCE: ModelDtype[] = ['fp32', 'q8', 'int8', 'uint8', 'fp16', 'q4', 'q4f16', 'bnb4'];

/** Model types that are encoder-decoder even when config.json omits `is_encoder_decoder`. */
const SEQ2SEQ_TYPES = new Set([
  'bart', 'mbart', 't5', 'mt5', 'longt5', 'pegasus', 'pegasus_x', 'led', 'marian', 'm2m_100', 'blenderbot',
  'blenderbot-small', 'prophetnet', 'bigbird_pegasus', 'umt5', 'flan-t5',
]);

export interface ModelConfig {
  model_type?: string;
  is_encoder_decoder?: boolean;
  vocab_size?: number;
  max_position_embeddings?: number;
  n_positions?: number;
  decoder_start_token_id?: number;
  bos_token_id?: number;
  eos_token_id?: number | number[];
  pad_token_id?: number;
  forced_bos_token_id?: number;
  [key: string]: unknown;
}

interface GenerationConfigFile {
  decoder_start_token_id?: number;
  bos_token_id?: number;
  eos_token_id?: number | number[];
  pad_token_id?: number;
  forced_bos_token_id?: number;
  num_beams?: number;
  max_length?: number;
  max_new_tokens?: number;
  min_length?: number;
  no_repeat_ngram_size?: number;
  repetition_penalty?: number;
  length_penalty?: number;
  early_stopping?: boolean;
  [key: string]: unknown;
}

export interface ModelFolder {
  dir: string;
  kind: ModelKind;
  dtype: ModelDtype;
  config: ModelConfig;
  /** generation_config.json, or {} when the folder has none (then config.json's token ids apply). */
  generationConfig: GenerationConfigFile;
  tokenizerJson: unknown;
  tokenizerConfig: Record<string, unknown>;
  /** Absolute paths of the ONNX graphs: [encoder, merged decoder] for seq2seq, [model] for causal. */
  onnxFiles: string[];
}

function readJson(dir: string, file: string, required: boolean, what: string): unknown {
  const full = path.join(dir, file);
  if (!fs.existsSync(full)) {
    if (!required) return undefined;
    throw new ModelFolderError(`Model folder ${dir} is missing ${file} (${what}).`, file);
  }
  try {
    return JSON.parse(fs.readFileSync(full, 'utf8'));
  } catch (err) {
    throw new ModelFolderError(`Model folder ${dir}: ${file} is not valid JSON (${(err as Error).message}).`, file);
  }
}

export function modelKindOf(config: ModelConfig): ModelKind {
  if (config.is_encoder_decoder === true) return 'seq2seq';
  if (config.is_encoder_decoder === false) return 'causal';
  return SEQ2SEQ_TYPES.has(String(config.model_type ?? '').toLowerCase()) ? 'seq2seq' : 'causal';
}

/** The ONNX files (relative to the folder) a model of this kind needs for one dtype. */
export function onnxFilesFor(kind: ModelKind, dtype: ModelDtype): string[] {
  const sfx = DTYPE_SUFFIXES[dtype];
  return kind === 'seq2seq'
    ? [`onnx/encoder_model${sfx}.onnx`, `onnx/decoder_model_merged${sfx}.onnx`]
    : [`onnx/model${sfx}.onnx`];
}

function listOnnx(dir: string): string[] {
  try {
    return fs.readdirSync(path.join(dir, 'onnx')).filter((f) => f.endsWith('.onnx'));
  } catch {
    return [];
  }
}

function chooseDtype(dir: string, kind: ModelKind, requested: ModelDtype | 'auto'): ModelDtype {
  const present = new Set(listOnnx(dir).map((f) => `onnx/${f}`));
  const describe = () =>
    present.size ? `it has ${[...present].sort().join(', ')}` : 'its onnx/ folder has no .onnx files';
  const kindLabel = kind === 'seq2seq' ? 'an encoder-decoder (seq2seq)' : 'a decoder-only (causal)';
  if (requested !== 'auto') {
    const missing = onnxFilesFor(kind, requested).find((f) => !present.has(f));
    if (missing) {
      throw new ModelFolderError(
        `Model folder ${dir} is missing ${missing}: config.json describes ${kindLabel} model and dtype '${requested}' was requested; ${describe()}.`,
        missing,
      );
    }
    return requested;
  }
  for (const dtype of DTYPE_PREFERENCE) {
    if (onnxFilesFor(kind, dtype).every((f) => present.has(f))) return dtype;
  }
  // Name the first file of the variant that is closest to complete, so the message points at what to fetch.
  let best: { dtype: ModelDtype; have: number } = { dtype: 'fp32', have: -1 };
  for (const dtype of DTYPE_PREFERENCE) {
    const have = onnxFilesFor(kind, dtype).filter((f) => present.has(f)).length;
    if (have > best.have) best = { dtype, have };
  }
  const missing = onnxFilesFor(kind, best.dtype).find((f) => !present.has(f))!;
  let hint = '';
  if (kind === 'seq2seq' && [...present].some((f) => /decoder_with_past_model/.test(f))) {
    hint =
      ' The folder has separate decoder_model/decoder_with_past_model files; CiteScribe needs the merged decoder Optimum exports' +
      ' by default (optimum-cli export onnx --task text2text-generation-with-past).';
  } else if (kind === 'causal' && [...present].some((f) => /encoder_model/.test(f))) {
    hint = ' The ONNX files look like an encoder-decoder export, but config.json does not say so: the folder and its config do not match.';
  } else if (kind === 'seq2seq' && [...present].some((f) => /^onnx\/model(_\w+)?\.onnx$/.test(f))) {
    hint = ' The ONNX files look like a decoder-only export, but config.json describes an encoder-decoder model: the folder and its config do not match.';
  }
  throw new ModelFolderError(
    `Model folder ${dir} is missing ${missing}: config.json describes ${kindLabel} model (model_type '${String(
      (readJson(dir, 'config.json', false, '') as ModelConfig | undefined)?.model_type ?? '?',
    )}'); ${describe()}.${hint}`,
    missing,
  );
}

/** Reads and checks a model folder. Throws ModelFolderError naming the first missing or unreadable file. */
export function inspectModelFolder(dir: string, dtype: ModelDtype | 'auto' = 'auto'): ModelFolder {
  const abs = path.resolve(dir);
  if (!fs.existsSync(abs) || !fs.statSync(abs).isDirectory()) {
    throw new ModelFolderError(`Model folder ${abs} does not exist (citescribe.model.path / --model).`);
  }
  const config = readJson(abs, 'config.json', true, 'model architecture and token ids') as ModelConfig;
  if (typeof config !== 'object' || config === null) {
    throw new ModelFolderError(`Model folder ${abs}: config.json is not a JSON object.`, 'config.json');
  }
  const tokenizerJson = readJson(abs, 'tokenizer.json', true, 'the tokenizer; a "fast" tokenizer export is required');
  const tokenizerConfig = (readJson(abs, 'tokenizer_config.json', true, 'tokenizer settings and chat template') ??
    {}) as Record<string, unknown>;
  const generationConfig = (readJson(abs, 'generation_config.json', false, '') ?? {}) as GenerationConfigFile;
  const kind = modelKindOf(config);
  const chosen = chooseDtype(abs, kind, dtype);
  const onnxFiles = onnxFilesFor(kind, chosen).map((f) => path.join(abs, f));
  for (const file of onnxFiles) {
    if (fs.statSync(file).size === 0) {
      const rel = path.relative(abs, file);
      throw new ModelFolderError(`Model folder ${abs}: ${rel} is empty (an interrupted download?).`, rel);
    }
  }
  return { dir: abs, kind, dtype: chosen, config, generationConfig, tokenizerJson, tokenizerConfig, onnxFiles };
}

/** Checks the names of a loaded session's inputs/outputs against what the decoding loop will feed it. */
export function checkSessionIo(
  dir: string,
  file: string,
  inputNames: readonly string[],
  outputNames: readonly string[],
  required: { inputs: string[]; outputs: string[] },
): void {
  const rel = path.relative(dir, file);
  for (const name of required.inputs) {
    if (!inputNames.includes(name)) {
      throw new ModelFolderError(
        `${rel} in ${dir} has no input '${name}' (it has ${inputNames.join(', ')}); it is not the ${path.basename(
          rel,
        )} export CiteScribe expects.`,
        rel,
      );
    }
  }
  for (const name of required.outputs) {
    if (!outputNames.includes(name)) {
      throw new ModelFolderError(`${rel} in ${dir} has no output '${name}' (it has ${outputNames.join(', ')}).`, rel);
    }
  }
}
