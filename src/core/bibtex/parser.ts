// A single-pass BibTeX tokenizer. Chosen by measurement over @retorquere/bibtex-parser (11–14 s on tugboat.bib)
// and latex-utensils (1.3 s): this one only finds entries, fields and macros, and leaves LaTeX→Unicode to the
// fields someone asks for (see entry.ts). A syntax error costs only its own entry: the scanner resyncs at the next
// '@' that starts a line.
import { BibEntry, splitKeyList } from './entry';
import { MAX_CONVERSION_DEPTH } from './latex';

/** BibTeX allows one level of crossref; biber a few. Beyond this a chain is generated or hostile. */
const MAX_INHERITANCE_DEPTH = 32;

export interface BibError {
  file?: string;
  /** 1-based line. */
  line: number;
  message: string;
  /** 'error': the entry (or @string) was dropped; 'warning': it was kept but something is off; 'info': a note. */
  severity: 'error' | 'warning' | 'info';
}

export interface BibDuplicate {
  key: string;
  file?: string;
  /** Line of the repeated entry (dropped: BibTeX and biber keep the first). */
  line: number;
  /** Line of the entry that was kept. */
  firstLine: number;
}

export interface BibParseResult {
  /** Citable entries in file order (the first of duplicate keys; @xdata containers excluded). */
  entries: BibEntry[];
  /** @string macros by lower-case name, including the predefined month macros. */
  strings: Record<string, string>;
  /** The @string macros this file defines itself (lower-case name → value), for the files after it. */
  ownStrings: Record<string, string>;
  /** Lower-case names the file uses that it does not define (before their use) nor are predefined. */
  neededMacros: string[];
  preambles: string[];
  errors: BibError[];
  duplicates: BibDuplicate[];
}

const MONTHS: Record<string, string> = {
  jan: 'January', feb: 'February', mar: 'March', apr: 'April', may: 'May', jun: 'June',
  jul: 'July', aug: 'August', sep: 'September', oct: 'October', nov: 'November', dec: 'December',
};

const enum Ch {
  Tab = 9,
  Nl = 10,
  Cr = 13,
  Space = 32,
  Quote = 34,
  Hash = 35,
  Percent = 37,
  Apos = 39,
  LParen = 40,
  RParen = 41,
  Comma = 44,
  Eq = 61,
  At = 64,
  LBrace = 123,
  RBrace = 125,
}

/** BibTeX's identifier rule: anything printable except whitespace and `"#%'(),={}`. */
const NOT_IDENT = new Uint8Array(128);
for (const c of ' \t\n\r\f\v"#%\'(),={}') NOT_IDENT[c.charCodeAt(0)] = 1;
function isIdentChar(c: number): boolean {
  return c >= 128 || (c > 32 && NOT_IDENT[c] === 0);
}
function isWs(c: number): boolean {
  return c === Ch.Space || c === Ch.Nl || c === Ch.Tab || c === Ch.Cr || c === 12 || c === 11 || c === 0xa0 || c === 0xfeff;
}

const BRACED_VALUE_STOPS = /[{}\n]/g;
const QUOTED_VALUE_STOPS = /[{}"\n]/g;

class SyntaxError extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

/** Fields that must never be copied from a crossref parent (biblatex's defaults). */
const NOT_INHERITED = new Set([
  'ids', 'crossref', 'xref', 'xdata', 'entryset', 'entrysubtype', 'execute', 'label', 'options', 'presort',
  'related', 'relatedoptions', 'relatedstring', 'relatedtype', 'shorthand', 'shorthandintro', 'sortkey',
]);
const CONTAINER_TYPES = new Set(['book', 'mvbook', 'collection', 'mvcollection', 'proceedings', 'mvproceedings', 'reference', 'mvreference']);
const CONTAINED_TYPES = new Set(['inbook', 'bookinbook', 'suppbook', 'incollection', 'suppcollection', 'inproceedings', 'conference', 'inreference']);

/** A macro another .bib file defines, offered to the file being parsed. */
export interface ExternalMacro {
  value: string;
  /** The file that defines it. */
  file: string;
  /**
   * True when a document lists that file before this one (`\bibliography{a,b}`): BibTeX and biber see a's @strings
   * in b, so using them is normal. False when the two files only happen to be indexed together: the value is used,
   * with a note, since such a file does not stand on its own.
   */
  listed: boolean;
}

export interface ParseOptions {
  /** Macros from other files, by lower-case name; the file's own definitions take precedence. */
  macros?: ReadonlyMap<string, ExternalMacro>;
}

function baseName(file: string): string {
  return file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
}

export function parseBibtex(input: string, fileName?: string, options: ParseOptions = {}): BibParseResult {
  return new BibParser(input, fileName, options.macros).parse();
}

class BibParser {
  private readonly s: string;
  private readonly n: number;
  private pos = 0;
  private readonly strings: Record<string, string> = Object.assign(Object.create(null), MONTHS);
  private readonly entries: BibEntry[] = [];
  private readonly xdata = new Map<string, BibEntry>();
  private readonly preambles: string[] = [];
  private readonly errors: BibError[] = [];
  private readonly duplicates: BibDuplicate[] = [];
  private readonly firstLineOfKey = new Map<string, number>();
  private readonly ownStrings: Record<string, string> = Object.create(null);
  private readonly needed = new Set<string>();
  /** Macros taken from files no document lists with this one: one note at the end names them. */
  private readonly unlistedUses = new Map<string, string>();
  // Line lookup is incremental: offsets are mostly asked for in increasing order.
  private lineOffset = 0;
  private lineNumber = 1;

  constructor(
    input: string,
    private readonly file?: string,
    private readonly external?: ReadonlyMap<string, ExternalMacro>,
  ) {
    this.s = input.charCodeAt(0) === 0xfeff ? ' ' + input.slice(1) : input;
    this.n = this.s.length;
  }

  parse(): BibParseResult {
    const s = this.s;
    while (this.pos < this.n) {
      const at = s.indexOf('@', this.pos);
      if (at < 0) break;
      this.pos = at + 1;
      if (this.commentedOut(at)) continue;
      this.skipWs();
      const type = this.readIdent();
      if (!type) continue; // a stray '@' in free text (an e-mail address)
      this.skipWs();
      const open = s.charCodeAt(this.pos);
      if (open !== Ch.LBrace && open !== Ch.LParen) continue; // '@' in free text, not an entry
      const kind = type.toLowerCase();
      try {
        if (kind === 'comment') this.skipComment();
        else if (kind === 'preamble') this.parsePreamble(open);
        else if (kind === 'string') this.parseString(open, at);
        else this.parseEntry(kind, open, at);
      } catch (err) {
        if (!(err instanceof SyntaxError)) throw err;
        // Running into the next entry means the broken one never closed: the fault lies somewhere in it, so the
        // diagnostic goes on the entry's first line (the one the user loses), not on the innocent next entry.
        const ranIntoNextEntry = s.charCodeAt(err.offset) === Ch.At && this.lineAt(err.offset) !== this.lineAt(at);
        if (ranIntoNextEntry) {
          this.report(at, `${err.message} on line ${this.lineAt(err.offset)}: this @${type} entry is not closed (an unbalanced brace or quote?)`, 'error');
        } else {
          this.report(err.offset, `${err.message} (in @${type} starting on line ${this.lineAt(at)})`, 'error');
        }
        this.pos = this.nextEntryStart(at + 1);
      }
    }
    this.resolveInheritance();
    if (this.unlistedUses.size) {
      const names = [...this.unlistedUses].map(([name, file]) => `'${name}' (${baseName(file)})`);
      const error: BibError = {
        line: 1,
        message: `@string macros this file uses but does not define were taken from other indexed files that no document lists with it: ${names.join(', ')}`,
        severity: 'info',
      };
      if (this.file !== undefined) error.file = this.file;
      this.errors.push(error);
    }
    return {
      entries: this.entries,
      strings: { ...this.strings },
      ownStrings: { ...this.ownStrings },
      neededMacros: [...this.needed],
      preambles: this.preambles,
      errors: this.errors.sort((a, b) => a.line - b.line),
      duplicates: this.duplicates,
    };
  }

  private report(offset: number, message: string, severity: BibError['severity']): void {
    const error: BibError = { line: this.lineAt(offset), message, severity };
    if (this.file !== undefined) error.file = this.file;
    this.errors.push(error);
  }

  lineAt(offset: number): number {
    if (offset < this.lineOffset) return this.lineAtByIndex(offset);
    const s = this.s;
    let line = this.lineNumber;
    let i = s.indexOf('\n', this.lineOffset);
    while (i >= 0 && i < offset) {
      line++;
      i = s.indexOf('\n', i + 1);
    }
    this.lineOffset = offset;
    this.lineNumber = line;
    return line;
  }

  private lineStarts?: Int32Array;

  /** Backward lookups (rare: errors found after their entry's later lines) binary-search a table of line starts. */
  private lineAtByIndex(offset: number): number {
    if (!this.lineStarts) {
      const starts = [0];
      for (let i = this.s.indexOf('\n'); i >= 0; i = this.s.indexOf('\n', i + 1)) starts.push(i + 1);
      this.lineStarts = Int32Array.from(starts);
    }
    const starts = this.lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  /** True when a '%' precedes `offset` on its line: `%@article{…}` is a commented-out entry. */
  private commentedOut(offset: number): boolean {
    const s = this.s;
    for (let i = offset - 1; i >= 0; i--) {
      const c = s.charCodeAt(i);
      if (c === Ch.Nl) return false;
      if (c === Ch.Percent && s.charCodeAt(i - 1) !== 92) return true;
    }
    return false;
  }

  /** Offset of the next '@' that is the first non-blank character of its line (or the end). */
  private nextEntryStart(from: number): number {
    const s = this.s;
    let i = from;
    for (;;) {
      const nl = s.indexOf('\n', i);
      if (nl < 0) return this.n;
      let j = nl + 1;
      while (j < this.n && (s.charCodeAt(j) === Ch.Space || s.charCodeAt(j) === Ch.Tab || s.charCodeAt(j) === Ch.Cr)) j++;
      if (s.charCodeAt(j) === Ch.At) return j;
      i = j;
    }
  }

  /** True when a line starting at `lineStart` opens a new entry: `@type{` or `@type(`. */
  private entryStartsAt(lineStart: number): boolean {
    const s = this.s;
    let j = lineStart;
    while (j < this.n && (s.charCodeAt(j) === Ch.Space || s.charCodeAt(j) === Ch.Tab || s.charCodeAt(j) === Ch.Cr)) j++;
    if (s.charCodeAt(j) !== Ch.At) return false;
    j++;
    const identStart = j;
    while (j < this.n && isLetter(s.charCodeAt(j))) j++;
    if (j === identStart) return false;
    while (j < this.n && (s.charCodeAt(j) === Ch.Space || s.charCodeAt(j) === Ch.Tab)) j++;
    const c = s.charCodeAt(j);
    return c === Ch.LBrace || c === Ch.LParen;
  }

  private skipWs(): void {
    const s = this.s;
    while (this.pos < this.n && isWs(s.charCodeAt(this.pos))) this.pos++;
  }

  private readIdent(): string {
    const s = this.s;
    const start = this.pos;
    while (this.pos < this.n && isIdentChar(s.charCodeAt(this.pos))) this.pos++;
    return s.slice(start, this.pos);
  }

  /** @comment{…}: skipped as a balanced group; unbalanced, it is treated as free text (BibTeX's own behaviour). */
  private skipComment(): void {
    const end = this.balancedEnd(this.pos, false);
    if (end >= 0) this.pos = end;
  }

  /** Index after the group opened at `open` (a '{' or '('), or -1 when it never closes. */
  private balancedEnd(open: number, stopAtEntry: boolean): number {
    const s = this.s;
    const closeCode = s.charCodeAt(open) === Ch.LParen ? Ch.RParen : Ch.RBrace;
    let depth = 0;
    for (let i = open; i < this.n; i++) {
      const c = s.charCodeAt(i);
      if (c === Ch.LBrace || (closeCode === Ch.RParen && c === Ch.LParen)) depth++;
      else if (c === closeCode || (closeCode === Ch.RParen && c === Ch.RBrace)) {
        if (--depth === 0 && c === closeCode) return i + 1;
      } else if (stopAtEntry && c === Ch.Nl && this.entryStartsAt(i + 1)) return -1;
    }
    return -1;
  }

  private parsePreamble(open: number): void {
    const close = open === Ch.LBrace ? Ch.RBrace : Ch.RParen;
    const openedAt = this.pos;
    const errorCount = this.errors.length;
    this.pos++;
    this.skipWs();
    try {
      const value = this.parseValue();
      this.skipWs();
      this.expect(close, `expected '${String.fromCharCode(close)}' to close @preamble`);
      this.preambles.push(value);
    } catch (err) {
      // `@preamble{ \newcommand… }` without quotes is common (biber accepts it): keep the raw content.
      const end = this.balancedEnd(openedAt, true);
      if (!(err instanceof SyntaxError) || end < 0) throw err;
      this.errors.length = errorCount; // warnings from the failed attempt do not apply
      this.preambles.push(this.s.slice(openedAt + 1, end - 1).trim());
      this.pos = end;
    }
  }

  private parseString(open: number, at: number): void {
    const close = open === Ch.LBrace ? Ch.RBrace : Ch.RParen;
    this.pos++;
    for (;;) {
      this.skipWs();
      const c = this.s.charCodeAt(this.pos);
      if (c === close) {
        this.pos++;
        return;
      }
      if (c === Ch.Comma) {
        this.pos++;
        continue;
      }
      const nameStart = this.pos;
      const name = this.readIdent();
      if (!name) throw new SyntaxError(this.pos, `expected a macro name in @string`);
      this.skipWs();
      this.expect(Ch.Eq, `expected '=' after @string name '${name}'`);
      this.skipWs();
      const value = this.parseValue();
      const lower = name.toLowerCase();
      if (lower in this.strings && !(lower in MONTHS)) {
        this.report(nameStart, `@string '${name}' redefined (the later definition is used)`, 'warning');
      }
      this.strings[lower] = value;
      this.ownStrings[lower] = value;
      if (this.pos >= this.n) throw new SyntaxError(at, `@string is not closed`);
    }
  }

  private expect(code: number, message: string): void {
    if (this.s.charCodeAt(this.pos) !== code) throw new SyntaxError(this.pos, message + this.found());
    this.pos++;
  }

  private found(): string {
    if (this.pos >= this.n) return ', found the end of the file';
    const c = this.s[this.pos];
    return `, found '${c === '\n' ? '\\n' : c}'`;
  }

  private parseEntry(type: string, open: number, at: number): void {
    const s = this.s;
    const close = open === Ch.LBrace ? Ch.RBrace : Ch.RParen;
    const line = this.lineAt(at);
    this.pos++;
    this.skipWs();
    // Keys may contain almost anything but a comma, whitespace or the closing delimiter.
    const keyStart = this.pos;
    while (this.pos < this.n) {
      const c = s.charCodeAt(this.pos);
      if (c === Ch.Comma || isWs(c) || c === close || c === Ch.LBrace || c === Ch.RBrace || c === Ch.Eq) break;
      this.pos++;
    }
    const key = s.slice(keyStart, this.pos);
    this.skipWs();
    if (!key || s.charCodeAt(this.pos) === Ch.Eq) {
      throw new SyntaxError(keyStart, `entry has no citation key, so it cannot be cited (add a key after '@${type}${String.fromCharCode(open)}')`);
    }
    const fields: Record<string, string> = Object.create(null);
    for (;;) {
      this.skipWs();
      const c = s.charCodeAt(this.pos);
      if (c === close) {
        this.pos++;
        break;
      }
      if (this.pos >= this.n) throw new SyntaxError(at, `entry '${key}' is not closed before the end of the file`);
      if (c === Ch.Comma) {
        this.pos++;
        continue;
      }
      if (c === Ch.Percent) {
        // A commented-out field line (JabRef and hand-edited files have them); BibTeX would choke, biber skips it.
        const eol = s.indexOf('\n', this.pos);
        this.pos = eol < 0 ? this.n : eol + 1;
        continue;
      }
      const nameStart = this.pos;
      const name = this.readIdent();
      if (!name) {
        throw new SyntaxError(this.pos, `expected a field name or '${String.fromCharCode(close)}'` + this.found());
      }
      this.skipWs();
      this.expect(Ch.Eq, `expected '=' after field name '${name}'`);
      this.skipWs();
      const value = this.parseValue();
      const lower = name.toLowerCase();
      if (lower in fields) {
        this.report(nameStart, `field '${lower}' repeated in entry '${key}' (the first value is used)`, 'warning');
      } else {
        fields[lower] = value;
      }
      this.skipWs();
      const next = s.charCodeAt(this.pos);
      if (this.pos >= this.n) throw new SyntaxError(at, `entry '${key}' is not closed before the end of the file`);
      if (next !== Ch.Comma && next !== close) {
        throw new SyntaxError(this.pos, `expected ',' or '${String.fromCharCode(close)}' after the value of '${lower}'` + this.found());
      }
    }

    const entry = new BibEntry(key, type, line, fields, this.file);
    if (type === 'xdata') {
      if (!this.xdata.has(key)) this.xdata.set(key, entry);
      return;
    }
    const firstLine = this.firstLineOfKey.get(key);
    if (firstLine !== undefined) {
      const dup: BibDuplicate = { key, line, firstLine };
      if (this.file !== undefined) dup.file = this.file;
      this.duplicates.push(dup);
      this.report(at, `duplicate key '${key}' (first defined on line ${firstLine}; this entry is ignored)`, 'warning');
      return;
    }
    this.firstLineOfKey.set(key, line);
    this.entries.push(entry);
  }

  /** A field value: pieces joined with '#' — {braced}, "quoted", 1984, or a macro name. */
  private parseValue(): string {
    const s = this.s;
    let value = '';
    for (;;) {
      const c = s.charCodeAt(this.pos);
      if (c === Ch.LBrace) {
        const start = this.pos;
        const end = this.delimitedEnd(start + 1, Ch.RBrace, start);
        value += s.slice(start + 1, end);
        this.pos = end + 1;
      } else if (c === Ch.Quote) {
        const start = this.pos;
        const end = this.delimitedEnd(start + 1, Ch.Quote, start);
        value += s.slice(start + 1, end);
        this.pos = end + 1;
      } else if (c >= 48 && c <= 57) {
        const start = this.pos;
        while (this.pos < this.n && isIdentChar(s.charCodeAt(this.pos))) this.pos++;
        value += s.slice(start, this.pos);
      } else if (this.pos < this.n && isIdentChar(c)) {
        const start = this.pos;
        const name = this.readIdent();
        const lower = name.toLowerCase();
        const expansion = this.strings[lower];
        if (expansion !== undefined) {
          value += expansion;
        } else {
          this.needed.add(lower);
          const outside = this.external?.get(lower);
          if (outside) {
            value += outside.value;
            if (!outside.listed && !this.unlistedUses.has(lower)) this.unlistedUses.set(lower, outside.file);
          } else {
            this.report(start, `undefined @string macro '${name}' (its name is used as the value)`, 'warning');
            value += name;
          }
        }
      } else {
        throw new SyntaxError(this.pos, `expected a value` + this.found());
      }
      this.skipWs();
      if (s.charCodeAt(this.pos) !== Ch.Hash) return value;
      this.pos++;
      this.skipWs();
    }
  }

  /**
   * Index of the delimiter closing a {…} or "…" value that starts at `from` (inside the opening delimiter).
   * Braces nest (BibTeX counts every brace, escaped or not). A line that starts a new entry ends the search: an
   * unbalanced brace then costs one entry instead of swallowing the rest of the file.
   */
  private delimitedEnd(from: number, closer: number, openedAt: number): number {
    const s = this.s;
    // A native regex scan jumps over the plain text between the few characters that matter.
    const scan = closer === Ch.Quote ? QUOTED_VALUE_STOPS : BRACED_VALUE_STOPS;
    scan.lastIndex = from;
    let depth = 0;
    let toldTooDeep = false;
    for (let m = scan.exec(s); m !== null; m = scan.exec(s)) {
      const i = m.index;
      const c = s.charCodeAt(i);
      if (c === Ch.LBrace) {
        if (++depth > MAX_CONVERSION_DEPTH && !toldTooDeep) {
          toldTooDeep = true;
          this.report(openedAt, `value nested more than ${MAX_CONVERSION_DEPTH} braces deep: its LaTeX below that depth is kept as plain text`, 'warning');
        }
      }
      else if (c === Ch.RBrace) {
        if (depth === 0) {
          if (closer === Ch.RBrace) return i;
          throw new SyntaxError(i, `unbalanced '}' in a quoted value`);
        }
        depth--;
      } else if (c === Ch.Quote) {
        if (depth === 0) return i;
      } else if (this.entryStartsAt(i + 1)) {
        throw new SyntaxError(openedAt, `value is not closed (missing '${closer === Ch.Quote ? '"' : '}'}' before the next entry)`);
      }
    }
    throw new SyntaxError(openedAt, `value is not closed before the end of the file`);
  }

  /** crossref and xdata: copy missing fields from the parent, the way biblatex does for the common cases. */
  private resolveInheritance(): void {
    const byKey = new Map<string, BibEntry>();
    const byLowerKey = new Map<string, BibEntry>();
    for (const e of this.entries) {
      byKey.set(e.key, e);
      if (!byLowerKey.has(e.key.toLowerCase())) byLowerKey.set(e.key.toLowerCase(), e);
    }
    for (const e of this.entries) {
      for (const alias of e.ids) if (!byKey.has(alias)) byKey.set(alias, e);
    }
    const find = (key: string) => byKey.get(key) ?? byLowerKey.get(key.toLowerCase());
    const done = new Set<BibEntry>();
    let toldChain = false;

    const resolve = (entry: BibEntry, trail: Set<BibEntry>): void => {
      if (done.has(entry)) return;
      if (trail.has(entry)) {
        this.reportAtLine(entry.line, `circular crossref/xdata involving '${entry.key}'`);
        return;
      }
      if (trail.size >= MAX_INHERITANCE_DEPTH) {
        // A chain thousands long (generated or hostile) would overflow the stack and cost the whole file. Said once.
        if (!toldChain) this.reportAtLine(entry.line, `crossref/xdata chain longer than ${MAX_INHERITANCE_DEPTH} at '${entry.key}': entries this deep inherit nothing further`);
        toldChain = true;
        done.add(entry);
        return;
      }
      trail.add(entry);
      for (const xkey of splitKeyList(entry.fields.xdata)) {
        const parent = this.xdata.get(xkey) ?? find(xkey);
        if (!parent) {
          this.reportAtLine(entry.line, `xdata '${xkey}' of '${entry.key}' not found`);
          continue;
        }
        resolve(parent, trail);
        for (const [name, value] of Object.entries(parent.fields)) {
          if (name === 'xdata' || name in entry.fields) continue;
          entry.inherit(name, value);
        }
      }
      const crossref = entry.fields.crossref?.replace(/[{}]/g, '').trim();
      if (crossref) {
        const parent = find(crossref);
        if (!parent) {
          this.reportAtLine(entry.line, `crossref '${crossref}' of '${entry.key}' not found`);
        } else if (parent !== entry) {
          resolve(parent, trail);
          inheritFromCrossref(entry, parent);
        }
      }
      trail.delete(entry);
      done.add(entry);
    };
    for (const xd of this.xdata.values()) resolve(xd, new Set());
    for (const e of this.entries) resolve(e, new Set());
  }

  private reportAtLine(line: number, message: string): void {
    const error: BibError = { line, message, severity: 'warning' };
    if (this.file !== undefined) error.file = this.file;
    this.errors.push(error);
  }
}

function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function inheritFromCrossref(child: BibEntry, parent: BibEntry): void {
  const mapsTitle = CONTAINED_TYPES.has(child.type) && CONTAINER_TYPES.has(parent.type);
  const periodical = child.type === 'article' && parent.type === 'periodical';
  for (const [name, value] of Object.entries(parent.fields)) {
    if (NOT_INHERITED.has(name)) continue;
    let target = name;
    if (mapsTitle && (name === 'title' || name === 'subtitle' || name === 'titleaddon')) target = 'book' + name;
    else if (periodical && (name === 'title' || name === 'subtitle')) target = 'journal' + name;
    if (target in child.fields) continue;
    child.inherit(target, value);
  }
}
