// What verifying a bibliography works on and answers: an entry as the .bib writes it (after LaTeX→Unicode), a
// record a source holds, and per entry a verdict with its evidence.
import type { Author } from '../types';

export interface VerifyEntry {
  key: string;
  /** Entry type, lower case ('article', 'inproceedings', 'misc', …). */
  type: string;
  /** Unicode title (braces and LaTeX resolved); '' when the entry has none. */
  title: string;
  authors: Author[];
  /** The author list ended in "and others". */
  authorsTruncated: boolean;
  year?: number;
  /** Journal or booktitle (Unicode), when the entry names one. */
  venue?: string;
  /** Which field named the venue ('journal', 'booktitle', …). */
  venueField?: string;
  /** The DOI field as written (may be malformed). */
  doiField?: string;
  doi?: string;
  arxiv?: string;
  acl?: string;
  /** Where the entry is (for the editor and for the report). */
  file?: string;
  line?: number;
}

/** A record of a work in one source. */
export interface SourceRecord {
  title: string;
  authors: string[];
  year?: number;
  venue?: string;
  venueKind?: 'journal' | 'proceedings' | 'repository' | 'book' | 'other';
  doi?: string;
  arxivId?: string;
  /** The API URL (or file) it was read from. */
  url: string;
}

export type Verdict = 'verified' | 'mismatch' | 'not-found' | 'unverifiable';

export type ComparedField = 'title' | 'authors' | 'year' | 'venue' | 'doi' | 'eprint';

export interface FieldDifference {
  field: ComparedField;
  ours: string;
  theirs: string;
  /** Why these differ, in words ("first author Roe, the record's is Smith"). */
  why: string;
}

export type FoundBy = 'doi' | 'arxiv' | 'acl' | 'title';

export interface EntryVerdict {
  key: string;
  verdict: Verdict;
  /** The fields that differ (empty unless `mismatch`). */
  fields: FieldDifference[];
  /** The source whose record decided ('openalex', 'crossref', …; 'library' for the user's own copies); null when none did. */
  source: string | null;
  /** How that record was found. */
  foundBy?: FoundBy;
  /** The record, for the report and the quick fix. */
  record?: SourceRecord;
  /** Which field decided the verdict ('doi', 'title', 'authors', …). */
  decidedBy?: ComparedField | 'identifier' | 'search';
  /** One sentence a user reads: "authors: Doe, Roe vs Doe, Smith (Crossref, by DOI)". */
  evidence: string;
  /** What was noticed without changing the verdict: preprint vs published, online-first year, names abridged. */
  notes: string[];
  /** Sources that could not be asked for this entry, and why. */
  unchecked: string[];
  file?: string;
  line?: number;
}
