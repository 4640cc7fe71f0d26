// Default engine speed: citation sentence latency (goal p50 ≤ 5 ms) and a 50-reference related-work draft
// (goal ≤ 300 ms). Uses the sample library plus synthetic entries built from it; argv[2] (shared data) is not needed.
import { DefaultEngine } from '../src/core/engines';
import { syntheticLibrary } from './synthetic-library';
import { percentile } from './stats';

async function main(): Promise<void> {
  const engine = new DefaultEngine();
  const lib = syntheticLibrary(50);
  const keys = lib.keys();
  const own = 'We propose semantic anchors, a constraint that keeps the embedding of a pretrained recognition network fixed between an image and its translation. Unpaired translation models often change the content they should keep.';

  for (let i = 0; i < 20; i++) await engine.citationSentence({ key: keys[i % keys.length], style: 'citation' }, lib); // warm-up
  const times: number[] = [];
  for (let round = 0; round < 10; round++) {
    for (const key of keys) {
      const t = performance.now();
      await engine.citationSentence({ key, style: round % 2 ? 'tldr' : 'citation' }, lib);
      times.push(performance.now() - t);
    }
  }
  const p50 = percentile(times, 50);
  console.log(`citation sentence: p50 ${p50.toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms over ${times.length} calls (goal p50 ≤ 5 ms) ${p50 <= 5 ? 'OK' : 'SLOW'}`);

  // The first draft in a process is timed on its own: it pays for JIT warm-up and empty caches.
  const coldStart = performance.now();
  await engine.draft({ keys, ownAbstract: own, targetWords: 1200, format: 'latex' }, lib);
  console.log(`50-reference draft, first in process: ${(performance.now() - coldStart).toFixed(1)} ms`);
  const draftTimes: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await engine.draft({ keys, ownAbstract: own, targetWords: 1200, subsections: true, format: 'latex' }, lib);
    draftTimes.push(performance.now() - t);
  }
  const median = percentile(draftTimes, 50);
  console.log(`50-reference draft: median ${median.toFixed(1)} ms, max ${Math.max(...draftTimes).toFixed(1)} ms over ${draftTimes.length} runs (goal ≤ 300 ms) ${median <= 300 ? 'OK' : 'SLOW'}`);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
