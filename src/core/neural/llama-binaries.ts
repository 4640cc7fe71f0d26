// Which of node-llama-cpp's prebuilt binary packages this machine needs. node-llama-cpp publishes llama.cpp
// compiled once per platform and GPU API as separate packages, @node-llama-cpp/<platform>-<arch>[-cuda|-vulkan|-metal],
// and at run time (getLlama({ gpu: 'auto' })) tries CUDA, then Vulkan, then the CPU build, keeping the first that
// loads. The detection below mirrors its own (dist/bindings/utils/detectAvailableComputeLayers.js in 3.21.1): CUDA
// when the NVIDIA driver's libnvidia-ml and the CUDA runtime's libcuda, libcudart, libcublas and libcublasLt are on the
// library path; Vulkan when libvulkan is. The CPU build is always installed as the fallback it needs when a GPU
// build cannot load; Apple Silicon has only the Metal build.
import * as fs from 'node:fs';
import * as path from 'node:path';

export type GpuLayer = 'cuda' | 'vulkan' | 'metal';

export interface BinaryChoice {
  /** The CPU build, always installed where one exists (the fallback of every GPU build). */
  cpu?: string;
  /** The GPU build node-llama-cpp would choose first here, when one was detected. */
  gpu?: { layer: GpuLayer; package: string };
}

export interface DetectionEnvironment {
  platform: NodeJS.Platform;
  arch: string;
  env: NodeJS.ProcessEnv;
  /** True when the file exists; tests pass a fake file system. */
  exists: (file: string) => boolean;
  /** The names in a folder ([] when it cannot be read). */
  list: (dir: string) => string[];
}

function currentEnvironment(): DetectionEnvironment {
  return {
    platform: process.platform,
    arch: process.arch,
    env: process.env,
    exists: (file) => fs.existsSync(file),
    list: (dir) => {
      try {
        return fs.readdirSync(dir);
      } catch {
        return [];
      }
    },
  };
}

function searchPaths(e: DetectionEnvironment, extra: Array<string | undefined>): string[] {
  const delimiter = e.platform === 'win32' ? ';' : ':';
  return [e.env.PATH, ...extra]
    .flatMap((p) => (p ?? '').split(delimiter))
    .map((p) => (p.length >= 2 && p.startsWith('"') && p.endsWith('"') ? p.slice(1, -1) : p))
    .filter((p) => p.length > 0);
}

function anyFound(e: DetectionEnvironment, dirs: string[], names: string[]): boolean {
  const join = e.platform === 'win32' ? path.win32.join : path.posix.join;
  return names.some((name) => dirs.some((dir) => e.exists(join(dir, name))));
}

const LINUX_LIBRARY_DIRS = ['/usr/lib', '/usr/lib64', '/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib/armv7l-linux-gnu'];

/** The GPU APIs node-llama-cpp would find here, best first (CUDA before Vulkan), as its own detection decides. */
export function detectGpuLayers(e: DetectionEnvironment): GpuLayer[] {
  const layers: GpuLayer[] = [];
  if (e.platform === 'darwin') return e.arch === 'arm64' ? ['metal'] : [];
  if (e.platform === 'linux') {
    // CUDA toolkits install as /usr/local/cuda or /usr/local/cuda-12.4, with libraries under targets/<triple>/lib.
    const cudaRoots = [e.env.CUDA_PATH, '/usr/local/cuda', ...e.list('/usr/local').filter((n) => n.toLowerCase().startsWith('cuda-')).map((n) => `/usr/local/${n}`)].filter(
      (p): p is string => !!p,
    );
    const cudaLibs = cudaRoots.flatMap((root) => e.list(`${root}/targets`).flatMap((t) => [`${root}/targets/${t}/lib`, `${root}/targets/${t}/lib/stubs`]));
    const dirs = searchPaths(e, [e.env.LD_LIBRARY_PATH, e.env.CUDA_PATH, ...LINUX_LIBRARY_DIRS, ...cudaLibs]);
    const versions = (base: string) => [base, ...['11', '12', '13'].map((v) => `${base}.${v}`)];
    const driver = anyFound(e, dirs, ['libnvidia-ml.so', 'libnvidia-ml.so.1']);
    const runtime =
      anyFound(e, dirs, ['libcuda.so', 'libcuda.so.1']) &&
      anyFound(e, dirs, versions('libcudart.so')) &&
      anyFound(e, dirs, versions('libcublas.so')) &&
      anyFound(e, dirs, versions('libcublasLt.so'));
    if (driver && runtime) layers.push('cuda');
    if (anyFound(e, searchPaths(e, [e.env.LD_LIBRARY_PATH, ...LINUX_LIBRARY_DIRS]), ['libvulkan.so', 'libvulkan.so.1'])) layers.push('vulkan');
  } else if (e.platform === 'win32') {
    const windir = e.env.windir ?? e.env.WINDIR ?? 'C:\\Windows';
    const programFiles = [e.env.ProgramFiles, e.env['ProgramFiles(x86)']].filter((p): p is string => !!p);
    const cudaRoots = programFiles.flatMap((pf) => {
      const container = `${pf}\\NVIDIA GPU Computing Toolkit\\CUDA`;
      return e.list(container).filter((n) => n.toLowerCase().startsWith('v')).map((n) => `${container}\\${n}`);
    });
    const cudaDirs = searchPaths(e, cudaRoots.flatMap((r) => [r, `${r}\\bin`]));
    const driver = anyFound(e, searchPaths(e, [`${windir}\\System32`]), ['nvml.dll']);
    const runtime =
      anyFound(e, cudaDirs, ['cudart64_110.dll', 'cudart64_11.dll', 'cudart64_12.dll', 'cudart64_13.dll']) &&
      anyFound(e, cudaDirs, ['cublas64_11.dll', 'cublas64_12.dll', 'cublas64_13.dll']) &&
      anyFound(e, cudaDirs, ['cublasLt64_11.dll', 'cublasLt64_12.dll', 'cublasLt64_13.dll']);
    if (driver && runtime) layers.push('cuda');
    if (anyFound(e, searchPaths(e, [`${windir}\\System32`, `${windir}\\SysWOW64`]), ['vulkan-1.dll'])) layers.push('vulkan');
  }
  return layers;
}

/** The packages node-llama-cpp publishes for a platform: the CPU build and the GPU builds by API. */
function publishedBuilds(platform: NodeJS.Platform, arch: string): { cpu?: string; gpu: Partial<Record<GpuLayer, string>> } {
  const scope = '@node-llama-cpp/';
  if (platform === 'darwin') return arch === 'arm64' ? { gpu: { metal: `${scope}mac-arm64-metal` } } : arch === 'x64' ? { cpu: `${scope}mac-x64`, gpu: {} } : { gpu: {} };
  if (platform === 'linux') {
    if (arch === 'x64') return { cpu: `${scope}linux-x64`, gpu: { cuda: `${scope}linux-x64-cuda`, vulkan: `${scope}linux-x64-vulkan` } };
    const other: Record<string, string> = { arm64: 'linux-arm64', arm: 'linux-armv7l', riscv64: 'linux-riscv64' };
    return { cpu: other[arch] ? scope + other[arch] : undefined, gpu: {} };
  }
  if (platform === 'win32') {
    if (arch === 'x64') return { cpu: `${scope}win-x64`, gpu: { cuda: `${scope}win-x64-cuda`, vulkan: `${scope}win-x64-vulkan` } };
    if (arch === 'arm64') return { cpu: `${scope}win-arm64`, gpu: {} };
  }
  return { gpu: {} };
}

/**
 * The binary packages to install: the CPU build, plus the first GPU build node-llama-cpp would pick here unless the
 * device is 'cpu'. E.g. linux-x64 with CUDA 12 and the driver → linux-x64-cuda + linux-x64; without them → linux-x64.
 */
export function chooseBinaryPackages(device: 'auto' | 'cpu' | 'cuda', e: DetectionEnvironment = currentEnvironment()): BinaryChoice {
  const builds = publishedBuilds(e.platform, e.arch);
  const choice: BinaryChoice = { cpu: builds.cpu };
  if (device !== 'cpu' || !builds.cpu) {
    const layer = detectGpuLayers(e).find((l) => builds.gpu[l] && (device !== 'cuda' || l === 'cuda' || !builds.cpu));
    if (layer) choice.gpu = { layer, package: builds.gpu[layer]! };
  }
  return choice;
}
