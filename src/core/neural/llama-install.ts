// Installs node-llama-cpp (the in-process runtime of the gguf engine) from the npm registry into a folder of our
// own, for users of the .vsix who cannot `npm install` beside the extension: node-llama-cpp 3.21.1, the binary
// package(s) this machine needs (llama-binaries.ts) and node-llama-cpp's own dependencies, laid out as npm would
// (npm/resolve.ts), every tarball checked against the registry's sha512 before it is unpacked (npm/fetch.ts).
//
// Everything is written into `<storage>/node-llama-cpp/.partial-<pid>-<n>/` and renamed to
// `<storage>/node-llama-cpp/3.21.1/` only once complete, with its marker file written last: a cancelled, failed or
// killed install leaves no folder that is ever loaded (a killed one leaves a .partial folder, removed by the next
// install once its process is gone). No install script of any package is run.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeFileAtomic } from '../util/atomic-file';
import { CancelledError, throwIfCancelled } from '../types';
import { DownloadError } from './errors';
import { downloadVerifiedTarball, extractPackageTarball } from './npm/fetch';
import { DEFAULT_NPM_REGISTRY, resolvePackageTree, type PlannedPackage } from './npm/resolve';

export const NODE_LLAMA_CPP_VERSION = '3.21.1';
export const INSTALL_MARKER = '.citescribe-install.json';

export interface RuntimePlan {
  registry: string;
  /** The top-level packages asked for: node-llama-cpp and its binary package(s), name → version. */
  roots: Record<string, string>;
  packages: PlannedPackage[];
  /** Download size of each tarball by URL, from the registry's Content-Length (absent when it did not say). */
  sizes: Record<string, number>;
}

interface InstallProgress {
  phase: 'download' | 'finish';
  bytes: number;
  /** The sum of the tarballs' sizes, when the registry announced them all. */
  totalBytes?: number;
  packagesDone: number;
  packagesTotal: number;
}

interface InstalledRuntime {
  /** The folder holding node_modules/. */
  folder: string;
  /** node-llama-cpp's ES module entry, as a file: URL for import(). */
  entryUrl: string;
  binaries: string[];
}

/** `<storage>/node-llama-cpp/<version>`: what a complete install is renamed to. */
export function runtimeFolder(storageDir: string, version = NODE_LLAMA_CPP_VERSION): string {
  return path.join(storageDir, 'node-llama-cpp', version);
}

/** The install in `storageDir`, if a complete one is there (its marker written last names the version). */
export function findInstalledRuntime(storageDir: string, version = NODE_LLAMA_CPP_VERSION): InstalledRuntime | undefined {
  const folder = runtimeFolder(storageDir, version);
  let marker: { version?: string; binaries?: string[] };
  try {
    marker = JSON.parse(fs.readFileSync(path.join(folder, INSTALL_MARKER), 'utf8'));
  } catch {
    return undefined;
  }
  if (marker.version !== version) return undefined;
  const packageDir = path.join(folder, 'node_modules', 'node-llama-cpp');
  let manifest: { main?: string; exports?: { '.'?: { import?: string } } };
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  } catch {
    return undefined;
  }
  const entry = path.resolve(packageDir, manifest.exports?.['.']?.import ?? manifest.main ?? 'index.js');
  if (!entry.startsWith(packageDir + path.sep) || !fs.existsSync(entry)) return undefined;
  return { folder, entryUrl: pathToFileURL(entry).href, binaries: marker.binaries ?? [] };
}

/** Resolves what to download (registry metadata only) and asks the registry for each tarball's size. */
export async function planRuntimeInstall(options: {
  binaries: string[];
  registry?: string;
  version?: string;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
  /** What it is doing, for a progress message: e.g. 'sizes of 121 packages: 40 known'. */
  onStep?: (message: string) => void;
}): Promise<RuntimePlan> {
  const version = options.version ?? NODE_LLAMA_CPP_VERSION;
  const registry = (options.registry ?? DEFAULT_NPM_REGISTRY).replace(/\/+$/, '');
  const roots: Record<string, string> = { 'node-llama-cpp': version };
  // The binary packages are released in step with node-llama-cpp, which loads one only if its version is its own.
  for (const binary of options.binaries) roots[binary] = version;
  const packages = await resolvePackageTree({
    registry,
    dependencies: roots,
    skipOptionalDependenciesOf: ['node-llama-cpp'],
    signal: options.signal,
    fetchImpl: options.fetchImpl,
  });
  const fetchImpl = options.fetchImpl ?? fetch;
  const sizes: Record<string, number> = {};
  const urls = [...new Set(packages.map((p) => p.tarball))];
  let asked = 0;
  // One HEAD a tarball: the registry's metadata gives no download size (at most an unpacked size, not always).
  await inBatches(urls, 8, async (url) => {
    options.onStep?.(`sizes of ${packages.length} packages: ${asked++} known`);
    throwIfCancelled(options.signal);
    try {
      const response = await fetchImpl(url, { method: 'HEAD', signal: options.signal });
      const length = Number(response.headers.get('content-length'));
      if (response.ok && Number.isFinite(length) && length > 0) sizes[url] = length;
    } catch {
      if (options.signal?.aborted) throw new CancelledError();
      // The size is for the consent message only; the download itself reports a real failure.
    }
  });
  return { registry, roots, packages, sizes };
}

/** The plan's download size in bytes, or undefined when the registry did not announce every tarball's. */
export function planDownloadBytes(plan: RuntimePlan, without: readonly string[] = []): number | undefined {
  const urls = new Set(plan.packages.filter((p) => !without.includes(p.name)).map((p) => p.tarball));
  let total = 0;
  for (const url of urls) {
    if (plan.sizes[url] === undefined) return undefined;
    total += plan.sizes[url];
  }
  return total;
}

/** The plan without some top-level packages (the GPU build when the user chooses the CPU only). */
export function withoutPackages(plan: RuntimePlan, names: readonly string[]): RuntimePlan {
  const roots = Object.fromEntries(Object.entries(plan.roots).filter(([n]) => !names.includes(n)));
  // Binary packages have no dependencies, so removing one removes only its own folder.
  return { ...plan, roots, packages: plan.packages.filter((p) => !names.includes(p.name)) };
}

/**
 * Runs `work` over the items, `width` at a time. The first failure stops new work and calls `onFailure` (which
 * aborts the downloads in flight); it is rethrown once every lane has stopped, so nothing writes after the caller
 * cleans up.
 */
async function inBatches<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>, onFailure?: () => void): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lanes = Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length && !failure) {
      try {
        await work(items[next++]);
      } catch (error) {
        if (!failure) {
          failure = { error };
          onFailure?.();
        }
      }
    }
  });
  await Promise.all(lanes);
  if (failure) throw failure.error;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Partial installs left by a process that was killed (VS Code closed mid-download): nothing loads them, so they go. */
function removeAbandonedPartials(parent: string): void {
  for (const name of fs.existsSync(parent) ? fs.readdirSync(parent) : []) {
    const match = /^\.partial-(\d+)-/.exec(name);
    if (match && Number(match[1]) !== process.pid && !processAlive(Number(match[1]))) fs.rmSync(path.join(parent, name), { recursive: true, force: true });
  }
}

let partialCounter = 0;

/** Downloads, verifies and unpacks the plan into `storageDir`; returns the install. Cancelling leaves nothing. */
export async function installRuntime(
  plan: RuntimePlan,
  options: { storageDir: string; version?: string; signal?: AbortSignal; onProgress?: (p: InstallProgress) => void; fetchImpl?: typeof fetch },
): Promise<InstalledRuntime> {
  const version = options.version ?? NODE_LLAMA_CPP_VERSION;
  const already = findInstalledRuntime(options.storageDir, version);
  if (already) return already;
  const parent = path.join(options.storageDir, 'node-llama-cpp');
  fs.mkdirSync(parent, { recursive: true });
  removeAbandonedPartials(parent);
  const partial = path.join(parent, `.partial-${process.pid}-${Date.now()}-${++partialCounter}`);
  const tarballs = path.join(partial, '.tarballs');
  fs.mkdirSync(tarballs, { recursive: true });
  const started = Date.now();
  const urls = [...new Set(plan.packages.map((p) => p.tarball))];
  const totalBytes = planDownloadBytes(plan);
  let bytes = 0;
  let done = 0;
  // One failed tarball stops the others at once; the user's cancel does the same.
  const stop = new AbortController();
  const onCancel = () => stop.abort();
  options.signal?.addEventListener('abort', onCancel, { once: true });
  const signal = stop.signal;
  const report = (phase: InstallProgress['phase']) => options.onProgress?.({ phase, bytes, totalBytes, packagesDone: done, packagesTotal: plan.packages.length });
  try {
    const files = new Map<string, string>();
    urls.forEach((url, i) => files.set(url, path.join(tarballs, `${i}.tgz`)));
    await inBatches(urls, 6, async (url) => {
      throwIfCancelled(signal);
      const users = plan.packages.filter((p) => p.tarball === url);
      const first = users[0];
      await downloadVerifiedTarball({
        label: `${first.name}@${first.version}`,
        url,
        integrity: first.integrity,
        file: files.get(url)!,
        signal,
        fetchImpl: options.fetchImpl,
        onBytes: (n) => {
          bytes += n;
          report('download');
        },
      });
      for (const p of users) {
        throwIfCancelled(signal);
        await extractPackageTarball(files.get(url)!, path.join(partial, ...p.location.split('/')), `${p.name}@${p.version}`);
        done++;
      }
      report('download');
    }, () => stop.abort());
    throwIfCancelled(options.signal);
    report('finish');
    fs.rmSync(tarballs, { recursive: true, force: true });
    const seconds = (Date.now() - started) / 1000;
    writeFileAtomic(
      path.join(partial, INSTALL_MARKER),
      JSON.stringify(
        {
          version,
          registry: plan.registry,
          binaries: Object.keys(plan.roots).filter((n) => n !== 'node-llama-cpp'),
          packages: plan.packages.length,
          bytes,
          seconds,
          installedAt: new Date().toISOString(),
        },
        null,
        2,
      ) + '\n',
    );
    const target = runtimeFolder(options.storageDir, version);
    try {
      fs.renameSync(partial, target);
    } catch (err) {
      // Another window finished the same install first: use that one.
      const other = findInstalledRuntime(options.storageDir, version);
      if (other) {
        fs.rmSync(partial, { recursive: true, force: true });
        return other;
      }
      // An incomplete folder under the final name (from before installs were atomic) is replaced.
      if (fs.existsSync(target)) {
        fs.rmSync(target, { recursive: true, force: true });
        fs.renameSync(partial, target);
      } else {
        throw err;
      }
    }
    const installed = findInstalledRuntime(options.storageDir, version);
    if (!installed) throw new DownloadError(`node-llama-cpp ${version} was unpacked into ${target}, but its entry module is missing.`);
    return installed;
  } catch (err) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw options.signal?.aborted ? new CancelledError() : err;
  } finally {
    options.signal?.removeEventListener('abort', onCancel);
  }
}
