// Citation occurrences found in a LaTeX or Markdown document, with exact offsets for hover, CodeLens and edits.

export type CiteLanguage = 'latex' | 'markdown';

/** One cited key. Offsets are UTF-16 code-unit offsets into the parsed text (as VS Code's document offsets). */
export interface CiteKey {
  key: string;
  /** Offset of the key's first character. */
  start: number;
  /** Offset just past the key's last character (`text.slice(start, end) === key`, except for Pandoc's `@{…}` form). */
  end: number;
  /** Pandoc `[-@key]`: the author name is suppressed. */
  suppressAuthor?: boolean;
}

export interface CiteCommand {
  /**
   * LaTeX: the macro name without backslash or star, e.g. 'citep', 'Citet', 'autocites', 'cite'.
   * Markdown: '[@]' for a bracketed Pandoc citation `[see @a; @b, p. 3]`, '@' for an in-text `@a` or `@a [p. 3]`.
   */
  command: string;
  syntax: 'latex' | 'pandoc';
  /** `\citet*{…}`. */
  starred: boolean;
  /** Offset of the backslash (LaTeX), the '[' (bracketed Pandoc) or the '@' (in-text Pandoc). */
  start: number;
  /** Offset just past the closing '}' / ']' / the key or its locator. */
  end: number;
  keys: CiteKey[];
  /** `\nocite{*}`: every entry of the bibliography (no '*' key is listed). */
  citesAll?: boolean;
}

/** 0-based line and UTF-16 character, as vscode.Position. */
export interface TextPosition {
  line: number;
  character: number;
}
