import { strict as assert } from 'assert';
import { wardClusters } from '../../../src/core/engine/ward';
import { cosine, type SparseVector } from '../../../src/core/text/tokens';

/** The plain O(n³) scan the fast version replaced: the reference its output must equal, merge for merge. */
function plainWard(vectors: readonly SparseVector[], target: number): number[][] {
  const n = vectors.length;
  const d: number[][] = vectors.map((a) => vectors.map((b) => 2 - 2 * cosine(a, b)));
  const size = new Array<number>(n).fill(1);
  const members: number[][] = vectors.map((_, i) => [i]);
  const alive = new Set<number>(members.map((_, i) => i));
  const cap = Math.max(2, Math.ceil((2 * n) / Math.max(1, target)));
  while (alive.size > Math.max(1, target)) {
    let bi = -1;
    let bj = -1;
    let best = Infinity;
    const ids = [...alive];
    for (const capped of [true, false]) {
      for (let x = 0; x < ids.length; x++) {
        for (let y = x + 1; y < ids.length; y++) {
          const i = ids[x];
          const j = ids[y];
          if (capped && size[i] + size[j] > cap) continue;
          if (d[i][j] < best) {
            best = d[i][j];
            bi = i;
            bj = j;
          }
        }
      }
      if (bi >= 0) break;
    }
    for (const k of alive) {
      if (k === bi || k === bj) continue;
      const nk = size[k];
      const v = ((size[bi] + nk) * d[k][bi] + (size[bj] + nk) * d[k][bj] - nk * d[bi][bj]) / (size[bi] + size[bj] + nk);
      d[k][bi] = v;
      d[bi][k] = v;
    }
    size[bi] += size[bj];
    members[bi].push(...members[bj]);
    alive.delete(bj);
  }
  return [...alive].sort((a, b) => a - b).map((i) => members[i]);
}

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

/** Unit vectors over a small vocabulary, so ties (identical or orthogonal works) happen often. */
function randomVectors(count: number, vocabulary: number, seed: number): SparseVector[] {
  const random = rng(seed);
  return Array.from({ length: count }, () => {
    const v: SparseVector = new Map();
    const terms = 1 + Math.floor(random() * 4);
    for (let t = 0; t < terms; t++) v.set(`t${Math.floor(random() * vocabulary)}`, 1 + Math.floor(random() * 3));
    const norm = Math.sqrt([...v.values()].reduce((s, x) => s + x * x, 0));
    for (const [k, x] of v) v.set(k, x / norm);
    return v;
  });
}

describe('Ward clustering with cached nearest neighbours', () => {
  it('makes exactly the merges of the plain scan, ties included', () => {
    let cases = 0;
    for (const [count, vocabulary] of [[2, 3], [7, 4], [25, 6], [60, 10], [120, 40], [200, 15]]) {
      for (const seed of [1, 2, 3]) {
        const vectors = randomVectors(count, vocabulary, seed * 1000 + count);
        for (const target of [1, 2, 3, Math.ceil(count / 4), count]) {
          assert.deepEqual(wardClusters(vectors, target), plainWard(vectors, target), `n=${count} vocabulary=${vocabulary} seed=${seed} target=${target}`);
          cases++;
        }
      }
    }
    assert.equal(cases, 90);
  });

  it('puts each of 1,600 works in exactly one of the groups asked for (its speed is the scale bench\'s)', () => {
    const groups = wardClusters(randomVectors(1600, 300, 7), 8);
    assert.equal(groups.length, 8);
    assert.deepEqual(groups.flat().sort((a, b) => a - b), Array.from({ length: 1600 }, (_, i) => i));
  });
});
