// Matches the library's .bib entries to Zotero items — by citation key (Better BibTeX's, or Zotero's own), then DOI,
// then title (at least 0.9 alike, the years within one when both have one) — and keeps what Zotero has that the
// .bib lacks: the abstract, and the PDFs in Zotero's storage. Each match records how it was made.
import { normalizeDoi, normalizeTitle, titleSimilarity } from '../library/link';
import type { EnrichTarget, FoundMatch, LibraryStore } from '../library/store-types';
import { readZoteroLibrary, type ZoteroItem, type ZoteroLibrary } from './reader';

const ZOTERO_TITLE_THRESHOLD = 0.9;

interface ZoteroMatch {
  key: string;
  item: ZoteroItem;
  matchedBy: Extract<FoundMatch, 'citation-key' | 'doi' | 'title'>;
}

export interface ZoteroImportReport {
  dataDirectory: string;
  items: number;
  entries: number;
  matched: Record<ZoteroMatch['matchedBy'], number>;
  /** Entries whose abstract now comes from Zotero. */
  abstracts: number;
  /** PDF files of matched items, handed to the index. */
  pdfs: number;
  /** Of those, the ones not known from an earlier run: the index must read and link them. */
  newPdfs: number;
  citationKeysFrom?: ZoteroLibrary['citationKeysFrom'];
}

/** Words of a title, rarest first within the library, for finding candidate items without comparing every pair. */
function titleWords(title: string): string[] {
  return [...new Set(normalizeTitle(title).split(' ').filter((w) => w.length > 2))];
}

function matchZoteroItems(entries: readonly EnrichTarget[], items: readonly ZoteroItem[]): ZoteroMatch[] {
  const byCitationKey = new Map<string, ZoteroItem>();
  const byDoi = new Map<string, ZoteroItem>();
  const byTitle = new Map<string, ZoteroItem[]>();
  const byWord = new Map<string, ZoteroItem[]>();
  for (const item of items) {
    if (item.citationKey && !byCitationKey.has(item.citationKey)) byCitationKey.set(item.citationKey, item);
    const doi = normalizeDoi(item.doi);
    if (doi && !byDoi.has(doi)) byDoi.set(doi, item);
    const title = normalizeTitle(item.title);
    (byTitle.get(title) ?? byTitle.set(title, []).get(title)!).push(item);
    for (const w of titleWords(item.title)) (byWord.get(w) ?? byWord.set(w, []).get(w)!).push(item);
  }
  const yearsAgree = (a?: number, b?: number) => a === undefined || b === undefined || Math.abs(a - b) <= 1;
  const matches: ZoteroMatch[] = [];
  for (const entry of entries) {
    const byKey = byCitationKey.get(entry.key);
    if (byKey) {
      matches.push({ key: entry.key, item: byKey, matchedBy: 'citation-key' });
      continue;
    }
    const doi = normalizeDoi(entry.doi ?? entry.fields.doi);
    const byId = doi ? byDoi.get(doi) : undefined;
    if (byId) {
      matches.push({ key: entry.key, item: byId, matchedBy: 'doi' });
      continue;
    }
    if (!entry.title.trim()) continue;
    const exact = (byTitle.get(normalizeTitle(entry.title)) ?? []).find((i) => yearsAgree(entry.year, i.year));
    if (exact) {
      matches.push({ key: entry.key, item: exact, matchedBy: 'title' });
      continue;
    }
    // Candidates share the entry's rarest title word among Zotero's titles: an equal-enough title shares most words.
    const words = titleWords(entry.title).sort((a, b) => (byWord.get(a)?.length ?? 0) - (byWord.get(b)?.length ?? 0));
    const rare = words.find((w) => byWord.has(w));
    let best: { item: ZoteroItem; similarity: number } | undefined;
    for (const item of rare ? byWord.get(rare)! : []) {
      if (!yearsAgree(entry.year, item.year)) continue;
      const similarity = titleSimilarity(entry.title, item.title);
      if (similarity >= ZOTERO_TITLE_THRESHOLD && (!best || similarity > best.similarity)) best = { item, similarity };
    }
    if (best) matches.push({ key: entry.key, item: best.item, matchedBy: 'title' });
  }
  return matches;
}

/**
 * Reads the Zotero data directory and records, for each matched entry, Zotero's abstract (when the .bib has none)
 * and its PDFs. The next index run indexes and links the PDFs. `today`: YYYY-MM-DD stamped on what is kept.
 */
export function importFromZotero(store: LibraryStore, dataDirectory: string, today = new Date().toISOString().slice(0, 10)): ZoteroImportReport {
  const library = readZoteroLibrary(dataDirectory);
  const entries = store.enrichTargets();
  const matches = matchZoteroItems(entries, library.items);
  const report: ZoteroImportReport = {
    dataDirectory: library.dataDirectory,
    items: library.items.length,
    entries: entries.length,
    matched: { 'citation-key': 0, doi: 0, title: 0 },
    abstracts: 0,
    pdfs: 0,
    newPdfs: 0,
    ...(library.citationKeysFrom && { citationKeysFrom: library.citationKeysFrom }),
  };
  const hasBibAbstract = new Set(entries.filter((e) => e.abstractFrom === 'bib').map((e) => e.key));
  for (const m of matches) {
    report.matched[m.matchedBy]++;
    const url = `zotero://select/library/items/${m.item.key}`;
    // The user's own Zotero abstract replaces one fetched online; a .bib abstract always stays first.
    if (m.item.abstract && !hasBibAbstract.has(m.key)) {
      store.saveFoundAbstract({ key: m.key, abstract: m.item.abstract, source: 'zotero', url, retrieved: today, matchedBy: m.matchedBy, workTitle: m.item.title }, { replace: true });
      report.abstracts++;
    }
    for (const pdf of m.item.pdfs) {
      if (store.saveFoundFile({ key: m.key, path: pdf, source: 'zotero', url, retrieved: today })) report.newPdfs++;
      report.pdfs++;
    }
  }
  return report;
}
