// The one typed protocol between the extension and its webviews (the draft side bar and the score panel). Both sides
// import these types and nothing else lives here: guards.ts checks incoming messages (a webview is untrusted input).
//
// Work that takes time is a request with an id, as GitLens's webview IPC does: the webview sends
// `{ type: 'generate', id: 'r3', … }`, may send `{ type: 'cancel', id: 'r3' }`, and gets progress and exactly one
// completion (`draft`, `paragraph`, `sentence`, `cancelled` or `error`) carrying `requestId: 'r3'`. A reply to any
// other request (one the author has since replaced) is ignored, so a `regenerateSentence` is never answered by an
// unrelated `sentence`.

// ---------------------------------------------------------------------------------------------------------------
// Shared shapes

export interface SourceRef {
  key: string;
  text: string;
  section: string;
  page?: number;
  pdfPath?: string;
}

export interface DraftSentenceView {
  text: string;
  keys: string[];
  role: 'topic' | 'work' | 'contrast';
  sources: SourceRef[];
  /** True once the author edited the sentence by hand in the panel. */
  edited?: boolean;
}

export interface DraftParagraphView {
  heading?: string;
  keys: string[];
  sentences: DraftSentenceView[];
}

export interface DraftView {
  paragraphs: DraftParagraphView[];
  format: 'latex' | 'markdown';
  citedKeys: string[];
  unknownKeys: string[];
  /** Works cited only in a grouped citation, without a sentence of their own (the length held none). */
  listedOnly?: string[];
  engine: string;
  /** Wall time of the generation, for the footer. */
  elapsedMs: number;
}

export interface DraftSettings {
  targetWords: number;
  subsections: boolean;
  engine: string;
}

export interface KeyOption {
  key: string;
  title: string;
  year?: number;
  authors: string;
  /** False when the key is cited in the document but missing from the library. */
  known: boolean;
  /** What the library has to write from: a PDF, an abstract, or the title only (the draft can only name it). */
  grounding?: 'pdf' | 'abstract' | 'title-only';
}

/** Where the document's keys came from: the section around the cursor (or the selection), or the whole document. */
export interface KeyScope {
  /** "section “Related Work”", "the selection", "the whole document". */
  label: string;
  /** Keys the whole document cites. */
  total: number;
  /** True when these are all the document's keys. */
  all: boolean;
}

/** A BibTeX group (JabRef's `groups` field) and its entries: adding it adds all its keys. */
export interface KeyGroup {
  name: string;
  keys: KeyOption[];
}

/** What the draft view persists (webview state + workspace storage) so a draft survives a window reload. */
export interface DraftPanelState {
  keys: string[];
  settings: DraftSettings;
  draft?: DraftView;
}

export interface PrfView {
  p: number;
  r: number;
  f: number;
}

export interface ScoreReportView {
  draftLabel: string;
  referenceLabel: string;
  stemmed: boolean;
  rouge: { rouge1: PrfView; rouge2: PrfView; rougeL: PrfView; rougeLsum: PrfView };
  coverage: {
    recall: number;
    precision: number;
    f1: number;
    /** Keys the reference cites that the draft does not; line = where the reference cites it (0-based), if known. */
    missing: { key: string; line?: number }[];
    /** Keys the draft cites that are not in the library; line = where in the draft. */
    unknown: { key: string; line?: number }[];
  };
  blockMatch: {
    precision: number;
    recall: number;
    f1: number;
    pairs: { draftIndex: number; referenceIndex: number; score: number; draftPreview: string; referencePreview: string; draftLine?: number }[];
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Draft side bar

/** The requests that take time; each has an id its replies carry as `requestId`. */
export type DraftRequestMessage =
  | { type: 'generate'; id: string; keys: string[]; settings: DraftSettings }
  | { type: 'regenerateParagraph'; id: string; paragraph: number }
  | { type: 'regenerateSentence'; id: string; paragraph: number; sentence: number };

export type DraftToExtension =
  | { type: 'ready' }
  /** The document's keys: those of the section around the cursor, or with `all` every key it cites. */
  | { type: 'useDocumentKeys'; all?: boolean }
  | { type: 'searchKeys'; query: string }
  | DraftRequestMessage
  /** Stops the request with this id; its completion is `cancelled`. */
  | { type: 'cancel'; id: string }
  | { type: 'stateChanged'; state: DraftPanelState }
  | { type: 'insert'; draft: DraftView }
  | { type: 'openSource'; source: SourceRef };

export type ExtensionToDraft =
  | { type: 'init'; state?: DraftPanelState; engines: string[]; documentKeys: KeyOption[]; scope?: KeyScope; groups?: KeyGroup[] }
  | { type: 'documentKeys'; keys: KeyOption[]; scope?: KeyScope }
  | { type: 'searchResults'; query: string; results: KeyOption[] }
  /** Progress of a request; one the extension started itself (the Draft Related Work command) has an id of its own. */
  | { type: 'progress'; requestId: string; done: number; total: number; message?: string; sentence?: { key: string; text: string } }
  // Completions: exactly one per request.
  | { type: 'draft'; requestId: string; draft: DraftView }
  | { type: 'paragraph'; requestId: string; paragraph: number; value: DraftParagraphView }
  | { type: 'sentence'; requestId: string; paragraph: number; sentence: number; value: DraftSentenceView }
  | { type: 'cancelled'; requestId: string }
  /** An error; with requestId it completes that request, without it it is about something else (e.g. Insert). */
  | { type: 'error'; requestId?: string; message: string }
  | { type: 'inserted'; where: string };

// ---------------------------------------------------------------------------------------------------------------
// Score panel

export type ScoreToExtension = { type: 'ready' } | { type: 'revealLine'; target: 'draft' | 'reference'; line: number };

export type ExtensionToScore = { type: 'report'; report: ScoreReportView } | { type: 'error'; message: string };

// Check Citations panel

/** One cited key as the check panel shows it. */
export interface CitationCheckView {
  key: string;
  /** 0-based line of the key in the document. */
  line: number;
  sentence: string;
  /** misattributed: another work of the paragraph fits clearly better (`better`); unsupported: none of them says it. */
  verdict: 'supported' | 'weak' | 'misattributed' | 'unsupported' | 'title-only' | 'not-in-library' | 'no-sentence';
  support?: number;
  evidence?: { text: string; source: string; page?: number };
  /** Misattributed: the work of the paragraph the sentence describes. Otherwise: a better work of the library. */
  better?: { key: string; support: number; evidence: { text: string; source: string; page?: number } };
  /** The other works of the paragraph the citation was judged against; absent when judged alone. */
  paragraphKeys?: string[];
  /** Numbers and names of datasets or systems in the sentence that the cited work does not hold. */
  unsupportedDetails?: string[];
}

/** revealCitation: show the key in the document; swapCitation: cite the row's `better` work instead (misattributed rows). */
export type CheckToExtension = { type: 'ready' } | { type: 'revealCitation'; index: number } | { type: 'swapCitation'; index: number };
export type ExtensionToCheck = { type: 'checks'; documentLabel: string; checks: CitationCheckView[] } | { type: 'error'; message: string };

// Verify References panel

/** One entry's verdict as the verify panel shows it. */
export interface VerifyEntryView {
  key: string;
  /** The .bib file's name, for the row ("references.bib"). */
  fileLabel: string;
  verdict: 'verified' | 'mismatch' | 'not-found' | 'unverifiable';
  evidence: string;
  /** The differing fields, ours vs theirs (mismatch only). */
  fields: { field: string; ours: string; theirs: string }[];
  notes: string[];
  /** The source whose record decided, as named to the user ("OpenAlex"); absent when none did. */
  sourceLabel?: string;
}

export type VerifyToExtension = { type: 'ready' } | { type: 'revealEntry'; index: number };
export type ExtensionToVerify =
  | { type: 'report'; scope: string; entries: VerifyEntryView[]; cancelled: boolean; notChecked: string[]; problems: string[] }
  | { type: 'error'; message: string };
