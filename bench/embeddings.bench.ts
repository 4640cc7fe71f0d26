// A 50-reference draft planned with a sentence encoder (citescribe.embeddings.path) against the same draft planned
// with TF-IDF: the first draft loads the model and embeds every work, a regenerated one finds them cached. The encoder
// is the generated 256-wide test model (no pretrained encoder can be downloaded here), so this measures CiteScribe's
// plumbing (tokenizing, batching, pooling, planning), not a real model's compute.
// Usage: node --import tsx bench/embeddings.bench.ts   (npm run bench -- embeddings)
import { DefaultEngine } from '../src/core/engines';
import { lazyEmbedder } from '../src/core/neural/embedder';
import { tinyModels } from '../test/unit/neural/tiny-models';
import { syntheticLibrary } from './synthetic-library';
import { median } from './stats';

const RUNS = 5;

async function main(): Promise<void> {
  try {
    tinyModels({ small: true });
  } catch (err) {
    // The encoder is generated with Python's onnx package; without it there is nothing to measure.
    console.log(`skipped: ${(err as Error).message.split('\n')[0]}`);
    return;
  }
  const lib = syntheticLibrary(50);
  const request = { keys: lib.keys(), targetWords: 1200, format: 'latex' as const };
  const plain = new DefaultEngine();
  await plain.draft(request, lib); // warm-up: JIT and the engine's caches
  const tfidf: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await plain.draft(request, lib);
    tfidf.push(performance.now() - t);
  }
  // Load onnxruntime-node and transformers.js once beforehand, so that the first draft times this model, not them.
  const warm = lazyEmbedder(tinyModels().encoder, { device: 'cpu' });
  await warm(['warm-up']);
  await warm.dispose();
  const embed = lazyEmbedder(tinyModels({ small: true }).encoder, { device: 'cpu' });
  const planned = new DefaultEngine(undefined, { embed });
  let t = performance.now();
  await planned.draft(request, lib);
  const first = performance.now() - t;
  const cached: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    t = performance.now();
    await planned.draft(request, lib);
    cached.push(performance.now() - t);
  }
  await embed.dispose();
  console.log(`50-reference draft, TF-IDF planning: median ${median(tfidf).toFixed(1)} ms over ${RUNS} runs`);
  console.log(`50-reference draft, 256-wide generated encoder: first ${first.toFixed(1)} ms (model load + 50 embeddings), regenerated median ${median(cached).toFixed(1)} ms (cached)`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
