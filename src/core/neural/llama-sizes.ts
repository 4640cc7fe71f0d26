// How much the node-llama-cpp download weighs, known before any request: the consent dialog shows it ("about 48 MB")
// without asking the registry first (resolving the tree and asking each tarball's size took 14–30 s and ≈240
// requests, made before the user had said yes). Measured on 2026-11-29 from registry.npmjs.org with
// `npx tsx scripts/measure-llama-sizes.ts`, which resolves node-llama-cpp 3.21.1's tree for each platform as the
// install does and sums each tarball's Content-Length. The dialog says "about": a dependency republished within its
// range changes the real size a little. Measure again when NODE_LLAMA_CPP_VERSION changes (a test checks the
// version this table is for).

/** The node-llama-cpp version these sizes were measured for. */
export const SIZES_MEASURED_FOR = '3.21.1';

/** node-llama-cpp and its dependencies, without any binary package, by `<platform>-<arch>` (bytes). */
const BASE_BYTES: Record<string, number> = {
  'linux-x64': 37_706_913,
  'linux-arm64': 37_697_740,
  'linux-arm': 37_489_790,
  'linux-riscv64': 37_489_790,
  'darwin-x64': 37_695_643,
  'darwin-arm64': 37_686_220,
  'win32-x64': 37_653_302,
  'win32-arm64': 37_645_883,
};

/** Each binary package's tarball (bytes). */
const BINARY_BYTES: Record<string, number> = {
  '@node-llama-cpp/linux-x64': 10_582_760,
  '@node-llama-cpp/linux-x64-cuda': 142_850_036,
  '@node-llama-cpp/linux-x64-vulkan': 27_476_121,
  '@node-llama-cpp/linux-arm64': 7_213_055,
  '@node-llama-cpp/linux-armv7l': 4_285_216,
  '@node-llama-cpp/linux-riscv64': 4_781_916,
  '@node-llama-cpp/mac-x64': 10_809_280,
  '@node-llama-cpp/mac-arm64-metal': 4_858_447,
  '@node-llama-cpp/win-x64': 9_787_045,
  '@node-llama-cpp/win-x64-cuda': 138_542_727,
  '@node-llama-cpp/win-x64-vulkan': 26_619_567,
  '@node-llama-cpp/win-arm64': 4_606_830,
};

/**
 * The estimated download size of node-llama-cpp with these binary packages on this platform, in bytes, or undefined
 * for a platform or package the table does not know. E.g. linux-x64 with the CPU build: ≈48.3 MB; with CUDA ≈191 MB.
 */
export function estimateRuntimeBytes(binaries: readonly string[], platform: NodeJS.Platform = process.platform, arch: string = process.arch): number | undefined {
  const base = BASE_BYTES[`${platform}-${arch}`];
  if (base === undefined || binaries.some((b) => !Object.hasOwn(BINARY_BYTES, b))) return undefined;
  return binaries.reduce((total, b) => total + BINARY_BYTES[b], base);
}
