// Registers the 'onnx' and 'server' engines with the engine registry, and registers 'default' again so that every
// engine can plan drafts with a sentence encoder (settings.embeddingsPath). Importing this module loads no native
// code: onnxruntime-node and transformers.js are required only when a model first runs.
import { DefaultEngine } from '../engines/default-engine';
import { registerEngine, type EngineCreateOptions } from '../engines/registry';
import type { DownloadProgress } from './download';
import { lazyEmbedder } from './embedder';
import type { ModelDtype } from './model-folder';
import { OnnxEngine } from './onnx-engine';
import type { DeviceInUse, DeviceSetting } from './runtime';
import { ServerEngine } from './server';
import { GgufEngine, ggufEmbedder, isGgufFile, type LocateNodeLlamaCpp } from './gguf-engine';
import { serverEmbedder } from './server-embedder';
import type { EmbedTexts } from '../types';
import type { SentenceWriterEngine } from './writer-engine';

/**
 * Settings the neural engines read, passed as `createEngine(id, { settings })` (or flat, as the fields of the
 * options object). Names follow the extension's settings: citescribe.model.* and citescribe.server.*.
 */
export interface NeuralEngineSettings {
  /** citescribe.model.path: a model folder (wins over modelId). */
  modelPath?: string;
  /** citescribe.model.id: a Hugging Face id, downloaded into cacheDir on first use when allowDownload. */
  modelId?: string;
  modelRevision?: string;
  allowDownload?: boolean;
  /** Where downloaded models are kept (the extension's global storage). */
  cacheDir?: string;
  device?: DeviceSetting;
  dtype?: ModelDtype | 'auto';
  numBeams?: number;
  maxNewTokens?: number;
  /** citescribe.embeddings.path: a sentence-encoder folder that plans drafts (groups works by meaning). */
  embeddingsPath?: string;
  /** citescribe.embeddings.id: a sentence encoder's Hugging Face id, downloaded into cacheDir when allowDownload. */
  embeddingsId?: string;
  /** citescribe.embeddings.url / .model: embeddings from a server (OpenAI /v1/embeddings or Ollama /api/embed). */
  embeddingsUrl?: string;
  embeddingsModel?: string;
  /** citescribe.gguf.path: a GGUF file run in-process by node-llama-cpp (optional). */
  ggufPath?: string;
  /** Where node-llama-cpp is found when it is not installed beside CiteScribe (the extension downloads it, with consent). */
  locateNodeLlamaCpp?: LocateNodeLlamaCpp;
  /** citescribe.server.url / model and the API key from SecretStorage. */
  serverUrl?: string;
  serverModel?: string;
  /** citescribe.server.contextLength: the model's context in tokens, when known; the prompt is fitted within it. */
  serverContextLength?: number;
  apiKey?: string;
  timeoutMs?: number;
  /** The longest one reply (a chat completion, a batch of embeddings) may take; defaults in REPLY_LIMITS. */
  deadlineMs?: number;
  maxRetries?: number;
  /** One-line messages for the log (e.g. the CPU fallback). */
  log?: (message: string) => void;
  /** Called when the model has loaded, with the device in use (status bar). */
  onDevice?: (device: DeviceInUse) => void;
  /** Called once if `auto` fell back to CPU (a notification: why, and how to enable CUDA). */
  onDeviceMessage?: (message: string) => void;
  /** Bytes of a model being downloaded; `id` names it when it is not modelId (the embedding model). */
  onDownloadProgress?: (progress: DownloadProgress, id?: string) => void;
}

/**
 * Characters of prompt that fit a context of `tokens`: the reply's 96 tokens and the instructions (~200) kept free,
 * about 3 characters a token for scientific English (a cautious figure: 4 is usual). 12,000 at most, as unknown.
 */
export function promptCharsFor(tokens: number): number {
  return Math.max(1500, Math.min(12000, (tokens - 96 - 200) * 3));
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

function neuralSettings(options: EngineCreateOptions): NeuralEngineSettings {
  return (options.settings ?? (options as Record<string, unknown>)) as NeuralEngineSettings;
}

export function createOnnxEngine(settings: NeuralEngineSettings): OnnxEngine {
  if (!settings.modelPath && !settings.modelId) {
    throw new Error('The onnx engine needs a model: set citescribe.model.path (a folder) or citescribe.model.id (a Hugging Face id), or pass --model DIR.');
  }
  return new OnnxEngine({
    source: {
      path: settings.modelPath,
      id: settings.modelId,
      revision: settings.modelRevision,
      cacheDir: settings.cacheDir,
      allowDownload: settings.allowDownload ?? false,
      dtype: settings.dtype,
    },
    device: settings.device ?? 'auto',
    dtype: settings.dtype,
    generation: { numBeams: settings.numBeams, maxNewTokens: settings.maxNewTokens },
    onDevice: settings.onDevice,
    onDeviceMessage: (message) => {
      settings.log?.(message);
      settings.onDeviceMessage?.(message);
    },
    onDownloadProgress: settings.onDownloadProgress,
  });
}

export function createServerEngine(settings: NeuralEngineSettings): ServerEngine {
  if (!settings.serverUrl) throw new Error('The server engine needs citescribe.server.url (or --url URL).');
  if (!settings.serverModel) throw new Error('The server engine needs citescribe.server.model (or --model NAME).');
  return new ServerEngine({
    url: settings.serverUrl,
    model: settings.serverModel,
    apiKey: settings.apiKey,
    ...(settings.serverContextLength && { maxPromptChars: promptCharsFor(settings.serverContextLength) }),
    timeoutMs: settings.timeoutMs,
    deadlineMs: settings.deadlineMs,
    maxRetries: settings.maxRetries,
  });
}

/**
 * The default engine, planning drafts with the sentence encoder in settings.embeddingsPath when one is set (loaded on
 * the first draft, on settings.device).
 */
function createDefaultEngine(settings: NeuralEngineSettings): DefaultEngine {
  return new DefaultEngine(undefined, { embed: embedderFromSettings(settings) });
}

/**
 * The sentence encoder of settings.embeddingsPath (or embeddingsId, downloaded with consent), loaded on the first
 * draft; undefined when neither is set.
 */
export function embedderFromSettings(settings: NeuralEngineSettings): EmbedTexts | undefined {
  if (settings.embeddingsUrl) {
    if (!settings.embeddingsModel) throw new Error('Embeddings from a server need a model name (citescribe.embeddings.model / --embeddings-model).');
    // The server's key goes only to the server it was entered for.
    const sameServer = !!settings.serverUrl && originOf(settings.serverUrl) === originOf(settings.embeddingsUrl);
    return serverEmbedder({
      url: settings.embeddingsUrl,
      model: settings.embeddingsModel,
      deadlineMs: settings.deadlineMs,
      ...(sameServer && settings.apiKey && { apiKey: settings.apiKey }),
    });
  }
  // A GGUF file (an embedding model's, or an Ollama blob) runs through node-llama-cpp; a folder is an ONNX export.
  if (settings.embeddingsPath && isGgufFile(settings.embeddingsPath)) {
    const device = settings.device === 'cpu' ? 'cpu' : settings.device === 'cuda' ? 'cuda' : 'auto';
    return ggufEmbedder(settings.embeddingsPath, {
      device,
      onDevice: (d) => settings.log?.(`embedding model ${settings.embeddingsPath} loaded on ${d}`),
      locateRuntime: settings.locateNodeLlamaCpp,
    });
  }
  const name = settings.embeddingsPath || settings.embeddingsId;
  if (!name) return undefined;
  const source = { path: settings.embeddingsPath, id: settings.embeddingsId, cacheDir: settings.cacheDir, allowDownload: settings.allowDownload ?? false };
  return lazyEmbedder(source, {
    device: settings.device ?? 'auto',
    onLoad: (embedder) => {
      settings.log?.(`embedding model ${name} loaded on ${embedder.device}`);
      if (embedder.fallbackMessage) settings.log?.(embedder.fallbackMessage);
    },
    onDownloadProgress: (progress) => settings.onDownloadProgress?.(progress, name),
  });
}

/** A writer engine that plans its drafts with the settings' sentence encoder, if one is set. */
function withEmbedder<E extends SentenceWriterEngine>(engine: E, settings: NeuralEngineSettings): E {
  engine.embed = embedderFromSettings(settings);
  return engine;
}

export function registerNeuralEngines(): void {
  registerEngine('default', (options) => createDefaultEngine(neuralSettings(options)));
  registerEngine('onnx', (options) => {
    const settings = neuralSettings(options);
    return withEmbedder(createOnnxEngine(settings), settings);
  });
  registerEngine('server', (options) => {
    const settings = neuralSettings(options);
    return withEmbedder(createServerEngine(settings), settings);
  });
  registerEngine('gguf', (options) => {
    const settings = neuralSettings(options);
    if (!settings.ggufPath) throw new Error('The gguf engine needs a model file: set citescribe.gguf.path (a .gguf file, or an Ollama blob), or pass --model FILE.gguf.');
    const device = settings.device === 'cpu' ? 'cpu' : settings.device === 'cuda' ? 'cuda' : 'auto';
    return withEmbedder(new GgufEngine({ modelPath: settings.ggufPath, device, onDevice: (d) => settings.onDevice?.(d as never), locateRuntime: settings.locateNodeLlamaCpp }), settings);
  });
}

registerNeuralEngines();
