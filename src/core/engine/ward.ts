// Ward's agglomerative clustering of the works a draft cites, with a cap on group size. The plain version scanned
// every pair of groups for every merge, O(n³): 1,600 works took minutes. Here each group keeps its nearest
// neighbour among the groups after it (one cache under the size cap, one without), and a merge recomputes only
// the rows it touched, about O(n²) in all. The merges, their order and the ties are those of the plain scan: the
// pair chosen is the first (i, j), i < j, of least cost in index order, as the plain loops found it.
import { cosine, type SparseVector } from '../text/tokens';

interface Nearest {
  j: number;
  cost: number;
}

export function wardClusters(vectors: readonly SparseVector[], target: number): number[][] {
  const n = vectors.length;
  // Squared Euclidean distance between the unit vectors, 2 − 2·cos; the Lance–Williams update below keeps d[i][j]
  // the cost (increase in within-group squared distance, doubled) of merging groups i and j.
  const d: number[][] = vectors.map((a) => vectors.map((b) => 2 - 2 * cosine(a, b)));
  const size = new Array<number>(n).fill(1);
  const members: number[][] = vectors.map((_, i) => [i]);
  const alive = new Set<number>(members.map((_, i) => i));
  // No group grows past twice the average size while another merge is possible. Works on unrelated topics are nearly
  // orthogonal, and then every merge costs about the same: a group that shares a few common words with everything
  // swallowed half of the 69 shared PDFs into one paragraph.
  const cap = Math.max(2, Math.ceil((2 * n) / Math.max(1, target)));

  /** Least-cost partner j > i among the live groups (first j on ties); under the cap when `capped`. */
  const rowMin = (i: number, capped: boolean): Nearest | undefined => {
    let best: Nearest | undefined;
    for (let j = i + 1; j < n; j++) {
      if (!alive.has(j) || (capped && size[i] + size[j] > cap)) continue;
      if (best === undefined || d[i][j] < best.cost) best = { j, cost: d[i][j] };
    }
    return best;
  };
  const cappedMin: (Nearest | undefined)[] = new Array(n);
  const anyMin: (Nearest | undefined)[] = new Array(n);
  for (let i = 0; i < n; i++) {
    cappedMin[i] = rowMin(i, true);
    anyMin[i] = rowMin(i, false);
  }
  /** The first row, in index order, holding the least cost: the plain scan's (x, y) order. */
  const pick = (mins: (Nearest | undefined)[]): [number, number] | undefined => {
    let bi = -1;
    let best: Nearest | undefined;
    for (const i of alive) {
      const m = mins[i];
      if (m && (best === undefined || m.cost < best.cost)) {
        best = m;
        bi = i;
      }
    }
    return best ? [bi, best.j] : undefined;
  };

  while (alive.size > Math.max(1, target)) {
    const pair = pick(cappedMin) ?? pick(anyMin);
    if (!pair) break;
    const [bi, bj] = pair;
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
    cappedMin[bj] = anyMin[bj] = undefined;
    for (const k of alive) {
      if (k === bi) {
        cappedMin[k] = rowMin(k, true);
        anyMin[k] = rowMin(k, false);
        continue;
      }
      // Rows after bi never see bi (only partners j > k count); they lose bj.
      for (const [mins, capped] of [[cappedMin, true], [anyMin, false]] as const) {
        const m = mins[k];
        if (m && (m.j === bj || m.j === bi)) {
          mins[k] = rowMin(k, capped);
        } else if (k < bi && (!capped || size[k] + size[bi] <= cap)) {
          const cost = d[k][bi];
          // bi's cost changed; it wins on a lower cost, or on an equal one when it comes first.
          if (m === undefined || cost < m.cost || (cost === m.cost && bi < m.j)) mins[k] = { j: bi, cost };
        }
      }
    }
  }
  return [...alive].sort((a, b) => a - b).map((i) => members[i]);
}
