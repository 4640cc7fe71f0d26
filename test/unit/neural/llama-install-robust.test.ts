// The node-llama-cpp install where machines and registries misbehave: Windows refusing a rename or a clean-up for a
// moment (an antivirus holding fresh .node files), $HOME shared by several hosts, a registry redirecting elsewhere or
// served over plain http, a dist-tag naming a missing version, an optional dependency that is gone, and the folders
// of older versions. What a user would notice: the install still completes, the real error is the one reported,
// another host's download in progress is not deleted, and nothing is fetched from where it should not be.
import { strict as assert } from 'assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { DownloadError } from '../../../src/core/neural/errors';
import { resolvePackageTree } from '../../../src/core/neural/npm/resolve';
import { downloadVerifiedTarball } from '../../../src/core/neural/npm/fetch';
import { findInstalledRuntime, installRuntime, planRuntimeInstall, INSTALL_MARKER } from '../../../src/core/neural/llama-install';
import { fakeLlamaTree, startFakeRegistry, type FakeRegistry } from '../../support/npm-registry';

const BINARY = '@node-llama-cpp/linux-x64';
const CUDA = '@node-llama-cpp/linux-x64-cuda';
// Patched in place: the install calls fs.renameSync / fs.rmSync through this same module object.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const realFs = require('fs') as typeof fs;
const THIS_HOST = os.hostname().replace(/[^A-Za-z0-9]+/g, '_');

function entriesOf(dir: string): string[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

function errnoError(code: string, call: string, file: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: operation not permitted, ${call} '${file}'`), { code });
}

function deadPid(): string {
  return spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
}

describe('neural: the node-llama-cpp install on misbehaving machines and registries', function () {
  this.timeout(30_000);
  let registry: FakeRegistry;
  let storage: string;
  let parent: string;
  const originalRename = realFs.renameSync;
  const originalRm = realFs.rmSync;

  beforeEach(async () => {
    registry = await startFakeRegistry(fakeLlamaTree(BINARY));
    storage = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-llama-robust-'));
    parent = path.join(storage, 'node-llama-cpp');
  });
  afterEach(async () => {
    realFs.renameSync = originalRename;
    realFs.rmSync = originalRm;
    await registry.close();
    fs.rmSync(storage, { recursive: true, force: true });
  });

  const plan = (binaries = [BINARY]) => planRuntimeInstall({ binaries, registry: registry.url });

  it('a CUDA build asked for after a CPU install is installed as a new complete folder, and the CPU install stays', async () => {
    registry.add({ name: CUDA, version: '3.21.1', files: { 'bins/cuda.node': 'cuda build' } });
    const cpu = await installRuntime(await plan(), { storageDir: storage });
    const cuda = await installRuntime(await plan([CUDA, BINARY]), { storageDir: storage });
    assert.deepEqual(cuda.binaries, [CUDA, BINARY]);
    assert.equal(path.basename(cuda.folder), '3.21.1-cuda');
    assert.ok(fs.existsSync(path.join(cuda.folder, 'node_modules', CUDA, 'bins', 'cuda.node')));
    assert.deepEqual(entriesOf(parent), ['3.21.1', '3.21.1-cuda']);
    // Each finds the install that fits it: the CPU build alone still comes from the untouched CPU folder.
    assert.equal(findInstalledRuntime(storage, { binaries: [BINARY] })?.folder, cpu.folder);
    assert.equal(findInstalledRuntime(storage, { binaries: [CUDA, BINARY] })?.folder, cuda.folder);
  });

  it('Windows refusing the final rename for a moment (EPERM, EBUSY): retried, and the install completes', async () => {
    let refusals = 0;
    realFs.renameSync = ((from: fs.PathLike, to: fs.PathLike) => {
      if (path.basename(String(from)).startsWith('.partial-') && refusals < 3) {
        refusals++;
        throw errnoError(refusals === 2 ? 'EBUSY' : 'EPERM', 'rename', String(from));
      }
      return originalRename(from, to);
    }) as typeof fs.renameSync;
    const installed = await installRuntime(await plan(), { storageDir: storage });
    assert.equal(refusals, 3);
    assert.deepEqual(entriesOf(parent), ['3.21.1']);
    assert.ok(fs.existsSync(path.join(installed.folder, INSTALL_MARKER)));
  });

  it('a clean-up Windows refuses does not hide the real error, and the next install removes what it left', async () => {
    registry.faults.set('fake-spinner@2.1.0', { kind: 'wrong-integrity' });
    realFs.rmSync = ((target: fs.PathLike, options?: fs.RmOptions) => {
      if (path.basename(String(target)).startsWith('.partial-')) throw errnoError('EBUSY', 'rmdir', String(target));
      return originalRm(target, options);
    }) as typeof fs.rmSync;
    await assert.rejects(installRuntime(await plan(), { storageDir: storage }), (err: Error) => err instanceof DownloadError && /does not match the registry's integrity/.test(err.message));
    const left = entriesOf(parent);
    assert.equal(left.length, 1);
    assert.match(left[0], new RegExp(`^\\.partial-${THIS_HOST}-${process.pid}-`));
    realFs.rmSync = originalRm;
    registry.faults.clear();
    await installRuntime(await plan(), { storageDir: storage });
    assert.deepEqual(entriesOf(parent), ['3.21.1']);
  });

  it("on a $HOME shared by several hosts, only this host's dead partials go, and anyone's after a day", async () => {
    fs.mkdirSync(parent, { recursive: true });
    const now = Date.now();
    const dead = deadPid();
    const thisHostDead = `.partial-${THIS_HOST}-${dead}-${now}-1`;
    // Another host's download in progress: its pid means nothing here.
    const otherHostRecent = `.partial-buildhost_2-${dead}-${now}-1`;
    const otherHostOld = `.partial-buildhost_2-${dead}-${now - 2 * 24 * 3600 * 1000}-1`;
    // Named before the host was in the name: it may be another host's, so only its age tells.
    const unnamedRecent = `.partial-${dead}-${now}-1`;
    for (const name of [thisHostDead, otherHostRecent, otherHostOld, unnamedRecent]) fs.mkdirSync(path.join(parent, name));
    const seen: string[] = [];
    await installRuntime(await plan(), { storageDir: storage, onProgress: () => seen.push(...entriesOf(parent).filter((n) => n.startsWith('.partial-') && !seen.includes(n))) });
    assert.deepEqual(entriesOf(parent), ['3.21.1', otherHostRecent, unnamedRecent].sort());
    // Our own partial carried this host's name and our pid.
    assert.ok(seen.some((n) => n.startsWith(`.partial-${THIS_HOST}-${process.pid}-`)), seen.join(', '));
  });

  it('after an install, the folders of older node-llama-cpp versions are removed', async () => {
    for (const old of ['3.20.0', '3.20.0-cuda']) {
      fs.mkdirSync(path.join(parent, old, 'node_modules'), { recursive: true });
      fs.writeFileSync(path.join(parent, old, INSTALL_MARKER), JSON.stringify({ version: old.split('-')[0] }));
    }
    fs.writeFileSync(path.join(parent, 'notes.txt'), 'not ours to delete');
    await installRuntime(await plan(), { storageDir: storage });
    assert.deepEqual(entriesOf(parent), ['3.21.1', 'notes.txt']);
  });

  it('a registry redirecting its metadata to another host is refused, before anything is downloaded', async () => {
    const elsewhere = await startFakeRegistry(fakeLlamaTree(BINARY));
    const front = http.createServer((req, res) => res.writeHead(302, { location: `${elsewhere.url}${req.url}` }).end());
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    try {
      const frontUrl = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
      await assert.rejects(planRuntimeInstall({ binaries: [BINARY], registry: frontUrl }), (err: Error) => {
        assert.ok(err instanceof DownloadError);
        assert.match(err.message, /redirects to http:\/\/127\.0\.0\.1:\d+\/.*, another origin; redirects are followed only within the same origin/);
        return true;
      });
      assert.equal(elsewhere.requests.length, 0);
    } finally {
      front.closeAllConnections();
      front.close();
      await elsewhere.close();
    }
  });

  it('a redirect within the registry itself is followed', async () => {
    // The registry moved its metadata under /v2/: the same origin, so the same registry answers.
    const front = http.createServer(async (req, res) => {
      if (!req.url!.startsWith('/v2/')) return void res.writeHead(301, { location: `/v2${req.url}` }).end();
      const answer = await fetch(`${registry.url}${req.url!.slice(3)}`);
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    try {
      const planned = await planRuntimeInstall({ binaries: [BINARY], registry: `http://127.0.0.1:${(front.address() as AddressInfo).port}` });
      assert.equal(planned.packages.length, 5);
    } finally {
      front.closeAllConnections();
      front.close();
    }
  });

  it('a plain-http registry on another host is refused with a clear error, without a request', async () => {
    const asked: string[] = [];
    const fetchImpl = (async (url: string) => {
      asked.push(url);
      throw new Error('no network in this test');
    }) as unknown as typeof fetch;
    await assert.rejects(
      planRuntimeInstall({ binaries: [BINARY], registry: 'http://registry.example.com', fetchImpl }),
      /The npm registry http:\/\/registry\.example\.com is not https: only an https registry is used \(plain http only on this machine, 127\.0\.0\.1 or localhost\)/,
    );
    assert.deepEqual(asked, []);
  });

  it('a tarball the metadata places on a plain-http host is refused, without a request', async () => {
    const asked: string[] = [];
    const fetchImpl = (async (url: string) => {
      asked.push(url);
      throw new Error('no network in this test');
    }) as unknown as typeof fetch;
    const file = path.join(storage, 'x.tgz');
    const download = downloadVerifiedTarball({ label: 'x@1.0.0', url: 'http://cdn.example.com/x-1.0.0.tgz', integrity: 'sha512-AA==', file, fetchImpl });
    await assert.rejects(download, /x@1\.0\.0's tarball http:\/\/cdn\.example\.com\/x-1\.0\.0\.tgz is not https/);
    assert.deepEqual(asked, []);
    assert.equal(fs.existsSync(file), false);
  });

  it('a dist-tag naming a version the registry does not list, or a prototype key as a tag, is a clear DownloadError', async () => {
    const listed = { name: 'a', version: '1.0.0', dist: { tarball: 'http://127.0.0.1/a.tgz', integrity: 'sha512-AA==' } };
    const packument = { name: 'a', 'dist-tags': { latest: '1.0.0', next: '9.9.9' }, versions: { '1.0.0': listed } };
    const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(packument)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await assert.rejects(resolvePackageTree({ registry: url, dependencies: { a: 'next' } }), (err: Error) => {
        assert.ok(err instanceof DownloadError, `${err.name}: ${err.message}`);
        assert.equal(err.message, "The dist-tag 'next' of a names version 9.9.9, which the registry does not list.");
        return true;
      });
      await assert.rejects(resolvePackageTree({ registry: url, dependencies: { a: 'constructor' } }), (err: Error) => {
        assert.ok(err instanceof DownloadError, `${err.name}: ${err.message}`);
        assert.match(err.message, /No version of a on http:\/\/127\.0\.0\.1:\d+ satisfies 'constructor'/);
        return true;
      });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('an optional dependency the registry no longer has is left out, as npm does', async () => {
    registry.add({ name: 'fake-colour', version: '1.6.0', optionalDependencies: { 'fake-unpublished': '^1.0.0' } });
    const planned = await plan();
    assert.ok(planned.packages.some((p) => p.name === 'fake-colour' && p.version === '1.6.0'));
    assert.ok(!planned.packages.some((p) => p.name === 'fake-unpublished'));
    assert.ok(registry.requests.some((r) => r.path === '/fake-unpublished'), 'it was looked for');
  });
});
