// What every online source answers: the works it holds for an identifier or a title, in one shape.
import type { FoundSource } from '../../library/store-types';
import type { PoliteClient } from '../http';
import type { WorkIds } from '../identifiers';

export interface FoundWork {
  title: string;
  abstract?: string;
  year?: number;
  /** Display names, first author first ("Ashish Vaswani"). */
  authors: string[];
  doi?: string;
  /** An open-access PDF the service names. */
  pdfUrl?: string;
  /** The API URL the record was read from. */
  url: string;
  /** Where it appeared (journal, proceedings, repository), when the service says. */
  venue?: string;
  /** The venue's kind, for telling a conference version from a journal version. */
  venueKind?: 'journal' | 'proceedings' | 'repository' | 'book' | 'other';
  arxivId?: string;
}

export interface LookupResult {
  work: FoundWork;
  /** Which identifier found it. */
  via: 'doi' | 'arxiv' | 'acl';
}

export interface OnlineSource {
  readonly name: Exclude<FoundSource, 'zotero'>;
  readonly label: string;
  /** The record for the entry's identifiers, through whatever this service can look up (undefined: none found). */
  lookup(ids: WorkIds): Promise<LookupResult | undefined>;
  /** Up to `limit` (default five) works whose title is like this one, best first. */
  searchTitle(title: string, limit?: number): Promise<FoundWork[]>;
}

export interface SourceSettings {
  client: PoliteClient;
  /** Base URL without a trailing slash. */
  base: string;
  /** Contact address for the services' polite pools (OpenAlex and Crossref take it as `mailto`). */
  mailto?: string;
}

export function joinUrl(base: string, pathAndQuery: string): string {
  return base.replace(/\/+$/, '') + pathAndQuery;
}

/** The family name in a display name: "Ashish Vaswani" → "Vaswani", "Vaswani, Ashish" → "Vaswani". */
export function familyOf(name: string): string {
  const trimmed = name.trim();
  if (trimmed.includes(',')) return trimmed.split(',')[0].trim();
  const parts = trimmed.split(/\s+/);
  return parts[parts.length - 1] ?? trimmed;
}

export function asString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

export function asYear(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number(value.slice(0, 4)) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 1000 && n < 3000 ? n : undefined;
}

/** A title for a query string: braces and LaTeX dropped, no characters a query language reads. */
export function queryTitle(title: string): string {
  return title.replace(/[{}\\$]/g, '').replace(/["():,]/g, ' ').replace(/\s+/g, ' ').trim();
}

/** A service's word for a venue's kind ("journal-article", "conference", "proceedings-article") in four words. */
export function venueKindOf(word: unknown): FoundWork['venueKind'] {
  const w = typeof word === 'string' ? word.toLowerCase() : '';
  if (!w) return undefined;
  if (/journal|article$/.test(w) && !/proceedings/.test(w)) return 'journal';
  if (/conference|proceedings|inproceedings/.test(w)) return 'proceedings';
  if (/repository|posted-content|preprint/.test(w)) return 'repository';
  if (/book/.test(w)) return 'book';
  return 'other';
}
