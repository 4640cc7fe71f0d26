// contribution: which of a work's sentences a draft describes it by. A reader of related work wants what each work
// proposes or shows ("We propose two binary approximations of convolutional networks"), not its praise of itself ("The
// binary networks are simple, accurate and efficient") nor a result on one benchmark, even where those share more
// words with the author's abstract.
import { type ScoredCandidate } from '../engine/citation';
import { CONTRIBUTION_CUE, THIS_PAPER_PHRASE } from '../engine/cues';
import { stripLeadingDiscourse } from '../rewrite';

/**
 * What a sentence that states the work's contribution ("We propose …", "This paper presents …") weighs over the
 * work's other sentences about itself, on the scale of the draft's scores (the scorer's plus twice the cosine with the
 * author's abstract): enough to pass a sentence that shares a few more of the author's words. On CiteBench dev 0.1
 * changed 9 of 26 drafts, most for the better; 0.2 cost two works their sentence (longer sentences won).
 */
export const DRAFT_CONTRIBUTION_BONUS = 0.1;

/**
 * Whether a candidate's source sentence opens on what the work contributes ("We propose …", "In this paper we
 * present …", "This paper studies …"). A cue deep in the sentence follows the scene it sets: "Caruana and his
 * collaborators have shown that …, and we develop this approach further" is about Caruana first.
 */
export function statesContribution(c: ScoredCandidate): boolean {
  if (c.describesWork !== true) return false;
  const s = stripLeadingDiscourse(c.source.text);
  const cue = CONTRIBUTION_CUE.exec(s) ?? THIS_PAPER_PHRASE.exec(s);
  return cue !== null && cue.index <= CONTRIBUTION_OPENING_CHARS;
}

/** How far into a sentence its contribution cue may stand: a short opener such as "In this paper, " or "Here, ". */
const CONTRIBUTION_OPENING_CHARS = 32;

/** A work's best candidates (one per source sentence), those that state its contribution raised, best first. */
export function contributionFirst(options: ScoredCandidate[]): ScoredCandidate[] {
  for (const c of options) if (statesContribution(c)) c.score += DRAFT_CONTRIBUTION_BONUS;
  return options.sort((a, b) => b.score - a.score);
}
