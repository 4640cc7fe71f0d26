// Which node-llama-cpp install the gguf engine loads, and when to ask before downloading one (the extension's
// dialog and progress are the host's; the rules are here, where they are tested without VS Code):
// - an install holding every binary package this machine wants now (the CPU build, plus the GPU build
//   node-llama-cpp would pick for citescribe.model.device) is used as it is;
// - a CPU install without the wanted GPU build (the user chose "CPU only", installed CUDA later, or set the device
//   to cuda) leads to an offer of the GPU build, installed as a new complete folder beside the CPU one;
// - nothing is fetched before the user agrees: the dialog's size is an estimate measured beforehand (llama-sizes.ts);
// - an answer of "No" is remembered for the session (the window): the next use fails at once with a message saying
//   how to be asked again, instead of a modal dialog on every drafting attempt. A declined GPU build keeps the
//   CPU install in use, unless the device is set to cuda, which cannot run without it.
import { chooseBinaryPackages, type BinaryChoice, type GpuLayer } from './llama-binaries';
import { findInstalledRuntime, runtimeFolder, NODE_LLAMA_CPP_VERSION, type InstalledRuntime } from './llama-install';
import { estimateRuntimeBytes } from './llama-sizes';
import { checkSecureUrl } from './npm/fetch';

export type RuntimeDevice = 'auto' | 'cpu' | 'cuda';

export interface RuntimeOffer {
  /** 'install': nothing usable is installed; 'add-gpu': a CPU install is, without the GPU build wanted now. */
  kind: 'install' | 'add-gpu';
  registry: string;
  /** The binary packages of the download offered first (the GPU build, when there is one, then the CPU build). */
  binaries: string[];
  gpu?: { layer: GpuLayer; package: string };
  /** Estimated download size in bytes (undefined for a platform the size table does not know). */
  bytes?: number;
  /** For a first install with a GPU build, unless the device is cuda: the CPU build alone, offered as "CPU only". */
  cpuOnly?: { bytes?: number };
  /** Where it will be installed. */
  folder: string;
}

/** The user's answer: the offered download, the CPU build only (first install with a GPU build), or nothing. */
export type RuntimeAnswer = 'download' | 'cpu-only' | 'no';

export interface RuntimeLocatorHost {
  storageDir: string;
  settings(): { registry: string; device: RuntimeDevice; allowDownload: boolean };
  /** Shows the offer; a dismissed dialog answers 'no'. Its rejection (no dialog could be shown) is not an answer. */
  ask(offer: RuntimeOffer): Promise<RuntimeAnswer>;
  /** Resolves, downloads and installs (the extension shows progress); the only step that contacts the registry. */
  install(request: { binaries: string[]; registry: string; expectedBytes?: number }): Promise<InstalledRuntime>;
  chooseBinaries?(device: RuntimeDevice): BinaryChoice;
  log?(message: string): void;
}

export const LAYER_NAMES: Record<GpuLayer, string> = { cuda: 'CUDA', vulkan: 'Vulkan', metal: 'Metal' };
const EVERYTHING = 'node-llama-cpp';
const ASK_AGAIN = 'To be asked again, reload the window; to download without a dialog, set citescribe.gguf.allowRuntimeDownload to true; or choose another engine with "CiteScribe: Select Model".';

export class LlamaRuntimeLocator {
  /** What the user declined in this session: node-llama-cpp itself, or a GPU build by package name. */
  private readonly declined = new Set<string>();
  private pending: Promise<string> | undefined;

  constructor(private readonly host: RuntimeLocatorHost) {}

  /** node-llama-cpp's entry (a file: URL), installed first with the user's consent if need be; one at a time. */
  readonly locate = (): Promise<string> => {
    this.pending ??= this.obtain().finally(() => (this.pending = undefined));
    return this.pending;
  };

  /** The user changed a setting the answers were about (the device, the registry): ask again next time. */
  forgetDeclined(): void {
    this.declined.clear();
  }

  private async obtain(): Promise<string> {
    const { registry, device, allowDownload } = this.host.settings();
    const choice = (this.host.chooseBinaries ?? chooseBinaryPackages)(device);
    const wanted = [choice.gpu?.package, choice.cpu].filter((b): b is string => !!b);
    if (wanted.length === 0) {
      throw new Error(`node-llama-cpp ${NODE_LLAMA_CPP_VERSION} publishes no prebuilt binary for ${process.platform}-${process.arch}: use a model server (the server engine) instead.`);
    }
    const storage = this.host.storageDir;
    const complete = findInstalledRuntime(storage, { binaries: wanted });
    if (complete) return complete.entryUrl;
    // A bad registry setting is an error before any dialog: agreeing to it could not work.
    checkSecureUrl(registry, 'citescribe.gguf.registry');
    const offer = { registry, folder: runtimeFolder(storage, wanted), binaries: wanted, gpu: choice.gpu, bytes: estimateRuntimeBytes(wanted) };

    const cpuInstall = choice.gpu && choice.cpu ? findInstalledRuntime(storage, { binaries: [choice.cpu] }) : undefined;
    if (cpuInstall && choice.gpu) {
      const gpu = choice.gpu;
      if (!allowDownload) {
        if (this.declined.has(gpu.package)) return this.withoutGpu(cpuInstall, gpu, device);
        const answer = await this.host.ask({ kind: 'add-gpu', ...offer });
        if (answer !== 'download') {
          this.declined.add(gpu.package);
          return this.withoutGpu(cpuInstall, gpu, device);
        }
      }
      return (await this.host.install({ binaries: wanted, registry, expectedBytes: offer.bytes })).entryUrl;
    }

    let binaries = wanted;
    if (!allowDownload) {
      if (this.declined.has(EVERYTHING)) throw new Error(`node-llama-cpp is not downloaded (you chose not to in this window), so the gguf engine cannot run. ${ASK_AGAIN}`);
      // With the device set to cuda, the CPU build alone could not run the engine: not offered.
      const cpuOnly = choice.gpu && choice.cpu && device !== 'cuda' ? { bytes: estimateRuntimeBytes([choice.cpu]) } : undefined;
      const answer = await this.host.ask({ kind: 'install', ...offer, cpuOnly });
      if (answer === 'no') {
        this.declined.add(EVERYTHING);
        throw new Error(`node-llama-cpp was not downloaded, so the gguf engine cannot run; you will not be asked again in this window. ${ASK_AGAIN}`);
      }
      if (answer === 'cpu-only' && cpuOnly && choice.gpu && choice.cpu) {
        binaries = [choice.cpu];
        // Not offered again at once: the user has just chosen.
        this.declined.add(choice.gpu.package);
      }
    }
    return (await this.host.install({ binaries, registry, expectedBytes: estimateRuntimeBytes(binaries) })).entryUrl;
  }

  /** The CPU install when the GPU build was declined; with the device set to cuda that cannot work, so it says so. */
  private withoutGpu(cpuInstall: InstalledRuntime, gpu: { layer: GpuLayer; package: string }, device: RuntimeDevice): string {
    if (device === 'cuda') {
      throw new Error(
        `citescribe.model.device is 'cuda', but node-llama-cpp's CUDA build was not downloaded (you chose not to in this window). Set the device to auto or cpu to run on the CPU. ${ASK_AGAIN}`,
      );
    }
    this.host.log?.(`node-llama-cpp: using the CPU build in ${cpuInstall.folder}; the ${LAYER_NAMES[gpu.layer]} build (${gpu.package}) was declined in this window.`);
    return cpuInstall.entryUrl;
  }
}
