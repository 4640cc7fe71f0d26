// Which of node-llama-cpp's binary packages the install fetches, on fake machines: the CPU build always, and the GPU
// build node-llama-cpp's own detection would pick first (CUDA needs the driver and the CUDA runtime libraries on the
// library path, Vulkan its loader), unless the device is 'cpu'.
import { strict as assert } from 'assert';
import { chooseBinaryPackages, detectGpuLayers, type DetectionEnvironment } from '../../../src/core/neural/llama-binaries';

function machine(platform: NodeJS.Platform, arch: string, files: string[], env: NodeJS.ProcessEnv = {}): DetectionEnvironment {
  const set = new Set(files);
  return {
    platform,
    arch,
    env,
    exists: (f) => set.has(f),
    list: (dir) => [...new Set(files.filter((f) => f.startsWith(dir + '/')).map((f) => f.slice(dir.length + 1).split('/')[0]))],
  };
}

const CUDA_12 = ['libcuda.so.1', 'libcudart.so.12', 'libcublas.so.12', 'libcublasLt.so.12'].map((f) => `/usr/local/cuda-12.4/targets/x86_64-linux/lib/${f}`);
const DRIVER = ['/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1'];

describe('neural: node-llama-cpp binary packages for this machine', () => {
  it('a Linux x64 machine without a GPU gets only the CPU build', () => {
    assert.deepEqual(chooseBinaryPackages('auto', machine('linux', 'x64', [])), { cpu: '@node-llama-cpp/linux-x64' });
  });

  it('the NVIDIA driver and a CUDA 12 toolkit under /usr/local add the CUDA build; the driver alone does not', () => {
    assert.deepEqual(chooseBinaryPackages('auto', machine('linux', 'x64', [...DRIVER, ...CUDA_12])), {
      cpu: '@node-llama-cpp/linux-x64',
      gpu: { layer: 'cuda', package: '@node-llama-cpp/linux-x64-cuda' },
    });
    assert.deepEqual(detectGpuLayers(machine('linux', 'x64', DRIVER)), []);
  });

  it('CUDA libraries found through LD_LIBRARY_PATH count as node-llama-cpp counts them', () => {
    const libs = ['libcuda.so', 'libcudart.so.12', 'libcublas.so.12', 'libcublasLt.so.12', 'libnvidia-ml.so'].map((f) => `/opt/nv/lib/${f}`);
    assert.deepEqual(detectGpuLayers(machine('linux', 'x64', libs, { LD_LIBRARY_PATH: '/opt/other:/opt/nv/lib' })), ['cuda']);
  });

  it('a Vulkan loader alone gives the Vulkan build; device cpu never downloads a GPU build', () => {
    const vulkan = machine('linux', 'x64', ['/usr/lib/x86_64-linux-gnu/libvulkan.so.1']);
    assert.deepEqual(chooseBinaryPackages('auto', vulkan).gpu, { layer: 'vulkan', package: '@node-llama-cpp/linux-x64-vulkan' });
    assert.deepEqual(chooseBinaryPackages('cpu', vulkan), { cpu: '@node-llama-cpp/linux-x64' });
    assert.equal(chooseBinaryPackages('cuda', vulkan).gpu, undefined);
  });

  it('Apple Silicon has only the Metal build; Windows x64 finds CUDA in Program Files', () => {
    assert.deepEqual(chooseBinaryPackages('cpu', machine('darwin', 'arm64', [])), { cpu: undefined, gpu: { layer: 'metal', package: '@node-llama-cpp/mac-arm64-metal' } });
    const pf = 'C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA';
    const windows: DetectionEnvironment = {
      platform: 'win32',
      arch: 'x64',
      env: { windir: 'C:\\Windows', ProgramFiles: 'C:\\Program Files' },
      exists: (f) => ['C:\\Windows\\System32\\nvml.dll', `${pf}\\v12.4\\bin\\cudart64_12.dll`, `${pf}\\v12.4\\bin\\cublas64_12.dll`, `${pf}\\v12.4\\bin\\cublasLt64_12.dll`].includes(f),
      list: (dir) => (dir === pf ? ['v12.4'] : []),
    };
    assert.deepEqual(chooseBinaryPackages('auto', windows), { cpu: '@node-llama-cpp/win-x64', gpu: { layer: 'cuda', package: '@node-llama-cpp/win-x64-cuda' } });
  });
});
