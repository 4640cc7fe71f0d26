// Cite parsing for the editor (CodeLens, hover, edits), the engines and the metrics.
import { parseLatexCitations } from './latex';
import { maskMarkdownCode, parsePandocCitations } from './pandoc';
import type { CiteCommand, CiteKey, CiteLanguage } from './types';

export type { CiteCommand, CiteKey, CiteLanguage, TextPosition } from './types';
export { PositionMapper, lineStarts, offsetToPosition, positionToOffset } from './positions';
export { isCiteCommandName, parseLatexCitations } from './latex';
export { maskMarkdownCode, parsePandocCitations } from './pandoc';

/**
 * Every citation in `text`, in document order, with offsets of the whole command and of each key.
 * - 'latex': `\cite`-family macros (natbib, biblatex incl. multicite, apacite), skipping % comments and verbatim.
 * - 'markdown': Pandoc `[@a; @b]` / `@a`, plus raw LaTeX cite macros (valid in Pandoc Markdown); code is ignored.
 */
export function parseCitations(text: string, language: CiteLanguage): CiteCommand[] {
  if (language === 'latex') return parseLatexCitations(text, { comments: true });
  const pandoc = parsePandocCitations(text);
  const masked = maskMarkdownCode(text);
  // Macros that reach into a code span or block are not citations.
  const latex = parseLatexCitations(masked, { comments: false }).filter(
    (c) => masked.slice(c.start, c.end) === text.slice(c.start, c.end),
  );
  // Both lists are in document order; a LaTeX macro inside a Pandoc citation's range is already part of it.
  const merged: CiteCommand[] = [];
  let p = 0;
  for (const command of latex) {
    while (p < pandoc.length && pandoc[p].end <= command.start) merged.push(pandoc[p++]);
    const overlapsPandoc = p < pandoc.length && pandoc[p].start < command.end;
    if (!overlapsPandoc) merged.push(command);
  }
  while (p < pandoc.length) merged.push(pandoc[p++]);
  return merged;
}

/** Every cited key occurrence, in document order (a key cited twice appears twice). */
function citationOccurrences(text: string, language: CiteLanguage): CiteKey[] {
  return parseCitations(text, language).flatMap((c) => c.keys);
}

/** Cited keys in order of first appearance, each once. */
export function citedKeys(text: string, language: CiteLanguage): string[] {
  const seen = new Set<string>();
  for (const k of citationOccurrences(text, language)) seen.add(k.key);
  return [...seen];
}

/** The command and key under `offset` (for hover: the key under the cursor in \cite{a,b}). */
export function citationAt(
  commands: readonly CiteCommand[],
  offset: number,
): { command: CiteCommand; key?: CiteKey } | undefined {
  const command = commands.find((c) => offset >= c.start && offset <= c.end);
  if (!command) return undefined;
  return { command, key: command.keys.find((k) => offset >= k.start && offset <= k.end) };
}

/** Guesses the language from a file name or VS Code language id ('latex', 'tex', 'markdown', 'rmd', 'quarto'…). */
export function citeLanguageFor(fileNameOrLanguageId: string): CiteLanguage {
  return /(^|\.)(md|markdown|rmd|qmd|quarto|pandoc)$/i.test(fileNameOrLanguageId) ? 'markdown' : 'latex';
}
