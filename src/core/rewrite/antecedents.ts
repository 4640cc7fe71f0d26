// A quoted sentence that points back at the one before it ("… as a general-purpose solution to such problems") leaves
// the reader asking which problems: the sentence that named them is not quoted. Where a sentence just before names
// them with the same noun ("Many problems in image processing and graphics can be posed as …"), the pointer takes
// that noun phrase ("… to problems in image processing and graphics"). Anything less certain is left as written.
import { STOPWORDS } from '../text/tokens';
import { taggedTerms, type TaggedTerm } from '../text/verbs';
import { PROPER_OPENER } from './acronyms';
import { NOUN_PHRASE_PREPOSITIONS, SELF_NOUNS } from '../lexicon';
import { escapeRegExp } from '../text/regexp';

export interface PointerResolution {
  /** The pointer's words in lower case ("such problems"). */
  pointer: string;
  /** The noun phrase it stands for ("problems in image processing and graphics"). */
  phrase: string;
  /** Written without "the": "such problems" → "problems in …" (but "this problem" → "the … problem"). */
  bare: boolean;
  /** Written with "a"/"an": "such a decomposition" → "a short-cycle decomposition". */
  indefinite?: boolean;
}

const POINTER = /\b(such(?:\s+an?)?|these|those|this)\s+([a-z][a-z-]*)\b/gi;
const POINTER_WORDS = new Set(['such', 'these', 'those', 'this']);
/** Nouns that a pointer turns into a frame or an idiom ("in this way", "in such cases"), or into the work itself. */
const NOT_REFERRING = new Set([
  ...SELF_NOUNS.words, 'section', 'way', 'ways', 'case', 'cases', 'end', 'time', 'point', 'regard', 'respect', 'purpose', 'sense', 'manner',
  'fact', 'extent', 'step', 'stage', 'part', 'kind', 'kinds', 'type', 'types', 'sort', 'context', 'setting', 'line',
  'direction', 'reason', 'area', 'field', 'as', 'that', 'a', 'an',
]);
/** Words that quantify a noun phrase rather than describe it: "Many problems …" is about problems, not many ones. */
const QUANTIFIERS = new Set([
  'many', 'most', 'some', 'several', 'few', 'all', 'various', 'numerous', 'other', 'each', 'every', 'both', 'any', 'no',
  'more', 'less', 'much', 'certain', 'such', 'these', 'those', 'this', 'that', 'the', 'a', 'an',
]);
/** A phrase after the noun that belongs to it ("problems in image processing"); "for", "from" and the like attach as
 * often to the verb before it ("encode information for later use"). */
const CARRIES_A_NOUN_PHRASE_ON: ReadonlySet<string> = new Set(NOUN_PHRASE_PREPOSITIONS.words);
/** Adjectives that rank or date a thing rather than say what it is: "the recent approach" names nothing. */
const VAGUE = new Set([
  'recent', 'new', 'novel', 'previous', 'prior', 'existing', 'current', 'standard', 'common', 'popular', 'similar',
  'different', 'same', 'additional', 'further', 'practical', 'realistic', 'important', 'interesting', 'useful', 'simple',
  'complex', 'difficult', 'hard', 'challenging', 'good', 'better', 'best', 'large', 'small', 'big', 'high', 'low',
  'significant', 'major', 'main', 'key', 'basic', 'general', 'specific', 'particular', 'typical', 'traditional',
  'conventional', 'classical', 'modern', 'early', 'first', 'second', 'final', 'latter', 'former', 'above', 'following',
  'proposed', 'original', 'promising', 'efficient', 'effective', 'powerful', 'successful', 'fundamental', 'crucial',
  'critical', 'serious', 'severe', 'open', 'possible', 'potential', 'real', 'true', 'whole', 'entire', 'overall',
  'fascinating', 'exciting', 'remarkable', 'intriguing', 'appealing', 'attractive', 'elegant', 'surprising', 'striking',
  'substantial', 'considerable', 'growing', 'increasing', 'widespread', 'emerging',
]);
/** "those factors that matter", "this cost of …": the pointer says what it means in the words after it. */
const EXPLAINED_AFTER = /^(?:that|which|who|whom|whose|where|of)$/;
/** Words of the phrase that carry it, not counting its head: up to this many on each side. */
const MAX_MODIFIERS = 5;
const MAX_PREPOSITIONAL = 8;

const has = (t: TaggedTerm, tag: string): boolean => t.tags.includes(tag);
const lower = (t: TaggedTerm): string => t.text.toLowerCase();
/** Punctuation after a word ends the phrase there ("problem," "graphics."). */
const endsPhrase = (t: TaggedTerm): boolean => /[,;:.!?\]]/.test(t.post) || (t.post.includes(')') && !t.pre.includes('('));
/** Words that are never part of a noun phrase, whatever the tagger says (it has read "has" as a noun). */
const NEVER_IN_A_NOUN_PHRASE = new Set([
  'has', 'have', 'had', 'is', 'are', 'was', 'were', 'be', 'been', 'being', 'do', 'does', 'did', 'can', 'could', 'will',
  'would', 'may', 'might', 'must', 'shall', 'should', 'not', 'to', 'that', 'which', 'who',
]);
const isNoun = (t: TaggedTerm): boolean => has(t, 'Noun') && !has(t, 'Pronoun') && !has(t, 'Possessive') && !NEVER_IN_A_NOUN_PHRASE.has(lower(t));

/**
 * compromise splits "top-down" into "top-" and "down" (a verb and a particle); a hyphenated compound is one word here,
 * a noun where its last part is one ("key-value") and otherwise a modifier ("top-down", "general-purpose").
 */
function joinHyphenated(terms: readonly TaggedTerm[]): TaggedTerm[] {
  const out: TaggedTerm[] = [];
  for (const t of terms) {
    const last = out.at(-1);
    if (last && last.post === '-' && !t.pre) {
      const tags = isNoun(t) ? ['Noun', 'Hyphenated', ...t.tags.filter((g) => g === 'Plural')] : ['Adjective', 'Hyphenated'];
      out[out.length - 1] = { text: `${last.text}-${t.text}`, pre: last.pre, post: t.post, tags };
    } else out.push(t);
  }
  return out;
}
const tagged = (text: string): TaggedTerm[] => joinHyphenated(taggedTerms(text));

/** "3D", "2D": a number that is part of a name, not a count. */
const isNameLikeValue = (t: TaggedTerm): boolean => /^\d+\p{L}/u.test(t.text);

/**
 * "A short-cycle decomposition partitions the edges …": a word in "-s" that the tagger read as a plural noun but that
 * an article follows is the verb, so the word before it heads the phrase.
 */
function takesObject(terms: readonly TaggedTerm[], at: number): boolean {
  const next = terms[at + 1];
  return /\p{Ll}s$/u.test(terms[at].text) && !endsPhrase(terms[at]) && next !== undefined && /^(?:the|a|an)$/i.test(next.text);
}

/** The noun phrase headed by terms[head], with its modifiers and a prepositional phrase after it, as written. */
function nounPhrase(terms: readonly TaggedTerm[], head: number): string | undefined {
  let from = head;
  /** Where "and"/"or" joins a list of modifiers ("feed-forward, lateral, and top-down connections"). */
  let joinAt = -1;
  for (let k = head - 1; k >= 0 && head - k <= MAX_MODIFIERS; k--) {
    const t = terms[k];
    const word = lower(t);
    if ((word === 'and' || word === 'or') && joinAt < 0 && k > 0 && !t.post.trim() && (has(terms[k - 1], 'Adjective') || isNoun(terms[k - 1]))) {
      joinAt = k;
      from = k;
      continue;
    }
    // Before the item next to "and", every item ends on its comma; the word before the first item is not in the list.
    const commaItem = (has(t, 'Adjective') || isNoun(t)) && t.post.trim() === ',';
    if (joinAt >= 0 && k < joinAt - 1 && !commaItem) break;
    if ((endsPhrase(t) && !(joinAt >= 0 && commaItem)) || NEVER_IN_A_NOUN_PHRASE.has(word) || QUANTIFIERS.has(word) || has(t, 'Determiner') || (has(t, 'Value') && !isNameLikeValue(t))) break;
    // "the rectified linear unit", "label switching failures": a participle describes the noun only after a
    // determiner or another modifier (after a verb it is the verb's: "show switching").
    // A gerund only right before a noun ("switching failures", not "corpora using neural networks").
    const participle =
      (has(t, 'PastTense') || (has(t, 'Gerund') && isNoun(terms[k + 1]))) && k > 0 && (has(terms[k - 1], 'Determiner') || has(terms[k - 1], 'Adjective') || isNoun(terms[k - 1]));
    // An abstract does not open with a command: "Value propagation networks are …" starts with a noun.
    const opening = k === 0 && has(t, 'Verb') && !participle && /^\p{Lu}\p{Ll}+$/u.test(t.text) && !/ing$/.test(t.text);
    // "freely available corpus": an adverb in "-ly" that qualifies the adjective after it belongs to the phrase.
    const qualifier = has(t, 'Adverb') && /\p{Ll}ly$/u.test(t.text) && k > 0 && has(terms[k + 1], 'Adjective') && !has(terms[k + 1], 'Verb');
    if (!(has(t, 'Adjective') || isNoun(t) || participle || opening || qualifier || isNameLikeValue(t)) || (has(t, 'Verb') && !participle && !opening)) break;
    from = k;
  }
  // A list cut short ("and top-down connections") is not a phrase.
  if (/^(?:and|or)$/i.test(terms[from].text)) return undefined;
  let to = head;
  if (!endsPhrase(terms[head]) && CARRIES_A_NOUN_PHRASE_ON.has(terms[head + 1] ? lower(terms[head + 1]) : '')) {
    let lastNoun = -1;
    for (let k = head + 2; k < terms.length && k - head - 1 <= MAX_PREPOSITIONAL; k++) {
      const t = terms[k];
      const word = lower(t);
      const joins = (word === 'and' || word === 'or') && k > head + 2;
      const article = word === 'the' || word === 'a' || word === 'an';
      if (!(joins || article || isNoun(t) || (has(t, 'Adjective') && !has(t, 'Verb')))) break;
      if (isNoun(t)) lastNoun = k;
      if (endsPhrase(t)) {
        // "between feedforward, recurrent and top-down signals": a list the phrase would cut short.
        const after = terms[k + 1];
        if (t.post.trim() === ',' && after && (isNoun(after) || has(after, 'Adjective'))) lastNoun = -1;
        break;
      }
    }
    // "between feedforward signals from …" with "signals" read as a verb: a phrase that stops before a plural noun
    // the tagger took for a verb would be cut short.
    const after = lastNoun > 0 && !endsPhrase(terms[lastNoun]) ? terms[lastNoun + 1] : undefined;
    const cutShort = after && has(after, 'PresentTense') && /\p{Ll}s$/u.test(after.text) && !NEVER_IN_A_NOUN_PHRASE.has(lower(after));
    if (lastNoun > 0 && !cutShort) to = lastNoun;
  }
  // Something must be said beyond the noun: "the recent approach" is no better than "this approach".
  const modifiers = terms.slice(from, head).filter((t) => !VAGUE.has(lower(t)) && !/^(?:and|or)$/.test(lower(t)) && !(has(t, 'Adverb') && !has(t, 'Adjective')));
  if (!modifiers.length && to === head) return undefined;
  const words = terms.slice(from, to + 1);
  let text = words.map((t, i) => `${i === 0 ? t.pre.replace(/^[\s(]+/, '') : t.pre}${t.text}${i === words.length - 1 ? '' : t.post}`).join('');
  const balanced = (text.match(/\(/g) ?? []).length === (text.match(/\)/g) ?? []).length;
  // Pronouns never get this far: the tagger marks them, and `isNoun` leaves them out.
  if (!balanced || /["“”‘’]/.test(text) || /\b(?:such|these|those|this)\b/i.test(text)) return undefined;
  // A phrase that opened its sentence keeps no capital it had only for that ("Shift-reduce parsers are …").
  if (from === 0 && /^\p{Lu}[\p{Ll}-]/u.test(text) && !PROPER_OPENER.test(text) && !has(terms[0], 'ProperNoun')) text = text[0].toLowerCase() + text.slice(1);
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Pointers in `sentence` ("such problems", "this task") that one of the sentences before it (`before`, nearest
 * first) names with the same noun and more words, with the phrase that each stands for.
 */
export function pointerResolutions(sentence: string, before: readonly string[]): PointerResolution[] {
  const found = sameNounResolutions(sentence, before);
  const taken = new Set(found.map((r) => r.pointer.split(' ')[1]));
  return [...found, ...introducedIndefinitely(sentence, before).filter((r) => !taken.has(r.pointer.split(' ')[1]))];
}

/** "this broad noise model": "this" and the words of a noun phrase after it, up to a stopword or a punctuation mark. */
const THIS_AND_PHRASE = /\bthis((?: [\p{Ll}][\p{Ll}\d-]*){2,4})(?=[\s.,;:)]|$)/giu;

/**
 * "adapted to this broad noise model" after "… permits to estimate a noise model, which is signal and frequency
 * dependent": the sentence before introduced the thing with "a", so the quoted sentence, alone, introduces it too ("a
 * broad noise model"). Written "the broad noise model", it pointed at a sentence the reader never saw (a blind reader's
 * "refers to nothing"). Only a phrase of two words at least, whose last word is the noun the earlier sentence named.
 */
function introducedIndefinitely(sentence: string, before: readonly string[]): PointerResolution[] {
  const out: PointerResolution[] = [];
  for (const m of sentence.matchAll(THIS_AND_PHRASE)) {
    const words = m[1].trim().split(' ');
    const stop = words.findIndex((w) => STOPWORDS.has(w));
    const phraseWords = stop < 0 ? words : words.slice(0, stop);
    if (phraseWords.length < 2 || NOT_REFERRING.has(phraseWords[0]) || NOT_REFERRING.has(phraseWords.at(-1)!)) continue;
    const head = escapeRegExp(phraseWords.at(-1)!);
    const introduced = new RegExp(`\\ban? (?:[\\p{L}\\d-]+ ){0,3}${head}\\b`, 'iu');
    if (!before.some((b) => introduced.test(b))) continue;
    const phrase = phraseWords.join(' ');
    out.push({ pointer: `this ${phrase}`, phrase, bare: false, indefinite: true });
  }
  return out;
}

/** Pointers that an earlier sentence names with the same noun and more words (see pointerResolutions). */
function sameNounResolutions(sentence: string, before: readonly string[]): PointerResolution[] {
  const heads = new Set<string>();
  for (const m of sentence.matchAll(POINTER)) {
    const noun = m[2].toLowerCase();
    if (NOT_REFERRING.has(noun)) continue;
    const named = new RegExp(`\\b${noun}\\b`, 'i');
    if (before.some((s) => named.test(s))) heads.add(noun);
  }
  if (!heads.size) return [];
  const terms = tagged(sentence);
  const out: PointerResolution[] = [];
  const taggedBefore: TaggedTerm[][] = [];
  for (let i = 0; i + 1 < terms.length; i++) {
    const pointer = terms[i];
    // "such a decomposition": one thing of the kind named before, written "a short-cycle decomposition".
    const indefinite = lower(pointer) === 'such' && /^an?$/.test(lower(terms[i + 1])) && !endsPhrase(terms[i + 1]) && i + 2 < terms.length;
    const noun = terms[indefinite ? i + 2 : i + 1];
    const word = lower(noun);
    // The tagger's reading of the pointer itself is not needed (it calls a sentence-final "such tasks." a verb).
    if (!POINTER_WORDS.has(lower(pointer)) || endsPhrase(pointer) || !heads.has(word)) continue;
    // "the first such metric", "no such method": "such" here means "of that kind", and "the first the …" would not read.
    if (lower(pointer) === 'such' && i > 0 && (has(terms[i - 1], 'Determiner') || /^(?:first|only|one|no|any|other)$/i.test(terms[i - 1].text))) continue;
    const next = endsPhrase(noun) ? undefined : terms[indefinite ? i + 3 : i + 2];
    // Only a bare pointer: "such greedy parsing schemes" already says what it is, and so do "those
    // factors that matter" and "such methods as ours".
    if (next && (isNoun(next) || EXPLAINED_AFTER.test(lower(next)) || (lower(pointer) !== 'this' && lower(next) === 'as') || (lower(pointer) === 'those' && has(next, 'Preposition')))) continue;
    for (let b = 0; b < before.length; b++) {
      const earlier = (taggedBefore[b] ??= tagged(before[b]));
      // A capital inside the sentence makes the word part of a name ("the Council on Interracial Books for Children"),
      // which "these books" does not point at.
      const at = earlier.findIndex(
        (t, j) =>
          lower(t) === word &&
          isNoun(t) &&
          !(j > 0 && /^\p{Lu}/u.test(t.text)) &&
          (endsPhrase(t) || !earlier[j + 1] || !isNoun(earlier[j + 1]) || takesObject(earlier, j + 1)) &&
          !(j > 0 && POINTER_WORDS.has(lower(earlier[j - 1]))),
      );
      if (at < 0) continue;
      const phrase = nounPhrase(earlier, at);
      // "such problems" → "problems in …"; the number is read where the word is a noun for certain.
      if (phrase && indefinite && !has(earlier[at], 'Plural')) out.push({ pointer: `such ${lower(terms[i + 1])} ${word}`, phrase, bare: false, indefinite: true });
      else if (phrase && !indefinite) out.push({ pointer: `${lower(pointer)} ${word}`, phrase, bare: lower(pointer) === 'such' && has(earlier[at], 'Plural') });
      break;
    }
  }
  return out;
}

/**
 * `text` with each pointer (its first occurrence, in any case: a rewrite may have lowered "This problem") replaced;
 * a compression that cut the pointer is left as it is.
 */
export function resolvePointers(text: string, resolutions: readonly PointerResolution[]): string {
  let s = text;
  for (const { pointer, phrase, bare, indefinite } of resolutions) {
    const m = new RegExp(`(?<![\\w-])${escapeRegExp(pointer)}(?![\\w-])`, 'i').exec(s);
    if (!m) continue;
    let replacement = indefinite ? `${indefiniteArticle(phrase)} ${phrase}` : bare ? phrase : `the ${phrase}`;
    if (/^\p{Lu}/u.test(m[0])) replacement = replacement[0].toUpperCase() + replacement.slice(1);
    s = s.slice(0, m.index) + replacement + s.slice(m.index + m[0].length);
  }
  return s;
}

/** "a" or "an" by the sound the phrase opens with, as far as its spelling tells ("an expander", "a unit", "an SVM"). */
function indefiniteArticle(phrase: string): 'a' | 'an' {
  if (/^[A-Z]{2,}\b/.test(phrase)) return /^[AEFHILMNORSX]/.test(phrase) ? 'an' : 'a';
  return /^(?:[aio]|e(?!u(?!ler))|u(?!ni|s[eu]|ti|r[ae])|hour|honest)/i.test(phrase) ? 'an' : 'a';
}

const NUMBERED_POINTER = /\b(?:these|those)\s+(two|three|four|five|six)\s+([a-z][\w-]*)/g;

/**
 * "investigated these two distinct paths" → "investigated two distinct paths": quoted alone, the count still says what
 * the source said, and the pointer at paths the reader never met goes. Only inside a sentence and before a word of the
 * phrase ("these two are …" stays), and only what `resolvePointers` left.
 */
export function withoutNumberedPointers(text: string): string {
  return text.replace(NUMBERED_POINTER, (m, count: string, next: string) => (STOPWORDS.has(next) ? m : `${count} ${next}`));
}

/**
 * "this broad noise model", "these Recurrent Neural Networks": a pointer that nothing resolved, before a noun phrase of
 * two words at least, which names its thing well enough on its own. Written alone, "this" points at a sentence the
 * reader never sees ("adapted to this broad noise model" after an abstract's own sentence on the model).
 */
const MODIFIED_POINTER = /\b([Tt]his|[Tt]hese) ([\p{L}][\p{L}\d-]{0,40}) ([\p{L}][\p{L}\d-]{0,40})\b/gu;
/** "such a barrier certificate" inside a sentence, not "such as", "such a way that" (which points ahead), "just such a". */
const SUCH_A = /(?<=\S )(?<!\bjust )such (an? (?!(?:way|manner|degree|extent)\b)[\p{L}-]{1,40}\b)(?! that\b)/gu;
/** "each of", "one of", "most of": a part of a set, which takes its article ("each of the aesthetic categories"). */
const QUANTIFIER_BEFORE_OF = /\b(?:each|one|some|all|many|most|none|both|any|several|few|either|neither|two|three|four|five|part|half|any|none|much)\s+of\s$/i;
/** Words after "this" that are no part of a noun phrase's modifiers ("this only", "this very"): left as they are. */
const NOT_A_MODIFIER = /^(?:only|very|same|one|kind|type|sort|way|end|case|point|time|reason|purpose|paper|work|article|study|thesis|chapter|book|report|section)$/i;

/**
 * "adapted to this broad noise model" → "adapted to the broad noise model"; "to deploy these Recurrent Neural Networks"
 * → "to deploy Recurrent Neural Networks". A pointer before a lone noun ("this concept", "this property") stays: "the
 * concept" would point just as far, and the draft chooses such sentences last.
 */
export function withoutModifiedPointers(text: string): string {
  // "a construction of such a barrier certificate" → "a construction of a barrier certificate".
  return text.replace(SUCH_A, '$1').replace(MODIFIED_POINTER, (m, pointer: string, first: string, second: string, at: number, text: string) => {
    if (STOPWORDS.has(first.toLowerCase()) || STOPWORDS.has(second.toLowerCase()) || NOT_A_MODIFIER.test(first) || /ly$/.test(first)) return m;
    // "this model is", "these methods were": the second word opens the predicate, so the first is the lone noun.
    if (/^(?:is|are|was|were|has|have|had|can|could|may|might|will|would|should|must|does|do|did)$/i.test(second)) return m;
    // Not "that", "those": "argued that relief stayed local" is no pointer.
    // Inside a quotation the words are the source's own ("noted that “This essential volume explores …”").
    const before = text.slice(0, at);
    if ((before.match(/“/g) ?? []).length > (before.match(/”/g) ?? []).length || (before.match(/"/g) ?? []).length % 2 === 1) return m;
    const singular = /^this$/i.test(pointer);
    const start = at === 0;
    // "This text elucidates …", "This column considers …": at the start of an abstract's sentence it is the work
    // itself, which the citation names; "The text" would say no more.
    if (singular && start) return m;
    if (singular) return `the ${first} ${second}`;
    // "each of these aesthetic categories" needs its article: "each of the aesthetic categories". After any other
    // "of", a plural goes bare: "the importance of these fortuitous initializations" is "the importance of fortuitous
    // initializations", not "of the fortuitous initializations", which points as far as "these" did.
    if (/\bof $/.test(text.slice(Math.max(0, at - 3), at))) {
      if (QUANTIFIER_BEFORE_OF.test(before) || (!/s$/.test(second) && !/^\p{Lu}/u.test(second))) return `the ${first} ${second}`;
      return `${first} ${second}`;
    }
    // A plural goes without its pointer only where the second word is surely still the noun phrase's ("these
    // fortuitous initializations", "these Recurrent Neural Networks"), not its verb ("these results suggest").
    if (!/s$/.test(second) && !/^\p{Lu}/u.test(second)) return m;
    return `${start ? first[0].toUpperCase() + first.slice(1) : first} ${second}`;
  });
}

/**
 * "The availability of this testing and training material has enabled us to develop X" → "We develop X": a subject that
 * points at what the abstract said before ("this material", "these results", a bare "This") and serves only as the
 * means of the authors' act. Quoted alone it points at nothing (a blind reader's "refers to nothing", CiteBench dev case
 * 8); the act is what the work did. A subject that names its means ("A tide gauge network enabled us to …") stays.
 */
const ENABLED_BY_A_POINTER = new RegExp(
  String.raw`^((?:[\p{L}\d-]+ ){0,8}?(?:this|these|those|such)(?: [\p{L}\d-]+){0,5}|this|these) (?:has|have|had)? ?` +
    String.raw`(?:enabled|allowed|permitted|helped|enables|allows|permits|helps|enable|allow|permit|help) us to ([\p{Ll}][\p{Ll}-]+)\b`,
  'iu',
);

export function withoutPointingEnabler(text: string): string {
  const m = ENABLED_BY_A_POINTER.exec(text);
  if (!m || /[,;:()]/.test(m[1]) || /^(?:be|have)$/i.test(m[2])) return text;
  return `We ${text.slice(m[0].length - m[2].length)}`;
}

/**
 * An editor's note on an edited volume ("The editor of this volume, who is also author of five of the contributions, has
 * provided an introduction that … interrelates the basic issues in linguistics and cognitive studies that are addressed
 * in this volume") tells of the book's making, and "this volume" of its words points at nothing once cited (a blind
 * reader, CiteBench dev case 4). What the volume addresses is what a reader cites it for: "This volume addresses the
 * basic issues in linguistics and cognitive studies".
 */
const EDITORS_NOTE = /^the\s+(?:editors?|introduction)\s+(?:of|to)\s+this\s+(?:volume|book|collection)\b/i;
const ADDRESSED_IN_THIS_VOLUME = /\s+(?:that|which)\s+(?:are|were|is|was)\s+(?:addressed|discussed|covered|treated|examined|explored)\s+in\s+this\s+(volume|book|collection)\b/i;

export function editorsNoteAsContents(text: string): string {
  if (!EDITORS_NOTE.test(text.trim())) return text;
  const m = ADDRESSED_IN_THIS_VOLUME.exec(text);
  if (!m) return text;
  // The noun phrase the clause defines opens on the last "the" before it ("the basic issues in linguistics,
  // psycholinguistics and cognitive studies"); one that a clause or aside interrupts is not taken.
  const before = text.slice(0, m.index);
  const at = before.search(/\bthe\s+(?!.*\bthe\s)/i);
  const phrase = at < 0 ? '' : before.slice(at);
  if (phrase.split(/\s+/).length < 3 || /[;:()]|\b(?:who|which|that)\b/i.test(phrase)) return text;
  return `This ${m[1].toLowerCase()} addresses ${phrase}.`;
}
