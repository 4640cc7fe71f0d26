// Related-work drafts (after OARelatedWork): plan topic groups over the cited works, order them, and write each
// paragraph as a topic sentence, grounded sentences per work (MMR against redundancy), grouped citations for works
// that get no sentence of their own, and a contrasting sentence from the author's own abstract. writeDraft runs the
// default engine's stages in order, each in its own file and passing one DraftState along (draft-state.ts); the
// rules they apply live in plan, keyphrases, topics, contrast, fit, flow and render.
import { type Draft, type DraftParagraph, type DraftRequest } from '../types';
import { chooseContrasts, foldWorksWithNothingNew, groupWorks } from './groups';
import { composeParagraphs } from './compose';
import { type DraftState, gatherRecords, measureWorks } from './draft-state';
import { restoreListedWorks, growToTarget, shortenToFit, startLengthFit } from './length';
import { type DraftContext, knowsNothingOf } from './plan';
import { renderDraft } from './render';
import { rankWorkSentences } from './work-sentences';

/** Why a work has no sentence of its own in a draft. */
const LISTED_ONLY_FLAG = 'only listed in a grouped citation: the target length holds no sentence of its own';
/** Why a work is said only in a clause of a sentence shared with others (listed.ts). */
const CLAUSE_ONLY_FLAG = 'said only in a short clause: the target length holds no sentence of its own';

/**
 * The default engine's related-work section: the stages in order. Each stage reads the DraftState and fills in or
 * revises its part (works, then groups); the length stages share a LengthFit (the word bound).
 */
export async function writeDraft(req: DraftRequest, ctx: DraftContext): Promise<Draft> {
  // Keys → records: "a, a, ghost" drafts a once and reports ghost as unknown.
  const { records, unknownKeys } = gatherRecords(req, ctx.library);
  if (records.length === 0) return { text: '', paragraphs: [], citedKeys: [], unknownKeys, engine: 'default' };
  // Measured once for every stage: source sentences, planning texts and vectors, the author's abstract.
  const draft = await measureWorks(req, ctx, records);
  // Each work's candidate sentences, best first; a work known by its title alone gets its flagged title sentence.
  draft.works = rankWorkSentences(draft);
  // Topic groups in paragraph order, the closest to the author's work last, next to where the paper's own is stated.
  draft.groups = groupWorks(draft);
  // A work that would repeat an earlier one of its group, or that has no text, is cited only in "See also \cite{b}".
  foldWorksWithNothingNew(draft.groups);
  // One sentence of the author's abstract set against each group: "Unlike these works, we track hive weight …".
  chooseContrasts(draft);
  // The target length (±15%): too long, shorter variants and fewer contrasts and the weakest works folded; then the
  // folded works get a sentence back where the words allow; too short, further sentences per work by MMR.
  const fit = startLengthFit(draft);
  shortenToFit(draft, fit);
  restoreListedWorks(draft, fit);
  growToTarget(draft, fit);
  // The paragraphs as the reader sees them, then the text and the flags.
  return finishDraft(draft, unknownKeys, composeParagraphs(draft));
}

/** The draft as the engine returns it: the text rendered, and a flag on each work that has no sentence of its own. */
function finishDraft(draft: DraftState, unknownKeys: string[], paragraphs: DraftParagraph[]): Draft {
  const { req, records, works } = draft;
  const citedKeys = records.map((r) => r.key);
  const flags = works.filter((w) => w.titleOnly).map((w) => `${w.record.key}: ${w.titleOnlyFlag}`);
  // A work the library knows nothing of is flagged as such already; the others had text the length left no room for.
  // One said in a clause of a shared sentence ("\cite{a} proposed X, \cite{b} …", listed.ts) is not only listed.
  const inClauses = new Set(paragraphs.flatMap((p) => p.sentences).filter((s) => s.role === 'topic' && s.sources.length > 0).flatMap((s) => s.keys));
  const listed = works.filter((w) => w.groupedOnly && !knowsNothingOf(w) && !inClauses.has(w.record.key));
  // A title-only work's own flag says already why it has no sentence to itself.
  for (const w of listed) if (!w.titleOnly) flags.push(`${w.record.key}: ${LISTED_ONLY_FLAG}`);
  for (const w of works) if (w.groupedOnly && inClauses.has(w.record.key)) flags.push(`${w.record.key}: ${CLAUSE_ONLY_FLAG}`);
  return { text: renderDraft(paragraphs, req.format), paragraphs, citedKeys, unknownKeys, engine: 'default', flags, listedOnly: listed.map((w) => w.record.key) };
}
