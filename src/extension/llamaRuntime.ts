// The gguf engine's runtime for users of the .vsix: node-llama-cpp is not shipped (it is large and native, one build
// per machine), so on the engine's first use it is downloaded from the npm registry into the extension's global
// storage, after the user agrees to a dialog that says what, from where and about how much ("Download (about 48
// MB)"), with a progress notification that can be cancelled. Nothing is asked of the registry before the answer.
// The rules (which install, when to ask, a "No" remembered for the window) are in src/core/neural/llama-runtime.ts,
// the work in src/core/neural/llama-install.ts.
import * as vscode from 'vscode';
import { installRuntime, planRuntimeInstall, NODE_LLAMA_CPP_VERSION } from '../core/neural/llama-install';
import { LlamaRuntimeLocator, LAYER_NAMES, type RuntimeAnswer, type RuntimeOffer } from '../core/neural/llama-runtime';
import { withCancellableProgress } from './progress';
import { readSettings } from './settings';

function aboutMegabytes(bytes: number | undefined): string {
  return bytes === undefined ? 'size unknown' : `about ${Math.max(1, Math.round(bytes / 1e6))} MB`;
}

export class LlamaRuntimeService {
  private readonly locator: LlamaRuntimeLocator;

  constructor(
    context: vscode.ExtensionContext,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.locator = new LlamaRuntimeLocator({
      storageDir: context.globalStorageUri.fsPath,
      settings: () => {
        const s = readSettings();
        return { registry: s.ggufRegistry, device: s.device, allowDownload: s.ggufAllowRuntimeDownload };
      },
      ask: (offer) => this.askConsent(offer),
      install: (request) => this.install(context.globalStorageUri.fsPath, request),
      log: (message) => this.log.info(message),
    });
  }

  /** node-llama-cpp's entry (a file: URL) in our storage, downloaded first (with consent) if need be. */
  readonly locate = (): Promise<string> => this.locator.locate();

  /** A gguf or device setting changed: what the user declined in this window is asked again. */
  forgetDeclined(): void {
    this.locator.forgetDeclined();
  }

  private async install(storage: string, request: { binaries: string[]; registry: string; expectedBytes?: number }) {
    const started = Date.now();
    const installed = await withCancellableProgress(`CiteScribe: downloading node-llama-cpp ${NODE_LLAMA_CPP_VERSION} (${aboutMegabytes(request.expectedBytes)})`, async (progress, signal) => {
      progress.report({ message: `resolving its dependencies on ${request.registry}` });
      const plan = await planRuntimeInstall({ binaries: request.binaries, registry: request.registry, signal });
      let shown = 0;
      return installRuntime(plan, {
        storageDir: storage,
        signal,
        expectedBytes: request.expectedBytes,
        onProgress: (p) => {
          // The total is an estimate: the bar stops short of 100% until the install is finished.
          const percent = p.totalBytes ? Math.min(99, Math.floor((p.bytes / p.totalBytes) * 100)) : 0;
          const message = p.phase === 'finish' ? 'finishing' : `${(p.bytes / 1e6).toFixed(1)} MB, ${p.packagesDone}/${p.packagesTotal} packages`;
          progress.report({ message, increment: Math.max(0, percent - shown) });
          shown = Math.max(shown, percent);
        },
      });
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    this.log.info(`node-llama-cpp ${NODE_LLAMA_CPP_VERSION} installed from ${request.registry} into ${installed.folder} (${installed.binaries.join(', ')}) in ${seconds} s`);
    return installed;
  }

  /** The dialog: what, from where, about how much; for a first install with a GPU build, the CPU-only download too. */
  private async askConsent(offer: RuntimeOffer): Promise<RuntimeAnswer> {
    const layer = offer.gpu ? LAYER_NAMES[offer.gpu.layer] : undefined;
    const full = offer.kind === 'add-gpu' ? `Download the ${layer} build (${aboutMegabytes(offer.bytes)})` : `Download${layer ? ` with ${layer}` : ''} (${aboutMegabytes(offer.bytes)})`;
    const cpu = offer.cpuOnly ? `Download CPU only (${aboutMegabytes(offer.cpuOnly.bytes)})` : undefined;
    const keep = offer.kind === 'add-gpu' ? 'Keep using the CPU' : undefined;
    const message =
      offer.kind === 'add-gpu'
        ? `node-llama-cpp ${NODE_LLAMA_CPP_VERSION} is installed for the CPU only, but this machine has ${layer} (citescribe.model.device: ${readSettings().device}). Download the ${layer} build?`
        : `The gguf engine runs GGUF models with node-llama-cpp ${NODE_LLAMA_CPP_VERSION}, which CiteScribe does not ship. Download it now?`;
    const answer = await vscode.window.showInformationMessage(
      message,
      {
        modal: true,
        detail:
          `From ${offer.registry}: node-llama-cpp ${NODE_LLAMA_CPP_VERSION}, llama.cpp built for this machine (${offer.binaries.join(', ')}) and the packages node-llama-cpp needs; ` +
          `the size is an estimate measured when this CiteScribe was built. Every file is checked against the registry's sha512 before it is unpacked, no install script is run, ` +
          `and it is kept in ${offer.folder}.` +
          (offer.kind === 'add-gpu' ? ' The CPU install stays as it is.' : ''),
      },
      full,
      ...(cpu ? [cpu] : []),
      ...(keep ? [keep] : []),
    );
    return answer === full ? 'download' : cpu && answer === cpu ? 'cpu-only' : 'no';
  }
}
