// Openers and asides that carry no content once a sentence is quoted alone: "In this paper, ", "To this end, ",
// reporting frames ("We show that"), fronted clauses, parentheticals and inline enumerators ("(i)").
import { baseFromGerund, baseFromPast, isPastForm, pastTense } from '../text/verbs';
import { COMMON_SELF_NOUNS, PROBLEM_POINTED_BACK, SELF_NOUNS } from './cues';
import { splitAbstractLabel } from '../text/abstract-labels';
import { ALWAYS_VERB, AUTHORS_SECOND_PREDICATE, COORDINATED_VERB, toBaseForm, toThirdSingular } from './agreement';
import { activeSelfDescription } from './self-description';
import { capitalizeFirst } from './sentence';
import {
  alternation,
  CONNECTIVE_OPENERS as LEXICON_CONNECTIVE_OPENERS,
  CONTRAST_OPENERS as LEXICON_CONTRAST_OPENERS,
  EMPHASIS_OPENERS as LEXICON_EMPHASIS_OPENERS,
  FRAMES_BEFORE_WE as LEXICON_FRAMES_BEFORE_WE,
  MORE_SELF_LOCATIONS as LEXICON_SELF_LOCATIONS,
  NEEDS_ITS_INFINITIVE_WORDS,
  PIECES_OPENING_IN_THIS,
  REMEDY_VERBS as LEXICON_REMEDY_VERBS,
  TIME_BEFORE_WE as LEXICON_TIME_BEFORE_WE,
} from '../lexicon';


/**
 * Less common names a paper gives itself where it locates its own act ("In this manuscript, we …", "In this
 * Perspective, …", chemistry's "In this Account, …"), shared by the frames below.
 */
const MORE_SELF_LOCATIONS = alternation(LEXICON_SELF_LOCATIONS);

/**
 * Openers that carry no content: "In this paper, ", "To this end, ", "Specifically, ", "And finally, " …, and a purpose
 * whose object points back at the sentence before ("To improve this, ", "To test this hypothesis, "), which names
 * nothing once the sentence is quoted alone.
 */
const POINTED_BACK = String.raw`(?:this|these|that|those|the above|such)`;
/** Where a sentence is grounded on what the one before said: "In light of this, ", "Motivated by these findings, ". */
const GROUNDED_ON = String.raw`(?:in light of|in view of|(?:building|drawing) (?:on|upon)|` +
  String.raw`(?:guided|driven|prompted|encouraged|motivated|inspired) by|` +
  String.raw`based on|following|despite|in spite of|in response to|thanks to)`;
const LEADING_DISCOURSE_OPENERS = [
  // "In this paper, ", "In this short commentary, ", "In the present study, ", "In our work, "
  String.raw`in this (?:[a-z][\w-]* )?(?:${SELF_NOUNS}|${alternation(PIECES_OPENING_IN_THIS)}|${MORE_SELF_LOCATIONS})`,
  String.raw`in (?:the )?(?:present|current) (?:${COMMON_SELF_NOUNS})|in (?:our|the) (?:${COMMON_SELF_NOUNS})`,
  // "Yet, ", "(a) ", "Here, ", "To this end, "
  String.raw`yet|\([a-z]\)|here|herein|to this end|to that end|to do so|to do this|to achieve this`,
  // "To improve this, ", "To test these two hypotheses, ", "To follow it up, "
  String.raw`to [a-z]+(?: with)? (?:${POINTED_BACK}(?: [\w-]+){0,2}|it|them)(?: up| out)?`,
  String.raw`specifically|in particular|concretely|more specifically|more precisely|in detail`,
  String.raw`finally|lastly|furthermore|moreover|what(?:'|’| i)s more|on top of (?:this|that)`,
  alternation(LEXICON_CONNECTIVE_OPENERS),
  String.raw`${GROUNDED_ON} ${POINTED_BACK}(?: [\w-]+){0,3}`,
  String.raw`taking (?:this|these|that|those|such)(?: [\w-]+){0,2} into (?:account|consideration)`,
  String.raw`(?:as a (?:first )?step )?towards? (?:this|that|these) (?:goals?|ends?|aims?)`,
  String.raw`addressing (?:this|these|that|those|such)(?: [\w-]+){0,2}|with (?:this|that|these) in (?:mind|view)`,
  alternation(LEXICON_CONTRAST_OPENERS),
  String.raw`first(?:ly)?|second(?:ly)?|third(?:ly)?|then|next`,
  // "Empirically, ", "In our experiments, "
  String.raw`empirically|experimentally|theoretically|practically|in practice`,
  String.raw`in (?:our|the|all|these) experiments|in (?:our|the) evaluations?`,
  alternation(LEXICON_EMPHASIS_OPENERS),
  String.raw`i\.e\.|e\.g\.|for example|for instance`,
];
const LEADING_DISCOURSE = new RegExp(
  // The comma must not open a relative clause ("In this paper, which …").
  String.raw`^(?:(?:and|but) )?(?:${LEADING_DISCOURSE_OPENERS.join('|')})\s*,(?!\s*(?:which|who|whom|whose|where)\b)\s*`,
  'i',
);

/** "In this paper we …" without a comma. */
const LEADING_FRAME_NO_COMMA = new RegExp(
  String.raw`^(?:in this (?:short |brief |preliminary )?(?:${SELF_NOUNS}|${MORE_SELF_LOCATIONS})` +
    String.raw`|in (?:the )?(?:present|current) (?:${COMMON_SELF_NOUNS})|in our (?:${COMMON_SELF_NOUNS})|this (?:${COMMON_SELF_NOUNS})` +
    String.raw`|${alternation(LEXICON_FRAMES_BEFORE_WE)})\s+(?=(?:we|I)\b)`,
  'i',
);
/** "Currently, we address …": the time is the paper's own, and wrong once the sentence reports it ("Currently, they addressed"). */
const LEADING_NOW_BEFORE_WE = new RegExp(String.raw`^(?:${alternation(LEXICON_TIME_BEFORE_WE)})\s*,?\s+(?=(?:we|I)\b)`, 'i');

const REMEDY_VERBS = alternation(LEXICON_REMEDY_VERBS);
const REMEDY = `(?:${REMEDY_VERBS})`;
/** "To address this issue we introduce …" (without its comma), "In order to address this issue, …". */
const LEADING_PURPOSE = new RegExp(
  String.raw`^(?:in order |so as |(?:aiming|seeking|trying|striving) |in an? (?:attempt|effort) )?` +
    String.raw`to\s+${REMEDY}\s+${PROBLEM_POINTED_BACK}(?:\s*,\s*|\s+(?=(?:we|I)\s))`,
  'i',
);
/** "We propose X to address this issue.": the purpose names nothing once the sentence is quoted alone. */
const PURPOSE_POINTED_BACK = new RegExp(String.raw`(?<=[\p{L}\d)\]"”’])(,?\s+)(?:in order |so as )?to\s+${REMEDY}\s+${PROBLEM_POINTED_BACK}(?=\s*(?:[,;.!?]|$))`, 'giu');
/**
 * Words after which a "to …" is what they need, not a purpose that can go ("have been applied to solve such problems",
 * "Aiming to bridge this gap", "begins to tackle these challenges", "designed to address these issues", "sets out to
 * close this gap").
 */
const NEEDS_ITS_INFINITIVE = new RegExp(String.raw`\b(?:${alternation(NEEDS_ITS_INFINITIVE_WORDS)})$`, 'i');
const AUTHORS_SUBJECT = String.raw`((?:we|I|this (?:${SELF_NOUNS}))\s+(?:(?:also|further|then|first|here)\s+)?)`;
/** "We address these issues by proposing X" → "We propose X": what was done, without the problem it pointed back at. */
const REMEDY_BY_MEANS = new RegExp(
  String.raw`^${AUTHORS_SUBJECT}(${REMEDY_VERBS})(e?s|e?d)?\s+${PROBLEM_POINTED_BACK}\s+(?:by|through|via)\s+((?:[a-z]+ly\s+)?)([a-z]+ing)\b`,
  'i',
);
/** "This paper lifts these limitations and proposes X" → "This paper proposes X". */
const REMEDY_AND_THEN = new RegExp(
  String.raw`^${AUTHORS_SUBJECT}(?:${REMEDY_VERBS}|lift|go|move)(?:e?s|e?d)?\s+(?:beyond\s+)?${PROBLEM_POINTED_BACK}\s+and\s+(?=((?:[a-z]+ly\s+)?)([a-z]+)\s)`,
  'i',
);
/**
 * "We attempt to address these problems by proposing X", "We contribute to fill this gap and propose X": an attempt to
 * propose is a proposal ("We propose X").
 */
const ATTEMPT_TO_REMEDY = new RegExp(
  String.raw`^${AUTHORS_SUBJECT}(?:attempt|tr(?:y|ie)|seek|aim|strive|contribute|endeavou?r)(s|es|ed|d)?` +
    String.raw`\s+to\s+${REMEDY}\s+${PROBLEM_POINTED_BACK}` +
    String.raw`\s+(?:and|by|through|via)\s+(propos|introduc|present|develop|design)(?:e|es|s|ing|ed)?\b`,
  'i',
);
/** "aims to fill this gap and introduce X" → "aims to introduce X"; "proposes to solve this issue by using X" → "proposes to use X". */
const INFINITIVE_REMEDY = new RegExp(
  String.raw`\bto\s+${REMEDY}\s+${PROBLEM_POINTED_BACK}\s+(?:and\s+(?=((?:[a-z]+ly\s+)?)([a-z]+)\s)|(?:by|through|via)\s+((?:[a-z]+ly\s+)?)([a-z]+ing)\b)`,
  'gi',
);

/** "by propagating X, and (by) enforcing Y", "by labeling X and then utilizing Y": a second means, which would need a verb of its own. */
const SECOND_MEANS = /^[^.;]*\band\s+(?:then\s+)?(?:by\s+)?[a-z]+ing\b/i;

/** A word that heads a predicate whatever follows it ("propose", "introduces", "developed"). */
function isPredicateVerb(word: string): boolean {
  const lower = word.toLowerCase();
  const base = isPastForm(lower) ? baseFromPast(lower) : toBaseForm(lower);
  return ALWAYS_VERB.test(base) || COORDINATED_VERB.test(base);
}

/**
 * A problem the abstract named before, pointed at with "this"/"these", means nothing where the sentence is quoted
 * alone: "To address this issue we introduce X" → "We introduce X"; "We propose X to address this issue." → "We propose
 * X."; "We address these issues by proposing X" → "We propose X"; "We lift these limitations and propose X" → "We
 * propose X"; "We aim to fill this gap and introduce X" → "We aim to introduce X"; "We attempt to address these
 * problems by proposing X" → "We propose X".
 */
function withoutProblemPointedBack(sentence: string): string {
  let s = sentence.replace(LEADING_PURPOSE, '');
  const means = REMEDY_BY_MEANS.exec(s);
  const base = means && !SECOND_MEANS.test(s.slice(means[0].length)) ? baseFromGerund(means[5]) : undefined;
  if (means && base) {
    const [whole, subject, , ending = '', adverb] = means;
    const verb = /d$/i.test(ending) ? pastTense(base) : /s$/i.test(ending) ? toThirdSingular(base) : base;
    s = `${subject}${adverb}${verb}${s.slice(whole.length)}`;
  }
  const attempt = ATTEMPT_TO_REMEDY.exec(s);
  if (attempt) {
    const [whole, subject, ending = '', stem] = attempt;
    const proposal = /^(?:present|develop|design)$/i.test(stem) ? stem.toLowerCase() : `${stem.toLowerCase()}e`;
    const verb = /d$/i.test(ending) ? pastTense(proposal) : /s$/i.test(ending) ? toThirdSingular(proposal) : proposal;
    s = `${subject}${verb}${s.slice(whole.length)}`;
  }
  const then = REMEDY_AND_THEN.exec(s);
  if (then && isPredicateVerb(then[3])) s = then[1] + s.slice(then[0].length);
  s = s.replace(INFINITIVE_REMEDY, (m, andAdverb: string | undefined, andVerb: string | undefined, byAdverb: string | undefined, gerund: string | undefined, at: number, whole: string) => {
    if (andVerb !== undefined) return ALWAYS_VERB.test(andVerb) || COORDINATED_VERB.test(andVerb) ? `to ${andAdverb}` : m;
    const bare = gerund && !SECOND_MEANS.test(whole.slice(at + m.length)) && baseFromGerund(gerund);
    return bare ? `to ${byAdverb}${bare}` : m;
  });
  const unpurposed = s.replace(PURPOSE_POINTED_BACK, (m, _space: string, at: number, whole: string) => (NEEDS_ITS_INFINITIVE.test(whole.slice(0, at)) ? m : ''));
  // Only where a sentence of five words or more is left.
  return unpurposed.split(/\s+/).length >= 5 ? unpurposed : s;
}

/** "Experimental results show that X" → "X", only when X is a clause on its own. */
const REPORTING_FRAME = new RegExp(
  // "Extensive experimental results on three datasets", "Our simulations"
  String.raw`^(?:(?:our |the |extensive |comprehensive |experimental |empirical |numerical |simulation |evaluation |further |these )*` +
    String.raw`(?:experimental |empirical |numerical |simulation )?` +
    String.raw`(?:results?|experiments?|evaluations?|analys[ie]s|studies|simulations|findings)(?: on [^,]{1,80}?)?` +
    // "We also show", "We empirically find"
    String.raw`|we (?:also |further |then |empirically |experimentally |theoretically )?` +
    String.raw`(?:show|demonstrate|find|observe|confirm|prove|verify))` +
    // "… show that", "… indicate that", or "that" alone
    String.raw`\s+(?:show|shows|demonstrate|demonstrates|indicate|indicates|suggest|suggests|confirm|confirms|reveal|reveals|verify|verifies|that)?` +
    String.raw`\s*(?:that\s+)`,
  'i',
);

/** Short bracketed asides: acronym definitions "(MPT)", citations "[3]", "(e.g., …)", "(Smith et al., 2019)". */
// A bracket glued to the word before it is part of a formula ("P(Z|X)", "O(n^3)"), unless it holds an acronym; a
// prefix in brackets is part of the word after it ("(re)plots", "(soft-)search").
const PARENTHETICAL = /(?:\s+|^|(?<=[\w”"’-])(?=\([\p{Lu}][\p{L}\d-]*[\p{Lu}]s?\)))(?!\(\p{L}{1,8}-?\)\p{L})(?:\((?:[^()]{0,80})\)|\[(?:[^[\]]{0,60})\])/gu;

/** A list item's enumerator: "(i) We first investigate …", "2) We show …". */
const LEADING_ENUMERATOR = /^(?:\((?:[ivx]{1,4}|[a-h]|\d{1,2})\)|(?:[ivx]{1,4}|[a-h]|\d{1,2})\))\s+/i;

/** An enumerator inside a sentence: "(ii) ", "b) ", "(3) ", after a space or a colon. */
const INLINE_ENUMERATOR = /(?<=^|[\s:])\(?([ivx]{1,4}|[a-h]|\d)\)\s+/gi;
const ROMAN_NUMERALS = ['i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix', 'x'];

/** The place of an enumerator's label in its series (1 for "i", "a" and "1"), or 0 for none. */
function enumeratorRank(label: string, kind: 'roman' | 'letter' | 'digit'): number {
  const l = label.toLowerCase();
  if (kind === 'roman') return ROMAN_NUMERALS.indexOf(l) + 1;
  if (kind === 'letter') return /^[a-h]$/.test(l) ? l.charCodeAt(0) - 96 : 0;
  return /^\d$/.test(l) ? Number(l) : 0;
}

/**
 * "We (i) weigh the output of 14 mills, (ii) model the losses, and (iii) suggest …" reads as "We weigh …, model …,
 * and suggest …": a citation has no list to number, and the markers kept the verbs from being seen (quoted as "Mill
 * et al. (i) weigh …"). Only a series that counts up from its first item (i, ii…; a, b…; 1, 2…): a lone "(1)" may
 * be an equation's number.
 */
export function withoutInlineEnumerators(sentence: string): string {
  const found = [...sentence.matchAll(INLINE_ENUMERATOR)];
  if (found.length < 2) return sentence;
  // "i" is both a Roman numeral and a letter: the second item tells which ("ii" or "j"; letters stop at h).
  const first = found[0][1].toLowerCase();
  const kind = /^\d$/.test(first) ? 'digit' : first === 'i' ? (found[1][1].toLowerCase() === 'ii' ? 'roman' : 'letter') : /^[a-h]$/.test(first) ? 'letter' : 'roman';
  if (!found.every((m, i) => enumeratorRank(m[1], kind) === i + 1)) return sentence;
  // From the last back, so that the earlier offsets stay valid.
  let out = sentence;
  for (const m of found.reverse()) out = out.slice(0, m.index) + out.slice(m.index! + m[0].length);
  return out;
}

/**
 * Remove content-free openers ("In this paper, ", "To this end, " …), repeatedly, and what points back at a problem an
 * earlier sentence named ("To address this issue we …", "… by proposing", see withoutProblemPointedBack).
 */
export function stripLeadingDiscourse(sentence: string): string {
  let s = sentence.trim();
  let framed = false;
  for (let guard = 0; guard < 4; guard++) {
    framed ||= SELF_LOCATION_FRAME.test(s);
    const next = splitAbstractLabel(s).text.replace(LEADING_ENUMERATOR, '').replace(LEADING_DISCOURSE, '').replace(LEADING_FRAME_NO_COMMA, '').replace(LEADING_NOW_BEFORE_WE, '');
    if (next === s) break;
    s = next;
  }
  s = withoutProblemPointedBack(s);
  // "In this paper, some knowledge about strokes was derived …": the frame that goes made the passive the authors'
  // own act, which the remaining sentence no longer shows ("We derive some knowledge …" keeps it).
  // (Passives that need no frame are turned when the sentence is rewritten.)
  const rest = capitalizeFirst(s);
  const own = framed && !SELF_LOCATION_FRAME.test(s) && !activeSelfDescription(rest) ? activeSelfDescription(rest, true) : undefined;
  return own ?? rest;
}

/** "In this paper", "Here": where the abstract locates its own act. */
const SELF_LOCATION_FRAME = new RegExp(String.raw`^(?:in this (?:short |brief )?(?:${SELF_NOUNS}|${MORE_SELF_LOCATIONS})|here(?:in)?)\b`, 'i');

/** Drop "Experimental results show that" / "We show that" when a full clause follows. */
export function dropReportingFrame(sentence: string): string | undefined {
  const m = REPORTING_FRAME.exec(sentence);
  if (!m) return undefined;
  const rest = sentence.slice(m[0].length);
  // The remainder must have a subject and a verb to stand alone; a short remainder is not worth it.
  if (rest.split(/\s+/).length < 6) return undefined;
  // "We demonstrate that X are unable to Y, and develop Z": the second predicate is the authors'; without the frame it
  // would be X's.
  if (/^we\b/i.test(m[0]) && AUTHORS_SECOND_PREDICATE.test(rest)) return undefined;
  // "We show that X, and that Y": the second claim hangs on the frame too.
  if (/\b(?:and|but|or)\s+(?:also\s+)?that\b(?!\s+of\b)/i.test(rest)) return undefined;
  return capitalizeFirst(rest);
}

/**
 * "Inspired by X, we design Y" → "We design Y"; "X is slow, and we propose Y" → "We propose Y": a fronted clause
 * (motivation, means, setting, problem) before the authors' main clause is context a TLDR can leave out. Only when
 * the main clause starts with "we", "our" or "this paper/work", the fronted part does not itself speak in the first
 * person, and the main clause has enough words to stand alone.
 */
const FRONTED_CLAUSE = /^([^;]{3,200}?)(?:,|;)\s+(?:and\s+|but\s+|so\s+|here\s+|thus\s+|hence\s+|therefore\s+)?(?=(?:we|our|this (?:paper|work))\s)/i;
export function dropFrontedClause(sentence: string): string | undefined {
  const m = FRONTED_CLAUSE.exec(sentence);
  if (!m || /\b(?:we|our)\b/i.test(m[1])) return undefined;
  const rest = sentence.slice(m[0].length);
  if (rest.split(/\s+/).length < 6) return undefined;
  return capitalizeFirst(rest);
}

/** A name in parentheses ("(LDAWN)", "(TnT)"): one word with a second capital. */
const NAME_IN_PARENTHESES = /^\s*\((\p{Lu}[\p{L}\d-]*\p{Lu}[\p{L}\d-]*)\)$/u;
/** What the authors make, just before the aside: "We develop latent Dirichlet allocation with WordNet". */
const AUTHORS_MAKE = /\b(?:we|I)\s+(?:also\s+)?(?:propose|present|introduce|develop|describe|design|build|create|release|call|name|term|dub)\w*\s+([^,;()]{1,80})$/i;
/** A term inside a phrase about something else: "a model for statistical machine translation (SMT)". */
const INSIDE_A_PHRASE = /\b(?:of|for|to|on|in|from|by|between|among|into|over|under|using|via|based)\b/i;
/** The name closes the noun phrase: ", a …", ", which …", "." — not "(SVM) based", "(QG) features". */
const CLOSES_THE_PHRASE = /^(?:[,.;:]|\s+(?:which|that|to|for|is|are)\b|\s*$)/;

/**
 * "We develop latent Dirichlet allocation with WordNet (LDAWN), …": the name the work gives what it makes is how
 * other papers will cite it, unlike an acronym of a term it uses ("we train Generative Adversarial Networks (GANs)",
 * "we propose a model for statistical machine translation (SMT)").
 */
function namesTheContribution(aside: string, before: string, after: string): boolean {
  const made = AUTHORS_MAKE.exec(before);
  return NAME_IN_PARENTHESES.test(aside) && !!made && !INSIDE_A_PHRASE.test(made[1]) && CLOSES_THE_PHRASE.test(after);
}

/**
 * "a robust control Lyapunov function ( rclf ) is introduced, and … the existence of an rclf for …": an acronym the
 * sentence uses again after its definition; without the definition the later "rclf" names nothing the reader was told.
 */
function definesAcronymUsedLater(aside: string, after: string): boolean {
  const term = /^\(\s*([\p{L}][\p{L}\d-]{1,11}?)s?\s*\)$/u.exec(aside.trim())?.[1];
  if (!term || !/\p{L}{2}/u.test(term) || term.toLowerCase() === term.toUpperCase()) return false;
  // The term holds letters, digits and hyphens only: nothing to escape.
  return new RegExp(String.raw`(?<![\p{L}\d-])${term}s?(?![\p{L}\d-])`, 'u').test(after);
}

export function dropParentheticals(sentence: string): string {
  // Inside out, so that an aside holding one of its own ("(Journal 14 (1969), 217-231)") goes as a whole.
  let s = sentence;
  for (let depth = 0; depth < 3; depth++) {
    // An aside glued to the next word ("[…]Wave", "(x; y)Tw") leaves a space between the words it stood between.
    const next = s.replace(PARENTHETICAL, (aside: string, at: number, whole: string) =>
      namesTheContribution(aside, whole.slice(0, at), whole.slice(at + aside.length)) || definesAcronymUsedLater(aside, whole.slice(at + aside.length))
        ? aside
        : /[\p{L}\d]/u.test(whole.charAt(at + aside.length))
          ? ' '
          : '');
    if (next === s) break;
    s = next;
  }
  // "… of Okafor et al. (2019)." → "… of Okafor et al." (the abbreviation's full stop ends the sentence).
  return s.replace(/\s+([,.;:])/g, '$1').replace(/(?<!\.)\.\.(?!\.)/g, '.').replace(/\s{2,}/g, ' ').trim();
}
