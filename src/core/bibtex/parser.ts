// A single-pass BibTeX tokenizer. Chosen by measurement over @retorquere/bibtex-parser (11–14 s on tugboat.bib)
// and latex-utensils (1.3 s): this one only finds entries, fields and macros, and leaves LaTeX→Unicode to the
// fields someone asks for (see entry.ts). A syntax error costs only its own entry: the scanner resyncs at the next
// '@' that starts a line. This file reads the file's constructs (entries, @preamble, @comment) and is the module the
// rest of the code imports; below it, in layers: values.ts (field values and @string macros) extends scanner.ts
// (position, lines, diagnostics, BibTeX's characters), and inheritance.ts fills crossref/xdata fields at the end.
import { BibEntry } from './entry';
import { resolveInheritance } from './inheritance';
import { BibSyntaxError, Ch, isWs, type BibError } from './scanner';
import { BibValueReader, type ExternalMacro } from './values';

export type { BibError } from './scanner';
export type { ExternalMacro } from './values';

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

interface ParseOptions {
  /** Macros from other files, by lower-case name; the file's own definitions take precedence. */
  macros?: ReadonlyMap<string, ExternalMacro>;
}

function baseName(file: string): string {
  return file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
}

export function parseBibtex(input: string, fileName?: string, options: ParseOptions = {}): BibParseResult {
  return new BibParser(input, fileName, options.macros).parse();
}

class BibParser extends BibValueReader {
  private readonly entries: BibEntry[] = [];
  private readonly xdata = new Map<string, BibEntry>();
  private readonly preambles: string[] = [];
  private readonly duplicates: BibDuplicate[] = [];
  private readonly firstLineOfKey = new Map<string, number>();

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
        if (!(err instanceof BibSyntaxError)) throw err;
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
    resolveInheritance(this.entries, this.xdata, (line, message) => this.reportAtLine(line, message));
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

  /** @comment{…}: skipped as a balanced group; unbalanced, it is treated as free text (BibTeX's own behaviour). */
  private skipComment(): void {
    const end = this.balancedEnd(this.pos, false);
    if (end >= 0) this.pos = end;
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
      if (!(err instanceof BibSyntaxError) || end < 0) throw err;
      this.errors.length = errorCount; // warnings from the failed attempt do not apply
      this.preambles.push(this.s.slice(openedAt + 1, end - 1).trim());
      this.pos = end;
    }
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
      throw new BibSyntaxError(keyStart, `entry has no citation key, so it cannot be cited (add a key after '@${type}${String.fromCharCode(open)}')`);
    }
    const fields: Record<string, string> = Object.create(null);
    for (;;) {
      this.skipWs();
      const c = s.charCodeAt(this.pos);
      if (c === close) {
        this.pos++;
        break;
      }
      if (this.pos >= this.n) throw new BibSyntaxError(at, `entry '${key}' is not closed before the end of the file`);
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
        throw new BibSyntaxError(this.pos, `expected a field name or '${String.fromCharCode(close)}'` + this.found());
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
      if (this.pos >= this.n) throw new BibSyntaxError(at, `entry '${key}' is not closed before the end of the file`);
      if (next !== Ch.Comma && next !== close) {
        throw new BibSyntaxError(this.pos, `expected ',' or '${String.fromCharCode(close)}' after the value of '${lower}'` + this.found());
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
}
