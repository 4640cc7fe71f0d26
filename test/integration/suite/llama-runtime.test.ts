// The gguf engine's download of node-llama-cpp in the extension host, against a fake registry on 127.0.0.1 (the
// real one is the vsix suite's): nothing is asked of the registry before the dialog is answered (its size is an
// estimate known beforehand), and with consent the runtime lands in the extension's global storage, loads, and is
// reused.
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import * as vscode from 'vscode';
import { chooseBinaryPackages } from '../../../src/core/neural/llama-binaries';
import { LlamaRuntimeService } from '../../../src/extension/llamaRuntime';
import { fakeLlamaTree, startFakeRegistry, type FakeRegistry } from '../../support/npm-registry';

const importModule = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<Record<string, unknown>>;

describe('node-llama-cpp download for the gguf engine (fake registry)', () => {
  const config = () => vscode.workspace.getConfiguration('citescribe');
  const binary = chooseBinaryPackages('cpu').cpu!;
  let registry: FakeRegistry;
  let storage: string;
  let service: LlamaRuntimeService;
  const tarballGets = () => registry.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/tarballs/')).length;

  before(async () => {
    registry = await startFakeRegistry(fakeLlamaTree(binary));
    storage = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-it-llama-'));
    const context = { globalStorageUri: vscode.Uri.file(storage) } as vscode.ExtensionContext;
    const log = { info: () => undefined, warn: () => undefined } as unknown as vscode.LogOutputChannel;
    service = new LlamaRuntimeService(context, log);
    await config().update('gguf.registry', registry.url, vscode.ConfigurationTarget.Global);
    await config().update('model.device', 'cpu', vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    for (const key of ['gguf.registry', 'gguf.allowRuntimeDownload', 'model.device']) await config().update(key, undefined, vscode.ConfigurationTarget.Global);
    await registry.close();
    fs.rmSync(storage, { recursive: true, force: true });
  });

  it('asks before any request: the dialog (which the test window refuses to show) comes first, and not one request reaches the registry', async () => {
    await assert.rejects(service.locate(), /Dialog.*The gguf engine runs GGUF models with node-llama-cpp 3\.21\.1, which CiteScribe does not ship\. Download it now\?/);
    assert.deepEqual(registry.requests, [], 'no metadata, no size, no tarball before the answer');
    // The test window's refusal is no answer: the next use asks again (still without a request).
    await assert.rejects(service.locate(), /Dialog.*Download it now\?/);
    assert.deepEqual(registry.requests, []);
    assert.equal(fs.existsSync(path.join(storage, 'node-llama-cpp', '3.21.1')), false);
  });

  it('with the user\'s consent setting it installs into global storage, loads from there, and is reused', async () => {
    await config().update('gguf.allowRuntimeDownload', true, vscode.ConfigurationTarget.Global);
    const entry = await service.locate();
    assert.ok(entry.startsWith(pathToFileURL(path.join(storage, 'node-llama-cpp', '3.21.1')).href), entry);
    const lib = await importModule(entry);
    assert.deepEqual(await (lib.getLlama as () => Promise<unknown>)(), { gpu: false, colour: 'colour 1.4.0', spinner: 'spinner in colour 2.0.3', binsDir: `bins of ${binary}` });
    const fetched = tarballGets();
    assert.equal(await service.locate(), entry);
    assert.equal(tarballGets(), fetched, 'the second use downloads nothing');
  });
});
