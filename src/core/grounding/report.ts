// How well the library grounds the works a document cites: for each key, a linked PDF with text, an abstract (and
// from where), or the title only — with what would fix it. Title-only works are the ones the engines can only name.
import { SOURCE_LABELS } from '../enrich/labels';
import { workIds } from '../enrich/identifiers';
import type { EnrichTarget, FoundSource, LibraryStore } from '../library/store-types';

export type GroundingStatus = 'pdf' | 'abstract' | 'title-only' | 'missing';

interface GroundingLine {
  key: string;
  status: GroundingStatus;
  title?: string;
  /** Where the abstract comes from, when there is one. */
  abstractFrom?: 'bib' | FoundSource;
  hasPdf?: boolean;
  /** What would ground it better (only for title-only and missing keys). */
  fix?: string;
}

export interface GroundingReport {
  lines: GroundingLine[];
  total: number;
  /** Keys with a PDF or an abstract. */
  grounded: number;
  counts: Record<GroundingStatus, number>;
  /** Works grounded by their abstract alone (no PDF), by where the abstract comes from. */
  abstractSources: Partial<Record<'bib' | FoundSource, number>>;
}

function fixFor(entry: EnrichTarget, zoteroConfigured: boolean): string {
  const ids = workIds(entry);
  const id = ids.doi ? `DOI ${ids.doi}` : ids.arxiv ? `arXiv ${ids.arxiv}` : ids.acl ? `ACL ${ids.acl}` : undefined;
  const ways = [id ? `find its abstract online by its ${id}` : 'find its abstract online by its title', 'link its PDF (a file field, or a PDF folder)'];
  if (!zoteroConfigured) ways.push('point citescribe.zotero.dataDirectory at a Zotero library that holds it');
  return ways.join('; or ');
}

export function groundingReport(store: LibraryStore, keys: readonly string[], options: { zoteroConfigured?: boolean } = {}): GroundingReport {
  const targets = new Map(store.enrichTargets(keys).map((t) => [t.key, t]));
  const lines: GroundingLine[] = [];
  const counts: Record<GroundingStatus, number> = { pdf: 0, abstract: 0, 'title-only': 0, missing: 0 };
  const abstractSources: GroundingReport['abstractSources'] = {};
  for (const key of [...new Set(keys)]) {
    // An alias (biblatex ids) is reported under the key it was cited by.
    const entry = targets.get(key) ?? (store.hasKey(key) ? store.enrichTargets([store.getPaper(key)!.key])[0] : undefined);
    if (!entry) {
      counts.missing++;
      lines.push({ key, status: 'missing', fix: 'not in the library: add its entry to a .bib file the library indexes' });
      continue;
    }
    const status: GroundingStatus = entry.hasPdf ? 'pdf' : entry.abstractFrom ? 'abstract' : 'title-only';
    counts[status]++;
    if (status === 'abstract' && entry.abstractFrom) abstractSources[entry.abstractFrom] = (abstractSources[entry.abstractFrom] ?? 0) + 1;
    const line: GroundingLine = { key, status, title: entry.title, hasPdf: entry.hasPdf };
    if (entry.abstractFrom) line.abstractFrom = entry.abstractFrom;
    if (status === 'title-only') line.fix = fixFor(entry, options.zoteroConfigured ?? false);
    lines.push(line);
  }
  return { lines, total: lines.length, grounded: counts.pdf + counts.abstract, counts, abstractSources };
}

/** "31/39 grounded: 12 with a PDF, 19 with an abstract (3 .bib, 10 Zotero, 6 OpenAlex); 8 title only". */
export function groundingSummary(report: GroundingReport): string {
  const sources = Object.entries(report.abstractSources)
    .map(([source, n]) => `${n} ${source === 'bib' ? '.bib' : SOURCE_LABELS[source as FoundSource]}`)
    .join(', ');
  const parts = [`${report.grounded}/${report.total} grounded`];
  const detail = [`${report.counts.pdf} with a PDF`];
  const withAbstract = Object.values(report.abstractSources).reduce((a, b) => a + (b ?? 0), 0);
  if (withAbstract) detail.push(`${withAbstract} with an abstract (${sources})`);
  if (report.counts['title-only']) detail.push(`${report.counts['title-only']} title only`);
  if (report.counts.missing) detail.push(`${report.counts.missing} not in the library`);
  return `${parts[0]}: ${detail.join(', ')}`;
}
