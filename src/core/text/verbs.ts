// Verb conjugation, and telling names from common words, for rewriting: compromise's conjugator and tagger
// (irregular verbs, consonant doubling as in "mapped", "embedded", "transferred", hyphenated verbs as in
// "fine-tuned") rather than rules of our own. Results are cached: a draft asks for the same few reporting verbs again
// and again.
import type nlpType from 'compromise/two';

type Conjugation = { PastTense?: string; Infinitive?: string };
type Conjugate = (verb: string, model: unknown) => Conjugation;
type ToInfinitive = (verb: string, model: unknown, tense: string) => string;
type VerbMethods = { conjugate: Conjugate; toInfinitive: ToInfinitive };

let loaded: { methods: VerbMethods; model: unknown; nlp: typeof nlpType } | undefined;
const pastCache = new Map<string, string>();
const PAST_CACHE_SIZE = 4096;

/** Auxiliaries and modals keep their tense: "they have shown", "it can detect" read right either way. */
const KEEP = new Set(['have', 'has', 'had', 'can', 'could', 'will', 'would', 'may', 'might', 'shall', 'should', 'must', 'cannot', 'do', 'does', 'did']);
const BE_PAST: Record<string, string> = { am: 'was', is: 'was', are: 'were', be: 'were' };
/** Past forms that do not end in "-ed" (a conjugator would read "found" and "built" as base forms). */
const IRREGULAR_PAST: ReadonlySet<string> = new Set([
  'found', 'built', 'made', 'took', 'gave', 'got', 'ran', 'began', 'chose', 'drew', 'wrote', 'sought', 'brought',
  'thought', 'held', 'led', 'set', 'put', 'left', 'kept', 'met', 'saw', 'knew', 'told', 'said', 'became', 'came',
  'went', 'did', 'had', 'were', 'was', 'read', 'let', 'spent', 'won', 'understood', 'undertook', 'taught', 'fed',
  'grew', 'threw', 'broke', 'caught', 'dealt', 'meant', 'rose', 'arose', 'overcame',
]);
/** Base forms that end in "-ed" all the same. */
const ED_BASE_FORMS: ReadonlySet<string> = new Set(['need', 'feed', 'seed', 'proceed', 'succeed', 'exceed', 'embed', 'shed', 'speed', 'breed', 'bleed']);

/** Verbs whose past is spelled as their base ("we set X", "we read Y"): whichever the authors meant, the present is "sets". */
const PAST_IS_BASE: ReadonlySet<string> = new Set([
  'set', 'put', 'read', 'let', 'cut', 'hit', 'split', 'spread', 'shut', 'cast', 'cost', 'quit', 'burst', 'upset', 'reset',
  'fit', 'hurt', 'broadcast', 'forecast', 'offset',
]);

export function pastIsBaseForm(word: string): boolean {
  return PAST_IS_BASE.has(word.toLowerCase());
}

/**
 * A past participle that compromise's lexicon lists as an adjective ("related", "limited", "recorded"): after "and" it
 * modifies a noun as often as it heads a predicate ("X and related problems").
 */
export function oftenAnAdjective(word: string): boolean {
  const { model } = compromise();
  const tag = (model as { one: { lexicon: Record<string, string | undefined> } }).one.lexicon[word.toLowerCase()];
  return tag === 'Adjective' || tag === 'Participle';
}

/** Already a past form ("proposed", "found"), not a base form that happens to end in "-ed" ("embed"). */
export function isPastForm(word: string): boolean {
  const lower = word.toLowerCase();
  return IRREGULAR_PAST.has(lower) || (lower.endsWith('ed') && !ED_BASE_FORMS.has(lower));
}

function compromise(): { methods: VerbMethods; model: unknown; nlp: typeof nlpType } {
  if (!loaded) {
    // Loaded on first use: building compromise's lexicon takes about 100 ms, which activation should not pay.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const nlp = require('compromise/two') as typeof nlpType;
    const methods = nlp.methods() as unknown as { two: { transform: { verb: VerbMethods } } };
    loaded = { methods: methods.two.transform.verb, model: nlp.model(), nlp };
  }
  return loaded;
}

function conjugate(verb: string): Conjugation {
  const { methods, model } = compromise();
  return methods.conjugate(verb, model);
}

/**
 * Simple past of a base-form verb ("propose" → "proposed", "find" → "found", "map" → "mapped"), keeping the case of
 * the first letter. Auxiliaries, modals and words already in the past are returned as they are.
 */
export function pastTense(verb: string): string {
  const lower = verb.toLowerCase();
  if (!/^[a-z][a-z-]*$/.test(lower) || KEEP.has(lower) || isPastForm(lower)) return verb;
  let past = BE_PAST[lower] ?? pastCache.get(lower);
  if (!past) {
    past = conjugate(lower).PastTense || lower;
    if (pastCache.size >= PAST_CACHE_SIZE) pastCache.clear();
    pastCache.set(lower, past);
  }
  return /^[A-Z]/.test(verb) ? past[0].toUpperCase() + past.slice(1) : past;
}

const baseCache = new Map<string, string>();

/**
 * Base form of a past-tense verb ("generalized" → "generalize", "found" → "find", "sought" → "seek"), by
 * compromise's lemmatiser; a word that is not a past form is returned as it is.
 */
export function baseFromPast(verb: string): string {
  const lower = verb.toLowerCase();
  if (!isPastForm(lower) || KEEP.has(lower) || /^(?:was|were)$/.test(lower)) return verb;
  let base = baseCache.get(lower);
  if (!base) {
    const { methods, model } = compromise();
    base = methods.toInfinitive(lower, model, 'PastTense') || lower;
    if (baseCache.size >= PAST_CACHE_SIZE) baseCache.clear();
    baseCache.set(lower, base);
  }
  return /^[A-Z]/.test(verb) ? base[0].toUpperCase() + base.slice(1) : base;
}

const gerundCache = new Map<string, string>();

/**
 * Base form of a gerund ("proposing" → "propose", "mapping" → "map"), by compromise's lemmatiser; undefined for a
 * word it cannot read as one.
 */
export function baseFromGerund(gerund: string): string | undefined {
  const lower = gerund.toLowerCase();
  if (!/^[a-z]{2,}ing$/.test(lower)) return undefined;
  let base = gerundCache.get(lower);
  if (base === undefined) {
    const { methods, model } = compromise();
    base = methods.toInfinitive(lower, model, 'Gerund') || '';
    if (gerundCache.size >= PAST_CACHE_SIZE) gerundCache.clear();
    gerundCache.set(lower, base);
  }
  return base && !base.endsWith('ing') ? base : undefined;
}

export interface TaggedTerm {
  /** The word as written, without the punctuation and spaces around it. */
  text: string;
  /** What comes before and after it ("(", ", "). */
  pre: string;
  post: string;
  /** compromise's part-of-speech tags ("Noun", "Plural", "Adjective", "Determiner", …). */
  tags: string[];
}

/** The words of a text with compromise's part-of-speech tags. */
export function taggedTerms(text: string): TaggedTerm[] {
  const { nlp } = compromise();
  return (nlp(text).json() as Array<{ terms: TaggedTerm[] }>).flatMap((s) => s.terms.map(({ text: t, pre, post, tags }) => ({ text: t, pre, post, tags })));
}

/**
 * Whether the first word of a clause is a name ("Markov chains …", "Google's …") rather than a common word that is
 * capitalised only because it opened the sentence ("Prose parsers …"), by compromise's lexicon and tagger.
 */
export function startsWithName(clause: string): boolean {
  const { nlp } = compromise();
  const first = nlp(clause.split(/\s+/).slice(0, 6).join(' ')).json()[0]?.terms?.[0] as { tags?: string[] } | undefined;
  return !!first?.tags?.some((t) => t === 'ProperNoun' || t === 'Person' || t === 'Place' || t === 'Organization' || t === 'Demonym');
}

/**
 * Whether a clause has a verb of its own, by compromise's tagger: "Glyph's kits hold a broad range of typefaces" does;
 * "Tide prediction and harbour pilotage on the Atlantic coast" and "A side-by-side comparison of five tide
 * calculators" (a catalogue's abstract that is only a noun phrase) do not. The "'s" that compromise reads as "is" does
 * not count.
 */
export function hasOwnVerb(clause: string): boolean {
  const { nlp } = compromise();
  const terms = (nlp(clause).json() as Array<{ terms: Array<{ text: string; tags: string[] }> }>).flatMap((s) => s.terms);
  return terms.some((t) => t.text !== '' && t.tags.includes('Verb') && !t.tags.includes('Gerund') && t.tags.some((g) => /^(?:PresentTense|PastTense|Modal|Copula|Auxiliary|Infinitive)$/.test(g)));
}

/** Simple pasts that are never participles ("rose", not "risen"): a past wherever they stand. */
const ONLY_SIMPLE_PAST: ReadonlySet<string> = new Set([
  'rose', 'arose', 'grew', 'fell', 'took', 'gave', 'began', 'drew', 'wrote', 'broke', 'came', 'became', 'went', 'knew', 'saw', 'ran',
  'chose', 'threw',
]);
const AUXILIARY = /^(?:is|are|was|were|has|have|had|can|could|will|would|may|might|shall|should|must|do|does|did)$/i;

/**
 * Whether a clause's main verb is in the past: "Restored marshes buried carbon …" and "A cohort was followed …" report
 * what a study found or did; "Falls are the leading cause …" states a fact. The first auxiliary decides; without one,
 * a past form between a noun and its object ("marshes buried carbon"), not a participle that modifies a noun ("the
 * tide tables used by pilots", "the reported gains"). By compromise's tagger.
 */
export function mainVerbIsPast(clause: string): boolean {
  // "Though X was introduced in 1989, systems have been …": the main clause comes after the fronted one.
  const main = /^(?:though|although|while|whereas|when|if|because|since|as|after|before|once|with|in|by|for)\b[^,]{0,200},\s*(.+)$/is.exec(clause)?.[1] ?? clause;
  const terms = taggedTerms(main).filter((t) => t.text !== '');
  const is = (t: { tags: string[] } | undefined, ...tags: string[]) => !!t && tags.some((g) => t.tags.includes(g));
  for (let i = 0; i < terms.length; i++) {
    const [before, word, after] = [terms[i - 1], terms[i], terms[i + 1]];
    const lower = word.text.toLowerCase();
    if (AUXILIARY.test(lower)) return /^(?:was|were|had|did)$/.test(lower);
    // "the phototypesetter described, a computer …": a participle that closes a phrase is no main verb.
    if (!is(before, 'Noun', 'Pronoun') || /[,;:–—]/.test(before!.post) || /[,;:–—]/.test(word.post)) continue;
    if (ONLY_SIMPLE_PAST.has(lower)) return true;
    if (is(word, 'PastTense') && is(after, 'Noun', 'Determiner', 'Adjective', 'Value')) return true;
    if (is(word, 'PresentTense') && !is(word, 'Gerund', 'Noun')) return false;
  }
  return false;
}

/** A verb in a tense of its own (not a gerund, not a bare infinitive): what a clause's predicate turns on. */
export function isFiniteVerb(term: TaggedTerm): boolean {
  return term.tags.includes('Verb') && !term.tags.includes('Gerund') && term.tags.some((g) => /^(?:PresentTense|PastTense|Copula|Modal|Auxiliary)$/.test(g));
}

/**
 * Whether a word before a phrase's last is a verb in the third person ("model predicts waiting times", "network
 * learns representations"): a clause cut out of a sentence, not the name of a topic. A plural noun that modifies
 * another ("systems biology", "operations research") is not one.
 */
export function hasInnerPredicate(phrase: string): boolean {
  const terms = taggedTerms(phrase);
  return terms.slice(0, -1).some((t) => /s$/i.test(t.text) && t.tags.includes('Verb') && t.tags.includes('PresentTense'));
}

/**
 * Whether a phrase opens with the verb of the plural noun written before it ("(rhyme graphs) link line endings",
 * "(word embeddings) capture meaning"): a predicate cut out of a sentence, not the name of a topic. After a verb
 * ("(uses) map data") or a singular noun the phrase opens with a noun.
 */
export function opensWithPredicate(before: string, phrase: string): boolean {
  const [subject, first] = taggedTerms(`${before} ${phrase}`);
  return !!first && subject.tags.includes('Noun') && subject.tags.includes('Plural') && isFiniteVerb(first);
}
