// Which engine writes text, built from the settings on demand. The default engine needs nothing; the ONNX engine
// (onnxruntime-node, a native module) and the server engine are created only when selected and first used.
import * as vscode from 'vscode';
import type { EmbedTexts, Engine } from '../core/types';
import type { DownloadProgress } from '../core/neural/download';
import { createEngine } from '../core/engines';
// Registers the 'onnx' and 'server' engines; loads no native code until a model is first used.
import { embedderFromSettings, type NeuralEngineSettings } from '../core/neural/register';
import { readSettings, type EngineId } from './settings';
import { apiKeyFor, decodeStoredApiKey } from '../core/neural/api-key';
import { LlamaRuntimeService } from './llamaRuntime';

export const SERVER_API_KEY_SECRET = 'citescribe.server.apiKey';

export class EngineService implements vscode.Disposable {
  private cached: { signature: string; engine: Engine } | undefined;
  /** The embedding model for suggestion and checks (embedder); a change of its settings releases it. */
  private embedding: { embed: EmbedTexts } | undefined;
  private embeddingProblem: string | undefined;
  /** The server URL we last warned about (a key stored for another origin), so the warning shows once. */
  private warnedKeyOrigin: string | undefined;
  private readonly changed = new vscode.EventEmitter<string>();
  readonly onDidChange = this.changed.event;
  private download: { progress?: vscode.Progress<{ message?: string; increment?: number }>; percent: number; done: () => void } | undefined;
  /** Where the current engine runs ('cpu', 'cuda', a server host…), once known. */
  device = 'cpu';
  /** node-llama-cpp for the gguf engine when it is not installed beside the extension (the .vsix): downloaded on consent. */
  private readonly llamaRuntime: LlamaRuntimeService;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.llamaRuntime = new LlamaRuntimeService(context, log);
    context.subscriptions.push(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (['citescribe.engine', 'citescribe.model', 'citescribe.server', 'citescribe.embeddings', 'citescribe.vscodeLm', 'citescribe.gguf'].some((s) => e.affectsConfiguration(s))) {
          // A changed device or registry is a new question: what was declined in this window is offered again.
          if (['citescribe.model', 'citescribe.gguf'].some((s) => e.affectsConfiguration(s))) this.llamaRuntime.forgetDeclined();
          this.release();
          this.releaseEmbedder();
          this.changed.fire(this.describe());
        }
      }),
    );
  }

  get selectedId(): EngineId {
    return readSettings().engine;
  }

  describe(): string {
    const id = this.selectedId;
    return id === 'default' ? 'default' : `${id} · ${this.device}`;
  }

  /**
   * The stored key, only when it was entered for this server's origin. A workspace can change the URL; the key does
   * not follow it there. Drafting goes on without a key and the user is told how to enter one for the new host.
   */
  private async serverApiKey(serverUrl: string): Promise<string | undefined> {
    const choice = apiKeyFor(decodeStoredApiKey(await this.context.secrets.get(SERVER_API_KEY_SECRET)), serverUrl);
    if (choice.kind === 'send') return choice.key;
    if (choice.kind === 'other-origin' && this.warnedKeyOrigin !== serverUrl) {
      this.warnedKeyOrigin = serverUrl;
      const where = choice.storedFor ? `was entered for ${choice.storedFor}` : 'was stored before keys were bound to a server';
      void vscode.window.showWarningMessage(
        `CiteScribe: the API key ${where}, so it is not sent to ${serverUrl}. Run "CiteScribe: Select Model" to enter a key for this server.`,
      );
    }
    return undefined;
  }

  /** The engine to use now. `allowNeural` is false in an untrusted workspace: no models, no servers. */
  async get(options: { trusted: boolean; engineId?: string }): Promise<Engine> {
    const settings = readSettings();
    const id = (options.engineId ?? settings.engine) as EngineId;
    if (id !== 'default' && !options.trusted) {
      throw new Error(`The ${id} engine is disabled in an untrusted workspace: trust the workspace to load models or call servers.`);
    }
    const apiKey = id === 'server' ? await this.serverApiKey(settings.serverUrl) : undefined;
    const config: Record<string, unknown> = {
      modelPath: settings.modelPath || undefined,
      modelId: settings.modelId || undefined,
      allowDownload: settings.allowDownload,
      device: settings.device,
      // A model loaded from a folder the workspace may name: not in an untrusted workspace (TF-IDF plans instead).
      embeddingsPath: (options.trusted && settings.embeddingsPath) || undefined,
      embeddingsId: (options.trusted && settings.embeddingsId) || undefined,
      embeddingsUrl: (options.trusted && settings.embeddingsUrl) || undefined,
      embeddingsModel: settings.embeddingsModel || undefined,
      cacheDir: vscode.Uri.joinPath(this.context.globalStorageUri, 'models').fsPath,
      serverUrl: settings.serverUrl || undefined,
      serverModel: settings.serverModel || undefined,
      serverContextLength: settings.serverContextLength || undefined,
      chatModelId: settings.vscodeLmModel || undefined,
      ggufPath: settings.ggufPath || undefined,
      locateNodeLlamaCpp: this.llamaRuntime.locate,
      apiKey,
      log: (message: string) => this.log.info(message),
      onDevice: (device: string) => {
        this.device = device;
        this.changed.fire(this.describe());
      },
      // `auto` fell back to the CPU: say why once, and how to enable CUDA.
      onDeviceMessage: (message: string) => void vscode.window.showWarningMessage(`CiteScribe: ${message}`),
      onDownloadProgress: (p: DownloadProgress, id?: string) => this.reportDownload(id ?? settings.modelId, p),
    };
    const signature = JSON.stringify({ id, ...config, apiKey: apiKey ? 'set' : '' });
    if (this.cached?.signature === signature) return this.cached.engine;
    const engine = await createEngine(id, { packageRoot: this.context.extensionUri.fsPath, settings: config });
    this.device = id === 'server' ? new URL(settings.serverUrl).host : id === 'onnx' || id === 'gguf' ? 'loading' : id === 'vscode-lm' ? settings.vscodeLmModel || 'VS Code model' : 'cpu';
    this.cached = { signature, engine };
    this.changed.fire(this.describe());
    return engine;
  }

  /**
   * The embedding model of citescribe.embeddings.* for Suggest Citation, Check Citations and completion ranking, kept
   * while the settings stay (its vectors are cached per text: the library is embedded once a session); undefined when
   * none is set or the workspace is untrusted (a model a workspace names is not loaded there). Loaded on first use.
   */
  embedder(trusted: boolean): EmbedTexts | undefined {
    if (!trusted) return undefined;
    // Asked on every cite completion: the model kept is the one of the current settings (a change of
    // citescribe.embeddings or citescribe.model releases it), so nothing need be read or compared.
    if (this.embedding) return this.embedding.embed;
    const settings = readSettings();
    if (!(settings.embeddingsPath || settings.embeddingsId || settings.embeddingsUrl)) return undefined;
    const config: NeuralEngineSettings = {
      embeddingsPath: settings.embeddingsPath || undefined,
      embeddingsId: settings.embeddingsId || undefined,
      embeddingsUrl: settings.embeddingsUrl || undefined,
      embeddingsModel: settings.embeddingsModel || undefined,
      allowDownload: settings.allowDownload,
      device: settings.device,
      cacheDir: vscode.Uri.joinPath(this.context.globalStorageUri, 'models').fsPath,
      log: (message: string) => this.log.info(message),
      onDownloadProgress: (p: DownloadProgress, id?: string) => this.reportDownload(id ?? settings.embeddingsId, p),
    };
    const signature = JSON.stringify(config);
    try {
      this.embedding = { embed: embedderFromSettings(config)! };
    } catch (err) {
      // A setting that cannot work (a server URL without a model name): said once per setting, then words alone.
      if (this.embeddingProblem !== signature) void vscode.window.showWarningMessage(`CiteScribe: ${(err as Error).message} Suggestions are ranked by their words alone.`);
      this.embeddingProblem = signature;
      return undefined;
    }
    return this.embedding.embed;
  }

  private releaseEmbedder() {
    const embed = this.embedding?.embed;
    this.embedding = undefined;
    void embed?.dispose?.().catch((err) => this.log.warn(`embedding model: dispose failed: ${err}`));
  }

  /** One progress notification per model download, fed by the downloader's byte counts. */
  private reportDownload(modelId: string, p: DownloadProgress) {
    if (!this.download) {
      const download: NonNullable<EngineService['download']> = { percent: 0, done: () => undefined };
      const finished = new Promise<void>((resolve) => (download.done = resolve));
      this.download = download;
      void vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `CiteScribe: downloading ${modelId}` }, (progress) => {
        download.progress = progress;
        return finished;
      });
    }
    const d = this.download;
    const percent = p.totalBytes ? Math.floor((p.bytes / p.totalBytes) * 100) : 0;
    d.progress?.report({ message: `${p.file} (${p.filesDone}/${p.filesTotal} files, ${(p.bytes / 1e6).toFixed(1)} MB)`, increment: Math.max(0, percent - d.percent) });
    d.percent = Math.max(d.percent, percent);
    if (p.filesDone >= p.filesTotal) {
      d.done();
      this.download = undefined;
    }
  }

  /** Frees the loaded model (ONNX sessions hold native memory) when the settings change or the extension stops. */
  private release() {
    const engine = this.cached?.engine as (Engine & { dispose?: () => Promise<void> }) | undefined;
    this.cached = undefined;
    void engine?.dispose?.().catch((err) => this.log.warn(`engine: dispose failed: ${err}`));
  }

  dispose() {
    this.release();
    this.releaseEmbedder();
    this.changed.dispose();
  }
}
