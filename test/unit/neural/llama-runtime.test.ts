// When the gguf engine's node-llama-cpp is downloaded, and which install it loads (llama-runtime.ts), against a fake
// registry on 127.0.0.1 and a scripted dialog. What a user would notice: the dialog comes before any request to the
// registry and states an estimated size; "No" is not asked again in the same window; a CPU install gains the GPU
// build when one is wanted now (offered first), and keeps working when the offer is declined, except with the device
// set to cuda, where the message says why.
import { strict as assert } from 'assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { BinaryChoice } from '../../../src/core/neural/llama-binaries';
import { installRuntime, planRuntimeInstall } from '../../../src/core/neural/llama-install';
import { LlamaRuntimeLocator, type RuntimeAnswer, type RuntimeDevice, type RuntimeOffer } from '../../../src/core/neural/llama-runtime';
import { estimateRuntimeBytes, SIZES_MEASURED_FOR } from '../../../src/core/neural/llama-sizes';
import { NODE_LLAMA_CPP_VERSION } from '../../../src/core/neural/llama-install';
import { fakeLlamaTree, startFakeRegistry, type FakeRegistry } from '../../support/npm-registry';

const CPU = '@node-llama-cpp/linux-x64';
const CUDA = '@node-llama-cpp/linux-x64-cuda';
/** A linux-x64 machine with CUDA, as chooseBinaryPackages would see it (the CPU build alone for device 'cpu'). */
const withCuda = (device: RuntimeDevice): BinaryChoice => (device === 'cpu' ? { cpu: CPU } : { cpu: CPU, gpu: { layer: 'cuda', package: CUDA } });

describe('neural: when node-llama-cpp is downloaded and which install the gguf engine loads', function () {
  this.timeout(30_000);
  let registry: FakeRegistry;
  let storage: string;
  let device: RuntimeDevice;
  let allowDownload: boolean;
  let answers: RuntimeAnswer[];
  let offers: RuntimeOffer[];
  let requestsWhenAsked: number[];

  const locator = (choose: (d: RuntimeDevice) => BinaryChoice = withCuda) =>
    new LlamaRuntimeLocator({
      storageDir: storage,
      settings: () => ({ registry: registry.url, device, allowDownload }),
      chooseBinaries: choose,
      ask: async (offer) => {
        offers.push(offer);
        requestsWhenAsked.push(registry.requests.length);
        const answer = answers.shift();
        if (!answer) throw new Error('the test did not expect a dialog');
        return answer;
      },
      install: async ({ binaries, registry: url, expectedBytes }) =>
        installRuntime(await planRuntimeInstall({ binaries, registry: url }), { storageDir: storage, expectedBytes }),
    });

  beforeEach(async () => {
    registry = await startFakeRegistry(fakeLlamaTree(CPU));
    registry.add({ name: CUDA, version: '3.21.1', files: { 'bins/cuda.node': 'cuda build' } });
    storage = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-llama-runtime-'));
    device = 'auto';
    allowDownload = false;
    answers = [];
    offers = [];
    requestsWhenAsked = [];
  });
  afterEach(async () => {
    await registry.close();
    fs.rmSync(storage, { recursive: true, force: true });
  });

  it('asks before any request to the registry, with the estimated sizes, and "No" is not asked again in this window', async () => {
    const window = locator();
    answers = ['no'];
    await assert.rejects(window.locate(), /node-llama-cpp was not downloaded, so the gguf engine cannot run; you will not be asked again in this window\. To be asked again, reload the window/);
    assert.deepEqual(requestsWhenAsked, [0]);
    assert.equal(registry.requests.length, 0, 'a "No" sends nothing either');
    assert.equal(offers[0].kind, 'install');
    assert.deepEqual(offers[0].binaries, [CUDA, CPU]);
    assert.equal(offers[0].bytes, estimateRuntimeBytes([CUDA, CPU]));
    assert.deepEqual(offers[0].cpuOnly, { bytes: estimateRuntimeBytes([CPU]) });
    // The next use says so at once, without a dialog.
    await assert.rejects(window.locate(), /node-llama-cpp is not downloaded \(you chose not to in this window\)/);
    assert.equal(offers.length, 1);
    // A changed setting is a new question.
    window.forgetDeclined();
    answers = ['download'];
    const entry = await window.locate();
    assert.match(entry, /\/node-llama-cpp\/3\.21\.1-cuda\/node_modules\/node-llama-cpp\//);
  });

  it('"CPU only" installs the CPU build; a later window offers the CUDA build and installs it beside the CPU one', async () => {
    answers = ['cpu-only'];
    const first = locator();
    const cpuEntry = await first.locate();
    assert.match(cpuEntry, /\/node-llama-cpp\/3\.21\.1\/node_modules\//);
    assert.equal(await first.locate(), cpuEntry, 'the same window does not offer CUDA again right after "CPU only"');
    assert.equal(offers.length, 1);

    const later = locator();
    answers = ['download'];
    const requestsBefore = registry.requests.length;
    const cudaEntry = await later.locate();
    assert.equal(offers[1].kind, 'add-gpu');
    assert.deepEqual(offers[1].gpu, { layer: 'cuda', package: CUDA });
    assert.equal(requestsWhenAsked[1], requestsBefore, 'nothing is asked of the registry before the answer');
    assert.match(cudaEntry, /\/node-llama-cpp\/3\.21\.1-cuda\/node_modules\//);
    assert.ok(fs.existsSync(path.join(storage, 'node-llama-cpp', '3.21.1-cuda', 'node_modules', CUDA, 'bins', 'cuda.node')));
    assert.ok(fs.existsSync(new URL(cpuEntry)), 'the CPU install is left as it was');
  });

  it('a declined CUDA build keeps the CPU install in use with device auto; with device cuda it says why it cannot run', async () => {
    allowDownload = true;
    device = 'cpu';
    const cpuEntry = await locator().locate();
    assert.equal(offers.length, 0, 'citescribe.gguf.allowRuntimeDownload: no dialog');
    allowDownload = false;
    device = 'auto';
    const window = locator();
    answers = ['no'];
    assert.equal(await window.locate(), cpuEntry);
    assert.equal(offers[0].kind, 'add-gpu');
    device = 'cuda';
    await assert.rejects(
      window.locate(),
      /citescribe\.model\.device is 'cuda', but node-llama-cpp's CUDA build was not downloaded \(you chose not to in this window\)\. Set the device to auto or cpu/,
    );
    assert.equal(offers.length, 1);
  });

  it('with the device set to cuda, a first install offers no "CPU only" (it could not run the engine)', async () => {
    device = 'cuda';
    answers = ['no'];
    await assert.rejects(locator().locate(), /node-llama-cpp was not downloaded/);
    assert.deepEqual(offers[0].binaries, [CUDA, CPU]);
    assert.equal(offers[0].cpuOnly, undefined);
  });

  it('a registry setting that is not https is an error before any dialog', async () => {
    const window = new LlamaRuntimeLocator({
      storageDir: storage,
      settings: () => ({ registry: 'http://npm.example.org', device: 'auto', allowDownload: false }),
      chooseBinaries: withCuda,
      ask: async () => assert.fail('no dialog for a registry that would be refused'),
      install: async () => assert.fail('nothing installed'),
    });
    await assert.rejects(window.locate(), /citescribe\.gguf\.registry http:\/\/npm\.example\.org is not https/);
  });

  it('the size table is for the version installed, and knows every binary package the install can choose', () => {
    assert.equal(SIZES_MEASURED_FOR, NODE_LLAMA_CPP_VERSION, 'measure again: npx tsx scripts/measure-llama-sizes.ts');
    // linux-x64 with the CPU build: 48.3 MB measured by the real install (README), 191 MB with CUDA.
    assert.equal(Math.round(estimateRuntimeBytes([CPU], 'linux', 'x64')! / 1e5) / 10, 48.3);
    assert.equal(Math.round(estimateRuntimeBytes([CUDA, CPU], 'linux', 'x64')! / 1e6), 191);
    const builds = ['linux-x64', 'linux-x64-cuda', 'linux-x64-vulkan', 'linux-arm64', 'linux-armv7l', 'linux-riscv64'];
    builds.push('mac-x64', 'mac-arm64-metal', 'win-x64', 'win-x64-cuda', 'win-x64-vulkan', 'win-arm64');
    for (const b of builds) assert.ok(estimateRuntimeBytes([`@node-llama-cpp/${b}`], 'linux', 'x64'), b);
    assert.equal(estimateRuntimeBytes([CPU], 'freebsd', 'x64'), undefined);
  });
});
