// contrast: the author's own work set against a group ("Unlike these works, we …"), from the author's abstract: its
// contribution sentences, never its scene-setting or its release notes.
import { type CiteSyntax, type DraftSentence } from '../types';
import { splitSentences } from '../text/sentences';
import { wordCount } from '../text/tokens';
import { workSubject } from '../rewrite/authors';
import { plainText } from '../text/plain';
import { type ScoredCandidate } from '../engine/citation';
import { ANAPHORIC_START, FRONTED_POINTER, hasContributionCue, NOT_DONE, OWN_RELEASE_NOTE, PRONOUN_POINTER, REFERS_BACK, SELF_NOUNS } from '../engine/cues';
import { activeSelfDescription, firstPersonPlural, stripLeadingDiscourse } from '../rewrite';
import { type GroupPlan, knowsNothingOf } from './plan';

/** "It is common that …": an "it" that points nowhere, a placeholder for the clause that follows. */
const EXPLETIVE_IT = /^it (?:is|was|has been|remains|seems|appears|becomes)\s+(?:[\w-]+\s+){0,3}?(?:that|to|whether|how)\b/i;

/** A background sentence that can open a paragraph: it does not point back at a sentence the draft leaves out. */
export function standsAlone(sentence: string): boolean {
  const s = stripLeadingDiscourse(sentence);
  if (EXPLETIVE_IT.test(s)) return !REFERS_BACK.test(s) && !PRONOUN_POINTER.test(s);
  return !ANAPHORIC_START.test(s) && !REFERS_BACK.test(s) && !FRONTED_POINTER.test(s) && !PRONOUN_POINTER.test(s);
}

/** Whether `later` comes right after `earlier` in the same section of the paper (not just of what is quotable). */
export function follows(later: ScoredCandidate, earlier: ScoredCandidate): boolean {
  return later.source.index === earlier.source.index + 1 && later.source.section === earlier.source.section;
}

/**
 * The author's sentence without its opener, and in the active voice where its passive hides the authors: "In this
 * paper, a parser is proposed to …" is their "we propose a parser to …", in a contrast as in a citation.
 */
function activeVoice(sentence: string): string {
  const s = stripLeadingDiscourse(sentence);
  return activeSelfDescription(s) ?? s;
}

/**
 * Which of the author's sentences tell what their work is, so that a sentence about "our method" may follow one: those
 * with a contribution cue ("We propose X") where the abstract has one; where it has none, the authors doing something
 * that presupposes nothing of theirs ("We forecast harbor tides from buoy logs"), not "Our network also reads …" or
 * "We evaluate our network on …".
 */
export function ownWorkIntroducer(own: readonly string[]): (sentence: string) => boolean {
  if (own.some((s) => hasContributionCue(s))) return hasContributionCue;
  return (sentence) => {
    const active = activeVoice(firstPersonPlural(sentence));
    return /^(?:we|I)\b/i.test(active) && !/\b(?:our|my)\b/i.test(active);
  };
}

/** A sentence in the authors' own voice ("We propose", "Our model", "This thesis argues"). */
const SPOKEN_BY_AUTHORS = new RegExp(String.raw`^(?:we|our|this (?:${SELF_NOUNS}))\b`, 'i');

/** The author's contribution sentences, best first: those with a contribution cue, then the rest in order. */
export function ownContributionSentences(ownAbstract: string): string[] {
  // Plans ("We will release … in future work") are not what the paper contributes.
  // Nor is where to get it ("We release the data and code"): "Unlike these works, we release …" sets nothing apart.
  const sentences = splitSentences(plainText(ownAbstract)).filter((s) => wordCount(s) >= 6 && !NOT_DONE.test(stripLeadingDiscourse(s)) && !OWN_RELEASE_NOTE.test(stripLeadingDiscourse(s)));
  const firstPerson = (s: string) => SPOKEN_BY_AUTHORS.test(activeVoice(firstPersonPlural(s)));
  return [...sentences.filter((s) => hasContributionCue(s) && firstPerson(s)), ...sentences.filter((s) => !hasContributionCue(s) && firstPerson(s))];
}

/** Whether a sentence of the draft sets the author's work against others (how contrastSentence opens one). */
export function isContrast(text: string): boolean {
  return /^(?:Unlike|In contrast|Different from)\b/.test(text);
}

/**
 * "We propose X" → "Unlike these works, we propose X" (or "Unlike Smith et al. \cite{k}, we …" for a lone work);
 * "This paper studies X" → "In contrast, this paper studies X".
 */
export function contrastSentence(own: string, variant: number, loneWork?: string): string {
  // "Our method is also simple": the "also" tied it to the abstract's sentence before, which the draft does not have.
  const s = activeVoice(own).replace(/^((?:[\w-]+\s+){1,4}?)also\s+(?!known\b|called\b|termed\b|named\b)/i, '$1');
  const lowered = /^(?:We|Our|This|In)\b/.test(s) ? s[0].toLowerCase() + s.slice(1) : s;
  const openers = loneWork
    ? [`Unlike ${loneWork}, `, `In contrast to ${loneWork}, `]
    : ['Unlike these works, ', 'In contrast to these approaches, ', 'Different from them, '];
  if (/^(?:we|I)\b/i.test(s)) return openers[variant % openers.length] + lowered;
  return 'In contrast, ' + lowered;
}

/** The author's sentence `own` (the `index`th of their abstract) set against the works of group `gi`. */
export function groupContrast(g: GroupPlan, gi: number, own: string, index: number, syntax: CiteSyntax): DraftSentence {
  const lone = g.works.length === 1 ? workSubject(g.works[0].record, syntax).text : undefined;
  // A lone work with no text at all says nothing to contrast with: the author's sentence stands on its own.
  const nothing = g.works.length === 1 && knowsNothingOf(g.works[0]);
  return { text: nothing ? stripLeadingDiscourse(own) : contrastSentence(own, gi, lone), keys: lone ? [g.works[0].record.key] : [], sources: [{ text: own, section: 'abstract', index }], role: 'contrast' };
}
