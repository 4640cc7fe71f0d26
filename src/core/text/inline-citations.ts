// Citations inside a text the engine quotes (an abstract from a .bib or a .tex file, a Markdown abstract). A citation
// in parentheses can go ("slow \cite{a}." → "slow."), but one the sentence is built on cannot: "as shown by
// \cite{a} and \cite{b}" lost its object and read "as shown by and". Those become "prior work", which keeps the
// grammar and claims nothing about which work it was. The citations themselves are found by the editor's cite parser.
import { parseLatexCitations, parsePandocCitations, type CiteCommand } from '../cites';

/** natbib/biblatex commands that print the authors: the citation is a noun phrase ("\citet{a} showed"). */
const TEXTUAL_COMMAND = /^(?:[Cc]itet|[Tt]extcite|[Cc]iteauthor|citeA|[Cc]itealt)$/;
/** What joins the citations of one run: "\cite{a} and \cite{b}", "\cite{a}, \cite{b}", "[@a]; [@b]". */
const JOINS_RUN = /^\s*(?:,|;|and)\s*~?\s*$/;

/** Pointers to an example or a source: "(e.g., \cite{a})", ", see \cite{b},". They go with the citation. */
const POINTER = String.raw`(?:e\.g\.|i\.e\.|cf\.|see(?: also)?|for example|for instance)`;
const POINTER_IN_PARENS = new RegExp(String.raw`\s*\(\s*${POINTER}\s*,?\s*~?$`, 'i');
const POINTER_AFTER_COMMA = new RegExp(String.raw`\s*,\s*${POINTER}\s*,?\s*~?$`, 'i');
const POINTER_BARE = new RegExp(String.raw`\s*${POINTER}\s*,?\s*~?$`, 'i');
/** "the work of \cite{a}" → "prior work", not "the work of prior work". */
const WORK_OF = /\bthe (?:work|works|papers?) of\s*~?$/i;
/** Words after which a citation is the sentence's noun phrase, not an aside. */
const GOVERNS_CITATION = new RegExp(
  String.raw`(?:^|[.;:]|\b(?:by|of|in|to|from|with|like|unlike|than|and|or|as|on|after|per|via|over|between` +
    // verbs whose object the citation is ("following \cite{k}", "we adopt \cite{k}")
    String.raw`|follow|follows|followed|following|extend|extends|extended|extending|use|uses|used|using|adopt|adopts|adopted))[\s~]*$`,
  'i',
);

interface Run {
  start: number;
  end: number;
  textual: boolean;
}

/**
 * LaTeX cite macros (with every optional argument and star) and bracketed Pandoc citations, grouped into runs. A bare
 * "@a" is left alone: outside Markdown it is an annotation ("@Override"), a handle or a data set's placeholder ("John
 * ate @math"), not a citation.
 */
function citationRuns(text: string): Run[] {
  const commands: CiteCommand[] = [...parseLatexCitations(text, { comments: false }), ...parsePandocCitations(text).filter((c) => c.command === '[@]')];
  commands.sort((a, b) => a.start - b.start);
  const runs: Run[] = [];
  for (const c of commands) {
    const last = runs[runs.length - 1];
    if (last && c.start < last.end) continue; // a macro inside a Pandoc bracket is part of it
    if (last && JOINS_RUN.test(text.slice(last.end, c.start))) last.end = c.end;
    else runs.push({ start: c.start, end: c.end, textual: TEXTUAL_COMMAND.test(c.command) });
  }
  return runs;
}

/** The text with its citations removed where they are asides and replaced by "prior work" where the grammar needs them. */
export function withoutInlineCitations(text: string): string {
  if (!/\\[A-Za-z]*[Cc]ite|\[[^\]]*@/.test(text)) return text;
  let out = '';
  let cursor = 0;
  for (const run of citationRuns(text)) {
    const before = out + text.slice(cursor, run.start);
    const after = text.slice(run.end);
    cursor = run.end;
    const inParens = POINTER_IN_PARENS.exec(before);
    const afterComma = POINTER_AFTER_COMMA.exec(before);
    const bare = POINTER_BARE.exec(before);
    if (WORK_OF.test(before)) {
      out = before.replace(WORK_OF, 'prior work');
    } else if (inParens && /^\s*\)/.test(after)) {
      out = before.slice(0, inParens.index);
      cursor += /^\s*\)/.exec(after)![0].length;
    } else if (afterComma && /^\s*,/.test(after)) {
      out = before.slice(0, afterComma.index);
      cursor += /^\s*,/.exec(after)![0].length;
    } else if (bare) {
      out = before.slice(0, bare.index);
    } else if (run.textual || GOVERNS_CITATION.test(before)) {
      out = before + (/(?:^|[.!?]\s+)$/.test(before) ? 'Prior work' : 'prior work');
    } else {
      out = before;
    }
  }
  return out + text.slice(cursor);
}
