// The gguf engine's runtime for users of the .vsix: node-llama-cpp is not shipped (it is large and native, one build
// per machine), so on the engine's first use it is downloaded from the npm registry into the extension's global
// storage, after the user agrees to a dialog that says what, from where and how much ("Download (≈48 MB)"), with a
// progress notification that can be cancelled. The work itself is in src/core/neural/llama-install.ts.
import * as vscode from 'vscode';
import { chooseBinaryPackages } from '../core/neural/llama-binaries';
import { findInstalledRuntime, installRuntime, planDownloadBytes, planRuntimeInstall, runtimeFolder, withoutPackages, NODE_LLAMA_CPP_VERSION, type RuntimePlan } from '../core/neural/llama-install';
import { readSettings } from './settings';

function megabytes(bytes: number | undefined): string {
  return bytes === undefined ? 'size unknown' : `≈${Math.max(1, Math.round(bytes / 1e6))} MB`;
}

/** Runs `work` under a cancellable progress notification, its token turned into an AbortSignal. */
function withCancellableProgress<T>(title: string, work: (progress: vscode.Progress<{ message?: string; increment?: number }>, signal: AbortSignal) => Promise<T>): Thenable<T> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (progress, token) => {
    const controller = new AbortController();
    token.onCancellationRequested(() => controller.abort());
    return work(progress, controller.signal);
  });
}

export class LlamaRuntimeService {
  private installing: Promise<string> | undefined;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  /** node-llama-cpp's entry (a file: URL) in our storage, downloaded first if need be; one download at a time. */
  readonly locate = (): Promise<string> => {
    const storage = this.context.globalStorageUri.fsPath;
    const found = findInstalledRuntime(storage);
    if (found) return Promise.resolve(found.entryUrl);
    this.installing ??= this.install(storage).finally(() => (this.installing = undefined));
    return this.installing;
  };

  private async install(storage: string): Promise<string> {
    const settings = readSettings();
    const registry = settings.ggufRegistry;
    const choice = chooseBinaryPackages(settings.device);
    const binaries = [choice.gpu?.package, choice.cpu].filter((b): b is string => !!b);
    if (binaries.length === 0) {
      throw new Error(`node-llama-cpp ${NODE_LLAMA_CPP_VERSION} publishes no prebuilt binary for ${process.platform}-${process.arch}: use a model server (the server engine) instead.`);
    }
    const plan = await withCancellableProgress(`CiteScribe: looking up node-llama-cpp ${NODE_LLAMA_CPP_VERSION} on ${registry}`, (progress, signal) =>
      planRuntimeInstall({ binaries, registry, signal, onStep: (message) => progress.report({ message }) }),
    );
    const chosen = settings.ggufAllowRuntimeDownload ? plan : await this.askConsent(plan, choice.gpu, storage);
    const total = planDownloadBytes(chosen);
    const started = Date.now();
    const installed = await withCancellableProgress(`CiteScribe: downloading node-llama-cpp ${NODE_LLAMA_CPP_VERSION} (${megabytes(total)})`, (progress, signal) => {
      let shown = 0;
      return installRuntime(chosen, {
        storageDir: storage,
        signal,
        onProgress: (p) => {
          const percent = p.totalBytes ? Math.floor((p.bytes / p.totalBytes) * 100) : 0;
          const message = p.phase === 'finish' ? 'finishing' : `${(p.bytes / 1e6).toFixed(1)} MB, ${p.packagesDone}/${p.packagesTotal} packages`;
          progress.report({ message, increment: Math.max(0, percent - shown) });
          shown = Math.max(shown, percent);
        },
      });
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    this.log.info(`node-llama-cpp ${NODE_LLAMA_CPP_VERSION} installed from ${registry} into ${installed.folder}: ${chosen.packages.length} packages, ${megabytes(total)}, ${seconds} s`);
    return installed.entryUrl;
  }

  /** The dialog: what, from where, how much; with a GPU build detected, the CPU-only download is offered too. */
  private async askConsent(plan: RuntimePlan, gpu: { layer: string; package: string } | undefined, storage: string): Promise<RuntimePlan> {
    const cpuOnly = gpu && Object.keys(plan.roots).length > 2 ? withoutPackages(plan, [gpu.package]) : undefined;
    const full = `Download${gpu ? ` with ${gpu.layer === 'cuda' ? 'CUDA' : gpu.layer === 'vulkan' ? 'Vulkan' : 'Metal'}` : ''} (${megabytes(planDownloadBytes(plan))})`;
    const cpu = cpuOnly ? `Download CPU only (${megabytes(planDownloadBytes(cpuOnly))})` : undefined;
    const builds = Object.keys(plan.roots).filter((n) => n !== 'node-llama-cpp');
    const answer = await vscode.window.showInformationMessage(
      `The gguf engine runs GGUF models with node-llama-cpp ${NODE_LLAMA_CPP_VERSION}, which CiteScribe does not ship. Download it now?`,
      {
        modal: true,
        detail:
          `From ${plan.registry}: node-llama-cpp ${NODE_LLAMA_CPP_VERSION}, llama.cpp built for this machine (${builds.join(', ')}) ` +
          `and the ${plan.packages.length - builds.length - 1} packages node-llama-cpp needs. ` +
          `Every file is checked against the registry's sha512 before it is unpacked, no install script is run, and it is kept in ${runtimeFolder(storage)}.`,
      },
      full,
      ...(cpu ? [cpu] : []),
    );
    if (answer === full) return plan;
    if (cpu && answer === cpu) return cpuOnly!;
    throw new Error(`node-llama-cpp was not downloaded, so the gguf engine cannot run. Use the engine again to be asked again, or choose another engine with "CiteScribe: Select Model".`);
  }
}

