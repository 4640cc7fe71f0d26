// Shared contracts between the library index, the engines, the metrics and the editor/CLI front ends.
// Pure data: no vscode, no native modules.
import type { TraceStep } from './trace';

export interface Author {
  family: string;
  given?: string;
  /** Verbatim name as written in the .bib (after LaTeX→Unicode), for display. */
  literal?: string;
}

/** Coarse role of a section in a paper, as the hierarchy parser guesses it from its heading. */
export type SectionKind =
  | 'title'
  | 'abstract'
  | 'introduction'
  | 'related-work'
  | 'method'
  | 'experiments'
  | 'conclusion'
  | 'references'
  | 'other';

/** A sentence a generated span can be traced back to. */
export interface SourceSentence {
  text: string;
  /** Where the sentence sits: 'title', 'abstract' (from the .bib), or a PDF section kind. */
  section: SectionKind;
  /** Position of the sentence within its section (0-based). */
  index: number;
  /** 1-based PDF page, when the sentence came from a PDF. */
  page?: number;
  pdfPath?: string;
}

export interface PaperSection {
  heading: string;
  kind: SectionKind;
  sentences: SourceSentence[];
}

/** Everything the engines may use about one library entry. */
export interface PaperRecord {
  key: string;
  /** BibTeX entry type, lower case ('article', 'inproceedings', …). */
  type: string;
  title: string;
  authors: Author[];
  /** The .bib author list ended in "and others": there are more authors than `authors` lists. */
  authorsTruncated?: boolean;
  year?: number;
  venue?: string;
  abstract?: string;
  /**
   * An abstract the .bib gives this entry that other works, under other titles and by other authors, carry as well: a
   * proceedings' or journal issue's blurb copied into each of its papers. Kept for display; never quoted as this
   * work's, so it is not in `abstract`.
   */
  collectionAbstract?: string;
  /**
   * Where `abstract` came from when the .bib has none: Zotero or an online source, with the day it was read and how
   * the entry was matched to the record (shown in the hover: "abstract from OpenAlex, 2026-11-27").
   */
  abstractSource?: { source: string; retrieved: string; matchedBy: string; url?: string };
  doi?: string;
  /** Sections of the linked PDF's full text, when one is linked and has text. */
  sections?: PaperSection[];
  pdfPath?: string;
  bibFile?: string;
  /** 1-based line of the entry in bibFile. */
  bibLine?: number;
  /** Fields the entry lacked and took from another definition of its key for the same work (another .bib file). */
  filledFrom?: Array<{ fields: Array<'abstract' | 'doi'>; file: string; line: number }>;
}

/** What engines need from the library; the SQLite store implements it, tests use in-memory maps. */
export interface PaperLookup {
  getPaper(key: string): PaperRecord | undefined;
  hasKey(key: string): boolean;
}

export type CiteSyntax = 'cite' | 'citet' | 'citep' | 'pandoc';
export type CitationStyle = 'citation' | 'tldr';
/** What a text is written into: a LaTeX file, a Markdown (Pandoc) file, or nowhere in particular (hovers). */
export type OutputFormat = 'latex' | 'markdown' | 'plain';

/** Tense of the reporting verb in citation style: "Smith et al. \\cite{k} proposed …" (past) or "… propose …". */
export type Tense = 'past' | 'present';

export interface Progress {
  report(done: number, total: number, message?: string): void;
}

/**
 * A sentence encoder: one unit-length vector per text (`src/core/neural/embedder.ts` loads one from a model folder).
 * The draft planner groups and orders cited works with it when one is configured.
 */
export type EmbedTexts = ((texts: readonly string[], signal?: AbortSignal) => Promise<number[][]>) & {
  /** Frees the model behind it, where there is one (the engine's dispose calls it). */
  dispose?: () => Promise<void>;
};

export interface EngineOptions {
  signal?: AbortSignal;
  progress?: Progress;
  /**
   * Each work's sentence as soon as it is written and checked, before the draft is assembled (the panel shows them
   * while a model engine is still writing the others).
   */
  onSentence?: (key: string, text: string) => void;
  /**
   * Each paragraph of a draft as soon as it is written and verified, in the document's syntax (the LLM engines write
   * paragraph by paragraph: the CLI prints them as they come).
   */
  onParagraph?: (paragraph: DraftParagraph, index: number, text: string) => void;
}

export interface CitationRequest {
  key: string;
  style: CitationStyle;
  syntax?: CiteSyntax;
  /**
   * What the text is written into: 'latex' escapes a source's % & # _ $ and writes Greek and math symbols as macros,
   * 'markdown' escapes what Pandoc would read as markup, 'plain' leaves the text as read (hovers). Default: markdown
   * for the 'pandoc' syntax, else latex.
   */
  format?: OutputFormat;
  /** The author's own abstract, when known: lets the engine prefer what contrasts with it. */
  ownAbstract?: string;
  /** Citation style only; the engine's default when absent (the default engine: past). */
  tense?: Tense;
  /**
   * Source sentences already used for this key (e.g. the sentence the author asked to regenerate): the engine writes
   * from the best sentence not among them, and starts over from the best when every sentence has been used.
   */
  avoidSources?: string[];
}

/** A piece of generated text with the source sentence it was taken or rewritten from. */
interface GroundedSpan {
  text: string;
  source?: SourceSentence;
}

export interface CitationSentence {
  key: string;
  text: string;
  spans: GroundedSpan[];
  /** False when the entry had nothing but a title to go on. */
  grounded: boolean;
  /** Visible warnings, e.g. 'ungrounded: title only'. */
  flags: string[];
  engine: string;
  /** The default engine's rewrite rules that made the text, in order, where asked for (`citescribe explain`). */
  trace?: TraceStep[];
}

export interface DraftRequest {
  keys: string[];
  ownAbstract?: string;
  /** Target length in words; engines aim within ±15%. */
  targetWords?: number;
  subsections?: boolean;
  /** The document's format: the draft's text is escaped for it (see CitationRequest.format). */
  format: 'latex' | 'markdown';
  syntax?: CiteSyntax;
  /** Tense of the sentences about the cited works; the engine's default when absent. */
  tense?: Tense;
  /** The most sentences one work may have (2 when absent): a draft describes works, it does not summarise one. */
  maxSentencesPerWork?: number;
  /** Within a paragraph: the works closest to the author's abstract first (default), or the oldest first. */
  workOrder?: 'relevance' | 'year';
  /**
   * The paragraphs already planned (a draft in the panel): engines that write to a plan keep it instead of planning
   * again, so that regenerating one paragraph asks for the same works under the same plan line.
   */
  plan?: { keys: string[]; subject?: string }[];
  /** Write only this paragraph of `plan` (0-based); the draft then has that one paragraph. */
  onlyParagraph?: number;
}

/**
 * How one citation of a written sentence was judged against the other works of its paragraph (suggest/attribution.ts):
 * 'misattributed' names the work of the paragraph that says the sentence (`better`), with both works' evidence.
 */
export interface CitationJudgement {
  key: string;
  verdict: 'supported' | 'weak' | 'misattributed' | 'unsupported' | 'title-only' | 'not-in-library' | 'no-sentence';
  /** 0–1, the library-wide support of the cited work. */
  support?: number;
  /** The cited work's sentence closest to the written one. */
  evidence?: { text: string; source: 'title' | 'abstract' | 'pdf'; page?: number };
  better?: { key: string; support: number; evidence: { text: string; source: 'title' | 'abstract' | 'pdf'; page?: number } };
  /** Numbers, percentages and names of datasets or systems the sentence gives that the cited work's text does not hold. */
  unsupportedDetails?: string[];
}

export interface DraftSentence {
  text: string;
  keys: string[];
  sources: SourceSentence[];
  /** 'topic' | 'work' | 'contrast' — why the planner wrote this sentence. */
  role: 'topic' | 'work' | 'contrast';
  /** A topic sentence's phrases, the topic it claims its works share ("tide tables", "sensor logs"). */
  phrases?: string[];
  /** Each citation of a model's sentence judged against the other works of its paragraph (LLM engines with a library index). */
  checks?: CitationJudgement[];
  /** What the reader must know of this sentence, e.g. that the default engine wrote it instead of the model, and why. */
  flags?: string[];
}

export interface DraftParagraph {
  heading?: string;
  /** What the plan said the paragraph is about (its group's keyphrase or the model's group name). */
  subject?: string;
  keys: string[];
  sentences: DraftSentence[];
}

export interface Draft {
  /** The rendered section (LaTeX or Markdown). */
  text: string;
  paragraphs: DraftParagraph[];
  citedKeys: string[];
  /** Requested keys that are not in the library: reported, never written. */
  unknownKeys: string[];
  engine: string;
  /** Visible warnings about cited works, e.g. 'liu2016cogan: ungrounded: title only'. */
  flags?: string[];
  /**
   * Works cited only in a list ("… including \cite{a,b}", "See also \cite{c}") with no sentence of their own: the target
   * length held none. Shown in the panel and the CLI, so that a work is never silently reduced to a citation.
   */
  listedOnly?: string[];
}

/** Every engine (default, ONNX, server) implements this. */
export interface Engine {
  readonly id: string;
  citationSentence(req: CitationRequest, library: PaperLookup, options?: EngineOptions): Promise<CitationSentence>;
  draft(req: DraftRequest, library: PaperLookup, options?: EngineOptions): Promise<Draft>;
}

export class CancelledError extends Error {
  constructor() {
    super('Cancelled');
    this.name = 'CancelledError';
  }
}

export function throwIfCancelled(signal?: AbortSignal): void {
  if (signal?.aborted) throw new CancelledError();
}
