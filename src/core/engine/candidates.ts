// Candidate sentences for a citation: the abstract from the .bib, and, when a PDF is linked, its abstract,
// introduction and conclusion (with page provenance). Each candidate also comes in compressed variants.
import type { CitationStyle, PaperRecord, PaperSection, SectionKind, SourceSentence } from '../types';
import { splitSentences } from '../text/sentences';
import { plainText } from '../text/plain';
import { capLongTokens } from '../text/long-tokens';
import { cutOffEnding, isFrontOrBackMatter, POINTS_INTO_PAPER, ROADMAP, splitAbstractLabel, STRUCTURE_CUE, THIS_PAPER_PHRASE } from './cues';
import { compressOffers, LOWERCASE_TECHNICAL_OPENER, NO_TARGET, stripLeadingDiscourse } from '../rewrite';

/** PDF sections worth citing from; the rest (method details, references) rarely summarise a paper. */
const PDF_SECTIONS: ReadonlySet<SectionKind> = new Set(['abstract', 'introduction', 'conclusion']);
/** Enough of a long introduction to find its contribution statements without scoring the whole paper. */
const MAX_SENTENCES_PER_PDF_SECTION = 40;
/** Sentences shorter than this are headings, captions or fragments. */
const MIN_WORDS = 5;
const MAX_WORDS = 80;
/** "The goal is to satisfy one of the following objectives:": the sentence is the list that followed it. */
const INTRODUCES_WHAT_FOLLOWS = /:["”’)]?$/;

/** A sentence a citation may quote, from an abstract or a PDF: a sentence's length, and about the paper's content. */
function quotable(text: string, maxWords: number): boolean {
  const n = words(text);
  return n >= MIN_WORDS && n <= maxWords && !INTRODUCES_WHAT_FOLLOWS.test(text) && !isFrontOrBackMatter(text);
}

export interface SourceDocument {
  title: string;
  /** Candidate sentences in reading order. */
  sentences: SourceSentence[];
  /** True when the sentences come from an abstract or PDF text (not just the title). */
  grounded: boolean;
}

function words(s: string): number {
  return s.split(/\s+/).filter(Boolean).length;
}

/**
 * An example the paper works through, not a finding of it: a sentence that opens on a quoted word ("“Bank” may refer
 * to a river's edge or a lender"), names a quoted example ("They parse the sentence “The ship sails at dawn.”") or
 * labels one ("Sentence: “The ship sails at dawn.”").
 */
const EXAMPLE_FROM_DATA = new RegExp(
  [
    // opens with a quotation mark
    String.raw`^[“"‘]`,
    // labels one: "Sentence: “…”", "Example 2: “…”"
    String.raw`^(?:sentence|example|input|output|query|question|answer|text|utterance|headline)s?(?:\s*\d+)?\s*:\s*[“"‘]`,
    // names one: "the sentence “…”"
    String.raw`\bthe (?:sentence|line|title|query|phrase|word|headline|utterance|question|example)s? [“"‘]`,
  ].join('|'),
  'iu',
);
/** A caption without its label: "An example of X.", "Overview of the system." (no verb: "An example of X is …" stays). */
const CAPTION_LIKE = new RegExp(
  String.raw`^(?:(?:an?|the) )?(?:[\w-]+ )?(?:example|illustration|overview|schematic|screenshot|snapshot|sketch|architecture|outline) of\b` +
    // and no verb after it
    String.raw`(?![^.]*\b(?:is|are|was|were|shows?|illustrates?|appears?|can|gives?|has|have)\b)[^.!?]*\.$`,
  'i',
);
/** "… described the corpus (“Data Collection”) and the results (“Results”)": the paper's sections, by name. */
const SECTION_NAME_IN_BRACKETS = /\(\s*[“"]\p{Lu}[^”"()]{1,60}[”"]\s*\)/u;
/**
 * How the paper sets up its problem and notation: "We are also given sets S1, …, SK such that …", "We denote by Rmax
 * the …", "Let B be a set of ballads …", "We write d(v) for …". Reported as a finding ("Doe \cite{k} was also given
 * sets …") it says nothing.
 */
const PROBLEM_SETUP = new RegExp(
  [
    String.raw`^(?:(?:we|one) (?:are|is) (?:also |then )?given\b`,
    String.raw`(?:we|I) (?:also |then )?(?:denote|write)\b`,
    // "Let us define …", "Let B be …", "Let x, y …"
    String.raw`let (?:us (?:denote|define|assume|write)\b|\p{L}[\p{L}\d]{0,3}(?:\s*[,(]|\s+(?:be|denote|represent)\b))`,
    String.raw`(?:we|I) use \S+(?: and \S+)? to denote\b)`,
  ].join('|'),
  'iu',
);
/**
 * Notation, not prose a reader can take in: set membership and sums ("an edge e ∈ E"), superscripts the text layer
 * flattened ("N^(2)(v)"), logic ("¬(e —> f) means …"), a symbol defined as other symbols ("If A = v1, …, vr"). A
 * symbol equal to a number ("with Cohen's d = 0.24") is a result and stays.
 */
const NOTATION = /[∈∉⊂⊆⊇∑∏∝⊗⊕∀∃↦¬→⇒⇔]|\s[—–-]>\s|\^\(|(?:^|[\s(])\p{L}[\p{L}\d]{0,2}\s*=\s*(?![-−+]?\s*[\d.])/u;

/**
 * A PDF sentence that can be quoted on its own: not a figure/table/section pointer, not a piece of a sentence that a
 * column or page break cut, not the paper's layout, and not a table row or formula that the text layer ran into the
 * prose (many numbers, few words). Abstracts are written to stand alone; these checks
 * are for the body text of linked PDFs.
 */
function pdfSentenceStandsAlone(text: string): boolean {
  if (POINTS_INTO_PAPER.test(text)) return false;
  // Cut by a column or page break: a sentence that opens in lower case ("and hyperonyms but not by …") is the end of
  // one; a sentence without its closing punctuation ("The quality of the clustering depends strongly") is the start of
  // one; "But for some languages, ex." was split at an abbreviation. ("k-means", "iPhone" and "word2vec" open
  // sentences in lower case.)
  if (/^\p{Ll}/u.test(text) && !LOWERCASE_TECHNICAL_OPENER.test(text)) return false;
  if (!/[.!?]["'”’)\]]*$/.test(text) || /\b(?:e\.g|i\.e|ex|cf|viz|vs)\.$/i.test(text)) return false;
  // "This paper is organised as follows.", "We close with a discussion of …", "Related work is given in the
  // appendix.", a table of contents line ("Evaluation and experimental results 11 4.1."): the paper's layout and
  // roadmap, not what it found. An aside in brackets
  // ("(The work by X builds on Y.)") is the authors' remark about other work.
  if (STRUCTURE_CUE.test(text) || ROADMAP.test(text) || /\bin the (?:appendix|appendices|supplementary (?:material|information))\b/i.test(text)) return false;
  if (/\s\d+(?:\.\d+)*\s+\d+(?:\.\d+)*\.?$/.test(text) || /^\(.*[.!?]\)$/.test(text)) return false;
  // "… which raises the following research question.": what it announces comes after it.
  if (/\bthe following(?:\s+[\w-]+){0,3}\s*[.:]$/i.test(text)) return false;
  // "3 Harbor Authority Chair … 0.0141 N stated …": a table cell or a list number run into the sentence.
  if (/^\d+(?:\.\d+)*\s+\p{Lu}/u.test(text)) return false;
  // "An example of a distributed computation.": a figure's caption that lost its "Figure 2:", not a sentence.
  if (CAPTION_LIKE.test(text)) return false;
  // Also behind its opener: "For example, “moor” may rhyme with …".
  const opened = stripLeadingDiscourse(text);
  if (EXAMPLE_FROM_DATA.test(text) || EXAMPLE_FROM_DATA.test(opened) || SECTION_NAME_IN_BRACKETS.test(text) || NOTATION.test(text) || PROBLEM_SETUP.test(opened)) return false;
  const tokens = text.split(/\s+/).filter(Boolean);
  const numeric = tokens.filter((t) => /^[-+(]?[\d.,:%]+[)%]?[,.;]?$/.test(t)).length;
  return numeric < 4 || numeric / tokens.length < 0.25;
}

/**
 * A publisher's notice at the end of an abstract ("… engineering. © 2005 Wiley Periodicals, Inc. Syst Eng 8: 323–341")
 * goes: a sentence splitter joins it to the last sentence, since "©" opens no sentence.
 */
function withoutCopyrightNotice(abstract: string): string {
  return abstract.replace(/\s*(?:copyright\s*)?(?:©|\bcopyright\s+(?=(?:19|20)\d\d\b))[^©]{0,200}$/i, '').trim();
}

/**
 * A footnote that the text layer ran into a sentence ("… for each node in the network. ∗Work on this paper was
 * partially supported by …"): the sentence before the mark stays when it is whole; a sentence the note cut in two
 * ("This paper discusses a different ap- ∗Supported by …") is dropped (undefined).
 */
function withoutRunInFootnote(text: string): string | undefined {
  for (const m of text.matchAll(/\s[∗*†‡]\s?(?=\p{Lu})/gu)) {
    if (!isFrontOrBackMatter(text.slice(m.index + m[0].length))) continue;
    const head = text.slice(0, m.index).trim();
    return /[.!?]["”’)]?$/.test(head) ? head : undefined;
  }
  return text;
}

/** Headings under which a structured abstract gives the field's context, not what the paper did. */
const CONTEXT_LABEL = /^(?:background|introduction|context|motivation|rationale)$/i;
const SPEAKS_FOR_ITSELF = /\b(?:[Ww]e|[Oo]ur|us|I|[Mm]y)\b/;

/**
 * The abstract's sentences without their headings. In a structured abstract (two headings or more), a sentence under
 * "Background" that does not speak for the paper ("Short sleep is common among adolescents.") is context: it is left
 * out, so that the citation says what the work did.
 */
function abstractSentences(abstract: string): SourceSentence[] {
  const split = splitSentences(abstract).map(splitAbstractLabel);
  const structured = split.filter((s) => s.label).length >= 2;
  const out: SourceSentence[] = [];
  let label: string | undefined;
  split.forEach((s, index) => {
    label = s.label ?? label;
    // "Keywords: sleep; memory; adolescents" is a list, not a sentence of the abstract.
    if (s.label && /^keywords$/i.test(s.label)) return;
    const context = structured && label !== undefined && CONTEXT_LABEL.test(label) && !SPEAKS_FOR_ITSELF.test(s.text) && !THIS_PAPER_PHRASE.test(s.text);
    // The last sentence of an abstract that a catalogue cut off ("… strong associatio…") keeps one form of the cut.
    const text = index === split.length - 1 ? cutOffEnding(s.text) : s.text;
    if (!context) out.push({ text, section: 'abstract', index });
  });
  return out;
}

const GLUED_HEADING = new RegExp(
  String.raw`(\p{Ll}[.!?])(?=(?:Purpose|Design[\s/]+methodology|Methods?|Results?|Findings|Conclusions?|Originality` +
    String.raw`|(?:Research|Practical|Social) (?:limitations|implications))\b)`,
  'gu',
);
/** "… reading behavior.Design methodology approach - First, …": exports that lost the break before a heading. */
function headingsApart(abstract: string): string {
  return abstract.replace(GLUED_HEADING, '$1 ');
}

const RUN_IN_HEADING = /^(?:\d+(?:\.\d+)*\.?\s+)?(?:introduction|conclusions?|summary|abstract)\s+(?=\p{Lu}\p{Ll})/iu;

/**
 * The text before a PDF's first heading, when the PDF has neither an abstract nor an introduction heading: magazine
 * articles and short papers state what they are about there ("Here, we present a field guide to …"). Without it
 * such a paper, full text and all, got a sentence from its title only.
 */
function unheadedOpening(sections: readonly PaperSection[]): PaperSection | undefined {
  if (sections.some((s) => s.kind === 'abstract' || s.kind === 'introduction')) return undefined;
  const first = sections.find((s) => s.kind !== 'title');
  if (first?.kind !== 'other' || first.heading) return undefined;
  // A paper says somewhere near its start what it does ("Here, we present …", "In this article …"); a page that
  // never does (a list of references, a form) has nothing to cite from.
  const speaksForItself = first.sentences.slice(0, MAX_SENTENCES_PER_PDF_SECTION).some((s) => /\b(?:we|our)\b/i.test(s.text) || THIS_PAPER_PHRASE.test(s.text));
  return speaksForItself ? first : undefined;
}

/** Filler text that a template left in the abstract field ("Lorem ipsum dolor sit amet, …"): no claim of the paper's. */
const PLACEHOLDER_TEXT = /^\s*lorem ipsum\b/i;

/** Every sentence the engine may take or rewrite, each with its provenance. */
export function sourceDocument(record: PaperRecord): SourceDocument {
  const sentences: SourceSentence[] = [];
  const abstract = record.abstract && !PLACEHOLDER_TEXT.test(record.abstract) ? withoutCopyrightNotice(headingsApart(plainText(record.abstract))) : '';
  if (abstract) {
    sentences.push(...abstractSentences(abstract));
  }
  const sections = record.sections ?? [];
  const opening = abstract ? undefined : unheadedOpening(sections);
  for (const section of sections) {
    if (!PDF_SECTIONS.has(section.kind) && section !== opening) continue;
    // The PDF's abstract repeats the .bib abstract when both exist.
    if (section.kind === 'abstract' && abstract) continue;
    for (const s of section.sentences.slice(0, MAX_SENTENCES_PER_PDF_SECTION)) {
      // "Introduction Software development involves …": the section's heading run into its first sentence.
      const text = withoutRunInFootnote(plainText(s.text).replace(RUN_IN_HEADING, ''));
      if (!text || !pdfSentenceStandsAlone(text)) continue;
      sentences.push({ ...s, text, pdfPath: s.pdfPath ?? record.pdfPath });
    }
  }
  const usable = sentences.filter((s) => quotable(s.text, MAX_WORDS));
  return { title: plainText(record.title ?? ''), sentences: usable, grounded: usable.length > 0 };
}

export interface CompressionVariant {
  /** Extractive text (still first person). */
  text: string;
  kept: number;
  truncated: boolean;
  droppedParentheticals: boolean;
  droppedFrame: boolean;
  /** The compress rules that made it, each with the text after it; only where the options asked for them (explain). */
  steps?: CompressStep[];
}

interface CompressStep {
  rule: string;
  text: string;
}

interface CompressionOptions {
  /**
   * Also offer the main clause without a fronted clause ("Inspired by X, we design Y" → "We design Y"). A TLDR is
   * terse; a citation sentence or a draft keeps that context (offering it there too cost CiteBench dev R-2, 5.04 → 4.89).
   */
  dropFronted?: boolean;
  /** Record in each variant the compress rules that made it (explain); left out, nothing is recorded. */
  trace?: boolean;
  /** What the versions are for: a citation keeps the authors' "We show that" (see compress.reporting-frame). */
  style?: CitationStyle;
}

/** The sentence itself and its compressed variants (content-free openers are always removed). */
export function compressionVariants(sentence: string, options: CompressionOptions = {}): CompressionVariant[] {
  const total = words(sentence);
  const out: CompressionVariant[] = [];
  const seen = new Set<string>();
  const add = (text: string, flags: Omit<CompressionVariant, 'text' | 'kept'>) => {
    const t = text.trim();
    if (!t || seen.has(t) || words(t) < 4) return;
    seen.add(t);
    out.push({ text: t, kept: words(t) / Math.max(1, total), ...flags });
  };
  // The steps are written only for explain: every sentence of every cited work passes here.
  const after = (steps: CompressStep[] | undefined, rule: string, text: string) => (steps ? [...steps, { rule, text }] : undefined);
  const start = options.trace ? [] : undefined;
  const opened = compressOffers('compress.leading-discourse', sentence)[0];
  const base = opened ?? sentence;
  const baseSteps = opened === undefined ? start : after(start, 'compress.leading-discourse', base);
  const bases: Array<{ text: string; droppedFrame: boolean; steps?: CompressStep[] }> = [{ text: base, droppedFrame: false, steps: baseSteps }];
  const framed = compressOffers('compress.reporting-frame', base, { ...NO_TARGET, style: options.style ?? NO_TARGET.style })[0];
  if (framed) bases.push({ text: framed, droppedFrame: true, steps: after(baseSteps, 'compress.reporting-frame', framed) });
  const unfronted = options.dropFronted ? compressOffers('compress.fronted-clause', base)[0] : undefined;
  if (unfronted) bases.push({ text: unfronted, droppedFrame: true, steps: after(baseSteps, 'compress.fronted-clause', unfronted) });
  for (const b of bases) {
    const plain = compressOffers('compress.parentheticals', b.text)[0];
    const forms = [{ text: b.text, dp: false, steps: b.steps }];
    if (plain !== undefined) forms.push({ text: plain, dp: true, steps: after(b.steps, 'compress.parentheticals', plain) });
    for (const f of forms) {
      add(f.text, { truncated: false, droppedParentheticals: f.dp, droppedFrame: b.droppedFrame, steps: f.steps });
      for (const cut of compressOffers('compress.trailing-clause', f.text)) {
        add(cut, { truncated: true, droppedParentheticals: f.dp, droppedFrame: b.droppedFrame, steps: after(f.steps, 'compress.trailing-clause', cut) });
      }
    }
  }
  return out;
}

/** A source document from sentences that are already split (data sets such as SciTLDR ship them that way). */
export function sourceDocumentFromSentences(sentences: readonly string[], title = ''): SourceDocument {
  const usable = sentences
    // Data sets' sentences enter the engine here (see capLongTokens).
    .map((s) => withoutCopyrightNotice(plainText(capLongTokens(s))))
    .filter((s) => quotable(s, MAX_WORDS * 2))
    .map((text, index): SourceSentence => ({ text, section: 'abstract', index }));
  return { title: plainText(title), sentences: usable, grounded: usable.length > 0 };
}
