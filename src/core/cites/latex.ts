// LaTeX cite commands: every macro whose name contains "cite" (LaTeX Workshop's rule: \\[a-zA-Z]*[Cc]ite[a-zA-Z]*),
// with its star, optional arguments — natbib/biblatex [pre][post], apacite <prefix>, biblatex multicite (pre)(post) —
// and its key group(s). Multicite commands (\cites, \parencites, \textcites, …) take several [..][..]{keys} groups.
// Comments (% … end of line) are skipped, also inside a key group, so keys can be spread over lines.
import type { CiteCommand, CiteKey } from './types';

/** Macros that contain "cite" but do not cite keys. */
const NOT_CITING = new Set([
  'citestyle',
  'setcitestyle',
  'defcitealias',
  'DeclareCiteCommand',
  'DeclareMultiCiteCommand',
  'DeclareAutoCiteCommand',
  'citesetup',
  'citereset',
  'citetrackerfalse',
  'citetrackertrue',
]);

/** Environments whose content is not LaTeX, so cites written there are examples, not citations. */
const VERBATIM_ENVIRONMENTS = new Set(['verbatim', 'verbatim*', 'Verbatim', 'lstlisting', 'minted', 'comment']);

function isLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function isWhitespace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 12;
}

export function isCiteCommandName(name: string): boolean {
  return /^[a-zA-Z]*[Cc]ite[a-zA-Z]*$/.test(name) && !NOT_CITING.has(name);
}

/** biblatex multicite commands end in "cites" (\cites, \Parencites, \footcitetexts is "citetexts"). */
function isMulticite(name: string): boolean {
  return /cites$/.test(name) || /citetexts$/.test(name);
}

interface LatexScanOptions {
  /** Treat % as a comment start (true for .tex; false for raw LaTeX inside Markdown). */
  comments: boolean;
}

class LatexCiteScanner {
  private pos = 0;

  constructor(
    private readonly text: string,
    private readonly options: LatexScanOptions,
  ) {}

  private code(i: number): number {
    return i < this.text.length ? this.text.charCodeAt(i) : -1;
  }

  /** Offset just past the end of the line that contains `i` (past its line break). */
  private endOfLine(i: number): number {
    const nl = this.text.indexOf('\n', i);
    return nl < 0 ? this.text.length : nl + 1;
  }

  /** Skips spaces, line breaks and (with comments on) % comments. */
  private skipBlank(i: number): number {
    for (;;) {
      const c = this.code(i);
      if (c >= 0 && isWhitespace(c)) i++;
      else if (c === 37 /* % */ && this.options.comments) i = this.endOfLine(i);
      else return i;
    }
  }

  /**
   * Offset just past the delimiter that closes the group opened at `open` (the text at `open` is the opener).
   * Braces nest inside any group; escaped characters and comments are skipped. Returns -1 when unclosed.
   */
  private closeGroup(open: number, closer: number): number {
    let depth = 0;
    for (let i = open + 1; i < this.text.length; i++) {
      const c = this.text.charCodeAt(i);
      if (c === 92 /* \ */) {
        i++;
      } else if (c === 37 /* % */ && this.options.comments) {
        i = this.endOfLine(i) - 1;
      } else if (c === 10 /* \n */ && /^[ \t\r]*(\n|$)/.test(this.text.slice(i + 1, i + 81))) {
        // A blank line is a paragraph break, which a cite argument cannot contain: the group is unclosed.
        return -1;
      } else if (c === 123 /* { */) {
        depth++;
      } else if (c === 125 /* } */) {
        if (depth === 0) return closer === 125 ? i + 1 : -1;
        depth--;
      } else if (c === closer && depth === 0) {
        return i + 1;
      }
    }
    return -1;
  }

  /** Keys of the group whose content is text[from, to): comma-separated, trimmed, comments removed. */
  private keysIn(from: number, to: number): CiteKey[] {
    const keys: CiteKey[] = [];
    let segmentStart = from;
    const flush = (segmentEnd: number) => {
      let s = segmentStart;
      let e = segmentEnd;
      while (s < e && isWhitespace(this.text.charCodeAt(s))) s++;
      while (e > s && isWhitespace(this.text.charCodeAt(e - 1))) e--;
      if (e > s) keys.push({ key: this.text.slice(s, e), start: s, end: e });
    };
    for (let i = from; i < to; i++) {
      const c = this.text.charCodeAt(i);
      if (c === 44 /* , */) {
        flush(i);
        segmentStart = i + 1;
      } else if (c === 37 /* % */ && this.options.comments) {
        // A comment ends the current key; the rest of the line is not part of any key.
        flush(i);
        i = Math.min(this.endOfLine(i), to) - 1;
        segmentStart = i + 1;
      }
    }
    flush(to);
    return keys;
  }

  /** Parses the arguments of a cite macro whose name ends at `afterName`; undefined when it has no key group. */
  private parseCite(start: number, name: string, afterName: number): CiteCommand | undefined {
    const multicite = isMulticite(name);
    let i = afterName;
    let starred = false;
    const afterSpaces = this.skipBlank(i);
    if (this.code(afterSpaces) === 42 /* * */) {
      starred = true;
      i = afterSpaces + 1;
    }

    const keys: CiteKey[] = [];
    let end = -1;
    let parenthesised = 0;
    let sawBracketOrKeys = false;
    let sawAngle = false;
    for (;;) {
      const next = this.skipBlank(i);
      const c = this.code(next);
      if (c === 40 /* ( */ && multicite && !sawBracketOrKeys && parenthesised < 2) {
        const close = this.closeGroup(next, 41);
        if (close < 0) break;
        parenthesised++;
        i = close;
      } else if (c === 60 /* < */ && !sawBracketOrKeys && !sawAngle && end < 0) {
        // apacite: \cite<e.g.,>[p. 3]{key}
        const close = this.closeGroup(next, 62);
        if (close < 0) break;
        sawAngle = true;
        i = close;
      } else if (c === 91 /* [ */) {
        const close = this.closeGroup(next, 93);
        if (close < 0) break;
        sawBracketOrKeys = true;
        i = close;
      } else if (c === 123 /* { */) {
        const close = this.closeGroup(next, 125);
        if (close < 0) break;
        keys.push(...this.keysIn(next + 1, close - 1));
        sawBracketOrKeys = true;
        end = close;
        i = close;
        if (!multicite) break;
      } else {
        break;
      }
    }
    if (end < 0) return undefined;
    // \nocite{*} adds the whole bibliography: a flag, not a key.
    const citesAll = keys.some((k) => k.key === '*');
    const command: CiteCommand = { command: name, syntax: 'latex', starred, start, end, keys: keys.filter((k) => k.key !== '*') };
    if (citesAll) command.citesAll = true;
    return command;
  }

  /** Skips a verbatim-like environment that begins at `i` ("\begin{name}"); returns the offset after its end. */
  private skipVerbatim(afterBegin: number): number | undefined {
    const m = /^\s*\{([a-zA-Z*]+)\}/.exec(this.text.slice(afterBegin, afterBegin + 40));
    if (!m || !VERBATIM_ENVIRONMENTS.has(m[1])) return undefined;
    const endTag = `\\end{${m[1]}}`;
    const endAt = this.text.indexOf(endTag, afterBegin + m[0].length);
    return endAt < 0 ? this.text.length : endAt + endTag.length;
  }

  scan(): CiteCommand[] {
    const found: CiteCommand[] = [];
    const text = this.text;
    while (this.pos < text.length) {
      const c = text.charCodeAt(this.pos);
      if (c === 37 /* % */ && this.options.comments) {
        this.pos = this.endOfLine(this.pos);
      } else if (c === 92 /* \ */) {
        const nameStart = this.pos + 1;
        let nameEnd = nameStart;
        while (nameEnd < text.length && isLetter(text.charCodeAt(nameEnd))) nameEnd++;
        if (nameEnd === nameStart) {
          // Control symbol such as \% or \\: skip the escaped character too.
          this.pos = nameStart + 1;
          continue;
        }
        const name = text.slice(nameStart, nameEnd);
        if (name === 'verb') {
          // \verb|…| (any delimiter; \verb* too).
          let d = nameEnd;
          if (text[d] === '*') d++;
          const delimiter = text[d];
          const close = delimiter ? text.indexOf(delimiter, d + 1) : -1;
          this.pos = close < 0 ? nameEnd : close + 1;
          continue;
        }
        if (name === 'begin') {
          const after = this.skipVerbatim(nameEnd);
          if (after !== undefined) {
            this.pos = after;
            continue;
          }
        }
        if (isCiteCommandName(name)) {
          const command = this.parseCite(this.pos, name, nameEnd);
          if (command) {
            found.push(command);
            this.pos = command.end;
            continue;
          }
        }
        this.pos = nameEnd;
      } else {
        this.pos++;
      }
    }
    return found;
  }
}

/** Every LaTeX cite command in `text`, in document order. */
export function parseLatexCitations(text: string, options: LatexScanOptions = { comments: true }): CiteCommand[] {
  return new LatexCiteScanner(text, options).scan();
}
