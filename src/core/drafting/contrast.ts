// contrast: the author's own work set against a group ("Unlike these works, we …"), from the author's abstract: its
// contribution sentences (own-claims.ts), never its scene-setting or its release notes.
import { type CiteSyntax, type DraftSentence } from '../types';
import { citeMarker, workSubject } from '../rewrite/authors';
import { contentTerms, wordCount } from '../text/tokens';
import { type ScoredCandidate } from '../engine/citation';
import { ANAPHORIC_START, FRONTED_POINTER, PRONOUN_POINTER, REFERS_BACK, SELF_NOUNS } from '../engine/cues';
import { stripLeadingDiscourse } from '../rewrite';
import { type GroupPlan, knowsNothingOf, workText } from './plan';
import { isBroadField, phraseOccursIn } from './keyphrases';
import {
  abstractConcern,
  CLAIM_WORDS,
  closestSentence,
  concernSentence,
  isRelation,
  givesNoReason,
  claimWrittenBy,
  criticismSentence,
  criticizedPhrase,
  relationSentence,
  type SharedConcern,
  sharedConcerns,
  sharesLine,
  statesSameProblem,
  unwrittenTerms,
  withoutExamples,
  workSurface,
  writesPhrase,
} from './relation';
import { kindDifference, kindSentence, loweredClaim } from './kinds';
import { activeVoice, ownContributionSentences, resolvedPair } from './own-claims';
import { escapeRegExp } from '../text/regexp';

/** "It is common that …": an "it" that points nowhere, a placeholder for the clause that follows. */
const EXPLETIVE_IT = /^it (?:is|was|has been|remains|seems|appears|becomes)\s+(?:[\w-]+\s+){0,3}?(?:that|to|whether|how)\b/i;

/**
 * "The results lead them to …", "A fourth approach …", "both methods", "the latter": words that name what the
 * abstract said before, anywhere in the sentence. A blind reader marked such sentences in 19 of 48 drafts.
 */
const POINTS_OUTSIDE = new RegExp(
  [
    // "The results lead them to …"
    String.raw`^(?:the results?|the findings|these results)\b|\b(?:lead|leads|led|allow|allows|allowed|enable|enables|enabled)\s+them\b`,
    // "A fourth approach …", "both methods", "the latter"
    String.raw`\b(?:a|the)\s+(?:second|third|fourth|fifth|sixth)\s+(?:approach|method|model|technique|algorithm|one|variant|strategy)\b`,
    String.raw`\bboth\s+(?:methods|approaches|models|systems|techniques|algorithms|variants|strategies)\b|\bthe (?:former|latter)\b`,
    // "the present model", "such a property"
    String.raw`\bthe present (?:model|method|approach|framework|system|algorithm|account|theory)\b`,
    String.raw`\b(?:such|this|that)\s+(?:a\s+)?(?:property|capability|ability|behaviou?r|phenomenon|effect)\b`,
  ].join('|'),
  'i',
);

/** Whether the sentence names what its abstract said before it, even right after that sentence in a draft. */
export function pointsOutside(sentence: string): boolean {
  return POINTS_OUTSIDE.test(stripLeadingDiscourse(sentence));
}

/** A background sentence that can open a paragraph: it does not point back at a sentence the draft leaves out. */
export function standsAlone(sentence: string): boolean {
  const s = stripLeadingDiscourse(sentence);
  if (POINTS_OUTSIDE.test(s)) return false;
  if (EXPLETIVE_IT.test(s)) return !REFERS_BACK.test(s) && !PRONOUN_POINTER.test(s);
  return !ANAPHORIC_START.test(s) && !REFERS_BACK.test(s) && !FRONTED_POINTER.test(s) && !PRONOUN_POINTER.test(s);
}

/** Whether `later` comes right after `earlier` in the same section of the paper (not just of what is quotable). */
export function follows(later: ScoredCandidate, earlier: ScoredCandidate): boolean {
  return later.source.index === earlier.source.index + 1 && later.source.section === earlier.source.section;
}


/** Whether a sentence of the draft sets the author's work against others (how contrastSentence opens one). */
export function isContrast(text: string): boolean {
  return /^(?:Unlike|In contrast|Different from|Building on|Like)\b/.test(text) || isRelation(text);
}

/**
 * "We propose X" → "Unlike these works on tide tables, we propose X": the group's shared phrase says what the works
 * have in common, the author's own claim what their work does instead. "This paper studies X" → "In contrast to these
 * works on tide tables, this paper studies X"; against one work, "Unlike Roe \cite{k}, we …" (the neural engine).
 */
export function contrastSentence(own: string, variant: number, against: { shared?: string; lone?: string } = {}): string {
  const s = withoutAlso(activeVoice(own));
  const lowered = loweredClaim(s);
  const works = against.lone ?? (against.shared ? `these works on ${against.shared}` : 'these works');
  if (/^(?:we|I)\b/i.test(s)) return [`Unlike ${works}, `, `In contrast to ${works}, `][variant % 2] + lowered;
  return (against.lone || against.shared ? `In contrast to ${works}, ` : 'In contrast, ') + lowered;
}

/** What each work of the group says of itself, kept per group, as are their terms below: a draft tries each of the
 * author's sentences against each group. */
const textsByGroup = new WeakMap<GroupPlan, string[]>();
function workTexts(g: GroupPlan): string[] {
  let texts = textsByGroup.get(g);
  if (!texts) textsByGroup.set(g, (texts = g.works.map(workText)));
  return texts;
}

/** Each text's content terms. */
const termsByTexts = new WeakMap<readonly string[], Set<string>[]>();
function termSets(texts: readonly string[]): Set<string>[] {
  let sets = termsByTexts.get(texts);
  if (!sets) termsByTexts.set(texts, (sets = texts.map((text) => new Set(contentTerms(text)))));
  return sets;
}

/**
 * Whether the claim speaks of what the group's works speak of: "Unlike these works on rhyme graphs, we forecast harbor
 * tides" set the author's work against works it has nothing to do with.
 */
function sharesSubject(own: string, texts: readonly string[]): boolean {
  const theirs = termSets(texts);
  return contentTerms(activeVoice(own)).some((t) => !CLAIM_WORDS.has(t) && theirs.some((terms) => terms.has(t)));
}

/**
 * The words of the author's claim that the group's works do not write — not most of them: among twelve works on
 * image translation one mentions faces, yet "we keep face identities" is still not what these works do.
 */
function claimedDifference(own: string, workTexts: readonly string[], strict = false): string[] {
  const texts = termSets(workTexts);
  const most = strict ? 1 : Math.ceil(texts.length / 2);
  return [...new Set(contentTerms(activeVoice(own)))].filter((t) => texts.filter((terms) => terms.has(t)).length < most && !CLAIM_WORDS.has(t) && !/^\d+$/.test(t));
}

/** The works a contrast is set against, as every engine's planner knows them. */
export interface ContrastGroup {
  /** What each work says of itself (title and abstract, or the sentences taken from its PDF). */
  texts: readonly string[];
  /** The phrase at least two of them write (keyphrases with minWorks 2), for a group of several. */
  sharedPhrase?: string;
  /** How a lone work is named ("Roe \cite{k}"), with its key. */
  lone?: { subject: string; key: string };
  /** Its works share no topic (other related work). */
  mixed?: boolean;
  /**
   * The author's whole abstract: where it writes the shared phrase too, "Unlike these works on image denoising, we
   * propose … for blind image denoising" contradicts itself; the contrast then says "these works" alone.
   */
  ownAbstract?: string;
  /** Each work's key, in the order of `texts`, and how to cite them: a relation then names the works that share the
   * author's topic ("Like [3, 8], we address blind image denoising"), not the whole group. */
  keys?: readonly string[];
  syntax?: CiteSyntax;
}

/**
 * The author's sentence `own` (the `index`th of their abstract) set against a group (the `gi`th), or nothing when no
 * difference can be stated: the group shares no phrase to name it by (unrelated works), the claim speaks of something
 * else, says nothing its works do not ("Unlike these works, we study the problem of X" beside works on X), or points
 * back at a sentence the draft leaves out. A group of one work names it.
 */
export function contrastAgainst(group: ContrastGroup, gi: number, ownSentence: string, index: number): DraftSentence | undefined {
  const own = resolvedPair(ownSentence, group.ownAbstract);
  if (group.mixed || POINTS_BACK.test(own) || !sharesSubject(own, group.texts) || claimedDifference(own, group.texts).length < MIN_DIFFERENCE_TERMS) return undefined;
  const sources = [{ text: ownSentence, section: 'abstract' as const, index }];
  const kinded = kindRelation(group, own);
  if (kinded) return { ...kinded, sources, role: 'contrast' };
  const claim = loweredClaim(withoutAlso(activeVoice(own)));
  const criticized = criticismRelation(group, claim);
  if (criticized) return { ...criticized, sources, role: 'contrast' };
  const related = relation(group, own);
  if (related && !givesNoReason(related.text)) return { ...related, sources, role: 'contrast' };
  // "[0] is the work closest to ours", "[7, 0] address the same problem as our work" gave no reason (a blind reader,
  // in eight drafts of 26): "Like Roe [0], our work concerns motion estimation; we tackle …" says what the two share.
  // A thing the claims name comes first; one only the abstract's scene-setting names ("Recurrent neural networks have
  // been deployed for …") yields to a problem the claim shares with works: "[7, 0] address the same problem as our
  // work" beside two works that compress captioning models beat "Like [4, 3], our work concerns recurrent neural
  // networks" (a blind reader).
  const concern = namedConcern(group, own, claim, true) ?? (related && statesSameProblem(related.text) ? undefined : namedConcern(group, own, claim));
  // Not a thing the claim names itself: "Like [0], our work concerns unsupervised learning algorithms; this paper
  // describes a comparison of three unsupervised learning algorithms" says it twice.
  if (related) return { ...(concern && !claimWrites(concern.text, claim) ? concern : related), sources, role: 'contrast' };
  // Past a difference of kind and a shared problem, nothing says how the author's work differs from a lone work or from
  // a group that shares no phrase with it: the relation places the work without an "unlike" ("Unlike [0], we present a
  // behavioral model … and predict a speedup" stood beside a work that computes the speedup).
  if (group.lone) return { ...(concern ?? { text: closestSentence(claim, group.lone.subject, true), keys: [group.lone.key] }), sources, role: 'contrast' };
  // Without a phrase the works share, "these works" alone: the paragraph has just described them, and the claim
  // has to say what none of them does ("Unlike these works, we propose a method for citation text generation" beside
  // a work on citation text contradicted itself). A draft of three works on grasping had closed on "See also
  // \cite{k}." rather than on what the author's grasping system does.
  const shared = group.sharedPhrase;
  if (!shared && claimedDifference(own, group.texts, true).length < MIN_DIFFERENCE_TERMS) return undefined;
  const alsoTheirs = !shared || phraseOccursIn(shared, own) || (group.ownAbstract !== undefined && writesMostOf(shared, `${own} ${group.ownAbstract}`));
  if (!alsoTheirs && !STATES_A_PROBLEM.test(activeVoice(own))) return { text: contrastSentence(own, gi, { shared }), keys: [], sources, role: 'contrast' };
  const placed = placeInGroup(group, own, claim);
  if (!placed && !alsoTheirs) return { text: contrastSentence(own, gi, { shared }), keys: [], sources, role: 'contrast' };
  if (placed) return { ...placed, sources, role: 'contrast' };
  // Works that share only a whole field with the author's ("neural networks"), none of which writes what the claim
  // does ("pruning", "captioning"): the paragraph is set apart from them as a whole. A draft on pruning captioning
  // models after works on quantized and distilled networks had no sentence on the author's work at all (a blind
  // reader: no link to the author's work).
  const onlyField = !shared || isBroadField(shared);
  if (onlyField && !STATES_A_PROBLEM.test(activeVoice(own)) && claimedDifference(own, group.texts, true).length >= MIN_DIFFERENCE_TERMS) {
    return { text: contrastSentence(own, gi), keys: [], sources, role: 'contrast' };
  }
  return undefined;
}

/**
 * A claim that states only the problem the author's work takes up: "Unlike these works on transfer learning, we study
 * the problem of short sentence ranking" sets a topic against a topic, no difference of the works (a blind reader).
 */
const STATES_A_PROBLEM = new RegExp(
  String.raw`^(?:we|I|this \w+|our \w+)\s+(?:stud(?:y|ies)|address(?:es)?|tackles?|considers?|investigates?|focus(?:es)? on|explores?)` +
    String.raw`\s+(?:the\s+)?(?:problems?|tasks?|questions?|issues?)\s+of\b`,
  'i',
);

/**
 * Where the author's work shares the group's topic and no difference can be stated: the works that say they are about
 * a thing the author's abstract writes too, named by it ("Like [3], our work concerns recurrent neural networks; we
 * propose …"); else "Our work belongs to this line of research" where their abstract writes a term that defines the
 * group (relation.ts: sharesLine); else nothing, and the author's next sentence is tried. "Our work belongs to this
 * line of research" named no line (a blind reader, five drafts of 26), and after works on ensembles and quantized
 * weights, which shared only "neural networks" with the author's, it was false.
 */
function placeInGroup(group: ContrastGroup, own: string, claim: string): { text: string; keys: string[] } | undefined {
  const line = sharesLine(`${own} ${group.ownAbstract ?? ''}`, group.texts) ? { text: closestSentence(claim, 'these works', false), keys: [] } : undefined;
  return namedConcern(group, own, claim, true) ?? namedConcern(group, own, claim) ?? line;
}

/** Whether the claim writes the thing a concern sentence names ("Like [0], our work concerns X; …"). */
function claimWrites(concernText: string, claim: string): boolean {
  const thing = / work concerns (.+?); /.exec(concernText)?.[1];
  return thing !== undefined && phraseOccursIn(thing.replace(/^the\s+/, ''), claim);
}

/**
 * What the author says their work is: the claim and the abstract's other sentences in the authors' voice, without what
 * they name only as an example. "Like [4, 3], our work concerns recurrent neural networks" took its thing from the
 * abstract's scene-setting ("Recurrent Neural Network (RNN) has been deployed as the de facto model …"), where the
 * claim shared a problem with two other works (a blind reader preferred "[7, 0] address the same problem").
 */
function claimedText(own: string, ownAbstract?: string): string {
  return withoutExamples([own, ...(ownAbstract ? ownContributionSentences(ownAbstract) : [])].join(' '));
}

/**
 * abstractConcern, answered again without reading the texts again when asked the same: each caller asks
 * namedConcern(…, true) and then namedConcern(…), and both ask the whole abstract's thing (the first for a fuller
 * phrase). Keyed on the texts' array, which is the group's own and is not changed.
 */
let lastConcern: { own: string; texts: readonly string[]; found: SharedConcern | undefined } | undefined;
function concernOf(own: string, texts: readonly string[]): SharedConcern | undefined {
  if (lastConcern?.own !== own || lastConcern.texts !== texts) lastConcern = { own, texts, found: abstractConcern(own, texts) };
  return lastConcern.found;
}

/**
 * The works that say they are about a thing the author's abstract writes too, named by it (relation.ts:
 * abstractConcern): "Like Roe [0], our work concerns …" for a lone work, "Like [3, 5], …" for some works of a group,
 * "Like these works, …" for most of it.
 */
function namedConcern(group: ContrastGroup, own: string, claim: string, claimedOnly = false): { text: string; keys: string[] } | undefined {
  const nameable = group.keys !== undefined && group.syntax !== undefined && group.keys.length === group.texts.length;
  if (!nameable && !group.lone) return undefined;
  const whole = () => concernOf(`${own} ${group.ownAbstract ?? ''}`, group.texts);
  let concern = claimedOnly ? concernOf(claimedText(own, group.ownAbstract), group.texts) : whole();
  if (!concern) return undefined;
  // The abstract may say the claimed thing more fully: "image-to-image translation" of the claims is the opening's
  // "unpaired image-to-image translation", which the same work states.
  const fuller = claimedOnly ? whole() : undefined;
  if (fuller && fuller.phrase !== concern.phrase && writesPhrase(concern.phrase, fuller.phrase) && concern.works.every((i) => fuller.works.includes(i))) concern = fuller;
  const phrase = workSurface(concern.phrase, group.texts[concern.works[0]]);
  if (group.lone) return { text: concernSentence(claim, phrase, group.lone.subject, true), keys: [group.lone.key] };
  const keys = concern.works.map((i) => group.keys![i]);
  // "Like [1, 2, 3, 5, 6, 8, 9], our work concerns image-to-image translation" named most of the paragraph
  // one by one: most of it is "these works".
  const described = group.texts.filter(Boolean).length;
  if (keys.length >= MANY_CLOSEST && keys.length * 2 > described) return { text: concernSentence(claim, phrase, 'these works', false), keys: [] };
  return { text: concernSentence(claim, phrase, citeMarker(keys, group.syntax), keys.length === 1), keys };
}

/** The claim's first clause where that says enough on its own: "…; unlike it, we forecast tides from buoy logs; the
 * forecasts are fast." had two semicolons. */
function firstClauseOf(claim: string): string {
  const firstClause = /^([^;]+);/.exec(claim)?.[1];
  return firstClause && wordCount(firstClause) >= 6 ? `${firstClause}.` : claim;
}

/**
 * The difference by the kind of method (kinds.ts): the works that write the opposite of what the claim says it is
 * ("supervised" against "self-supervised"), named by their keys where they are not the whole group; or the whole group
 * where none of its works claims the kind. Without the works' keys, only the whole group can be named.
 */
function kindRelation(group: ContrastGroup, own: string): { text: string; keys: string[] } | undefined {
  const claim = firstClauseOf(withoutAlso(activeVoice(own))).replace(/([^.])$/, '$1.');
  const difference = kindDifference(claim, group.texts);
  if (!difference) return undefined;
  if (group.lone) return { text: kindSentence(claim, difference, group.lone.subject, true), keys: [group.lone.key] };
  const described = group.texts.filter(Boolean).length;
  if (!difference.opposed.length || difference.opposed.length >= described) return { text: kindSentence(claim, difference, 'these works', false), keys: [] };
  if (group.keys === undefined || group.syntax === undefined || group.keys.length !== group.texts.length) return undefined;
  const keys = difference.opposed.map((i) => group.keys![i]);
  // Where no work of the group claims the kind, the difference is the whole group's: "Unlike [0]" alone implied that
  // the others are self-supervised too.
  const whole = difference.claimedByNone ? 'these works' : undefined;
  return { text: kindSentence(claim, difference, citeMarker(keys, group.syntax), keys.length === 1, whole), keys };
}

/**
 * The works whose method the author's abstract finds fault with, set apart by it (relation.ts: criticizedPhrase):
 * "Unlike [0], which relies on single-view depth, we tackle VO as …" where "Like [0], our work concerns motion
 * estimation" named as kin a work the author criticizes. Only works named by key, and not most of the group.
 */
function criticismRelation(group: ContrastGroup, claim: string): { text: string; keys: string[] } | undefined {
  if (!group.ownAbstract) return undefined;
  const phrases = group.texts.map((t) => criticizedPhrase(group.ownAbstract!, t));
  const found = phrases.flatMap((p, i) => (p ? [i] : []));
  if (!found.length) return undefined;
  const phrase = phrases[found[0]]!;
  if (group.lone) return { text: criticismSentence(claim, phrase, group.lone.subject, true), keys: [group.lone.key] };
  if (group.keys === undefined || group.syntax === undefined || group.keys.length !== group.texts.length) return undefined;
  const works = found.filter((i) => phrases[i] === phrase);
  const keys = works.map((i) => group.keys![i]);
  return { text: criticismSentence(claim, phrase, citeMarker(keys, group.syntax), keys.length === 1), keys };
}

/** How many works "closest to ours" may name before they are rather the paragraph's line of work. */
const MANY_CLOSEST = 3;

/**
 * What the author's claim shares with works of the group and what it adds, as one sentence (see relation.ts), or
 * nothing when no phrase of the claim is written by them, or the claim adds too little they do not write. Without the
 * works' keys the phrase must be written by every work with a text, which "these works" then names.
 */
function relation(group: ContrastGroup, own: string): { text: string; keys: string[] } | undefined {
  const claim = withoutAlso(activeVoice(own));
  const described = group.texts.filter(Boolean).length;
  const nameable = group.keys !== undefined && group.syntax !== undefined && group.keys.length === group.texts.length;
  // The first topic the claim shares with works of the group whose texts leave out enough of the claim to set it apart.
  const shared = sharedConcerns(claim, group.texts, group.lone || nameable ? 1 : Math.max(1, described), group.lone ? undefined : group.sharedPhrase)
    .map((c) => withKin(c, group.texts))
    .find((c) => unwrittenTerms(claim, c.works.map((i) => group.texts[i])).length >= MIN_DIFFERENCE_TERMS);
  if (!shared) return undefined;
  // "…, for blind image denoising" after "we address blind image denoising" says it twice.
  const phrase = escapeRegExp(shared.phrase);
  const clause = firstClauseOf(claim);
  const said = clause.replace(new RegExp(String.raw`,?\s+(?:for|in|on|to)\s+(?:the\s+)?${phrase}(?=\.?$)`, 'i'), '').replace(/([^.])$/, '$1.');
  // "unlike them, we propose a new variational inference method" beside a work that derives one is no difference.
  const differs = claimWrittenBy(said, shared.phrase, shared.works.map((i) => group.texts[i])) === undefined;
  if (group.lone) return { text: relationSentence(said, shared.phrase, group.lone.subject, true, differs), keys: [group.lone.key] };
  // "[5, 2, 0, 6, 3] are the works closest to ours" named five of six works as the closest: where a one-word concern
  // (which places the works as "closest", relation.ts) is most of the paragraph's, the paragraph is the line of work.
  const mostOfIt = !shared.phrase.trim().includes(' ') && shared.works.length >= MANY_CLOSEST && shared.works.length * 2 > described;
  if (shared.works.length >= described || mostOfIt) return { text: relationSentence(said, shared.phrase, 'these works', false, differs), keys: [] };
  const keys = shared.works.map((i) => group.keys![i]);
  return { text: relationSentence(said, shared.phrase, citeMarker(keys, group.syntax!), keys.length === 1, differs), keys };
}

/**
 * The concern with every work of the group that writes its head word too: "Like [5, 6, 0, 4, 8, 1], we study image
 * denoising" left out [2], [3] and [7], which denoise images as well ("image restoration such as denoising"); a reader
 * took the relation for arbitrary. Those works are named with the others, and what the author adds must be new to
 * them too. A longer phrase is kept to those that write it all: "blind image denoising" is what sets [3, 8] apart
 * from works that denoise with a known noise level.
 */
function withKin(concern: SharedConcern, texts: readonly string[]): SharedConcern {
  const words = concern.phrase.split(/\s+/);
  if (words.length > 2) return concern;
  // "disambiguation" is written "disambiguate" too, "denoising" "denoise": the head's root, five letters at least.
  const root = words[words.length - 1].toLowerCase().replace(/(?:ations?|ating|ates?|ing|ed|es|e|s)$/, '');
  if (root.length < 5 || /[^\p{L}-]/u.test(root)) return concern;
  const writesRoot = new RegExp(String.raw`(?<![\p{L}-])${root}\p{L}*`, 'iu');
  const kin = texts.flatMap((t, i) => (t && !concern.works.includes(i) && writesRoot.test(withoutExamples(t)) ? [i] : []));
  return kin.length ? { ...concern, works: [...concern.works, ...kin].sort((a, b) => a - b) } : concern;
}

/** "Our method is also simple": the "also" tied it to the abstract's sentence before, which the draft does not have. */
function withoutAlso(sentence: string): string {
  return sentence.replace(/^((?:[\w-]+\s+){1,4}?)also\s+(?!known\b|called\b|termed\b|named\b)/i, '$1');
}

/**
 * Whether the author's text writes the phrase or half its content words at least: "Unlike these works on neural
 * networks, we propose a deep neural architecture" set the author's work against what it is.
 */
function writesMostOf(phrase: string, text: string): boolean {
  if (phraseOccursIn(phrase, text)) return true;
  const terms = [...new Set(contentTerms(phrase))];
  const written = new Set(contentTerms(text));
  return terms.length > 0 && terms.filter((t) => written.has(t)).length * 2 >= terms.length;
}

/** contrastAgainst for a group of the default engine's plan; `ownAbstract` is the author's whole abstract. */
export function groupContrast(g: GroupPlan, gi: number, own: string, index: number, syntax: CiteSyntax, ownAbstract?: string): DraftSentence | undefined {
  const loneWork = g.works.length === 1 ? g.works[0] : undefined;
  if (loneWork && knowsNothingOf(loneWork)) return undefined;
  const basis = buildsOn(g, own, index, syntax);
  if (basis) return basis;
  const lone = loneWork && { subject: workSubject(loneWork.record, syntax).text, key: loneWork.record.key };
  const keys = g.works.map((w) => w.record.key);
  return contrastAgainst({ texts: workTexts(g), sharedPhrase: lone ? undefined : g.keyphrases[0], lone, mixed: g.mixed, ownAbstract, keys, syntax }, gi, own, index);
}

/**
 * The name a work gives what it introduces: "a language representation model called BERT", "namely FFDNet", "dubbed
 * DCNN". A name has a capital after its first letter ("BERT", "XLNet", "ThiNet"), so that "called deep compression"
 * names nothing the author's abstract could be matched on.
 */
const INTRODUCED_NAME = /\b(?:called|named|namely|dubbed|termed|coined)\s+(?:the\s+|an?\s+)?(\p{Lu}[\p{L}\d]{0,30}\p{Lu}[\p{L}\d-]{0,30})/gu;
/** Words with which the author says their work uses another: "a modification of the pretrained BERT network". */
const USES_WORK = new RegExp(
  String.raw`\b(?:modification of|modif(?:y|ies|ying)|based on|builds? (?:up)?on|building (?:up)?on|extend(?:s|ing)?|adapt(?:s|ing)?|on top of` +
    String.raw`|fine-?tun\w*|inherit\w*|us(?:e|es|ing)|appl(?:y|ies|ying)|leverag\w+|employ(?:s|ing)?|variant of|version of)\b`,
  'i',
);

/**
 * "Building on BERT \cite{k}, we present Sentence-BERT, a modification of the pretrained BERT network …": the author's
 * claim names a system a work of the group introduced and says it uses it. "Unlike these works, we present
 * Sentence-BERT" had set the author's work against the very work it modifies.
 */
export function buildsOn(g: GroupPlan, own: string, index: number, syntax: CiteSyntax): DraftSentence | undefined {
  const claimed = activeVoice(own);
  if (POINTS_BACK.test(claimed) || !USES_WORK.test(claimed)) return undefined;
  for (const w of g.works) {
    if (knowsNothingOf(w)) continue;
    for (const m of `${w.record.title ?? ''}. ${w.record.abstract ?? ''}`.matchAll(INTRODUCED_NAME)) {
      const name = m[1].replace(/-$/, '');
      // The name is letters, digits and hyphens only: nothing in it needs escaping.
      if (!new RegExp(String.raw`(?<![\p{L}\d])${name}(?![\p{L}\d])`, 'u').test(own)) continue;
      const claim = claimed.replace(/^((?:[\w-]+\s+){1,4}?)also\s+/i, '$1');
      if (!/^(?:we|our)\b/i.test(claim)) continue;
      const text = `Building on ${name} ${citeMarker([w.record.key], syntax)}, ${claim[0].toLowerCase()}${claim.slice(1)}`;
      return { text, keys: [w.record.key], sources: [{ text: own, section: 'abstract', index }], role: 'contrast' };
    }
  }
  return undefined;
}

/**
 * "Our forecaster updates those constants each night": the constants were named in the sentence before, which the
 * draft does not quote (the author's abstract is quoted only in a contrast). So were "the two kinds of information"
 * in "we propose an architecture to fuse the two kinds of information" (a blind reader: what are the two kinds?).
 */
const POINTS_BACK = new RegExp(
  String.raw`\b(?:this|these|those|such)\s+(?!(?:${SELF_NOUNS})\b)[a-z]|\b(?:the\s+(?:two|three|four)|both)\s+(?:kinds|types|sorts|sources|modalities)\s+of\b`,
  'i',
);
/** Content words of the claim that the works lack, at least: one alone is often a synonym ("forecast" for "predict"). */
const MIN_DIFFERENCE_TERMS = 2;
