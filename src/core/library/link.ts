// Links PDFs to library entries. In order of trust: the entry's own `file` field (Zotero, JabRef, Mendeley forms),
// an equal DOI, an equal arXiv id, then title matching as OARelatedWork does it (normalised word sets, harmonic mean
// of Jaccard and containment ≥ 0.75, one author surname found, years within 2). Every link records its method.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { PdfMetadataGuess } from '../pdf/types';
import { isSpecialPath } from './discovery';
import { startsLikePdf } from '../pdf/header';

export interface LinkableEntry {
  key: string;
  title: string;
  /** Family names. */
  authors: string[];
  year?: number;
  doi?: string;
  /** From eprint/archivePrefix or an arxiv.org url. */
  arxivId?: string;
  /** The raw `file` field. */
  fileField?: string;
  /** Directory of the .bib file, for relative paths in `file`. */
  bibDir?: string;
  /**
   * Where the entry stands in the library ([.bib path, line]): of equally strong candidates the earlier entry wins,
   * the way BibTeX lets the first copy of a key win. Without it, the entry's position in the list given.
   */
  order?: [string, number];
}

export interface LinkablePdf {
  path: string;
  meta: PdfMetadataGuess;
  /** Text of page 1, to find author names and, failing a title guess, the title itself. */
  firstPageText?: string;
}

export type LinkMethod = 'file-field' | 'doi' | 'arxiv' | 'title';

interface PdfLink {
  key: string;
  pdfPath: string;
  method: LinkMethod;
  /** 1 for identifier and exact path matches; the title similarity (0.75–1) for title matches. */
  score: number;
}

/** Minimum harmonic mean of Jaccard and containment for a title match. */
const TITLE_THRESHOLD = 0.75;
/** Without author names to confirm a match, the titles must agree much more closely. */
const TITLE_THRESHOLD_WITHOUT_AUTHORS = 0.9;
const MAX_YEAR_GAP = 2;

const METHOD_RANK: Record<LinkMethod, number> = { 'file-field': 0, doi: 1, arxiv: 2, title: 3 };

// ---------------------------------------------------------------------------------------------------------------
// Normalisation

const FOLD: Record<string, string> = { ß: 'ss', æ: 'ae', Æ: 'AE', œ: 'oe', Œ: 'OE', ø: 'o', Ø: 'O', ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', þ: 'th', ı: 'i' };

/** ASCII-fold, lower-case, non-word characters to single spaces. */
export function normalizeTitle(text: string): string {
  return text
    .replace(/[ßæÆœŒøØłŁđĐþı]/g, (c) => FOLD[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[{}\\]/g, '') // BibTeX braces and stray LaTeX escapes
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function wordSet(text: string): Set<string> {
  return new Set(normalizeTitle(text).split(' ').filter(Boolean));
}

/** Harmonic mean of Jaccard and containment (shared words over the smaller set). */
export function titleSimilarity(a: string, b: string): number {
  return similarityFromCounts(wordSet(a), wordSet(b), countShared(wordSet(a), wordSet(b)));
}

function countShared(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared;
}

function similarityFromCounts(a: Set<string>, b: Set<string>, shared: number): number {
  if (a.size === 0 || b.size === 0 || shared === 0) return 0;
  const jaccard = shared / (a.size + b.size - shared);
  const containment = shared / Math.min(a.size, b.size);
  return (2 * jaccard * containment) / (jaccard + containment);
}

export function normalizeDoi(doi: string | undefined): string | undefined {
  if (!doi) return undefined;
  const m = /10\.\d{4,9}\/\S+/.exec(decodeURIComponentSafe(doi.trim()));
  return m ? m[0].replace(/[.,;]+$/, '').toLowerCase() : undefined;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** "arXiv:1706.03762v5" → "1706.03762"; "hep-th/9901001v2" → "hep-th/9901001". */
export function normalizeArxivId(id: string | undefined): string | undefined {
  if (!id) return undefined;
  const m = /(\d{4}\.\d{4,5})(?:v\d+)?|([a-z-]+(?:\.[a-z]{2})?\/\d{7})(?:v\d+)?/i.exec(id.trim());
  if (!m) return undefined;
  return (m[1] ?? m[2]).toLowerCase();
}

/** arXiv id of an entry from its eprint field (when archivePrefix is arXiv or unset) or an arxiv.org url. */
export function arxivIdFromFields(fields: { eprint?: string; archivePrefix?: string; eprinttype?: string; url?: string }): string | undefined {
  const prefix = (fields.archivePrefix ?? fields.eprinttype ?? '').toLowerCase();
  if (fields.eprint && (prefix === '' || prefix === 'arxiv')) {
    const id = normalizeArxivId(fields.eprint);
    if (id) return id;
  }
  const url = /arxiv\.org\/(?:abs|pdf)\/([^\s?#]+)/i.exec(fields.url ?? '');
  return url ? normalizeArxivId(url[1]) : undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// The `file` field

/** Splits on `sep` where it is not escaped with a backslash. */
function splitUnescaped(value: string, sep: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === '\\' && i + 1 < value.length && (value[i + 1] === sep || value[i + 1] === '\\' || value[i + 1] === ':' || value[i + 1] === ';')) {
      current += c + value[i + 1];
      i++;
    } else if (c === sep) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts;
}

function unescapeFilePart(s: string): string {
  return s
    .replace(/\$\\backslash\$/g, '\\') // Mendeley
    .replace(/\{\\_\}|\\_/g, '_')
    .replace(/\{\\&\}|\\&/g, '&')
    .replace(/\\([:;\\])/g, '$1')
    .trim();
}

/**
 * File paths named by a `file` field, in any of its common forms:
 * Zotero `Full Text:files/12/x.pdf:application/pdf`, JabRef `:papers/x.pdf:PDF` or `Description:C\:\\x.pdf:PDF`,
 * Mendeley `:home/user/x.pdf:pdf`, or a bare path; several separated by `;`. Non-PDF attachments are left out.
 */
export function parseFileField(value: string): string[] {
  const out: string[] = [];
  for (const item of splitUnescaped(value, ';')) {
    if (!item.trim()) continue;
    const parts = splitUnescaped(item, ':').map(unescapeFilePart);
    let file: string;
    let type = '';
    if (parts.length >= 3) {
      type = parts[parts.length - 1];
      file = parts.slice(1, -1).join(':'); // an unescaped drive letter ("C:\x.pdf") splits once more
    } else if (parts.length === 2) {
      if (/^(?:pdf|application\/pdf|url|html|ps|djvu|txt|docx?)$/i.test(parts[1])) {
        file = parts[0];
        type = parts[1];
      } else file = parts.join(':');
    } else file = parts[0];
    file = file.replace(/^file:\/\//i, '');
    if (!file) continue;
    const isPdf = /\.pdf$/i.test(file) || /pdf/i.test(type);
    if (isPdf) out.push(file);
  }
  return out;
}

/**
 * The PDFs that `file` fields name and that exist on disk: they belong in the index whether or not they lie in a
 * folder the user listed (Zotero keeps them under its own storage folder). A file whose path is in `skip` (already
 * indexed) is left out without touching the disk, so that saving a large .bib does not stat every PDF it names.
 */
export function pdfsNamedByFileFields(
  fields: ReadonlyArray<{ value: string; bibDir?: string }>,
  skip: ReadonlySet<string> = new Set(),
  /** PDFs the index already has: their header was read when they came in, so a stat tells they are still there. */
  indexed: ReadonlySet<string> = new Set(),
): string[] {
  const found = new Set<string>();
  for (const field of fields) {
    for (const file of parseFileField(field.value)) {
      if (!/\.pdf$/i.test(file)) continue;
      const candidates = candidatePaths(file, field.bibDir);
      if (skip.size && candidates.some((p) => skip.has(path.resolve(p)))) continue;
      // A `file` field may point anywhere ("../../etc/passwd.pdf", "/etc/passwd"): outside the indexed folders only
      // a real PDF (a regular file that starts like one) is read, and nothing of any other file is.
      const onDisk = candidates.find((p) => (indexed.has(path.resolve(p)) ? isRegularFile(p) : isRealPdfFile(p)));
      if (onDisk) found.add(path.resolve(onDisk));
    }
  }
  return [...found].sort();
}

function isRegularFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** A regular file, not under /proc, /sys or /dev, whose first KB holds the "%PDF-" header. */
function isRealPdfFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile() && !isSpecialPath(fs.realpathSync(file)) && startsLikePdf(file);
  } catch {
    return false;
  }
}

/** Paths a `file` entry may mean: absolute as is, relative to the .bib, and Mendeley's root-less absolute form. */
function candidatePaths(file: string, bibDir?: string): string[] {
  const slashed = file.replace(/\\/g, '/');
  const out = new Set<string>();
  if (/^[a-zA-Z]:\//.test(slashed) || slashed.startsWith('/')) out.add(path.normalize(slashed));
  else {
    if (bibDir) out.add(path.resolve(bibDir, slashed));
    out.add(path.normalize('/' + slashed)); // Mendeley drops the leading slash
  }
  return [...out];
}

// ---------------------------------------------------------------------------------------------------------------
// Matching

/** A possible link, before the one-to-one assignment. Kept by the store, so that an edit recomputes only its own. */
export interface LinkCandidate {
  key: string;
  pdfPath: string;
  method: LinkMethod;
  score: number;
  /** The entry's place: [.bib path, line] (see LinkableEntry.order). */
  order: [string, number];
  /** Of several PDFs in one `file` field, the first listed wins a tie. */
  fileRank: number;
}

/**
 * The word statistics title matching depends on beyond the one entry and PDF: which title words are too common to
 * search by. An edit that leaves them as they were changes no other entry's candidates.
 */
export interface TitleStatistics {
  commonLimit: number;
  /** Title words in more than commonLimit titles, sorted. */
  commonWords: string[];
}

function yearsCompatible(a?: number, b?: number): boolean {
  return a === undefined || b === undefined || Math.abs(a - b) <= MAX_YEAR_GAP;
}

/** Whether one of the entry's surnames occurs (as whole words) in the PDF's author guess or first page. */
function authorFound(entry: LinkableEntry, pdfAuthorText: string): boolean {
  for (const surname of entry.authors) {
    const s = normalizeTitle(surname);
    if (s.length >= 2 && pdfAuthorText.includes(` ${s} `)) return true;
  }
  return false;
}

/** Title word statistics of a library (see TitleStatistics). */
export function titleStatistics(entries: readonly Pick<LinkableEntry, 'title'>[]): TitleStatistics {
  const df = new Map<string, number>();
  for (const e of entries) for (const w of wordSet(e.title)) df.set(w, (df.get(w) ?? 0) + 1);
  const commonLimit = Math.max(50, Math.ceil(entries.length * 0.02));
  return { commonLimit, commonWords: [...df].filter(([, n]) => n > commonLimit).map(([w]) => w).sort() };
}

/**
 * Links PDFs to entries: each PDF to at most one entry and each entry to at most one PDF. Candidate pairs are
 * taken strongest first — by method (file field, DOI, arXiv id, title), then by score, then the earlier entry.
 * `defaultBibDir` resolves relative `file` paths of entries that carry no bibDir of their own.
 */
export function linkPdfs(entries: readonly LinkableEntry[], pdfs: readonly LinkablePdf[], defaultBibDir?: string): PdfLink[] {
  return assignLinks(linkCandidates(entries, pdfs, defaultBibDir));
}

/**
 * Every candidate link between `entries` and `pdfs`. `statistics` are the whole library's (titleStatistics of every
 * entry): given them, the candidates of some entries (the .bib file just edited) are the same as a run over all
 * entries finds for them.
 */
export function linkCandidates(
  entries: readonly LinkableEntry[],
  pdfs: readonly LinkablePdf[],
  defaultBibDir?: string,
  statistics: TitleStatistics = titleStatistics(entries),
): LinkCandidate[] {
  const candidates: LinkCandidate[] = [];
  const orderOf = (i: number): [string, number] => entries[i].order ?? ['', i];
  const pdfByPath = new Map<string, LinkablePdf>();
  const pdfsByBase = new Map<string, LinkablePdf[]>();
  for (const pdf of pdfs) {
    pdfByPath.set(path.resolve(pdf.path), pdf);
    const base = path.basename(pdf.path).toLowerCase();
    if (!pdfsByBase.has(base)) pdfsByBase.set(base, []);
    pdfsByBase.get(base)!.push(pdf);
  }

  // 1. file field: exact path, else a unique file of the same name (the library was moved).
  entries.forEach((entry, ei) => {
    if (!entry.fileField) return;
    parseFileField(entry.fileField).forEach((file, fileRank) => {
      const exact = candidatePaths(file, entry.bibDir ?? defaultBibDir)
        .map((p) => pdfByPath.get(p))
        .find(Boolean);
      if (exact) {
        candidates.push({ key: entry.key, pdfPath: exact.path, method: 'file-field', score: 1, order: orderOf(ei), fileRank });
        return;
      }
      const sameName = pdfsByBase.get(path.basename(file.replace(/\\/g, '/')).toLowerCase());
      if (sameName?.length === 1) candidates.push({ key: entry.key, pdfPath: sameName[0].path, method: 'file-field', score: 0.9, order: orderOf(ei), fileRank });
    });
  });

  // 2–3. identifiers.
  const byDoi = new Map<string, number[]>();
  const byArxiv = new Map<string, number[]>();
  entries.forEach((entry, ei) => {
    const doi = normalizeDoi(entry.doi);
    if (doi) (byDoi.get(doi) ?? byDoi.set(doi, []).get(doi)!).push(ei);
    const arxiv = normalizeArxivId(entry.arxivId);
    if (arxiv) (byArxiv.get(arxiv) ?? byArxiv.set(arxiv, []).get(arxiv)!).push(ei);
  });
  for (const pdf of pdfs) {
    const doi = normalizeDoi(pdf.meta.doi);
    for (const ei of doi ? byDoi.get(doi) ?? [] : []) candidates.push({ key: entries[ei].key, pdfPath: pdf.path, method: 'doi', score: 1, order: orderOf(ei), fileRank: 0 });
    const arxiv = normalizeArxivId(pdf.meta.arxivId);
    for (const ei of arxiv ? byArxiv.get(arxiv) ?? [] : []) candidates.push({ key: entries[ei].key, pdfPath: pdf.path, method: 'arxiv', score: 1, order: orderOf(ei), fileRank: 0 });
  }

  // 4. titles, through an inverted index of entry title words so large libraries stay fast. Words in many titles
  // ("the", "of", "learning") only add cost to candidate search; similarities are computed on all words.
  const entryWords = entries.map((e) => wordSet(e.title));
  const index = new Map<string, number[]>();
  entryWords.forEach((words, i) => {
    for (const w of words) (index.get(w) ?? index.set(w, []).get(w)!).push(i);
  });
  const common = new Set(statistics.commonWords);
  const informative = (w: string) => !common.has(w);
  const informativeCount = entryWords.map((words) => [...words].filter(informative).length);

  for (const pdf of pdfs) {
    const firstPage = pdf.firstPageText ? ` ${normalizeTitle(pdf.firstPageText.slice(0, 4000))} ` : '';
    const authorText = ` ${normalizeTitle((pdf.meta.authors ?? []).join(' '))} ${firstPage} `;
    const canCheckAuthors = authorText.trim() !== '';
    const consider = (i: number, score: number) => {
      const entry = entries[i];
      if (!yearsCompatible(entry.year, pdf.meta.year)) return;
      const confirmed = entry.authors.length > 0 && canCheckAuthors;
      if (confirmed ? !authorFound(entry, authorText) : score < TITLE_THRESHOLD_WITHOUT_AUTHORS) return;
      candidates.push({ key: entry.key, pdfPath: pdf.path, method: 'title', score, order: orderOf(i), fileRank: 0 });
    };

    const guessed = pdf.meta.title ? wordSet(pdf.meta.title) : new Set<string>();
    const matched = new Set<number>();
    if (guessed.size > 0) {
      const keys = [...guessed].filter(informative);
      const near = new Set<number>();
      for (const w of keys.length > 0 ? keys : [...guessed]) for (const i of index.get(w) ?? []) near.add(i);
      for (const i of near) {
        const score = similarityFromCounts(entryWords[i], guessed, countShared(entryWords[i], guessed));
        if (score >= TITLE_THRESHOLD) {
          matched.add(i);
          consider(i, score);
        }
      }
    }
    // When the title guess is wrong (a running head, a journal banner), the entry's title printed verbatim on
    // page 1 still identifies the paper. Only titles of four or more words: short ones occur by chance.
    if (firstPage.trim()) {
      const hits = new Map<number, number>();
      for (const w of new Set(firstPage.trim().split(' '))) {
        if (!informative(w)) continue;
        for (const i of index.get(w) ?? []) hits.set(i, (hits.get(i) ?? 0) + 1);
      }
      for (const [i, count] of hits) {
        if (matched.has(i) || count < informativeCount[i] || entryWords[i].size < 4) continue;
        if (firstPage.includes(` ${normalizeTitle(entries[i].title)} `)) consider(i, TITLE_THRESHOLD);
      }
    }
  }
  return candidates;
}

/** One-to-one, strongest first: method, then score, then the earlier entry, then the PDF first in its `file` field. */
export function assignLinks(candidates: LinkCandidate[]): PdfLink[] {
  const sorted = [...candidates].sort(
    (a, b) =>
      METHOD_RANK[a.method] - METHOD_RANK[b.method] ||
      b.score - a.score ||
      (a.order[0] < b.order[0] ? -1 : a.order[0] > b.order[0] ? 1 : 0) ||
      a.order[1] - b.order[1] ||
      a.fileRank - b.fileRank ||
      (a.pdfPath < b.pdfPath ? -1 : a.pdfPath > b.pdfPath ? 1 : 0),
  );
  const usedKeys = new Set<string>();
  const usedPdfs = new Set<string>();
  const links: PdfLink[] = [];
  for (const c of sorted) {
    if (usedKeys.has(c.key) || usedPdfs.has(c.pdfPath)) continue;
    usedKeys.add(c.key);
    usedPdfs.add(c.pdfPath);
    links.push({ key: c.key, pdfPath: c.pdfPath, method: c.method, score: Math.round(c.score * 1000) / 1000 });
  }
  return links;
}
