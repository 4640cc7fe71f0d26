// Which words of a sentence are worth a full-text query. A word in 2% of a large library or more ("learning" in a
// machine-learning library) moves a BM25 ranking little — its inverse document frequency is half a rare word's or
// less — but costs the most, because the query reads every document that holds it: on the 50,000-entry bench
// library, two such words took 26 ms to rank where two rare ones took 1 ms, and a sentence's ranking went from
// 27 ms to 2 ms (p50) once they were left out. Libraries of up to 10,000 entries keep every word held by up to 200.

/** Past this share of the library a word is left out of the query… */
const COMMON_SHARE = 0.02;
/** …unless the library is this small, where every word counts and every query is fast. */
const COMMON_FLOOR = 200;
/** The rarest words a query keeps at most (completion's default; citation suggestion keeps more). */
const MAX_TERMS = 8;
/** When every word is common, the rarest ones still rank. */
const MIN_TERMS = 2;

/**
 * The words to query, rarest first: common words dropped, at most MAX_TERMS kept. `documents(term)` tells how many
 * entries hold a word (undefined: none, or a term the index splits, like "image-to-image": kept).
 */
export function selectRankingTerms(terms: readonly string[], documents: (term: string) => number | undefined, libraryEntries: number, maxTerms = MAX_TERMS): string[] {
  const limit = Math.max(COMMON_FLOOR, libraryEntries * COMMON_SHARE);
  const counted = terms.map((term, order) => ({ term, order, n: documents(term) ?? 0 }));
  const byRarity = [...counted].sort((a, b) => a.n - b.n || a.order - b.order);
  const rare = byRarity.filter((t) => t.n <= limit);
  const kept = (rare.length >= MIN_TERMS ? rare : byRarity.slice(0, MIN_TERMS)).slice(0, maxTerms);
  return kept.map((t) => t.term);
}

/** A term as the full-text index stores it (unicode61, remove_diacritics 2): lower case, accents removed. */
export function indexedForm(term: string): string {
  return term.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
