// The gguf engine: a GGUF model file run in-process by node-llama-cpp (llama.cpp), on the GPU it finds (CUDA,
// Vulkan, Metal) or the CPU. node-llama-cpp is optional: it is loaded on first use, from beside CiteScribe, else from
// where `locateRuntime` says (the extension downloads it there with the user's consent, llama-install.ts); without
// either the engine says how to add it. Any GGUF file works, the blobs of an Ollama models folder included (they are
// GGUF files named by their digest). The same prompt and output checks as every LLM engine; the reply is read to the first sentence.
import * as fs from 'node:fs';
import * as os from 'node:os';
import type { CitationRequest, EmbedTexts, EngineOptions, PaperRecord } from '../types';
import { throwIfCancelled } from '../types';
import { ModelFolderError } from './errors';
import { unitLength } from './embedder';
import { firstSentence } from './output-check';
import { chatMessages, type ChatMessage, type PaperSource } from './prompts';
import { SentenceWriterEngine, type RawSentence } from './writer-engine';
import { NODE_LLAMA_CPP_VERSION } from './llama-install';

export { NODE_LLAMA_CPP_VERSION };

/**
 * Where else node-llama-cpp can be imported from when it is not installed beside CiteScribe: a file: URL of its ES
 * module entry, after installing it if need be. It throws a message for the user when it cannot (declined, offline).
 */
export type LocateNodeLlamaCpp = () => Promise<string>;

interface GgufEngineOptions {
  /** A .gguf file (or an Ollama blob). */
  modelPath: string;
  /** 'auto': CUDA, Vulkan or Metal when node-llama-cpp finds one, else the CPU; 'cpu' never uses a GPU. */
  device?: 'auto' | 'cpu' | 'cuda';
  contextSize?: number;
  maxTokens?: number;
  /** Tokens a paragraph of a draft may take (drafts are written paragraph by paragraph). Default 768. */
  paragraphMaxTokens?: number;
  /** Called once the model is loaded, with where it runs ('cuda', 'vulkan', 'metal', 'cpu'). */
  onDevice?: (device: string) => void;
  locateRuntime?: LocateNodeLlamaCpp;
}

/** A GGUF file starts with the magic "GGUF": an Ollama blob has no extension, so the bytes decide. */
export function isGgufFile(file: string): boolean {
  try {
    const fd = fs.openSync(file, 'r');
    try {
      const magic = Buffer.alloc(4);
      return fs.readSync(fd, magic, 0, 4, 0) === 4 && magic.toString('ascii') === 'GGUF';
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return false;
  }
}

// The parts of node-llama-cpp used here, typed loosely: it is an optional ES module loaded at run time.
interface Llama {
  gpu: string | false;
  loadModel(o: { modelPath: string }): Promise<LlamaModel>;
  dispose(): Promise<void>;
}
interface LlamaModel {
  createContext(o: { contextSize: number; threads?: number }): Promise<LlamaContext>;
  dispose(): Promise<void>;
}
interface LlamaContext {
  getSequence(): LlamaSequence;
  dispose(): Promise<void>;
}
interface LlamaSequence {
  clearHistory(): Promise<void>;
}
interface ChatSession {
  prompt(text: string, o: { maxTokens: number; signal: AbortSignal; stopOnAbortSignal: boolean; onTextChunk: (t: string) => void }): Promise<string>;
  dispose(o: { disposeSequence: boolean }): void;
}
interface NodeLlamaCpp {
  getLlama(o: { gpu: 'auto' | false | 'cuda'; build: 'never'; logLevel: string }): Promise<Llama>;
  LlamaChatSession: new (o: { contextSequence: LlamaSequence; systemPrompt?: string; autoDisposeSequence: boolean }) => ChatSession;
}

/**
 * Threads for llama.cpp: one core left to Node's own thread. Measured on a 2-core machine with the tiny test model:
 * 1 thread 2,400–3,160 tokens/s, 2 threads 53–70, node-llama-cpp's default 4 (its threads spin against each other
 * and the event loop when there are no spare cores).
 */
export function ggufThreads(): number {
  return Math.max(1, Math.min((os.availableParallelism?.() ?? 2) - 1, 8));
}

class GgufUnavailableError extends Error {
  constructor(cause: string) {
    super(
      `The gguf engine needs node-llama-cpp ${NODE_LLAMA_CPP_VERSION}, which is not installed (${cause}). ` +
        `Add it beside CiteScribe with \`npm install node-llama-cpp@${NODE_LLAMA_CPP_VERSION}\`, or use a server (Ollama, LM Studio, llama.cpp server) with the server engine.`,
    );
    this.name = 'GgufUnavailableError';
  }
}

// node-llama-cpp is an ES module: a real import(), which neither the CommonJS bundle nor tsx may rewrite into
// require(), and a name no bundler follows, so the optional module stays out of the bundle.
const importModule = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<unknown>;

async function loadNodeLlamaCpp(locateRuntime?: LocateNodeLlamaCpp): Promise<NodeLlamaCpp> {
  let besideUs: Error;
  try {
    return (await importModule('node-llama-cpp')) as NodeLlamaCpp;
  } catch (err) {
    besideUs = err as Error;
  }
  if (!locateRuntime) throw new GgufUnavailableError(besideUs.message.split('\n')[0]);
  // The locator's own errors (declined, offline, a bad tarball) already say what happened.
  const entryUrl = await locateRuntime();
  try {
    return (await importModule(entryUrl)) as NodeLlamaCpp;
  } catch (err) {
    throw new GgufUnavailableError(`the copy downloaded to ${entryUrl} does not load: ${(err as Error).message.split('\n')[0]}`);
  }
}

/**
 * Sentence embeddings from a GGUF model through node-llama-cpp's embedding context (an embedding model such as
 * nomic-embed-text's GGUF, or any llama-architecture file): unit vectors, loaded on first use, one text at a time.
 */
export function ggufEmbedder(
  modelPath: string,
  options: { device?: 'auto' | 'cpu' | 'cuda'; onDevice?: (device: string) => void; locateRuntime?: LocateNodeLlamaCpp } = {},
): EmbedTexts & { dispose(): Promise<void> } {
  type EmbeddingContext = { getEmbeddingFor(text: string): Promise<{ vector: readonly number[] }>; dispose(): Promise<void> };
  let loading: Promise<{ llama: Llama; model: LlamaModel & { createEmbeddingContext(o: object): Promise<EmbeddingContext> }; context: EmbeddingContext }> | undefined;
  const load = () => {
    loading ??= (async () => {
      if (!isGgufFile(modelPath)) throw new ModelFolderError(`${modelPath} is not a GGUF file (it does not start with "GGUF").`);
      const lib = await loadNodeLlamaCpp(options.locateRuntime);
      const gpu = options.device === 'cpu' ? false : options.device === 'cuda' ? 'cuda' : 'auto';
      const llama = await lib.getLlama({ gpu, build: 'never', logLevel: 'error' });
      const model = (await llama.loadModel({ modelPath })) as LlamaModel & { createEmbeddingContext(o: object): Promise<EmbeddingContext> };
      const context = await model.createEmbeddingContext({ threads: ggufThreads() });
      options.onDevice?.(llama.gpu || 'cpu');
      return { llama, model, context };
    })();
    loading.catch(() => (loading = undefined));
    return loading;
  };
  const embed = async (texts: readonly string[], signal?: AbortSignal): Promise<number[][]> => {
    const { context } = await load();
    const out: number[][] = [];
    for (const text of texts) {
      throwIfCancelled(signal);
      out.push(unitLength([...(await context.getEmbeddingFor(text)).vector]));
    }
    return out;
  };
  const dispose = async () => {
    const loaded = await loading?.catch(() => undefined);
    loading = undefined;
    await loaded?.context.dispose();
    await loaded?.model.dispose();
    await loaded?.llama.dispose();
  };
  return Object.assign(embed, { dispose });
}

export class GgufEngine extends SentenceWriterEngine {
  readonly id = 'gguf';
  private loading: Promise<{ lib: NodeLlamaCpp; llama: Llama; model: LlamaModel; context: LlamaContext; sequence: LlamaSequence }> | undefined;
  /** One sequence, one prompt at a time. */
  private queue: Promise<unknown> = Promise.resolve();
  device = 'loading';

  constructor(private readonly options: GgufEngineOptions) {
    super();
    if (!fs.existsSync(options.modelPath)) throw new ModelFolderError(`GGUF model ${options.modelPath} does not exist (citescribe.gguf.path / --model).`);
    if (!isGgufFile(options.modelPath)) throw new ModelFolderError(`${options.modelPath} is not a GGUF file (it does not start with "GGUF").`);
    this.draftConcurrency = 1;
  }

  private load() {
    this.loading ??= (async () => {
      const lib = await loadNodeLlamaCpp(this.options.locateRuntime);
      const gpu = this.options.device === 'cpu' ? false : this.options.device === 'cuda' ? 'cuda' : 'auto';
      const llama = await lib.getLlama({ gpu, build: 'never', logLevel: 'error' });
      const model = await llama.loadModel({ modelPath: this.options.modelPath });
      const context = await model.createContext({ contextSize: this.options.contextSize ?? 4096, threads: ggufThreads() });
      this.device = llama.gpu || 'cpu';
      this.options.onDevice?.(this.device);
      return { lib, llama, model, context, sequence: context.getSequence() };
    })();
    // A failed load is tried again next time.
    this.loading.catch(() => (this.loading = undefined));
    return this.loading;
  }

  protected async writeRaw(paper: PaperRecord, _source: PaperSource, req: CitationRequest, options: EngineOptions): Promise<RawSentence> {
    const budget = ((this.options.contextSize ?? 4096) - (this.options.maxTokens ?? 96)) * 3;
    const messages = chatMessages(paper, req.style, (m) => m.reduce((n, x) => n + x.content.length, 0) <= budget, req.ownAbstract);
    // The engines keep one sentence: generation stops once it is complete.
    return this.ask(messages, options.signal, this.options.maxTokens ?? 96, true);
  }

  /** A paragraph of a draft: generation runs to the paragraph's end (or its token limit), not to the first sentence. */
  protected override chatParagraph(messages: ChatMessage[], signal?: AbortSignal): Promise<RawSentence> {
    return this.ask(messages, signal, this.options.paragraphMaxTokens ?? 768, false);
  }

  /** The paragraph prompt, its reply and the chat template share the context (about 3 characters a token). */
  protected override paragraphPromptFits(messages: ChatMessage[]): boolean {
    const budget = ((this.options.contextSize ?? 4096) - (this.options.paragraphMaxTokens ?? 768) - 64) * 3;
    return messages.reduce((n, m) => n + m.content.length, 0) <= budget;
  }

  private async ask(messages: ChatMessage[], signal: AbortSignal | undefined, maxTokens: number, firstSentenceOnly: boolean): Promise<RawSentence> {
    const { lib, sequence } = await this.load();
    throwIfCancelled(signal);
    const system = messages.filter((m) => m.role === 'system').map((m) => m.content).join('\n\n');
    const user = messages.filter((m) => m.role !== 'system').map((m) => m.content).join('\n\n');
    const run = async (): Promise<RawSentence> => {
      await sequence.clearHistory();
      const session = new lib.LlamaChatSession({ contextSequence: sequence, systemPrompt: system, autoDisposeSequence: false });
      const stop = new AbortController();
      const onAbort = () => stop.abort();
      signal?.addEventListener('abort', onAbort, { once: true });
      let text = '';
      try {
        await session.prompt(user, {
          maxTokens,
          signal: stop.signal,
          stopOnAbortSignal: true,
          onTextChunk: (chunk) => {
            text += chunk;
            const answer = text.trim();
            if (firstSentenceOnly && answer && firstSentence(answer).length < answer.length) stop.abort();
          },
        });
      } finally {
        signal?.removeEventListener('abort', onAbort);
        session.dispose({ disposeSequence: false });
      }
      throwIfCancelled(signal);
      return { text: text.trim() };
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  override async dispose(): Promise<void> {
    const loaded = await this.loading?.catch(() => undefined);
    this.loading = undefined;
    await loaded?.context.dispose();
    await loaded?.model.dispose();
    await loaded?.llama.dispose();
    await super.dispose();
  }
}
