// Order statistics the benchmarks report.

/** The value at the p-th percentile (nearest rank, rounded down) of `xs`. */
export function percentile(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

/** The middle value of `xs` (the upper one of an even count). */
export function median(xs: readonly number[]): number {
  return percentile(xs, 50);
}
