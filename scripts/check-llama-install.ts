// The gguf engine's runtime installed from the real npm registry, end to end, as the extension does it for a user
// of the .vsix: node-llama-cpp 3.21.1 and this machine's binary package(s) with every dependency, into a fresh
// temporary folder outside this repository (so nothing resolves from our own node_modules), then imported from
// there and run: getLlama on the CPU, a tiny generated GGUF loaded, a few tokens generated. It prints the download
// size and times. Slow (a 50 MB download) and needs the registry: run once, not in the timed unit tests.
//   npx tsx scripts/check-llama-install.ts [--registry URL] [--device cpu|auto] [--keep]
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chooseBinaryPackages } from '../src/core/neural/llama-binaries';
import { installRuntime, planDownloadBytes, planRuntimeInstall } from '../src/core/neural/llama-install';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const registry = option('--registry');
const device = (option('--device') ?? 'cpu') as 'cpu' | 'auto';
const keep = args.includes('--keep');
const importModule = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<any>;

async function main() {
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-llama-real-'));
  const model = path.join(storage, 'tiny.gguf');
  const made = spawnSync(process.execPath, [path.join(__dirname, 'make-tiny-gguf.mjs'), model], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`make-tiny-gguf failed: ${made.stderr}`);
  try {
    const choice = chooseBinaryPackages(device);
    const binaries = [choice.gpu?.package, choice.cpu].filter((b): b is string => !!b);
    let t = Date.now();
    const plan = await planRuntimeInstall({ binaries, registry, measureSizes: true });
    const resolveSeconds = (Date.now() - t) / 1000;
    const bytes = planDownloadBytes(plan);
    const size = bytes ? (bytes / 1e6).toFixed(1) + ' MB' : 'size unknown';
    console.log(`resolved ${plan.packages.length} packages (${binaries.join(', ')}) from ${plan.registry} in ${resolveSeconds.toFixed(1)} s; download ${size}`);
    t = Date.now();
    let lastPrint = 0;
    const installed = await installRuntime(plan, {
      storageDir: storage,
      onProgress: (p) => {
        if (Date.now() - lastPrint > 5000) {
          lastPrint = Date.now();
          console.log(`  ${(p.bytes / 1e6).toFixed(1)} MB, ${p.packagesDone}/${p.packagesTotal} packages`);
        }
      },
    });
    const installSeconds = (Date.now() - t) / 1000;
    const onDisk = spawnSync('du', ['-sm', installed.folder], { encoding: 'utf8' }).stdout.split('\t')[0];
    console.log(`installed into ${installed.folder} in ${installSeconds.toFixed(1)} s (${onDisk} MB on disk)`);
    t = Date.now();
    const lib = await importModule(installed.entryUrl);
    const llama = await lib.getLlama({ gpu: device === 'cpu' ? false : 'auto', build: 'never', logLevel: 'error' });
    const loaded = await llama.loadModel({ modelPath: model });
    const context = await loaded.createContext({ contextSize: 2048, threads: 1 });
    const session = new lib.LlamaChatSession({ contextSequence: context.getSequence() });
    const reply: string = await session.prompt('Describe the work in one sentence.', { maxTokens: 8 });
    const loadSeconds = (Date.now() - t) / 1000;
    console.log(`loaded from the download and ran on ${llama.gpu || 'cpu'} in ${loadSeconds.toFixed(1)} s; reply (random weights): ${JSON.stringify(reply)}`);
    await context.dispose();
    await loaded.dispose();
    await llama.dispose();
    console.log(JSON.stringify({ packages: plan.packages.length, binaries, downloadBytes: bytes, resolveSeconds, installSeconds, loadSeconds, onDiskMB: Number(onDisk) }));
  } finally {
    if (keep) console.log(`kept ${storage}`);
    else fs.rmSync(storage, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
