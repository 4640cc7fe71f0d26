// `\cite` completion: where the cursor is inside a citation, what the sentence around it is about, and how each entry
// is offered. Pure logic; the extension turns it into VS Code completion items.
import { STOPWORDS } from '../text/tokens';
import type { Author } from '../types';
import { parseLatexCitations } from './latex';

export interface CiteCompletionContext {
  syntax: 'latex' | 'pandoc';
  /** Offset where the key being typed starts (the completion replaces [keyStart, cursor)). */
  keyStart: number;
  /** What is typed of the key so far. */
  typed: string;
  /** Keys already in the same command: not offered again. */
  keysInCommand: string[];
}

/** How far back a citation command may start: a key list spread over a few lines, never the whole document. */
const LOOKBACK = 4000;

/**
 * The citation the cursor is in, if any: inside the key group of any cite command the parser knows (`\citep{a, |`,
 * `\cites[see][]{a}{|`, over several lines) or after a Pandoc `@` (`[@a; @|`, `see @|`).
 */
export function citeCompletionContext(text: string, offset: number, language: 'latex' | 'markdown'): CiteCompletionContext | undefined {
  const typedStart = (() => {
    let i = offset;
    while (i > 0 && /[^\s,{}@;[\]\\%]/.test(text[i - 1])) i--;
    return i;
  })();
  const typed = text.slice(typedStart, offset);
  if (language === 'markdown' && text[typedStart - 1] === '@') {
    const before = text[typedStart - 2];
    // "name@host" is an address, not a citation.
    if (before === undefined || /[\s[;(-]/.test(before)) {
      const open = text.lastIndexOf('[', typedStart);
      const inBrackets = open >= 0 && !text.slice(open, typedStart).includes(']') && !text.slice(open, typedStart).includes('\n\n');
      const keysInCommand = inBrackets ? [...text.slice(open, typedStart - 1).matchAll(/@([\w:.#$%&\-+?<>~/]+)/g)].map((m) => m[1]) : [];
      return { syntax: 'pandoc', keyStart: typedStart, typed, keysInCommand };
    }
  }
  // LaTeX (also raw LaTeX in Markdown): close the group at the cursor and let the cite parser read the command.
  const from = Math.max(0, text.lastIndexOf('\n', Math.max(0, offset - LOOKBACK)));
  const prefix = text.slice(from, offset);
  const commands = parseLatexCitations(prefix + '}', { comments: language === 'latex' });
  const last = commands[commands.length - 1];
  if (!last || last.end !== prefix.length + 1) return undefined;
  // The cursor must be inside the key group, not in an optional argument: the group opens after the last '{'.
  const groupOpen = prefix.lastIndexOf('{');
  if (groupOpen < last.start || /[\]}]/.test(prefix.slice(groupOpen + 1))) return undefined;
  const keysInCommand = last.keys.map((k) => k.key).filter((k) => k !== typed);
  return { syntax: 'latex', keyStart: typedStart, typed, keysInCommand };
}

/**
 * The sentence being written around the cursor, as plain words: from the end of the previous sentence (or paragraph)
 * to the next, with LaTeX commands and citations left out. What the completion ranks the library by.
 */
export function sentenceAround(text: string, offset: number): string {
  const window = 600;
  const before = text.slice(Math.max(0, offset - window), offset);
  const after = text.slice(offset, offset + window);
  const startCut = Math.max(before.lastIndexOf('\n\n'), ...['. ', '? ', '! '].map((p) => before.lastIndexOf(p)));
  const endMatch = /\.\s|\?\s|!\s|\n\n/.exec(after);
  const sentence = before.slice(startCut >= 0 ? startCut + 1 : 0) + after.slice(0, endMatch ? endMatch.index : after.length);
  return sentence
    .replace(/%.*$/gm, ' ')
    .replace(/\\[a-zA-Z]*cite[a-zA-Z]*\*?(?:\[[^\]]*\]|\([^)]*\)|<[^>]*>)*\{[^}]*\}?/g, ' ')
    .replace(/\[?@[\w:.#$%&\-+?<>~/]+\]?/g, ' ')
    .replace(/\\[a-zA-Z]+\*?/g, ' ')
    .replace(/[{}$\\~]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Content words of the sentence (no stopwords, no numbers), the query the library is ranked by. */
export function rankingTerms(sentence: string, max = 16): string[] {
  const words = sentence.toLowerCase().match(/[\p{L}][\p{L}\p{N}-]*/gu) ?? [];
  const out: string[] = [];
  for (const w of words) {
    if (w.length < 3 || STOPWORDS.has(w) || out.includes(w)) continue;
    out.push(w);
    if (out.length >= max) break;
  }
  return out;
}

/** VS Code keeps the first 128 characters of a filter text: the key and the names go first, so they always match. */
export const FILTER_TEXT_LIMIT = 128;

/** Words a user may type to find an entry: key, every author's family name, year, title, venue, aliases. */
export function completionFilterText(e: { key: string; authors: readonly Author[]; year?: number; title: string; venue?: string; aliases?: readonly string[] }): string {
  const names = e.authors.map((a) => a.family || a.literal || '').filter(Boolean);
  const parts = [e.key, ...names, e.year ? String(e.year) : '', ...(e.aliases ?? []), e.title, e.venue ?? ''].filter(Boolean);
  let out = '';
  for (const part of parts) {
    const next = out ? `${out} ${part}` : part;
    if (next.length > FILTER_TEXT_LIMIT) {
      // A long title may be cut; a name or the key never is (they come first).
      out = next.slice(0, FILTER_TEXT_LIMIT);
      break;
    }
    out = next;
  }
  return out;
}
