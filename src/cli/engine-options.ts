// The engine flags shared by `cite`, `draft` and `eval`: --engine default|onnx|server, --model, --device, --url.
// Engines come from the registry; importing the neural registration loads no native module (that happens on
// the first sentence the ONNX engine writes).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { UsageError, type CliIO, type OptionSpec } from './args';
import '../core/engines';
import { availableEngines, createEngine } from '../core/engines/registry';
import '../core/neural/register';
import { embedderFromSettings, type NeuralEngineSettings } from '../core/neural/register';
import { isGgufFile } from '../core/neural/gguf-engine';
import type { EmbedTexts, Engine } from '../core/types';
import type { EmbeddingRanking } from '../core/suggest/embedding-rank';

export const ENGINE_OPTIONS: OptionSpec = {
  engine: { type: 'string', default: 'default' },
  model: { type: 'string' },
  device: { type: 'string' },
  url: { type: 'string' },
  'allow-download': { type: 'boolean', default: false },
  embeddings: { type: 'string' },
  'embeddings-model': { type: 'string' },
  deadline: { type: 'string' },
};

export const ENGINE_USAGE = [
  '  --engine default|onnx|server|gguf   which engine writes (default: default)',
  '  --model DIR|ID|FILE            onnx: model folder (Optimum layout) or Hugging Face id; server: model name;',
  '                                 gguf: a .gguf file (or an Ollama blob), run by node-llama-cpp if installed',
  '  --device auto|cuda|cpu         onnx (and --embeddings): execution device (default auto: CUDA if available, else CPU)',
  '  --allow-download               download --model ID / --embeddings ID into $CITESCRIBE_MODEL_CACHE (~/.cache/citescribe/models)',
  '  --url URL                      server: OpenAI-compatible endpoint, e.g. http://localhost:8000/v1',
  '                                 (API key from $CITESCRIBE_SERVER_API_KEY, if the server needs one)',
  '  --embeddings DIR|ID|URL        any engine: a sentence encoder (Optimum feature-extraction export, or its id, or a',
  '                                 server: an OpenAI-compatible base URL, or Ollama\'s http://127.0.0.1:11434/api/embed) that',
  '                                 groups the works of a draft by meaning (default: TF-IDF over their abstracts)',
  '  --embeddings-model NAME        with --embeddings URL: the embedding model on that server (e.g. nomic-embed-text)',
  '  --deadline SECONDS             server and --embeddings URL: the longest one reply may take, keep-alives or not',
  '                                 (default 300 for a chat reply, 120 for a batch of embeddings)',
].join('\n');

export interface EngineFlags {
  engine?: string;
  model?: string;
  device?: string;
  url?: string;
  'allow-download'?: boolean;
  embeddings?: string;
  'embeddings-model'?: string;
  deadline?: string;
}

/** "owner/name" that is not a path on disk: a Hugging Face id. */
function looksLikeModelId(value: string): boolean {
  return /^[\w.-]+\/[\w.-]+$/.test(value) && !fs.existsSync(value);
}

/** Where --allow-download puts models: $CITESCRIBE_MODEL_CACHE or ~/.cache/citescribe/models. */
function modelCache(): string {
  return process.env.CITESCRIBE_MODEL_CACHE ?? path.join(os.homedir(), '.cache', 'citescribe', 'models');
}

function parseDevice(device: string): 'auto' | 'cuda' | 'cpu' {
  if (device !== 'auto' && device !== 'cuda' && device !== 'cpu') throw new UsageError(`--device must be auto, cuda or cpu (got '${device}')`);
  return device;
}

/** Turns the engine flags into an Engine (validating combinations); messages about the device go to io.err. */
export async function engineFromFlags(flags: EngineFlags, io?: Partial<Pick<CliIO, 'err' | 'packageRoot'>>): Promise<Engine> {
  const id = flags.engine ?? 'default';
  if (!availableEngines().includes(id)) {
    throw new UsageError(`--engine must be one of ${availableEngines().join(', ')} (got '${id}')`);
  }
  const settings: NeuralEngineSettings = { log: (message) => io?.err?.(`citescribe: ${message}`) };
  if (flags.deadline !== undefined) {
    const seconds = Number(flags.deadline);
    if (!(seconds > 0) || !Number.isFinite(seconds)) throw new UsageError(`--deadline must be a number of seconds above 0 (got '${flags.deadline}')`);
    if (id !== 'server' && !/^https?:\/\//.test(flags.embeddings ?? '')) throw new UsageError('--deadline is for --engine server and --embeddings URL');
    settings.deadlineMs = Math.round(seconds * 1000);
  }
  applyEmbeddingFlags(flags, settings);
  if (id === 'default') {
    for (const flag of ['model', 'url'] as const) {
      if (flags[flag] !== undefined) throw new UsageError(`--${flag} needs --engine onnx or --engine server`);
    }
    // The default engine runs a model only to embed, so --device needs --embeddings.
    if (flags.device !== undefined && flags.embeddings === undefined) throw new UsageError('--device needs --engine onnx or --embeddings DIR');
    if (flags.device !== undefined) settings.device = parseDevice(flags.device);
    return createEngine('default', { packageRoot: io?.packageRoot, settings: settings as Record<string, unknown> });
  }
  if (id === 'onnx') {
    if (!flags.model) throw new UsageError('--engine onnx needs --model DIR (a model folder in the Optimum layout)');
    if (flags.url !== undefined) throw new UsageError('--url is for --engine server');
    settings.device = parseDevice(flags.device ?? 'auto');
    if (looksLikeModelId(flags.model)) {
      settings.modelId = flags.model;
      settings.cacheDir = modelCache();
      settings.allowDownload = flags['allow-download'] === true;
    } else settings.modelPath = flags.model;
  } else if (id === 'gguf') {
    if (!flags.model) throw new UsageError('--engine gguf needs --model FILE (a .gguf file, or an Ollama blob)');
    if (flags.url !== undefined) throw new UsageError('--url is for --engine server');
    settings.ggufPath = flags.model;
    settings.device = parseDevice(flags.device ?? 'auto');
  } else if (id === 'server') {
    if (!flags.url) throw new UsageError('--engine server needs --url URL (an OpenAI-compatible endpoint)');
    if (!flags.model) throw new UsageError('--engine server needs --model NAME (the model name the server knows)');
    if (flags.device !== undefined) throw new UsageError('--device is for --engine onnx');
    settings.serverUrl = flags.url;
    settings.serverModel = flags.model;
    settings.apiKey = process.env.CITESCRIBE_SERVER_API_KEY || undefined;
  }
  return createEngine(id, { settings: settings as Record<string, unknown> });
}

/** --embeddings and --embeddings-model into the settings (checked: a folder, a GGUF file, an id, or a URL with a model). */
function applyEmbeddingFlags(flags: EngineFlags, settings: NeuralEngineSettings): void {
  if (flags['embeddings-model'] !== undefined && !/^https?:\/\//.test(flags.embeddings ?? '')) throw new UsageError('--embeddings-model needs --embeddings URL (a server)');
  if (flags.embeddings !== undefined) {
    if (/^https?:\/\//.test(flags.embeddings)) {
      if (!flags['embeddings-model']) throw new UsageError('--embeddings URL needs --embeddings-model NAME (the embedding model on that server)');
      settings.embeddingsUrl = flags.embeddings;
      settings.embeddingsModel = flags['embeddings-model'];
    } else if (looksLikeModelId(flags.embeddings)) {
      settings.embeddingsId = flags.embeddings;
      settings.cacheDir = modelCache();
      settings.allowDownload = flags['allow-download'] === true;
    } else if (fs.existsSync(flags.embeddings) && fs.statSync(flags.embeddings).isFile() && isGgufFile(flags.embeddings)) {
      settings.embeddingsPath = flags.embeddings;
    } else if (!fs.existsSync(flags.embeddings) || !fs.statSync(flags.embeddings).isDirectory()) {
      throw new UsageError(`--embeddings must be a model folder, a GGUF file, a Hugging Face id or a server URL (got '${flags.embeddings}', which is none of them)`);
    } else settings.embeddingsPath = flags.embeddings;
  }
}

/** The flags of an embedding model alone (suggest, check, eval suggest/verify): the engine's, less the engine. */
export const EMBEDDING_OPTIONS: OptionSpec = {
  embeddings: { type: 'string' },
  'embeddings-model': { type: 'string' },
  device: { type: 'string' },
  'allow-download': { type: 'boolean', default: false },
  deadline: { type: 'string' },
};

export const EMBEDDING_USAGE = [
  '  --embeddings DIR|ID|FILE|URL   an embedding model (as for draft): works are also ranked by meaning, fused with the',
  '                                 word ranking (reciprocal rank fusion); a model that fails is noted and the words rank alone',
  '  --embeddings-model NAME        with --embeddings URL: the embedding model on that server (e.g. nomic-embed-text)',
  '  --device auto|cuda|cpu         with --embeddings DIR|ID|FILE: where the model runs (default auto)',
  '  --allow-download               download --embeddings ID into $CITESCRIBE_MODEL_CACHE (~/.cache/citescribe/models)',
  '  --deadline SECONDS             with --embeddings URL: the longest one batch of embeddings may take (default 120)',
].join('\n');

/**
 * The embedding model the flags name (EMBEDDING_OPTIONS), loaded on first use; undefined without --embeddings (then
 * the flags that only serve a model are refused). Messages about the model go to io.err.
 */
export function embedderFromFlags(flags: EngineFlags, io?: Partial<Pick<CliIO, 'err'>>): EmbedTexts | undefined {
  if (flags.embeddings === undefined) {
    for (const flag of ['embeddings-model', 'device', 'deadline'] as const) if (flags[flag] !== undefined) throw new UsageError(`--${flag} needs --embeddings`);
    return undefined;
  }
  const settings: NeuralEngineSettings = { log: (message) => io?.err?.(`citescribe: ${message}`) };
  applyEmbeddingFlags(flags, settings);
  if (flags.device !== undefined) settings.device = parseDevice(flags.device);
  if (flags.deadline !== undefined) {
    const seconds = Number(flags.deadline);
    if (!(seconds > 0) || !Number.isFinite(seconds)) throw new UsageError(`--deadline must be a number of seconds above 0 (got '${flags.deadline}')`);
    if (!settings.embeddingsUrl) throw new UsageError('--deadline is for --embeddings URL');
    settings.deadlineMs = Math.round(seconds * 1000);
  }
  return embedderFromSettings(settings);
}

/** The embedding model of --embeddings with its notes (a failure, and the fallback) on stderr; undefined without one. */
export function embeddingRanking(flags: EngineFlags, io: Pick<CliIO, 'err'>): EmbeddingRanking | undefined {
  const embed = embedderFromFlags(flags, io);
  return embed && { embed, onNote: (note) => io.err(`citescribe: ${note}`) };
}
