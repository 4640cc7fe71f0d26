// The BibTeX parser's lowest layer: the text and a position in it, BibTeX's character classes, line numbers for
// offsets, the diagnostics collected so far, and the moves every construct shares (skip blanks, read a name, find
// where a group or the next entry starts). parser.ts builds on it; nothing here knows what an entry is.
import { LineIndex } from '../text/line-index';

export interface BibError {
  file?: string;
  /** 1-based line. */
  line: number;
  message: string;
  /** 'error': the entry (or @string) was dropped; 'warning': it was kept but something is off; 'info': a note. */
  severity: 'error' | 'warning' | 'info';
}

export const enum Ch {
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
export function isIdentChar(c: number): boolean {
  return c >= 128 || (c > 32 && NOT_IDENT[c] === 0);
}
export function isWs(c: number): boolean {
  return c === Ch.Space || c === Ch.Nl || c === Ch.Tab || c === Ch.Cr || c === 12 || c === 11 || c === 0xa0 || c === 0xfeff;
}
function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** A construct that cannot be read: it costs its own entry, which the parser reports at `offset` and skips. */
export class BibSyntaxError extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

export class BibScanner {
  protected readonly s: string;
  protected readonly n: number;
  protected pos = 0;
  protected readonly errors: BibError[] = [];
  // Line lookup is incremental: offsets are mostly asked for in increasing order.
  private lineOffset = 0;
  private lineNumber = 1;
  private lineIndex?: LineIndex;

  constructor(
    input: string,
    protected readonly file?: string,
  ) {
    this.s = input.charCodeAt(0) === 0xfeff ? ' ' + input.slice(1) : input;
    this.n = this.s.length;
  }

  protected report(offset: number, message: string, severity: BibError['severity']): void {
    const error: BibError = { line: this.lineAt(offset), message, severity };
    if (this.file !== undefined) error.file = this.file;
    this.errors.push(error);
  }

  protected reportAtLine(line: number, message: string): void {
    const error: BibError = { line, message, severity: 'warning' };
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

  /**
   * Backward lookups (rare: errors found after their entry's later lines) binary-search a table of line starts, built
   * on the first of them only: most files have none, and building it costs a pass over the whole text.
   */
  private lineAtByIndex(offset: number): number {
    this.lineIndex ??= new LineIndex(this.s);
    return this.lineIndex.lineOf(offset) + 1;
  }

  /** True when a '%' precedes `offset` on its line: `%@article{…}` is a commented-out entry. */
  protected commentedOut(offset: number): boolean {
    const s = this.s;
    for (let i = offset - 1; i >= 0; i--) {
      const c = s.charCodeAt(i);
      if (c === Ch.Nl) return false;
      if (c === Ch.Percent && s.charCodeAt(i - 1) !== 92) return true;
    }
    return false;
  }

  /** Offset of the next '@' that is the first non-blank character of its line (or the end). */
  protected nextEntryStart(from: number): number {
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
  protected entryStartsAt(lineStart: number): boolean {
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

  protected skipWs(): void {
    const s = this.s;
    while (this.pos < this.n && isWs(s.charCodeAt(this.pos))) this.pos++;
  }

  protected readIdent(): string {
    const s = this.s;
    const start = this.pos;
    while (this.pos < this.n && isIdentChar(s.charCodeAt(this.pos))) this.pos++;
    return s.slice(start, this.pos);
  }

  /** Index after the group opened at `open` (a '{' or '('), or -1 when it never closes. */
  protected balancedEnd(open: number, stopAtEntry: boolean): number {
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

  protected expect(code: number, message: string): void {
    if (this.s.charCodeAt(this.pos) !== code) throw new BibSyntaxError(this.pos, message + this.found());
    this.pos++;
  }

  /** ", found 'x'" (or the end of the file), for a message about what was expected here. */
  protected found(): string {
    if (this.pos >= this.n) return ', found the end of the file';
    const c = this.s[this.pos];
    return `, found '${c === '\n' ? '\\n' : c}'`;
  }
}
