// contribution: which of a work's sentences a draft describes it by. A reader of related work wants what each work
// proposes or shows ("We propose two binary approximations of convolutional networks"), not its praise of itself ("The
// binary networks are simple, accurate and efficient") nor a result on one benchmark, even where those share more
// words with the author's abstract.
import { type ScoredCandidate } from '../engine/citation';
import { CONTRIBUTION_CUE, THIS_PAPER_PHRASE } from '../engine/cues';
import { looksLikeExtractionJunk, stripLeadingDiscourse } from '../rewrite';
import { SELF_NOUNS } from '../engine/cues';
import { standsAlone } from './contrast';
import { CONTRIBUTION_VERBS, PROCEDURE_STEP_OPENERS } from '../lexicon/method-kinds';

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

/** "First, we train …", "In the training phase, we collect …": a step of the work's procedure (see PROCEDURE_STEP_OPENERS). */
const OPENS_ON_A_STEP = new RegExp(String.raw`^(?:${PROCEDURE_STEP_OPENERS.join('|')})\b,?\s+(?:we|our|the|it|they|this|a|an)\b`, 'i');
/** "Second, we propose a new algorithm, the nonlocal means": a contribution, though counted as a step. */
const STEP_THAT_CONTRIBUTES = new RegExp(String.raw`^[^,]{0,60},?\s+we\s+(?:also\s+)?(?:${Object.keys(CONTRIBUTION_VERBS).join('|')})[sd]?\b`, 'i');

/** Whether a work's sentence tells one step of its procedure rather than what the work contributes. */
export function tellsAStep(sourceText: string): boolean {
  const s = sourceText.trim();
  return OPENS_ON_A_STEP.test(s) && !STEP_THAT_CONTRIBUTES.test(s);
}

/**
 * A work's best candidates (one per source sentence), those that state its contribution raised and those that tell one
 * step of its procedure lowered by as much, best first: "[2] described a method to reduce the storage of neural
 * networks by an order of magnitude" before "[2] trained the network to learn which connections are important".
 */
export function contributionFirst(options: ScoredCandidate[]): ScoredCandidate[] {
  for (const c of options) {
    if (tellsAStep(c.source.text)) c.score -= DRAFT_CONTRIBUTION_BONUS;
    else if (statesContribution(c)) c.score += DRAFT_CONTRIBUTION_BONUS;
  }
  return options.sort((a, b) => b.score - a.score);
}

/**
 * A work's sentence that a reader cannot follow alone: "these systems", "such models", "those methods" (not "such as") name what the
 * abstract said before ("Linguistic relevance of these systems has been briefly discussed also" was a whole draft, graded
 * 1 by a blind reader), and an editor's note tells of the volume, not of its content ("The editor of this volume … has
 * provided an introduction that …"). "This paper", "this book" name the work itself.
 */
const POINTS_ELSEWHERE = new RegExp(
  [
    String.raw`\b(?:these|those|such)\s+(?!as\b|(?:${SELF_NOUNS})s?\b)[a-z]`,
    String.raw`\bthe\s+editors?\s+of\b`,
    String.raw`\b(?:the|its)\s+(?:contributions|contributors|chapters|articles)\s+(?:in|of|to)\s+this\b`,
  ].join('|'),
  'i',
);

/**
 * Whether the sentence a draft writes for a work points to what the draft does not quote, near its opening where the
 * reader meets it, or tells of an edited volume's making. Read on the written version: "In order to deploy these RNNs
 * efficiently, we propose …" is written "In order to deploy RNNs efficiently, Roe proposed …".
 */
export function pointsElsewhere(written: string): boolean {
  const s = stripLeadingDiscourse(written);
  const m = POINTS_ELSEWHERE.exec(s);
  return m !== null && (m.index <= POINTER_OPENING_CHARS || !/^(?:these|those|such)\b/i.test(m[0]));
}

/** How far into a sentence a pointer makes it unreadable alone: "Linguistic relevance of these systems …". */
const POINTER_OPENING_CHARS = 40;

/** "In this paper, a tree adjunct grammar is described": the work's own act, though in the passive. */
const OPENS_ON_THE_WORK = new RegExp(String.raw`^.{0,${CONTRIBUTION_OPENING_CHARS}}?\b(?:in|here,? in)\s+(?:this|the present)\s+(?:${SELF_NOUNS})\b`, 'i');

/**
 * The work's best sentence, unless that points elsewhere (see POINTS_ELSEWHERE) while another of its sentences opens on
 * the work's contribution and reads alone: that one goes first, even where the scorer had set it aside as naming other
 * works ("In this paper, a tree adjunct grammar is described and related to the systems of Brainerd and Rounds" is
 * still this work's contribution, and a reader follows it).
 */
export function selfContainedFirst(options: ScoredCandidate[]): ScoredCandidate[] {
  if (!options.length || !pointsElsewhere(options[0].text)) return options;
  const opensOnWork = (c: ScoredCandidate) => statesContribution(c) || (c.describesWork === true && OPENS_ON_THE_WORK.test(c.source.text));
  const alone = options.findIndex((c) => opensOnWork(c) && !pointsElsewhere(c.text) && standsAlone(c.extract) && !looksLikeExtractionJunk(c.extract));
  if (alone <= 0) return options;
  return [options[alone], ...options.filter((_, i) => i !== alone)];
}
