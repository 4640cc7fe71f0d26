// Measures, from the real npm registry, the download size of node-llama-cpp 3.21.1 with each binary package, for the
// size table in src/core/neural/llama-sizes.ts (the consent dialog shows it as "about N MB" before any request is
// made). It resolves the tree as the install does (for each package's platform) and asks each tarball's
// Content-Length with a HEAD request. Slow (≈130 requests a platform): run by hand when NODE_LLAMA_CPP_VERSION changes.
//   npx tsx scripts/measure-llama-sizes.ts
import { resolvePackageTree } from '../src/core/neural/npm/resolve';
import { NODE_LLAMA_CPP_VERSION } from '../src/core/neural/llama-install';

const BUILDS: Array<[NodeJS.Platform, string, string | undefined, string[]]> = [
  ['linux', 'x64', 'glibc', ['linux-x64', 'linux-x64-cuda', 'linux-x64-vulkan']],
  ['linux', 'arm64', 'glibc', ['linux-arm64']],
  ['linux', 'arm', 'glibc', ['linux-armv7l']],
  ['linux', 'riscv64', 'glibc', ['linux-riscv64']],
  ['darwin', 'x64', undefined, ['mac-x64']],
  ['darwin', 'arm64', undefined, ['mac-arm64-metal']],
  ['win32', 'x64', undefined, ['win-x64', 'win-x64-cuda', 'win-x64-vulkan']],
  ['win32', 'arm64', undefined, ['win-arm64']],
];

async function sizeOf(url: string): Promise<number> {
  const response = await fetch(url, { method: 'HEAD' });
  const length = Number(response.headers.get('content-length'));
  if (!response.ok || !(length > 0)) throw new Error(`no size for ${url}: ${response.status}`);
  return length;
}

async function main() {
  const sizes = new Map<string, number>();
  for (const [platform, arch, libc, builds] of BUILDS) {
    const dependencies = Object.fromEntries([['node-llama-cpp', NODE_LLAMA_CPP_VERSION], ...builds.map((b) => [`@node-llama-cpp/${b}`, NODE_LLAMA_CPP_VERSION])]);
    const packages = await resolvePackageTree({ dependencies, skipOptionalDependenciesOf: ['node-llama-cpp'], platform, arch, libc });
    for (const p of packages) if (!sizes.has(p.tarball)) sizes.set(p.tarball, await sizeOf(p.tarball));
    const binaryNames = new Set(builds.map((b) => `@node-llama-cpp/${b}`));
    const binaryOwned = (name: string) => [...binaryNames].some((b) => name === b || name.startsWith(`${b}-`));
    const base = packages.filter((p) => !binaryOwned(p.name)).reduce((n, p) => n + sizes.get(p.tarball)!, 0);
    const per = builds.map((b) => {
      const own = packages.filter((p) => p.name === `@node-llama-cpp/${b}`);
      return `${b}=${own.reduce((n, p) => n + sizes.get(p.tarball)!, 0)}`;
    });
    const binaryPackages = packages.filter((p) => binaryOwned(p.name)).map((p) => p.name);
    console.log(`${platform}-${arch}: ${packages.length} packages; base (node-llama-cpp and its dependencies) ${base} bytes; ${per.join(' ')}; binaries: ${binaryPackages.join(',')}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
