// The library the engine benchmarks draft from: the sample library plus synthetic entries built from it.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { MemoryLibrary } from '../src/core/engine/memory-library';
import type { PaperRecord } from '../src/core/types';

const root = path.resolve(__dirname, '..');

/** `count` distinct entries: the sample abstracts with their sentences rotated and a variant tag, so no two are identical. */
export function syntheticLibrary(count: number): MemoryLibrary {
  const sample = JSON.parse(readFileSync(path.join(root, 'test/fixtures/engine/sample-records.json'), 'utf8')) as PaperRecord[];
  const withAbstract = sample.filter((r) => r.abstract);
  const lib = new MemoryLibrary();
  for (let i = 0; i < count; i++) {
    const base = withAbstract[i % withAbstract.length];
    const sentences = base.abstract!.split(/(?<=\.)\s+/);
    const shift = Math.floor(i / withAbstract.length) % sentences.length;
    const rotated = [...sentences.slice(shift), ...sentences.slice(0, shift)].join(' ');
    lib.add({ ...base, key: `${base.key}-v${i}`, title: `${base.title} (variant ${i})`, abstract: rotated, year: (base.year ?? 2017) + (i % 4) });
  }
  return lib;
}
