// Installs node-llama-cpp (the in-process runtime of the gguf engine) from the npm registry into a folder of our
// own, for users of the .vsix who cannot `npm install` beside the extension: node-llama-cpp 3.21.1, the binary
// package(s) this machine needs (llama-binaries.ts) and node-llama-cpp's own dependencies, laid out as npm would
// (npm/resolve.ts), every tarball checked against the registry's sha512 before it is unpacked (npm/fetch.ts).
//
// Each install is a complete folder named by the version and the GPU builds it holds: `3.21.1` (the CPU build),
// `3.21.1-cuda` (CUDA and the CPU build). Adding a GPU build later installs a new complete folder beside the CPU one,
// which stays usable (a window may have it loaded). Everything is written into
// `<storage>/node-llama-cpp/.partial-<host>-<pid>-<time>-<n>/` and renamed once complete, with its marker file
// written last: a cancelled, failed or killed install leaves no folder that is ever loaded. A partial folder is
// removed by a later install once its process is gone: only this host's (the pid says nothing about a process on
// another host sharing $HOME over NFS), and anyone's after a day. No install script of any package is run.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as semver from 'semver';
import { writeFileAtomic } from '../util/atomic-file';
import { processRunning } from '../util/process-state';
import { CancelledError, throwIfCancelled } from '../types';
import { DownloadError } from './errors';
import { downloadVerifiedTarball, extractPackageTarball, fetchWithinOrigin } from './npm/fetch';
import { DEFAULT_NPM_REGISTRY, resolvePackageTree, type PlannedPackage } from './npm/resolve';

export const NODE_LLAMA_CPP_VERSION = '3.21.1';
export const INSTALL_MARKER = '.citescribe-install.json';

export interface RuntimePlan {
  registry: string;
  /** The top-level packages asked for: node-llama-cpp and its binary package(s), name → version. */
  roots: Record<string, string>;
  packages: PlannedPackage[];
  /** Download size of each tarball by URL, from the registry's Content-Length, when asked for (`measureSizes`). */
  sizes: Record<string, number>;
}

interface InstallProgress {
  phase: 'download' | 'finish';
  bytes: number;
  /** The expected download size: the measured sizes of the plan, else the caller's estimate (llama-sizes.ts). */
  totalBytes?: number;
  packagesDone: number;
  packagesTotal: number;
}

export interface InstalledRuntime {
  /** The folder holding node_modules/. */
  folder: string;
  /** node-llama-cpp's ES module entry, as a file: URL for import(). */
  entryUrl: string;
  binaries: string[];
}

const GPU_SUFFIX = /-(cuda|vulkan|metal)$/;

/** The binary packages of a plan: its top-level packages other than node-llama-cpp. */
export function planBinaries(plan: Pick<RuntimePlan, 'roots'>): string[] {
  return Object.keys(plan.roots).filter((n) => n !== 'node-llama-cpp');
}

/** The folder name of an install holding these binary packages: the version, then its GPU APIs ('3.21.1-cuda'). */
export function runtimeFolderName(binaries: readonly string[], version = NODE_LLAMA_CPP_VERSION): string {
  const layers = [...new Set(binaries.map((b) => GPU_SUFFIX.exec(b)?.[1]).filter((l): l is string => !!l))].sort();
  return [version, ...layers].join('-');
}

/** `<storage>/node-llama-cpp/<version>[-<gpu>]`: what a complete install with these binaries is renamed to. */
export function runtimeFolder(storageDir: string, binaries: readonly string[] = [], version = NODE_LLAMA_CPP_VERSION): string {
  return path.join(storageDir, 'node-llama-cpp', runtimeFolderName(binaries, version));
}

/** The complete install in `folder` (its marker, written last, names the version), or undefined. */
function readInstall(folder: string, version: string): InstalledRuntime | undefined {
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
  return { folder, entryUrl: pathToFileURL(entry).href, binaries: Array.isArray(marker.binaries) ? marker.binaries : [] };
}

/**
 * A complete install in `storageDir` holding every binary package in `binaries` (any install when none is named),
 * or undefined. The folder named for exactly these binaries is preferred, then the one with the fewest others:
 * with `3.21.1` and `3.21.1-cuda` both there, the CPU build alone is found in `3.21.1`, CUDA in `3.21.1-cuda`.
 */
export function findInstalledRuntime(storageDir: string, options: { binaries?: readonly string[]; version?: string } = {}): InstalledRuntime | undefined {
  const version = options.version ?? NODE_LLAMA_CPP_VERSION;
  const wanted = options.binaries ?? [];
  const parent = path.join(storageDir, 'node-llama-cpp');
  let names: string[];
  try {
    names = fs.readdirSync(parent);
  } catch {
    return undefined;
  }
  const exact = runtimeFolderName(wanted, version);
  const candidates = names
    .filter((n) => n === version || n.startsWith(`${version}-`))
    .sort((a, b) => Number(b === exact) - Number(a === exact) || a.length - b.length || (a < b ? -1 : 1));
  let best: InstalledRuntime | undefined;
  for (const name of candidates) {
    const install = readInstall(path.join(parent, name), version);
    if (!install || !wanted.every((b) => install.binaries.includes(b))) continue;
    if (name === exact) return install;
    if (!best || install.binaries.length < best.binaries.length) best = install;
  }
  return best;
}

/**
 * Resolves what to download (registry metadata only); with `measureSizes`, also asks the registry for each
 * tarball's size (one HEAD a tarball, ≈120 more requests: the consent dialog uses llama-sizes.ts's estimate instead).
 */
export async function planRuntimeInstall(options: {
  binaries: string[];
  registry?: string;
  version?: string;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
  /** What it is doing, for a progress message: e.g. 'sizes of 121 packages: 40 known'. */
  onStep?: (message: string) => void;
  measureSizes?: boolean;
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
  const urls = options.measureSizes ? [...new Set(packages.map((p) => p.tarball))] : [];
  let asked = 0;
  // One HEAD a tarball: the registry's metadata gives no download size (at most an unpacked size, not always).
  await inBatches(urls, 8, async (url) => {
    options.onStep?.(`sizes of ${packages.length} packages: ${asked++} known`);
    throwIfCancelled(options.signal);
    try {
      const response = await fetchWithinOrigin(fetchImpl, url, { method: 'HEAD', signal: options.signal }, url);
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

/** This host's name as it goes into a partial folder's name: letters and digits only ('build-07.lab' → 'build_07_lab'). */
export function hostTag(hostname = os.hostname()): string {
  return hostname.replace(/[^A-Za-z0-9]+/g, '_') || 'host';
}

/** `.partial-<host>-<pid>-<start ms>-<n>`; the host may hold '_' but no '-'. */
const PARTIAL_NAME = /^\.partial-([A-Za-z0-9_]+)-(\d+)-(\d+)-(\d+)$/;
const DAY_MS = 24 * 3600 * 1000;
/** The partial folders this process is writing now (two installs may run at once in one process). */
const activePartials = new Set<string>();

/** Removes a folder if it can: a failure (Windows holding a file open) must not hide the error being reported. */
function removeQuietly(dir: string): void {
  try {
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  } catch {
    // Left for the next install's clean-up (its own host's partials once the process is gone, anyone's after a day).
  }
}

/**
 * Partial installs nothing loads any more (VS Code killed mid-download, a clean-up Windows refused): this host's when
 * their process is gone (ours when no install of this process writes it), anyone's once a day old. Another host's
 * pid means nothing here: with $HOME on NFS, pid 4242 may be alive on the host that is still writing the folder.
 */
export function removeAbandonedPartials(parent: string, now = Date.now()): void {
  for (const name of fs.existsSync(parent) ? fs.readdirSync(parent) : []) {
    if (!name.startsWith('.partial-')) continue;
    const folder = path.join(parent, name);
    if (activePartials.has(folder)) continue;
    const match = PARTIAL_NAME.exec(name);
    let abandoned: boolean;
    if (match && match[1] === hostTag()) {
      const pid = Number(match[2]);
      abandoned = pid === process.pid || !processRunning(pid);
    } else {
      // Another host's, or named before the host was part of the name: only its age tells.
      let started = match ? Number(match[3]) : NaN;
      if (!Number.isFinite(started)) {
        try {
          started = fs.statSync(folder).mtimeMs;
        } catch {
          continue;
        }
      }
      abandoned = now - started > DAY_MS;
    }
    if (abandoned) removeQuietly(folder);
  }
}

/** Install folders of other node-llama-cpp versions ('3.20.0', '3.20.0-cuda'): replaced by this one, removed if they can be. */
function removeOtherVersions(parent: string, version: string): void {
  for (const name of fs.existsSync(parent) ? fs.readdirSync(parent) : []) {
    let other = name;
    while (GPU_SUFFIX.test(other)) other = other.replace(GPU_SUFFIX, '');
    if (other !== version && semver.valid(other)) removeQuietly(path.join(parent, name));
  }
}

const RETRIED_RENAME_CODES = new Set(['EPERM', 'EACCES', 'EBUSY']);

/**
 * Renames `from` to `to`, retrying for up to `limitMs` while Windows refuses (EPERM, EACCES, EBUSY): an antivirus
 * scanning the .node files just written holds them open for a moment, as graceful-fs knows. Stops retrying at
 * once when `giveUp()` says so (another window has put its install there).
 */
export async function renameRetrying(from: string, to: string, options: { limitMs?: number; giveUp?: () => boolean } = {}): Promise<void> {
  const limitMs = options.limitMs ?? 10_000;
  const started = Date.now();
  let delay = 20;
  for (;;) {
    try {
      fs.renameSync(from, to);
      return;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? '';
      if (!RETRIED_RENAME_CODES.has(code) || options.giveUp?.() || Date.now() - started + delay > limitMs) throw err;
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 1000);
    }
  }
}

let partialCounter = 0;

/**
 * Downloads, verifies and unpacks the plan into `storageDir`; returns the install. Cancelling leaves nothing.
 * `expectedBytes` (an estimate) is the progress's total when the plan's sizes were not measured.
 */
export async function installRuntime(
  plan: RuntimePlan,
  options: { storageDir: string; version?: string; signal?: AbortSignal; onProgress?: (p: InstallProgress) => void; fetchImpl?: typeof fetch; expectedBytes?: number },
): Promise<InstalledRuntime> {
  const version = options.version ?? NODE_LLAMA_CPP_VERSION;
  const binaries = planBinaries(plan);
  const already = findInstalledRuntime(options.storageDir, { binaries, version });
  if (already) return already;
  const parent = path.join(options.storageDir, 'node-llama-cpp');
  fs.mkdirSync(parent, { recursive: true });
  removeAbandonedPartials(parent);
  const partial = path.join(parent, `.partial-${hostTag()}-${process.pid}-${Date.now()}-${++partialCounter}`);
  activePartials.add(partial);
  const tarballs = path.join(partial, '.tarballs');
  const started = Date.now();
  const urls = [...new Set(plan.packages.map((p) => p.tarball))];
  const totalBytes = planDownloadBytes(plan) ?? options.expectedBytes;
  let bytes = 0;
  let done = 0;
  // One failed tarball stops the others at once; the user's cancel does the same.
  const stop = new AbortController();
  const onCancel = () => stop.abort();
  options.signal?.addEventListener('abort', onCancel, { once: true });
  const signal = stop.signal;
  const report = (phase: InstallProgress['phase']) => options.onProgress?.({ phase, bytes, totalBytes, packagesDone: done, packagesTotal: plan.packages.length });
  try {
    fs.mkdirSync(tarballs, { recursive: true });
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
    fs.rmSync(tarballs, { recursive: true, force: true, maxRetries: 5 });
    const seconds = (Date.now() - started) / 1000;
    writeFileAtomic(
      path.join(partial, INSTALL_MARKER),
      JSON.stringify({ version, registry: plan.registry, binaries, packages: plan.packages.length, bytes, seconds, installedAt: new Date().toISOString() }, null, 2) + '\n',
    );
    const target = runtimeFolder(options.storageDir, binaries, version);
    const finishedElsewhere = () => readInstall(target, version);
    try {
      await renameRetrying(partial, target, { giveUp: () => !!finishedElsewhere() });
    } catch (err) {
      // Another window finished the same install first: use that one.
      const other = finishedElsewhere();
      if (other) {
        removeQuietly(partial);
        return other;
      }
      // An incomplete folder under the final name (from before installs were atomic) is replaced.
      if (!fs.existsSync(target)) throw err;
      fs.rmSync(target, { recursive: true, force: true, maxRetries: 5 });
      await renameRetrying(partial, target);
    }
    const installed = readInstall(target, version);
    if (!installed) throw new DownloadError(`node-llama-cpp ${version} was unpacked into ${target}, but its entry module is missing.`);
    removeOtherVersions(parent, version);
    return installed;
  } catch (err) {
    // The original error (a cancel, a bad checksum) is what the user must see, even if Windows refuses the clean-up.
    removeQuietly(partial);
    throw options.signal?.aborted ? new CancelledError() : err;
  } finally {
    activePartials.delete(partial);
    options.signal?.removeEventListener('abort', onCancel);
  }
}
