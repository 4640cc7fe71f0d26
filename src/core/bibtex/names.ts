// BibTeX name lists: "A and B and others", each name in one of the three forms BibTeX knows —
// "First von Last", "von Last, First", "von Last, Jr, First". Braces protect: "{Barnes and Noble}" is one name.
import type { Author } from '../types';
import { latexToUnicode } from './latex';

export interface ParsedNames {
  authors: Author[];
  /** The list ended with "and others": more authors than listed. */
  others: boolean;
}

export function parseNames(raw: string | undefined): ParsedNames {
  const authors: Author[] = [];
  let others = false;
  if (!raw) return { authors, others };
  for (const part of splitNameList(raw)) {
    const name = part.trim();
    if (!name) continue;
    if (name.toLowerCase() === 'others') {
      others = true;
      continue;
    }
    authors.push(parseName(name));
  }
  return { authors, others };
}

/** Splits at " and " (any case, any whitespace) outside braces. */
export function splitNameList(raw: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  const n = raw.length;
  for (let i = 0; i < n; i++) {
    const c = raw.charCodeAt(i);
    if (c === 123) depth++;
    else if (c === 125) depth = Math.max(0, depth - 1);
    else if (depth === 0 && isSpace(c) && i + 4 < n) {
      const a = raw.charCodeAt(i + 1) | 32;
      const nn = raw.charCodeAt(i + 2) | 32;
      const d = raw.charCodeAt(i + 3) | 32;
      if (a === 97 && nn === 110 && d === 100 && isSpace(raw.charCodeAt(i + 4))) {
        parts.push(raw.slice(start, i));
        i += 4;
        start = i + 1;
      }
    }
  }
  parts.push(raw.slice(start));
  return parts;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 126; // '~' ties words like a space
}

/** Splits at `sep` outside braces. */
function splitTopLevel(raw: string, sep: number): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 123) depth++;
    else if (c === 125) depth = Math.max(0, depth - 1);
    else if (c === sep && depth === 0) {
      parts.push(raw.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(raw.slice(start));
  return parts;
}

/** Words of a name part: split on whitespace and ties outside braces. */
function words(raw: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = -1;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 123) depth++;
    else if (c === 125) depth = Math.max(0, depth - 1);
    if (depth === 0 && isSpace(c)) {
      if (start >= 0) out.push(raw.slice(start, i));
      start = -1;
    } else if (start < 0) start = i;
  }
  if (start >= 0) out.push(raw.slice(start));
  return out;
}

const LOWER_SPECIALS = new Set(['oe', 'ae', 'aa', 'o', 'l', 'ss', 'i', 'j']);
const UPPER_SPECIALS = new Set(['OE', 'AE', 'AA', 'O', 'L']);

/**
 * BibTeX's test for a "von" word: its first letter at brace level 0 is lower case. A braced group that starts with
 * a backslash is a special character and counts by the letter it produces ({\"o}, {\ss}); any other braced group
 * is caseless and skipped.
 */
function isLowerCaseWord(word: string): boolean {
  let i = 0;
  while (i < word.length) {
    const c = word.charCodeAt(i);
    if (c === 123) {
      if (word.charCodeAt(i + 1) === 92) {
        const special = specialCharCase(word, i + 2);
        if (special !== undefined) return special;
      }
      // Skip the caseless group.
      let depth = 0;
      for (; i < word.length; i++) {
        const d = word.charCodeAt(i);
        if (d === 123) depth++;
        else if (d === 125 && --depth === 0) break;
      }
      i++;
      continue;
    }
    if (c === 92) {
      const special = specialCharCase(word, i + 1);
      if (special !== undefined) return special;
      i++;
      continue;
    }
    if (c >= 97 && c <= 122) return true;
    if (c >= 65 && c <= 90) return false;
    const ch = word[i];
    if (ch.toLowerCase() !== ch.toUpperCase()) return ch === ch.toLowerCase();
    i++;
  }
  return false;
}

/** Case of a special character starting right after its backslash, e.g. `"o`, `ss`, `c c`, `'{E}`. */
function specialCharCase(word: string, i: number): boolean | undefined {
  let j = i;
  while (j < word.length && /[A-Za-z]/.test(word[j])) j++;
  const name = word.slice(i, j);
  if (LOWER_SPECIALS.has(name)) return true;
  if (UPPER_SPECIALS.has(name)) return false;
  if (j === i) j++; // control symbol such as \" or \'
  for (; j < word.length; j++) {
    const ch = word[j];
    if (ch === '}' ) break;
    if (/[a-z]/.test(ch)) return true;
    if (/[A-Z]/.test(ch)) return false;
  }
  return undefined;
}

function join(ws: string[]): string {
  return ws.join(' ');
}

/**
 * A generation written after a name ("Guy L. Steele III", "John Smith Jr."): BibTeX's Jr part, never a name. Roman
 * numerals only in capitals: "Ii" and "Iv" are family names ("Naoki Tanaka Ii" is of the Ii family).
 */
export const GENERATION = /^(?:[Jj][Rr]\.?|[Ss][Rr]\.?|II|III|IV)$/;

/** The four parts of one BibTeX name, as written (braces and LaTeX kept), each a list of words. */
interface NameParts {
  first: string[];
  von: string[];
  last: string[];
  jr: string[];
}

/**
 * Splits one name into BibTeX's parts: "Jean de la Fontaine" → first [Jean], von [de, la], last [Fontaine];
 * "King, Jr., Martin Luther" → last [King], jr [Jr.], first [Martin, Luther]. Beyond BibTeX, a generation after a
 * "First Last" name or after "Last, First" is the Jr part ("Guy L. Steele III" → last [Steele], jr [III];
 * "Sherry, John F., Jr." → first [John, F.], jr [Jr.]), as services write names that way and BibTeX would make
 * "III" the family name and "Jr." the given one.
 */
export function nameParts(raw: string): NameParts {
  const commaParts = splitTopLevel(raw, 44).map((p) => p.trim());
  let first: string[] = [];
  let von: string[] = [];
  let last: string[] = [];
  let jr: string[] = [];

  if (commaParts.length === 1) {
    const ws = words(commaParts[0]);
    if (ws.length > 2 && GENERATION.test(ws[ws.length - 1])) jr = ws.splice(-1);
    if (ws.length <= 1) {
      last = ws;
    } else {
      // "First von Last": von runs from the first to the last lower-case word, never taking the final word.
      let vonStart = -1;
      let vonEnd = -1;
      for (let k = 0; k < ws.length - 1; k++) {
        if (isLowerCaseWord(ws[k])) {
          if (vonStart < 0) vonStart = k;
          vonEnd = k;
        }
      }
      if (vonStart < 0) {
        first = ws.slice(0, -1);
        last = ws.slice(-1);
      } else {
        first = ws.slice(0, vonStart);
        von = ws.slice(vonStart, vonEnd + 1);
        last = ws.slice(vonEnd + 1);
      }
    }
  } else {
    // "von Last, First" or "von Last, Jr, First" (extra commas go to First, as BibTeX's error recovery does).
    const ws = words(commaParts[0]);
    let vonEnd = -1;
    for (let k = 0; k < ws.length - 1; k++) if (isLowerCaseWord(ws[k])) vonEnd = k;
    von = ws.slice(0, vonEnd + 1);
    last = ws.slice(vonEnd + 1);
    if (commaParts.length === 2) {
      first = words(commaParts[1]);
    } else if (commaParts.length === 3 && GENERATION.test(commaParts[2]) && !GENERATION.test(commaParts[1])) {
      // "Sherry, John F., Jr.": the generation written last, as services and many .bib files do; BibTeX would make
      // "Jr." the given name.
      first = words(commaParts[1]);
      jr = words(commaParts[2]);
    } else {
      jr = words(commaParts[1]);
      first = words(commaParts.slice(2).join(', '));
    }
  }
  return { first, von, last, jr };
}

export function parseName(raw: string): Author {
  const literal = latexToUnicode(raw);
  // The Jr part stays in `literal` only: citations are by family name.
  const { first, von, last } = nameParts(raw);
  const family = latexToUnicode(join([...von, ...last]));
  const given = latexToUnicode(join(first));
  const author: Author = { family: family || literal };
  if (given) author.given = given;
  author.literal = literal;
  return author;
}
