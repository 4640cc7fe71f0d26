// Installing node-llama-cpp for users of the .vsix, against a registry of our own on 127.0.0.1 serving a tiny fake
// package tree: a fake node-llama-cpp (an ES module that imports its dependencies), its fake binary package and
// dependencies, one of them needed in two versions. What a user would notice: the install loads; a tampered tarball,
// an archive climbing out of its folder or holding a link is refused and leaves nothing; cancelling or a cut-off
// download leaves nothing that is ever loaded; the second use downloads nothing.
import { strict as assert } from 'assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CancelledError } from '../../../src/core/types';
import { DownloadError } from '../../../src/core/neural/errors';
import { resolvePackageTree } from '../../../src/core/neural/npm/resolve';
import { unsafeEntryReason } from '../../../src/core/neural/npm/fetch';
import { findInstalledRuntime, hostTag, installRuntime, planDownloadBytes, planRuntimeInstall, runtimeFolder, withoutPackages, INSTALL_MARKER } from '../../../src/core/neural/llama-install';
import { fakeLlamaTree, startFakeRegistry, type FakePackageVersion, type FakeRegistry } from '../../support/npm-registry';

const importModule = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<Record<string, unknown>>;
const BINARY = '@node-llama-cpp/linux-x64';

function entriesOf(dir: string): string[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

describe('neural: installing node-llama-cpp from a registry (local fake registry)', function () {
  this.timeout(30_000);
  let registry: FakeRegistry;
  let storage: string;

  beforeEach(async () => {
    registry = await startFakeRegistry(fakeLlamaTree(BINARY));
    storage = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-llama-install-'));
  });
  afterEach(async () => {
    await registry.close();
    fs.rmSync(storage, { recursive: true, force: true });
  });

  const plan = () => planRuntimeInstall({ binaries: [BINARY], registry: registry.url, measureSizes: true });

  it('lays the tree out as npm would, with sizes, and the installed copy loads with each package finding its own version', async () => {
    const p = await plan();
    assert.deepEqual(
      p.packages.map((x) => `${x.location}@${x.version}`),
      [
        'node_modules/@node-llama-cpp/linux-x64@3.21.1',
        'node_modules/fake-colour@1.4.0',
        'node_modules/fake-spinner@2.1.0',
        'node_modules/fake-spinner/node_modules/fake-colour@2.0.3',
        'node_modules/node-llama-cpp@3.21.1',
      ],
    );
    assert.ok(planDownloadBytes(p)! > 0);
    assert.equal(planDownloadBytes(p), p.packages.reduce((n, x) => n + p.sizes[x.tarball], 0));
    const progress: number[] = [];
    const installed = await installRuntime(p, { storageDir: storage, onProgress: (x) => progress.push(x.packagesDone) });
    assert.equal(installed.folder, runtimeFolder(storage));
    assert.deepEqual(installed.binaries, [BINARY]);
    assert.equal(progress.at(-1), 5);
    const lib = await importModule(installed.entryUrl);
    assert.deepEqual(await (lib.getLlama as () => Promise<unknown>)(), { gpu: false, colour: 'colour 1.4.0', spinner: 'spinner in colour 2.0.3', binsDir: `bins of ${BINARY}` });
    // Only the finished folder remains: no partial folder, no tarballs.
    assert.deepEqual(entriesOf(path.join(storage, 'node-llama-cpp')), ['3.21.1']);
    assert.ok(!fs.existsSync(path.join(installed.folder, '.tarballs')));
  });

  it('reuses the install the second time: no tarball is downloaded again', async () => {
    await installRuntime(await plan(), { storageDir: storage });
    const before = registry.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/tarballs/')).length;
    assert.equal(before, 5);
    assert.ok(findInstalledRuntime(storage));
    const again = await installRuntime(await plan(), { storageDir: storage });
    assert.equal(registry.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/tarballs/')).length, before);
    assert.equal(again.folder, runtimeFolder(storage));
  });

  it('refuses a tarball whose sha512 is not the registry\'s, deletes it, and installs nothing', async () => {
    registry.faults.set('fake-spinner@2.1.0', { kind: 'wrong-integrity' });
    await assert.rejects(installRuntime(await plan(), { storageDir: storage }), (err: Error) => {
      assert.ok(err instanceof DownloadError);
      assert.match(err.message, /fake-spinner@2\.1\.0 from http:\/\/127\.0\.0\.1:\d+\/tarballs\/fake-spinner-2\.1\.0\.tgz does not match the registry's integrity \(expected sha512-/);
      return true;
    });
    assert.equal(findInstalledRuntime(storage), undefined);
    assert.deepEqual(entriesOf(path.join(storage, 'node-llama-cpp')), []);
  });

  it("refuses an archive with an entry climbing out of the package's folder, before writing any of it", async () => {
    registry.add({
      name: 'fake-colour',
      version: '1.5.0',
      rawEntries: [
        { path: 'package/package.json', content: '{"name":"fake-colour","version":"1.5.0"}' },
        { path: 'package/../../../../escaped.txt', content: 'out' },
      ],
    });
    await assert.rejects(
      installRuntime(await plan(), { storageDir: storage }),
      /fake-colour@1\.5\.0: the tarball was refused, nothing of it was extracted: 'package\/\.\.\/\.\.\/\.\.\/\.\.\/escaped\.txt' climbs out/,
    );
    assert.deepEqual(entriesOf(path.join(storage, 'node-llama-cpp')), []);
    for (let dir = storage, i = 0; i < 4; i++, dir = path.dirname(dir)) assert.ok(!fs.existsSync(path.join(dir, 'escaped.txt')), dir);
  });

  it('refuses an archive holding a symbolic link (npm packs never do)', async () => {
    registry.add({
      name: 'fake-colour',
      version: '1.5.0',
      rawEntries: [
        { path: 'package/package.json', content: '{"name":"fake-colour","version":"1.5.0"}' },
        { path: 'package/secrets', type: 'symlink', linkpath: '../../../../../etc' },
      ],
    });
    await assert.rejects(installRuntime(await plan(), { storageDir: storage }), /fake-colour@1\.5\.0: the tarball was refused.*'package\/secrets' is a symbolic link/);
    assert.deepEqual(entriesOf(path.join(storage, 'node-llama-cpp')), []);
  });

  it('cancelled mid-download: nothing is left behind, and the next install completes', async () => {
    registry.faults.set(`${BINARY}@3.21.1`, { kind: 'slow', delayMs: 100 });
    const controller = new AbortController();
    const p = await plan();
    const binaryBytes = p.sizes[p.packages.find((x) => x.name === BINARY)!.tarball];
    let seen = 0;
    await assert.rejects(
      installRuntime(p, {
        storageDir: storage,
        signal: controller.signal,
        onProgress: (x) => {
          seen = x.bytes;
          // Every other tarball has arrived and part of the slow one: cancel in the middle of it.
          if (x.packagesDone >= 4 && x.bytes < planDownloadBytes(p)! && x.bytes > planDownloadBytes(p)! - binaryBytes) controller.abort();
        },
      }),
      CancelledError,
    );
    assert.ok(seen > 0);
    assert.deepEqual(entriesOf(path.join(storage, 'node-llama-cpp')), []);
    registry.faults.clear();
    assert.ok(await installRuntime(await plan(), { storageDir: storage }));
  });

  it('a download cut off half-way fails clearly and leaves nothing that loads', async () => {
    registry.faults.set('node-llama-cpp@3.21.1', { kind: 'cut-off' });
    await assert.rejects(installRuntime(await plan(), { storageDir: storage }), (err: Error) => err instanceof DownloadError && /node-llama-cpp@3\.21\.1/.test(err.message));
    assert.equal(findInstalledRuntime(storage), undefined);
    assert.deepEqual(entriesOf(path.join(storage, 'node-llama-cpp')), []);
  });

  it('a partial install left by a killed process is never loaded, and the next install removes it', async () => {
    const installed = await installRuntime(await plan(), { storageDir: storage });
    // A process that has exited: its pid names the partial folder it "left".
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const partial = path.join(storage, 'node-llama-cpp', `.partial-${hostTag()}-${dead.stdout}-${Date.now()}-1`);
    fs.renameSync(installed.folder, partial);
    fs.rmSync(path.join(partial, INSTALL_MARKER));
    assert.equal(findInstalledRuntime(storage), undefined);
    await installRuntime(await plan(), { storageDir: storage });
    assert.deepEqual(entriesOf(path.join(storage, 'node-llama-cpp')), ['3.21.1']);
  });

  it('offline or a registry error: a clear message, nothing written', async () => {
    await registry.close();
    const offline = planRuntimeInstall({ binaries: [BINARY], registry: registry.url });
    await assert.rejects(offline, /Cannot reach the npm registry http:\/\/127\.0\.0\.1:\d+ for (@node-llama-cpp\/linux-x64|node-llama-cpp): fetch failed \(connect ECONNREFUSED/);
    registry = await startFakeRegistry([]);
    const unknown = planRuntimeInstall({ binaries: [BINARY], registry: registry.url });
    await assert.rejects(unknown, /The npm registry http:\/\/127\.0\.0\.1:\d+ answered 404 Not Found for (@node-llama-cpp\/linux-x64|node-llama-cpp)\./);
    assert.deepEqual(entriesOf(storage), []);
  });

  it('the CPU-only choice drops the GPU build from the download', async () => {
    registry.add({ name: '@node-llama-cpp/linux-x64-cuda', version: '3.21.1', files: { 'big.bin': 'x'.repeat(50_000) } });
    const p = await planRuntimeInstall({ binaries: ['@node-llama-cpp/linux-x64-cuda', BINARY], registry: registry.url, measureSizes: true });
    const cpuOnly = withoutPackages(p, ['@node-llama-cpp/linux-x64-cuda']);
    assert.ok(planDownloadBytes(p)! > planDownloadBytes(cpuOnly)!);
    const installed = await installRuntime(cpuOnly, { storageDir: storage });
    assert.deepEqual(installed.binaries, [BINARY]);
    assert.ok(!fs.existsSync(path.join(installed.folder, 'node_modules', '@node-llama-cpp', 'linux-x64-cuda')));
  });

  it('never puts a version where it would shadow the one a package above already uses', async () => {
    // p needs d@1 (found at the top) and n@2 (nested under p, since n@1 is at the top); n@2 needs d@2. Hoisted into
    // node_modules/p/node_modules, d@2 would be what p finds too: it must go under n@2 itself.
    const pkg = (name: string, version: string, dependencies?: Record<string, string>): FakePackageVersion => ({ name, version, dependencies });
    const tree = await startFakeRegistry([pkg('p', '1.0.0', { d: '^1.0.0', n: '^2.0.0' }), pkg('n', '1.0.0'), pkg('n', '2.0.0', { d: '^2.0.0' }), pkg('d', '1.0.0'), pkg('d', '2.0.0')]);
    try {
      const planned = await resolvePackageTree({ registry: tree.url, dependencies: { p: '1.0.0', n: '1.0.0' } });
      assert.deepEqual(
        planned.map((x) => `${x.location}@${x.version}`),
        ['node_modules/d@1.0.0', 'node_modules/n@1.0.0', 'node_modules/p@1.0.0', 'node_modules/p/node_modules/n@2.0.0', 'node_modules/p/node_modules/n/node_modules/d@2.0.0'],
      );
    } finally {
      await tree.close();
    }
  });

  it('two windows installing at once: both get the one install, and no partial folder is left', async () => {
    const [a, b] = await Promise.all([installRuntime(await plan(), { storageDir: storage }), installRuntime(await plan(), { storageDir: storage })]);
    assert.equal(a.entryUrl, b.entryUrl);
    assert.deepEqual(entriesOf(path.join(storage, 'node-llama-cpp')), ['3.21.1']);
  });
});

describe('neural: which tarball entries may be extracted', () => {
  it('plain files and folders inside the package only', () => {
    assert.equal(unsafeEntryReason('package/dist/index.js', 'File'), undefined);
    assert.equal(unsafeEntryReason('package/dist/', 'Directory'), undefined);
    assert.equal(unsafeEntryReason('/etc/passwd', 'File'), 'has an absolute path');
    assert.equal(unsafeEntryReason('C:\\Windows\\evil.dll', 'File'), 'has an absolute path');
    assert.equal(unsafeEntryReason('package\\..\\..\\evil.js', 'File'), "climbs out of the package's folder ('..')");
    assert.equal(unsafeEntryReason('package/bin/tool', 'Link'), 'is a hard link');
    assert.equal(unsafeEntryReason('package/dev', 'CharacterDevice'), 'is a CharacterDevice');
  });
});
