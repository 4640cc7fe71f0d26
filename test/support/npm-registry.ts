// A local stand-in for the npm registry on 127.0.0.1: it serves packuments (`GET /<name>`, scoped names as
// `@scope%2Fname`) and tarballs (`GET|HEAD /tarballs/<file>`) of packages the test writes, as gzipped tar archives
// built here byte by byte (so a test can also build what `npm pack` never would: an entry climbing out with '..',
// a symbolic link). Faults per tarball: a wrong integrity in the metadata, an answer cut off half-way, a slow answer
// (a test cancels during it), and a log of every request.
import { createHash } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export interface TarEntry {
  path: string;
  content?: string;
  type?: 'file' | 'directory' | 'symlink' | 'hardlink';
  linkpath?: string;
  mode?: number;
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

/** A ustar archive of the entries, gzipped, as an npm tarball is. */
export function makeTarball(entries: readonly TarEntry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const body = Buffer.from(entry.content ?? '', 'utf8');
    const header = Buffer.alloc(512);
    header.write(entry.path, 0, 100, 'utf8');
    const type = entry.type ?? 'file';
    header.write(octal(entry.mode ?? (type === 'directory' ? 0o755 : 0o644), 8), 100, 'ascii');
    header.write(octal(0, 8), 108, 'ascii');
    header.write(octal(0, 8), 116, 'ascii');
    header.write(octal(type === 'file' ? body.length : 0, 12), 124, 'ascii');
    header.write(octal(1_700_000_000, 12), 136, 'ascii');
    header.write('        ', 148, 'ascii');
    header.write({ file: '0', hardlink: '1', symlink: '2', directory: '5' }[type], 156, 'ascii');
    if (entry.linkpath) header.write(entry.linkpath, 157, 100, 'utf8');
    header.write('ustar\0', 257, 'ascii');
    header.write('00', 263, 'ascii');
    let sum = 0;
    for (const byte of header) sum += byte;
    header.write(octal(sum, 7) + ' ', 148, 'ascii');
    blocks.push(header);
    if (type === 'file' && body.length > 0) blocks.push(body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks));
}

export function sriOf(data: Buffer): string {
  return `sha512-${createHash('sha512').update(data).digest('base64')}`;
}

export interface FakePackageVersion {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  os?: string[];
  cpu?: string[];
  /** Files of the package, paths relative to its folder (a package.json is added unless given). */
  files?: Record<string, string>;
  /** Entries written as they are, for archives npm would never make (`package/` prefix included). */
  rawEntries?: TarEntry[];
}

export type TarballFault =
  /** The packument states another package's integrity. */
  | { kind: 'wrong-integrity' }
  /** Half the bytes, then the connection is destroyed. */
  | { kind: 'cut-off' }
  /** The bytes in 16 slices, `delayMs` apart. */
  | { kind: 'slow'; delayMs: number };

export interface FakeRegistry {
  url: string;
  requests: { method: string; path: string }[];
  /** Faults by package `name@version`. */
  faults: Map<string, TarballFault>;
  add(pkg: FakePackageVersion): void;
  close(): Promise<void>;
}

export async function startFakeRegistry(packages: readonly FakePackageVersion[] = []): Promise<FakeRegistry> {
  const versions = new Map<string, Map<string, { pkg: FakePackageVersion; tarball: Buffer; file: string }>>();
  const faults = new Map<string, TarballFault>();
  const requests: { method: string; path: string }[] = [];
  const tarballs = new Map<string, { pkg: FakePackageVersion; tarball: Buffer }>();
  let base = '';

  const add = (pkg: FakePackageVersion) => {
    const manifest = { name: pkg.name, version: pkg.version, dependencies: pkg.dependencies, optionalDependencies: pkg.optionalDependencies };
    const files = { 'package.json': JSON.stringify(manifest, null, 2), ...pkg.files };
    const entries: TarEntry[] = pkg.rawEntries ?? Object.entries(files).map(([p, content]) => ({ path: `package/${p}`, content }));
    const tarball = makeTarball(entries);
    const file = `${pkg.name.replace('/', '-')}-${pkg.version}.tgz`;
    if (!versions.has(pkg.name)) versions.set(pkg.name, new Map());
    versions.get(pkg.name)!.set(pkg.version, { pkg, tarball, file });
    tarballs.set(file, { pkg, tarball });
  };
  packages.forEach(add);

  const server = http.createServer((req, res) => {
    const urlPath = decodeURIComponent((req.url ?? '/').split('?')[0]);
    requests.push({ method: req.method ?? 'GET', path: urlPath });
    if (urlPath.startsWith('/tarballs/')) {
      const found = tarballs.get(urlPath.slice('/tarballs/'.length));
      if (!found) return void res.writeHead(404).end('not found');
      const fault = faults.get(`${found.pkg.name}@${found.pkg.version}`);
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(found.tarball.length) });
      if (req.method === 'HEAD') return void res.end();
      if (fault?.kind === 'cut-off') {
        res.write(found.tarball.subarray(0, Math.floor(found.tarball.length / 2)));
        setTimeout(() => res.destroy(), 20);
        return;
      }
      if (fault?.kind === 'slow') {
        const slice = Math.ceil(found.tarball.length / 16);
        let offset = 0;
        const timer = setInterval(() => {
          if (res.destroyed || offset >= found.tarball.length) {
            clearInterval(timer);
            return void res.end();
          }
          res.write(found.tarball.subarray(offset, offset + slice));
          offset += slice;
        }, fault.delayMs);
        res.on('close', () => clearInterval(timer));
        return;
      }
      return void res.end(found.tarball);
    }
    const name = urlPath.slice(1);
    const known = versions.get(name);
    if (!known) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
    const doc = {
      name,
      'dist-tags': { latest: [...known.keys()].at(-1) },
      versions: Object.fromEntries(
        [...known.entries()].map(([version, { pkg, tarball, file }]) => {
          const integrity = faults.get(`${name}@${version}`)?.kind === 'wrong-integrity' ? sriOf(Buffer.from('something else')) : sriOf(tarball);
          return [
            version,
            {
              name,
              version,
              dependencies: pkg.dependencies,
              optionalDependencies: pkg.optionalDependencies,
              os: pkg.os,
              cpu: pkg.cpu,
              dist: { tarball: `${base}/tarballs/${file}`, integrity },
            },
          ];
        }),
      ),
    };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(doc));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    faults,
    add,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A tiny stand-in for node-llama-cpp's package tree: node-llama-cpp (an ES module whose getLlama() reports what it
 * imported), its binary package `binary`, and dependencies of which fake-colour is needed in two versions (1.x by
 * node-llama-cpp, 2.x by fake-spinner).
 */
export function fakeLlamaTree(binary: string): FakePackageVersion[] {
  const esm = (name: string, version: string, main: string, dependencies?: Record<string, string>): FakePackageVersion => ({
    name,
    version,
    dependencies,
    files: {
      'package.json': JSON.stringify({ name, version, type: 'module', exports: { '.': { import: './dist/index.js' } }, dependencies }),
      'dist/index.js': main,
    },
  });
  return [
    esm(
      'node-llama-cpp',
      '3.21.1',
      `import { colour } from 'fake-colour';\nimport { spin } from 'fake-spinner';\nimport { binsDir } from '${binary}';\n` +
        'export async function getLlama() { return { gpu: false, colour, spinner: spin(), binsDir }; }\n',
      { 'fake-colour': '^1.0.0', 'fake-spinner': '^2.0.0' },
    ),
    // fake-spinner needs fake-colour 2: it gets its own copy below itself, node-llama-cpp keeps 1.x at the top.
    esm('fake-spinner', '2.1.0', "import { colour } from 'fake-colour';\nexport const spin = () => `spinner in ${colour}`;\n", { 'fake-colour': '^2.0.0' }),
    esm('fake-colour', '1.0.0', "export const colour = 'colour 1.0.0';\n"),
    esm('fake-colour', '1.4.0', "export const colour = 'colour 1.4.0';\n"),
    esm('fake-colour', '2.0.3', "export const colour = 'colour 2.0.3';\n"),
    esm(binary, '3.21.1', `export const binsDir = 'bins of ${binary}';\n`),
  ];
}
