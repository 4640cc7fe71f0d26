// keyphrases: the topic a group of works is named after — a phrase that at least two of its works write, weighted by
// TF-IDF ("wild bees" over "bee" where the abstracts say so). A group with no such phrase gets no topic name.
import { splitSentences } from '../text/sentences';
import { hasInnerPredicate, isPastForm, opensWithPredicate } from '../text/verbs';
import { contentTerms, STOPWORDS } from '../text/tokens';
import { LANGUAGES, splitAbstractLabel } from '../engine/cues';
import { canBeVerb } from '../rewrite';
import { alternation, ALWAYS_CAPITALIZED_WORDS, BROAD_FIELDS } from '../lexicon';

/**
 * Whether a group's topic phrases name what its works share: a group of unrelated works (what is left when a library
 * spans many fields) got a heading that two of its 18 works used ("Statistical Machine Translation" over word senses,
 * video servers and MapReduce). Such a group is named for what it is, other related work, and comes last.
 */
export function speaksForGroup(keyphrases: readonly string[], groupTexts: readonly string[]): boolean {
  if (!keyphrases.length || groupTexts.length < 2) return true;
  // The first phrase is the heading: it must be what at least two works speak of (singular or plural: "recurrent
  // neural network" speaks of "recurrent neural networks"), and in a large group a quarter of them. A small group
  // had been named by what one of its works alone spoke of ("A first line of work studies magnetic tape composers"
  // over a typography guide and a history of a typeface).
  const using = groupTexts.filter((t) => phraseOccursIn(keyphrases[0], t)).length;
  return using >= 2 && (groupTexts.length < MIXED_GROUP_MIN_WORKS || using / groupTexts.length >= MIXED_GROUP_MIN_SHARE);
}
/** Whether `text` writes `phrase`, singular or plural ("recurrent neural network" in "… recurrent neural networks …"). */
export function phraseOccursIn(phrase: string, text: string): boolean {
  return comparableWords(text).includes(comparableWords(phrase));
}
/**
 * How many of `texts` write a phrase, for many phrases asked of the same texts: the texts are read into compared words
 * once, where phraseOccursIn's cache of recent texts would let a hundred phrases push them out.
 */
export function textsWriting(texts: readonly string[]): (phrase: string) => number {
  const compared = texts.map((t) => comparableWords(t));
  return (phrase) => {
    const words = comparableWords(phrase);
    return compared.filter((t) => t.includes(words)).length;
  };
}
/**
 * Texts as compared words, kept for the texts asked about lately: a draft asks of the same abstracts again for every
 * topic sentence it tries while fitting its length (a third of a 50-work draft's time before this was kept).
 */
const comparableCache = new Map<string, string>();
function comparableWords(t: string): string {
  let found = comparableCache.get(t);
  if (found === undefined) {
    found = ` ${t.toLowerCase().split(/[^\p{L}\p{N}-]+/u).filter(Boolean).map((w) => (w.length > 3 ? w.replace(/s$/, '') : w)).join(' ')} `;
    if (comparableCache.size >= PHRASE_CACHE_SIZE) comparableCache.delete(comparableCache.keys().next().value as string);
    comparableCache.set(t, found);
  }
  return found;
}

/** A whole field's name or a common tool's ("neural networks", "dynamical systems"): no group's topic (lexicon/fields.ts). */
const BROAD_FIELD = new RegExp(`^(?:${alternation(BROAD_FIELDS)})$`, 'iu');
export function isBroadField(phrase: string): boolean {
  return BROAD_FIELD.test(phrase.trim());
}

/** Below this many works a group is small enough to be named by what two or three of them share. */
const MIXED_GROUP_MIN_WORKS = 6;
const MIXED_GROUP_MIN_SHARE = 0.25;

/**
 * A candidate topic phrase: `key` joins its spellings (singular and plural), `stems` are its terms as the TF-IDF model
 * knows them, `before` is the word written right before it in its sentence ('' at a chunk's start).
 */
export type Phrase = { surface: string; key: string; stems: string[]; n: number; before: string };

/** A term of a phrase's key: light stemming leaves a short plural as it is ("bees"), which must meet its singular. */
function phraseKeyTerm(stem: string): string {
  return /^\p{L}{3}s$/u.test(stem) && !/(?:ss|us|is|ws)$/.test(stem) ? stem.slice(0, -1) : stem;
}

/**
 * Phrase lists of recent texts, bounded so it cannot grow across drafts. A draft of more works than this asks for
 * each abstract once per group and would miss every time; writeDraft keeps its own, unbounded for the draft.
 */
const phraseCache = new Map<string, Phrase[]>();
const PHRASE_CACHE_SIZE = 512;

/** Candidate phrases (1–4 words, no stopword at either end, only "of" inside) of one text, lower case. */
export function phrasesOf(text: string): Phrase[] {
  const cached = phraseCache.get(text);
  if (cached) return cached;
  const out = extractPhrases(text);
  if (phraseCache.size >= PHRASE_CACHE_SIZE) phraseCache.delete(phraseCache.keys().next().value as string);
  phraseCache.set(text, out);
  return out;
}

/** Words before a phrase that say the work lacks or avoids it ("without paired data", "no labels", "lack of data"). */
const NEGATES: ReadonlySet<string | undefined> = new Set(['without', 'no', 'not', 'nor', 'never', 'non', 'unlike']);
const NEGATES_OF: ReadonlySet<string | undefined> = new Set(['lack', 'absence', 'instead', 'free', 'independent', 'regardless']);

/** "Image-to-Image" → "image-to-image"; acronyms and inner capitals stay ("GANs", "MeSH", "IoT"). */
function lowerPlainCapitals(word: string, keep: (part: string) => boolean = () => false): string {
  return word.replace(/[^-–]+/g, (part) => (/^\p{Lu}[\p{Ll}\p{N}]*$/u.test(part) && !keep(part) ? part.toLowerCase() : part));
}

const QUANTITY_HEADS: ReadonlySet<string> = new Set(
  'number numbers variety set sets kind kinds type types amount amounts range lot lots series collection family host plethora array majority part parts use'.split(' '),
);
/** Particles of phrasal verbs ("haul out", "scale up", "break down"), which rarely follow a noun. */
const PARTICLES: ReadonlySet<string | undefined> = new Set(['out', 'up', 'off', 'down', 'away']);
const NUMBER_WORDS: ReadonlySet<string> = new Set('two three four five six seven eight nine ten eleven twelve hundred hundreds thousand thousands million millions'.split(' '));
/** Subjects after which a verb comes. */
const AFTER_VERB_OPENER: ReadonlySet<string | undefined> = new Set(['we', 'i', 'they']);
/** Words that end a noun phrase before them ("code-switching in …", "… and"); "shows" may be a noun ("call-in shows"). */
const ENDS_A_NOUN_PHRASE_BEFORE: ReadonlySet<string> = new Set(
  ('and or nor but of in on at to for with from by as than is are was were be been has have had that which who whose where when while ' +
    'can could may might will would should does do did').split(' '),
);
/** Prepositions that the stopword list leaves out: a phrase opened by one ("towards harbour pilotage") is no topic. */
const PREPOSITIONS_NOT_STOPWORDS: ReadonlySet<string> = new Set(
  'towards toward among amongst across beyond versus along around despite like per since unlike inside outside onto near behind beside beneath throughout'.split(' '),
);
/** Words of measurement and of papers' self-description: a phrase made of these alone ("error rate", "relative importance", "experimental results") is what any work reports, not a topic. */
const GENERIC_TOPIC_WORDS: ReadonlySet<string> = new Set(
  (
    'error errors rate rates relative importance accuracy performance result results experimental experiment experiments improvement improvements ' +
    'significant state art approach approaches method methods paper papers work task tasks problem problems ' +
    'high low large small good better best new novel recent existing different various overall main key important general rest'
  ).split(' '),
);

/** The sentences of `text`, each without the heading of a structured abstract ("Methods:", "CONCLUSIONS:"). */
function withoutAbstractLabels(text: string): string[] {
  return splitSentences(text).map((s) => splitAbstractLabel(s).text);
}

function extractPhrases(text: string): Phrase[] {
  const out: Phrase[] = [];
  // A phrase never runs across punctuation: "Natural Language Processing (NLP)" gives no "processing nlp", and
  // "accuracy & speed improves" no "accuracy speed improves".
  // A structured abstract's heading goes first: "Conclusions: Lighter grazing …" opens a sentence with "Lighter".
  const chunks = withoutAbstractLabels(text).flatMap((s) => s.split(/[,;:()[\]{}"“”!?&+=<>|%#*]+|\s[—–-]+\s|—|\.(?:\s|$)/).map((chunk, i) => ({ chunk, opensSentence: i === 0 })));
  for (const { chunk, opensSentence } of chunks) {
    // Words keep the case they are written in ("NLP", "MeSH", "Nash"), but for the capital that opens a sentence;
    // groupKeyphrases lowers the capitals of title case.
    // An en dash inside a word joins it as a hyphen does ("metal–organic frameworks", "the Diels–Alder reaction").
    const surfaces = chunk.split(/[^\p{L}\p{N}\-–]+/u).filter(Boolean);
    if (opensSentence && surfaces.length) surfaces[0] = lowerPlainCapitals(surfaces[0], (part) => ALWAYS_CAPITALIZED.test(part));
    const words = surfaces.map((w) => w.toLowerCase());
    for (let n = 1; n <= 4; n++) {
      for (let i = 0; i + n <= words.length; i++) {
        const phrase = words.slice(i, i + n);
        if (phrase.some((w) => w.length < 2 || /^\d+$/.test(w))) continue;
        if (STOPWORDS.has(phrase[0]) || STOPWORDS.has(phrase[n - 1]) || PREPOSITIONS_NOT_STOPWORDS.has(phrase[0]) || PREPOSITIONS_NOT_STOPWORDS.has(phrase[n - 1])) continue;
        if (phrase.slice(1, -1).some((w) => (STOPWORDS.has(w) && w !== 'of') || PREPOSITIONS_NOT_STOPWORDS.has(w))) continue;
        // "number of parameters", "variety of knowledge sources", "six senses": a quantity is not a topic; what it
        // counts is a phrase of its own.
        if ((n > 1 && phrase[1] === 'of' && QUANTITY_HEADS.has(phrase[0])) || NUMBER_WORDS.has(phrase[0])) continue;
        if (phrase.every((w) => w === 'of' || GENERIC_TOPIC_WORDS.has(w))) continue;
        // Adjectives such as "adversarial" rarely end the name of a topic; "networks" does.
        // Nor do hyphenated modifiers: "multimodal unsupervised image-to-image" is cut off before "translation".
        if (n > 1 && /(?:al|ive|ous|ic|ed|ent)$/.test(phrase[n - 1])) continue;
        // "(a camera) counts departing bees": a verb's "-s" before an "-ing" word is the verb and its participle, not
        // a name ("machine learning", "systems engineering", "graphics processing").
        if (phrase.some((w, k) => k > 0 && /ing$/.test(w) && /[^s]s$/.test(phrase[k - 1]) && canBeVerb(phrase[k - 1]))) continue;
        if (/-(?:to-[\p{L}\p{N}]+|based|level|aware|free|specific|scale|wise|driven|dependent|invariant|agnostic|order)$/u.test(phrase[n - 1])) continue;
        // "Mandarin-English corpus", "radio call-in shows": a hyphenated word before another word modifies it.
        if (/[-–]/.test(phrase[n - 1]) && words[i + n] !== undefined && !ENDS_A_NOUN_PHRASE_BEFORE.has(words[i + n]) && !PREPOSITIONS_NOT_STOPWORDS.has(words[i + n])) continue;
        // "we apply random walks": a verb after its subject opens what a work does, not a topic. (Not after "to":
        // "applied to machine translation".)
        if (AFTER_VERB_OPENER.has(words[i - 1]) && (canBeVerb(phrase[0]) || isPastForm(phrase[0]))) continue;
        // "learns to translate … without paired examples": what a work does without is not its topic.
        if (NEGATES.has(words[i - 1]) || (words[i - 1] === 'of' && NEGATES_OF.has(words[i - 2]))) continue;
        // "Why Harbour Seals Haul Out": a word before a verb's particle is the verb ("harbour seals haul" is no topic).
        if (PARTICLES.has(words[i + n])) continue;
        const stems = contentTerms(phrase.join(' '));
        const key = stems.map(phraseKeyTerm).join(' ');
        if (key) out.push({ surface: surfaces.slice(i, i + n).join(' '), key, stems, n, before: words[i - 1] ?? '' });
      }
    }
  }
  return out;
}

/** Languages, peoples and months: capitalized in English whatever case a title is in ("hyphenate English words"). */
const ALWAYS_CAPITALIZED = new RegExp(
  `^(?:${LANGUAGES}|${alternation(ALWAYS_CAPITALIZED_WORDS)})$`,
  'i',
);

/**
 * "Tidal Windows for Pilot Boarding": most of the title's longer words open with a capital. Not a German title
 * ("… fuer die Deutsche Sprache"), whose capitals are its nouns.
 */
function isTitleCase(title: string): boolean {
  if (/\b(?:f(?:ue|ü)r|und|der|die|das|mit|von|zur|zum|eine?|über|ueber|des)\b/u.test(title)) return false;
  const words = title.split(/[^\p{L}]+/u).filter((w) => w.length > 3);
  return words.length >= 2 && words.filter((w) => /^\p{Lu}/u.test(w)).length >= (2 * words.length) / 3;
}

/**
 * Keyphrases that name a group: phrases several of its works use, weighted by IDF, preferred when a title uses them,
 * and discounted when works outside the group use them too (then they do not tell this group apart).
 */
export function groupKeyphrases(
  groupTexts: readonly string[],
  otherTexts: readonly string[],
  idf: (term: string) => number,
  count = 2,
  titles: readonly string[] = [],
  /** The titles of the works behind `otherTexts`: their title case is no evidence of a name either. */
  otherTitles: readonly string[] = [],
  /** Phrase lists by text; a draft passes one that keeps every text's list for the whole draft. */
  phrases: (text: string) => Phrase[] = phrasesOf,
  /** How many of the group's texts must write a phrase: 2 where a topic sentence claims the works share it. */
  minWorks = 1,
  /** Pass over the names of whole fields ("neural networks", "dynamical systems": isBroadField). */
  skipBroad = false,
): string[] {
  const titleText = titles.join(' ').toLowerCase();
  // A phrase that is a whole title names one paper, not what the group shares ("### Coupled Generative Adversarial
  // Networks" over a section about several works).
  const wholeTitles = new Set(titles.map((t) => t.toLowerCase().replace(/[^\p{L}\p{N}\-–]+/gu, ' ').trim()));
  const scores = new Map<string, { score: number; docs: Set<number>; surface: string; written: SurfaceCounts; befores: Set<string> }>();
  groupTexts.forEach((text, doc) => {
    for (const p of phrases(text)) {
      if (wholeTitles.has(p.surface.toLowerCase())) continue;
      const inTitle = titleText.includes(p.surface.toLowerCase()) ? 2 : 1;
      const weight = p.stems.reduce((a, t) => a + idf(t), 0) * (p.n === 1 ? 0.3 : 1) * inTitle;
      const entry = scores.get(p.key) ?? { score: 0, docs: new Set<number>(), surface: p.surface, written: new Map(), befores: new Set<string>() };
      entry.score += weight;
      entry.docs.add(doc);
      countSurface(entry.written, p.surface);
      entry.befores.add(p.before);
      scores.set(p.key, entry);
    }
  });
  const outside = new Map<string, number>();
  for (const text of otherTexts) {
    const found = phrases(text);
    for (const p of found) {
      const entry = scores.get(p.key);
      if (entry) countSurface(entry.written, p.surface);
    }
    for (const key of new Set(found.map((p) => p.key))) if (scores.has(key)) outside.set(key, (outside.get(key) ?? 0) + 1);
  }
  const ranked = [...scores.entries()]
    .map(([key, e]) => ({ key, surface: e.surface, written: e.written, docs: e.docs, befores: e.befores, value: (e.score * e.docs.size) / (1 + (outside.get(key) ?? 0)) }))
    .sort((a, b) => b.value - a.value);
  const out: Array<{ surface: string; terms: Set<string> }> = [];
  const covered = new Set<number>();
  // Skip phrases that mostly repeat one already taken ("image translation" after "unpaired image translation").
  const repeats = (terms: Set<string>) => out.some((o) => [...terms].filter((t) => o.terms.has(t)).length / Math.min(terms.size, o.terms.size) >= 0.5);
  // A phrase with a verb inside ("model predicts waiting times") is a clause, no topic; so is one that opens with the
  // verb of the noun before it in most of the places it is written ("rhyme graphs link line endings"). Asked only of
  // the phrases the loop reaches, as tagging costs more than the rest of the ranking.
  const clauses = new Map<string, boolean>();
  const isClause = (r: (typeof ranked)[number]) => {
    let found = clauses.get(r.key);
    if (found === undefined) {
      // Only a plural in "-s" is asked about: the tagger is the cost, and "-s" plurals are nearly all that come before.
      const predicates = [...r.befores].filter((before) => /s$/.test(before) && opensWithPredicate(before, r.surface)).length;
      found = (r.surface.includes(' ') && hasInnerPredicate(r.surface)) || predicates * 2 > r.befores.size;
      clauses.set(r.key, found);
    }
    return found;
  };
  // The topic should speak for the works of the group: a multi-word phrase that several works use, some of them not
  // covered by the phrases taken so far, comes before a better-scored one that only repeats the same works ("tide
  // tables and word order", not "tide tables and sensor logs" over tides and parsing) or a lone word ("network").
  // Counted on the words as written, not their stems: "stacking LSTM" had stood for one work's "stacking LSTM" and
  // another's "stacked LSTMs".
  // A single word names a topic only when it is a technical name, a capital inside it ("TeX", "BERT", "PostScript"):
  // "Another line of work addresses include", "studies hands and kinematic" and "studies Pro" (from a title's "Pro")
  // had named a verb, an adjective and a title word that two abstracts happened to write.
  const writtenByEnough = (r: (typeof ranked)[number]) =>
    minWorks < 2 || ((r.surface.includes(' ') || /^.[^\s]*\p{Lu}/u.test(r.surface)) && groupTexts.filter((t) => phraseOccursIn(r.surface, t)).length >= minWorks);
  const fresh = (r: (typeof ranked)[number]) => r.docs.size >= 2 && r.key.includes(' ') && [...r.docs].some((d) => !covered.has(d));
  while (out.length < count) {
    const lookForFresh = groupTexts.length > 1 && covered.size < groupTexts.length;
    let best: (typeof ranked)[number] | undefined;
    let pick: (typeof ranked)[number] | undefined;
    for (const r of ranked) {
      const isFresh = lookForFresh && fresh(r);
      // The tagger behind isClause costs most: asked last.
      // "A first line of work studies dynamical systems" names the field, not what the works do.
      if (r.docs.size < minWorks || (best && !isFresh) || repeats(new Set(r.key.split(' '))) || (skipBroad && isBroadField(r.surface)) || !writtenByEnough(r) || isClause(r)) continue;
      best ??= r;
      if (isFresh || !lookForFresh) {
        pick = r;
        break;
      }
    }
    pick ??= best;
    if (!pick) break;
    out.push({ surface: pluralWhereWritten(pick.surface, pick.written), terms: new Set(pick.key.split(' ')) });
    for (const d of pick.docs) covered.add(d);
  }
  // A capital that only title case gave ("Unpaired Image-to-Image Translation") goes when the works also write the
  // word in lower case; a name never written so keeps it ("Nash equilibrium", "English").
  const allTexts = [...groupTexts, ...otherTexts];
  const lowerCase = new Set(allTexts.flatMap((t) => t.match(/(?<![\p{L}\p{N}])\p{Ll}[\p{Ll}\p{N}]*(?![\p{L}\p{N}])/gu) ?? []));
  // Singular or plural: "Rhymes" from a title goes when the works write "rhyme".
  const writtenLower = (word: string) => lowerCase.has(word) || lowerCase.has(word.replace(/s$/, '')) || lowerCase.has(word.replace(/es$/, '')) || lowerCase.has(`${word}s`);
  // A capital is a name's only where something other than title case wrote it: inside a sentence, or in a title
  // whose other words are in lower case. "Tidal Windows" gave "tidal Windows" when no abstract said "windows".
  // Gathered only when a phrase has such a capital, which most groups' phrases do not.
  let capitalized: Set<string> | undefined;
  const capitalizedWords = (): Set<string> => {
    const titleCase = [...titles, ...otherTitles].filter(isTitleCase);
    return new Set(
      allTexts.flatMap((t) => {
        const title = titleCase.find((tc) => t.startsWith(tc));
        const body = withoutAbstractLabels(title ? t.slice(title.length) : t).join(' ');
        // After a dash, a capital is a name's where the word before it has one too ("Diels–Alder", "Hartree-Fock").
        return (body.match(/(?<=[\p{L}\p{N},;:)]\s+|\p{Lu}\p{Ll}*[-–])\p{Lu}[\p{Ll}\p{N}]*(?![\p{L}\p{N}])/gu) ?? []).map((w) => w.toLowerCase());
      }),
    );
  };
  // A language or a month keeps its capital even where one text wrote it in lower case ("arabic text").
  const isName = (word: string) => ALWAYS_CAPITALIZED.test(word) || (!writtenLower(word) && (capitalized ??= capitalizedWords()).has(word));
  return out.map((o) => o.surface.split(' ').map((w) => lowerPlainCapitals(w, (part) => isName(part.toLowerCase()))).join(' '));
}

/** How often each spelling of a phrase is written (lower case → first spelling seen and its count). */
type SurfaceCounts = Map<string, { surface: string; count: number }>;

function countSurface(written: SurfaceCounts, surface: string): void {
  const lower = surface.toLowerCase();
  const seen = written.get(lower);
  if (seen) seen.count++;
  else written.set(lower, { surface, count: 1 });
}

/** Heads whose "-s" form is a different word or reads wrong as a topic ("works", "researches"). */
const NO_PLURAL_HEADS: ReadonlySet<string> = new Set('work research software hardware evidence information knowledge feedback progress data literature'.split(' '));

/**
 * A topic names a kind of thing, so a count noun reads in the plural: "decision trees", "convolutional neural
 * networks", not "studies decision tree". Only a plural the texts write is taken, so a mass noun never gets one
 * ("machine translation"); where the singular can be either ("representation", "inference"), the plural must be
 * written at least as often.
 */
function pluralWhereWritten(surface: string, written: SurfaceCounts): string {
  const words = surface.split(' ');
  // A head in title case counts too ("Wild Bee Declines …" gave "Wild Bee" where the abstract writes "wild bees").
  const head = /^\p{Lu}\p{Ll}+$/u.test(words[words.length - 1]) ? words[words.length - 1].toLowerCase() : words[words.length - 1];
  if (!/^\p{Ll}+$/u.test(head) || NO_PLURAL_HEADS.has(head) || head.endsWith('s')) return surface;
  const stem = words.slice(0, -1).join(' ').toLowerCase();
  const singular = written.get(surface.toLowerCase())?.count ?? 0;
  const plurals = [head + 's', head + 'es', ...(/[^aeiou]y$/.test(head) ? [head.slice(0, -1) + 'ies'] : [])];
  for (const plural of plurals) {
    const found = written.get(stem ? `${stem} ${plural}` : plural);
    if (!found) continue;
    if (/(?:tion|sion|ance|ence|ity)$/.test(head) && found.count < singular) return surface;
    return found.surface;
  }
  return surface;
}
