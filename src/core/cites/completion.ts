// `\cite` completion: where the cursor is inside a citation, what the sentence around it is about, and how each entry
// is offered. Pure logic; the extension turns it into VS Code completion items.
import { STOPWORDS } from '../text/tokens';
import type { Author } from '../types';
import { parseLatexCitations } from './latex';

interface CiteCompletionContext {
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

/** How far around the cursor a sentence is looked for. */
const SENTENCE_WINDOW = 600;

/**
 * Where the sentence around `offset` starts and ends in `text`: after the last sentence end before it (". ", ".\n" —
 * a sentence per line, as many LaTeX authors write — or a blank line) and at the next one, 600 characters each way at
 * most.
 */
export function sentenceSpan(text: string, offset: number): { start: number; end: number } {
  const before = text.slice(Math.max(0, offset - SENTENCE_WINDOW), offset);
  const after = text.slice(offset, offset + SENTENCE_WINDOW);
  let startCut = -1;
  for (const m of before.matchAll(/[.?!]\s|\n\n/g)) startCut = m.index;
  const endMatch = /[.?!](?:\s|$)|\n\n/.exec(after);
  return { start: offset - before.length + startCut + 1, end: offset + (endMatch ? endMatch.index : after.length) };
}

/**
 * The sentence being written around the cursor, as plain words: from the end of the previous sentence (or paragraph)
 * to the next, with LaTeX commands and citations left out. What the completion ranks the library by.
 */
export function sentenceAround(text: string, offset: number): string {
  const { start, end } = sentenceSpan(text, offset);
  const sentence = text.slice(start, end);
  return sentence
    // A comment runs from an unescaped % ("97\% accuracy" is a percentage, kept as "97%").
    .replace(/(?<!\\)%.*$/gm, ' ')
    .replace(/\\%/g, '%')
    .replace(/\\[a-zA-Z]*cite[a-zA-Z]*\*?(?:\[[^\]]*\]|\([^)]*\)|<[^>]*>)*\{[^}]*\}?/g, ' ')
    .replace(/\[?@[\w:.#$%&\-+?<>~/]+\]?/g, ' ')
    .replace(/\\[a-zA-Z]+\*?/g, ' ')
    .replace(/[{}$\\~]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Content words of the sentence (no stopwords, no numbers), the query the library is ranked by while the author types
 * a cite key. Not text/tokens.ts's contentWords, on purpose: these go to the full-text index as typed, one phrase each
 * ("self-attention" stays one word, "Müller" keeps its ü for the index's own folding, where tokenize would make
 * "self", "attention" and "muller"), only words of three letters or more, at most `max`, each once, so that
 * completion stays quick on a long sentence.
 */
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

/** An entry as completion offers it: its key, the aliases it answers to, and the text VS Code filters it by. */
export interface CompletionEntry {
  key: string;
  aliases: readonly string[];
  filterText: string;
  /** The filter text in lower case (computed once, with the list). */
  folded: string;
}

/** One item to offer: an entry (by index), offered by its key or by one of its aliases. */
export interface CompletionCandidate {
  index: number;
  /** The key the item inserts: the entry's key, or an alias when aliases are offered as they are. */
  insert: string;
  sortText: string;
  /** Place in the context ranking. */
  rank?: number;
  /** Cited lately through completion. */
  recent?: boolean;
}

export interface CandidateOptions {
  /** Keys that fit the sentence, best first. */
  ranked: readonly string[];
  /** Keys cited lately, latest first. */
  recent: readonly string[];
  /** Keys already in the command. */
  taken: ReadonlySet<string>;
  /** What is typed of the key. */
  typed: string;
  /** Offer each alias as an item that inserts the alias (otherwise an alias finds its entry, which inserts the key). */
  aliasItems: boolean;
  /**
   * Past this many entries the list is cut to the entries whose filter text holds the typed letters in order (as VS
   * Code's fuzzy filter needs them), this many at most, and marked incomplete so VS Code asks again as the user types.
   */
  cap: number;
}

/** Entries for completion, sorted as the list shows them when nothing fits the sentence: by key, case folded. */
export function completionEntries<E extends { key: string; aliases?: readonly string[]; filterText: string }>(entries: readonly E[]): (E & CompletionEntry)[] {
  return entries
    .map((e) => ({ ...e, aliases: e.aliases ?? [], folded: e.filterText.toLowerCase() }))
    .sort((a, b) => compare(a.key.toLowerCase(), b.key.toLowerCase()) || compare(a.key, b.key));
}

/**
 * The items of a completion list in the order they should appear before anything is typed: the works that fit the
 * sentence, then those cited lately, then the rest by key, then aliases. `entries` come from completionEntries().
 */
export function orderCandidates(entries: readonly CompletionEntry[], o: CandidateOptions): { candidates: CompletionCandidate[]; incomplete: boolean } {
  const rank = new Map(o.ranked.map((k, i) => [k, i]));
  const recent = new Map(o.recent.map((k, i) => [k, i]));
  const large = entries.length > o.cap;
  const typed = o.typed.toLowerCase();
  const lead: CompletionCandidate[] = [];
  const rest: CompletionCandidate[] = [];
  const aliases: CompletionCandidate[] = [];
  for (let index = 0; index < entries.length; index++) {
    const e = entries[index];
    if (o.taken.has(e.key) || (e.aliases.length && e.aliases.some((a) => o.taken.has(a)))) continue;
    const r = rank.get(e.key);
    const m = recent.get(e.key);
    if (large && r === undefined && m === undefined && rest.length >= o.cap) continue;
    if (large && typed && !holdsInOrder(e.folded, typed)) continue;
    if (r !== undefined) lead.push({ index, insert: e.key, sortText: `0${pad(r)}`, rank: r, ...(m !== undefined && { recent: true }) });
    else if (m !== undefined) lead.push({ index, insert: e.key, sortText: `1${pad(m)}`, recent: true });
    else rest.push({ index, insert: e.key, sortText: `2${e.key.toLowerCase()}` });
    if (!o.aliasItems) continue;
    for (const alias of e.aliases) {
      if (!large || (typed && alias.toLowerCase().startsWith(typed))) aliases.push({ index, insert: alias, sortText: `3${alias.toLowerCase()}` });
    }
  }
  lead.sort((a, b) => compare(a.sortText, b.sortText));
  const candidates = [...lead, ...rest, ...aliases];
  return large ? { candidates: candidates.slice(0, o.cap), incomplete: true } : { candidates, incomplete: false };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function pad(n: number): string {
  return String(n).padStart(4, '0');
}

/** "zhu cyc" typed as "zhuc": every typed letter appears in the text, in order. */
function holdsInOrder(text: string, typed: string): boolean {
  let i = 0;
  for (let j = 0; j < text.length && i < typed.length; j++) if (text.charCodeAt(j) === typed.charCodeAt(i)) i++;
  return i === typed.length;
}
