// "It is shown that …" read as the authors' own finding. In a file of its own because both the authors' voice
// (authors-voice.ts) and the active self-description (self-description.ts) read it, and authors-voice.ts reaches
// self-description.ts through discourse.ts: had it stayed in authors-voice.ts, the three would import in a circle.
import { pastTense } from '../text/verbs';
import { alternation, FINDING_PARTICIPLES as LEXICON_FINDING_PARTICIPLES } from '../lexicon';

/** A short opener and its comma before the subject ("In this study, the author …"), or nothing. */
export const SHORT_OPENER = String.raw`(?:[^,;]{0,40},\s+)?`;

/**
 * "It is shown that …", "It was found that …": the impersonal passive in which an abstract reports its own finding.
 * "It has been shown that …" stays: the present perfect reports what others showed.
 */
const IMPERSONAL_FINDING = new RegExp(String.raw`^(${SHORT_OPENER})it (is|was) ((?:(?:also|further|then|here|formally|finally)\s+)?)(${alternation(LEXICON_FINDING_PARTICIPLES)}) that\b`, 'i');
const FINDING_BASE: Record<string, string> = {
  shown: 'show', demonstrated: 'demonstrate', argued: 'argue', proved: 'prove', proven: 'prove', found: 'find',
  established: 'establish', concluded: 'conclude', observed: 'observe',
};

/**
 * "It is shown that X" → "We show that X", "It was found that X" → "We found that X": read as the authors' act, so
 * that the scorer sees a finding of the paper's (not a sentence opening on "it") and the rewrite names the authors.
 */
export function impersonalFindingAsWe(sentence: string): string {
  return sentence.replace(IMPERSONAL_FINDING, (_m, lead: string, be: string, adverb: string, participle: string) => {
    const base = FINDING_BASE[participle.toLowerCase()];
    return `${lead}${lead ? 'we' : 'We'} ${adverb.toLowerCase()}${be.toLowerCase() === 'was' ? pastTense(base) : base} that`;
  });
}

/** ", and it is shown that …" right after the authors' own act: the same authors' finding, coordinated. */
const COORDINATED_FINDING = new RegExp(String.raw`^(,?\s+and\s+)it (is|was) ((?:(?:also|further|then|formally|finally)\s+)?)(${alternation(LEXICON_FINDING_PARTICIPLES)}) that\b`, 'i');

/**
 * "We introduce X, and it is shown that Y" → "We introduce X, and show that Y": once the first clause is the authors'
 * act (a passive turned active), the impersonal finding after it is theirs too; left as it was, the citation read
 * "Roe \cite{k} introduced X, and it is shown that Y" (CiteBench dev case 18).
 */
export function coordinatedFindingAsOurs(rest: string): string {
  return rest.replace(COORDINATED_FINDING, (_m, conjunction: string, be: string, adverb: string, participle: string) => {
    const base = FINDING_BASE[participle.toLowerCase()];
    return `${conjunction}${adverb.toLowerCase()}${be.toLowerCase() === 'was' ? pastTense(base) : base} that`;
  });
}
