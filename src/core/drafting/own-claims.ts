// own-claims: which sentences of the author's own abstract say what their work is, and each as the authors' claim in
// the active voice ("In this paper, a parser is proposed" → "we propose a parser"). The contrast sentences
// (contrast.ts) set these claims against the groups; the draft's state (draft-state.ts) picks them once per draft.
import { splitSentences } from '../text/sentences';
import { wordCount } from '../text/tokens';
import { plainText } from '../text/plain';
import { hasContributionCue, NOT_DONE, OWN_RELEASE_NOTE, SELF_NOUNS } from '../engine/cues';
import { activeSelfDescription, firstPersonPlural, looksLikeExtractionJunk, stripLeadingDiscourse } from '../rewrite';

/**
 * The author's sentence without its opener, and in the active voice where its passive hides the authors: "In this
 * paper, a parser is proposed to …" is their "we propose a parser to …", in a contrast as in a citation.
 */
export function activeVoice(sentence: string): string {
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
  const sentences = splitSentences(plainText(ownAbstract)).filter(
    (s) => wordCount(s) >= 6 && !NOT_DONE.test(stripLeadingDiscourse(s)) && !OWN_RELEASE_NOTE.test(stripLeadingDiscourse(s)) && !looksLikeExtractionJunk(s),
  );
  const firstPerson = (s: string) => SPOKEN_BY_AUTHORS.test(activeVoice(firstPersonPlural(s)));
  const spoken = [...sentences.filter((s) => hasContributionCue(s) && firstPerson(s)), ...sentences.filter((s) => !hasContributionCue(s) && firstPerson(s))];
  if (spoken.length) return spoken;
  const named = namedSelfDescription(splitSentences(plainText(ownAbstract)));
  return named ? [named] : [];
}

/**
 * An abstract that never says "we" but opens by defining what it presents, by a name it then repeats or abbreviates:
 * "Harbour Tide Grammars are a declarative formalism for tide tables. … HTGs read …" is the authors' "We present
 * Harbour Tide Grammars, a declarative formalism for tide tables." A draft of such an abstract had no sentence on the
 * author's work at all. A name of one word, or one the abstract does not repeat, may be what the paper builds on.
 */
function namedSelfDescription(sentences: readonly string[]): string | undefined {
  const m = /^((?:\p{Lu}[\p{Ll}-]+\s+){1,4}\p{Lu}[\p{Ll}-]+)\s+(?:is|are)\s+(an?\s+[^;:]+?)\.?$/u.exec(sentences[0]?.trim() ?? '');
  if (!m || wordCount(m[2]) < 4) return undefined;
  const name = m[1];
  const initials = name.split(/\s+/).map((w) => w[0]).join('');
  const rest = sentences.slice(1).join(' ');
  const repeated = rest.includes(name) || new RegExp(String.raw`(?<![\p{L}\d])${initials}s?(?![\p{L}\d])`, 'u').test(rest);
  return repeated ? `We present ${name}, ${m[2]}.` : undefined;
}

/**
 * The author's sentence with "the two kinds of X" said as the pair its abstract named before: "we propose an
 * architecture to fuse the two kinds of informations into one representation" after "both the structural and textual
 * information" is "… to fuse structural and textual information into one representation". A draft of such an abstract
 * had no relation sentence at all (POINTS_BACK), and the paragraph ended on a cited work (a blind reader).
 */
export function resolvedPair(sentence: string, ownAbstract?: string): string {
  const pointer = /\bthe\s+two\s+(?:kinds|types|sorts|sources)\s+of\s+(\p{L}+?)(?:s)?\b/iu.exec(sentence);
  if (!pointer || !ownAbstract) return sentence;
  const before = ownAbstract.slice(0, Math.max(0, ownAbstract.indexOf(sentence)));
  const head = pointer[1];
  const pair = new RegExp(String.raw`\bboth\s+(?:the\s+)?(\p{L}+)\s+and\s+(\p{L}+)\s+${head}s?\b`, 'iu').exec(before || ownAbstract);
  return pair ? sentence.replace(pointer[0], `${pair[1]} and ${pair[2]} ${head}`) : sentence;
}
