// Hungarian algorithm (Kuhn–Munkres with potentials, O(n²m)) for a maximum-weight assignment on a rectangular
// score matrix: every row is paired with a distinct column (or every column with a row, when there are more rows).

export interface Assignment {
  /** [row, column] pairs, sorted by row. */
  pairs: Array<[number, number]>;
  /** Sum of the assigned scores. */
  total: number;
}

/** Minimum-cost assignment for rows ≤ columns; returns the column of each row. */
function minCostRowsToColumns(cost: number[][], rows: number, cols: number): number[] {
  const INF = Number.POSITIVE_INFINITY;
  // 1-based arrays as in the classic formulation; column 0 is a virtual start.
  const u = new Float64Array(rows + 1);
  const v = new Float64Array(cols + 1);
  const rowOfColumn = new Int32Array(cols + 1);
  const way = new Int32Array(cols + 1);
  for (let i = 1; i <= rows; i++) {
    rowOfColumn[0] = i;
    let j0 = 0;
    const minv = new Float64Array(cols + 1).fill(INF);
    const used = new Uint8Array(cols + 1);
    do {
      used[j0] = 1;
      const i0 = rowOfColumn[j0];
      let delta = INF;
      let j1 = 0;
      for (let j = 1; j <= cols; j++) {
        if (used[j]) continue;
        const current = cost[i0 - 1][j - 1] - u[i0] - v[j];
        if (current < minv[j]) {
          minv[j] = current;
          way[j] = j0;
        }
        if (minv[j] < delta) {
          delta = minv[j];
          j1 = j;
        }
      }
      for (let j = 0; j <= cols; j++) {
        if (used[j]) {
          u[rowOfColumn[j]] += delta;
          v[j] -= delta;
        } else {
          minv[j] -= delta;
        }
      }
      j0 = j1;
    } while (rowOfColumn[j0] !== 0);
    do {
      const j1 = way[j0];
      rowOfColumn[j0] = rowOfColumn[j1];
      j0 = j1;
    } while (j0 !== 0);
  }
  const columnOfRow = new Array<number>(rows).fill(-1);
  for (let j = 1; j <= cols; j++) if (rowOfColumn[j] > 0) columnOfRow[rowOfColumn[j] - 1] = j - 1;
  return columnOfRow;
}

/** Pairs rows with columns so that the sum of `scores[row][column]` is as large as possible. */
export function maxWeightAssignment(scores: readonly (readonly number[])[]): Assignment {
  const rows = scores.length;
  const cols = rows > 0 ? scores[0].length : 0;
  if (rows === 0 || cols === 0) return { pairs: [], total: 0 };
  for (const row of scores) {
    if (row.length !== cols) throw new Error('maxWeightAssignment: every row needs the same number of columns');
    for (const x of row) if (!Number.isFinite(x)) throw new Error('maxWeightAssignment: scores must be finite numbers');
  }
  const transpose = rows > cols;
  const r = transpose ? cols : rows;
  const c = transpose ? rows : cols;
  const cost: number[][] = [];
  for (let i = 0; i < r; i++) {
    const line: number[] = [];
    for (let j = 0; j < c; j++) line.push(-(transpose ? scores[j][i] : scores[i][j]));
    cost.push(line);
  }
  const assigned = minCostRowsToColumns(cost, r, c);
  const pairs: Array<[number, number]> = assigned.map((col, i) => (transpose ? [col, i] : [i, col]));
  pairs.sort((a, b) => a[0] - b[0]);
  let total = 0;
  for (const [i, j] of pairs) total += scores[i][j];
  return { pairs, total };
}
