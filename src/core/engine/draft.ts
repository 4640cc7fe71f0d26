// Related-work drafts (after OARelatedWork): plan topic groups over the cited works, order them, and write each
// paragraph as a topic sentence, grounded sentences per work (MMR against redundancy), grouped citations for works
// that get no sentence of their own, and a contrasting sentence from the author's own abstract.
import type { CiteSyntax, Draft, DraftParagraph, DraftRequest, DraftSentence, EmbedTexts, EngineOptions, PaperLookup, PaperRecord, SourceSentence } from '../types';
import { throwIfCancelled } from '../types';
import { splitSentences } from '../text/sentences';
import { headlineCase } from '../text/titles';
import { hasInnerPredicate, isPastForm, opensWithPredicate } from '../text/verbs';
import { wardClusters } from './ward';
import { contentTerms, cosine, STOPWORDS, termFrequencies, TfIdfModel, wordCount, type SparseVector } from '../text/tokens';
import { citeMarker, repeatedSubject, workSubject } from './authors';
import { plainText, sourceDocument, type SourceDocument } from './candidates';
import { describesTheWork, DRAFT_OWN_RELEVANCE, firstDescribingSentence, NOTHING_FLAG, rankCandidates, speaksForAuthors, titleOnlySentence, writtenText, type ScoredCandidate } from './citation';
import { ANAPHORIC_START, FRONTED_POINTER, hasContributionCue, LANGUAGES, NOT_DONE, OWN_RELEASE_NOTE, PRONOUN_POINTER, REFERS_BACK, splitAbstractLabel } from './cues';
import { activeSelfDescription, canBeVerb, firstPersonPlural, stripLeadingDiscourse, withoutLinkingAdverb } from '../rewrite';
import type { LinearScorer } from './scorer';

/** Works whose chosen sentences are this similar say the same thing; one sentence and a grouped citation suffice. */
const SAME_THING_SIMILARITY = 0.5;
/** A sentence most of whose content words another sentence has (this share of them) adds nothing to it. */
const CONTAINED_SHARE = 0.75;
/** MMR trade-off between the scorer's preference and novelty with respect to the paragraph so far. */
const MMR_LAMBDA = 0.7;
const LENGTH_TOLERANCE = 0.15;
/**
 * Words per paragraph when the length decides how many topic groups to write: a related-work paragraph runs to about
 * 120 words (CiteBench's gold paragraphs average 113); one every 60 words cut a 200-word section into three stubs.
 */
const WORDS_PER_PARAGRAPH = 120;

/**
 * How many topic groups (paragraphs) a draft of `works` works at `targetWords` words gets; the neural writer plans the
 * same way. Subsections asked for come at least two to a section where there are works enough for two groups of two:
 * a lone subsection divides nothing.
 */
export function topicGroupCount(works: number, targetWords: number, subsections = false): number {
  const byLength = Math.max(1, Math.min(8, Math.round(works / 4), Math.round(targetWords / WORDS_PER_PARAGRAPH) || 1));
  return subsections && works >= 4 ? Math.max(2, byLength) : byLength;
}
/** Default target when the request gives none: about what a related-work paragraph per 4 works takes. */
const WORDS_PER_WORK_DEFAULT = 35;

interface WorkPlan {
  record: PaperRecord;
  vector: SparseVector;
  ownSimilarity: number;
  /** Ranked candidates, best first; one entry per distinct source sentence. */
  options: ScoredCandidate[];
  /** Indices into options of the sentences written for this work. */
  chosen: number[];
  /** Shorter compressions of each source sentence (by sentence index), shortest first. */
  shorter?: Map<number, ScoredCandidate[]>;
  /** Title-only entries get the flagged title sentence. */
  titleOnly?: DraftSentence;
  titleOnlyFlag?: string;
  groupedOnly: boolean;
}

interface GroupPlan {
  works: WorkPlan[];
  keyphrases: string[];
  /** Its works share no topic that its keyphrases name (see speaksForGroup). */
  mixed: boolean;
  ownSimilarity: number;
  contrast?: DraftSentence;
  /** Further sentences of the author's own abstract that relate the group to their work (added to fill length). */
  extraOwn: DraftSentence[];
  /** A background sentence of the author's abstract that frames this group's topic. */
  context?: SourceSentence;
}

export interface DraftContext {
  scorer: LinearScorer;
  library: PaperLookup;
  options?: EngineOptions;
  /** A sentence encoder: when given, works are grouped and ordered by the similarity of their embeddings. */
  embed?: EmbedTexts;
}

/** An embedding as a vector the planner's cosine reads (dimensions named "0" … "d-1"). */
function denseVector(values: readonly number[]): SparseVector {
  return new Map(values.map((v, i) => [String(i), v]));
}

/**
 * The vectors that plan the draft: TF-IDF over each work's planning text (and the author's abstract), or, with a
 * sentence encoder, the texts' embeddings, which also see that "ferry timetable" and "boat schedule" are one topic.
 * A work without text keeps an empty vector (clusterWorks puts it with the largest group).
 */
export async function planVectors(
  texts: readonly string[],
  termLists: readonly string[][],
  ownText: string,
  tfidf: { vectors: SparseVector[]; own?: SparseVector },
  embed: EmbedTexts | undefined,
  signal: AbortSignal | undefined,
): Promise<{ vectors: SparseVector[]; own?: SparseVector }> {
  if (!embed) return tfidf;
  const withText = termLists.flatMap((t, i) => (t.length ? [i] : []));
  const embedded = await embed([...withText.map((i) => texts[i]), ...(ownText ? [ownText] : [])], signal);
  const vectors: SparseVector[] = texts.map(() => new Map());
  withText.forEach((i, k) => (vectors[i] = denseVector(embedded[k])));
  return { vectors, own: ownText ? denseVector(embedded[withText.length]) : undefined };
}

/** The marker that cites `key` in a sentence written in `syntax` (\\citet names it as the subject). */
function citeMarkerOf(key: string, syntax: CiteSyntax): string {
  return syntax === 'citet' ? `{${key}}` : citeMarker([key], syntax);
}

function sentenceOf(candidate: ScoredCandidate, key: string): DraftSentence {
  return { text: writtenText(candidate), keys: [key], sources: [candidate.source], role: 'work' };
}

/**
 * Agglomerative clustering of the works down to `target` topic groups, by Ward's criterion (each merge adds the least
 * spread within groups). Average linkage, used before, chained a broad library into one paragraph: 58 of the 69
 * shared PDFs in one group and five one-work paragraphs; Ward gave groups of 17, 16, 9, 8, 6, 6, 4 and 3 works, each
 * with a topic (word sense induction, open information extraction, software engineering studies …).
 * A work with no text (an empty vector) is similar to nothing, so it would stay a group of its own and take a whole
 * paragraph to say "See [k]."; it joins the largest group instead, where it is cited with the others.
 */
export function clusterWorks(vectors: readonly SparseVector[], target: number): number[][] {
  const empty = vectors.map((v, i) => (v.size === 0 ? i : -1)).filter((i) => i >= 0);
  if (empty.length === vectors.length) return vectors.length ? [empty] : [];
  if (empty.length) {
    const withText = vectors.map((_, i) => i).filter((i) => vectors[i].size > 0);
    const clusters = clusterWorks(withText.map((i) => vectors[i]), target).map((c) => c.map((k) => withText[k]));
    const largest = clusters.reduce((best, c) => (c.length > best.length ? c : best), clusters[0]);
    largest.push(...empty);
    return clusters;
  }
  return wardClusters(vectors, target);
}

/**
 * Whether a group's topic phrases name what its works share: a group of unrelated works (what is left when a library
 * spans many fields) got a heading that two of its 18 works used ("Statistical Machine Translation" over word senses,
 * video servers and MapReduce). Such a group is named for what it is, other related work, and comes last.
 */
function speaksForGroup(keyphrases: readonly string[], groupTexts: readonly string[]): boolean {
  if (!keyphrases.length || groupTexts.length < 2) return true;
  // The first phrase is the heading: it must be what at least two works speak of (singular or plural: "recurrent
  // neural network" speaks of "recurrent neural networks"), and in a large group a quarter of them. A small group
  // had been named by what one of its works alone spoke of ("A first line of work studies magnetic tape composers"
  // over a typography guide and a history of a typeface).
  const words = (t: string) => ` ${t.toLowerCase().split(/[^\p{L}\p{N}-]+/u).filter(Boolean).map((w) => (w.length > 3 ? w.replace(/s$/, '') : w)).join(' ')} `;
  const heading = words(keyphrases[0]);
  const using = groupTexts.filter((t) => words(t).includes(heading)).length;
  return using >= 2 && (groupTexts.length < MIXED_GROUP_MIN_WORKS || using / groupTexts.length >= MIXED_GROUP_MIN_SHARE);
}
/** Below this many works a group is small enough to be named by what two or three of them share. */
const MIXED_GROUP_MIN_WORKS = 6;
const MIXED_GROUP_MIN_SHARE = 0.25;

/**
 * A candidate topic phrase: `key` joins its spellings (singular and plural), `stems` are its terms as the TF-IDF model
 * knows them, `before` is the word written right before it in its sentence ('' at a chunk's start).
 */
type Phrase = { surface: string; key: string; stems: string[]; n: number; before: string };

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
function phrasesOf(text: string): Phrase[] {
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
const FUNCTION_WORDS: ReadonlySet<string> = new Set('and or nor but of in on at to for with from by as than is are was were be been has have had that which who whose where when while can could may might will would should does do did'.split(' '));
/** Prepositions that the stopword list leaves out: a phrase opened by one ("towards harbour pilotage") is no topic. */
const PREPOSITIONS: ReadonlySet<string> = new Set('towards toward among amongst across beyond versus along around despite like per since unlike inside outside onto near behind beside beneath throughout'.split(' '));
/** Words of measurement and of papers' self-description: a phrase made of these alone ("error rate", "relative importance", "experimental results") is what any work reports, not a topic. */
const GENERIC_TOPIC_WORDS: ReadonlySet<string> = new Set(
  'error errors rate rates relative importance accuracy performance result results experimental experiment experiments improvement improvements significant state art approach approaches method methods paper papers work task tasks problem problems high low large small good better best new novel recent existing different various overall main key important general rest'.split(' '),
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
        if (STOPWORDS.has(phrase[0]) || STOPWORDS.has(phrase[n - 1]) || PREPOSITIONS.has(phrase[0]) || PREPOSITIONS.has(phrase[n - 1])) continue;
        if (phrase.slice(1, -1).some((w) => (STOPWORDS.has(w) && w !== 'of') || PREPOSITIONS.has(w))) continue;
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
        if (/[-–]/.test(phrase[n - 1]) && words[i + n] !== undefined && !FUNCTION_WORDS.has(words[i + n]) && !PREPOSITIONS.has(words[i + n])) continue;
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
  `^(?:${LANGUAGES}|danish|norwegian|icelandic|polish|latin|persian|urdu|bengali|vietnamese|thai|indonesian|malay|swahili|mandarin|cantonese|tamil|punjabi|yoruba|igbo|hausa|zulu|amharic|tagalog|ukrainian|romanian|hungarian|welsh|irish|scottish|scots|breton|cornish|manx|basque|catalan|european|american|african|asian|australian|canadian|british|indian|january|february|april|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday)$`,
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
  const fresh = (r: (typeof ranked)[number]) => r.docs.size >= 2 && r.key.includes(' ') && [...r.docs].some((d) => !covered.has(d));
  while (out.length < count) {
    const lookForFresh = groupTexts.length > 1 && covered.size < groupTexts.length;
    let best: (typeof ranked)[number] | undefined;
    let pick: (typeof ranked)[number] | undefined;
    for (const r of ranked) {
      const isFresh = lookForFresh && fresh(r);
      if ((best && !isFresh) || repeats(new Set(r.key.split(' '))) || isClause(r)) continue;
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

/**
 * Whether a sentence with these content-term counts says what the other sentence says: the two are alike, or nearly
 * all of its words are the other's (a short sentence inside a longer one).
 */
function saysNothingNew(terms: SparseVector, other: SparseVector): boolean {
  if (cosine(terms, other) >= SAME_THING_SIMILARITY) return true;
  let shared = 0;
  for (const t of terms.keys()) if (other.has(t)) shared++;
  return terms.size > 0 && shared / terms.size >= CONTAINED_SHARE;
}

/** A work the library has neither title nor abstract of. */
function knowsNothingOf(work: WorkPlan): boolean {
  return work.titleOnlyFlag === NOTHING_FLAG;
}

/**
 * Whether the group's topic sentence may carry the work's grouped citation: it claims the work studies the topic. A
 * work known by its title alone backs that claim only when its title names part of the topic ("Prior work studies
 * salt marshes and sediment supply" does not speak for "Guidance on Monitoring Restored Coastal Habitats").
 */
function topicSpeaksFor(work: WorkPlan, group: GroupPlan): boolean {
  if (knowsNothingOf(work)) return false;
  if (!work.titleOnly || !group.keyphrases.length) return true;
  const title = new Set(contentTerms(plainText(work.record.title ?? '')));
  return group.keyphrases.slice(0, 2).some((phrase) => contentTerms(phrase).some((t) => title.has(t)));
}

/**
 * "See also \cite{k}.": a work the topic sentence cannot speak for is cited without a topic claimed for it ("Prior
 * work studies joint angles \cite{k}" had said what the other works of its group do). A group of unrelated works
 * already lists it under "Other related work includes".
 */
function seeAlso(group: GroupPlan, syntax: CiteSyntax): DraftSentence | undefined {
  const keys = group.mixed ? [] : group.works.filter((w) => w.groupedOnly && !topicSpeaksFor(w, group)).map((w) => w.record.key);
  return keys.length ? { text: `See also ${citeMarker(keys, syntax)}.`, keys, sources: [], role: 'topic' } : undefined;
}

/** Whether a group's paragraph opens with a sentence that names its topic ("A first line of work studies …"). */
function namesItsTopic(group: GroupPlan): boolean {
  const grouped = group.works.some((w) => w.groupedOnly);
  // The author's own framing opens it instead; a lone work's own sentence does; unrelated works have no topic.
  return !(group.context && !grouped) && (grouped || group.works.length >= 2) && !group.mixed;
}

/** Topic sentences of every group; "first", "another" and "further" count only the groups whose topic is named. */
function allTopicSentences(groups: readonly GroupPlan[], syntax: CiteSyntax): DraftSentence[][] {
  const named = groups.filter(namesItsTopic);
  return groups.map((g) => topicSentences(g, named.indexOf(g), syntax, named.length));
}

/**
 * The opening of a paragraph: the author's own framing of the problem when their abstract has one for this group,
 * and a sentence naming the topic (keyphrases) that carries the grouped citations of works without a sentence of
 * their own. Grouped citations never go on the author's own sentence: that would attribute the author's claim.
 * `line` is the paragraph's place among the `lineCount` paragraphs that name their topic.
 */
function topicSentences(group: GroupPlan, line: number, syntax: CiteSyntax, lineCount: number): DraftSentence[] {
  const grouped = group.works.filter((w) => w.groupedOnly && (group.mixed || topicSpeaksFor(w, group))).map((w) => w.record.key);
  const out: DraftSentence[] = [];
  // "However, X is hard": the contrast was with the sentence before it in the author's abstract.
  if (group.context) out.push({ text: stripLeadingDiscourse(group.context.text), keys: [], sources: [group.context], role: 'topic' });
  if (!namesItsTopic(group)) {
    // A group of unrelated works has no topic to name; its grouped citations still need a sentence.
    if (group.mixed && grouped.length) out.push({ text: `Other related work includes ${citeMarker(grouped, syntax)}.`, keys: grouped, sources: [], role: 'topic' });
    return out;
  }
  const [a, b] = group.keyphrases;
  const topic = a && b ? `${a} and ${b}` : a ?? 'closely related problems';
  // "A first line of work" promises a second one: where no other paragraph names its topic, it just opens with it.
  const opener = lineCount === 1 ? 'Prior work studies' : line === 0 ? 'A first line of work studies' : line === 1 ? 'Another line of work addresses' : 'Further work considers';
  let text: string;
  if (grouped.length) {
    const cite = citeMarker(grouped, syntax);
    // "including" names examples: it needs more than one of them.
    text = grouped.length === group.works.length || grouped.length === 1 ? `${opener} ${topic} ${cite}.` : `${opener} ${topic}, including ${cite}.`;
  } else {
    text = `${opener} ${topic}.`;
  }
  out.push({ text, keys: grouped, sources: [], role: 'topic' });
  return out;
}


/** "It is common that …": an "it" that points nowhere, a placeholder for the clause that follows. */
const EXPLETIVE_IT = /^it (?:is|was|has been|remains|seems|appears|becomes)\s+(?:[\w-]+\s+){0,3}?(?:that|to|whether|how)\b/i;

/** A background sentence that can open a paragraph: it does not point back at a sentence the draft leaves out. */
function standsAlone(sentence: string): boolean {
  const s = stripLeadingDiscourse(sentence);
  if (EXPLETIVE_IT.test(s)) return !REFERS_BACK.test(s) && !PRONOUN_POINTER.test(s);
  return !ANAPHORIC_START.test(s) && !REFERS_BACK.test(s) && !FRONTED_POINTER.test(s) && !PRONOUN_POINTER.test(s);
}

/** Whether `later` comes right after `earlier` in the same section of the paper (not just of what is quotable). */
function follows(later: ScoredCandidate, earlier: ScoredCandidate): boolean {
  return later.source.index === earlier.source.index + 1 && later.source.section === earlier.source.section;
}

/**
 * The author's sentence without its opener, and in the active voice where its passive hides the authors: "In this
 * paper, a parser is proposed to …" is their "we propose a parser to …", in a contrast as in a citation.
 */
function activeVoice(sentence: string): string {
  const s = stripLeadingDiscourse(sentence);
  return activeSelfDescription(s) ?? s;
}

/**
 * Which of the author's sentences tell what their work is, so that a sentence about "our method" may follow one: those
 * with a contribution cue ("We propose X") where the abstract has one; where it has none, the authors doing something
 * that presupposes nothing of theirs ("We forecast harbor tides from buoy logs"), not "Our network also reads …" or
 * "We evaluate our network on …".
 */
function ownWorkIntroducer(own: readonly string[]): (sentence: string) => boolean {
  if (own.some((s) => hasContributionCue(s))) return hasContributionCue;
  return (sentence) => {
    const active = activeVoice(firstPersonPlural(sentence));
    return /^(?:we|I)\b/i.test(active) && !/\b(?:our|my)\b/i.test(active);
  };
}

/** The author's contribution sentences, best first: those with a contribution cue, then the rest in order. */
function ownContributionSentences(ownAbstract: string): string[] {
  // Plans ("We will release … in future work") are not what the paper contributes.
  // Nor is where to get it ("We release the data and code"): "Unlike these works, we release …" sets nothing apart.
  const sentences = splitSentences(plainText(ownAbstract)).filter((s) => wordCount(s) >= 6 && !NOT_DONE.test(stripLeadingDiscourse(s)) && !OWN_RELEASE_NOTE.test(stripLeadingDiscourse(s)));
  const firstPerson = (s: string) => /^(?:we|our|this (?:paper|work|article|study|thesis|dissertation|chapter))\b/i.test(activeVoice(firstPersonPlural(s)));
  return [...sentences.filter((s) => hasContributionCue(s) && firstPerson(s)), ...sentences.filter((s) => !hasContributionCue(s) && firstPerson(s))];
}

/**
 * "We propose X" → "Unlike these works, we propose X" (or "Unlike Smith et al. \cite{k}, we …" for a lone work);
 * "This paper studies X" → "In contrast, this paper studies X".
 */
export function contrastSentence(own: string, variant: number, loneWork?: string): string {
  // "Our method is also simple": the "also" tied it to the abstract's sentence before, which the draft does not have.
  const s = activeVoice(own).replace(/^((?:[\w-]+\s+){1,4}?)also\s+(?!known\b|called\b|termed\b|named\b)/i, '$1');
  const lowered = /^(?:We|Our|This|In)\b/.test(s) ? s[0].toLowerCase() + s.slice(1) : s;
  const openers = loneWork
    ? [`Unlike ${loneWork}, `, `In contrast to ${loneWork}, `]
    : ['Unlike these works, ', 'In contrast to these approaches, ', 'Different from them, '];
  if (/^(?:we|I)\b/i.test(s)) return openers[variant % openers.length] + lowered;
  return 'In contrast, ' + lowered;
}

/** The author's sentence `own` (the `index`th of their abstract) set against the works of group `gi`. */
function groupContrast(g: GroupPlan, gi: number, own: string, index: number, syntax: CiteSyntax): DraftSentence {
  const lone = g.works.length === 1 ? workSubject(g.works[0].record, syntax).text : undefined;
  // A lone work with no text at all says nothing to contrast with: the author's sentence stands on its own.
  const nothing = g.works.length === 1 && knowsNothingOf(g.works[0]);
  return { text: nothing ? stripLeadingDiscourse(own) : contrastSentence(own, gi, lone), keys: lone ? [g.works[0].record.key] : [], sources: [{ text: own, section: 'abstract', index }], role: 'contrast' };
}

/**
 * How close a group is to the author's work. A group of unrelated works is as close as its closest work: "Unlike these
 * works" then follows the work it relates to, not a group that is further on average.
 */
function closeness(g: GroupPlan): number {
  return g.mixed ? Math.max(...g.works.map((w) => w.ownSimilarity)) : g.ownSimilarity;
}

/** Word counts of sentences: the length fitting asks for the whole draft's count after every change. */
const sentenceWords = new Map<string, number>();
function wordsOf(text: string): number {
  let n = sentenceWords.get(text);
  if (n === undefined) {
    if (sentenceWords.size >= 100_000) sentenceWords.clear();
    sentenceWords.set(text, (n = wordCount(text)));
  }
  return n;
}

function paragraphWords(groups: readonly GroupPlan[], topics: readonly DraftSentence[][], syntax: CiteSyntax): number {
  const wordCount = wordsOf;
  let n = 0;
  groups.forEach((g, gi) => {
    for (const t of topics[gi]) n += wordCount(t.text);
    n += wordCount(seeAlso(g, syntax)?.text ?? '');
    for (const w of g.works) {
      if (w.titleOnly && !w.groupedOnly) n += wordCount(w.titleOnly.text);
      // As written out: a resolved pointer ("such problems" → "problems in …") adds words.
      for (const c of w.chosen) n += wordCount(writtenText(w.options[c]));
    }
    if (g.contrast) n += wordCount(g.contrast.text);
    for (const e of g.extraOwn) n += wordCount(e.text);
  });
  return n;
}

/** Sentences of a linked PDF that stand for the work when planning topics (about an abstract's length). */
const PDF_PLAN_SENTENCES = 10;

/**
 * The text a work is planned by (topic groups, keyphrases, similarity to the author's paper): its title and abstract,
 * or, when the .bib entry has no abstract, its linked PDF's abstract, else the PDF's first citable sentences.
 */
export function planningText(record: PaperRecord, doc: SourceDocument = sourceDocument(record)): string {
  if (record.abstract) return `${plainText(record.title ?? '')}. ${plainText(record.abstract)}`;
  const abstract = doc.sentences.filter((s) => s.section === 'abstract');
  const summary = (abstract.length ? abstract : doc.sentences).slice(0, PDF_PLAN_SENTENCES).map((s) => s.text).join(' ');
  return `${plainText(record.title ?? '')}. ${summary}`;
}

export async function writeDraft(req: DraftRequest, ctx: DraftContext): Promise<Draft> {
  const { library, scorer, options } = ctx;
  const syntax: CiteSyntax = req.syntax ?? (req.format === 'markdown' ? 'pandoc' : 'cite');
  const seen = new Set<string>();
  const keys = req.keys.map((k) => k.trim()).filter((k) => k && !seen.has(k) && seen.add(k));
  const unknownKeys = keys.filter((k) => !library.hasKey(k));
  const records = keys.filter((k) => library.hasKey(k)).map((k) => library.getPaper(k)).filter((r): r is PaperRecord => !!r);
  for (const k of keys) if (library.hasKey(k) && !records.some((r) => r.key === k)) unknownKeys.push(k);
  if (records.length === 0) return { text: '', paragraphs: [], citedKeys: [], unknownKeys, engine: 'default' };

  // Plan: vectors over title + abstract (or the linked PDF's text), similarity to the author's own abstract.
  const docs = records.map((r) => sourceDocument(r));
  const texts = records.map((r, i) => planningText(r, docs[i]));
  const ownText = req.ownAbstract ? plainText(req.ownAbstract) : '';
  const termLists = texts.map((t) => contentTerms(t));
  const model = new TfIdfModel(ownText ? [...termLists, contentTerms(ownText)] : termLists);
  const tfidfVectors = termLists.map((t) => model.vector(t));
  // The query focus of sentences below stays TF-IDF: it compares one sentence with the abstract, word for word.
  const ownVector = ownText ? model.vector(contentTerms(ownText)) : undefined;
  // A sentence encoder may load, or even download, its model first: say so rather than sit at 0 of n.
  if (ctx.embed) options?.progress?.report(0, records.length, 'Embedding titles and abstracts…');
  const planned = await planVectors(texts, termLists, ownText, { vectors: tfidfVectors, own: ownVector }, ctx.embed, options?.signal);
  const vectors = planned.vectors;

  const works: WorkPlan[] = [];
  for (let i = 0; i < records.length; i++) {
    throwIfCancelled(options?.signal);
    options?.progress?.report(i, records.length, records[i].key);
    const record = records[i];
    const doc = docs[i];
    const plan: WorkPlan = {
      record,
      vector: vectors[i],
      ownSimilarity: planned.own ? cosine(vectors[i], planned.own) : 0,
      options: [],
      chosen: [],
      groupedOnly: false,
    };
    if (!doc.grounded) {
      const t = titleOnlySentence(record, doc.title, 'citation', syntax, req.tense);
      plan.titleOnly = { text: t.text, keys: [record.key], sources: t.spans.flatMap((s) => (s.source ? [s.source] : [])), role: 'work' };
      plan.titleOnlyFlag = t.flags[0];
    } else {
      // Best variant per source sentence, plus a shorter variant of each, in score order.
      const ranked = rankCandidates(record, doc, scorer, { style: 'citation', syntax, tense: req.tense });
      const bySentence = new Map<number, ScoredCandidate[]>();
      for (const c of ranked) {
        const list = bySentence.get(c.sentenceIndex) ?? [];
        if (list.length < 3) list.push(c);
        bySentence.set(c.sentenceIndex, list);
      }
      // Query focus: among what a work says about itself, prefer what speaks to the author's own paper. Its scene
      // setting ("In unsupervised domain mapping, cycle constraints require …") shares the author's words more than
      // its contribution does, but says nothing about the work; it gets the focus only when no sentence describes it.
      if (ownVector) {
        const describing = new Set([...bySentence.keys()].filter((i) => bySentence.get(i)![0].describesWork));
        const focused = describing.size ? describing : new Set(bySentence.keys());
        for (const [i, list] of bySentence) {
          if (!focused.has(i)) continue;
          // Measured on the whole source sentence, so that relevance does not favour one compression over another.
          const relevance = cosine(model.vector(contentTerms(list[0].source.text)), ownVector);
          for (const c of list) c.score += DRAFT_OWN_RELEVANCE * relevance;
        }
      }
      plan.options = [...bySentence.values()].map((l) => l[0]).sort((a, b) => b.score - a.score);
      plan.shorter = new Map([...bySentence.entries()].map(([k, l]) => [k, l.slice(1).sort((a, b) => wordCount(a.text) - wordCount(b.text))]));
      plan.chosen = [0];
    }
    works.push(plan);
  }
  options?.progress?.report(records.length, records.length);

  const targetWords = req.targetWords ?? Math.max(60, WORDS_PER_WORK_DEFAULT * records.length);
  const clusters = clusterWorks(vectors, topicGroupCount(records.length, targetWords, req.subsections));
  const idf = (t: string) => model.idf(t);
  const titles = records.map((r) => plainText(r.title ?? ''));
  const phraseLists = new Map<string, Phrase[]>();
  const draftPhrases = (text: string): Phrase[] => {
    let found = phraseLists.get(text);
    if (!found) phraseLists.set(text, (found = phrasesOf(text)));
    return found;
  };
  const groups: GroupPlan[] = clusters.map((members) => {
    const ws = members.map((i) => works[i]);
    ws.sort((a, b) => b.ownSimilarity - a.ownSimilarity || (a.record.year ?? 9999) - (b.record.year ?? 9999));
    const groupTexts = members.map((i) => texts[i]);
    const keyphrases = groupKeyphrases(
      groupTexts,
      texts.filter((_, i) => !members.includes(i)),
      idf,
      2,
      members.map((i) => titles[i]),
      titles.filter((_, i) => !members.includes(i)),
      draftPhrases,
    );
    return {
      works: ws,
      keyphrases,
      // "Other" needs another group to be other than.
      mixed: clusters.length > 1 && !speaksForGroup(keyphrases, groupTexts),
      ownSimilarity: ws.reduce((a, w) => a + w.ownSimilarity, 0) / ws.length,
      extraOwn: [],
    };
  });
  // Groups closest to the author's work come last, next to where the paper's own contribution is stated; without an
  // own abstract, larger groups first. Groups of unrelated works ("Other Related Work") close the section.
  groups.sort((a, b) => Number(a.mixed) - Number(b.mixed) || (ownVector ? a.ownSimilarity - b.ownSimilarity : b.works.length - a.works.length));

  // A work with neither title nor abstract has nothing to say: a grouped citation in its topic sentence, not a
  // "See \cite{k}." of its own (unless it is alone in its group).
  for (const g of groups) {
    if (g.works.length < 2) continue;
    for (const w of g.works) if (knowsNothingOf(w)) w.groupedOnly = true;
  }

  // Works that say the same thing as an earlier work of their group get a grouped citation instead of a sentence.
  for (const g of groups) {
    const written: SparseVector[] = [];
    for (const w of g.works) {
      if (!w.options.length) continue;
      const v = termFrequencies(contentTerms(w.options[0].extract));
      if (written.some((o) => cosine(o, v) >= SAME_THING_SIMILARITY)) {
        w.groupedOnly = true;
        w.chosen = [];
      } else written.push(v);
    }
  }

  // Background sentences of the author's abstract (not first person) frame the groups they are closest to.
  const ownAll = ownText ? splitSentences(ownText).filter((s) => wordCount(s) >= 6) : [];
  if (ownAll.length) {
    // Abstracts open with the problem and then state the contribution: the sentences before the first
    // contribution statement are the author's framing, the ones after it describe their own work.
    const firstContribution = ownAll.findIndex((s) => hasContributionCue(s) || speaksForAuthors(s));
    const background = ownAll
      .map((text, index) => ({ text, index }))
      .filter((s) => (firstContribution < 0 || s.index < firstContribution) && !speaksForAuthors(s.text) && standsAlone(s.text));
    const used = new Set<number>();
    for (const g of groups) {
      const gv = termFrequencies(g.works.flatMap((w) => contentTerms(`${w.record.title ?? ''} ${w.options[0]?.extract ?? ''}`)));
      let best: { text: string; index: number } | undefined;
      let bestSim = 0;
      for (const b of background) {
        if (used.has(b.index)) continue;
        const sim = cosine(gv, termFrequencies(contentTerms(b.text)));
        if (sim > bestSim) {
          bestSim = sim;
          best = b;
        }
      }
      if (best) {
        used.add(best.index);
        g.context = { text: best.text, section: 'abstract', index: best.index };
      }
    }
  }

  // Contrast sentences from the author's abstract, one per group while distinct sentences last.
  const ownContributions = ownText ? ownContributionSentences(ownText) : [];
  const introducesOwnWork = ownWorkIntroducer(ownContributions);
  if (ownText) {
    const own = ownContributions;
    const used = new Set<number>();
    const statesContribution = own.some(introducesOwnWork);
    // What the author's work is ("we propose X") is set against the group closest to it: after two works on sourdough,
    // "Unlike these works, we present a hive scale" relates nothing. That group chooses first.
    const closest = groups.reduce((best, g, gi) => (best < 0 || closeness(g) > closeness(groups[best]) ? gi : best), -1);
    const order = groups.map((_, gi) => gi).sort((a, b) => Number(b === closest) - Number(a === closest));
    // The paragraph that first says what the author's work is. One before it may only say that too: a later sentence
    // ("Our method is also cheap to retrain", "We evaluate X on …") speaks of a work the reader has not met.
    let introducedAt = statesContribution ? Infinity : -1;
    for (const gi of order) {
      const g = groups[gi];
      const introduced = gi > introducedAt;
      const gv = termFrequencies(g.works.flatMap((w) => contentTerms(w.options[w.chosen[0] ?? 0]?.extract ?? w.record.title ?? '')));
      let pick = -1;
      let best = -1;
      own.forEach((s, i) => {
        if (used.has(i) || (!introduced && !introducesOwnWork(s))) return;
        const score = cosine(gv, termFrequencies(contentTerms(s))) + (i === 0 ? 0.05 : 0);
        if (score > best) {
          best = score;
          pick = i;
        }
      });
      if (pick >= 0) {
        used.add(pick);
        if (introducesOwnWork(own[pick])) introducedAt = Math.min(introducedAt, gi);
        g.contrast = groupContrast(g, gi, own[pick], pick, syntax);
      }
    }
  }

  // Fit the target length (±15%).
  const topicsFor = () => allTopicSentences(groups, syntax);
  const hi = targetWords * (1 + LENGTH_TOLERANCE);
  const lo = targetWords * (1 - LENGTH_TOLERANCE);
  const allWorks = groups.flatMap((g) => g.works);
  // Content-word counts of a candidate's extract, made once: the length fitting below compares them work by work and
  // round by round.
  const vectorByCandidate = new Map<ScoredCandidate, SparseVector>();
  const extractVector = (c: ScoredCandidate): SparseVector => {
    let vector = vectorByCandidate.get(c);
    if (!vector) vectorByCandidate.set(c, (vector = termFrequencies(contentTerms(c.extract))));
    return vector;
  };
  // Too long: first shorter variants, then drop contrasts beyond the first, then fold the weakest works into
  // grouped citations.
  for (const w of [...allWorks].sort((a, b) => wordCount(b.options[0]?.text ?? '') - wordCount(a.options[0]?.text ?? ''))) {
    if (paragraphWords(groups, topicsFor(), syntax) <= hi) break;
    const current = w.options[w.chosen[0]];
    // A shorter variant can lose what set the work apart and say only what another work's sentence says ("presented
    // an approach to X" beside "presented an approach to X problems that combines …"), once the clauses that differed
    // are cut.
    const saidElsewhere = allWorks.filter((x) => x !== w && !x.groupedOnly).flatMap((x) => x.chosen.map((c) => extractVector(x.options[c])));
    const repeats = (c: ScoredCandidate) => {
      const terms = extractVector(c);
      return saidElsewhere.some((other) => saysNothingNew(terms, other));
    };
    const shorter = current ? w.shorter?.get(current.sentenceIndex)?.find((c) => wordCount(c.text) < wordCount(current.text) && !repeats(c)) : undefined;
    if (current && shorter) {
      w.options[w.chosen[0]] = shorter;
    }
  }
  // Contrasts beyond one go, those with the groups least like the author's work first: "Unlike these works, we track
  // hive weight" after two works on sourdough relates nothing. The one left, with the closest group, says what the
  // author's work is.
  const contrasted = groups.flatMap((g, gi) => (g.contrast ? [gi] : [])).sort((a, b) => closeness(groups[a]) - closeness(groups[b]));
  const dropped: DraftSentence[] = [];
  for (const gi of contrasted.slice(0, -1)) {
    if (paragraphWords(groups, topicsFor(), syntax) <= hi) break;
    dropped.push(groups[gi].contrast!);
    groups[gi].contrast = undefined;
  }
  const firstContrast = groups.findIndex((g) => g.contrast);
  const introduction = dropped.find((d) => introducesOwnWork(d.sources[0].text));
  if (firstContrast >= 0 && introduction && !introducesOwnWork(groups[firstContrast].contrast!.sources[0].text)) {
    const g = groups[firstContrast];
    g.contrast = groupContrast(g, firstContrast, introduction.sources[0].text, introduction.sources[0].index, syntax);
  }
  const byWeakness = [...allWorks].filter((w) => !w.groupedOnly).sort((a, b) => (a.options[0]?.score ?? -Infinity) - (b.options[0]?.score ?? -Infinity));
  for (const w of byWeakness) {
    if (paragraphWords(groups, topicsFor(), syntax) <= hi) break;
    const group = groups.find((g) => g.works.includes(w));
    // Keep at least one written sentence per group so every paragraph says something grounded.
    if (group && group.works.filter((x) => !x.groupedOnly).length <= 1) continue;
    w.groupedOnly = true;
    w.chosen = [];
  }
  // Works folded into a grouped citation get a sentence of their own again while the budget allows: a work should
  // not be cited only in a topic sentence when there is room to say what it does. Grounded works first (best score
  // first, the shortest compression of their least redundant sentence), then title-only works.
  const folded = allWorks.filter((w) => w.groupedOnly).sort((a, b) => (b.options[0]?.score ?? -Infinity) - (a.options[0]?.score ?? -Infinity));
  // `anyFitting`: not only the work's best new sentence but any that fits, as long as it tells what the work does and
  // reads on its own.
  const restore = (w: WorkPlan, anyFitting: boolean): void => {
    const group = groups.find((g) => g.works.includes(w))!;
    const said = group.works.flatMap((x) => x.chosen.map((c) => extractVector(x.options[c])));
    for (let i = 0; i < w.options.length; i++) {
      const original = w.options[i];
      if (anyFitting && (original.lastResort || !describesTheWork(original.source.text, w.record) || !standsAlone(original.source.text))) continue;
      const shortest = [original, ...(w.shorter?.get(original.sentenceIndex) ?? [])].sort((a, b) => wordCount(a.text) - wordCount(b.text))[0];
      const terms = extractVector(shortest);
      if (said.some((other) => saysNothingNew(terms, other))) continue;
      w.groupedOnly = false;
      w.options[i] = shortest;
      w.chosen = [i];
      if (paragraphWords(groups, topicsFor(), syntax) <= hi) return;
      w.options[i] = original;
      w.chosen = [];
      w.groupedOnly = true;
      if (!anyFitting) return;
    }
  };
  for (const w of folded) {
    if (w.titleOnly) {
      if (knowsNothingOf(w)) continue;
      w.groupedOnly = false;
      if (paragraphWords(groups, topicsFor(), syntax) > hi) w.groupedOnly = true;
      continue;
    }
    restore(w, false);
  }
  // Then a work still without a sentence may say less than its best: a grouped citation tells the reader nothing of it,
  // while the words left over would otherwise go to a second sentence of another work.
  for (const w of folded) if (w.groupedOnly && !w.titleOnly) restore(w, true);

  // The author's next unused sentence (first-person contribution sentences first, then the rest in order).
  const addOwn = (g: GroupPlan): boolean => {
    const taken = new Set(groups.flatMap((x) => [x.contrast, ...x.extraOwn].flatMap((d) => d?.sources.map((src) => src.text) ?? [])));
    for (const x of groups) if (x.context) taken.add(x.context.text);
    // Before the paragraph that introduces the author's work, only their framing: "Our gauge also reports …" would speak
    // of a gauge the reader has not met.
    const introducing = groups.findIndex((x) => x.contrast && introducesOwnWork(x.contrast.sources[0].text));
    const unintroduced = introducing >= 0 && groups.indexOf(g) < introducing;
    const untaken = ownAll
      .map((text, index) => ({ text, index }))
      .filter((o) => !taken.has(o.text) && !NOT_DONE.test(stripLeadingDiscourse(o.text)) && !OWN_RELEASE_NOTE.test(stripLeadingDiscourse(o.text)) && !(unintroduced && speaksForAuthors(o.text)));
    const next = untaken.find((o) => /^(?:we|our)\b/i.test(stripLeadingDiscourse(firstPersonPlural(o.text)))) ?? untaken[0];
    if (next && paragraphWords(groups, topicsFor(), syntax) + wordCount(next.text) <= hi) {
      g.extraOwn.push({ text: stripLeadingDiscourse(next.text), keys: [], sources: [{ text: next.text, section: 'abstract', index: next.index }], role: 'contrast' });
      return true;
    }
    return false;
  };
  // Too short: add further sentences per work, by MMR against what the paragraph already says; when no further work
  // sentence fits, the author's own sentences.
  let grew = true;
  // What each group has said so far, in the order it was said, and per candidate the largest cosine to it: a round
  // folds in only the sentences added since the candidate was last scored (the same maximum as over the whole list,
  // which grew quadratically with the works: 57% of an 800-work draft's time).
  const saidByGroup = new Map(groups.map((g) => [g, g.works.flatMap((w) => w.chosen.map((c) => extractVector(w.options[c])))]));
  const redundancyOf = new Map<ScoredCandidate, { upTo: number; max: number }>();
  const redundancy = (said: readonly SparseVector[], c: ScoredCandidate, v: SparseVector): number => {
    let r = redundancyOf.get(c);
    if (!r) redundancyOf.set(c, (r = { upTo: 0, max: 0 }));
    for (; r.upTo < said.length; r.upTo++) r.max = Math.max(r.max, cosine(said[r.upTo], v));
    return r.max;
  };
  while (paragraphWords(groups, topicsFor(), syntax) < targetWords && grew) {
    grew = false;
    for (const g of groups) {
      const said = saidByGroup.get(g)!;
      let bestWork: WorkPlan | undefined;
      let bestIndex = -1;
      let bestValue = -Infinity;
      for (const w of g.works) {
        if (w.groupedOnly || !w.options.length) continue;
        const top = w.options[0].score;
        // A further sentence fills the length: never one the citation would take only as a last resort (about other
        // work, a plan, the work calling itself "this article"), and "They are both elaborated to …", which points at
        // the sentence before it in the paper, only after that sentence.
        // Asked once per candidate and round: the scene check below needs the answers for all of them first.
        const eligible = w.options.map((c, i) => !w.chosen.includes(i) && !c.lastResort && (standsAlone(c.source.text) || w.chosen.some((k) => follows(c, w.options[k]))));
        // The scene an abstract sets before it says what the work does ("Short-video platforms have become part of our
        // daily lives", "X has been described as diglossic") is not the work's to be cited for, while its method and
        // findings after that are: the scene only when the work has nothing else left to say.
        const firstDescribing = firstDescribingSentence(w.options);
        const setsScene = (c: ScoredCandidate) => !c.describesWork && c.sentenceIndex < firstDescribing;
        const onlyScene = !w.options.some((c, i) => eligible[i] && !setsScene(c));
        w.options.forEach((c, i) => {
          if (!eligible[i] || (setsScene(c) && !onlyScene)) return;
          const value = MMR_LAMBDA * (c.score - top) - (1 - MMR_LAMBDA) * redundancy(said, c, extractVector(c));
          // Rounds: no work gets another sentence while a work of the group has fewer (a long PDF would otherwise
          // win every round, having many sentences close to its best).
          if (bestWork === undefined || w.chosen.length < bestWork.chosen.length || (w.chosen.length === bestWork.chosen.length && value > bestValue)) {
            bestValue = value;
            bestWork = w;
            bestIndex = i;
          }
        });
      }
      if (bestWork && paragraphWords(groups, topicsFor(), syntax) + wordCount(writtenText(bestWork.options[bestIndex])) <= hi) {
        bestWork.chosen.push(bestIndex);
        said.push(extractVector(bestWork.options[bestIndex]));
        grew = true;
      } else if (ownAll.length && addOwn(g)) {
        // The works have nothing more to say that fits: relate them further to the author's own paper.
        grew = true;
      }
      if (paragraphWords(groups, topicsFor(), syntax) >= targetWords) break;
    }
  }

  // Write.
  const topics = topicsFor();
  const paragraphs: DraftParagraph[] = groups.map((g, gi) => {
    const sentences: DraftSentence[] = [...topics[gi]];
    for (const w of g.works) {
      if (w.groupedOnly) continue;
      if (w.titleOnly) sentences.push(w.titleOnly);
      // Sentences of one work in the order they appear in its source; once cited, the work is named again briefly.
      const picked = [...w.chosen].sort((a, b) => w.options[a].sentenceIndex - w.options[b].sentenceIndex);
      const subject = `${workSubject(w.record, syntax).text} `;
      picked.forEach((c, k) => {
        const sentence = sentenceOf(w.options[c], w.record.key);
        const previous = sentences[sentences.length - 1];
        // "Roe \cite{k} additionally proposed X" right after another work's sentence would add to that work.
        if (!previous?.keys.includes(w.record.key) || previous.role !== 'work') sentence.text = withoutLinkingAdverb(sentence.text, subject.trimEnd());
        // "They" only after a sentence that named the authors: after "Tides turn at dusk \cite{k}." it would point at
        // nobody ("Roe and Poe believed …" instead).
        const again = repeatedSubject(w.record, previous !== undefined && (previous.text.includes(subject) || /^They\s/.test(previous.text)));
        const justCited = k > 0 && again && previous?.keys.includes(w.record.key) && previous.text.includes(citeMarkerOf(w.record.key, syntax));
        const ofWork = /^The ([a-z]+) of /.exec(sentence.text);
        if (justCited && sentence.text.startsWith(subject)) {
          sentence.text = again + ' ' + sentence.text.slice(subject.length);
        } else if (justCited && ofWork && sentence.text.startsWith(subject, ofWork[0].length)) {
          // "The book of Seroul and Levy \cite{k} contained …" right after the book was cited: "The book contained …".
          sentence.text = `The ${ofWork[1]} ${sentence.text.slice(ofWork[0].length + subject.length)}`;
        } else if (justCited && sentence.text.includes(`, ${subject}`)) {
          // "Using recordings from 18 speakers, Olsen \cite{k} showed …" right after Olsen was cited: "…, Olsen showed".
          sentence.text = sentence.text.replace(`, ${subject}`, `, ${again === 'They' ? 'they' : again} `);
        }
        sentences.push(sentence);
      });
    }
    const unknown = seeAlso(g, syntax);
    if (unknown) sentences.push(unknown);
    // The author's own sentences in their abstract's order, with the background that led up to the contrast before
    // it: "Most tide tables still come from old constants. In contrast, our forecaster …", not the background after
    // the contrast, where it ended the paragraph on a claim that no longer led anywhere.
    const ownAt = (d: DraftSentence) => ownAll.indexOf(d.sources[0]?.text ?? '');
    const extras = [...g.extraOwn].sort((a, b) => ownAt(a) - ownAt(b));
    const leadIn = g.contrast ? extras.filter((e) => ownAt(e) < ownAt(g.contrast!) && !speaksForAuthors(e.sources[0].text)) : [];
    sentences.push(...leadIn);
    if (g.contrast) sentences.push(g.contrast);
    sentences.push(...extras.filter((e) => !leadIn.includes(e)));
    return {
      // Groups of unrelated works come last, under one "Other Related Work" heading. One group gets no heading: a
      // lone subsection divides nothing.
      heading: !req.subsections || groups.length < 2 || (g.mixed && groups[gi - 1]?.mixed) ? undefined : g.mixed ? 'Other Related Work' : headlineCase(g.keyphrases[0] ?? `Topic ${gi + 1}`),
      keys: g.works.map((w) => w.record.key),
      sentences,
    };
  });
  const citedKeys = records.map((r) => r.key);
  const flags = works.filter((w) => w.titleOnly).map((w) => `${w.record.key}: ${w.titleOnlyFlag}`);
  return { text: renderDraft(paragraphs, req.format), paragraphs, citedKeys, unknownKeys, engine: 'default', flags };
}

export function renderDraft(paragraphs: readonly DraftParagraph[], format: 'latex' | 'markdown'): string {
  return paragraphs
    .map((p) => {
      const body = p.sentences.map((s) => s.text).join(' ');
      if (!p.heading) return body;
      return format === 'latex' ? `\\subsection{${p.heading}}\n${body}` : `### ${p.heading}\n\n${body}`;
    })
    .join('\n\n');
}
