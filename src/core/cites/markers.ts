// Citation markers in prose: cite commands (via the cite parser), numbered markers like [3], [1,2], [3-5], and
// optionally author–year parentheticals like (Smith et al., 2019; Doe and Roe, 2020). The one place markers are
// stripped: scoring (metrics/: the papers whose ROUGE we reproduce remove markers from both sides before scoring;
// coverage reads keys from them) and a citing sentence read as a query (suggest/citance.ts). Both may import cites/.
import { parseCitations } from './index';
import type { CiteCommand, CiteLanguage } from './types';

export type MarkerLanguage = CiteLanguage | 'auto';

const LATEX_CITE = /\\[a-zA-Z]*[Cc]ite[a-zA-Z]*\s*[*[{(<]/;
const PANDOC_CITE = /(^|[\s[;(])-?@[\p{L}\p{N}_{]/u;

/** 'latex' when the text has LaTeX cite macros and no Pandoc citations, else 'markdown' (which reads both). */
export function detectCiteLanguage(text: string): CiteLanguage {
  return LATEX_CITE.test(text) && !PANDOC_CITE.test(text) ? 'latex' : 'markdown';
}

export function resolveLanguage(text: string, language: MarkerLanguage | undefined): CiteLanguage {
  return language === undefined || language === 'auto' ? detectCiteLanguage(text) : language;
}

export interface NumberedMarker {
  /** Offset of '[' and just past ']'. */
  start: number;
  end: number;
  /** The numbers it cites, ranges expanded: [3-5] → 3, 4, 5. */
  numbers: number[];
}

// [3], [1,2], [1, 3-5], [2–4] (en dash); not a Markdown link [1](url) or reference [1]: / [1][x].
const NUMBERED_MARKER = /\[\s*\d+(?:\s*[-–—]\s*\d+)?(?:\s*,\s*\d+(?:\s*[-–—]\s*\d+)?)*\s*\](?![([:{])/g;
/** Ranges longer than this are not expanded (a typo such as [1-2000] must not allocate thousands of keys). */
const MAX_RANGE = 200;

export function findNumberedMarkers(text: string): NumberedMarker[] {
  const markers: NumberedMarker[] = [];
  for (const m of text.matchAll(NUMBERED_MARKER)) {
    const numbers: number[] = [];
    for (const part of m[0].slice(1, -1).split(',')) {
      const [from, to] = part.split(/[-–—]/).map((x) => Number(x.trim()));
      if (to === undefined) numbers.push(from);
      else if (to >= from && to - from <= MAX_RANGE) for (let n = from; n <= to; n++) numbers.push(n);
      else numbers.push(from, to);
    }
    markers.push({ start: m.index, end: m.index + m[0].length, numbers });
  }
  return markers;
}

const NAME = String.raw`\p{Lu}[\p{L}'’\-]+`;
const AUTHORS = String.raw`(?:van |von |de |der |le |la )*${NAME}(?:\s+et\s+al\.?|(?:\s*,\s*|\s+(?:and|&)\s+)(?:van |von |de )*${NAME})*`;
const YEAR = String.raw`(?:\d{4}[a-z]?|n\.\s?d\.|in press|forthcoming)`;
const ITEM = String.raw`(?:(?:see|e\.g\.|cf\.|i\.e\.)\s*,?\s*(?:also\s+)?)?${AUTHORS}\s*,?\s*${YEAR}(?:\s*,\s*${YEAR})*(?:\s*,\s*(?:p|pp|ch|chap|sec)\.\s*[\d–-]+)?`;
const AUTHOR_YEAR = new RegExp(String.raw`\(\s*${ITEM}(?:\s*;\s*${ITEM})*\s*\)`, 'gu');

/** Author–year parentheticals such as (Smith, 2019), (Smith et al., 2019a; Doe & Roe, 2020), (see Lee, 2018). */
export function findAuthorYearMarkers(text: string): Array<{ start: number; end: number }> {
  return [...text.matchAll(AUTHOR_YEAR)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
}

export interface StripOptions {
  /** How to read cite commands; 'auto' (default) detects LaTeX vs Markdown. */
  language?: MarkerLanguage;
  /** Also remove numbered markers [3], [1,2], [3-5]. Default true. Scoring only: a query removes them always. */
  numbered?: boolean;
  /**
   * Also remove author–year parentheticals (Smith et al., 2019). Default false: the pattern can over-match prose.
   * Scoring only: a query removes every parenthesis that holds a year.
   */
  authorYear?: boolean;
  /**
   * What the text is stripped for; the two differ on purpose.
   * - 'scoring' (default): a draft or reference before ROUGE and coverage. Only what is surely a marker goes, with the
   *   spaces before it, and line breaks stay: "as shown~\cite{a}.\nNext" → "as shown.\nNext", so ROUGE-Lsum splits the
   *   same sentences and a figure stays comparable with the papers that remove markers the same way. "Brants (2000)
   *   showed" keeps "Brants": a narrative citation's names are words of the sentence a reference writes.
   * - 'query': a citing sentence searched for the work it cites (Suggest Citation, Check Citations, eval suggest).
   *   Everything that may be a marker goes, each replaced by a space, and white space is collapsed: "Och and Ney (2003)
   *   showed, alignment helps [3]." → "showed, alignment helps ." — a name or year left in matches the wrong works (no
   *   abstract writes its authors' names), while a word of prose lost costs a long query little.
   */
  for?: 'scoring' | 'query';
}

/**
 * Removes citation markers from `text`, with the spaces (and LaTeX ~) that led up to each marker, so
 * "as shown~\cite{a}." becomes "as shown.". Line breaks are kept, so ROUGE-Lsum's sentence split is unchanged.
 */
export function stripCitationMarkers(text: string, options: StripOptions = {}): string {
  const language = resolveLanguage(text, options.language);
  const ranges: Array<{ start: number; end: number }> = parseCitations(text, language).map((c: CiteCommand) => ({
    start: c.start,
    end: c.end,
  }));
  if (options.for === 'query') return withoutQueryMarkers(withoutRanges(text, ranges));
  if (options.numbered !== false) ranges.push(...findNumberedMarkers(text));
  if (options.authorYear === true) ranges.push(...findAuthorYearMarkers(text));
  return withoutRanges(text, ranges);
}

/** `text` without the marker ranges, and the spaces (and LaTeX ~) before each. */
function withoutRanges(text: string, ranges: Array<{ start: number; end: number }>): string {
  if (ranges.length === 0) return text;
  ranges.sort((a, b) => a.start - b.start);

  let out = '';
  let cursor = 0;
  for (const { start, end } of ranges) {
    if (start < cursor) {
      cursor = Math.max(cursor, end);
      continue;
    }
    let keepUntil = start;
    while (keepUntil > cursor && /[ \t~]/.test(text[keepUntil - 1])) keepUntil--;
    out += text.slice(cursor, keepUntil);
    // Keep one space when the marker sat between two words: "see \cite{a} for" → "see for".
    const next = text[end];
    if (keepUntil < start && next !== undefined && /[ \t]/.test(next) === false && /[\p{L}\p{N}]/u.test(next)) out += ' ';
    cursor = end;
  }
  out += text.slice(cursor);
  return out;
}

const QUERY_YEAR = String.raw`(?:1[89]|20)\d\d[a-z]?`;
const QUERY_NAME = String.raw`[A-Z][\p{L}'’-]+(?:\s+(?:van|von|de|der|den|del|la|le)\s+[A-Z][\p{L}'’-]+)?`;
/** "Brants (2000)", "Collins et al. (1999)", "Och and Ney (2003)", "Koehn et al. (2007a)". */
const NAME_THEN_YEAR = new RegExp(
  String.raw`${QUERY_NAME}(?:\s+(?:and|&)\s+${QUERY_NAME}|\s+et\s+al\.?)?\s*\(\s*${QUERY_YEAR}(?:\s*[,;]\s*${QUERY_YEAR})*\s*\)`,
  'gu',
);
/** "(Brants, 2000)", "(e.g. Och and Ney 2003; Koehn 2005)": any parenthesised span that holds a year. */
const PARENTHESISED_YEAR = new RegExp(String.raw`\((?:[^()]*[^()\d])?${QUERY_YEAR}(?![\d])[^()]*\)`, 'gu');
/** "[3]", "[2, 5]", "[4–7]", "[2; 5]". */
const BRACKETED_NUMBERS = /\[\s*\d+(?:\s*[,;–-]\s*\d+)*\s*\]/g;

/** A query's markers besides cite commands, each replaced by a space; white space tidied. */
function withoutQueryMarkers(text: string): string {
  return text.replace(NAME_THEN_YEAR, ' ').replace(PARENTHESISED_YEAR, ' ').replace(BRACKETED_NUMBERS, ' ').replace(/\s+/g, ' ').trim();
}
