// Citations inside a text the engine quotes (an abstract from a .bib or a .tex file, a Markdown abstract). A citation
// in parentheses can go ("slow \cite{a}." → "slow."), but one the sentence is built on cannot: "as shown by
// \cite{a} and \cite{b}" lost its object and read "as shown by and". Those become "prior work", which keeps the
// grammar and claims nothing about which work it was.

/** One LaTeX citation command with its optional arguments: \cite{a}, \citep[see][4]{a,b}, \citet*{a}, \Textcite{a}. */
const LATEX_CITE = String.raw`\\[A-Za-z]*[Cc]ite[A-Za-z]*\*?(?:\s*\[[^\]]*\]){0,2}\s*\{[^}]*\}`;
/**
 * Pandoc's bracketed "[@a; @b, p. 4]". A bare "@a" is left alone: outside Markdown it is an annotation ("@Override"),
 * a handle or a data set's placeholder ("John ate @math"), not a citation.
 */
const PANDOC_BRACKETED = String.raw`\[(?:[^\]\[@]*[\s;])?-?@[\w:.#$%&+?<>~/-]+[^\]\[]*\]`;
/** A run of citations: "\cite{a} and \cite{b}", "\cite{a}, \cite{b}". */
const RUN = String.raw`(?:${LATEX_CITE}|${PANDOC_BRACKETED})(?:\s*(?:,|;|and)\s*~?(?:${LATEX_CITE}|${PANDOC_BRACKETED}))*`;

/** Pointers to an example or a source: "(e.g., \cite{a})", ", see \cite{b},". They go with the citation. */
const POINTER = String.raw`(?:e\.g\.|i\.e\.|cf\.|see(?: also)?|for example|for instance)`;
const POINTER_IN_PARENS = new RegExp(String.raw`\s*\(\s*${POINTER}\s*,?\s*~?${RUN}\s*\)`, 'gi');
const POINTER_BETWEEN_COMMAS = new RegExp(String.raw`\s*,\s*${POINTER}\s*,?\s*~?${RUN}\s*,`, 'gi');
const POINTER_BARE = new RegExp(String.raw`\s*${POINTER}\s*,?\s*~?${RUN}`, 'gi');
/** "the work of \cite{a}" → "prior work", not "the work of prior work". */
const WORK_OF = new RegExp(String.raw`\bthe (?:work|works|papers?) of\s*~?${RUN}`, 'gi');
/** Words after which a citation is the sentence's noun phrase, not an aside. */
const GOVERNS_CITATION =
  /(?:^|[.;:]|\b(?:by|of|in|to|from|with|like|unlike|than|and|or|as|on|after|per|via|over|between|follow|follows|followed|following|extend|extends|extended|extending|use|uses|used|using|adopt|adopts|adopted))[\s~]*$/i;
const ALL_RUNS = new RegExp(RUN, 'g');

function isTextualCommand(run: string): boolean {
  return /^\\(?:citet|Citet|textcite|Textcite|citeauthor|Citeauthor|citeA|citealt|Citealt)\b/.test(run);
}

/** The text with its citations removed where they are asides and replaced by "prior work" where the grammar needs them. */
export function withoutInlineCitations(text: string): string {
  if (!/\\[A-Za-z]*[Cc]ite|\[[^\]]*@/.test(text)) return text;
  let s = text
    .replace(WORK_OF, 'prior work')
    .replace(POINTER_IN_PARENS, '')
    .replace(POINTER_BETWEEN_COMMAS, '')
    .replace(POINTER_BARE, '');
  s = s.replace(ALL_RUNS, (run: string, offset: number, whole: string) => {
    const before = whole.slice(0, offset);
    const atStart = /(?:^|[.!?]\s+)$/.test(before);
    if (!isTextualCommand(run) && !GOVERNS_CITATION.test(before)) return '';
    return atStart ? 'Prior work' : 'prior work';
  });
  return s;
}
