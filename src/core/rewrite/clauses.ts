// Clause truncation: the shorter versions of a sentence that end before a trailing modifier ("…, which yields …")
// and still read as a sentence; and numbered citations of other works ("[3]") that a quoted sentence cannot keep.
import { STOPWORDS } from '../text/tokens';
import { isPastForm } from '../text/verbs';
import { ALWAYS_VERB, COORDINATED_VERB } from './agreement';
import { canBeVerb, ensureFinalPeriod } from './sentence';
import {
  alternation,
  FRONTED_PHRASE_OPENERS,
  GENERIC_HEAD_NOUNS,
  GENERIC_KIND_PLURALS,
  METHOD_KIND_ADJECTIVES,
  NO_CUT_AFTER,
  THAT_CLAUSE_VERB_FORMS,
  TRAILING_CLAUSE_OPENERS,
  VERBS_NEEDING_FOR,
  VERBS_NEEDING_WITH,
} from '../lexicon';
import { COMMON_SELF_NOUNS } from './cues';

/** Where a sentence may be cut and still read as a sentence: before a trailing modifier clause. */
/** The clause has its own subject, the authors' or the work's ("we", "this paper"). */
const SPEAKS_OF_ITSELF = new RegExp(String.raw`\b(?:we|I|they|it|this (?:${COMMON_SELF_NOUNS}))\b`);
// No cut before the clause that says how ("by combining …", "via", "through", "using", "with a …", "based on …",
// "that combines …"): "… a new channel model for spelling correction[, based on generic string to string edits]" —
// how the work does it is the reason to cite it, not a clause to save words on.
const CLAUSE_BOUNDARY = new RegExp(
  // After a comma: ", which …", ", e.g. …", ", and we …", ", and show …"
  String.raw`(?:,\s*(?:${alternation(TRAILING_CLAUSE_OPENERS)}|e\.g\.|i\.e\.|but` +
    String.raw`|and (?:we|it|they|this|these|the|our|show|demonstrate|achieve|obtain|evaluate|apply|find|use|outperform|provide|[a-z]{3,}ing))\b` +
    // After a semicolon.
    String.raw`|;\s` +
    // Without a comma: "… in order to …", "… that achieves …", "… and evaluate …", "… on several benchmarks", "… for …"
    String.raw`|\s(?:in order to|so as to|without|that (?:is|are|can|could|allows?|enables?|achieves?|outperforms?|improves?)` +
    String.raw`|which|where|while|whereas|and (?:show|demonstrate|achieve|evaluate|apply|find|obtain|outperform|provide)` +
    String.raw`|on (?:several|various|multiple|a range of|a variety of|standard|benchmark|two|three|four|five|many)` +
    String.raw`|across|for (?:the (?:task|problem) of)?)\b)`,
  'gi',
);

/**
 * Words that mean little without their "for" / "with": verbs in the present (a past form is never cut from what follows
 * it; "allows" is never a cut's last word at all) and "responsible".
 */
const VERB_NEEDS_FOR = new RegExp(String.raw`\b(?:${alternation(VERBS_NEEDING_FOR)})\s*$`, 'i');
const VERB_NEEDS_WITH = new RegExp(String.raw`\b(?:${alternation(VERBS_NEEDING_WITH)})\s*$`, 'i');

/** "… has motivated methods", "… costs less to run than approaches", "… and give algorithms": kinds of thing, but which? */
const BARE_GENERIC_AT_END = new RegExp(
  String.raw`\b(?:has|have|had|than|as|give|gives|gave)\s+(?:[a-z]+ed\s+)?(?:${alternation(GENERIC_KIND_PLURALS)})\s*$`,
  'i',
);

/** A noun phrase that ends in a content-free head ("a task", "a new method", "the set"). */
const GENERIC_HEAD_AT_END = new RegExp(
  String.raw`\b(?:a|an|the|one|two|three|new|novel)\s+(?:(?:new|novel|simple|general|single)\s+)?` +
    String.raw`(?:(?:${alternation(METHOD_KIND_ADJECTIVES)})\s+)?(?:${alternation(GENERIC_HEAD_NOUNS)})s?\s*$`,
  'i',
);

/** A noun phrase that ends in a kind of thing a work builds ("a fully-implemented module", "methods"). */
// ("… presented a safety feedback design [for nonlinear systems based on …]", "a tide-alert strategy [for small ports]".)
const KIND_OF_THING_AT_END = new RegExp(
  String.raw`\b(?:system|module|method|approach|framework|model|algorithm|technique|tool|toolkit|architecture|procedure|scheme` +
    String.raw`|collection|package|formalism|design|strategy|controller|pipeline|measure|metric|filter|solver` +
    String.raw`|planner|heuristic|methodology|formulation|platform|library|language|corpus|dataset|benchmark)s?\s*$`,
  'i',
);
/** What follows says what the thing is for or how it works: "for X", ", which combines …", "that learns …". */
// (Not what it achieves or is: ", which outperforms …", "that is …".)
// A modal counts with the verb after it: "which can outperform …" tells a result, "which can cope with noise of any
// kind" what the thing does.
const ACHIEVES_OR_IS = String.raw`(?:outperforms?|achieves?|improves?|yields?|reach(?:es)?|obtains?|gives?|performs?|results?|leads?` +
  String.raw`|is|are|was|were|has|have|(?:can|could|may|might|will|would)(?=\s+(?:\w+ly\s+|also\s+|further\s+)?` +
  String.raw`(?:be|outperform|achieve|improve|yield|reach|obtain|give|perform|lead|result|reduce|speed|increase|boost)\b))`;
const WHAT_IT_IS_FOR = new RegExp(String.raw`^,?\s*(?:for\b|(?:which|that)\s+(?!${ACHIEVES_OR_IS}\b))`, 'i');

/**
 * "… cooperative games, which are games [where …]", "… sparse codes: codes [that …]": a definition cut before what
 * defines it only repeats the word it was to define.
 */
const DEFINITION_ECHO = /\b([\p{L}-]{3,}?)s?(?:\s*:|,?\s+(?:which|that)\s+(?:is|are))\s+(?:(?:a|an|the)\s+)?\1s?\s*$/iu;

/** Words that open a fronted phrase or clause, which a main clause must follow. */
const FRONTED_OPENER = new RegExp(String.raw`^(?:${alternation(FRONTED_PHRASE_OPENERS)})\b`, 'i');

export interface Truncation {
  text: string;
  /** Fraction of the original words kept. */
  kept: number;
}

/** A cut that strands a preposition, article, conjunction or adverb ("… for domain adaptation in."). */
const STRANDED_AT_END = new RegExp(String.raw`\b(?:${alternation(NO_CUT_AFTER)})\s*$`, 'i');
/** "… in cases", "… under conditions": which ones, the clause after says. */
const CASES_AT_END = /\b(?:in|for|to|under|on)\s+(?:cases|situations|settings|scenarios|circumstances|conditions|instances|regimes)\s*$/i;

/** The rest of an aside that closes with a comma before the sentence's verb (", have however not been …"). */
const ASIDE_BEFORE_VERB = new RegExp(
  // One to four short phrases, each closed by a comma, then adverbs and an auxiliary or "remains".
  String.raw`^(?:[^;(),]{1,50},\s*){1,4}?(?:(?:however|also|still|often|thus|then|not)\s+)*` +
    String.raw`(?:is|are|was|were|has|have|had|can|could|will|would|may|might|should|must|does|do|did|cannot|remains?|remained)\b`,
  'i',
);

/**
 * A sentence whose main verb is the passive at its very end ("… is presented."), or before the place the authors name
 * ("… for teams of quadrotors are presented in this paper."), which only the clean stage drops, after compress.
 */
const PASSIVE_AT_END =
  /\b(?:is|are|was|were)\s+(?:(?:also|here|then|first|briefly|[a-z]+ly)\s+)?[a-z]+(?:ed|en|wn|lt|ght)(?:\s+(?:here(?:in)?|in this (?:paper|work|article|study|letter|chapter|thesis)))?\s*[.!]?$/i;
/** A passive in a clause with a subject of its own, at the end of a cut: "… where the system can be stabilized". */
const PASSIVE_WITH_SUBJECT_AT_END = new RegExp(
  String.raw`\b(?:where|when|in which|such that|so that)\s+(?:the|a|an|its|their|each|every)\s+[^,;]{1,40}?\s+` +
    String.raw`(?:can|could|may|might|must|will|would|is|are|was|were)\s+(?:be\s+)?[a-z]+(?:ed|en|wn)\s*$`,
  'i',
);
/** The claim after a reporting verb ("show that …"), up to the cut. */
const REPORTED_CLAIM = new RegExp(
  String.raw`\b(?:${alternation(THAT_CLAUSE_VERB_FORMS)})\s+that\s+` +
    // The claim up to a comma, or a subordinate clause that goes on past commas ("that, even when …, …").
    String.raw`([^,;]*|(?:even |only )?(?:when|if|while|although|though|because|as|since|once|unless|after|before)\b[^;]*)$`,
  'i',
);
/** "… explain how large models [, such as …, capture X]": an embedded question up to the cut. */
const EMBEDDED_QUESTION = /\b(?:how|why|whether|what)\s+([^,;]*)$/i;
const AUXILIARY = /\b(?:is|are|was|were|be|been|has|have|had|can|could|will|would|may|might|shall|should|must|do|does|did|cannot)\b/i;

/**
 * Whether a clause has something that can be its finite verb: an auxiliary, or a word in "-s" or "-ed" with words after
 * it (a clause that ends on such a word ends on its subject as often as on its verb: "that stronger certificates").
 */
function hasVerb(clause: string): boolean {
  if (AUXILIARY.test(clause)) return true;
  const words = clause.trim().split(/\s+/);
  return words.slice(0, -1).some((w) => /^[a-z]+(?:ed|[^s\W]s)$/i.test(w));
}

/** "… in two respects", "… three kinds of gauge", "… a twofold contribution": a count the colon after it makes good. */
const COUNTED_LIST = /\b(?:two|three|four|five|six|seven|eight|nine|ten|several|multiple|both|(?:two|three|four)-?fold)\b[^:;]{0,80}$/i;

/** A list item that opens with a verb and its object ("model the losses"), not with a noun ("design of the font"). */
function opensWithPredicate(item: string): boolean {
  const m = /^\s*([a-z]+)\s+(?:the|a|an|its|their|our)\b/.exec(item);
  return !!m && !STOPWORDS.has(m[1]) && (COORDINATED_VERB.test(m[1]) || ALWAYS_VERB.test(m[1]) || canBeVerb(m[1]));
}

/** Shorter variants that end at a clause boundary, each at least `minWords` long. */
export function clauseTruncations(sentence: string, minWords = 7): Truncation[] {
  const total = sentence.split(/\s+/).length;
  const out: Truncation[] = [];
  const seen = new Set<number>();
  CLAUSE_BOUNDARY.lastIndex = 0;
  for (let m = CLAUSE_BOUNDARY.exec(sentence); m; m = CLAUSE_BOUNDARY.exec(sentence)) {
    const head = sentence.slice(0, m.index);
    // Never cut inside brackets.
    if ((head.match(/\(/g)?.length ?? 0) !== (head.match(/\)/g)?.length ?? 0)) continue;
    if ((head.match(/\[/g)?.length ?? 0) !== (head.match(/\]/g)?.length ?? 0)) continue;
    // Nor inside an aside between dashes ("two constraints—that words keep one sense[ per discourse—exploited …]"): the
    // dash that opened it would close nothing.
    const dashes = (t: string) => t.match(/—|\s[–-]{1,2}\s|--/g)?.length ?? 0;
    if (dashes(head) % 2 === 1 && dashes(sentence.slice(m.index)) > 0) continue;
    // A cut must not strand a preposition, article, conjunction or adverb ("… for domain adaptation in.", "… in
    // contrast to just.").
    if (STRANDED_AT_END.test(head)) continue;
    // "… and a task for evaluation metrics" → "… and a task": a generic head noun said nothing without what followed.
    if (GENERIC_HEAD_AT_END.test(head) || BARE_GENERIC_AT_END.test(head) || DEFINITION_ECHO.test(head)) continue;
    // "we weigh X; model the losses[; and suggest Y]": a cut in or after a later item of a series of predicates leaves
    // that item's verb in the authors' form, with no subject of its own (the rewrite agrees it only with a last item).
    if (head.includes(';') && opensWithPredicate(head.slice(head.lastIndexOf(';') + 1))) continue;
    // "… two kinds of gauge: a float gauge [and a radar gauge]", "… levels of service: a pilot [with …]": a list that
    // a colon announced, or a phrase it opened that has no verb yet, is cut short. A clause after the colon ("…: it
    // reads the gauge every hour [, such as …]") may be cut like any other.
    const colon = /:\s([^:]*)$/.exec(head);
    if (colon && (!hasVerb(colon[1]) || COUNTED_LIST.test(head.slice(0, colon.index)))) continue;
    // "… presents a novel training algorithm [for a block sequence translation model]", "… a recognition system [,
    // which combines rule-based grammars with statistical models]": a kind of thing without what it is for or how it
    // works is what the work was to be cited for. (What it achieves, ", which outperforms …", may go.)
    // A name in brackets after the kind does not end the phrase: "a deep relevance matching model (DRMM) [for ad-hoc
    // retrieval]".
    const named = head.replace(/\s*\([^()]*\)\s*$/, '');
    if (KIND_OF_THING_AT_END.test(named) && WHAT_IT_IS_FOR.test(sentence.slice(m.index))) continue;
    // "… identifying open issues, and suggesting some hints [for future research]": a quantified plural says which
    // ones by what it is for.
    if (/^\s+for\b/i.test(m[0]) && /\b(?:some|several|many|few|various)\s+(?:[\p{L}-]+\s+)?[\p{L}-]+s\s*$/iu.test(head)) continue;
    // "… maximize the region [where the ship can turn]", "… keep the gauge [that the pilots read]": a definite noun
    // that a clause without a comma defines points at nothing once the clause is cut.
    if (/^\s+(?:which|where|that|in which)\b/i.test(m[0]) && /\bthe(?:\s+[\p{L}-]+){1,2}\s*$/iu.test(head)) continue;
    // ", identifying open issues[, and suggesting some hints …]": a second participle clause goes after a first that
    // stays; "parsing, tagging[, and chunking]" and "experiments in predicting X, predicting Y[, and learning Z]" are
    // lists, cut short.
    if (
      /^,\s*and [a-z]+ing\b/i.test(m[0]) &&
      (!/,\s*[a-z]{3,}ing(?:\s+[\p{L}-]+){2,}\s*$/iu.test(head) ||
        (head.match(/,\s*[a-z]{3,}ing\b/gi)?.length ?? 0) > 1 ||
        /\b(?:in|of|for|by|on|to|at|from|with|between|about|without|after|before|through|including|such as|namely|include|includes)\s+(?:[a-z]+\s+)?[a-z]{3,}ing\b/i.test(head))
    ) continue;
    // "… the best harbours are the ones [that stay ice-free]": "the ones" is defined by what follows.
    if (/\bthe (?:one|ones|kind|type|sort)\s*$/i.test(head)) continue;
    // "… record only those readings of the tide [that are unusual]": "those" waits for the clause that says which.
    if (/^,?\s*(?:that|which|where)\b/i.test(m[0]) && /\bthose(?:\s+[\p{L}-]+){1,4}\s*$/iu.test(head)) continue;
    // "… a tagger for logbooks in cases [where only seed words are given]": what follows says which cases.
    if (/^,?\s*(?:where|when|in which|that|which)\b/i.test(m[0]) && CASES_AT_END.test(head)) continue;
    // "As a means of charting the tides [for …, this paper builds X]": a fronted phrase without the clause it leads
    // into.
    if (FRONTED_OPENER.test(head) && !head.includes(',') && !SPEAKS_OF_ITSELF.test(head)) continue;
    // "Readings of the gauge, such as those at dawn, have often been lost": the aside sat inside the subject, and the
    // main verb comes after it.
    if (/^,\s*(?:such as|including|e\.g\.|i\.e\.|especially|particularly)/i.test(m[0]) && ASIDE_BEFORE_VERB.test(sentence.slice(m.index + m[0].length))) continue;
    // "classifies documents not by topic, but by sentiment": the cut would say the opposite.
    if (/^,\s*but\b/i.test(m[0]) && /\bnot\b/i.test(head.slice(head.lastIndexOf(',') + 1))) continue;
    // "A planner that … with X is presented.": the main verb comes after the cut.
    if (PASSIVE_AT_END.test(sentence.slice(m.index)) && !/\b(?:is|are|was|were)\b/i.test(head)) continue;
    // "… that state-of-the-art denoising can be achieved [with a single system]", "… tasks which are encoded [through a
    // cost function]", "…, dealing [with …]": a participle without the complement that follows it says nothing.
    const lastWord = head.trimEnd().split(/\s+/).pop() ?? '';
    // A passive is whole before "without", "while" or "in order to" ("… the region where the ship can be turned
    // [without touching the quay]"): what follows says how or why, not what the verb acts on.
    // Only in a clause with a subject of its own ("where the system can be stabilized"): "a variate which is obtained"
    // and "it can be applied" say nothing without what follows.
    const wholePassive = /^\s+(?:without|while|whereas|in order to|so as to)\b/i.test(m[0]) && PASSIVE_WITH_SUBJECT_AT_END.test(head);
    if (/^\s/.test(m[0]) && ((isPastForm(lastWord) && !wholePassive) || /,\s*[a-z]+ing\s*$/i.test(head))) continue;
    // "… allows the pilot to automatically search [for a berth]", "… learns to encode [with a pair of codebooks]": an
    // infinitive that an adverb or "learns to" marks as a verb, cut from what it acts on.
    if (/^\s/.test(m[0]) && /\b(?:to\s+\p{L}+ly\s+(?:\(\p{L}+-?\))?|(?:learns?|learned|learning|how)\s+to\s+)\p{L}+\s*$/iu.test(head)) continue;
    // "… and show that the existence of X [for Y is equivalent to Z]": a claim cut before its verb.
    const claim = REPORTED_CLAIM.exec(head) ?? EMBEDDED_QUESTION.exec(head);
    // "recommend that when lexicons are large, recent guidelines [should be consulted]": after a clause that opens
    // the claim, its own verb is still to come.
    const opener = claim && /^(?:even |only )?(?:when|if|while|although|though|because|as|since|once|unless|after|before)\b/i.test(claim[1]);
    if (claim && !hasVerb(opener ? (/,\s*([^,]*)$/.exec(claim[1])?.[1] ?? '') : claim[1])) continue;
    // "… a scheduler that accounts [for tidal range]", "… a planner that copes [with fog]": a verb whose sense is in
    // its preposition says nothing without it.
    if (/^\s+for\b/i.test(m[0]) && VERB_NEEDS_FOR.test(head)) continue;
    if (/^\s+with\b/i.test(m[0]) && VERB_NEEDS_WITH.test(head)) continue;
    // "… learn two mappings and couple them [with a cycle consistency loss]": a verb whose object is only a pronoun
    // for something the sentence already named tells what was done in the phrase that follows.
    if (/^\s+(?:with|to|into|onto|from|as|by|via|through|using|on|in|for|at)\b/i.test(m[0]) && /\b(?:them|it)\s*$/i.test(head)) continue;
    // "compared a font with a ratio within the range to a font [with a ratio outside it]", "chooses another QBN [for
    // each layer]": a noun that the head already named, bare at its end as the other thing compared or as "another",
    // is told apart by what the cut would drop.
    const repeated = /(?:\b(?:to|with|than|versus|against)\s+(?:a|an|the)|\banother)\s+(\p{L}[\p{L}-]*)\s*$/u.exec(head);
    if (repeated && new RegExp(`\\b${repeated[1]}\\b`, 'iu').test(head.slice(0, repeated.index))) continue;
    const words = head.trim().split(/\s+/).length;
    if (words < minWords || words >= total - 2 || seen.has(words)) continue;
    seen.add(words);
    out.push({ text: ensureFinalPeriod(head), kept: words / total });
  }
  return out;
}

/**
 * Numbered citations of the source paper ("as in [10, 14]") point into its bibliography, not the user's: written
 * into a draft they would read as the user's own [10]. Intervals ("in [0, 1]", "range [2, 5]") are kept.
 */
export function stripForeignNumberedCitations(sentence: string): string {
  return sentence
    .replace(/(\b(?:in|within|range|interval|of|to|from|between|over)\s*)?\s?\[(\d+(?:\s*[,;–-]\s*\d+)*)\]/gi, (m, before: string | undefined, inside: string) =>
      // An interval has exactly two bounds and follows a word such as "in" or "range".
      before && /^\d+\s*,\s*\d+$/.test(inside) ? m : before ? before.trimEnd() : '',
    )
    .replace(/\s+([,.;:])/g, '$1');
}
