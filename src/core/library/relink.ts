// PDF ↔ entry links after an index run. The candidates (every plausible pair, link.ts) are kept in the store with
// the .bib file of their entry; the links are the one-to-one assignment over all of them. So editing one .bib
// recomputes only that file's candidates, against every PDF, and redoes the assignment: 5.9 s for the whole
// 50,000-entry library before. Everything is recomputed when a PDF changed, when nothing was linked before, or when
// the edit changed which title words are too common to search by (then other entries' candidates may change too).
import * as path from 'node:path';
import { arxivIdFromFields, assignLinks, linkCandidates, titleStatistics, type LinkableEntry, type LinkablePdf, type TitleStatistics } from './link';
import type { LibraryStore, StoredEntry } from './store';

function sameStatistics(a: TitleStatistics | undefined, b: TitleStatistics): boolean {
  return a !== undefined && a.commonLimit === b.commonLimit && a.commonWords.length === b.commonWords.length && a.commonWords.every((w, i) => w === b.commonWords[i]);
}

function linkable(e: StoredEntry): LinkableEntry {
  return {
    key: e.key,
    title: e.title,
    authors: e.authors.map((a) => a.family),
    year: e.year,
    doi: e.doi,
    arxivId: arxivIdFromFields({ eprint: e.fields.eprint, archivePrefix: e.fields.archiveprefix, eprinttype: e.fields.eprinttype, url: e.fields.url }),
    fileField: e.fields.file,
    bibDir: path.dirname(e.bibFile),
    order: [e.bibFile, e.line],
  };
}

/** Brings the links up to date; returns how much was recomputed ('none', 'files' or 'all'). */
export function relink(store: LibraryStore): 'none' | 'files' | 'all' {
  const work = store.linkWork();
  if (!work) return 'none';
  const statistics = titleStatistics(store.entryTitles().map((title) => ({ title })));
  const incremental = !work.full && sameStatistics(work.statistics, statistics);
  const inputs = store.linkingInputs(incremental ? work.bibs : undefined);
  // PDFs without text stay in: a `file` field still links them, so "open PDF" works for a scanned paper.
  const pdfs = inputs.pdfs.map((p): LinkablePdf => ({ path: p.path, meta: p.meta, firstPageText: p.firstPageText }));
  const candidates = pdfs.length ? linkCandidates(inputs.entries.map(linkable), pdfs, undefined, statistics) : [];
  store.replaceLinkCandidates(incremental ? work.bibs : 'all', candidates);
  const links = assignLinks(store.allLinkCandidates()).map((l) => ({ entryKey: l.key, pdfPath: l.pdfPath, method: l.method, score: l.score }));
  store.replaceLinks(links, statistics);
  return incremental ? 'files' : 'all';
}
