// The ONNX engine: a local seq2seq summariser (BART/T5, CiteSum-style) or decoder-only LLM (Qwen/Llama) on
// onnxruntime-node, CUDA when available. The model loads on first use, never at construction.
import type { CitationRequest, EngineOptions, PaperRecord, Progress } from '../types';
import { CancelledError } from '../types';
import { resolveModelFolder, type DownloadProgress, type ModelSource } from './download';
import { ModelFolderError } from './errors';
import type { ModelDtype } from './model-folder';
import { OnnxTextModel, type GenerateOptions } from './onnx-model';
import { chatMessages, forcedPrefixFor, type PaperSource } from './prompts';
import type { CudaProviderStatus, DeviceInUse, DeviceSetting } from './runtime';
import { SentenceWriterEngine, type RawSentence } from './writer-engine';

export interface OnnxEngineOptions {
  /** Folder in the Optimum layout (config.json, tokenizer.json, onnx/…). */
  modelDir?: string;
  /** Or where to find/download it (citescribe.model.path / id / allowDownload); resolved on first use. */
  source?: ModelSource;
  /** Download progress (bytes) when `source.id` has to be fetched; the extension shows a notification. */
  onDownloadProgress?: (progress: DownloadProgress) => void;
  device?: DeviceSetting;
  dtype?: ModelDtype | 'auto';
  /** Decoding overrides; unset values come from the model's generation_config.json. */
  generation?: Omit<GenerateOptions, 'signal' | 'onToken' | 'forcedPrefix'>;
  /** Called once when `auto` fell back to CPU, with the reason and how to enable CUDA (for a notification). */
  onDeviceMessage?: (message: string) => void;
  /** Called once the model is loaded, with the device in use (for the status bar). */
  onDevice?: (device: DeviceInUse) => void;
  intraOpThreads?: number;
  /** Tests only: pretend the CUDA provider library is (not) installed. */
  cudaStatus?: CudaProviderStatus;
}

/** Longest citation sentence we let a model write (tokens); an LLM prompt leaves this much room in the context. */
const SENTENCE_TOKENS = 80;

export class OnnxEngine extends SentenceWriterEngine {
  readonly id = 'onnx';
  private loading: Promise<OnnxTextModel> | undefined;
  private loaded: OnnxTextModel | undefined;

  constructor(readonly options: OnnxEngineOptions) {
    super();
  }

  /** Device in use once the model is loaded. */
  get device(): DeviceInUse | undefined {
    return this.loaded?.device;
  }

  get fallbackMessage(): string | undefined {
    return this.loaded?.fallbackMessage;
  }

  /**
   * Resolves (downloading if allowed) and loads the model, once; concurrent callers share the load. A failed or
   * cancelled load is retried on the next call.
   */
  model(signal?: AbortSignal, progress?: Progress): Promise<OnnxTextModel> {
    this.loading ??= this.resolveFolder(signal, progress)
      .then((dir) =>
        OnnxTextModel.load(dir, {
          device: this.options.device,
          dtype: this.options.dtype ?? this.options.source?.dtype,
          cudaStatus: this.options.cudaStatus,
          intraOpThreads: this.options.intraOpThreads,
        }),
      )
      .then(
        (model) => {
          this.loaded = model;
          if (model.fallbackMessage) this.options.onDeviceMessage?.(model.fallbackMessage);
          this.options.onDevice?.(model.device);
          return model;
        },
        (err) => {
          this.loading = undefined;
          throw err;
        },
      );
    return this.loading;
  }

  private async resolveFolder(signal?: AbortSignal, progress?: Progress): Promise<string> {
    if (this.options.modelDir) return this.options.modelDir;
    if (!this.options.source) throw new ModelFolderError('The ONNX engine needs a model folder (--model DIR / citescribe.model.path) or a model id.');
    const onProgress =
      this.options.onDownloadProgress ??
      ((p: DownloadProgress) => progress?.report(p.bytes, p.totalBytes ?? 0, `Downloading ${this.options.source?.id}: ${p.file}`));
    return resolveModelFolder(this.options.source, { signal, onProgress });
  }

  protected async writeRaw(paper: PaperRecord, source: PaperSource, req: CitationRequest, options: EngineOptions): Promise<RawSentence> {
    options.progress?.report(0, 1, 'Loading model');
    const model = await this.model(options.signal, options.progress);
    if (options.signal?.aborted) throw new CancelledError();
    const generation: GenerateOptions = {
      ...this.options.generation,
      signal: options.signal,
      onToken: (done, max) => options.progress?.report(done, max, `Generating (${model.device})`),
    };
    // CiteSum's decoder prompt for TLDRs; for an LLM the same words open its answer.
    generation.forcedPrefix = forcedPrefixFor(req.style);
    let input: number[];
    if (model.kind === 'seq2seq') {
      input = model.encodeSource(source.text);
    } else {
      const budget = model.maxInputTokens - (generation.maxNewTokens ?? SENTENCE_TOKENS);
      const messages = chatMessages(paper, req.style, (m) => model.encodePrompt(m).length <= budget, req.ownAbstract);
      input = model.encodePrompt(messages);
      if (input.length > budget) input = input.slice(input.length - budget);
    }
    // Only one sentence is kept, so generation_config's summary lengths (e.g. min 56 tokens for CNN models) are capped.
    const defaults = model.defaultDecodeOptions(model.kind === 'seq2seq' ? model.decoderStartIds.length : 0);
    generation.maxNewTokens ??= Math.min(SENTENCE_TOKENS, defaults.maxNewTokens);
    generation.minNewTokens ??= Math.min(8, defaults.minNewTokens ?? 0, generation.maxNewTokens);
    const result = await model.generate(input, generation);
    const unfinished = result.finishReason === 'max-length' && !/[.!?]/.test(result.text);
    return { text: result.text, notes: unfinished ? [`model output cut at ${generation.maxNewTokens} tokens`] : [] };
  }

  override async dispose(): Promise<void> {
    const model = this.loaded;
    this.loaded = undefined;
    this.loading = undefined;
    await Promise.all([model?.dispose(), super.dispose()]);
  }
}
