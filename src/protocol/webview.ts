// The one typed protocol between the extension and its webviews (the draft side bar and the report panels). Each
// message is declared once, as a valibot schema; its TypeScript type is inferred from the schema and guards.ts checks
// incoming messages with the same schema (a webview is untrusted input), so the type and the check cannot drift apart.
// Messages from the extension to a webview are declared the same way for their types; nothing checks them at runtime.
//
// Work that takes time is a request with an id, as GitLens's webview IPC does: the webview sends
// `{ type: 'generate', id: 'r3', … }`, may send `{ type: 'cancel', id: 'r3' }`, and gets progress and exactly one
// completion (`draft`, `paragraph`, `sentence`, `cancelled` or `error`) carrying `requestId: 'r3'`. A reply to any
// other request (one the author has since replaced) is ignored, so a `regenerateSentence` is never answered by an
// unrelated `sentence`.
import * as v from 'valibot';

// ---------------------------------------------------------------------------------------------------------------
// Building blocks

/** A position or a count: a whole number, never negative (paragraph -1 or 1.5 names nothing). */
const Index = v.pipe(v.number(), v.integer(), v.minValue(0));
/** Request ids are short tokens the webview makes ("r12"), never free text. */
const RequestId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/));
const Strings = v.array(v.string());
/** Every panel's first message: the page is listening, the extension may send what it has. */
const ReadySchema = v.object({ type: v.literal('ready') });
/** A failure to show in the panel's alert box. */
const ErrorSchema = v.object({ type: v.literal('error'), message: v.string() });

// ---------------------------------------------------------------------------------------------------------------
// Shared shapes

export const SourceRefSchema = v.object({
  key: v.string(),
  text: v.string(),
  section: v.string(),
  page: v.optional(Index),
  pdfPath: v.optional(v.string()),
});
export type SourceRef = v.InferOutput<typeof SourceRefSchema>;

/** A work's sentence that comes closest to the written one (Check Citations' evidence). */
export const EvidenceViewSchema = v.object({ text: v.string(), source: v.picklist(['title', 'abstract', 'pdf']), page: v.optional(Index) });

/**
 * One citation of a model's sentence judged against the other works of its paragraph: supported, weak,
 * misattributed (`better` says it), unsupported, title-only; with the details the cited work does not hold.
 */
export const SentenceCheckViewSchema = v.object({
  key: v.string(),
  verdict: v.picklist(['supported', 'weak', 'misattributed', 'unsupported', 'title-only', 'not-in-library', 'no-sentence']),
  support: v.optional(v.number()),
  evidence: v.optional(EvidenceViewSchema),
  better: v.optional(v.object({ key: v.string(), support: v.number(), evidence: EvidenceViewSchema })),
  unsupportedDetails: v.optional(Strings),
});
export type SentenceCheckView = v.InferOutput<typeof SentenceCheckViewSchema>;

export const DraftSentenceViewSchema = v.object({
  text: v.string(),
  keys: Strings,
  role: v.picklist(['topic', 'work', 'contrast']),
  sources: v.array(SourceRefSchema),
  /** True once the author edited the sentence by hand in the panel. */
  edited: v.optional(v.boolean()),
  /** Each citation judged (LLM engines): shown with the sentence, a doubtful one marked. */
  checks: v.optional(v.array(SentenceCheckViewSchema)),
  /** Why the sentence needs a look, e.g. the default engine wrote it because the model's failed the check. */
  flags: v.optional(Strings),
});
export type DraftSentenceView = v.InferOutput<typeof DraftSentenceViewSchema>;

export const DraftParagraphViewSchema = v.object({
  heading: v.optional(v.string()),
  /** The plan's subject of the paragraph: regenerating it asks the model for the same paragraph of the same plan. */
  subject: v.optional(v.string()),
  keys: Strings,
  sentences: v.array(DraftSentenceViewSchema),
});
export type DraftParagraphView = v.InferOutput<typeof DraftParagraphViewSchema>;

export const DraftViewSchema = v.object({
  paragraphs: v.array(DraftParagraphViewSchema),
  format: v.picklist(['latex', 'markdown']),
  citedKeys: Strings,
  unknownKeys: Strings,
  /** Works cited only in a grouped citation, without a sentence of their own (the length held none). */
  listedOnly: v.optional(Strings),
  engine: v.string(),
  /** Wall time of the generation, for the footer. */
  elapsedMs: v.number(),
});
export type DraftView = v.InferOutput<typeof DraftViewSchema>;

export const DraftSettingsSchema = v.object({
  /** Above zero: a target of 0 words would ask for an empty draft. */
  targetWords: v.pipe(v.number(), v.gtValue(0)),
  subsections: v.boolean(),
  engine: v.string(),
});
export type DraftSettings = v.InferOutput<typeof DraftSettingsSchema>;

export const KeyOptionSchema = v.object({
  key: v.string(),
  title: v.string(),
  year: v.optional(v.number()),
  authors: v.string(),
  /** False when the key is cited in the document but missing from the library. */
  known: v.boolean(),
  /** What the library has to write from: a PDF, an abstract, or the title only (the draft can only name it). */
  grounding: v.optional(v.picklist(['pdf', 'abstract', 'title-only'])),
});
export type KeyOption = v.InferOutput<typeof KeyOptionSchema>;

/** Where the document's keys came from: the section around the cursor (or the selection), or the whole document. */
export const KeyScopeSchema = v.object({
  /** "section “Related Work”", "the selection", "the whole document". */
  label: v.string(),
  /** Keys the whole document cites. */
  total: Index,
  /** True when these are all the document's keys. */
  all: v.boolean(),
});
export type KeyScope = v.InferOutput<typeof KeyScopeSchema>;

/** A BibTeX group (JabRef's `groups` field) and its entries: adding it adds all its keys. */
export const KeyGroupSchema = v.object({ name: v.string(), keys: v.array(KeyOptionSchema) });
export type KeyGroup = v.InferOutput<typeof KeyGroupSchema>;

/** What the draft view persists (webview state + workspace storage) so a draft survives a window reload. */
export const DraftPanelStateSchema = v.object({
  keys: Strings,
  settings: DraftSettingsSchema,
  draft: v.optional(DraftViewSchema),
});
export type DraftPanelState = v.InferOutput<typeof DraftPanelStateSchema>;

const PrfViewSchema = v.object({ p: v.number(), r: v.number(), f: v.number() });
export type PrfView = v.InferOutput<typeof PrfViewSchema>;

/** A key the report names; line = where it is cited (0-based), if known. */
const KeyAtLineSchema = v.object({ key: v.string(), line: v.optional(Index) });

const BlockPairSchema = v.object({
  draftIndex: Index,
  referenceIndex: Index,
  score: v.number(),
  draftPreview: v.string(),
  referencePreview: v.string(),
  draftLine: v.optional(Index),
});

export const ScoreReportViewSchema = v.object({
  draftLabel: v.string(),
  referenceLabel: v.string(),
  stemmed: v.boolean(),
  rouge: v.object({ rouge1: PrfViewSchema, rouge2: PrfViewSchema, rougeL: PrfViewSchema, rougeLsum: PrfViewSchema }),
  coverage: v.object({
    recall: v.number(),
    precision: v.number(),
    f1: v.number(),
    /** Keys the reference cites that the draft does not; line = where the reference cites it. */
    missing: v.array(KeyAtLineSchema),
    /** Keys the draft cites that are not in the library; line = where in the draft. */
    unknown: v.array(KeyAtLineSchema),
  }),
  blockMatch: v.object({ precision: v.number(), recall: v.number(), f1: v.number(), pairs: v.array(BlockPairSchema) }),
});
export type ScoreReportView = v.InferOutput<typeof ScoreReportViewSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Draft side bar

/** The requests that take time; each has an id its replies carry as `requestId`. */
export const DraftRequestMessageSchema = v.variant('type', [
  v.object({ type: v.literal('generate'), id: RequestId, keys: Strings, settings: DraftSettingsSchema }),
  v.object({ type: v.literal('regenerateParagraph'), id: RequestId, paragraph: Index }),
  v.object({ type: v.literal('regenerateSentence'), id: RequestId, paragraph: Index, sentence: Index }),
]);
export type DraftRequestMessage = v.InferOutput<typeof DraftRequestMessageSchema>;

export const DraftToExtensionSchema = v.variant('type', [
  ReadySchema,
  /** The document's keys: those of the section around the cursor, or with `all` every key it cites. */
  v.object({ type: v.literal('useDocumentKeys'), all: v.optional(v.boolean()) }),
  v.object({ type: v.literal('searchKeys'), query: v.string() }),
  ...DraftRequestMessageSchema.options,
  /** Stops the request with this id; its completion is `cancelled`. */
  v.object({ type: v.literal('cancel'), id: RequestId }),
  v.object({ type: v.literal('stateChanged'), state: DraftPanelStateSchema }),
  v.object({ type: v.literal('insert'), draft: DraftViewSchema }),
  v.object({ type: v.literal('openSource'), source: SourceRefSchema }),
]);
export type DraftToExtension = v.InferOutput<typeof DraftToExtensionSchema>;

export const ExtensionToDraftSchema = v.variant('type', [
  v.object({
    type: v.literal('init'),
    state: v.optional(DraftPanelStateSchema),
    engines: Strings,
    documentKeys: v.array(KeyOptionSchema),
    scope: v.optional(KeyScopeSchema),
    groups: v.optional(v.array(KeyGroupSchema)),
  }),
  v.object({ type: v.literal('documentKeys'), keys: v.array(KeyOptionSchema), scope: v.optional(KeyScopeSchema) }),
  v.object({ type: v.literal('searchResults'), query: v.string(), results: v.array(KeyOptionSchema) }),
  /** Progress of a request; one the extension started itself (the Draft Related Work command) has an id of its own. */
  v.object({
    type: v.literal('progress'),
    requestId: v.string(),
    done: Index,
    total: Index,
    message: v.optional(v.string()),
    sentence: v.optional(v.object({ key: v.string(), text: v.string() })),
  }),
  // Completions: exactly one per request.
  v.object({ type: v.literal('draft'), requestId: v.string(), draft: DraftViewSchema }),
  v.object({ type: v.literal('paragraph'), requestId: v.string(), paragraph: Index, value: DraftParagraphViewSchema }),
  v.object({ type: v.literal('sentence'), requestId: v.string(), paragraph: Index, sentence: Index, value: DraftSentenceViewSchema }),
  v.object({ type: v.literal('cancelled'), requestId: v.string() }),
  /** An error; with requestId it completes that request, without it it is about something else (e.g. Insert). */
  v.object({ type: v.literal('error'), requestId: v.optional(v.string()), message: v.string() }),
  v.object({ type: v.literal('inserted'), where: v.string() }),
]);
export type ExtensionToDraft = v.InferOutput<typeof ExtensionToDraftSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Score panel

export const ScoreToExtensionSchema = v.variant('type', [
  ReadySchema,
  v.object({ type: v.literal('revealLine'), target: v.picklist(['draft', 'reference']), line: Index }),
]);
export type ScoreToExtension = v.InferOutput<typeof ScoreToExtensionSchema>;

export const ExtensionToScoreSchema = v.variant('type', [v.object({ type: v.literal('report'), report: ScoreReportViewSchema }), ErrorSchema]);
export type ExtensionToScore = v.InferOutput<typeof ExtensionToScoreSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Check Citations panel

const EvidenceSchema = v.object({ text: v.string(), source: v.string(), page: v.optional(Index) });

/** One cited key as the check panel shows it. */
export const CitationCheckViewSchema = v.object({
  key: v.string(),
  /** 0-based line of the key in the document. */
  line: Index,
  sentence: v.string(),
  /** misattributed: another work of the paragraph fits clearly better (`better`); unsupported: none of them says it. */
  verdict: v.picklist(['supported', 'weak', 'misattributed', 'unsupported', 'title-only', 'not-in-library', 'no-sentence']),
  support: v.optional(v.number()),
  evidence: v.optional(EvidenceSchema),
  /** Misattributed: the work of the paragraph the sentence describes. Otherwise: a better work of the library. */
  better: v.optional(v.object({ key: v.string(), support: v.number(), evidence: EvidenceSchema })),
  /** The other works of the paragraph the citation was judged against; absent when judged alone. */
  paragraphKeys: v.optional(v.array(v.string())),
  /** Numbers and names of datasets or systems in the sentence that the cited work does not hold. */
  unsupportedDetails: v.optional(v.array(v.string())),
});
export type CitationCheckView = v.InferOutput<typeof CitationCheckViewSchema>;

/** revealCitation: show the key in the document; swapCitation: cite the row's `better` work instead (misattributed rows). */
export const CheckToExtensionSchema = v.variant('type', [
  ReadySchema,
  v.object({ type: v.literal('revealCitation'), index: Index }),
  v.object({ type: v.literal('swapCitation'), index: Index }),
]);
export type CheckToExtension = v.InferOutput<typeof CheckToExtensionSchema>;

export const ExtensionToCheckSchema = v.variant('type', [
  v.object({ type: v.literal('checks'), documentLabel: v.string(), checks: v.array(CitationCheckViewSchema) }),
  ErrorSchema,
]);
export type ExtensionToCheck = v.InferOutput<typeof ExtensionToCheckSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Verify References panel

/** One entry's verdict as the verify panel shows it. */
export const VerifyEntryViewSchema = v.object({
  key: v.string(),
  /** The .bib file's name, for the row ("references.bib"). */
  fileLabel: v.string(),
  verdict: v.picklist(['verified', 'mismatch', 'not-found', 'unverifiable']),
  evidence: v.string(),
  /** The differing fields, ours vs theirs (mismatch only). */
  fields: v.array(v.object({ field: v.string(), ours: v.string(), theirs: v.string() })),
  notes: Strings,
  /** The source whose record decided, as named to the user ("OpenAlex"); absent when none did. */
  sourceLabel: v.optional(v.string()),
});
export type VerifyEntryView = v.InferOutput<typeof VerifyEntryViewSchema>;

export const VerifyToExtensionSchema = v.variant('type', [ReadySchema, v.object({ type: v.literal('revealEntry'), index: Index })]);
export type VerifyToExtension = v.InferOutput<typeof VerifyToExtensionSchema>;

export const ExtensionToVerifySchema = v.variant('type', [
  v.object({ type: v.literal('report'), scope: v.string(), entries: v.array(VerifyEntryViewSchema), cancelled: v.boolean(), notChecked: Strings, problems: Strings }),
  ErrorSchema,
]);
export type ExtensionToVerify = v.InferOutput<typeof ExtensionToVerifySchema>;
