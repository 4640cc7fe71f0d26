// What the stages of a default-engine draft pass along (write.ts: writeDraft runs them in order): the cited works as
// the library gives them, what was measured of them once (planning texts, TF-IDF model, planning vectors), and the
// plan the later stages fill in and revise (each work's candidate sentences, the topic groups). Built here, by the
// first two stages: gatherRecords (keys → records) and measureWorks (records → vectors).
import type { CiteSyntax, DraftRequest, PaperLookup, PaperRecord } from '../types';
import type { SparseVector, TfIdfModel } from '../text/tokens';
import { sourceDocument, type SourceDocument } from '../engine/candidates';
import { plainText } from '../text/plain';
import { boundedRecord, capLongTokens } from '../text/long-tokens';
import { ownContributionSentences, ownWorkIntroducer } from './own-claims';
import { type DraftContext, type GroupPlan, planningText, planVectors, termVectors, WORDS_PER_WORK_DEFAULT, type WorkPlan } from './plan';

export interface DraftState {
  readonly req: DraftRequest;
  readonly ctx: DraftContext;
  /** How citations are written: the request's, else \cite for LaTeX and [@key] for Markdown. */
  readonly syntax: CiteSyntax;
  /** The cited works the library has, in the order first asked for, their text bounded (boundedRecord). */
  readonly records: PaperRecord[];
  /** The words the draft aims at: the request's, else WORDS_PER_WORK_DEFAULT a work (60 at least). */
  readonly targetWords: number;
  /** Each work's source sentences (abstract, linked PDF), as the default engine's citation reads them. */
  readonly docs: SourceDocument[];
  /** Each work's planning text: title and abstract, or the first sentences of its PDF (plan.ts: planningText). */
  readonly texts: string[];
  /** The author's own abstract as plain text; '' when none was given. */
  readonly ownText: string;
  /** TF-IDF over the works' planning texts and the author's abstract: keyphrase rarity, query focus. */
  readonly model: TfIdfModel;
  /** The author's abstract as a TF-IDF vector (undefined without one): what the query focus compares sentences with. */
  readonly ownVector?: SparseVector;
  /** The vectors that group and order the works: TF-IDF, or embeddings with a sentence encoder (planVectors). */
  readonly planned: { vectors: SparseVector[]; own?: SparseVector };
  /** The author's sentences that say what their work does, for the contrasts (own-claims.ts: ownContributionSentences). */
  readonly ownContributions: string[];
  /** Whether one of the author's sentences says what their work is ("We propose X"), not only what it also does. */
  readonly introducesOwnWork: (sentence: string) => boolean;
  /** One plan per record, in record order (chooseWorkOptions). */
  works: WorkPlan[];
  /** The topic groups in paragraph order (groupWorks); later stages revise their works' sentences and contrasts. */
  groups: GroupPlan[];
}

/**
 * The keys asked for, each once and trimmed ("a, a , b" → a, b), split into the records the library has and the keys
 * it does not know. A key the library lists but cannot read (its record is gone) is unknown too.
 */
export function gatherRecords(req: DraftRequest, library: PaperLookup): { records: PaperRecord[]; unknownKeys: string[] } {
  const seen = new Set<string>();
  const keys = req.keys.map((k) => k.trim()).filter((k) => k && !seen.has(k) && seen.add(k));
  const unknownKeys = keys.filter((k) => !library.hasKey(k));
  const found = keys.filter((k) => library.hasKey(k)).map((k) => library.getPaper(k)).filter((r): r is PaperRecord => !!r);
  for (const k of keys) if (library.hasKey(k) && !found.some((r) => r.key === k)) unknownKeys.push(k);
  // Where the works' text enters the engine: no pattern after this point sees a word longer than MAX_TOKEN_CHARS.
  const records = found.map(boundedRecord);
  return { records, unknownKeys };
}

/**
 * Measures the works once for every later stage: their source sentences, planning texts and vectors, and the author's
 * abstract. With a sentence encoder (ctx.embed) the planning vectors are embeddings; the query focus stays TF-IDF.
 */
export async function measureWorks(req: DraftRequest, ctx: DraftContext, records: PaperRecord[]): Promise<DraftState> {
  const { options } = ctx;
  const syntax: CiteSyntax = req.syntax ?? (req.format === 'markdown' ? 'pandoc' : 'cite');
  // Plan: vectors over title + abstract (or the linked PDF's text), similarity to the author's own abstract.
  const docs = records.map((r) => sourceDocument(r));
  const texts = records.map((r, i) => planningText(r, docs[i]));
  const ownText = req.ownAbstract ? plainText(capLongTokens(req.ownAbstract)) : '';
  const { termLists, model, vectors: tfidfVectors, own: ownVector } = termVectors(texts, ownText);
  // A sentence encoder may load, or even download, its model first: say so rather than sit at 0 of n.
  if (ctx.embed) options?.progress?.report(0, records.length, 'Embedding titles and abstracts…');
  const planned = await planVectors(texts, termLists, ownText, { vectors: tfidfVectors, own: ownVector }, ctx.embed, options?.signal);
  const targetWords = req.targetWords ?? Math.max(60, WORDS_PER_WORK_DEFAULT * records.length);
  const ownContributions = ownText ? ownContributionSentences(ownText) : [];
  const introducesOwnWork = ownWorkIntroducer(ownContributions);
  return { req, ctx, syntax, records, targetWords, docs, texts, ownText, model, ownVector, planned, ownContributions, introducesOwnWork, works: [], groups: [] };
}
