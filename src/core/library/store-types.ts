// What the library database holds and offers, as types: the store's interface (reads for the editor and the
// engines, writes for the indexer) and the records it passes. The SQLite implementation is store.ts.
import type { BibParseResult } from '../bibtex';
import type { ExternalMacro } from '../bibtex/parser';
import type { LinkCandidate, TitleStatistics } from './link';
import type { PdfExtraction, PdfMetadataGuess } from '../pdf/types';
import type { Author, PaperLookup, PaperRecord } from '../types';

export type LinkMethod = 'file-field' | 'doi' | 'arxiv' | 'title';

export interface StoredLink {
  entryKey: string;
  pdfPath: string;
  method: LinkMethod;
  score: number;
}

/** What the indexer compares to decide whether a file must be re-read. */
export interface FileStamp {
  contentHash: string;
  mtimeMs: number;
  size: number;
}

/** For each macro a file needs from elsewhere: what it was given, or null when no other file defines it. */
export type MacroEnv = Record<string, ExternalMacro | null>;

export interface BibMacroInfo {
  path: string;
  ownStrings: Record<string, string>;
  neededMacros: string[];
  macroEnv: MacroEnv;
}

export interface LibraryStats {
  bibFiles: number;
  entries: number;
  pdfFiles: number;
  /** PDFs whose text could be extracted. */
  pdfsWithText: number;
  /** PDFs linked to at least one entry. */
  linked: number;
  /** .bib problems (syntax errors, duplicate keys, …) plus PDFs that yielded no text. */
  errors: number;
}

export interface LibraryProblem {
  file: string;
  line?: number;
  message: string;
  severity: 'error' | 'warning' | 'info';
  /** Where the problem comes from, when that is another place (the entry a duplicate key loses to). */
  related?: { file: string; line: number; message: string };
}

export interface SearchHit {
  key: string;
  title: string;
  authors: Author[];
  year?: number;
  venue?: string;
  pdfPath?: string;
  /** Higher is better (negated BM25). */
  score: number;
}

/** One line of the quick pick: everything needed to show and filter an entry without another query. */
export interface EntrySummary {
  key: string;
  type: string;
  title: string;
  authors: Author[];
  year?: number;
  venue?: string;
  pdfPath?: string;
  bibFile: string;
  line: number;
  /** biblatex `ids`: other keys the entry answers to. */
  aliases?: string[];
}

/** An entry that may support a sentence, as retrieval found it. */
export interface CitationCandidate {
  key: string;
  title: string;
  abstract?: string;
  year?: number;
  /** BM25 of the sentence's words (higher is better). */
  score: number;
  /** False when no PDF is linked to the work, so there are no pages to look for evidence in. */
  linkedPdf?: boolean;
}

/** An entry as the linker needs it. */
export interface StoredEntry {
  key: string;
  type: string;
  title: string;
  authors: Author[];
  year?: number;
  doi?: string;
  /** Raw field values (file, eprint, arxivid, url, …). */
  fields: Record<string, string>;
  bibFile: string;
  line: number;
}

/** What relinking must cover: every candidate (a PDF changed, or never linked), or those of some .bib files. */
export interface LinkWork {
  full: boolean;
  bibs: string[];
  /** The title statistics of the last linking, to tell whether other entries' candidates still hold. */
  statistics?: TitleStatistics;
}

/** A PDF as the linker needs it. */
export interface StoredPdf {
  path: string;
  ok: boolean;
  meta: PdfMetadataGuess;
  pageCount: number;
  /** Text of the first page (for title matching), empty when the PDF has no text. */
  firstPageText: string;
}

export interface LibraryStore extends PaperLookup {
  readonly path: string;
  /** Where a corrupt or incompatible database found on open was moved before rebuilding, if that happened. */
  readonly movedAsideTo?: string;
  getPaper(key: string): PaperRecord | undefined;
  hasKey(key: string): boolean;
  search(query: string, limit?: number): SearchHit[];
  /**
   * Keys of the entries that best fit these words (any of them, BM25 over title, abstract and linked PDF text), best
   * first: what a sentence being written is about.
   */
  rankByWords(words: readonly string[], limit?: number): string[];
  /**
   * The entries that share words with a sentence, best BM25 first (title and abstract; linked PDF text at a discount),
   * with their title and abstract: the candidates citation suggestion reranks.
   */
  citationCandidates(words: readonly string[], limit: number): CitationCandidate[];
  /** Up to `limit` works, each with no BM25 score: what an embedding model compares a sentence with. */
  embeddingCandidates(limit: number): CitationCandidate[];
  /** How rare a word is in the library's titles and abstracts: log((entries + 1) / (entries holding it + 1)). */
  termRarity(word: string): number;
  /** termRarity of each word, in order. */
  termRarities(words: readonly string[]): number[];
  /** Every place a key (or a biblatex alias) is defined: each copy, in each .bib file. */
  entryLocations(key: string): { file: string; line: number }[];
  stats(): LibraryStats;
  allKeys(): string[];
  listEntries(): EntrySummary[];
  /** BibTeX groups (JabRef's `groups` field, comma-separated), each with its keys: one way to pick keys to draft. */
  groups(): { name: string; keys: string[] }[];
  errors(): LibraryProblem[];
  close(): void;

  // Writes, used by the indexer. Each is one transaction.
  bibFileStamp(path: string): FileStamp | undefined;
  pdfFileStamp(path: string): FileStamp | undefined;
  bibFilePaths(): string[];
  pdfFilePaths(): string[];
  /** `macroEnv`: what other files gave for the macros this one needs (null: nobody defines it), as parsed. */
  writeBibFile(path: string, stamp: FileStamp, parsed: BibParseResult, macroEnv?: MacroEnv): void;
  /** Every .bib file's own @string definitions, the macros it needs from elsewhere, and what it was given. */
  bibMacroInfo(): BibMacroInfo[];
  /** Records a new mtime for a file whose content hash did not change. */
  touchBibFile(path: string, stamp: FileStamp): void;
  touchPdfFile(path: string, stamp: FileStamp): void;
  removeBibFile(path: string): void;
  writePdf(extraction: PdfExtraction, mtimeMs: number): void;
  removePdfFile(path: string): void;
  /** Entries (of these .bib files only, when given) and every PDF, as the linker needs them. */
  linkingInputs(bibPaths?: readonly string[]): { entries: StoredEntry[]; pdfs: StoredPdf[] };
  /** Every entry's `file` field (Zotero, JabRef, Mendeley) with the folder of its .bib, which relative paths start from. */
  fileFields(): Array<{ value: string; bibDir: string }>;
  /** Links and, when given, the title statistics they were computed with; clears the list of files to relink. */
  replaceLinks(links: StoredLink[], statistics?: TitleStatistics): void;
  /** What relinking must cover now (undefined: links are up to date). */
  linkWork(): LinkWork | undefined;
  /** Every entry's title (for the title statistics of linking). */
  entryTitles(): string[];
  /** Replaces the stored candidates of these .bib files (or all) with `candidates`. */
  replaceLinkCandidates(scope: 'all' | readonly string[], candidates: readonly LinkCandidate[]): void;
  allLinkCandidates(): LinkCandidate[];
  /** True when entries or PDFs changed since links were last computed (survives a crash mid-run). */
  linksStale(): boolean;

  // What was found outside the .bib files (found.ts). Entries are named by key; a record found for an entry that has
  // since become another work (its DOI, else its title, changed) is ignored.
  /** Every entry (the first copy of each key), with its identifiers and what grounds it now; only `keys` when given. */
  enrichTargets(keys?: readonly string[]): EnrichTarget[];
  foundAbstract(key: string): FoundAbstract | undefined;
  /** Saves an abstract; an existing one is kept unless `replace` (Zotero, the user's own library, replaces). */
  saveFoundAbstract(found: FoundAbstract, options?: { replace?: boolean }): boolean;
  /** Records a PDF found for an entry; true when it is new (the next index run reads and links it). */
  saveFoundFile(found: FoundFile): boolean;
  foundFiles(key: string): FoundFile[];
  recordEnrichAttempt(attempt: EnrichAttempt): void;
  enrichAttempts(key: string): EnrichAttempt[];
}

/** Where an abstract or PDF found outside the .bib came from. */
export type FoundSource = 'zotero' | 'openalex' | 'semanticscholar' | 'crossref' | 'arxiv' | 'aclanthology';
/** How the entry was matched to the record: Better BibTeX/Zotero citation key, an identifier, or the title. */
export type FoundMatch = 'citation-key' | 'doi' | 'arxiv' | 'acl' | 'title';

/** An abstract found for an entry outside its .bib, with its provenance (shown in the hover). */
export interface FoundAbstract {
  key: string;
  abstract: string;
  source: FoundSource;
  /** The record it was read from (an API URL, or zotero://select/… for Zotero). */
  url?: string;
  /** YYYY-MM-DD. */
  retrieved: string;
  matchedBy: FoundMatch;
  /** The title of the record that matched, to show beside the entry's. */
  workTitle?: string;
}

/** A PDF found for an entry outside the .bib's own `file` field (Zotero storage, a downloaded open-access copy). */
export interface FoundFile {
  key: string;
  path: string;
  source: FoundSource;
  url?: string;
  retrieved: string;
}

/** An entry as enrichment and Zotero matching need it: what identifies it, and whether it already has an abstract. */
export interface EnrichTarget extends StoredEntry {
  /** 'bib' when the .bib has one, the source when one was found, undefined when the entry has none. */
  abstractFrom?: 'bib' | FoundSource;
  hasPdf: boolean;
}

/** One lookup of one entry at one source: kept so that a second run does not ask again for what was not there. */
export interface EnrichAttempt {
  key: string;
  source: FoundSource;
  outcome: 'found' | 'not-found' | 'rejected';
  tried: string;
}
