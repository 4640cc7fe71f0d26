// Helpers of the sentence rewrite (rules/): capital and final period, an unclosed quote, a sentence that is only a noun
// phrase ("Tide prediction and harbour pilotage."), and a catalogue's sentence without its subject ("Discusses X").
import { STOPWORDS } from '../text/tokens';
import { hasOwnVerb, isPastForm } from '../text/verbs';
import { englishWords } from '../text/words';
import { PROPER_OPENER } from './acronyms';
import { ALWAYS_VERB, canBeVerb, COORDINATED_VERB, NOT_OBJECT, OBJECT_START, toBaseForm } from './agreement';
import { alternation, CATALOGUE_VERBS as LEXICON_CATALOGUE_VERBS } from '../lexicon';

// Declared in agreement.ts, which reads it too (sentence.ts imports agreement.ts).
export { canBeVerb };

/** Lower-case technical openers such as "k-means", "t-SNE", "word2vec" or "iPhone" (not "grid-like"). */
export const LOWERCASE_TECHNICAL_OPENER = /^(?:[a-z]-|[a-z]+\d|[a-z]+\p{Lu})/u;

export function capitalizeFirst(s: string): string {
  const m = /^(\s*)([a-z])/.exec(s);
  // Keep lower-case technical openers as written.
  if (!m || LOWERCASE_TECHNICAL_OPENER.test(s.trimStart())) return s;
  return m[1] + m[2].toUpperCase() + s.slice(m[0].length);
}

/**
 * A sentence already ends here, also inside a closing quotation mark or bracket ("… called “brittle.”"), or on the
 * ellipsis of a sentence the source left unfinished ("… used in harbours …", never "… harbours ….").
 */
const SENTENCE_END = /(?:[.!?]["'”’»)\]]?|\s…)$/;

export function ensureFinalPeriod(s: string): string {
  const t = s.replace(/[\s,;:–—-]+$/, '');
  return SENTENCE_END.test(t) ? t : t + '.';
}

/** An opening quote that nothing closes (the abstract's quotation ran over the sentence end) would open the rest of the paragraph. */
export function withoutUnclosedQuote(s: string): string {
  const m = /^(["“])\s*/.exec(s);
  if (!m) return s;
  const rest = s.slice(m[0].length);
  const closed = m[1] === '“' ? rest.includes('”') : rest.includes('"');
  return closed ? s : rest;
}

/** Words that make a sentence more than a noun phrase, found without the tagger (which costs far more). */
const SURELY_A_CLAUSE = /\b(?:is|are|was|were|be|been|being|has|have|had|can|could|will|would|may|might|must|should|shall|do|does|did|that|which|who|whose|we|our|us|it|they|[a-z]{2,}ed)\b/i;
/** Words that join the parts of a noun phrase ("of", "for", "and" …): a verb-like word before one is a noun ("Review of …"). */
const PHRASE_JOINERS = String.raw`of|for|in|on|with|to|and|or|from|at|by|as|versus|vs\.`;
const NOUN_AFTER = new RegExp(`^(?:${PHRASE_JOINERS}|vs)$`, 'i');
const PHRASE_RUN_BREAK = new RegExp(String.raw`\s*(?:,|\b(?:${PHRASE_JOINERS})\b)\s*`, 'i');
const NOUN_PHRASE_MAX_WORDS = 25;

/**
 * A catalogue's abstract that is only a noun phrase ("Tide prediction and harbour pilotage on the Atlantic coast", "A
 * side-by-side comparison of five tide calculators") names what the work is about; with the citation put at its end
 * it would be a sentence without a verb. Its words, with an opening capital that only opened the sentence lowered, to
 * be the object of "wrote about" (or "presented", after "a"/"an"). Undefined for a clause, a long sentence, one that
 * opens with a preposition, an instruction ("Banish jargon with …": its first word has a past tense, and no "of"
 * follows) or a catalogue's verb without its subject ("Looks at …").
 */
export function nounPhraseTopic(sentence: string): { text: string; end: string } | undefined {
  const m = /^(.*?)\s*([.!]["')\]”’]?)?\s*$/s.exec(sentence.trim());
  const body = m?.[1] ?? '';
  const words = body.split(/\s+/);
  if (!body || words.length > NOUN_PHRASE_MAX_WORDS || /[?:;]/.test(body) || SURELY_A_CLAUSE.test(body)) return undefined;
  const [first, second = ''] = words;
  const lower = first.toLowerCase();
  const article = /^(?:a|an|the)$/.test(lower);
  if (!article && (STOPWORDS.has(lower) || !/^[\p{L}\d]/u.test(first))) return undefined;
  // A word that can be a verb opens an instruction before its object ("Banish jargon with …"), but a compound before
  // a plural ("Tide tables …") or "of" ("Review of …"). A verb "-s" opens a clause whatever follows ("Looks at …",
  // "Discusses …"), so a plural noun that could be one goes too.
  const nextIsNoun = NOUN_AFTER.test(second.replace(/,$/, '')) || /[^s]s,?$/.test(second);
  if (!article && /^\p{L}+$/u.test(first) && (!nextIsNoun || /s$/.test(lower)) && canBeVerb(lower)) return undefined;
  // Within a run of words up to a preposition, comma or "and", a verb before the run's last word makes the phrase a
  // clause: an "-s" verb after its subject ("Smith describes a parser"), or any verb after a plural ("Neural networks
  // outperform SVMs"). A noun that could be a verb ("harbour charts", "tide tables") opens its run.
  for (const run of body.split(PHRASE_RUN_BREAK)) {
    const runWords = run.split(/\s+/).filter(Boolean);
    for (let i = 1; i < runWords.length - 1; i++) {
      const w = runWords[i];
      if (/^\p{Ll}+$/u.test(w) && (/s$/.test(w) || /[^s]s$/.test(runWords[i - 1])) && canBeVerb(w)) return undefined;
    }
  }
  if (hasOwnVerb(body)) return undefined;
  // "Tide prediction …" → "tide prediction …"; names ("Admiralty Tide Tables, …", "TeX …") keep their capital.
  const opensName = !article && (/^\p{Lu}/u.test(second) || !/^\p{Lu}\p{Ll}+$/u.test(first) || PROPER_OPENER.test(first) || !englishWords().has(lower));
  const text = opensName ? body : lower + body.slice(first.length);
  return { text, end: m?.[2] ?? '.' };
}

const CATALOGUE_VERB = new RegExp(`^(?:${alternation(LEXICON_CATALOGUE_VERBS)})$`, 'i');
const CATALOGUE_PHRASAL_VERB = /^(?:Looks at|Deals with|Focuses on|Concentrates on|Reports on|Comments on|Touches on|Reflects on|Elaborates on|Centres on|Centers on)\s+\S/;

/**
 * The subject that a catalogue's abstract leaves out: "Discusses the role of X, examines Y, and describes Z." → "This
 * paper discusses …"; "Compare the advantages of X." → "We compare …". Only a verb that heads predicates, before
 * what can be its object ("Studies show …", "Uses of X …" keep their subject).
 */
export function withImpliedSubject(s: string): string {
  // "Looks at X", "Deals with X": a verb with its preposition, which no noun opens a sentence with.
  if (CATALOGUE_PHRASAL_VERB.test(s)) return `This paper ${s[0].toLowerCase()}${s.slice(1)}`;
  const m = /^(\p{Lu}[a-z]+)\s+([^\s,.;:]+)/u.exec(s);
  if (!m) return s;
  const word = m[1].toLowerCase();
  const next = m[2];
  const base = toBaseForm(word);
  // "Attempts have been made …": a noun, since a verb follows it.
  if (/^(?:have|has|had|is|are|was|were|be|been|can|could|will|would|may|might|must|should|do|does|did)$/i.test(next)) return s;
  const heads = (verb: string) => (ALWAYS_VERB.test(verb) && !NOT_OBJECT.test(next)) || (COORDINATED_VERB.test(verb) && OBJECT_START.test(next));
  // "Details a reading programme …", "Traces the history …": verbs that catalogues open with and no noun opens a sentence
  // with in the "-s" form before an object ("Details of …" is a noun, and "of" is no object).
  const catalogueVerb = base !== word && CATALOGUE_VERB.test(base) && !NOT_OBJECT.test(next) && !/^(?:and|or|,)$/.test(next);
  if (base !== word && (heads(base) || catalogueVerb)) return `This paper ${word}${s.slice(m[1].length)}`;
  // A base form reads as an instruction only before what surely starts its object ("Compare the …").
  if (base === word && !isPastForm(word) && heads(word) && OBJECT_START.test(next)) return `We ${word}${s.slice(m[1].length)}`;
  return s;
}
