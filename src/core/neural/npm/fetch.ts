// Fetching one npm package tarball and unpacking it. The bytes are hashed as they arrive and compared with the
// registry's `dist.integrity` (sha512, SRI format) before anything is extracted: a mismatch deletes the file and
// fails. Extraction refuses, before writing a byte, an archive with an entry that would land outside the package's
// folder (`package/../../x`, `/etc/x`) or with a link of any kind: npm's own tarballs never hold links, so one is a
// sign of a tampered or foreign archive. Registries and tarballs are fetched over https only (plain http only from
// this machine, a test registry or a local mirror), and a redirect is followed only within the same origin: the
// metadata names the checksums the tarballs are checked against, so whoever can answer for the registry decides
// what runs.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as tar from 'tar';
import { CancelledError } from '../../types';
import { DownloadError } from '../errors';

/** The sha512 digest (base64) an SRI string names, e.g. `sha512-E3N0…==` → `E3N0…==`; undefined without one. */
function sha512FromIntegrity(integrity: string): string | undefined {
  for (const part of integrity.trim().split(/\s+/)) {
    const match = /^sha512-([A-Za-z0-9+/]+={0,2})(\?.*)?$/.exec(part);
    if (match) return match[1];
  }
  return undefined;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The URL when it is https, or http on this machine (127.0.0.1, localhost); a clear error otherwise. */
export function checkSecureUrl(url: string, what: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DownloadError(`${what} '${url}' is not a URL.`);
  }
  if (parsed.protocol === 'https:' || (parsed.protocol === 'http:' && LOOPBACK_HOSTS.has(parsed.hostname))) return parsed;
  throw new DownloadError(
    `${what} ${url} is not https: only an https registry is used (plain http only on this machine, 127.0.0.1 or localhost), since its metadata names the checksums the downloads are checked against.`,
  );
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

/**
 * fetch() following redirects only within the origin of `url` (so an https registry stays https on its own host): a
 * registry's packument redirected to another host could name another tarball and its checksum. `what` names the
 * request in errors.
 */
export async function fetchWithinOrigin(fetchImpl: typeof fetch, url: string, init: RequestInit, what: string): Promise<Response> {
  let current = new URL(url);
  for (let hops = 0; ; hops++) {
    const response = await fetchImpl(current.href, { ...init, redirect: 'manual' });
    if (!REDIRECT_STATUSES.has(response.status)) return response;
    await response.body?.cancel().catch(() => undefined);
    const location = response.headers.get('location');
    if (!location) throw new DownloadError(`${what}: ${current.href} answered ${response.status} without saying where to.`);
    const next = new URL(location, current);
    if (next.origin !== current.origin) {
      throw new DownloadError(`${what}: ${current.href} redirects to ${next.href}, another origin; redirects are followed only within the same origin, so nothing was fetched from there.`);
    }
    if (hops >= MAX_REDIRECTS) throw new DownloadError(`${what}: more than ${MAX_REDIRECTS} redirects from ${url}.`);
    current = next;
  }
}

export interface TarballDownload {
  /** `name@version`, for messages. */
  label: string;
  url: string;
  integrity: string;
  /** Where the verified tarball is written. */
  file: string;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
  /** Called with the bytes of each chunk as it is written. */
  onBytes?: (bytes: number) => void;
}

/** Downloads a tarball to `file` and checks its sha512; on any failure the file is gone. Returns its size. */
export async function downloadVerifiedTarball(d: TarballDownload): Promise<number> {
  const expected = sha512FromIntegrity(d.integrity);
  if (!expected) throw new DownloadError(`${d.label}: the registry's integrity '${d.integrity}' has no sha512 digest, so the download cannot be verified.`);
  checkSecureUrl(d.url, `${d.label}'s tarball`);
  const fetchImpl = d.fetchImpl ?? fetch;
  const hash = createHash('sha512');
  let size = 0;
  let handle: fs.promises.FileHandle | undefined;
  try {
    let response: Response;
    try {
      response = await fetchWithinOrigin(fetchImpl, d.url, { signal: d.signal }, d.label);
    } catch (err) {
      if (d.signal?.aborted) throw new CancelledError();
      if (err instanceof DownloadError) throw err;
      throw new DownloadError(`Cannot download ${d.label} from ${d.url}: ${(err as Error).message}.`);
    }
    if (!response.ok || !response.body) throw new DownloadError(`Downloading ${d.label} from ${d.url} failed: ${response.status} ${response.statusText}.`, response.status);
    handle = await fs.promises.open(d.file, 'w');
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        hash.update(chunk);
        await handle.write(chunk);
        size += chunk.length;
        d.onBytes?.(chunk.length);
      }
    } catch (err) {
      if (d.signal?.aborted) throw new CancelledError();
      throw new DownloadError(`Downloading ${d.label} from ${d.url} was cut off after ${size} bytes: ${(err as Error).message}.`);
    }
    await handle.close();
    handle = undefined;
    const actual = hash.digest('base64');
    if (actual !== expected) {
      throw new DownloadError(
        `${d.label} from ${d.url} does not match the registry's integrity (expected sha512-${expected}, got sha512-${actual}); the download was deleted and nothing was installed.`,
      );
    }
    return size;
  } catch (err) {
    await handle?.close().catch(() => undefined);
    await fs.promises.rm(d.file, { force: true });
    throw err;
  }
}

const ALLOWED_TYPES = new Set(['File', 'OldFile', 'ContiguousFile', 'Directory']);

/** Why an entry may not be extracted, or undefined when it is a plain file or folder inside the package. */
export function unsafeEntryReason(entryPath: string, type: string): string | undefined {
  if (!ALLOWED_TYPES.has(type)) return `is a ${type === 'SymbolicLink' ? 'symbolic link' : type === 'Link' ? 'hard link' : type}`;
  const normalised = entryPath.replace(/\\/g, '/');
  if (normalised.startsWith('/') || /^[A-Za-z]:/.test(normalised)) return 'has an absolute path';
  // The first component is the archive's own top folder (`package/`), removed on extraction.
  const parts = normalised.split('/').slice(1);
  if (parts.includes('..')) return "climbs out of the package's folder ('..')";
  return undefined;
}

/** Unpacks a package tarball (its top folder, normally `package/`, removed) into `destination`, which it creates. */
export async function extractPackageTarball(file: string, destination: string, label: string): Promise<void> {
  const refused: string[] = [];
  try {
    await tar.t({
      file,
      strict: true,
      onReadEntry: (entry) => {
        const reason = unsafeEntryReason(entry.path, entry.type);
        if (reason) refused.push(`'${entry.path}' ${reason}`);
      },
    });
  } catch (err) {
    throw new DownloadError(`${label}: the tarball cannot be read (${(err as Error).message}).`);
  }
  if (refused.length > 0) {
    throw new DownloadError(`${label}: the tarball was refused, nothing of it was extracted: ${refused.slice(0, 3).join('; ')}${refused.length > 3 ? ` and ${refused.length - 3} more` : ''}.`);
  }
  await fs.promises.mkdir(destination, { recursive: true });
  try {
    await tar.x({ file, cwd: destination, strip: 1, strict: true, preservePaths: false, noChmod: false });
  } catch (err) {
    throw new DownloadError(`${label}: extracting into ${path.basename(destination)} failed (${(err as Error).message}).`);
  }
}
