// Person and verb agreement: once "we" becomes "Doe et al. \cite{k}" (plural) or "This paper" (singular), every verb
// of the predicate, and of a series of them ("proposes X, trains Y and evaluates Z"), takes the subject's form and tense.
import { type Tense } from '../types';
import { STOPWORDS } from '../text/tokens';
import { baseFromPast, isPastForm, oftenAnAdjective, pastIsBaseForm, pastTense, taggedTerms } from '../text/verbs';
import { type Plurality } from './authors';
import { englishWords } from '../text/words';
import {
  ADVERBS_BEFORE_VERB,
  alternation,
  AUTHORS_ONLY_ACTS,
  NEVER_NOUN_VERBS,
  OBJECT_OPENERS,
  SECOND_PREDICATE_VERBS,
  SHARED_INFINITIVE_VERBS,
} from '../lexicon';


const MODALS = new Set(['can', 'could', 'will', 'would', 'may', 'might', 'shall', 'should', 'must', 'cannot']);
const TO_THIRD_SINGULAR: Record<string, string> = { have: 'has', are: 'is', were: 'was', do: 'does', go: 'goes', undergo: 'undergoes' };
const TO_BASE: Record<string, string> = { has: 'have', is: 'are', was: 'were', does: 'do', goes: 'go', focuses: 'focus', biases: 'bias', undergoes: 'undergo' };
/** A "-ly" word is an adverb, except the verbs that end that way ("we apply", "we rely on", "supply", "ally"). */
const LY_ADVERB = '(?!(?:ap|re|sup|com|im|multi|al|under)?ply\\b|(?:re|al)ly\\b)[a-z]+ly';
/** Adverbs that may sit between the subject and its verb ("we also propose"). */
const VERB_ADVERBS = new RegExp(
  `^(?:${alternation(ADVERBS_BEFORE_VERB)}|${LY_ADVERB})$`,
  'i',
);

export function toThirdSingular(verb: string): string {
  const lower = verb.toLowerCase();
  if (TO_THIRD_SINGULAR[lower]) return matchCase(TO_THIRD_SINGULAR[lower], verb);
  if (MODALS.has(lower) || (isPastForm(lower) && !pastIsBaseForm(lower))) return verb;
  if (/(?:s|x|z|ch|sh|o)$/.test(lower)) return verb + 'es';
  if (/[^aeiou]y$/.test(lower)) return verb.slice(0, -1) + 'ies';
  return verb + 's';
}

export function toBaseForm(verb: string): string {
  const lower = verb.toLowerCase();
  if (TO_BASE[lower]) return matchCase(TO_BASE[lower], verb);
  if (!lower.endsWith('s') || lower.endsWith('ss') || lower.length < 4) return verb;
  if (lower.endsWith('ies')) return verb.slice(0, -3) + 'y';
  if (/(?:ss|sh|ch|x|zz)es$/.test(lower)) return verb.slice(0, -2);
  return verb.slice(0, -1);
}

/** A word with a past tense that the word list holds ("tide" → "tided", "describes" → "described"; not "font"). */
export function canBeVerb(word: string): boolean {
  const base = /s$/.test(word) ? toBaseForm(word) : word;
  // "set", "cut": the past is spelled as the base.
  if (pastIsBaseForm(base)) return true;
  const past = pastTense(base);
  return past !== base && englishWords().has(past.toLowerCase());
}

function matchCase(word: string, like: string): string {
  return /^[A-Z]/.test(like) ? word[0].toUpperCase() + word.slice(1) : word;
}

/** Verbs that often head a second coordinated predicate ("we analyse X and identify Y"). */
const COORDINATED_VERBS = alternation(SECOND_PREDICATE_VERBS);
/** Verbs that are never nouns: any object may follow them ("and propose feature boosting", "and introduce ATMC"). */
const ALWAYS_VERBS = alternation(NEVER_NOUN_VERBS);
// "to" before a known verb, or before a word and then a determiner ("to reverse this paradigm"; "to the data" is not).
const INFINITIVE_OBJECT_OPENER = '(?:the|a|an|this|these|those|its|their|our|each|all|both)';
const INFINITIVE = new RegExp(
  `\\bto\\s+(?:[a-z]+ly\\s+)?(?:(?:${COORDINATED_VERBS}|${ALWAYS_VERBS})\\b|(?!${INFINITIVE_OBJECT_OPENER}\\b)[a-z]+\\s+${INFINITIVE_OBJECT_OPENER}\\b)`,
  'i',
);
/** Verbs that take a "to" infinitive ("and aim to", "and seek to"); as nouns they follow a determiner ("the aim to"). */
const TAKES_INFINITIVE = /^(?:aim|hope|seek|try|attempt|plan|intend|wish|want|need|strive|endeavou?r|continue|begin|start|fail|manage|tend|choose|decide|learn|expect)$/i;
export const COORDINATED_VERB = new RegExp(`^(?:${COORDINATED_VERBS})$`, 'i');
/** Verbs that often share one "to" with the next ("to detect and track the", "to rank and compare"). */
const INFINITIVE_PAIR_VERBS = alternation(SHARED_INFINITIVE_VERBS);
/** The conjunction follows a bare infinitive (after "to" or a modal), so the verb after it is a second one, not a main verb. */
const AFTER_BARE_INFINITIVE = new RegExp(
  `\\b(?:to|can|could|will|would|may|might|must|should|shall|cannot)\\s+(?:[a-z]+ly\\s+)?` +
    `(?:${COORDINATED_VERBS}|${ALWAYS_VERBS}|${INFINITIVE_PAIR_VERBS})\\s*$`,
  'i',
);
export const ALWAYS_VERB = new RegExp(`^(?:${ALWAYS_VERBS})$`, 'i');
// The verb must be followed by what starts an object, so that nouns ("the design and use of X") stay as they are.
export const OBJECT_START = new RegExp(`^(?:${alternation(OBJECT_OPENERS)})$`, 'i');
/** What "make" takes before its object ("make explicit the rules", "make available a corpus", "make use of"). */
const MAKE_COMPLEMENT = /^(?:explicit|available|public|possible|clear|precise|accessible|feasible|tractable|practical|transparent|visible|concrete|formal|use)$/i;
/** What cannot follow a verb that heads a predicate ("the training and use of X", "train and test sets are"). */
export const NOT_OBJECT = /^(?:of|in|on|and|or|by|with|as|is|are|was|were|from|at)$/i;
/** An adverb between the conjunction and the verb ("and experimentally show", "and instead propose"). */
const COORDINATED_ADVERB = `(?:(?:also|further|then|first|finally|additionally|subsequently|instead|${LY_ADVERB})\\s+)?`;
/**
 * ", and develop a new defense": a second predicate in the base form, as only "we" (not a claim's subject) takes it
 * (", and give an algorithm": a few more of the authors' verbs, before the object they open); without the comma, a verb
 * only authors' acts take ("X induces a bias and propose Y").
 */
export const AUTHORS_SECOND_PREDICATE = new RegExp(
  [
    `,\\s+and\\s+${COORDINATED_ADVERB}(?:${ALWAYS_VERBS})\\s`,
    `,\\s+and\\s+${COORDINATED_ADVERB}(?:give|report|build|train)\\s+(?:a|an|two|three|new|novel)\\s`,
    `\\s+and\\s+${COORDINATED_ADVERB}(?:${alternation(AUTHORS_ONLY_ACTS)})\\s`,
  ].join('|'),
  'i',
);
const COORDINATED_CANDIDATE = new RegExp(`\\b(and|or|then|but|and then|and also|and further)\\s+(${COORDINATED_ADVERB})([a-z]+)(?=,|\\s+([^\\s,.;:]+))`, 'gi');

/**
 * Inflect the verbs that head coordinated predicates later in the sentence like the main verb: "We analyse X and
 * identify Y" → "… analyses X and identifies Y" (singular subject) or "… analysed X and identified Y" (past).
 * `from` is the form the authors wrote them in: base after "we", third person after "This paper describes X and …".
 */
function agreeCoordinatedVerbs(rest: string, inflect: (base: string) => string = toThirdSingular, from: 'base' | 'third-singular' | 'past' = 'base'): string {
  const edits: Array<{ at: number; length: number; text: string }> = [];
  rest.replace(COORDINATED_CANDIDATE, (m: string, conj: string, adverb: string, word: string, next: string | undefined, at: number, whole: string) => {
    const agreed = coordinatedVerb(m, conj, adverb, word, next, at, whole, inflect, from);
    if (agreed !== m) edits.push({ at, length: m.length, text: agreed });
    return m;
  });
  if (!edits.length) return rest;
  // From the last edit back, so that the offsets of the earlier ones stay valid.
  let out = rest;
  for (const e of [...edits].reverse()) out = out.slice(0, e.at) + e.text + out.slice(e.at + e.length);
  // A series of predicates ("define X, derive Y, and evaluate Z"): the ones between commas before the first
  // coordinated verb agree too (the text before it is unchanged).
  return agreeSeriesBefore(out, edits[0].at, inflect, from);
}

/** "is", "has", "exploits": a verb in the third person singular, not a plural noun ("that models"). */
function isThirdSingularVerb(word: string): boolean {
  if (/^(?:is|has|does|was)$/i.test(word)) return true;
  const base = toBaseForm(word);
  return base !== word && (COORDINATED_VERB.test(base) || ALWAYS_VERB.test(base));
}

/** The base form of `word` if it is written in the form `from` (else undefined). */
function baseIn(word: string, from: 'base' | 'third-singular' | 'past'): string | undefined {
  if (from === 'base') return word;
  if (from === 'past') {
    if (pastIsBaseForm(word)) return word;
    const base = isPastForm(word) ? baseFromPast(word) : word;
    return base !== word ? base : undefined;
  }
  const base = toBaseForm(word);
  return base !== word ? base : undefined;
}

const SERIES_ITEM = new RegExp(`^(${COORDINATED_ADVERB})([a-z]+)(?=\\s+([^\\s,.;:]+))`, 'i');
/** An item of a series of verbs that share one object: the verb alone ("implement" in "describe, implement and …"). */
const BARE_SERIES_ITEM = new RegExp(`^(${COORDINATED_ADVERB})([a-z]+)\\s*$`, 'i');

/** The predicates of a series that come between commas before the coordinated one at `at`, inflected. */
function agreeSeriesBefore(rest: string, at: number, inflect: (base: string) => string, from: 'base' | 'third-singular' | 'past'): string {
  const head = rest.slice(0, at);
  // Items are set apart by commas, or by semicolons where they hold commas of their own.
  const parts = head.split(/([,;]\s+)/);
  // parts[0] is the main verb's own object; walk back over the items that open with a verb.
  // "describe, implement and evaluate a parser": the verbs share one object, so the main verb has none of its own
  // before the comma, and each item is a verb alone.
  const sharedObject = !parts[0].trim();
  for (let i = parts.length - 1; i >= 2; i -= 2) {
    if (!parts[i].trim()) continue;
    const bare = sharedObject ? BARE_SERIES_ITEM.exec(parts[i]) : null;
    const bareBase = bare && baseIn(bare[2], from);
    if (bare && bareBase && !STOPWORDS.has(bareBase.toLowerCase()) && (COORDINATED_VERB.test(bareBase) || ALWAYS_VERB.test(bareBase) || canBeVerb(bareBase.toLowerCase()))) {
      parts[i] = bare[1] + matchCase(inflect(bareBase.toLowerCase()), bare[2]) + parts[i].slice(bare[0].trimEnd().length);
      continue;
    }
    const item = SERIES_ITEM.exec(parts[i]);
    const base = item && baseIn(item[2], from);
    if (!item || !base || STOPWORDS.has(base.toLowerCase())) break;
    // Between a verb and a verb, a word that can be one and has an article after it is one ("weigh X, model the
    // losses, and suggest Y").
    const verb =
      (COORDINATED_VERB.test(base) && OBJECT_START.test(item[3])) ||
      (ALWAYS_VERB.test(base) && !NOT_OBJECT.test(item[3])) ||
      (/^(?:the|a|an)$/i.test(item[3]) && canBeVerb(base.toLowerCase()));
    if (!verb) break;
    parts[i] = item[1] + matchCase(inflect(base.toLowerCase()), item[2]) + parts[i].slice(item[0].length);
  }
  return parts.join('') + rest.slice(at);
}

/** What opens an object a participle cannot modify ("and related the", "and counted 40 nests"). */
const DETERMINER = /^(?:the|a|an|its|their|his|her|them|it|this|these|those|each|every|all|both|some|several|many|two|three|four|five|six|seven|eight|nine|ten|\d[\d,.]*)$/i;

/** A document noun right before the conjunction ("a survey [and report on X]"). */
const DOCUMENT_BEFORE = /\b(?:survey|review|study|analysis|overview|description|summary|discussion|evaluation|account|report)\s*$/i;

/** Participles of the authors' verbs that after "and" mostly modify the noun after them ("and related problems"). */
const MOSTLY_ADJECTIVE = /^(?:related|established|combined|refined|motivated|considered|simplified)$/i;

/** See coordinatedVerb: whether the past form `word` (base `base`) after `conj` heads a second predicate. */
function isPastPredicate(word: string, base: string, conj: string, next: string, before: string): boolean {
  // The stopword list holds a few of the authors' verbs ("achieve").
  const known = ALWAYS_VERB.test(base) || COORDINATED_VERB.test(base);
  if (!/^and$/i.test(conj) || NOT_OBJECT.test(next) || (STOPWORDS.has(base.toLowerCase()) && !known)) return false;
  if (!canBeVerb(base.toLowerCase())) return false;
  if (DETERMINER.test(next) || /,\s*$/.test(before)) return true;
  // One of the authors' verbs heads a predicate all the same ("and improved accuracy"), except the participles that
  // mostly modify the noun after them.
  if (oftenAnAdjective(word) && (!ALWAYS_VERB.test(base) || MOSTLY_ADJECTIVE.test(word))) return false;
  // "noisy and labeled data", "learned and handcrafted features": two modifiers of one noun.
  const last = taggedTerms(before.split(/\s+/).slice(-4).join(' ')).pop();
  return !(last && (last.tags.includes('Adjective') || isPastForm(last.text)));
}

/** Adverbs with a verb's past tense ("evened", "stilled"): after "and" before an article they are no verb. */
const NOT_A_VERB_HERE = /^(?:even|still|then|back|forward|home|right|well|fast|long|near|close|low|second|better|down|up|out|off|over)$/i;
/** "… techniques to lower memory use [and increase …]": a "to" before a word that can be a verb, since the last comma. */
function infinitiveInClause(before: string): boolean {
  const clause = before.slice(before.lastIndexOf(',') + 1);
  return [...clause.matchAll(/\bto\s+(?:[a-z]+ly\s+)?([a-z]+)\b/gi)].some((m) => !STOPWORDS.has(m[1].toLowerCase()) && canBeVerb(m[1].toLowerCase()));
}

const SHARED_OBJECT_SERIES = new RegExp(`^,(?:\\s*${COORDINATED_ADVERB}[a-z]+\\s*,)*\\s*$`, 'i');

/** One "and <word>" of agreeCoordinatedVerbs: the agreed text when the word heads a second predicate, else the match. */
function coordinatedVerb(
  m: string,
  conj: string,
  adverb: string,
  word: string,
  next: string | undefined,
  at: number,
  whole: string,
  inflect: (base: string) => string,
  from: 'base' | 'third-singular' | 'past',
): string {
  const base = baseIn(word, from);
  if (!base) return m;
  const agreed = `${conj} ${adverb}${matchCase(inflect(base.toLowerCase()), word)}`;
  const before = whole.slice(0, at);
  // "collect, clean, and annotate a corpus": the last of verbs that share one object (the tail opens with the comma
  // after the main verb, and only single words come between).
  if (SHARED_OBJECT_SERIES.test(before) && !STOPWORDS.has(base.toLowerCase()) && canBeVerb(base.toLowerCase())) return agreed;
  if (AFTER_BARE_INFINITIVE.test(before)) return m;
  // "to sharpen and further extend X": a verb outside the lists above, right after "to", shares it with the verb after
  // the conjunction. The tagger tells it from a noun there ("from theory to practice and propose X").
  const afterTo = /\bto\s+([a-z]+)\s*$/i.exec(before);
  if (afterTo && !/s$/i.test(afterTo[1]) && !STOPWORDS.has(afterTo[1].toLowerCase()) && canBeVerb(afterTo[1].toLowerCase()) && taggedTerms(before).pop()?.tags.includes('Verb')) return m;
  if (next !== undefined && COORDINATED_VERB.test(base) && OBJECT_START.test(next)) return agreed;
  // "and aim to cut X", "and hope to …": a verb that takes an infinitive, whatever the verb before ("is pushing X and
  // aims to …").
  if (next !== undefined && /^to$/i.test(next) && TAKES_INFINITIVE.test(base)) return agreed;
  // "and make explicit the …", "and make use of …": "make" with its complement before the object.
  if (next !== undefined && /^make$/i.test(base) && MAKE_COMPLEMENT.test(next)) return agreed;
  // "and presents and discusses the results": the first verb shares the object of the second.
  if (next !== undefined && /^(?:and|or)$/i.test(next) && COORDINATED_VERB.test(base)) {
    const pair = /^\s+(?:and|or)\s+([a-z]+)\s+([^\s,.;:]+)/i.exec(whole.slice(at + m.length));
    const second = pair && baseIn(pair[1], from);
    if (pair && second && COORDINATED_VERB.test(second) && OBJECT_START.test(pair[2])) return agreed;
  }
  // A word with a pronoun for its object is a verb whatever the word ("and couple them").
  const pronounObject =
    next !== undefined && /^(?:them|it|us|themselves|itself)$/i.test(next) && !STOPWORDS.has(base.toLowerCase()) && !/(?:ing|ly)$/i.test(base) && !isPastForm(base);
  // ", and study tractability": after a comma, a verb that heads predicates heads one whatever its object.
  if (/,\s*$/.test(before) && /^and$/i.test(conj) && COORDINATED_VERB.test(base) && next !== undefined && !NOT_OBJECT.test(next)) return agreed;
  // "and report on its first winter", "and comment about X": a verb whose object follows a preposition, unless the noun
  // before "and" shares its article with it ("a survey and report on X").
  const talksAbout =
    next !== undefined &&
    /^(?:on|about|upon)$/i.test(next) &&
    /^(?:report|comment|reflect|elaborate|speculate|focus|concentrate|dwell|touch|rely|draw)$/i.test(base) &&
    !DOCUMENT_BEFORE.test(before);
  // The authors' past reported in the present ("We sampled hedges in spring and counted nests"): a past form after
  // "and" heads a second predicate, unless it reads as an adjective there ("X and related problems", "noisy and
  // labeled data"); before a determiner, or after a comma, it cannot.
  const pastPredicate = from === 'past' && next !== undefined && isPastPredicate(word, base, conj, next, before);
  // "and go on to describe X": a predicate, though "on" follows the verb.
  const goesOn = /^go$/i.test(base) && /^\s+on\s+to\s/i.test(whole.slice(at + m.length));
  // "The author reviews X … and traces the rule back": after a singular subject, an "-s" word that can be a verb,
  // right before an article or a possessive, is one (a plural noun there would need a preposition: "traces of the").
  // In the authors' base form after "and" ("we mount gauges on piers and log the tide", "we review X, describe Y, and
  // trace the rule …"), not after an infinitive ("to determine X, …, and classify Y"; "to lower X and raise the Y"),
  // and, without a comma, not an adverb that has a verb's past ("or even a slight …", "and even the swell").
  const determinedObject =
    (from === 'third-singular' ||
      (from === 'base' &&
        /^and$/i.test(conj) &&
        (/,\s*$/.test(before) || (!NOT_A_VERB_HERE.test(word) && !infinitiveInClause(before))) &&
        !INFINITIVE.test(before) &&
        !/s$/i.test(word))) &&
    next !== undefined &&
    /^(?:the|a|an|its|their|his|her)$/i.test(next) &&
    !STOPWORDS.has(base.toLowerCase()) &&
    canBeVerb(base.toLowerCase());
  if (from === 'past' && !pastPredicate && !goesOn && !talksAbout) return m;
  if (!goesOn && !talksAbout && (!(ALWAYS_VERB.test(base) || pronounObject || determinedObject || pastPredicate) || (next !== undefined && NOT_OBJECT.test(next)))) return m;
  // After a relative clause the verb may belong to it ("families that are global and incorporate bias"); a comma
  // before the conjunction marks the return to the main clause ("the fact that X is slow, and propose Y").
  // Not ", but": that contrasts within a relative clause as often ("models that are exact, but avoid X").
  if (/,\s*$/.test(before)) return /^but\b/i.test(conj) && /\b(?:that|which|who)\b/i.test(before) ? m : agreed;
  // After an infinitive the base form reads right either way ("aims to fill this gap and introduce X").
  // Both only within the clause that the conjunction continues (since the last comma, colon or dash).
  const clause = before.slice(Math.max(before.lastIndexOf(','), before.lastIndexOf(':'), before.lastIndexOf(' -')) + 1);
  // Unless the relative clause's verb agrees with a singular noun ("a concept that exploits X and propose Y"): then a
  // verb in the authors' base form cannot share its subject.
  const relative = [...clause.matchAll(/\b(?:that|which|who)\s+(?:[a-z]+ly\s+)?([a-z]+)\b/gi)].pop();
  if (relative && from === 'base' && !INFINITIVE.test(clause) && isThirdSingularVerb(relative[1]) && !isThirdSingularVerb(word)) return agreed;
  return /\b(?:that|which|who|whom|whose|where)\b/i.test(clause) || INFINITIVE.test(clause) ? m : agreed;
}

/**
 * The verb of a predicate that follows its subject, past the adverbs that may come first: "instead uses grow-and-prune
 * training" → "uses", so that its form is read from the verb, not from "instead" (which made "useses").
 */
export function leadingVerb(rest: string): string {
  const words = rest.trim().split(/\s+/);
  const at = words.findIndex((w, i) => !(VERB_ADVERBS.test(w) && i + 1 < words.length));
  return /^[a-z]+/.exec(words[at] ?? '')?.[0] ?? '';
}

/**
 * Re-inflect the first verb of `rest` (after optional adverbs) for a subject of the given number, or into the simple
 * past ("propose" / "presents" → "proposed" / "presented"), together with the verbs of coordinated predicates.
 */
export function agreeVerb(rest: string, plurality: Plurality, from: 'base' | 'third-singular', tense: Tense = 'present'): string {
  const words = rest.split(/(\s+)/);
  for (let i = 0; i < words.length; i += 2) {
    const w = words[i];
    if (!w) continue;
    if (VERB_ADVERBS.test(w) && i + 2 < words.length) continue;
    // The authors' future ("we will present") is done by the time the paper is cited: "presented" / "presents".
    if (/^(?:will|shall)$/i.test(w) && /^[a-z][a-z-]*$/.test(words[i + 2] ?? '') && !/^(?:be|not|have)$/.test(words[i + 2])) {
      words.splice(i, 2);
      from = 'base';
      i -= 2;
      continue;
    }
    const bare = /^([A-Za-z-]+)(.*)$/.exec(w);
    if (!bare) return rest;
    let verb = bare[1];
    // A summary in the present reports the authors' "we generalized X and showed Y" as "generalizes … shows", and
    // "This study examined X" as "This paper examines X".
    if (tense === 'present' && isPastForm(verb) && !/^(?:had|did)$/i.test(verb)) {
      const base = baseFromPast(verb);
      if (base !== verb) {
        words[i] = (plurality === 'singular' ? toThirdSingular(base) : base) + bare[2];
        const toPresent = (v: string) => (plurality === 'singular' ? toThirdSingular(v) : v);
        return words.slice(0, i + 1).join('') + agreeCoordinatedVerbs(words.slice(i + 1).join(''), toPresent, 'past');
      }
    }
    if (tense === 'past') {
      verb = pastTense(from === 'third-singular' ? toBaseForm(verb) : verb);
      // "be" is the one verb whose past still agrees with its subject; so do the auxiliaries that keep their tense
      // ("Brants \cite{k} has developed", not "have developed").
      if (/^(?:was|were)$/i.test(verb)) verb = matchCase(plurality === 'singular' ? 'was' : 'were', verb);
      else if (/^(?:have|has)$/i.test(verb)) verb = matchCase(plurality === 'singular' ? 'has' : 'have', verb);
      // "do" before a negation is the auxiliary and keeps its tense ("does not require"); elsewhere it is what the
      // authors did ("We do filter pruning" → "Doe \cite{k} did filter pruning", not "does").
      else if (/^(?:do|does)$/i.test(verb)) {
        const auxiliary = words[i + 2] === undefined || /^(?:not|never)$/i.test(words[i + 2]);
        verb = auxiliary ? matchCase(plurality === 'singular' ? 'does' : 'do', verb) : matchCase('did', verb);
      }
    }
    else if (from === 'base' && plurality === 'singular') verb = toThirdSingular(verb);
    else if (from === 'third-singular' && plurality === 'plural') verb = toBaseForm(verb);
    // A comma right after the verb opens a series of verbs that share the object ("describe, implement and
    // evaluate X"): it goes with the tail, where the series is agreed.
    const comma = bare[2] === ',' ? ',' : '';
    words[i] = verb + bare[2].slice(comma.length);
    const head = words.slice(0, i + 1).join('');
    const tail = comma + words.slice(i + 1).join('');
    if (tense === 'past') return head + agreeCoordinatedVerbs(tail, pastTense, from);
    if (from === 'base' && plurality === 'singular') return head + agreeCoordinatedVerbs(tail);
    // "This paper describes X and evaluates Y" for two authors: "… describe X and evaluate Y".
    if (from === 'third-singular' && plurality === 'plural') return head + agreeCoordinatedVerbs(tail, (base) => base, 'third-singular');
    return head + tail;
  }
  return rest;
}
