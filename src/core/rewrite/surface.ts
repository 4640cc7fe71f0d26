// The surface of a written sentence: what a blind reader marks as garbled or copied though every word came from the
// abstract — an aside between dashes that an extraction glued to the words around it ("a reformulation–framed as a
// constrained optimization problem–of multi-robot tasks"), the authors' praise of what they contribute ("several
// important extensions"), a plural English does not form ("the two kinds of informations"), a relative clause's verb
// that does not agree ("the pretrained network that use siamese structures"). The finish rules apply each to a cited
// work's sentence; `mendSurface` applies them all to a sentence the rules do not write (the author's own, in a
// contrast), so that the draft reads alike throughout.
import { alternation, COUNTED_PRAISE_ADJECTIVES, MASS_NOUN_PLURALS, PAIRED_PRAISE, PRAISE_AFTER_ARTICLE } from '../lexicon';
import { indefiniteArticle } from '../text/articles';
import { toThirdSingular } from './agreement';
import { pastTense } from '../text/verbs';

/**
 * A dash as an extraction leaves it: an en dash or "--" glued to both words, a spaced hyphen or en dash, an em dash
 * with spaces. Not a hyphen inside a word ("state-of-the-art").
 */
const DASH = String.raw`(?:\s*(?:--|[–—])\s*|\s+-\s+)`;
/**
 * A pair of dashes around an aside of two to sixteen words that opens with a letter, between letters ("–framed as a
 * constrained optimization problem–", " - due to Artstein - "); a dash inside a compound ("adjective–noun",
 * "Hamilton--Jacobi--Isaacs") holds one word, and ranges ("days 2–5 and 9–12") are between digits: both left alone.
 */
const DASH_ASIDE = new RegExp(String.raw`(?<=[\p{L})])(${DASH})(\p{L}[^–—]*?\s+[^–—]*?(?<!\s))(${DASH})(?=[\p{L}(])`, 'gu');

/**
 * "a reformulation–framed as a constrained optimization problem–of multi-robot tasks" → "a
 * reformulation—framed as a constrained optimization problem—of multi-robot tasks": the aside between em dashes, closed
 * up, as English sets one off; glued en dashes read as one compound word, "reformulation–framed".
 */
export function closeDashAsides(s: string): string {
  return s.replace(DASH_ASIDE, (whole: string, open: string, aside: string, close: string) => {
    const words = aside.trim().split(/\s+/).length;
    // A long stretch is no aside (two dashes that each join a compound, far apart). Glued dashes may each join a
    // compound ("adjective–noun and verb–object"): only an aside of four words or more is read as one.
    const glued = !/\s/.test(open) && !/\s/.test(close);
    if (words < (glued ? 4 : 2) || words > 16) return whole;
    return `—${aside.trim()}—`;
  });
}

/** A count or a quantifier before a noun: "several", "a set of", "of its". */
const COUNT = String.raw`several|some|many|a few|a number of|a set of|a series of|numerous|various|two|three|four|five|six|of (?:its|their)`;
/**
 * A count or a quantifier, then a word of praise, then the noun it praised; "a"/"an" and a word that only praises
 * ("an important part", "a significant aspect" say how much, and stay); or either and a stock pair ("a simple yet
 * effective method").
 */
// Not where the praise is what the sentence claims: "Word embedding is a powerful tool", "GANs have proven to be a
// powerful framework", "has achieved a remarkable success", "defends with a remarkable rate" say nothing once it goes.
const CLAIMED = String.raw`(?<!\b(?:is|are|was|were|be|been|being|as|becomes?|became|remains?|shows?|showed|has|have|had|achieved?|achieves|offers?|provides?|with)\s)`;
const COUNTED_PRAISE = new RegExp(
  String.raw`\b(?:(${COUNT})\s+(?:very\s+)?(?:${alternation(COUNTED_PRAISE_ADJECTIVES)})|${CLAIMED}(a|an)\s+(?:very\s+)?(?:${alternation(PRAISE_AFTER_ARTICLE)})` +
    String.raw`|${CLAIMED}(${COUNT}|a|an)\s+(?:${alternation(PAIRED_PRAISE)}))\s+(?=[\p{L}\d])(?!(?:and|or|to|for|in|of)\b)`,
  'giu',
);

/**
 * "develops several important extensions" → "develops several extensions", "a powerful type system" → "a type
 * system", "an elegant unified account" → "a unified account", "a simple yet effective method" → "a method": the praise
 * goes, the count stays, the article fits the next word.
 */
export function withoutCountedPraise(s: string): string {
  return s.replace(COUNTED_PRAISE, (m: string, counted: string | undefined, article: string | undefined, paired: string | undefined, at: number, whole: string) => {
    const count = counted ?? article ?? paired!;
    return /^an?$/i.test(count) ? `${indefiniteArticle(whole.slice(at + m.length), count[0] === 'A')} ` : `${count} `;
  });
}

const MASS_PLURAL = new RegExp(String.raw`\b(${alternation(MASS_NOUN_PLURALS)})\b(\s+(?:are|were|have)\b)?`, 'gi');
const SINGULAR_VERB: Record<string, string> = { are: 'is', were: 'was', have: 'has' };

/** "the two kinds of informations are fused" → "the two kinds of information is fused": the noun and its verb. */
export function massNounsSingular(s: string): string {
  return s.replace(MASS_PLURAL, (_m, noun: string, verb: string | undefined) => {
    const singular = noun.replace(/s$/i, '');
    if (!verb) return singular;
    const v = verb.trim().toLowerCase();
    return `${singular}${verb.replace(/\S+$/, SINGULAR_VERB[v])}`;
  });
}

/**
 * Verbs a relative clause on a method often opens with, in the base form ("a network that use siamese structures"):
 * only these, where "that" + base form is certainly a slip and not a plural antecedent further back.
 */
const RELATIVE_VERBS =
  'use|employ|exploit|combine|learn|leverage|require|allow|enable|take|make|provide|produce|generate|compute|capture|incorporate|integrate|' +
  'rely|depend|consist|contain|support|predict|encode|operate|apply|achieve|outperform|perform|derive|exhibit|represent';
/**
 * A singular noun phrase (an article or "this"/"each", up to four words, a head that does not end in "s"), then
 * "that"/"which" and a verb of the list in the base form. Not after "Xs of" or "Xs from": "the modifications of the
 * network that use …", "algorithms from the NLP community which require …" may agree with the plural; and not where
 * "that" follows a verb ("while still representing that model").
 */
const PHRASE_PREPOSITION = 'of|from|in|for|on|with|by|at|to|across|among|between|over|under';
const SINGULAR_RELATIVE = new RegExp(
  String.raw`(?<!\b\p{L}+s\s+(?:${PHRASE_PREPOSITION})\s+)\b((?:a|an|the|this|each|every|one)\s+` +
    // Words of the noun phrase: not a preposition (the phrase would start after it) or a conjunction; its head not a
    // verb's "-ing" ("while still representing that model").
    String.raw`(?:(?!(?:${PHRASE_PREPOSITION}|and|or|but|while|when|whereas|that|which)\b)[\p{L}\d-]+\s+){0,4}?` +
    String.raw`(?!(?:data|criteria|phenomena|media|people)\b)[\p{L}\d-]*[^\s\WsS](?<!ing|ly)\s+(?:that|which)\s+)(${RELATIVE_VERBS})(?=\s+[\p{L}\d(])`,
  'giu',
);

/** "the pretrained BERT network that use siamese structures" → "… that uses …". */
export function relativeClauseAgreement(s: string): string {
  return s.replace(SINGULAR_RELATIVE, (_m, head: string, verb: string) => `${head}${toThirdSingular(verb)}`);
}

/**
 * Quotes an extraction paired wrongly: "a loss entitled ”tracking loss”" (two closing), "a “sweet point\"" (curly
 * opened, straight closed), "(“\"depth separation\")" (opened twice). Each pair becomes “…”; an opening quote that
 * nothing after it closes goes ("introduced “Subset Scanning methods from …" ran past the sentence).
 */
export function mendQuotes(s: string): string {
  let t = s
    .replace(/“\s*"|"\s*“/g, '“')
    .replace(/(^|[\s(])”(?=\S)([^“”"]{1,100}?)”/g, '$1“$2”')
    .replace(/“([^“”"]{1,100}?)"/g, '“$1”')
    .replace(/(^|[\s(])"([^“”"]{1,100}?)”/g, '$1“$2”');
  const open = t.lastIndexOf('“');
  if (open > 0 && !t.slice(open).includes('”')) t = t.slice(0, open) + t.slice(open + 1);
  return t;
}

/** Small words an abstract doubled by mistake ("and how how such information"); not "that that" or "had had". */
const DOUBLED_WORD = /\b(the|a|an|of|to|in|on|for|and|or|how|with|by|from|is|are|was|were|we)\s+\1\b(?!-)/gi;

/** "and how how such information can be used" → "and how such information can be used". */
export function withoutDoubledWord(s: string): string {
  return s.replace(DOUBLED_WORD, '$1');
}

/** "also" after the participle it belongs before: "has been briefly discussed also" (a translation's word order). */
// Only where "also" ends the clause: in "the data are biased also makes X" it belongs to "makes".
const ALSO_AFTER_PARTICIPLE = /\b(has|have|had|is|are|was|were)\s+(been\s+)?((?:[a-z]+ly\s+)?)([a-z]+(?:ed|en|wn|lt|ght))\s+also\b(?=\s*(?:[.,;:!?]|\\cite|\[|$))/gi;

/** "Linguistic relevance has been briefly discussed also" → "… has also been briefly discussed". */
export function alsoBeforeParticiple(s: string): string {
  return s.replace(ALSO_AFTER_PARTICIPLE, (_m, aux: string, been = '', adverb: string, participle: string) => `${aux} also ${been}${adverb}${participle}`);
}

/** The authors' effort before what they made: "strove to develop X" is what a citation calls "developed X". */
const STRIVED_TO_MAKE = /\b(strove|strived|strives|strive|sought|seeks|seek|endeavou?red|endeavou?rs|endeavou?r)\s+to\s+(develop|build|design|create|construct|devise)\b/gi;

/** "[2] strove to develop a series of models" → "[2] developed a series of models", in the tense the effort was in. */
export function madeNotStrove(s: string): string {
  return s.replace(STRIVED_TO_MAKE, (_m, effort: string, make: string) => {
    const e = effort.toLowerCase();
    if (/^(?:strove|strived|sought|endeavou?red)$/.test(e)) return pastTense(make);
    return /s$/.test(e) ? toThirdSingular(make) : make;
  });
}

/** All of the above, for a sentence of the draft that no rewrite rule wrote (the author's own in a contrast). */
export function mendSurface(s: string): string {
  return alsoBeforeParticiple(withoutDoubledWord(mendQuotes(relativeClauseAgreement(massNounsSingular(withoutCountedPraise(closeDashAsides(s)))))));
}
