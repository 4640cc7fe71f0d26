// The paragraphs of a LaTeX or Markdown document and the keys each cites: the works a citation is judged against
// ("this sentence describes [W3], not [W2]" only makes sense among the works of one paragraph).
import type { CiteCommand, CiteLanguage } from './types';

/**
 * Where paragraphs end: a blank line (spaces allowed), and in LaTeX also `\par`. A line holding only a % comment is
 * not blank: TeX reads through it, so "text\n% note\nmore" is one paragraph.
 */
const PARAGRAPH_BREAK: Record<CiteLanguage, RegExp> = {
  latex: /\n[ \t]*\r?\n|\\par(?![a-zA-Z])/g,
  markdown: /\n[ \t]*\r?\n/g,
};

/** Offsets where each paragraph after the first starts, ascending. */
function paragraphStarts(text: string, language: CiteLanguage): number[] {
  const starts: number[] = [];
  for (const m of text.matchAll(PARAGRAPH_BREAK[language])) starts.push(m.index + m[0].length);
  return starts;
}

/**
 * For each citation command (in document order, as parseCitations gives them), the distinct keys its paragraph cites
 * in order of first appearance: in "A \cite{a}. B \cite{b,a}.\n\nC \cite{c}." the first two get [a, b], the third [c].
 */
export function paragraphGroups(text: string, language: CiteLanguage, commands: readonly CiteCommand[]): string[][] {
  const starts = paragraphStarts(text, language);
  const keysOf = new Map<number, string[]>();
  // Commands come in document order, so the paragraph index only moves forward.
  let paragraph = 0;
  const indexes = commands.map((c) => {
    while (paragraph < starts.length && starts[paragraph] <= c.start) paragraph++;
    const keys = keysOf.get(paragraph) ?? [];
    for (const k of c.keys) if (!keys.includes(k.key)) keys.push(k.key);
    keysOf.set(paragraph, keys);
    return paragraph;
  });
  return indexes.map((p) => keysOf.get(p)!);
}
