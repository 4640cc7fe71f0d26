// Resolves a set of npm packages and everything they depend on, from a registry's metadata, into a node_modules
// tree laid out as npm lays it out: each package as high as it can go without shadowing a version another package
// needs, so Node's module resolution (walking up node_modules folders) finds for every package a version its range
// accepts. E.g. `ora@9` at the top and `ora@8` in node_modules/node-llama-cpp/node_modules/ when two ranges differ.
// No install scripts are run and nothing is downloaded here: the plan lists what to fetch and where it goes.
import * as semver from 'semver';
import { CancelledError, throwIfCancelled } from '../../types';
import { DownloadError } from '../errors';
import { checkSecureUrl, fetchWithinOrigin } from './fetch';

export const DEFAULT_NPM_REGISTRY = 'https://registry.npmjs.org';

/** One version of a package as the registry describes it (the fields used here). */
interface PackageVersionMetadata {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  os?: string[];
  cpu?: string[];
  /** 'glibc' or 'musl': e.g. @reflink/reflink-linux-x64-musl is for musl systems only. */
  libc?: string[];
  dist: { tarball: string; integrity?: string; shasum?: string };
}

interface Packument {
  name: string;
  'dist-tags'?: Record<string, string>;
  versions: Record<string, PackageVersionMetadata>;
}

/** A package in the planned tree. */
export interface PlannedPackage {
  name: string;
  version: string;
  /** Folder relative to the install root, with '/' separators: `node_modules/a/node_modules/@s/b`. */
  location: string;
  tarball: string;
  /** The registry's SRI string (`sha512-…`), checked before extracting. */
  integrity: string;
}

interface ResolveOptions {
  /** Registry base URL, default https://registry.npmjs.org. */
  registry?: string;
  /** The top-level packages: name → exact version or range. */
  dependencies: Record<string, string>;
  /** Packages whose optionalDependencies are not installed (node-llama-cpp lists every platform's binaries there; the one wanted is a top-level dependency instead). */
  skipOptionalDependenciesOf?: readonly string[];
  platform?: NodeJS.Platform;
  arch?: string;
  /** 'glibc' or 'musl' on Linux; detected when not given. */
  libc?: string;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
}

interface TreeNode {
  name: string;
  version: string;
  location: string;
  metadata?: PackageVersionMetadata;
  parent?: TreeNode;
  /** What this node's own node_modules folder holds. */
  children: Map<string, TreeNode>;
  /** Its dependencies have been placed: from now on it finds them where it finds them, and nothing may shadow them. */
  resolved?: boolean;
}

/** Registry URL of a package's metadata: scoped names keep their '@' and encode the '/' (`@s%2Fb`). */
function packumentUrl(registry: string, name: string): string {
  return `${registry.replace(/\/+$/, '')}/${name.replace('/', '%2F')}`;
}

/** A package name npm accepts: no path tricks can hide in it, since it becomes a folder name. */
function isValidPackageName(name: string): boolean {
  return /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/i.test(name) && !name.includes('..');
}

/**
 * The version npm would choose for `range`: the `latest` tag when it satisfies the range, else the highest that does.
 * A dist-tag ('next') naming a version the registry does not list is a clear error; only the packument's own keys
 * count ('constructor' is no tag).
 */
export function chooseVersion(packument: Packument, range: string): string | undefined {
  const tags = packument['dist-tags'] ?? {};
  if (Object.hasOwn(tags, range) && typeof tags[range] === 'string') {
    if (!Object.hasOwn(packument.versions, tags[range])) {
      throw new DownloadError(`The dist-tag '${range}' of ${packument.name} names version ${tags[range]}, which the registry does not list.`);
    }
    return tags[range];
  }
  const wanted = range.trim() === '' ? '*' : range;
  if (!semver.validRange(wanted)) return undefined;
  const latest = Object.hasOwn(tags, 'latest') ? tags.latest : undefined;
  if (latest && Object.hasOwn(packument.versions, latest) && semver.satisfies(latest, wanted)) return latest;
  return semver.maxSatisfying(Object.keys(packument.versions), wanted) ?? undefined;
}

/** npm's `os`/`cpu` fields: a list of allowed values, or of `!value` exclusions. */
function fieldAllows(list: string[] | undefined, value: string): boolean {
  if (!list || list.length === 0) return true;
  const excluded = list.filter((v) => v.startsWith('!')).map((v) => v.slice(1));
  const allowed = list.filter((v) => !v.startsWith('!'));
  if (excluded.includes(value)) return false;
  return allowed.length === 0 || allowed.includes(value);
}

/** Node's own report says which C library it runs on: glibc when it names a glibc version, else musl (Alpine). */
function currentLibc(platform: NodeJS.Platform): string | undefined {
  if (platform !== 'linux' || platform !== process.platform) return undefined;
  const header = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header;
  return header?.glibcVersionRuntime ? 'glibc' : 'musl';
}

function nodeModulesOf(node: TreeNode): string {
  return node.location ? `${node.location}/node_modules` : 'node_modules';
}

/** Every range by which some package in `node`'s subtree (itself included) would find `name` through `node`'s node_modules. */
function rangesResolvedThrough(node: TreeNode, name: string): string[] {
  const ranges: string[] = [];
  const visit = (n: TreeNode) => {
    // A package still waiting in the queue places its own copy below itself later, if it needs another version.
    const range = n.resolved ? (n.metadata?.dependencies?.[name] ?? n.metadata?.optionalDependencies?.[name]) : undefined;
    if (range !== undefined) ranges.push(range);
    for (const child of n.children.values()) {
      // A child with its own copy below this level does not look here.
      if (child.name !== name && !child.children.has(name)) visit(child);
    }
  };
  visit(node);
  return ranges;
}

export async function resolvePackageTree(options: ResolveOptions): Promise<PlannedPackage[]> {
  const registry = (options.registry ?? DEFAULT_NPM_REGISTRY).replace(/\/+$/, '');
  checkSecureUrl(registry, 'The npm registry');
  const fetchImpl = options.fetchImpl ?? fetch;
  const platform = options.platform ?? process.platform;
  const arch = options.arch ?? process.arch;
  const libc = options.libc ?? currentLibc(platform);
  const skipOptional = new Set(options.skipOptionalDependenciesOf ?? []);
  const packuments = new Map<string, Promise<Packument>>();

  const packument = (name: string): Promise<Packument> => {
    let pending = packuments.get(name);
    if (!pending) {
      pending = fetchPackument(fetchImpl, registry, name, options.signal);
      pending.catch(() => undefined);
      packuments.set(name, pending);
    }
    return pending;
  };

  const root: TreeNode = { name: '', version: '', location: '', children: new Map() };
  const queue: TreeNode[] = [root];
  const wanted = (node: TreeNode): Array<[string, string]> => {
    if (node === root) return Object.entries(options.dependencies);
    const m = node.metadata!;
    const optional = skipOptional.has(node.name) ? {} : (m.optionalDependencies ?? {});
    const peers = Object.entries(m.peerDependencies ?? {}).filter(([peer]) => !m.peerDependenciesMeta?.[peer]?.optional);
    // npm 7+ installs required peers; here they are found the way a dependency is (beside or above the package).
    return [...Object.entries({ ...Object.fromEntries(peers), ...(m.dependencies ?? {}) }), ...Object.entries(optional).filter(([n]) => !m.dependencies?.[n])];
  };

  while (queue.length > 0) {
    throwIfCancelled(options.signal);
    const node = queue.shift()!;
    node.resolved = true;
    const deps = wanted(node).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    // Fetch this package's dependencies' metadata together: the registry round trips dominate resolution. A failure
    // is reported below, for the package it concerns (or skipped there when the dependency is optional).
    await Promise.allSettled(deps.map(([name]) => (isValidPackageName(name) ? packument(name) : undefined)));
    for (const [name, range] of deps) {
      const isOptional = node !== root && !node.metadata?.dependencies?.[name] && !!node.metadata?.optionalDependencies?.[name];
      if (!isValidPackageName(name)) throw new DownloadError(`${node.name || 'the install'} depends on '${name}', which is not a valid npm package name.`);
      if (/^(npm:|git|file:|link:|https?:|github:|workspace:)/.test(range) || range.includes('/')) {
        throw new DownloadError(`${node.name}@${node.version} depends on ${name}@${range}, which is not a registry version range; it cannot be installed from the registry.`);
      }
      // Already reachable with an acceptable version? Then it is shared, as npm dedupes.
      let level: TreeNode | undefined = node;
      let target: TreeNode = node;
      let satisfied = false;
      while (level) {
        const existing = level.children.get(name);
        if (existing) {
          satisfied = semver.satisfies(existing.version, range === '' ? '*' : range) || existing.version === range;
          break;
        }
        target = level;
        level = level.parent;
      }
      if (satisfied) continue;

      // As npm does, an optional dependency that cannot be had (unpublished, a 404, a bad tag) is left out.
      let doc: Packument;
      let version: string | undefined;
      try {
        doc = await packument(name);
        version = chooseVersion(doc, range);
      } catch (err) {
        if (isOptional && !(err instanceof CancelledError) && !options.signal?.aborted) continue;
        throw err;
      }
      if (!version && isOptional) continue;
      if (!version) throw new DownloadError(`No version of ${name} on ${registry} satisfies '${range}' (wanted by ${node.name ? `${node.name}@${node.version}` : 'the install'}).`);
      const metadata = doc.versions[version];
      if (!fieldAllows(metadata.os, platform) || !fieldAllows(metadata.cpu, arch) || (libc !== undefined && !fieldAllows(metadata.libc, libc))) {
        if (isOptional) continue;
        throw new DownloadError(`${name}@${version} does not support ${platform}-${arch} (its package.json limits os/cpu).`);
      }
      // As high as possible, but not where it would shadow another version for a package that already finds one above.
      const path: TreeNode[] = [];
      for (let n: TreeNode | undefined = node; n && n !== target.parent; n = n.parent) path.push(n);
      const place = path.reverse().find((candidate) => rangesResolvedThrough(candidate, name).every((r) => semver.satisfies(version, r === '' ? '*' : r)));
      if (!place) throw new DownloadError(`Cannot lay out ${name}@${version} for ${node.name}@${node.version}: another package in the same folder needs a different version.`);
      const child: TreeNode = { name, version, location: `${nodeModulesOf(place)}/${name}`, metadata, parent: place, children: new Map() };
      place.children.set(name, child);
      queue.push(child);
      // Ask for the next level's metadata now, while this level is still being placed.
      for (const [next] of wanted(child)) if (isValidPackageName(next)) void packument(next).catch(() => undefined);
    }
  }

  const planned: PlannedPackage[] = [];
  const collect = (node: TreeNode) => {
    for (const child of [...node.children.values()].sort((a, b) => (a.location < b.location ? -1 : 1))) {
      const integrity = child.metadata!.dist.integrity;
      if (!integrity || !/(^|\s)sha512-/.test(integrity)) {
        throw new DownloadError(`${child.name}@${child.version} has no sha512 integrity in the registry's metadata, so its download cannot be verified.`);
      }
      planned.push({ name: child.name, version: child.version, location: child.location, tarball: child.metadata!.dist.tarball, integrity });
      collect(child);
    }
  };
  collect(root);
  return planned;
}

async function fetchPackument(fetchImpl: typeof fetch, registry: string, name: string, signal?: AbortSignal): Promise<Packument> {
  const url = packumentUrl(registry, name);
  let response: Response;
  try {
    const headers = { accept: 'application/vnd.npm.install-v1+json; q=1.0, application/json; q=0.8' };
    response = await fetchWithinOrigin(fetchImpl, url, { headers, signal }, `The npm registry's metadata for ${name}`);
  } catch (err) {
    if (signal?.aborted) throw new CancelledError();
    if (err instanceof DownloadError) throw err;
    // fetch() says only "fetch failed"; its cause names the reason (ECONNREFUSED, ENOTFOUND, a certificate).
    const cause = (err as Error & { cause?: Error }).cause;
    throw new DownloadError(`Cannot reach the npm registry ${registry} for ${name}: ${(err as Error).message}${cause ? ` (${cause.message})` : ''}.`);
  }
  if (!response.ok) throw new DownloadError(`The npm registry ${registry} answered ${response.status} ${response.statusText} for ${name}.`, response.status);
  let doc: Packument;
  try {
    doc = (await response.json()) as Packument;
  } catch (err) {
    if (signal?.aborted) throw new CancelledError();
    throw new DownloadError(`The npm registry ${registry} sent metadata for ${name} that is not JSON: ${(err as Error).message}.`);
  }
  if (!doc || typeof doc !== 'object' || !doc.versions || typeof doc.versions !== 'object') {
    throw new DownloadError(`The npm registry ${registry} sent metadata for ${name} without a versions list.`);
  }
  return doc;
}
