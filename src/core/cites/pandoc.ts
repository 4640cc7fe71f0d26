// Pandoc Markdown citations: bracketed `[see @doe99, p. 33; -@smith04]` and in-text `@doe99` / `@doe99 [p. 33]`.
// Key syntax (Pandoc manual): starts with a letter, digit or _, continues with alphanumerics, _ and internal
// punctuation (:.#$%&-+?<>~/) — punctuation only when followed by a key character — or is written `@{any key}`.
// Code spans, fenced code blocks and HTML comments are masked first so examples there are not read as citations.
import type { CiteCommand, CiteKey } from './types';

const KEY_START = /[\p{L}\p{N}_]/u;
const KEY_CHAR = /[\p{L}\p{N}_]/u;
const INTERNAL_PUNCTUATION = new Set([':', '.', '#', '$', '%', '&', '-', '+', '?', '<', '>', '~', '/']);
/** Characters that may not come right before an in-text '@' (e-mail addresses, URLs, escaped \@). */
const NOT_BEFORE_AT = /[\p{L}\p{N}_@\\/:.=]/u;

/** Replaces code, fenced code and HTML comments by spaces (line breaks kept), so offsets stay valid. */
export function maskMarkdownCode(text: string): string {
  const chars = text.split('');
  const blank = (from: number, to: number) => {
    for (let i = from; i < to; i++) if (chars[i] !== '\n' && chars[i] !== '\r') chars[i] = ' ';
  };
  // Fenced blocks: a line starting (after up to 3 spaces) with ``` or ~~~, closed by the same fence or the end.
  const fence = /^ {0,3}(`{3,}|~{3,})[^\n]*\n/gm;
  let m: RegExpExecArray | null;
  while ((m = fence.exec(text))) {
    const marker = m[1];
    const closeRe = new RegExp(`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \\t]*$`, 'gm');
    closeRe.lastIndex = m.index + m[0].length;
    const close = closeRe.exec(text);
    const end = close ? close.index + close[0].length : text.length;
    blank(m.index, end);
    fence.lastIndex = end;
  }
  const masked = chars.join('');
  // Inline code spans: a run of N backticks closed by a run of exactly N.
  const span = /(`+)([\s\S]*?[^`])\1(?!`)/g;
  while ((m = span.exec(masked))) blank(m.index, m.index + m[0].length);
  const comment = /<!--[\s\S]*?-->/g;
  while ((m = comment.exec(masked))) blank(m.index, m.index + m[0].length);
  return chars.join('');
}

interface KeyMatch {
  key: string;
  /** Offset of the '@' (or of '-' for a suppressed author). */
  at: number;
  start: number;
  end: number;
  /** Offset just past the whole key token (past '}' for the braced form). */
  tokenEnd: number;
  suppressAuthor: boolean;
}

/** Reads a key right after the '@' at `at`; undefined when no valid key starts there. */
function readKey(text: string, at: number): { key: string; start: number; end: number; tokenEnd: number } | undefined {
  const first = at + 1;
  if (text[first] === '{') {
    const close = text.indexOf('}', first + 1);
    if (close < 0) return undefined;
    const raw = text.slice(first + 1, close);
    const lead = raw.length - raw.trimStart().length;
    const key = raw.trim();
    if (!key || key.includes('\n')) return undefined;
    return { key, start: first + 1 + lead, end: first + 1 + lead + key.length, tokenEnd: close + 1 };
  }
  if (first >= text.length || !KEY_START.test(text[first])) return undefined;
  let end = first + 1;
  while (end < text.length) {
    const ch = text[end];
    if (KEY_CHAR.test(ch)) {
      end++;
    } else if (INTERNAL_PUNCTUATION.has(ch) && end + 1 < text.length && KEY_CHAR.test(text[end + 1])) {
      end += 2;
    } else {
      break;
    }
  }
  return { key: text.slice(first, end), start: first, end, tokenEnd: end };
}

/** Every `@key` / `-@key` in text[from, to) that is not part of an e-mail address or URL. */
function keysBetween(text: string, from: number, to: number): KeyMatch[] {
  const keys: KeyMatch[] = [];
  for (let i = text.indexOf('@', from); i >= 0 && i < to; i = text.indexOf('@', i + 1)) {
    const before = i > 0 ? text[i - 1] : '';
    const suppressAuthor = before === '-' && (i < 2 || !KEY_CHAR.test(text[i - 2]));
    if (before && !suppressAuthor && NOT_BEFORE_AT.test(before)) continue;
    const read = readKey(text, i);
    if (!read || read.tokenEnd > to) continue;
    keys.push({ ...read, at: suppressAuthor ? i - 1 : i, suppressAuthor });
  }
  return keys;
}

/** Offset just past the ']' matching the '[' at `open` (nested brackets allowed, \] escaped); -1 when unclosed. */
function closeBracket(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\') i++;
    else if (ch === '[') depth++;
    else if (ch === ']') {
      depth--;
      if (depth === 0) return i + 1;
    } else if (ch === '\n' && text[i + 1] === '\n') return -1; // a paragraph break ends the search
  }
  return -1;
}

/** `[…](url)`, `[…][ref]`, `[…]:` and `![…]` are links, references and images, not citations. */
function isLinkLike(text: string, open: number, closeEnd: number): boolean {
  const after = text[closeEnd];
  return text[open - 1] === '!' || after === '(' || after === '[' || after === ':';
}

function toCiteKey(k: KeyMatch): CiteKey {
  return k.suppressAuthor
    ? { key: k.key, start: k.start, end: k.end, suppressAuthor: true }
    : { key: k.key, start: k.start, end: k.end };
}

/** Every Pandoc citation in `text` (Markdown), in document order. */
export function parsePandocCitations(text: string): CiteCommand[] {
  const masked = maskMarkdownCode(text);
  const commands: CiteCommand[] = [];
  const covered: Array<[number, number]> = [];

  // Bracketed citations first; their keys are not in-text citations.
  for (let open = masked.indexOf('['); open >= 0; open = masked.indexOf('[', open + 1)) {
    if (open > 0 && masked[open - 1] === '\\') continue;
    const closeEnd = closeBracket(masked, open);
    if (closeEnd < 0) continue;
    const keys = keysBetween(masked, open + 1, closeEnd - 1);
    if (keys.length === 0) continue;
    if (isLinkLike(masked, open, closeEnd)) {
      // Link text such as [@user on GitHub](url) names handles, not citations.
      covered.push([open, closeEnd]);
      open = closeEnd - 1;
      continue;
    }
    commands.push({ command: '[@]', syntax: 'pandoc', starred: false, start: open, end: closeEnd, keys: keys.map(toCiteKey) });
    covered.push([open, closeEnd]);
    open = closeEnd - 1;
  }

  // Keys come in document order and the covered ranges are sorted and disjoint, so one cursor walks both.
  let range = 0;
  const inside = (offset: number) => {
    while (range < covered.length && covered[range][1] <= offset) range++;
    return range < covered.length && offset >= covered[range][0];
  };
  for (const k of keysBetween(masked, 0, masked.length)) {
    if (k.suppressAuthor || inside(k.at)) continue;
    let end = k.tokenEnd;
    // An in-text citation may carry a locator in brackets: @doe99 [p. 33].
    const locatorOpen = masked[end] === '[' ? end : masked[end] === ' ' && masked[end + 1] === '[' ? end + 1 : -1;
    if (locatorOpen >= 0) {
      const locatorEnd = closeBracket(masked, locatorOpen);
      if (
        locatorEnd > 0 &&
        !masked.slice(locatorOpen, locatorEnd).includes('@') &&
        !isLinkLike(masked, locatorOpen, locatorEnd)
      ) {
        end = locatorEnd;
      }
    }
    commands.push({ command: '@', syntax: 'pandoc', starred: false, start: k.at, end, keys: [toCiteKey(k)] });
  }
  return commands.sort((a, b) => a.start - b.start);
}
