// The engine flags shared by `cite`, `draft` and `eval`: --engine default|onnx|server, --model, --device, --url; and
// the embedding model's flags (--embeddings …), which `suggest` and `check` take too.
// Engines come from the registry; importing the neural registration loads no native module (that happens on
// the first sentence the ONNX engine writes).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { UsageError, type CliIO } from './args';
import { checkOptionValue, declareOptions } from './options';
import '../core/engines';
import { availableEngines, createEngine } from '../core/engines/registry';
import '../core/neural/register';
import { embedderFromSettings, type NeuralEngineSettings } from '../core/neural/register';
import { isGgufFile } from '../core/neural/gguf-engine';
import type { EmbedTexts, Engine } from '../core/types';
import type { EmbeddingRanking } from '../core/suggest/embedding-rank';

/**
 * The flags of an embedding model, declared once: draft and eval related-work plan drafts with it (through
 * ENGINE_OPTIONS, which holds them), suggest, check, eval suggest and eval verify rank works by meaning with it
 * (embeddingRanking). --device, --allow-download and --deadline serve an engine's model as well.
 */
export const EMBEDDING_OPTIONS = declareOptions({
  embeddings: {
    type: 'string',
    valueName: 'DIR|ID|URL',
    description:
      'a sentence encoder (Optimum feature-extraction export, or its id, or a server: an OpenAI-compatible base URL, or ' +
      "Ollama's http://127.0.0.1:11434/api/embed). draft, eval related-work: it groups the works of a draft by meaning " +
      '(when not given: TF-IDF over their abstracts); suggest, check, eval suggest, eval verify: works are also ranked by ' +
      "meaning, fused with the words' ranking (reciprocal rank fusion), and a model that fails is noted and the words rank alone",
  },
  'embeddings-model': { type: 'string', valueName: 'NAME', description: 'with --embeddings URL: the embedding model on that server (e.g. nomic-embed-text)' },
  device: { type: 'string', choices: ['auto', 'cuda', 'cpu'], description: 'onnx, gguf (and --embeddings): execution device (when not given: auto, CUDA if available, else CPU)' },
  'allow-download': { type: 'boolean', default: false, description: 'download --model ID / --embeddings ID into $CITESCRIBE_MODEL_CACHE (~/.cache/citescribe/models)' },
  deadline: {
    type: 'string',
    valueName: 'SECONDS',
    number: { above: 0, unit: 'seconds' },
    description: 'server and --embeddings URL: the longest one reply may take, keep-alives or not (when not given: 300 for a chat reply, 120 for a batch of embeddings)',
  },
});

/** The engine flags, declared once: `cite`, `draft` and `eval` spread them into their own options. */
export const ENGINE_OPTIONS = declareOptions({
  engine: { type: 'string', choices: availableEngines(), default: 'default', description: 'which engine writes' },
  model: {
    type: 'string',
    valueName: 'DIR|ID|FILE',
    description: 'onnx: model folder (Optimum layout) or Hugging Face id; server: model name; gguf: a .gguf file (or an Ollama blob), run by node-llama-cpp if installed',
  },
  device: EMBEDDING_OPTIONS.device,
  url: {
    type: 'string',
    valueName: 'URL',
    description: 'server: OpenAI-compatible endpoint, e.g. http://localhost:8000/v1 (API key from $CITESCRIBE_SERVER_API_KEY, if the server needs one)',
  },
  'allow-download': EMBEDDING_OPTIONS['allow-download'],
  embeddings: EMBEDDING_OPTIONS.embeddings,
  'embeddings-model': EMBEDDING_OPTIONS['embeddings-model'],
  deadline: EMBEDDING_OPTIONS.deadline,
});

export interface EngineFlags {
  engine?: string;
  model?: string;
  device?: string;
  url?: string;
  'allow-download'?: boolean;
  embeddings?: string;
  'embeddings-model'?: string;
  /** Seconds: a number from the command line, or its text from a caller. */
  deadline?: number | string;
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
  return checkOptionValue('device', ENGINE_OPTIONS.device, device) as 'auto' | 'cuda' | 'cpu';
}

/** Turns the engine flags into an Engine (validating combinations); messages about the device go to io.err. */
export async function engineFromFlags(flags: EngineFlags, io?: Partial<Pick<CliIO, 'err' | 'packageRoot'>>): Promise<Engine> {
  const id = flags.engine ?? 'default';
  // The command line was checked by its declaration already; a caller's flags (tests, scripts) are checked here alike.
  checkOptionValue('engine', { ...ENGINE_OPTIONS.engine, choices: availableEngines() }, id);
  const settings: NeuralEngineSettings = { log: (message) => io?.err?.(`citescribe: ${message}`) };
  if (flags.deadline !== undefined) {
    const seconds = checkOptionValue('deadline', ENGINE_OPTIONS.deadline, String(flags.deadline)) as number;
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

/**
 * The embedding model the flags name (EMBEDDING_OPTIONS, as parsed), loaded on first use; undefined without
 * --embeddings (then the flags that only serve a model are refused). Messages about the model go to io.err.
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
    // The command line was checked by its declaration already; a caller's flags (tests, scripts) are checked here alike.
    const seconds = checkOptionValue('deadline', EMBEDDING_OPTIONS.deadline, String(flags.deadline)) as number;
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
