// The surface of a written sentence: what a blind reader marks as garbled or copied though every word came from the
// abstract — an aside between dashes that an extraction glued to the words around it ("a reformulation–framed as a
// constrained optimization problem–of multi-robot tasks"), the authors' praise of what they contribute ("several
// important extensions"), a plural English does not form ("the two kinds of informations"), a relative clause's verb
// that does not agree ("the pretrained network that use siamese structures"). The finish rules apply each to a cited
// work's sentence; `mendSurface` applies them all to a sentence the rules do not write (the author's own, in a
// contrast), so that the draft reads alike throughout.
import { alternation, COUNTED_PRAISE_ADJECTIVES, MASS_NOUN_PLURALS, PAIRED_PRAISE, PRAISE_AFTER_ARTICLE } from '../lexicon';
import { ADJECTIVES_FOR_ADVERBS, COMPOUND_COUNTED_HEADS, COMPOUND_PREFIXES, GENERIC_HEAD_NOUNS, PROBLEM_TAKING_VERBS } from '../lexicon';
import { indefiniteArticle } from '../text/articles';
import { toThirdSingular } from './agreement';
import { isPastForm, pastTense } from '../text/verbs';

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

/** "the two kinds of informations are fused" → "the two kinds of information is fused": the noun and its verb. */
export function massNounsSingular(s: string): string {
  return s.replace(MASS_PLURAL, (_m, noun: string, verb: string | undefined) => {
    const singular = noun.replace(/s$/i, '');
    if (!verb) return singular;
    const v = verb.trim().toLowerCase();
    return `${singular}${verb.replace(/\S+$/, toThirdSingular(v))}`;
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

/** An adjective written for its adverb before a participle and its noun: "bad trained categories". */
// Not the end of a compound ("language-independent named entity recognition"), nor before "named entity", a term.
const ADVERB_SLIP = new RegExp(String.raw`(?<![\p{L}-])(${alternation(ADJECTIVES_FOR_ADVERBS)})\s+(?=(?!named\s+entit|un)([a-z]+ed)\s+\p{L})`, 'gu');
/** "realistic looking grasping motion": an adjective and "looking" make one modifier. */
const LOOKING_COMPOUND = /\b(\p{L}+(?:ic|al|ous|ful|ive))\s+looking\s+(?=\p{L})/gu;
const adverbOf = (adjective: string) =>
  adjective.endsWith('ic') ? `${adjective}ally` : adjective.endsWith('y') ? `${adjective.slice(0, -1)}ily` : `${adjective}ly`;

/**
 * "increase evidence for bad trained categories" → "for badly trained categories", "arbitrary shaped objects" →
 * "arbitrarily shaped objects", "realistic looking motion" → "realistic-looking motion".
 */
export function adverbBeforeParticiple(s: string): string {
  return s
    .replace(ADVERB_SLIP, (m: string, adjective: string, participle: string) => (isPastForm(participle) ? `${adverbOf(adjective)} ` : m))
    .replace(LOOKING_COMPOUND, '$1-looking ');
}

/** Words after which a count and its noun are no modifier: "of each class and", "more than one class label". */
const NOT_A_MODIFIED_NOUN = 'of|and|or|to|in|for|is|are|was|were|with|by|at|on|from|that|which|per|than|as|into|the|a|an|ahead|further|up|down|forward|back|beyond|after|before|at';
/** "a three stage pipeline", "one level control gates", "a 2 layer network": the count and its noun, then a noun. */
// "one" and "single" only after a determiner or an adjective ("LSTM's original one level gates", "a simple single layer
// network"): elsewhere "in one layer votes", "at one level can be", "One way out" are a count and its noun. Lower case
// only ("58 STEP runs", "Single Shot MultiBox").
const MODAL_OR_VERB = 'can|cannot|could|may|might|will|would|should|must|is|are|was|were|has|have|does|did|votes?|out';
const COUNTED_COMPOUND = new RegExp(
  String.raw`(?<!\b(?:than|per|each|every|least|most|only)\s)(?:\b(two|three|four|five|six|seven|eight|nine|ten|[\d,]*\d)|(?<=\b(?:a|an|the|'s|original|simple|standard)\s)(one|single))` +
    String.raw`\s+(${alternation(COMPOUND_COUNTED_HEADS)})\s+(?=\p{Ll})(?!(?:${NOT_A_MODIFIED_NOUN}|${MODAL_OR_VERB})\b)`,
  'gu',
);
/** "multi layer perceptron", "non linear": a prefix standing apart from its word. */
const LOOSE_PREFIX = new RegExp(String.raw`\b(${alternation(COMPOUND_PREFIXES)})\s+(?=\p{L}{3,})(?!(?:${NOT_A_MODIFIED_NOUN})\b)`, 'gu');

/** "a three stage pipeline" → "a three-stage pipeline", "a multi layer perceptron" → "a multi-layer perceptron". */
export function hyphenatedCompounds(s: string): string {
  return s.replace(COUNTED_COMPOUND, (_m, count: string | undefined, one: string | undefined, head: string) => `${count ?? one}-${head} `).replace(LOOSE_PREFIX, '$1-');
}

/** Words that already determine the noun phrase, or end it: "studied this problem", "studied how the problem". */
const DETERMINED = String.raw`the|a|an|this|that|these|those|its|their|our|his|her|each|every|any|some|such|no|one|two|three|several|many|` +
  String.raw`of|in|for|with|to|on|and|or|how|what|whether|which|why|when|where|as|by|from|at|it|them|both|all|another|other|various|different|related|similar|same|following`;
/**
 * A problem or task named as a verb's object with no article: "studied monocular visual odometry (VO) problem and …".
 * Only where "problem" ends the phrase (a comma, a period, a citation, a preposition or a conjunction after it), so
 * that "problem solving" and a noun after "task" stay as they are.
 */
const BARE_PROBLEM = new RegExp(
  String.raw`\b(${alternation(PROBLEM_TAKING_VERBS)})\s+((?:(?!(?:${DETERMINED})\b)[\p{L}\d][\p{L}\d-]*\s+){1,5}(?:\([^()]{1,20}\)\s+)?(?:problem|task))` +
    String.raw`(?=\s*(?:[,.;:)]|\\cite|\[|$)|\s+(?:and|or|as|by|with|in|of|for|from|using|via|through|to|that|which|where|under|on)\b)`,
  'giu',
);

/** "studied monocular visual odometry (VO) problem" → "studied the monocular visual odometry (VO) problem". */
export function problemWithArticle(s: string): string {
  return s.replace(BARE_PROBLEM, (_m, verb: string, problem: string) => `${verb} the ${problem}`);
}

/**
 * "in two domains: reinforcement learning and in language processing": the list after the colon repeats the "in" of
 * the phrase before it for its second item only.
 */
const REPEATED_IN = /(\bin\s+[^:;.]{1,60}:\s+)(?!in\b)([^,;:.]{1,60}?)\s+and\s+in\s+/g;

/** "in two domains: reinforcement learning (RL) and in language processing" → "… (RL) and language processing". */
export function listWithoutRepeatedIn(s: string): string {
  return s.replace(REPEATED_IN, '$1$2 and ');
}

/** "with more realistic noise model" → "with a more realistic noise model": a comparative before a singular count noun. */
const BARE_COMPARATIVE = new RegExp(
  String.raw`\b(with|from|using|into|by|as|to|for)\s+(?=(?:more|less)\s+(?!(?:than|and|or)\b)\p{L}+\s+(?:[\p{L}-]+\s+)?(?:${alternation(GENERIC_HEAD_NOUNS)})` +
    String.raw`(?=\s*[,.;:)]|\s+(?:and|or|to|that|which|for|of|in|with|by|as)\b))`,
  'giu',
);

export function comparativeWithArticle(s: string): string {
  return s.replace(BARE_COMPARATIVE, '$1 a ');
}

/** The slips of grammar an abstract carries, each mended where it is certain (see the functions above). */
export function mendGrammarSlips(s: string): string {
  return comparativeWithArticle(listWithoutRepeatedIn(problemWithArticle(hyphenatedCompounds(adverbBeforeParticiple(s)))));
}

/** All of the above, for a sentence of the draft that no rewrite rule wrote (the author's own in a contrast). */
export function mendSurface(s: string): string {
  return mendGrammarSlips(alsoBeforeParticiple(withoutDoubledWord(mendQuotes(relativeClauseAgreement(massNounsSingular(withoutCountedPraise(closeDashAsides(s))))))));
}
