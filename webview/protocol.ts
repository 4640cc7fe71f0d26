// The one typed protocol between the extension and its webviews (the draft side bar and the score panel).
// Both sides import these types; the extension also checks every incoming message with the guards below, because a
// webview is untrusted input.

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

export type DraftToExtension =
  | { type: 'ready' }
  | { type: 'useDocumentKeys' }
  | { type: 'searchKeys'; query: string }
  | { type: 'generate'; keys: string[]; settings: DraftSettings }
  | { type: 'cancel' }
  | { type: 'regenerateParagraph'; paragraph: number }
  | { type: 'regenerateSentence'; paragraph: number; sentence: number }
  | { type: 'stateChanged'; state: DraftPanelState }
  | { type: 'insert'; draft: DraftView }
  | { type: 'openSource'; source: SourceRef };

export type ExtensionToDraft =
  | { type: 'init'; state?: DraftPanelState; engines: string[]; documentKeys: KeyOption[]; groups?: KeyGroup[] }
  | { type: 'documentKeys'; keys: KeyOption[] }
  | { type: 'searchResults'; query: string; results: KeyOption[] }
  | { type: 'progress'; done: number; total: number; message?: string }
  | { type: 'draft'; draft: DraftView }
  | { type: 'paragraph'; paragraph: number; value: DraftParagraphView }
  | { type: 'sentence'; paragraph: number; sentence: number; value: DraftSentenceView }
  | { type: 'cancelled' }
  | { type: 'inserted'; where: string }
  | { type: 'error'; message: string };

// ---------------------------------------------------------------------------------------------------------------
// Score panel

export type ScoreToExtension = { type: 'ready' } | { type: 'revealLine'; target: 'draft' | 'reference'; line: number };

export type ExtensionToScore = { type: 'report'; report: ScoreReportView } | { type: 'error'; message: string };

// ---------------------------------------------------------------------------------------------------------------
// Runtime checks for messages coming from a webview.

type Json = unknown;
const isObj = (v: Json): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStr = (v: Json): v is string => typeof v === 'string';
const isInt = (v: Json): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isStrArray = (v: Json): v is string[] => Array.isArray(v) && v.every(isStr);

function isSettings(v: Json): v is DraftSettings {
  return isObj(v) && typeof v.targetWords === 'number' && v.targetWords > 0 && typeof v.subsections === 'boolean' && isStr(v.engine);
}

function isSource(v: Json): v is SourceRef {
  return isObj(v) && isStr(v.key) && isStr(v.text) && isStr(v.section) && (v.page === undefined || isInt(v.page)) && (v.pdfPath === undefined || isStr(v.pdfPath));
}

function isSentence(v: Json): v is DraftSentenceView {
  return isObj(v) && isStr(v.text) && isStrArray(v.keys) && isStr(v.role) && Array.isArray(v.sources) && v.sources.every(isSource);
}

function isDraft(v: Json): v is DraftView {
  return (
    isObj(v) &&
    (v.format === 'latex' || v.format === 'markdown') &&
    Array.isArray(v.paragraphs) &&
    v.paragraphs.every((p) => isObj(p) && isStrArray(p.keys) && Array.isArray(p.sentences) && p.sentences.every(isSentence) && (p.heading === undefined || isStr(p.heading))) &&
    isStrArray(v.citedKeys) &&
    isStrArray(v.unknownKeys)
  );
}

function isState(v: Json): v is DraftPanelState {
  return isObj(v) && isStrArray(v.keys) && isSettings(v.settings) && (v.draft === undefined || isDraft(v.draft));
}

export function isDraftToExtension(msg: Json): msg is DraftToExtension {
  if (!isObj(msg) || !isStr(msg.type)) return false;
  switch (msg.type) {
    case 'ready':
    case 'useDocumentKeys':
    case 'cancel':
      return true;
    case 'searchKeys':
      return isStr(msg.query);
    case 'generate':
      return isStrArray(msg.keys) && isSettings(msg.settings);
    case 'regenerateParagraph':
      return isInt(msg.paragraph);
    case 'regenerateSentence':
      return isInt(msg.paragraph) && isInt(msg.sentence);
    case 'stateChanged':
      return isState(msg.state);
    case 'insert':
      return isDraft(msg.draft);
    case 'openSource':
      return isSource(msg.source);
    default:
      return false;
  }
}

export function isScoreToExtension(msg: Json): msg is ScoreToExtension {
  if (!isObj(msg) || !isStr(msg.type)) return false;
  if (msg.type === 'ready') return true;
  if (msg.type === 'revealLine') return (msg.target === 'draft' || msg.target === 'reference') && isInt(msg.line);
  return false;
}

/** Renders a draft view as the text that goes into the document. */
export function renderDraftText(draft: DraftView): string {
  const blocks: string[] = [];
  for (const p of draft.paragraphs) {
    if (p.heading) blocks.push(draft.format === 'latex' ? `\\subsection{${p.heading}}` : `### ${p.heading}`);
    blocks.push(p.sentences.map((s) => s.text.trim()).filter(Boolean).join(' '));
  }
  return blocks.join('\n\n') + '\n';
}
