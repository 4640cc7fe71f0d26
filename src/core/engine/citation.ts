// One citation sentence per key (CiteSum's task): pick the sentence (and compression of it) that the learned
// scorer rates highest, then rewrite it in third person with the right names and citation command.
import type { CiteSyntax, CitationSentence, CitationStyle, PaperRecord, SourceSentence, Tense } from '../types';
import { citeMarker, workSubject } from '../rewrite/authors';
import { readableTitle } from '../text/titles';
import { compressionVariants, sourceDocument, type SourceDocument } from './candidates';
import { plainText } from '../text/plain';
import { boundedRecord, capLongTokens } from '../text/long-tokens';
import { contentTerms, cosine, STOPWORDS, termFrequencies, wordCount } from '../text/tokens';
import { hasOwnVerb, mainVerbIsPast, pastTense, startsWithName } from '../text/verbs';
import {
  ANAPHORIC_START,
  BACKGROUND_CUE,
  CUT_OFF_END,
  FRONTED_POINTER,
  FUTURE_OWN,
  hasContributionCue,
  MENTIONS_OTHER_WORK,
  COMMON_SELF_NOUNS,
  NAMES_ITSELF,
  NOT_DONE,
  OWN_EARLIER_WORK,
  OWN_RELEASE_NOTE,
  POINTS_AHEAD,
  PROBLEM_POINTER,
  PRONOUN_POINTER,
  RELEASE_NOTE,
  SELF_NOUNS,
} from './cues';
import { candidateFeatures, documentContext } from './features';
import {
  acronymDefinitions,
  DEFAULT_CITATION_TENSE,
  looksLikeExtractionJunk,
  firstPersonPlural,
  inAuthorsVoice,
  NO_TARGET,
  pointerResolutions,
  PROPER_OPENER,
  rewriteSentence,
  runStage,
  speaksForEveryone,
  statesAim,
  stripLeadingDiscourse,
  titleOnlySentence,
  toThirdSingular,
  withoutEveryonesWords,
  withoutLinkingAdverb,
  systemNaming,
  type PointerResolution,
  type RuleContext,
  type SystemNaming,
  type TraceStep,
} from '../rewrite';
import type { LinearScorer } from './scorer';

export interface ScoredCandidate {
  source: SourceSentence;
  sentenceIndex: number;
  /** Compressed extractive text, still in the authors' voice. */
  extract: string;
  /** Rewritten output text in the requested style. */
  text: string;
  features: number[];
  score: number;
  /** The rules that made its text, in order, when the options asked for a trace (explain). */
  trace?: TraceStep[];
  /** Cited only when nothing better is left (someone else's work, a plan, a release note, an unfinished sentence). */
  lastResort?: boolean;
  /** Its source sentence tells what the work does (describesTheWork), rather than setting the scene. */
  describesWork?: boolean;
  /**
   * What its pointers ("such problems") stand for. Applied only where the sentence is written out (`writtenText`),
   * so that choosing a sentence and fitting a length see the words the source has.
   */
  pointers?: () => readonly PointerResolution[];
  /** The system the work's title names, for the written sentence to carry after the authors (write-out). */
  systemName?: SystemNaming;
}

/**
 * A candidate's text (or a piece of it) as written into a citation or a draft: pointers resolved, and a numbered one
 * that none resolved written as its count ("these two routes" → "two routes").
 */
export function writtenText(candidate: ScoredCandidate, text = candidate.text, aloneAfter?: string, nameSystem = true): string {
  const ctx: RuleContext = { ...NO_TARGET, pointers: candidate.pointers?.(), aloneAfter, systemName: nameSystem ? candidate.systemName : undefined };
  if (candidate.trace) ctx.trace = candidate.trace;
  return runStage('write-out', text, ctx).text;
}

/** The sentence with each span's text rewritten, and its text the spans joined again. */
function withSpanTexts(sentence: CitationSentence, rewrite: (span: CitationSentence['spans'][number]) => string): CitationSentence {
  const spans = sentence.spans.map((span) => ({ ...span, text: rewrite(span) }));
  return { ...sentence, text: spans.map((s) => s.text).join(' '), spans };
}

/** The sentence with each span from a candidate's source written out (`writtenText`); its title names the system. */
function writtenOut(sentence: CitationSentence, ranked: readonly ScoredCandidate[]): CitationSentence {
  return withSpanTexts(sentence, (span) => {
    const from = span.source && ranked.find((c) => c.source === span.source);
    return from ? writtenText(from, span.text, undefined, false) : span.text;
  });
}

export interface CandidateOptions {
  style: CitationStyle;
  syntax?: CiteSyntax;
  /** Tense of the reporting verb in citation style (default DEFAULT_CITATION_TENSE). */
  tense?: Tense;
  /** The author's own abstract: sentences that speak to it are preferred (a query focus). */
  ownAbstract?: string;
  /** How strongly (scorer units per unit of cosine); default CITATION_OWN_RELEVANCE. */
  ownRelevanceWeight?: number;
  /** Source sentences not to write from again (regenerating); ignored once every sentence has been used. */
  avoidSources?: readonly string[];
  /** Record in each candidate the rules that made its text (explain). */
  trace?: boolean;
}

/**
 * Weight of a sentence's cosine similarity to the author's abstract, in the scorer's units. A single citation
 * sentence keeps the contribution statement first (a light focus); a related-work draft is query-focused (what each
 * work says that matters to the author's paper), which CiteBench dev favoured (R-2 4.20 at 0 → 4.75 at 2).
 */
const CITATION_OWN_RELEVANCE = 0.5;

export const DRAFT_OWN_RELEVANCE = 2;
/**
 * What a sentence that does not say what the work did loses, in scorer units, where another sentence does: a citation
 * (and a draft) tells what the work did before the background it opens with, when the two score about the same. Small:
 * a clear winner among the background sentences stays (at 0.05, CiteBench dev R-2 fell 4.70 → 4.54). Not in a TLDR,
 * which sums up the paper and may do so with its problem (SciTLDR train R-1 33.20 → 33.14 with it).
 */
const SCENE_SETTING_PENALTY = 0.02;
/** Further, in both styles, for the background an abstract opens with before it says what the work did. */
const OPENING_BACKGROUND_PENALTY = 0.04;

/** A sentence in the authors' own voice: "we", "our", "us" — or a single author's "I", "my", "me". */
function speaksForAuthors(sentence: string, record?: PaperRecord): boolean {
  const voiced = inAuthorsVoice(sentence, record);
  // "… part of our daily lives", "the finest printer of our time": everyone's "our", not the authors'.
  return !speaksForEveryone(voiced) && /\b(?:we|our|us)\b/i.test(withoutEveryonesWords(voiced));
}

/** "The paper presents …": the work as the subject, as "This paper" is. */
const THE_WORK_OPENS = new RegExp(String.raw`^the (${SELF_NOUNS})\b`, 'i');

/**
 * "This paper concerns …", "This study has shown …", "This book is a friendly introduction to …"; not "This study is
 * based on …", which tells where its data came from.
 */
const THE_WORK_DOES = new RegExp(String.raw`^(?:this|the present|the current) (?:${SELF_NOUNS})\s+(?:(?:also|further|first|briefly|[a-z]+ly)\s+)*(?!(?:is|was)\s+(?!an?\s))[a-z]+s\b`, 'i');

/**
 * A sentence in which a work tells what it does: "this paper proposes …", or its authors speak ("we", "our"), or "the
 * proposed method …", "… is presented" — unless all it says is that the work works (MERIT_ONLY).
 */
export function describesTheWork(sentence: string, record?: PaperRecord): boolean {
  // "The paper presents algorithms …" opens on the work as surely as "This paper presents …".
  const opening = sentence.replace(THE_WORK_OPENS, 'This $1');
  if (hasContributionCue(opening)) return true;
  // "This paper concerns X", "This paper has presented X" (a conclusion): the work as the subject, whatever its verb.
  if (THE_WORK_DOES.test(stripLeadingDiscourse(opening))) return true;
  return (speaksForAuthors(sentence, record) || DESCRIBES_ITSELF.test(sentence)) && !MERIT_ONLY.test(sentence) && !reportsMeasurements(sentence);
}

/** "On the harbour set, our two gauges cut the error by 3.5x and the delay by 12%": how well it did, in figures. */
function reportsMeasurements(sentence: string): boolean {
  return (sentence.match(/\d(?:[\d.,]*\d)?\s*(?:x|×|%|-?fold)(?![\p{L}\d])|\d+\.\d+/gu)?.length ?? 0) >= 2;
}

/** Whether the sentence says only that the work works ("Trials confirm the value of the proposed method"). */
export function saysOnlyThatItWorks(sentence: string): boolean {
  return MERIT_ONLY.test(sentence);
}

/** "Trials confirm the value of the proposed method": that it works, not what it is. */
const MERIT_ONLY = new RegExp(
  String.raw`\b(?:demonstrat|show|confirm|verif|validat|prove|illustrat|indicat|highlight)\w* (?:the )?` +
    String.raw`(?:effectiveness|efficacy|superiority|feasibility|validity|usefulness|advantages?|benefits?|merits?|potential|efficiency` +
    String.raw`|robustness|strengths?|value|power) of (?:the|our|this|these)\b`,
  'i',
);

/** "this paper" in a claim: the claim is the work's own voice, not a finding to attribute. */
const NAMES_ITSELF_COMMONLY = new RegExp(String.raw`\bthis (?:${COMMON_SELF_NOUNS})\b`, 'i');
const DESCRIBES_ITSELF = new RegExp(
  String.raw`\b(?:the (?:proposed|presented|present) (?:[\w-]+ ){0,2}(?:method|approach|model|framework|algorithm|system|technique|scheme|work|paper|study)` +
    String.raw`|(?:is|are) (?:here )?(?:proposed|presented|introduced|described|developed))\b`,
  'i',
);

/** Every (sentence, compression) candidate of a record with its features and rewritten text; score left at 0. */
export function enumerateCandidates(record: PaperRecord, doc: SourceDocument, options: CandidateOptions): ScoredCandidate[] {
  // The features and the rewrite read the authors' voice as "we" (a single author's "I", "The author discusses …",
  // "The aim of this study is to …"); `source` keeps the original words.
  // "This article traces X. It argues that …": the work's "it" is read as the authors too.
  const sentences = doc.sentences.map((s, i, all): SourceSentence & { trace?: TraceStep[] } => {
    const previous = all[i - 1]?.section === s.section ? all[i - 1].text : undefined;
    if (!options.trace) return { ...s, text: runStage('read', s.text, { record, style: options.style, previous }).text };
    const trace: TraceStep[] = [];
    return { ...s, text: runStage('read', s.text, { record, style: options.style, previous, trace }).text, trace };
  });
  const ctx = documentContext(sentences, doc.title);
  const acronyms = acronymDefinitions(sentences.map((s) => s.text));
  const out: ScoredCandidate[] = [];
  // What "such problems" in a sentence stands for, from the two sentences before it in the same section: worked out
  // only for the sentences that get written, once each.
  const pointersOf = new Map<number, readonly PointerResolution[]>();
  const pointersAt = (i: number): readonly PointerResolution[] => {
    let found = pointersOf.get(i);
    if (!found) {
      const before = [sentences[i - 1], sentences[i - 2]].filter((s) => s?.section === sentences[i].section).map((s) => s.text);
      found = pointerResolutions(sentences[i].text, before);
      pointersOf.set(i, found);
    }
    return found;
  };
  const systemName = options.style === 'citation' ? systemNaming(record, options.syntax) : undefined;
  doc.sentences.forEach((source, sentenceIndex) => {
    const pointers = () => pointersAt(sentenceIndex);
    for (const variant of compressionVariants(sentences[sentenceIndex].text, { dropFronted: options.style === 'tldr', style: options.style, trace: options.trace })) {
      const target: RuleContext = { record, style: options.style, syntax: options.syntax, tense: options.tense ?? DEFAULT_CITATION_TENSE, truncated: variant.truncated, acronyms };
      if (options.trace) target.trace = [...(sentences[sentenceIndex].trace ?? []), ...(variant.steps ?? []).map((step) => ({ ...step, stage: 'compress' as const }))];
      // "Quiet Margins traces X" (a book's blurb) is the authors' "we" for the rewrite only: its title words are
      // what the scorer's title overlap measures.
      const extract = runStage('name', variant.text, target).text;
      out.push({
        source,
        sentenceIndex,
        extract,
        text: rewriteSentence(extract, target),
        features: candidateFeatures(ctx, sentenceIndex, variant),
        score: 0,
        pointers,
        systemName,
        trace: target.trace,
      });
    }
  });
  return out;
}

/** Large enough to put every such sentence behind every other candidate. */
const OTHER_WORK_PENALTY = 10;
/** Enough to prefer any self-contained sentence the scorer rates near the best. */
const ANAPHORA_PENALTY = 0.1;
/**
 * Plans and open questions (NOT_DONE), release notes, a conclusion's future work, sentences that point ahead: a last
 * resort.
 */
const NOT_DONE_PENALTY = 5;
/**
 * The tail of a sentence cut off before the abstract begins ("and lesson planning that brings banned books …", as
 * library catalogues truncate them) or split off at a line break ("which separates …"): a last resort too.
 */
const FRAGMENT_START = /^(?:and|or|but|nor|which|whose|whom)\s/;
/**
 * "The aim of this study was to …" in an abstract that says nowhere else what the work does ("we propose …"): where
 * abstracts state their aim so (medicine, the social sciences), that is the contribution a citation reports. The
 * scorer learned from machine-learning abstracts, which rarely do, and ranked it below a background or result
 * sentence. Where another sentence states the contribution, the scorer decides (there, "Our goal is to …" is more
 * often the motivation than the contribution: a bonus for it changed 6 SciTLDR TLDRs, 4 of them for the worse).
 */
const STATED_AIM_BONUS = 0.1;

/** Candidates ranked best first by the scorer. */
export function rankCandidates(record: PaperRecord, doc: SourceDocument, scorer: LinearScorer, options: CandidateOptions): ScoredCandidate[] {
  const candidates = enumerateCandidates(record, doc, options);
  const own = options.ownAbstract ? termFrequencies(contentTerms(plainText(options.ownAbstract))) : undefined;
  const relevance = new Map<number, number>();
  // What the source sentence is (about other work, anaphoric, a plan or a fragment, a stated aim), once per sentence,
  // not once per compression.
  const kinds = new Map<number, { otherWork: boolean; anaphoric: boolean; notDone: boolean; aim: boolean; describes: boolean; junk: boolean }>();
  // Which sentences state the contribution: asked only of an abstract that states an aim, which few do.
  let contributions: number[] | undefined;
  const otherContribution = (i: number) => {
    contributions ??= doc.sentences.flatMap((s, j) => (hasContributionCue(inAuthorsVoice(s.text, record)) ? [j] : []));
    return contributions.some((j) => j !== i);
  };
  // The variants that name a problem from the sentence before, and per sentence those that do not (see below).
  const namesProblem = new Set(candidates.filter((c) => PROBLEM_POINTER.test(c.extract)));
  const withoutProblemPointer = new Map<number, ScoredCandidate[]>();
  // Most documents name no such problem: then there is nothing to gather.
  for (const c of namesProblem.size ? candidates : []) {
    if (namesProblem.has(c)) continue;
    const variants = withoutProblemPointer.get(c.sentenceIndex) ?? [];
    variants.push(c);
    withoutProblemPointer.set(c.sentenceIndex, variants);
  }
  const pointsToProblem: ScoredCandidate[] = [];
  for (const c of candidates) {
    c.score = scorer.score(c.features);
    if (own) {
      // Measured on the whole source sentence, so that relevance does not favour one compression over another.
      if (!relevance.has(c.sentenceIndex)) relevance.set(c.sentenceIndex, cosine(termFrequencies(contentTerms(c.source.text)), own));
      c.score += (options.ownRelevanceWeight ?? CITATION_OWN_RELEVANCE) * relevance.get(c.sentenceIndex)!;
    }
    let kind = kinds.get(c.sentenceIndex);
    if (!kind) {
      const opening = stripLeadingDiscourse(c.source.text);
      kind = {
        otherWork: MENTIONS_OTHER_WORK.test(c.source.text) || OWN_EARLIER_WORK.test(firstPersonPlural(opening)),
        anaphoric: ANAPHORIC_START.test(opening),
        notDone:
          NOT_DONE.test(opening) ||
          RELEASE_NOTE.test(opening) ||
          OWN_RELEASE_NOTE.test(opening) ||
          FRAGMENT_START.test(c.source.text) ||
          POINTS_AHEAD.test(c.source.text) ||
          (c.source.section === 'conclusion' && FUTURE_OWN.test(c.source.text)),
        aim: statesAim(stripLeadingDiscourse(firstPersonPlural(c.source.text))) && !otherContribution(c.sentenceIndex),
        describes: describesTheWork(c.source.text, record),
        junk: options.style === 'citation' && looksLikeExtractionJunk(c.source.text),
      };
      kinds.set(c.sentenceIndex, kind);
    }
    // Attaching \cite{key} to a sentence about someone else's work would misattribute it; a sentence that still calls
    // the work "this article" after the rewrite would point at the reader's paper.
    if (options.style === 'citation' && (kind.otherWork || NAMES_ITSELF.test(c.text))) {
      c.score -= OTHER_WORK_PENALTY;
      c.lastResort = true;
    }
    // Read on the candidate, not its source sentence, so that a compression that cut the pointer stands alone. A
    // pronoun "this" has no antecedent a rewrite could name. A fronted pointer may have been resolved in the written
    // text, which is asked only where the extract (its leading discourse already stripped) opens with one.
    if (kind.anaphoric || PRONOUN_POINTER.test(c.extract) || (FRONTED_POINTER.test(c.extract) && FRONTED_POINTER.test(writtenText(c)))) c.score -= ANAPHORA_PENALTY;
    // A problem named mid-sentence ("… which tries to close this gap"), where a shorter variant of the same
    // sentence leaves it out: that variant is written in its place, with the sentence's score (another sentence is no
    // better for it: "… proposed X, which addresses these problems" still says what X is).
    else if (namesProblem.has(c) && withoutProblemPointer.has(c.sentenceIndex) && PROBLEM_POINTER.test(writtenText(c))) pointsToProblem.push(c);
    // A sentence the source left unfinished, unless a shorter variant ends before the cut; and, where the sentence is
    // set among others (a citation, a draft), one with extraction debris (a table of contents, "— III.", a stray ">",
    // brackets that do not close). A TLDR stands alone, and there the debris-free sentence was often the background
    // (4 of 12 SciTLDR dev TLDRs that changed read worse).
    if (kind.notDone || CUT_OFF_END.test(c.extract) || (options.style === 'citation' && (looksLikeExtractionJunk(c.extract) || kind.junk))) {
      c.score -= NOT_DONE_PENALTY;
      c.lastResort = true;
    }
    if (kind.aim) c.score += STATED_AIM_BONUS;
    c.describesWork = kind.describes;
  }
  // "Road verges cover a large area in many countries" yields to "We surveyed 60 verges and found …".
  if (candidates.some((c) => c.describesWork)) {
    const firstDescribing = firstDescribingSentence(candidates);
    for (const c of candidates) {
      if (c.describesWork) continue;
      if (options.style === 'citation') c.score -= SCENE_SETTING_PENALTY;
      // The scene an abstract opens with, marked as background ("… have become part of our daily lives", "… has been
      // described as …"): others' knowledge, not the work's, whatever words it shares with the title. In a TLDR too
      // (SciTLDR dev R-1 38.28 → 38.30, train 33.20 → 33.19: 4 and 8 TLDRs changed).
      if (c.sentenceIndex < firstDescribing && BACKGROUND_CUE.test(stripLeadingDiscourse(c.source.text))) c.score -= OPENING_BACKGROUND_PENALTY;
    }
  }
  for (const c of pointsToProblem) {
    const shorter = withoutProblemPointer.get(c.sentenceIndex)!.reduce((a, b) => (b.score > a.score ? b : a));
    shorter.score = Math.max(shorter.score, c.score);
    c.score -= ANAPHORA_PENALTY;
  }
  return candidates.sort((a, b) => b.score - a.score);
}

/** Index of the first source sentence that says what the work did (Infinity when none does): the scene is before it. */
export function firstDescribingSentence(candidates: readonly ScoredCandidate[]): number {
  return Math.min(...candidates.filter((c) => c.describesWork).map((c) => c.sentenceIndex));
}

export function writeCitationSentence(unbounded: PaperRecord, scorer: LinearScorer, options: CandidateOptions, presplit?: SourceDocument): CitationSentence {
  // Where the work's text enters the engine: no pattern after this point sees a word longer than MAX_TOKEN_CHARS.
  const record = boundedRecord(unbounded);
  if (options.ownAbstract) options = { ...options, ownAbstract: capLongTokens(options.ownAbstract) };
  const doc = presplit ?? sourceDocument(record);
  if (!doc.grounded) return titleOnlySentence(record, doc.title, options.style, options.syntax, options.tense);
  let ranked = rankCandidates(record, doc, scorer, options);
  const avoid = new Set(options.avoidSources ?? []);
  const fresh = avoid.size ? ranked.filter((c) => !avoid.has(c.source.text)) : ranked;
  // Every sentence used already: start over from the best rather than write nothing.
  if (fresh.length) ranked = fresh;
  const subject = options.style === 'tldr' ? TLDR_SUBJECT : workSubject(record, options.syntax).text;
  if (options.style === 'citation' && !options.ownAbstract) {
    const titled = titledCitation(record, doc.title, ranked, options.syntax, options.tense);
    if (titled) return withSpanTexts(writtenOut(titled, ranked), (span) => withoutLinkingAdverb(span.text, subject));
  }
  const [best] = ranked;
  const text = writtenText(best, best.text, subject);
  const sentence: CitationSentence = { key: record.key, text, spans: [{ text, source: best.source }], grounded: true, flags: [], engine: 'default' };
  return options.trace ? { ...sentence, trace: best.trace } : sentence;
}

/** The subject that the tldr style gives every paper ("This paper proposes …"). */
const TLDR_SUBJECT = 'This paper';

/** A longer title makes too heavy an opening for one sentence. */
const TITLE_NAME_MAX_WORDS = 10;
/** Below this share of the title's content words, the chosen sentence does not already say what the title says. */
const TITLE_RECALL_THRESHOLD = 0.6;
/** With the title naming the work, a shorter clause suffices: scorer units per word. */
const TITLED_LENGTH_PENALTY = 0.005;
const CONTRIBUTION_VERB = /^(proposed?|proposes|presents?|presented|introduced?|introduces|described?|describes|develop(?:s|ed)?) ((?:a|an|the)\b.*)$/;

/**
 * What a title names before its first colon or preposition: "Relational State-Space Model" of "Relational State-Space
 * Model for Stochastic Systems".
 */
function titleName(title: string): string {
  return title.split(/:\s|\s(?:for|with|via|in|on|of|under|using|through|by|from|to|and|as)\s/i)[0].trim();
}

/**
 * "introduced the relational state-space model, a …" for “Relational State-Space Model for …”: the sentence already
 * names the work as its title does.
 */
function objectRepeatsTitle(object: string, title: string): boolean {
  const name = titleName(title);
  if (wordCount(name) < 2) return false;
  const named = object.toLowerCase().replace(/^(?:a|an|the)\s+/, '');
  return named.startsWith(name.toLowerCase()) && !/^[\p{L}\d]/u.test(named.slice(name.length));
}

function titleRecall(titleTerms: ReadonlySet<string>, text: string): number {
  if (!titleTerms.size) return 1;
  const terms = new Set(contentTerms(text));
  let hits = 0;
  for (const t of titleTerms) if (terms.has(t)) hits++;
  return hits / titleTerms.size;
}

/**
 * The verb with which the authors reported the claim ("We prove that X", "Our experiments show that X"), so that the
 * titled form says "proved that X" rather than weakening it to "noted that X". Hedged reports ("suggest",
 * "indicate") stay "noted". (rewrite/clauses.ts's REPORTED_CLAIM is the claim itself, for cutting a sentence.)
 */
const AUTHORS_REPORT = new RegExp(
  String.raw`^(?:we|our (?:\w+ )?(?:results|experiments|analysis|evaluation|findings)) ` +
    String.raw`(?:also |further |then |first |empirically |experimentally |theoretically |formally )?` +
    String.raw`(show|demonstrate|prove|find|observe|argue|establish|confirm|verify|conclude|hypothesi[sz]e|reveal)s? that\b`,
  'i',
);

function reportingVerb(source: string): string | undefined {
  return AUTHORS_REPORT.exec(stripLeadingDiscourse(source))?.[1].toLowerCase();
}

/**
 * Citation sentences that name the work by its title when the best sentence does not already say what the title
 * says: "In “Title”, Smith et al. \cite{k} proposed …", or "In “Title”, Smith et al. \cite{k} noted that …" for a
 * claim. The title names the paper, never the contribution: as an appositive ("proposed “The Lottery Ticket
 * Hypothesis: …”, an algorithm to …") it had named an algorithm after a hypothesis, and a model after a study.
 * Both spans keep their provenance (the title and the abstract sentence). Undefined when no such form fits.
 */
export function titledCitation(record: PaperRecord, title: string, ranked: readonly ScoredCandidate[], syntax?: CiteSyntax, tense: Tense = DEFAULT_CITATION_TENSE): CitationSentence | undefined {
  // The paper's text only for a title in capitals, which few are: this runs on every citation and hover.
  const cleanTitle = readableTitle(title.replace(/[.\s]+$/, '').trim(), () => [...new Set(ranked.map((c) => c.source.text))].join(' '));
  if (!cleanTitle || !ranked.length || wordCount(cleanTitle) > TITLE_NAME_MAX_WORDS) return undefined;
  const titleTerms = new Set(contentTerms(cleanTitle));
  if (titleRecall(titleTerms, ranked[0].text) >= TITLE_RECALL_THRESHOLD) return undefined;
  // "StarGAN: Unified …" when the sentence already says "StarGAN": the name carries the title.
  const name = /^([^:]{2,40}):\s/.exec(cleanTitle)?.[1];
  if (name && ranked[0].text.includes(name)) return undefined;
  const value = (c: ScoredCandidate) => c.score - TITLED_LENGTH_PENALTY * wordCount(c.text);
  const subject = workSubject(record, syntax).text;
  const titleSource: SourceSentence = { text: title, section: 'title', index: 0 };
  let spans: CitationSentence['spans'];
  // "In “Title”, Smith et al. \cite{k} show that …", from the scorer's best sentence (the title must not pull in a
  // weaker one).
  const best = [...ranked].filter((c) => c.sentenceIndex === ranked[0].sentenceIndex).sort((a, b) => value(b) - value(a))[0];
  if (best.text.startsWith(subject + ' ')) {
    const contribution = CONTRIBUTION_VERB.exec(best.text.slice(subject.length + 1));
    if (contribution && objectRepeatsTitle(contribution[2], cleanTitle)) return undefined;
    spans = [
      { text: `In “${cleanTitle}”,`, source: titleSource },
      { text: best.text, source: best.source },
    ];
  } else {
    // "X is … \cite{k}." → "In “Title”, Smith \cite{k} notes that x is …"
    // "notes that" needs a whole clause: the scorer's own choice, not a shorter truncation.
    const whole = ranked[0];
    const marker = ` ${citeMarker([record.key], syntax)}.`;
    if (!whole.text.endsWith(marker) || whole.text.slice(0, -marker.length).includes(citeMarker([record.key], syntax))) return undefined;
    let claim = whole.text.slice(0, -marker.length);
    // A claim that still refers to "they", or goes on from the sentence before ("But if …"), needs that sentence.
    // … and one that speaks of "this paper" is the paper's own voice, not a claim to report.
    if (/^(?:so|thus|hence|therefore|then|also|but|and|or|nor|yet|however)\b|\b(?:they|their|them)\b/i.test(claim) || NAMES_ITSELF_COMMONLY.test(claim)) return undefined;
    // … nor one that is only a noun phrase ("noted that tide prediction and harbour pilotage on the Atlantic coast"),
    // even with a clause of its own ("noted that a short memoir of the harbour, when the pilots went on strike").
    if (!hasOwnVerb(claim.replace(/,\s+(?:when|where|which|who|whom|whose|while)\b[^,]*(?:,|$)/g, ' '))) return undefined;
    const first = claim.split(' ')[0];
    // "noted that discourse connectives …": a capital that only opened the sentence goes, names keep theirs (a
    // word the abstract also writes in lower case is not a name, nor is a common word: "Prose parsers …").
    const lowered = first.toLowerCase();
    const writtenLower = new RegExp(`(?<![.!?]\\s)\\b${lowered.replace(/[^\p{L}\d-]/gu, '')}\\b`, 'u').test(ranked.map((c) => c.source.text).join(' '));
    // "Juno, a Drawing Editor" or "Juno: …": the word the title names its work by is a name.
    const namedByTitle = /^([^:,]{2,40})(?::|,\s+(?:a|an|the)\s)/.exec(cleanTitle)?.[1] === first.replace(/[,:;]$/, '');
    const onlyOpensTheSentence = () =>
      /^\p{Lu}\p{Ll}+$/u.test(first) && (writtenLower || (!PROPER_OPENER.test(first) && !startsWithName(claim)));
    if (!namedByTitle && (STOPWORDS.has(lowered) || onlyOpensTheSentence())) claim = lowered + claim.slice(first.length);
    // A finding or a step of the study, told in the past, is reported ("reported that restored marshes buried …"); a
    // claim in the present is noted ("noted that falls are the leading cause …").
    const reported = reportingVerb(whole.source.text) ?? (mainVerbIsPast(claim) ? 'report' : 'note');
    const verb = tense === 'past' ? pastTense(reported) : workSubject(record, syntax).plurality === 'singular' ? toThirdSingular(reported) : reported;
    spans = [
      { text: `In “${cleanTitle}”, ${subject} ${verb} that`, source: titleSource },
      { text: `${claim}.`, source: whole.source },
    ];
  }
  const text = spans.map((s) => s.text).join(' ');
  return {
    key: record.key,
    text,
    spans,
    grounded: true,
    flags: [],
    engine: 'default',
  };
}
