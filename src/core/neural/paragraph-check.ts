// The model's paragraph judged sentence by sentence with Check Citations' attribution model (suggest/attribution.ts,
// the same judgement as `citescribe check --pairs` with a group): each (sentence, cited work) against the other works
// of its paragraph. A sentence that describes another work of the paragraph ("this describes [W3], not [W2]") or that
// gives a number or a named dataset/system the cited work's text does not hold fails; its reasons are what the model is
// told when asked again, and what the user is shown when the default engine's sentence replaces it.
import type { CitationJudgement, PaperLookup, PaperRecord } from '../types';
import type { CheckLibrary } from '../suggest/check';
import { authorFamilyNames, judgeAttribution, unsupportedDetails } from '../suggest/attribution';
import { ATTRIBUTION_MODEL } from '../suggest/attribution-model';
import { CANDIDATES, suggestCitations } from '../suggest/suggest';
import { stripCitationMarkers } from '../suggest/citance';
import type { PlaceholderWork } from './paragraph-prompts';

/** A sentence of the model's paragraph as read (paragraph-writer.ts: readParagraph). */
export interface JudgedInput {
  /** The model's sentence as it wrote it, placeholders and all: quoted back to the model, which never sees a key. */
  raw: string;
  /** The sentence without its citations: what is judged. */
  plain: string;
  keys: string[];
}

export interface SentenceVerdict {
  checks: CitationJudgement[];
  /** Why the sentence cannot stay, in the model's terms (placeholders); none when it passes. */
  problems: string[];
}

/**
 * The library as Check Citations reads it, when the lookup is the index (the SQLite store, or the extension's library
 * service over it): BM25 candidates and word rarity are what the judgement needs. A bare lookup (a MemoryLibrary of an
 * evaluation) has neither, and the paragraph is then not judged.
 */
export function checkLibraryOf(library: PaperLookup): CheckLibrary | undefined {
  const candidate = library as PaperLookup & Partial<CheckLibrary>;
  return typeof candidate.citationCandidates === 'function' && typeof candidate.termRarity === 'function' ? (candidate as CheckLibrary) : undefined;
}

/** The judgement in the draft's terms: what the panel shows and the CLI's --json carries. */
function judgementOf(r: ReturnType<typeof judgeAttribution>): CitationJudgement {
  return {
    key: r.key,
    verdict: r.verdict,
    ...(r.support !== undefined && { support: Number(r.support.toFixed(4)) }),
    ...(r.evidence && { evidence: r.evidence }),
    ...(r.better && { better: { key: r.better.key, support: Number(r.better.support.toFixed(4)), evidence: r.better.evidence } }),
    ...(r.unsupportedDetails?.length && { unsupportedDetails: r.unsupportedDetails }),
  };
}

/** "we", "our", "us": a sentence that speaks of the citing paper's own work. */
export const FIRST_PERSON = /\b(?:we|our|us)\b/i;

/**
 * Judges each citation of one sentence against the paragraph's works. Misattributed counts only when the better work
 * is not cited by the sentence too ("[W1, W3] learn X": W3 saying it better is no error). A detail fails only when no
 * work the sentence cites holds it: "[W1, W2] reach 91%" is fine when either says 91%.
 */
export function judgeSentence(library: CheckLibrary, sentence: JudgedInput, works: readonly PlaceholderWork[], ownAbstract?: string): SentenceVerdict {
  const group = works.map((w) => w.paper.key);
  const placeholder = (key: string) => works.find((w) => w.paper.key === key)?.placeholder ?? key;
  // A family name of a work's authors is a name the sentence may give ("Liu and Tuzel"), not an invented detail.
  const names = authorFamilyNames(works.map((w) => w.paper));
  // One ranking of the sentence for all its citations: a topic sentence cites the whole paragraph.
  const ranked = suggestCitations(library, sentence.plain, CANDIDATES);
  const results = sentence.keys.map((key) => judgeAttribution(library, sentence.plain, key, group, ATTRIBUTION_MODEL, ranked));
  const problems: string[] = [];
  for (const r of results) {
    if (r.verdict !== 'misattributed' || !r.better || sentence.keys.includes(r.better.key)) continue;
    problems.push(
      `the sentence "${sentence.raw}" describes ${placeholder(r.better.key)}, not ${placeholder(r.key)}: ` +
        `${placeholder(r.better.key)} says "${r.better.evidence.text}"; ${placeholder(r.key)} says "${r.evidence?.text ?? ''}"`,
    );
  }
  // A sentence in the author's voice gives the citing paper's own details: "Like [W1], we compare three algorithms,
  // McQuitty's, Ward's and EM" takes McQuitty and EM from the citing abstract, not from [W1]; those are not invented.
  const notOurs = ownAbstract && FIRST_PERSON.test(sentence.plain) ? new Set(unsupportedDetails(sentence.plain, ownAbstract)) : undefined;
  const detailsOf = (r: (typeof results)[number]) => (r.unsupportedDetails ?? []).filter((d) => !names.has(d) && (!notOurs || notOurs.has(d)));
  // Title-only works cannot be checked for details (their text is the title): they do not decide.
  const judged = results.filter((r) => r.verdict !== 'title-only' && r.verdict !== 'not-in-library' && r.verdict !== 'no-sentence');
  const invented = judged.length ? detailsOf(judged[0]).filter((d) => judged.every((r) => detailsOf(r).includes(d))) : [];
  if (invented.length) {
    const cited = [...new Set(sentence.keys.map(placeholder))].join(', ');
    problems.push(`the sentence "${sentence.raw}" gives ${invented.join(', ')}, which the text of ${cited} does not hold: say only what the works' texts say`);
  }
  // A better work the sentence cites too is no misattribution: the cited one says it less well than its neighbour.
  const checks = results.map((r) => {
    const details = detailsOf(r);
    const shown = details.length === (r.unsupportedDetails ?? []).length ? r : { ...r, unsupportedDetails: details };
    return shown.verdict === 'misattributed' && shown.better && sentence.keys.includes(shown.better.key) ? { ...shown, verdict: 'weak' as const, better: undefined } : shown;
  });
  return { checks: checks.map(judgementOf), problems };
}

/**
 * The checks of a sentence regenerated on its own in the draft panel ("↻" on one sentence of an LLM draft): judged
 * against the works of its paragraph as the model's sentences were, so that it gets a badge like its neighbours
 * instead of none. Undefined when the library cannot judge (a bare lookup without an index).
 */
export function judgeRegeneratedSentence(library: PaperLookup, sentence: { text: string; keys: string[] }, paragraphKeys: readonly string[]): CitationJudgement[] | undefined {
  const checkLibrary = checkLibraryOf(library);
  if (!checkLibrary || !sentence.keys.length) return undefined;
  const works = paragraphKeys.flatMap((key, i) => {
    const paper = library.getPaper(key);
    return paper ? [{ placeholder: `[W${i + 1}]`, paper }] : [];
  });
  return judgeSentence(checkLibrary, { raw: sentence.text, plain: stripCitationMarkers(sentence.text), keys: sentence.keys }, works).checks;
}
