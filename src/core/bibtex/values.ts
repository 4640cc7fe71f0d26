// Field values and the @string macros they use: `{braced}`, `"quoted"`, 1984 and macro names joined with '#',
// each macro expanded from this file's @strings, the month names, or another file's (see ExternalMacro).
import { MAX_CONVERSION_DEPTH } from './latex';
import { BibScanner, BibSyntaxError, Ch, isIdentChar } from './scanner';

const MONTHS: Record<string, string> = {
  jan: 'January', feb: 'February', mar: 'March', apr: 'April', may: 'May', jun: 'June',
  jul: 'July', aug: 'August', sep: 'September', oct: 'October', nov: 'November', dec: 'December',
};

const BRACED_VALUE_STOPS = /[{}\n]/g;
const QUOTED_VALUE_STOPS = /[{}"\n]/g;

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

export class BibValueReader extends BibScanner {
  protected readonly strings: Record<string, string> = Object.assign(Object.create(null), MONTHS);
  protected readonly ownStrings: Record<string, string> = Object.create(null);
  protected readonly needed = new Set<string>();
  /** Macros taken from files no document lists with this one: one note at the end names them. */
  protected readonly unlistedUses = new Map<string, string>();

  constructor(
    input: string,
    file?: string,
    private readonly external?: ReadonlyMap<string, ExternalMacro>,
  ) {
    super(input, file);
  }

  /** `@string{name = value, …}` (or with parentheses): each macro defined for the rest of the file. */
  protected parseString(open: number, at: number): void {
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
      if (!name) throw new BibSyntaxError(this.pos, `expected a macro name in @string`);
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
      if (this.pos >= this.n) throw new BibSyntaxError(at, `@string is not closed`);
    }
  }

  /** A field value: pieces joined with '#' — {braced}, "quoted", 1984, or a macro name. */
  protected parseValue(): string {
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
        value += this.macroValue();
      } else {
        throw new BibSyntaxError(this.pos, `expected a value` + this.found());
      }
      this.skipWs();
      if (s.charCodeAt(this.pos) !== Ch.Hash) return value;
      this.pos++;
      this.skipWs();
    }
  }

  /** The macro name at the position, expanded; an undefined one stands for itself, with a warning. */
  private macroValue(): string {
    const start = this.pos;
    const name = this.readIdent();
    const lower = name.toLowerCase();
    const expansion = this.strings[lower];
    if (expansion !== undefined) return expansion;
    this.needed.add(lower);
    const outside = this.external?.get(lower);
    if (outside) {
      if (!outside.listed && !this.unlistedUses.has(lower)) this.unlistedUses.set(lower, outside.file);
      return outside.value;
    }
    this.report(start, `undefined @string macro '${name}' (its name is used as the value)`, 'warning');
    return name;
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
          this.report(
            openedAt,
            `value nested more than ${MAX_CONVERSION_DEPTH} braces deep: its LaTeX below that depth is kept as plain text`,
            'warning',
          );
        }
      } else if (c === Ch.RBrace) {
        if (depth === 0) {
          if (closer === Ch.RBrace) return i;
          throw new BibSyntaxError(i, `unbalanced '}' in a quoted value`);
        }
        depth--;
      } else if (c === Ch.Quote) {
        if (depth === 0) return i;
      } else if (this.entryStartsAt(i + 1)) {
        throw new BibSyntaxError(openedAt, `value is not closed (missing '${closer === Ch.Quote ? '"' : '}'}' before the next entry)`);
      }
    }
    throw new BibSyntaxError(openedAt, `value is not closed before the end of the file`);
  }
}
