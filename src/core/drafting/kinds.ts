// kinds: the difference between the author's work and the works it cites stated by the kind of method each claims
// (lexicon/method-kinds.ts): "Unlike [0], whose approach is supervised, our framework is self-supervised: we propose a
// self-supervised learning framework for visual odometry …". A blind reader marked "Unlike these works, we propose …"
// that states no real difference in 37 of 52 drafts, and asked for exactly this: supervised against self-supervised,
// discriminative against Bayesian, said only where the two abstracts say so.
import { METHOD_KINDS, type MethodKind } from '../lexicon/method-kinds';
import { escapeRegExp } from '../text/regexp';

/** A word as a pattern that also reads it with a space or nothing for its hyphen ("self-supervised", "self supervised"). */
const spelledWord = (word: string) => escapeRegExp(word).replace(/-/g, '[- ]?');

/** Whether the text writes the word as a whole word: "supervised" is not written by "self-supervised" or "unsupervised". */
function writesWord(word: string, text: string): boolean {
  return new RegExp(String.raw`(?<![\p{L}\d-])${spelledWord(word)}(?![\p{L}\d]|-\p{L})`, 'iu').test(text);
}

/**
 * Whether the claim writes the word as what its own work is: "unlike Bayesian approaches, we …", "rather than an
 * end-to-end network", "without supervised labels" write it of what the work is not.
 */
function claimsAsOwn(word: string, claim: string): boolean {
  if (!writesWord(word, claim)) return false;
  return !new RegExp(String.raw`\b(?:unlike|contrast to|instead of|rather than|than|without|not|no|nor|neither)\s+(?:[\w-]+\s+){0,3}?${spelledWord(word)}(?![\p{L}\d])`, 'iu').test(claim);
}

function claimsKind(kind: MethodKind, text: string): boolean {
  return [...kind.words, ...kind.near].some((w) => writesWord(w, text));
}

/** The kind of method the author's claim states that sets it apart, and the works it sets it apart from (by index). */
export interface KindDifference {
  kind: MethodKind;
  /** The works that write the opposite ("supervised"); empty where the difference is that no work claims the kind. */
  opposed: number[];
  /** Whether none of the works with a text claims the kind or one near it: then the difference holds for the whole
   * group, not only for the works that write the opposite. */
  claimedByNone: boolean;
}

/**
 * The first kind the claim states that the works do not: some works write its opposite and none of those claims the
 * kind or one near it; or, failing that, no work with a text claims the kind or one near it at all (a relation then
 * speaks of the whole group). A work with no text says nothing either way.
 */
export function kindDifference(claim: string, texts: readonly string[]): KindDifference | undefined {
  const described = texts.flatMap((t, i) => (t ? [i] : []));
  if (!described.length) return undefined;
  for (const kind of METHOD_KINDS) {
    if (!kind.words.some((w) => claimsAsOwn(w, claim))) continue;
    const claiming = described.filter((i) => claimsKind(kind, texts[i]));
    const opposed = described.filter((i) => !claiming.includes(i) && kind.opposites.some((w) => writesWord(w, texts[i])));
    // Only where a work writes the opposite: "Unlike [0], our system is real-time" beside a work on grasping motion
    // that says nothing of its speed claimed a difference its abstract does not state (a blind reader, three drafts).
    if (opposed.length) return { kind, opposed, claimedByNone: !claiming.length };
  }
  return undefined;
}

/** Where the noun phrase a claim introduces ends: at what qualifies it ("for", "of", "that", ", which", "trained on");
 * its adjectives may be listed with commas ("a visually realistic, flexible and robust grasping system that …"). */
const PHRASE_END = String.raw`(?=,?\s+(?:for|to|of|that|which|who|in|on|from|with|by|where|using|based|as|while)\b|\s+\w+ed\s+(?:on|by|with|from|in|for|to|as)\b|[;.:()]|$)`;
/** The verb of a claim and the object it introduces. */
const CLAIM_OBJECT = new RegExp(
  String.raw`^(?:we|this \w+|our \w+)\s+(?:\w+\s+){0,2}?(?:propose|present|introduce|develop|describe|design|formulate|study|tackle|build|devise)s?\s+(?:a|an|the)?\s*(.+?)${PHRASE_END}`,
  'i',
);
/** What a quantity is of: "a family | of non-convex minimization problems". */
const OF_OBJECT = new RegExp(String.raw`^\s+of\s+(?:the\s+)?(.+?)${PHRASE_END}`, 'i');
/** Words that head no object a kind can be said of ("a family of problems" is said of its problems). */
const QUANTITY_NOUNS = /^(?:family|class|set|series|variety|kind|number|range|collection|suite)$/i;

/**
 * The author's claim as the second half of a relation, its opener lowered: "We propose …" → "we propose …", "This
 * paper describes …" → "this paper describes …"; a name keeps its capital ("SBERT derives …").
 */
export function loweredClaim(claim: string): string {
  return /^(?:We|Our|This|In)\b/.test(claim) ? claim[0].toLowerCase() + claim.slice(1) : claim;
}

const headOf = (phrase: string) => phrase.trim().replace(/,$/, '').split(/\s+/).pop() ?? '';

/**
 * What "our …" is in the relation: the head noun of what the claim proposes ("we propose a self-supervised learning
 * framework for …" → "framework"; "we study a family of non-convex problems" → "problems"), else "approach" ("we
 * tackle VO as …" names no noun a kind fits).
 */
export function claimedNoun(claim: string): string {
  const m = CLAIM_OBJECT.exec(claim);
  if (!m) return 'approach';
  let head = headOf(m[1]);
  if (QUANTITY_NOUNS.test(head)) {
    const of = OF_OBJECT.exec(claim.slice(m.index + m[0].length));
    head = of ? headOf(of[1]) : '';
  }
  return /^[a-z]{3,}$/.test(head) ? head : 'approach';
}

/**
 * The relation that states the kind: "Unlike [0], whose approach is supervised, our framework is self-supervised:
 * <claim>" where the works write the opposite, "Unlike these works, our method is Bayesian: <claim>" where none claims
 * the kind. `works` names the works the sentence is about ("these works", "[0]", "Roe [4]"), `one` whether it is one.
 * `group` is given where the difference holds for the whole group though only `works` write the opposite: "Unlike [0],
 * whose approach is supervised, and the other works, …" (a blind reader marked "Unlike [0], whose approach is
 * supervised" beside three works none of which is self-supervised: the contrast held for all four).
 */
export function kindSentence(claim: string, difference: KindDifference, works: string, one: boolean, group?: string): string {
  const noun = claimedNoun(claim);
  const plural = /[^s]s$/.test(noun) && !/(?:is|us|ss)$/.test(noun);
  const ours = `our ${noun} ${plural ? 'are' : 'is'} ${difference.kind.kind}`;
  const lowered = loweredClaim(claim);
  const theirs = difference.opposed.length ? `, whose ${one ? 'approach is' : 'approaches are'} ${difference.kind.opposite}` : '';
  // "Unlike these works, among them [0], whose approach is supervised, we …" read garbled (a blind reader): the works
  // that write the opposite come first, then the others, "Unlike [0], whose approach is supervised, and the other works".
  const others = group && theirs ? ', and the other works' : '';
  // "our system is real-time: we propose a … system that enables real-time interactions" said the kind twice; where
  // the claim is in the first person and names the kind itself, it follows the opposite directly.
  const firstPerson = /^(?:we|I)\b/i.test(lowered);
  if (theirs && firstPerson && difference.kind.words.some((w) => writesWord(w, lowered))) return `Unlike ${works}${theirs}${others}, ${lowered}`;
  return `Unlike ${works}${theirs}${others}, ${ours}: ${lowered}`;
}
