// "Rewrite entry from <source> record": the differing fields of a .bib entry replaced with a record's values, written
// as the entry's file writes them — the fields stay in their order, a braced value stays braced and a quoted one
// quoted, `{{double braces}}` around a title stay, a bare year stays bare, names stay "Family, Given" when the entry
// writes them so, and accents are written in LaTeX ({\"u}) in a file that is otherwise plain ASCII.
import { bibtexValue } from '../bibtex/insert-field';
import type { EntryVerdict, FieldDifference, SourceRecord, VerifyEntry } from './types';
import { nameParts } from '../bibtex/names';

/** One field to set, in plain Unicode text (the record's value); `name` is the BibTeX field name, lower case. */
interface FieldChange {
  name: string;
  value: string;
}

interface EntrySpan {
  /** Offset of the entry's '@' in the file text. */
  start: number;
  /** Offset just past its closing brace. */
  end: number;
  /** The citation key and its offset, for a diagnostic's range. */
  key: string;
  keyStart: number;
}

/** A DOI or arXiv id that is the identifier of another work: the record is that other work's, never a fix. */
export function pointsToAnotherWork(diff: FieldDifference, record: SourceRecord | undefined): boolean {
  return (diff.field === 'doi' || diff.field === 'eprint') && !!record && diff.theirs === record.title;
}

/** Where the entry whose header is on `line` (1-based) lies in `text`; undefined when none starts there or it does not close. */
export function entrySpanAt(text: string, line: number): EntrySpan | undefined {
  let lineStart = 0;
  for (let l = 1; l < line; l++) {
    const newline = text.indexOf('\n', lineStart);
    if (newline < 0) return undefined;
    lineStart = newline + 1;
  }
  const at = text.indexOf('@', lineStart);
  const lineEnd = text.indexOf('\n', lineStart) < 0 ? text.length : text.indexOf('\n', lineStart);
  if (at < 0 || at > lineEnd) return undefined;
  return spanFrom(text, at);
}

const HEADER = /@\s*[a-zA-Z]+\s*([{(])\s*([^\s,})]+)/y;

/** The entry whose '@' is at `at`. */
function spanFrom(text: string, at: number): EntrySpan | undefined {
  HEADER.lastIndex = at;
  const m = HEADER.exec(text);
  if (!m) return undefined;
  const open = at + m[0].indexOf(m[1]);
  const end = closingOf(text, open, m[1] === '{' ? '}' : ')');
  if (end < 0) return undefined;
  return { start: at, end: end + 1, key: m[2], keyStart: at + m[0].length - m[2].length };
}

/** The offset of the character closing the entry opened at `open`, skipping braced and quoted values. */
function closingOf(text: string, open: number, closer: string): number {
  let depth = 0;
  let quoted = false;
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '{') depth++;
    else if (c === '}') {
      if (depth === 0 && closer === '}') return i;
      depth--;
    } else if (c === '"' && depth === 0) quoted = !quoted;
    else if (c === closer && depth === 0 && !quoted) return i;
  }
  return -1;
}

interface FieldSpan {
  name: string;
  /** Offsets of the whole value (delimiters included). */
  valueStart: number;
  valueEnd: number;
  style: 'braced' | 'double-braced' | 'quoted' | 'bare';
}

/** The fields of an entry's text ("@article{key, title = {…}, year = 2020}"), with where each value lies. */
function fieldsOf(entry: string): FieldSpan[] {
  const fields: FieldSpan[] = [];
  const name = /,\s*([a-zA-Z][\w:.+-]*)\s*=\s*/g;
  let m: RegExpExecArray | null;
  let from = 0;
  while (((name.lastIndex = from), (m = name.exec(entry)))) {
    const valueStart = m.index + m[0].length;
    let i = valueStart;
    let style: FieldSpan['style'] = 'bare';
    // A value is pieces joined by '#': {…}, "…", a number or a macro name.
    for (;;) {
      const c = entry[i];
      if (c === '{' || c === '"') {
        if (i === valueStart) style = c === '"' ? 'quoted' : /^\{\s*\{/.test(entry.slice(i)) ? 'double-braced' : 'braced';
        i = pieceEnd(entry, i);
      } else while (i < entry.length && /[^\s,#}]/.test(entry[i])) i++;
      let j = i;
      while (/\s/.test(entry[j] ?? '')) j++;
      if (entry[j] !== '#') break;
      style = 'bare';
      i = j + 1;
      while (/\s/.test(entry[i] ?? '')) i++;
    }
    if (style === 'double-braced' && !/\}\s*\}$/.test(entry.slice(valueStart, i))) style = 'braced';
    fields.push({ name: m[1].toLowerCase(), valueStart, valueEnd: i, style });
    from = i;
  }
  return fields;
}

function pieceEnd(text: string, open: number): number {
  if (text[open] === '"') {
    let depth = 0;
    for (let i = open + 1; i < text.length; i++) {
      if (text[i] === '\\') i++;
      else if (text[i] === '{') depth++;
      else if (text[i] === '}') depth--;
      else if (text[i] === '"' && depth === 0) return i + 1;
    }
    return text.length;
  }
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i + 1;
  }
  return text.length;
}

const ACCENTS: Record<string, string> = {
  '\u0300': '`', '\u0301': "'", '\u0302': '^', '\u0308': '"', '\u0303': '~', '\u0304': '=', '\u0307': '.',
  '\u030c': 'v', '\u0306': 'u', '\u030b': 'H', '\u0327': 'c', '\u0328': 'k',
};
const LETTERS: Record<string, string> = {
  ß: '{\\ss}', ø: '{\\o}', Ø: '{\\O}', æ: '{\\ae}', Æ: '{\\AE}', œ: '{\\oe}', Œ: '{\\OE}', å: '{\\aa}', Å: '{\\AA}',
  ł: '{\\l}', Ł: '{\\L}', ı: '{\\i}', '–': '--', '—': '---',
};

/** Unicode letters as LaTeX ("Schütze" → "Sch{\\\"u}tze"), for files written in ASCII; TeX specials escaped. */
export function latexEscaped(text: string): string {
  let out = '';
  for (const ch of bibtexValue(text).normalize('NFD').replace(/(.)([\u0300-\u036f]+)/gu, (_all, base: string, marks: string) => {
    let letter = base === 'i' ? '\\i' : base;
    for (const mark of marks) {
      const cmd = ACCENTS[mark];
      if (!cmd) return (base + marks).normalize('NFC');
      letter = /[a-zA-Z]/.test(cmd) ? `\\${cmd}{${letter}}` : `\\${cmd}${letter}`;
    }
    return `{${letter}}`;
  })) out += LETTERS[ch] ?? ch;
  return out;
}

/**
 * "Jane van der Berg" → "van der Berg, Jane": the family name with its lower-case particles first, as BibTeX writes
 * it; a generation suffix takes BibTeX's third part ("Guy L. Steele III" → "Steele, III, Guy L."), never the family's.
 * The parts are BibTeX's own (`nameParts`), so the name reads back as the same person: "van Gogh" stays "van Gogh".
 */
export function familyFirst(name: string): string {
  const trimmed = name.trim();
  if (trimmed.includes(',')) return trimmed;
  const { first, von, last, jr } = nameParts(trimmed);
  if (!first.length && !jr.length) return trimmed;
  return [[...von, ...last].join(' '), ...(jr.length ? [jr.join(' ')] : []), first.join(' ')].join(', ');
}

/** The changes that make the entry say what the record says, for the fields that differ (none for another work's DOI). */
export function changesFromVerdict(verdict: EntryVerdict, entry?: Pick<VerifyEntry, 'venueField'>): FieldChange[] {
  const record = verdict.record;
  if (verdict.verdict !== 'mismatch' || !record) return [];
  if (verdict.fields.some((f) => pointsToAnotherWork(f, record))) return [];
  const changes: FieldChange[] = [];
  for (const diff of verdict.fields) {
    if (diff.field === 'title' && record.title) changes.push({ name: 'title', value: record.title });
    else if (diff.field === 'authors' && record.authors.length) changes.push({ name: 'author', value: record.authors.join(' and ') });
    else if (diff.field === 'year' && record.year !== undefined) changes.push({ name: 'year', value: String(record.year) });
    else if (diff.field === 'venue' && record.venue) changes.push({ name: entry?.venueField ?? (record.venueKind === 'proceedings' ? 'booktitle' : 'journal'), value: record.venue });
    else if (diff.field === 'doi' && record.doi) changes.push({ name: 'doi', value: record.doi });
    else if (diff.field === 'eprint' && record.arxivId) changes.push({ name: 'eprint', value: record.arxivId });
  }
  return changes;
}

/**
 * The entry's text with the changes made. Example: `title = "Old",` with {title: "New"} → `title = "New",`.
 * A field the entry lacks is added after its last one, indented and aligned like it.
 */
export function rewriteEntryText(entry: string, changes: readonly FieldChange[]): string {
  const fields = fieldsOf(entry);
  const ascii = !/[^\x00-\x7f]/.test(entry);
  const familyFirstNames = fields.some((f) => f.name === 'author' && entry.slice(f.valueStart, f.valueEnd).includes(','));
  const encode = (change: FieldChange) => {
    const value = change.name === 'author' && familyFirstNames ? change.value.split(' and ').map(familyFirst).join(' and ') : change.value;
    return ascii ? latexEscaped(value) : bibtexValue(value);
  };
  const edits: { start: number; end: number; text: string }[] = [];
  const missing: FieldChange[] = [];
  for (const change of changes) {
    const field = fields.find((f) => f.name === change.name);
    if (!field) {
      missing.push(change);
      continue;
    }
    const value = encode(change);
    const text =
      field.style === 'quoted' ? `"${value.replace(/"/g, '{"}')}"`
      : field.style === 'double-braced' ? `{{${value}}}`
      : field.style === 'bare' && /^\d+$/.test(value) ? value
      : `{${value}}`;
    edits.push({ start: field.valueStart, end: field.valueEnd, text });
  }
  let out = entry;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  if (!missing.length) return out;
  // Added fields follow the last one, with its indentation and its '=' column.
  const last = [...out.matchAll(/\n([ \t]*)([a-zA-Z][\w:.+-]*)([ \t]*)=/g)].at(-1);
  const indent = last?.[1] ?? '  ';
  const width = last ? last[2].length + last[3].length - 1 : 0;
  let body = out.slice(0, out.length - 1).replace(/\s*$/, '');
  const closing = out.slice(body.length);
  const trailingComma = body.endsWith(',');
  if (trailingComma) body = body.slice(0, -1);
  for (const change of missing) body += `,\n${indent}${change.name.padEnd(width)} = {${encode(change)}}`;
  return body + (trailingComma ? ',' : '') + closing;
}

/**
 * Where the entries with these keys lie now (the file may have been edited since it was verified), in one pass over
 * the text: run on each edit of a .bib with flagged entries, it must stay cheap for a file of thousands of entries.
 */
export function entrySpansOfKeys(text: string, keys: ReadonlySet<string>): Map<string, EntrySpan> {
  const found = new Map<string, EntrySpan>();
  const header = /@\s*[a-zA-Z]+\s*[{(]\s*([^\s,})]+)/g;
  for (let m = header.exec(text); m && found.size < keys.size; m = header.exec(text)) {
    if (!keys.has(m[1]) || found.has(m[1])) continue;
    const span = spanFrom(text, m.index);
    if (span) found.set(m[1], span);
  }
  return found;
}

export function entrySpanOfKey(text: string, key: string): EntrySpan | undefined {
  return entrySpansOfKeys(text, new Set([key])).get(key);
}
