// relation: the sentence that ties the author's work to a group of works by what both write and what the author's
// claim adds. "Unlike these works, we propose a grasping system …" beside a work on grasping states no difference; a
// blind reader marked such closings in 22 of 26 drafts. "Like [0], we address grasping; unlike it, we propose a
// grasping system that enables real-time interactions in virtual environments" says what is shared and what is new.
import { contentTerms } from '../text/tokens';
import { FIELD_WORD_LIST } from '../lexicon/method-kinds';
import { alternation, BROAD_FIELDS, CRITICISM_WORDS, GENERIC_GERUNDS } from '../lexicon';
import { isBroadField, type Phrase, phraseOccursIn, phrasesOf } from './keyphrases';
import { splitSentences } from '../text/sentences';
import { hasContributionCue } from '../engine/cues';
import { escapeRegExp } from '../text/regexp';
import { pluralOf } from '../text/plural';
import { loweredClaim } from './kinds';

/** Stems of a claim's words that say nothing of what a work is about or how it differs ("we propose a novel method"). */
export const CLAIM_WORDS: ReadonlySet<string> = new Set(
  ('propos present introduc develop describ study studi show novel new method approach model work paper use base problem result ' +
    'effect effici achiev perform improv better state art experi demonstr outperform addit simpl also address').split(' '),
);

/** What the author's claim shares with some of the group's works: the phrase, and which works (by index) write it. */
export interface SharedConcern {
  phrase: string;
  works: number[];
}

/**
 * A single word names a topic only as a task or a process ("grasping", "pruning", "minimization"): "information",
 * "attention", "applications" or "realistic" alone are what a claim mentions, not what the works address ("Like [0],
 * we address information" said nothing). Gerunds every field uses are no topic either.
 */
const TASK_WORD = /^\p{L}{4,}(?:ing|ization|isation)$/u;
const GENERIC_GERUND_SET: ReadonlySet<string> = new Set(GENERIC_GERUNDS.words);
function namesTopic(surface: string, words: number): boolean {
  return words > 1 || (TASK_WORD.test(surface) && !GENERIC_GERUND_SET.has(surface.toLowerCase()));
}

/**
 * Phrases of the author's claim that works of the group write too, the best first: the group's own topic phrase where
 * the author writes it as well, then those written by the most works, the longer first ("blind image denoising" over
 * "denoising"). A phrase of claim words alone ("new method") is shared by every paper. `minWorks` is how many works
 * must write it.
 */
export function sharedConcerns(claim: string, texts: readonly string[], minWorks: number, groupPhrase?: string): SharedConcern[] {
  // "word-sense disambiguation" in the claim is the works' "word sense disambiguation".
  const writers = (phrase: string) => texts.flatMap((t, i) => (t && statesTopic(phrase, t) ? [i] : []));
  const found: (SharedConcern & { n: number; first: boolean })[] = [];
  if (groupPhrase && phraseOccursIn(groupPhrase, claim)) found.push({ phrase: groupPhrase, works: writers(groupPhrase), n: groupPhrase.split(' ').length, first: true });
  const seen = new Set<string>();
  for (const p of phrasesOf(claim)) {
    if (seen.has(p.key) || !p.stems.some((t) => !CLAIM_WORDS.has(t)) || !namesTopic(p.surface, p.n)) continue;
    seen.add(p.key);
    found.push({ phrase: p.surface, works: writers(p.surface), n: p.n, first: false });
  }
  return found
    .filter((c) => c.works.length >= minWorks)
    .sort((a, b) => Number(b.first) - Number(a.first) || b.works.length - a.works.length || b.n - a.n || b.phrase.length - a.phrase.length)
    .map(({ phrase, works }) => ({ phrase, works }));
}

/**
 * The content words of the claim that none of `texts` writes, beyond the claim words: what the author's work adds
 * ("variational", "bayesian" beside works on blind denoising by noise mixtures).
 */
export function unwrittenTerms(claim: string, texts: readonly string[]): string[] {
  const theirs = texts.map((t) => new Set(contentTerms(t)));
  return [...new Set(contentTerms(claim))].filter((t) => !CLAIM_WORDS.has(t) && !/^\d+$/.test(t) && !theirs.some((terms) => terms.has(t)));
}

/**
 * What a text names only as an example of something else: "fine-tuned for a wide range of tasks, such as question
 * answering and language inference", "NLP tasks such as paraphrase identification, question answering and automatic
 * conversation". Such a work does not work on question answering: "Like [1, 5], we work on question answering" named
 * BERT and a work on ad-hoc retrieval (a blind reader: a false relation). The example runs to the end of its clause,
 * over a parenthesis and a decimal point ("including MultiNLI accuracy to 86.7% (4.6% better), SQuAD question answering").
 */
const EXAMPLE_LIST = /\b(?:such as|e\.g\.,?|for example,?|for instance,?|including|like)\s+(?:[^.;:()]|\.(?=\d)|\([^()]*\))*/gi;

/** The text without what it names only as an example (EXAMPLE_LIST). */
export function withoutExamples(text: string): string {
  return text.replace(EXAMPLE_LIST, ' ');
}

/** Whether the text states the phrase as its own topic: it writes it, and not only as an example of something else. */
export function statesTopic(phrase: string, text: string): boolean {
  return writesPhrase(phrase, withoutExamples(text));
}

/** Whether the text writes the phrase, its hyphens as spaces too ("word-sense" for "word sense"). */
export function writesPhrase(phrase: string, text: string): boolean {
  return phraseOccursIn(phrase, text) || phraseOccursIn(phrase.replace(/(?<=\p{L})-(?=\p{L})/gu, ' '), text);
}

/**
 * "Like these works, we study S; unlike them, <claim>": `works` names those that write S ("these works", "[3, 8]",
 * "Roe [4]"), `one` whether that is a single work ("unlike it"). The claim is the author's sentence in the active voice,
 * its opener lowered ("we propose …", "this paper describes …"). "Study" fits a task ("grasping") and a kind of method
 * ("unsupervised learning algorithms") alike; a claim that studies already gets "work on" ("we work on question
 * answering; unlike them, we study …").
 *
 * Where S is one word, or the claim writes it, "Like [0], we study grasping; unlike it, we propose a … grasping system"
 * named a point every work of the draft shares, then said it again (a blind reader: "trivial"). The works are then
 * placed by the problem, with no "unlike": "[7, 0] address the same problem as our work; we propose … for image
 * captioning models" for a phrase, "[0] is the work closest to ours; we propose a … grasping system …" for one word.
 * "[7, 0] address the same problem as our work; unlike them, we propose an end-to-end pruning method for image
 * captioning models" stood beside a work that compresses captioning models, and "[0] addresses a related problem;
 * unlike it, …" said nothing of what is related: both stated the author's whole claim as the difference (a blind
 * reader: filler, a contrast that is none). A difference of kind is tried before (kinds.ts).
 */
export function relationSentence(claim: string, shared: string, works: string, one: boolean, differs = true): string {
  const lowered = loweredClaim(claim);
  // A claim whose method a named work writes too is no difference from it (claimWrittenBy): the "unlike" half goes.
  const unlike = differs ? `unlike ${one ? 'it' : 'them'}, ${lowered}` : lowered;
  const specific = shared.trim().includes(' ');
  if (!specific) return closestSentence(lowered, works, one);
  if (writesPhrase(shared, claim)) {
    const subject = works[0].toUpperCase() + works.slice(1);
    return `${subject} ${one ? 'addresses' : 'address'} ${SAME_PROBLEM}; ${lowered}`;
  }
  const studies = /^(?:we|this \w+|our \w+)\s+stud(?:y|ies)\b/i.test(claim);
  // "Like [2, 0], we study word-sense disambiguation; unlike them, this paper expands …" spoke of "we" and "this
  // paper" in one sentence: a claim of "this paper" keeps it as the subject of both halves.
  const paper = /^this ((?:paper|work|article|thesis|study|note|report|chapter))\s+(?=\p{L}+s\b)/iu.exec(claim);
  if (paper) {
    const rest = claim.slice(paper[0].length);
    const unlikeWork = differs ? `unlike ${one ? 'that work' : 'them'}, it` : 'it';
    return `Like ${works}, this ${paper[1].toLowerCase()} ${studies ? 'works on' : 'studies'} ${shared}; ${unlikeWork} ${rest}`;
  }
  return `Like ${works}, we ${studies ? 'work on' : 'study'} ${shared}; ${unlike}`;
}

/**
 * The phrase of the claim that says what the author does, written by one of `texts` too: "we propose a new variational
 * inference method, which integrates noise estimation …" beside a work that "derives a variational inference
 * algorithm". "Like [3, 8], we study blind image denoising; unlike them, we propose a new variational inference
 * method" was false of [3] (a blind reader, three readings running). A phrase of two words or more, not of claim or
 * field words alone, and not part of the shared topic, which the works write by choice.
 */
export function claimWrittenBy(claim: string, shared: string, texts: readonly string[]): string | undefined {
  const own = (p: Phrase) => p.n >= 2 && p.stems.some((t) => !CLAIM_WORDS.has(t) && !FIELD_WORDS.has(t)) && !isBroadField(p.surface) && !writesPhrase(p.surface, shared);
  return phrasesOf(claim).find((p) => own(p) && texts.some((t) => t && writesPhrase(p.surface, t)))?.surface;
}

/** A sentence that finds fault with an approach: "photometric loss is incapable of discriminating …". */
const CRITICISM = new RegExp(String.raw`(?<![\p{L}-])(?:${alternation(CRITICISM_WORDS)})(?![\p{L}-])`, 'iu');

/**
 * The method of a work that the author's abstract finds fault with: a phrase of two words or more of what the work
 * says it is (centralText), not of claim or field words alone, that the author writes in a sentence of criticism
 * (CRITICISM_WORDS). "As single-view depth estimation is an ill-posed problem, and photometric loss is incapable of
 * …" beside a work that "uses single-view depth and multiview pose networks": "Like [0], our work concerns motion
 * estimation" was backwards (a blind reader, three readings running).
 */
export function criticizedPhrase(ownText: string, text: string): string | undefined {
  const critical = splitSentences(ownText).filter((s) => CRITICISM.test(s));
  if (!critical.length || !text) return undefined;
  const method = (p: Phrase) => p.n >= 2 && p.n <= 4 && p.stems.some((t) => !CLAIM_WORDS.has(t) && !FIELD_WORDS.has(t)) && !isBroadField(p.surface);
  // The longest first: "lunar harmonic tables" over the "gauge records" they are fitted to in the same sentence.
  const found = phrasesOf(withoutExamples(text)).filter((p) => method(p) && critical.some((s) => writesPhrase(p.surface, s)));
  return found.sort((a, b) => b.n - a.n)[0]?.surface;
}

/** A relation that states the author's criticism as the difference: "Unlike [0], which relies on single-view depth, we
 * tackle …". `claim` is the author's sentence, its opener lowered. */
export function criticismSentence(claim: string, phrase: string, works: string, one: boolean): string {
  return `Unlike ${works}, which ${one ? 'relies' : 'rely'} on ${phrase}, ${claim}`;
}

/** FIELD_WORDS as content terms ("networks" → "network"), as the texts are compared. */
const FIELD_WORDS: ReadonlySet<string> = new Set(contentTerms(FIELD_WORD_LIST.join(' ')));

/** A content term without a final "e" or "ing": "prune" and "pruning" (stemmed "prun"), "readings" (stemmed "reading")
 * and "reading" (stemmed "read") are one term each. */
const rootOf = (term: string) => term.replace(/(?<=\p{L}{3})(?:ing|e)$/u, '');
function rootTerms(text: string): string[] {
  return contentTerms(text).map(rootOf);
}
const FIELD_ROOTS: ReadonlySet<string> = new Set([...FIELD_WORDS].map(rootOf));

/**
 * The terms that define a group: written by half its works with a text or more (two at least), neither claim words
 * nor words every field writes ("prune" in a group of works on pruning; "quantiz" where most works quantize weights).
 */
export function definingTerms(texts: readonly string[]): string[] {
  const described = texts.filter(Boolean).map((t) => new Set(rootTerms(t)));
  const most = Math.max(2, Math.ceil(described.length / 2));
  const counts = new Map<string, number>();
  for (const terms of described) for (const t of terms) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts].filter(([t, n]) => n >= most && !CLAIM_WORDS.has(t) && !CLAIM_WORDS.has(`${t}e`) && !FIELD_ROOTS.has(t) && !/^\d+$/.test(t)).map(([t]) => t);
}

/**
 * Whether the author's work is of the group's line of research: their abstract writes a term that defines the group.
 * Works on Lyapunov functions and barrier certificates beside an abstract on safe control ("control") are; works on
 * word vectors, convolutions and translation beside one on textual network embeddings are not.
 */
export function sharesLine(ownText: string, texts: readonly string[]): boolean {
  const own = new Set(rootTerms(ownText));
  return definingTerms(texts).some((t) => own.has(t));
}

/**
 * How much of a text the shared thing is looked for in: an abstract is 1–2,000 characters, and each candidate phrase
 * is matched against every text, so a pasted introduction of 50,000 characters as the author's abstract took about 25 s.
 */
const CONCERN_TEXT_LIMIT = 4000;
function boundedText(t: string): string {
  if (t.length <= CONCERN_TEXT_LIMIT) return t;
  const end = t.lastIndexOf('. ', CONCERN_TEXT_LIMIT);
  return t.slice(0, end > 0 ? end + 1 : CONCERN_TEXT_LIMIT);
}

/**
 * A topic the author's abstract shares with some works of a group, beyond its claim: a phrase of two words or more,
 * not of field words alone ("neural networks"), that the works state as their own topic (statesTopic). The most works
 * first, then the longer phrase. Failing a phrase the author writes as the works do, one of the works' phrases whose
 * words the author writes close together: the author's "the representation for all the sentences" is the works'
 * "sentence representations". "Like [1], our work concerns sentence representations" ties the author's work
 * to the works it uses, where its claim ("we study short sentence ranking") shares no words with them.
 */
export function abstractConcern(fullOwnText: string, fullTexts: readonly string[]): SharedConcern | undefined {
  const ownText = boundedText(fullOwnText);
  const texts = fullTexts.map(boundedText);
  // Nor a whole field, or a part of one the author writes only inside it ("language processing" of "natural language
  // processing"): "Like [0], our work concerns natural language processing" (a blind reader: filler).
  const ownFieldSpans = broadFieldSpans(ownText);
  const topical = (p: Phrase) =>
    p.n >= 2 && p.n <= 4 && p.stems.some((t) => !CLAIM_WORDS.has(t) && !FIELD_WORDS.has(t)) && !isBroadField(p.surface) && !partOfBroadField(p.surface, ownText, ownFieldSpans);
  const central = texts.map(centralText);
  const stating = (phrase: string) => central.flatMap((t, i) => (t && statesTopic(phrase, t) ? [i] : []));
  const written = phrasesOf(ownText).filter(topical);
  // The words a work's phrase is matched on, outside whole fields: the author's "natural language processing
  // applications" does not write a work's "language processing algorithms".
  const ownSentences = splitSentences(ownText).map((s) => rootTerms(s.replace(BROAD_FIELD_IN_TEXT, ' ; ')));
  const fragment = (p: Phrase) => /^\p{L}+ed\s/u.test(p.surface);
  const near = central.flatMap((t) => (t ? phrasesOf(withoutExamples(t)) : [])).filter((p) => topical(p) && !fragment(p) && ownSentences.some((terms) => writtenNear(rootTerms(p.surface), terms)));
  // Last, a phrase of two or three words the work says it is about whose every word the author's abstract writes, if
  // not side by side: a work's "parallel execution model" beside an abstract on a "behavioral model of competitive
  // parallel computing" and its cores' "execution times" ("[0] is the work closest to ours" gave no reason).
  const ownRoots = new Set(ownSentences.flat());
  // "tide gauge" of "a tide gauge network" is no thing of its own: the phrase ends a noun phrase of the work.
  const anywhere = central
    // Nor is "shaped objects" of "arbitrary shaped objects": a phrase opening on a participle modifies with a word before it.
    .flatMap((t) => (t ? phrasesOf(withoutExamples(t)).filter((p) => endsNounPhraseIn(p.surface, t) && !fragment(p)) : []))
    // Two words of its own at least, apart from field words: the author's "framework" and "stochastic differential
    // games" are not a work's "games-in-games framework".
    .filter((p) => topical(p) && p.n <= 3 && rootTerms(p.surface).every((r) => ownRoots.has(r)) && ownWords(p) >= 2);
  for (const phrases of [written, near, anywhere]) {
    const found: (SharedConcern & { n: number })[] = [];
    const seen = new Set<string>();
    for (const p of phrases) {
      if (seen.has(p.key)) continue;
      seen.add(p.key);
      const works = stating(p.surface);
      if (works.length) found.push({ phrase: p.surface, works, n: p.n });
    }
    found.sort((a, b) => b.works.length - a.works.length || b.n - a.n || b.phrase.length - a.phrase.length);
    if (found.length) return { phrase: found[0].phrase, works: found[0].works };
  }
  return undefined;
}

/**
 * What a work says it is: its first sentence (its title, where it has one, or its abstract's opening) and the sentences
 * that state its contribution ("We propose …", "This paper presents …"). "Like [3], our work concerns recurrent
 * neural networks" named a work on quantized convolutional networks by what one of its experiments also tried (a blind
 * reader: a stretch); a shared thing is taken from what the work says it is, not from a side mention.
 */
export function centralText(text: string): string {
  if (!text) return text;
  const sentences = splitSentences(text);
  return sentences.filter((s, i) => i === 0 || hasContributionCue(s)).join(' ');
}

/** How many distinct words of a phrase are neither claim words nor field words. */
function ownWords(p: Phrase): number {
  return new Set(p.stems.filter((t) => !CLAIM_WORDS.has(t) && !FIELD_WORDS.has(t))).size;
}

/** A whole field wherever a text writes it (BROAD_FIELDS). */
const BROAD_FIELD_IN_TEXT = new RegExp(String.raw`(?<![\p{L}\d-])(?:${alternation(BROAD_FIELDS)})(?![\p{L}\d-])`, 'giu');

/** The phrase as a whole-word pattern whose spaces also read as hyphens ("tide gauge" finds "tide-gauge"). */
function phrasePattern(phrase: string, flags: string): RegExp {
  const spelled = escapeRegExp(phrase).replace(/\s+/g, String.raw`[\s-]+`);
  return new RegExp(String.raw`(?<![\p{L}\d])${spelled}(?![\p{L}\d])`, flags);
}

/** Where a text writes whole fields, as [from, to) offsets: read once per text, asked of every phrase. */
function broadFieldSpans(text: string): [number, number][] {
  return [...text.matchAll(BROAD_FIELD_IN_TEXT)].map((m) => [m.index, m.index + m[0].length]);
}

/** Whether the text writes the phrase only inside a whole field (`spans`, broadFieldSpans of the text): "language
 * processing" and "natural language" of "natural language processing". "Recurrent neural networks" reaches beyond the
 * field "neural networks". */
function partOfBroadField(phrase: string, text: string, spans: readonly [number, number][]): boolean {
  const found = [...text.matchAll(phrasePattern(phrase, 'giu'))];
  return found.length > 0 && found.every((m) => spans.some(([from, to]) => m.index >= from && m.index + m[0].length <= to));
}

/** Whether every stem is among a few neighbouring content terms of a sentence: as many as the stems, and one more. */
function writtenNear(stems: readonly string[], terms: readonly string[]): boolean {
  const span = stems.length + 1;
  return terms.some((_, i) => stems.every((stem) => terms.slice(i, i + span).includes(stem)));
}

/**
 * How a work writes a phrase of the author's: "Recurrent Neural Network (RNN)" in the author's abstract is "recurrent
 * neural networks" in the work's, which reads in a sentence without an article. Title-case words of a phrase in
 * title case are lowered ("Neural Network"); a name keeps its capitals ("Internet of Things"). A thing the work counts
 * ("a novel gating mechanism") is said in the plural, "concerned with gating mechanisms", not "with gating mechanism".
 */
export function workSurface(phrase: string, text: string): string {
  const words = phrase.split(/[\s-]+/).map((w) => escapeRegExp(w).replace(/(?:e?s)$/i, ''));
  const written = words.map((w) => `${w}(?:e?s)?`).join(String.raw`[\s-]+`);
  // The article counts the phrase only where the phrase ends its noun phrase: "a tide gauge calibration method for …"
  // counts methods ("concerns tide gauge calibration", not "calibrations").
  const said = withoutExamples(text);
  const found = new RegExp(String.raw`(?<![\p{L}\d])(?:(an?)\s+(?:[\p{L}-]+\s+){0,3}?)?(${written})(?![\p{L}\d])`, 'iu').exec(said);
  const endsNounPhrase = found !== null && NOUN_PHRASE_END.test(said.slice(found.index + found[0].length));
  let surface = found ? found[2] : phrase;
  // A name joins its capitals by "of" or "and" ("Internet of Things"); a phrase in title case does not.
  // "Image-to-Image Translation" is in title case too: its hyphenated words count.
  const titled = surface.split(/[\s-]+/).filter((w) => /^\p{Lu}\p{Ll}+$/u.test(w)).length;
  if (titled >= 2 && !/\s(?:of|and|for|the|on|in)\s/.test(surface)) surface = surface.replace(/(?<![\p{L}\d])\p{Lu}(?=\p{Ll}+(?![\p{L}\d]))/gu, (c) => c.toLowerCase());
  // A sentence's capital is no name's: "Recurrent neural networks are …" is "recurrent neural networks".
  if (found && /^\p{Lu}\p{Ll}+(?:[\s-]+\p{Ll}+)+$/u.test(surface)) surface = surface[0].toLowerCase() + surface.slice(1);
  // A name joined by "of" takes its article: "concerns the Internet of Things", not "concerns Internet of Things".
  if (found && /^\p{Lu}\p{Ll}+\s+of\s+/u.test(surface)) return `the ${surface}`;
  return found?.[1] && endsNounPhrase && /\p{Ll}$/u.test(surface) && !/s$/.test(surface) ? pluralOf(surface) : surface;
}

/** Whether the text writes the phrase where a noun phrase ends ("a gauge network for harbours", not "a gauge network"
 * read as "gauge"). */
function endsNounPhraseIn(phrase: string, text: string): boolean {
  const found = phrasePattern(phrase, 'iu').exec(text);
  return found !== null && NOUN_PHRASE_END.test(text.slice(found.index + found[0].length));
}

/** What may follow the last word of a noun phrase: punctuation, a preposition, a conjunction or a verb "to be". */
const NOUN_PHRASE_END = /^(?:\s*(?:[.,;:()]|$)|\s+(?:for|of|that|which|to|in|on|with|from|by|and|or|is|are|was|were|as|at|under|over)\b)/i;

/** A sentence that places the author's work among others without a difference, as data: its words and examples. */
export interface PlacementTemplate {
  id: string;
  summary: string;
  write: (claim: string, phrase: string, works: string, one: boolean) => string;
  examples: readonly { claim: string; phrase: string; works: string; one: boolean; text: string }[];
}

/**
 * The works that state a topic of the author's abstract, named, then the author's claim: what the two share is said,
 * and no "unlike" claims a difference the abstracts do not state.
 */
export const CONCERN_TEMPLATE: PlacementTemplate = {
  id: 'shared-concern',
  summary: 'The works that state a topic of the author\'s abstract, named by it, then the claim without "unlike".',
  // A single author's "I propose …" is "my work".
  write: (claim, phrase, works) => `Like ${works}, ${/^I\b/.test(claim) ? 'my' : 'our'} work concerns ${phrase}; ${claim}`,
  examples: [
    {
      claim: 'we propose a pruning schedule for tide forecasters.',
      phrase: 'recurrent neural networks',
      works: '[3]',
      one: true,
      text: 'Like [3], our work concerns recurrent neural networks; we propose a pruning schedule for tide forecasters.',
    },
    {
      claim: 'we formulate a contract design problem for harbour pilots.',
      phrase: 'the Internet of things',
      works: '[1, 4]',
      one: false,
      text: 'Like [1, 4], our work concerns the Internet of things; we formulate a contract design problem for harbour pilots.',
    },
    {
      claim: 'I propose a tide table for harbour pilots.',
      phrase: 'tide gauge calibration',
      works: '[2]',
      one: true,
      text: 'Like [2], my work concerns tide gauge calibration; I propose a tide table for harbour pilots.',
    },
  ],
};

/** CONCERN_TEMPLATE's sentence; `claim` is the author's sentence, its opener lowered. */
export function concernSentence(claim: string, phrase: string, works: string, one: boolean): string {
  return CONCERN_TEMPLATE.write(claim, phrase, works, one);
}

const SAME_PROBLEM = 'the same problem as our work';
const CLOSEST = 'closest to ours';
const THIS_LINE = 'Our work belongs to this line of research';

/**
 * A relation that states no difference, for a claim whose difference from the works cannot be read from the two texts:
 * "[0] is the work closest to ours; we present …" rather than "Unlike [0], we present a behavioral model … and predict
 * a speedup" beside a work that computes the speedup too (a blind reader: a false contrast is worse than none). With no
 * works to name, "these works" are the paragraph's: "Our work belongs to this line of research; we show that …".
 * `claim` is the author's sentence, its opener lowered.
 */
export function closestSentence(claim: string, works: string, one: boolean): string {
  // A single author's "I propose …" is "my work", "closest to mine".
  const single = /^I\b/.test(claim);
  if (works === 'these works') return `${single ? THIS_LINE.replace(/^Our/, 'My') : THIS_LINE}; ${claim}`;
  const subject = works[0].toUpperCase() + works.slice(1);
  return `${subject} ${one ? 'is the work' : 'are the works'} ${single ? CLOSEST.replace(/ours$/, 'mine') : CLOSEST}; ${claim}`;
}

/** Whether a relation places the works by a problem the author's claim names ("[7, 0] address the same problem as our
 * work; we propose … for image captioning models"), not by closeness alone. */
export function statesSameProblem(text: string): boolean {
  return new RegExp(String.raw`\baddress(?:es)? ${SAME_PROBLEM}; `).test(text);
}

/** Whether a relation places the author's work without saying why: "closest to ours", "belongs to this line of
 * research", "address the same problem as our work". */
export function givesNoReason(text: string): boolean {
  return new RegExp(String.raw`\b(?:is the work|are the works) closest to (?:ours|mine); |^(?:Our|My)${THIS_LINE.slice(3)}; |\baddress(?:es)? ${SAME_PROBLEM}; `).test(text);
}

/** Whether a sentence of the draft is a relation sentence (how relationSentence and closestSentence open one). */
export function isRelation(text: string): boolean {
  return new RegExp(
    String.raw`^Like\b.*; unlike (?:it|them|that work), |` +
      // The same, its "unlike" half dropped (claimWrittenBy): "Like [3, 8], we study blind image denoising; we propose …".
      String.raw`^Like\b[^;]*, (?:we (?:study|work on)|this \w+ (?:studies|works on)) [^;]*; |^Like\b.*, (?:our|my) work (?:concerns|is concerned with) .*; |^.*\baddress(?:es)? ${SAME_PROBLEM}; ` +
      String.raw`|^.*\b(?:is the work|are the works) closest to (?:ours|mine); |^(?:Our|My)${THIS_LINE.slice(3)}; `,
  ).test(text);
}
