// The user's own other copies of a work: entries of the library's other .bib files (or other keys) with the same
// DOI or the same title. They are asked first and cost nothing; a copy that disagrees is evidence, one that agrees
// is not proof (an invented entry copied twice agrees with itself), so online records decide when there are any.
import { foldTitle } from './compare';
import type { ZoteroItem } from '../zotero/reader';
import type { FoundBy, SourceRecord, VerifyEntry } from './types';

export function libraryCopyFinder(library: readonly VerifyEntry[]): (entry: VerifyEntry) => { record: SourceRecord; foundBy: FoundBy }[] {
  const byDoi = new Map<string, VerifyEntry[]>();
  const byTitle = new Map<string, VerifyEntry[]>();
  const add = (map: Map<string, VerifyEntry[]>, key: string | undefined, e: VerifyEntry) => key && (map.get(key) ?? map.set(key, []).get(key)!).push(e);
  for (const e of library) {
    add(byDoi, e.doi, e);
    add(byTitle, e.title ? foldTitle(e.title) : undefined, e);
  }
  return (entry) => {
    const same = (e: VerifyEntry) => e.key === entry.key && e.file === entry.file;
    const doiCopies = (entry.doi ? byDoi.get(entry.doi) ?? [] : []).filter((e) => !same(e));
    const titleCopies = (entry.title ? byTitle.get(foldTitle(entry.title)) ?? [] : []).filter((e) => !same(e) && !doiCopies.includes(e));
    const record = (e: VerifyEntry): SourceRecord => ({
      title: e.title,
      authors: e.authors.map((a) => (a.given ? `${a.given} ${a.family}` : a.family)),
      ...(e.year !== undefined && { year: e.year }),
      ...(e.venue && { venue: e.venue }),
      ...(e.doi && { doi: e.doi }),
      ...(e.arxiv && { arxivId: e.arxiv }),
      url: e.line ? `${e.file ?? ''}:${e.line} (${e.key})` : `${e.file ?? ''} (${e.key})`,
    });
    return [...doiCopies.map((e) => ({ record: record(e), foundBy: 'doi' as const })), ...titleCopies.map((e) => ({ record: record(e), foundBy: 'title' as const }))];
  };
}

/**
 * Zotero's items as copies to compare with: Zotero keeps what was imported from the publisher's page, so a .bib
 * entry that disagrees with the user's own Zotero item on the year or the authors is worth a look. Zotero gives
 * family names only and no venue here, so only title, authors' family names, year and DOI are compared.
 */
export function zoteroCopies(items: readonly ZoteroItem[], dataDirectory: string): VerifyEntry[] {
  return items
    .filter((item) => item.title)
    .map((item) => {
      const entry: VerifyEntry = {
        key: item.citationKey ?? item.key,
        type: item.type,
        title: item.title,
        authors: item.creators.map((family) => ({ family })),
        authorsTruncated: false,
        file: `Zotero (${dataDirectory}), item ${item.key}`,
      };
      if (item.year !== undefined) entry.year = item.year;
      if (item.doi) entry.doi = item.doi.toLowerCase();
      return entry;
    });
}
