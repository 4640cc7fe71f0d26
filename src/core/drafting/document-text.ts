// Plain text → the text an engine hands to a document. The engines write plain text (abstracts and PDF sentences are
// decoded to Unicode) with citation markers in it; a source's "40%" or "R&D" written into a .tex file as is would
// comment out the rest of the paragraph or stop the build, and a "$5" or "@handle" in Markdown would turn into math
// or a Pandoc citation. The markers themselves are left exactly as written.
import latexMacros from '../../../resources/latex-macros.json';
import type { CitationSentence, CiteSyntax, Draft, DraftParagraph, OutputFormat } from '../types';
import { PLAIN_OF_SUBSCRIPT, PLAIN_OF_SUPERSCRIPT } from '../text/scripts';
import { renderDraft } from './render';

/** The format a citation in `syntax` is written for: Pandoc's [@key] lives in Markdown, the \cite family in LaTeX. */
export function formatForSyntax(syntax: CiteSyntax | undefined): Exclude<OutputFormat, 'plain'> {
  return syntax === 'pandoc' ? 'markdown' : 'latex';
}

// The markers our engines write: \cite{a,b} \citep{a} \citet{a}, and [@a; @b]. Keys may hold ':' '_' '-' '/' '.'.
const LATEX_MARKER = /\\cite[tp]?\{[^{}]*\}/g;
const PANDOC_MARKER = /\[@[^\]]*\]/g;

/**
 * A formula the .bib decoder kept as TeX because Unicode could not say it ("$m^{1+o(1)}$"): dollars around text
 * that opens and closes without a space, holds a TeX command, script or group, and balances its braces. Prices
 * ("$5 and $10") are no formula.
 */
const TEX_FORMULA = /\$(?=[^\s$])((?:[^$\\]|\\.)*?[\\^_{](?:[^$\\]|\\.)*?)(?<=[^\s\\])\$/g;

function balancedBraces(tex: string): boolean {
  let depth = 0;
  for (let i = 0; i < tex.length; i++) {
    if (tex[i] === '\\') i++;
    else if (tex[i] === '{') depth++;
    else if (tex[i] === '}' && --depth < 0) return false;
  }
  return depth === 0;
}

/** `text` escaped for `format` with its TeX formulas left as they are: both LaTeX and Pandoc Markdown set them as math. */
function escapeAroundFormulas(text: string, atStart: boolean, escape: (text: string, atStart: boolean) => string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(TEX_FORMULA)) {
    if (!balancedBraces(m[1])) continue;
    out += escape(text.slice(last, m.index), atStart && last === 0) + m[0];
    last = m.index + m[0].length;
  }
  return out + escape(text.slice(last), atStart && last === 0);
}

/** `text` with everything outside its citation markers and formulas escaped for `format`. */
export function toDocumentText(text: string, format: OutputFormat): string {
  if (format === 'plain') return text;
  const marker = format === 'latex' ? LATEX_MARKER : PANDOC_MARKER;
  const escapeText = format === 'latex' ? escapeLatex : escapeMarkdown;
  const escape = (chunk: string, atStart: boolean) => escapeAroundFormulas(chunk, atStart, escapeText);
  let out = '';
  let last = 0;
  for (const m of text.matchAll(marker)) {
    out += escape(text.slice(last, m.index), last === 0) + m[0];
    last = m.index + m[0].length;
  }
  return out + escape(text.slice(last), last === 0);
}

const LATEX_SPECIAL: Record<string, string> = {
  '%': '\\%',
  '&': '\\&',
  '#': '\\#',
  _: '\\_',
  $: '\\$',
  '{': '\\{',
  '}': '\\}',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
  '\\': '\\textbackslash{}',
  // In LaTeX's default OT1 font encoding these print as ¡ ¿ and an em dash.
  '<': '\\textless{}',
  '>': '\\textgreater{}',
  '|': '\\textbar{}',
};

/**
 * Characters that LaTeX sets in text as they are: ASCII (the specials above aside) and, through its own UTF-8 input
 * (the default since 2018), Latin-1 and Latin Extended letters, typographic quotes, dashes, ellipsis, bullets and the
 * euro sign. A Greek letter or a math symbol is not among them (pdfLaTeX stops: "Unicode character … not set up for
 * use with LaTeX"). scripts/make-latex-macros.mjs leaves the same set out of its table.
 */
const LATEX_TEXT_CHARS = /^[\x00-\x7f\u00a0-\u024f\u2010-\u2027\u2030-\u203a\u20ac\u2122]$/u;

/**
 * LaTeX for a character that needs more than LaTeX's UTF-8 input gives: a math macro (α → \\alpha, ≤ → \\leq) or plain
 * letters (ﬁ → fi). Undefined: the character stays (Cyrillic, CJK …: a document that has them is set up for them).
 * The table comes from unicode2latex, filtered to what a bare pdfLaTeX document sets (scripts/make-latex-macros.mjs).
 */
function latexForChar(ch: string): { math?: string; text?: string } | undefined {
  if (Object.prototype.hasOwnProperty.call(latexMacros.math, ch)) return { math: (latexMacros.math as Record<string, string>)[ch] };
  if (Object.prototype.hasOwnProperty.call(latexMacros.text, ch)) return { text: (latexMacros.text as Record<string, string>)[ch] };
  return undefined;
}

/**
 * A run of raised (or lowered) characters as \textsuperscript{…} (\textsubscript{…}), both in the LaTeX kernel:
 * "2ⁿ⁻¹" → "2\textsuperscript{n-1}". A run of the Latin-1 ¹ ² ³ alone stays, as LaTeX sets those in text (`latin1`).
 * `math` is the run as a script of the formula before it ("^{2}").
 */
function scriptRun(text: string, i: number): { latex: string; math: string; latin1: boolean; end: number } | undefined {
  for (const [forms, command, mark] of [[PLAIN_OF_SUPERSCRIPT, 'textsuperscript', '^'], [PLAIN_OF_SUBSCRIPT, 'textsubscript', '_']] as const) {
    let end = i;
    let plain = '';
    while (end < text.length && Object.prototype.hasOwnProperty.call(forms, text[end])) plain += forms[text[end++]];
    if (end === i) continue;
    return { latex: `\\${command}{${plain}}`, math: `${mark}{${plain}}`, latin1: /^[¹²³]+$/.test(text.slice(i, end)), end };
  }
  return undefined;
}

/** After an opening ': a word, and later a ' after a letter that no letter follows ("'chunked' input"). */
const SINGLE_QUOTED = /^\p{L}[^']*\p{L}'(?!\p{L})/u;

/** The quote at `at` opens a quotation: it starts the text or follows a space, a bracket, a dash or another quote. */
function opensQuote(text: string, at: number): boolean {
  return at === 0 || /[\s([{\u2014\u2013/“‘-]/.test(text[at - 1]);
}

function escapeLatex(text: string): string {
  let out = '';
  let math = '';
  const closeMath = () => {
    if (math) out += `$${math}$`;
    math = '';
  };
  for (let i = 0; i < text.length; ) {
    const script = scriptRun(text, i);
    if (script && math) {
      // Raised after a symbol set as math ("ϵ²", "ℓ₀"): one formula, "$\epsilon^{2}$", not "$\epsilon$²".
      math += script.math;
      i = script.end;
      continue;
    }
    if (script && !script.latin1) {
      closeMath();
      out += script.latex;
      i = script.end;
      continue;
    }
    const ch = String.fromCodePoint(text.codePointAt(i)!);
    i += ch.length;
    if (ch === '\\' && /^[%&#_${}]/.test(text.slice(i, i + 1))) {
      // Already escaped (a model or a source that wrote LaTeX): keep "\%" as it is.
      closeMath();
      out += ch + text[i++];
      continue;
    }
    if (ch === '"' || (ch === "'" && opensQuote(text, i - 1) && SINGLE_QUOTED.test(text.slice(i)))) {
      // A straight " prints as a closing quote in LaTeX (and is a shorthand under babel's German): typographic
      // quotes instead, opening after a space or a bracket. A ' already prints as ’; only one that opens a quotation
      // closed later changes ('chunked'), not an elision ("ISSAC '95", "'em").
      closeMath();
      out += ch === '"' ? (opensQuote(text, i - 1) ? '“' : '”') : '‘';
      continue;
    }
    const special = LATEX_SPECIAL[ch];
    if (special !== undefined) {
      closeMath();
      out += special;
      continue;
    }
    if (LATEX_TEXT_CHARS.test(ch)) {
      closeMath();
      out += ch;
      continue;
    }
    const macro = latexForChar(ch);
    if (macro?.math !== undefined) {
      // Neighbouring symbols share one math group: "αβ" → "$\alpha\beta$".
      const joint = math && /^\\[A-Za-z]+$/.test(math.slice(math.lastIndexOf('\\'))) && /^[A-Za-z]/.test(macro.math) ? ' ' : '';
      math += joint + macro.math;
      continue;
    }
    closeMath();
    // "\textsurd{}x", not "\textsurdx".
    out += macro?.text === undefined ? ch : /\\[A-Za-z]+$/.test(macro.text) ? `${macro.text}{}` : macro.text;
  }
  closeMath();
  return out;
}

/**
 * Pandoc Markdown: backslash-escapes what would start emphasis, code, links, math, raw HTML, super/subscript or a
 * citation. An underscore inside a word is literal in Pandoc and stays; "@" only starts a citation after a non-word.
 */
function escapeMarkdown(text: string, atStart: boolean): string {
  let out = text.replace(/[\\*`[\]<$^~]|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])|(?<![\p{L}\p{N}_.+-])@/gu, (c) => `\\${c}`);
  // A paragraph that opens with "#" would become a heading.
  if (atStart) out = out.replace(/^#/, '\\#');
  return out;
}

/** A citation sentence's text and spans as document text. Sources stay as they were read. */
export function citationForDocument(sentence: CitationSentence, format: OutputFormat): CitationSentence {
  if (format === 'plain') return sentence;
  return {
    ...sentence,
    text: toDocumentText(sentence.text, format),
    spans: sentence.spans.map((span) => ({ ...span, text: toDocumentText(span.text, format) })),
  };
}

/** A draft's sentences and headings as document text, and its text rendered again from them. */
export function draftForDocument(draft: Draft, format: 'latex' | 'markdown'): Draft {
  const paragraphs = draft.paragraphs.map<DraftParagraph>((p) => ({
    ...p,
    heading: p.heading === undefined ? undefined : toDocumentText(p.heading, format),
    sentences: p.sentences.map((s) => ({ ...s, text: toDocumentText(s.text, format) })),
  }));
  return { ...draft, paragraphs, text: renderDraft(paragraphs, format) };
}
