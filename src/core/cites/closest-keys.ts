// "Did you mean": the library keys closest to a key a document cites but no .bib defines. A typo ("zhu2017unpiared")
// is a few edits away; a key written from memory ("zhu2017cyclegan") shares its author and year.

/** Optimal string alignment distance (Levenshtein plus adjacent swaps), stopping early past `max`. */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    rows.push(row);
  }
  return rows[a.length][b.length];
}

/** The letters before the first digit ("zhu2017unpaired" → "zhu") and the first year in the key. */
function authorAndYear(key: string): { author: string; year?: string } {
  return { author: /^[^\d]*/.exec(key.toLowerCase())![0].replace(/[^a-z]/g, ''), year: /(?:19|20)\d\d/.exec(key)?.[0] };
}

/**
 * Up to `limit` keys, closest first: those within a third of the key's length in edits, then keys with the same
 * author prefix and year. Case differences cost nothing extra beyond one edit each.
 */
export function closestKeys(key: string, keys: readonly string[], limit = 3): string[] {
  const max = Math.max(2, Math.floor(key.length / 3));
  const scored: { key: string; score: number }[] = [];
  const wanted = authorAndYear(key);
  for (const k of keys) {
    if (k === key) continue;
    const d = editDistance(key.toLowerCase(), k.toLowerCase(), max);
    if (d <= max) {
      scored.push({ key: k, score: d });
      continue;
    }
    const other = authorAndYear(k);
    if (wanted.author.length >= 2 && other.author === wanted.author && wanted.year && other.year === wanted.year) scored.push({ key: k, score: max + 1 });
  }
  return scored.sort((a, b) => a.score - b.score || (a.key < b.key ? -1 : 1)).slice(0, limit).map((s) => s.key);
}
