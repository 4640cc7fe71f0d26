// Turning a sentence the authors wrote about their own paper into a sentence about it:
// compression of content-free clauses, first person → third person ("we" → "Smith et al. \cite{k}", "our" →
// "their"), verb agreement, and CiteSum's REF convention in both directions.
import type { CiteSyntax, CitationStyle, PaperRecord, Tense } from '../types';
import { STOPWORDS } from '../text/tokens';
import { baseFromGerund, baseFromPast, hasOwnVerb, isFiniteVerb, isPastForm, oftenAnAdjective, pastIsBaseForm, pastTense, taggedTerms } from '../text/verbs';
import { englishWords } from '../text/words';
import { citedAtEnd, citeMarker, workSubject, type Plurality } from './authors';
import { MENTIONS_OTHER_WORK, PROBLEM_POINTED_BACK, SELF_NOUNS, splitAbstractLabel } from './cues';

// ---------------------------------------------------------------- first person singular

/**
 * The pronoun "I" — at the start, after punctuation, or after a word that opens a clause ("and I show", "In this
 * thesis I argue") — and not the numeral of "Type I error" or "phases I and II".
 */
const PRONOUN_I = /(^|[,;:]\s+|\b(?:[Aa]nd|[Bb]ut|or|that|[Aa]s|which|[Ww]here|[Ww]hen|[Ss]o|[Tt]hen|because|[Ii]f|[Ww]hile|[Hh]ere|[Nn]ow|[Tt]hus|[Hh]ence|[Tt]herefore|[Aa]lso|paper|work|thesis|dissertation|chapter|book|essay|article|study|note)\s+)I(?='[a-z]|\s+(?!and\b|or\b)[a-z])/g;

/**
 * A single author's "I"/"my"/"me" as "we"/"our"/"us", so that everything written for the first person plural
 * ("I show that …" → "Hearst \cite{k} showed that …", "my corpus" → "their corpus") serves dissertations and
 * single-author papers too. The source sentence a citation links back to keeps the author's own words.
 */
export function firstPersonPlural(sentence: string): string {
  if (!/\b(?:I|my|My|me|myself)\b/.test(sentence)) return sentence;
  return sentence
    .replace(PRONOUN_I, (_m, before: string, offset: number) => (before + (offset + before.length === 0 ? 'We' : 'we')))
    .replace(/\b([Ww]e) am\b/g, '$1 are')
    .replace(/\b([Ww]e) was\b/g, '$1 were')
    .replace(/\b([Ww]e)'m\b/g, "$1're")
    .replace(/\bmy\b/g, 'our')
    // Only where it opens the sentence: a capital "My" inside one is a title's ("Roll of Thunder, Hear My Cry").
    .replace(/(^|[;:]\s+)My\b/g, '$1Our')
    .replace(/\bmyself\b/g, 'ourselves')
    .replace(/\bme\b/g, 'us');
}

/** A short opener and its comma before the subject ("In this study, the author …"), or nothing. */
const SHORT_OPENER = String.raw`(?:[^,;]{0,40},\s+)?`;
const AIM_NOUN = String.raw`(?:(?:main|primary|principal|overall|central|major|specific|chief|key)\s+)?(?:aims?|objectives?|purposes?|goals?)`;
const SELF_NOUN_PHRASE = String.raw`(?:this|the present|the current|our)\s+(?:paper|study|work|article|research|thesis|dissertation|project|review|note|chapter|investigation|report|survey|analysis|experiment)`;
const STATED_AIM = new RegExp(
  String.raw`^(${SHORT_OPENER})(?:(?:the|our)\s+${AIM_NOUN}\s+(?:of|in)\s+${SELF_NOUN_PHRASE}|our\s+${AIM_NOUN})\s+(?:is|was|are|were)\s+to\s+(?=[a-z])`,
  'i',
);

/**
 * "The purpose of this study was to investigate X", "Our goal is to learn X" → "We aim to investigate X": the statement
 * of aim that abstracts in medicine and the social sciences open with, read as the authors speaking, so that it counts
 * as a statement of the contribution and is rewritten as "We aim to …" is ("Mensah et al. \cite{k} aimed to …").
 */
export function statedAim(sentence: string): string {
  const bare = BARE_PURPOSE.exec(sentence);
  // "Objective: To measure jetty erosion over a decade." (a structured abstract's aim, its label split off): a purpose
  // with no clause of its own, not the opener of one ("To this end we …", "To test it, we …", "To improve X it is
  // crucial to …") nor a subject ("To ignore X is to …").
  if (bare && !/[,;]/.test(sentence) && !NOT_A_BARE_PURPOSE.test(sentence) && canBeVerb(bare[1].toLowerCase())) return `We aim ${sentence[0].toLowerCase()}${sentence.slice(1)}`;
  return sentence.replace(STATED_AIM, (_m, lead: string) => `${lead}${lead ? 'we' : 'We'} aim to `);
}
/** "To measure X": the purpose that a structured abstract's "Objective:" opens ("To date …" is no purpose). */
const BARE_PURPOSE = /^to\s+(?!date\b)([a-z]+)\s/i;
/** Words of a clause of its own around the purpose, or of an infinitive that is a subject ("To ignore X is …"). */
const NOT_A_BARE_PURPOSE = /\b(?:we|I|our|us|it|is|are|was|were|be|been|will|would|must|should|can|could|may|might|has|have|had)\b/i;

/** "In this report the authors present …": the work named as the frame, often without a comma before its authors. */
const IN_THE_WORK = String.raw`in\s+(?:this|the\s+present)\s+(?:paper|article|study|report|work|book|chapter|essay|note|review|thesis|dissertation)\s+`;
const THE_AUTHORS = new RegExp(String.raw`^(${SHORT_OPENER}|${IN_THE_WORK})(?:the|our)\s+(?:present\s+)?(authors?)(?:\s+of\s+(?:this|the present)\s+(?:paper|article|study|work|book|chapter|report|essay|note))?\s+((?:(?:also|further|then|first|here|briefly|now|[a-z]+ly)\s+)*)([a-z]+)\b`, 'i');

/** "In this article she …", "In this study, he …". */
const AUTHOR_PRONOUN_IN_THE_WORK = /^(in this (?:paper|article|study|essay|book|chapter|thesis|dissertation|review|report)),?\s+(?:she|he)\s+(?=[a-z])/i;

/**
 * "The author discusses X", "The authors (of this article) describe X" → "We discuss X", "We describe X": catalogue
 * abstracts (Beebe's bibliographies have some forty) name the authors in the third person; read as "we", the rewrite
 * names them ("Okafor \cite{k} introduced …", no longer "The author introduces … \cite{k}"). Only where a verb
 * follows.
 */
export function authorsAsWe(sentence: string): string {
  // "In this article she presents X": framed by the work itself, the pronoun can only be its author.
  const named = sentence.replace(AUTHOR_PRONOUN_IN_THE_WORK, '$1, the author ');
  const m = THE_AUTHORS.exec(named);
  if (!m) return sentence;
  const [whole, lead, noun, adverbs, verb] = m;
  const lower = verb.toLowerCase();
  let base: string | undefined;
  if (lower === 'was' || lower === 'is') base = lower === 'was' ? 'were' : 'are';
  else if (isPastForm(lower) || /^(?:had|did|can|could|will|would|may|might|must|should)$/.test(lower)) base = lower;
  else if (noun.toLowerCase() === 'author') base = /s$/.test(lower) && toBaseForm(lower) !== lower ? toBaseForm(lower) : undefined;
  // "The authors discuss", "address", "focus": a plural subject's verb may end in "s" of its own.
  else base = /^(?:have|are|do|were|focus)$/.test(lower) || /ss$/.test(lower) || !/s$/.test(lower) ? lower : undefined;
  const isVerb = base !== undefined && (/^(?:have|are|were|do|had|did|can|could|will|would|may|might|must|should|focus)$/.test(base) || isPastForm(base) || canBeVerb(base));
  if (!isVerb) return sentence;
  const predicate = `${adverbs}${verb}${named.slice(whole.length)}`;
  // "The author reviews X, describes Y and traces Z": every verb of the series takes the form that follows "we".
  const agreed = noun.toLowerCase() === 'author' && base !== lower ? agreeVerb(predicate, 'plural', 'third-singular') : `${adverbs}${base}${named.slice(whole.length)}`;
  return `${lead}${lead ? 'we' : 'We'} ${agreed}`;
}

/**
 * "It is shown that …", "It was found that …": the impersonal passive in which an abstract reports its own finding.
 * "It has been shown that …" stays: the present perfect reports what others showed.
 */
const IMPERSONAL_FINDING = new RegExp(String.raw`^(${SHORT_OPENER})it (is|was) ((?:(?:also|further|then|here|formally|finally)\s+)?)(shown|demonstrated|argued|proved|proven|found|established|concluded|observed) that\b`, 'i');
const FINDING_BASE: Record<string, string> = { shown: 'show', demonstrated: 'demonstrate', argued: 'argue', proved: 'prove', proven: 'prove', found: 'find', established: 'establish', concluded: 'conclude', observed: 'observe' };

/**
 * "It is shown that X" → "We show that X", "It was found that X" → "We found that X": read as the authors' act, so
 * that the scorer sees a finding of the paper's (not a sentence opening on "it") and the rewrite names the authors.
 */
export function impersonalFindingAsWe(sentence: string): string {
  return sentence.replace(IMPERSONAL_FINDING, (_m, lead: string, be: string, adverb: string, participle: string) => {
    const base = FINDING_BASE[participle.toLowerCase()];
    return `${lead}${lead ? 'we' : 'We'} ${adverb.toLowerCase()}${be.toLowerCase() === 'was' ? pastTense(base) : base} that`;
  });
}

/** Where the work's own name, or its author's, opens a sentence: after a short opener and its comma at most. */
const NAMED_SUBJECT_LEAD = new RegExp(`^${SHORT_OPENER}`);

/** Entry types whose abstract is often a publisher's blurb that names the book by its title. */
const BOOK_TYPES = /^(?:book|mvbook|booklet|collection|mvcollection|proceedings|thesis|phdthesis|mastersthesis|reference)$/i;

/**
 * The ways a blurb names the work or its first author: a book's title (before its colon) and the author's name. Not
 * a paper's title: before a colon it is as often the name of a method that the sentence is about ("Margin Nets
 * predicts margins …", "Margin Nets is a library …").
 */
function workNames(record: Pick<PaperRecord, 'title' | 'authors' | 'type'>): string[] {
  const names: string[] = [];
  const title = (record.title ?? '').split(/[:?!.]\s/)[0].replace(/[.\s]+$/, '').trim();
  // A title of one word ("Reading") would as often be a sentence's own subject.
  if (BOOK_TYPES.test(record.type ?? '') && title.split(/\s+/).length >= 2) names.push(title);
  const first = record.authors?.[0];
  if (first?.family && /^\p{Lu}/u.test(first.family)) {
    if (first.given) {
      names.push(`${first.given} ${first.family}`);
      // "Ama K. Mensah" as the blurb writes her: "Ama Mensah".
      const firstName = first.given.split(/\s+/)[0];
      if (firstName !== first.given && !/^\p{Lu}\.?$/u.test(firstName)) names.push(`${firstName} ${first.family}`);
    }
    names.push(first.family);
  }
  return names;
}

/** What a work (or its author) does, in the third person: "argues", "also shows", "traces". */
const WORK_ACT = String.raw`(?:(?:also|further|then|first|here|briefly|[a-z]+ly)\s+)*(?:argues|concludes|finds|reports|compares|evaluates|shows|demonstrates|explores|examines|traces|offers|deals|discusses|considers|analy[sz]es|investigates|describes|presents|proposes|suggests|contends|maintains|claims|challenges|reveals|focuses|draws|reviews|surveys|outlines|provides|develops|introduces|addresses|highlights|documents|illustrates|questions|situates|reconsiders|revisits|uncovers)\b`;
/** "He argues …", "She traces …": a pronoun before what an author does in a work (see namedWorkAsWe). */
const AUTHOR_PRONOUN_ACT = new RegExp(String.raw`^((?:he|she)\s+)(?=${WORK_ACT})`, 'i');

/** "This article traces X." as the sentence before: the work is its subject. */
const WORK_AS_SUBJECT = new RegExp(String.raw`^(?:this|the present|the current) (?:${SELF_NOUNS}|monograph|volume|collection)\s+(?:(?:also|further|first|briefly|[a-z]+ly)\s+)*[a-z]+s\b`, 'i');
/** "It argues that …", "Drawing on parish records, it shows how …": "it" doing what a work does. */
const WORK_PRONOUN_ACT = new RegExp(String.raw`^([^,;]{0,60},\s+)?it\s+(?=${WORK_ACT})`, 'i');

/**
 * "This article traces X. Drawing on parish records, it argues that …": after a sentence whose subject is the work,
 * an "it" that argues, shows or describes is the work too, read as the authors' "we" ("Vale argued that …"). Quoted
 * after a sentence that names the authors, it would point at nothing.
 */
export function workPronounAsWe(sentence: string, previous: string | undefined): string {
  // The sentence first: few open on "it", and stripping the previous one's discourse words costs more.
  const m = WORK_PRONOUN_ACT.exec(sentence);
  if (!m || !previous || !WORK_AS_SUBJECT.test(stripLeadingDiscourse(previous))) return sentence;
  const lead = m[1] ?? '';
  return `${lead}${lead ? 'we' : 'We'} ${agreeVerb(sentence.slice(m[0].length), 'plural', 'third-singular')}`;
}

/**
 * "Quiet Margins traces how …", "Inês Ferreira shows how …": a book's blurb names the work by its title, or its author
 * by name, as the subject. Read as the authors' "we" ("Ferreira \cite{k} traced how …", no longer "In “Quiet
 * Margins”, Ferreira \cite{k} noted that quiet Margins traces …"). Only before a verb in the third person or the past.
 */
export function namedWorkAsWe(sentence: string, record: Pick<PaperRecord, 'title' | 'authors' | 'type'>): string {
  const lead = NAMED_SUBJECT_LEAD.exec(sentence)?.[0] ?? '';
  for (const at of lead ? [0, lead.length] : [0]) {
    const rest = sentence.slice(at);
    for (const name of workNames(record)) {
      if (rest.slice(0, name.length).toLowerCase() !== name.toLowerCase()) continue;
      const m = /^\s+((?:(?:also|further|then|first|here|briefly|[a-z]+ly)\s+)*)([a-z]+)\b/.exec(rest.slice(name.length));
      if (!m) continue;
      const verb = m[2];
      // "Margin Nets is a library": what the work is, not what its authors did.
      if (/^(?:is|are|was|were|has|have|had|does|do|did)$/.test(verb)) continue;
      const base = toBaseForm(verb);
      const thirdPerson = base !== verb && canBeVerb(base);
      if (!thirdPerson && !(isPastForm(verb) && canBeVerb(baseFromPast(verb)))) continue;
      const predicate = rest.slice(name.length).trimStart();
      const opener = sentence.slice(0, at);
      return `${opener}${opener ? 'we' : 'We'} ${thirdPerson ? agreeVerb(predicate, 'plural', 'third-singular') : predicate}`;
    }
  }
  // "He deals with such matters as …", "She argues that …": in a blurb for a work of one author, a pronoun doing what
  // authors do is the author (a pronoun doing anything else may be the person the book is about).
  for (const at of record.authors?.length === 1 ? (lead ? [0, lead.length] : [0]) : []) {
    const pronoun = AUTHOR_PRONOUN_ACT.exec(sentence.slice(at));
    if (!pronoun) continue;
    const opener = sentence.slice(0, at);
    return `${opener}${opener ? 'we' : 'We'} ${agreeVerb(sentence.slice(at + pronoun[1].length), 'plural', 'third-singular')}`;
  }
  return sentence;
}

/**
 * The authors' "we" wherever an abstract speaks for them otherwise: a single author's "I" (firstPersonPlural), "The
 * author(s) discuss(es)" (authorsAsWe), "The aim of this study was to" (statedAim) and, given the record, the work
 * or its author named as the subject (namedWorkAsWe). Features and the rewrite read this; a citation's source link
 * keeps the original words.
 */
export function inAuthorsVoice(sentence: string, record?: Pick<PaperRecord, 'title' | 'authors' | 'type'>): string {
  const voiced = impersonalFindingAsWe(statedAim(authorsAsWe(firstPersonPlural(sentence))));
  return record ? namedWorkAsWe(voiced, record) : voiced;
}

/** Whether the sentence states the work's aim so ("The purpose of this study was to …"). */
export function statesAim(sentence: string): boolean {
  return STATED_AIM.test(sentence);
}

// ---------------------------------------------------------------- compression

/**
 * Less common names a paper gives itself where it locates its own act ("In this manuscript, we …", "In this
 * Perspective, …", chemistry's "In this Account, …"), shared by the frames below.
 */
const MORE_SELF_LOCATIONS = 'publication|manuscript|abstract|talk|presentation|project|proposal|research|perspective|investigation|submission|account|communication|minireview|viewpoint|highlight';

/**
 * Openers that carry no content: "In this paper, ", "To this end, ", "Specifically, ", "And finally, " …, and a purpose
 * whose object points back at the sentence before ("To improve this, ", "To test this hypothesis, "), which names
 * nothing once the sentence is quoted alone.
 */
const LEADING_DISCOURSE =
  new RegExp(String.raw`^(?:(?:and|but) )?(?:in this (?:[a-z][\w-]* )?(?:paper|work|article|study|letter|thesis|dissertation|chapter|book|essay|survey|review|note|report|contribution|commentary|editorial|volume|monograph|primer|handbook|overview|tutorial|exploration|${MORE_SELF_LOCATIONS})|in (?:the )?(?:present|current) (?:paper|work|study|article)|in (?:our|the) (?:paper|work|article|study)|yet|\([a-z]\)|here|herein|to this end|to that end|to do so|to do this|to achieve this|to [a-z]+(?: with)? (?:(?:this|these|that|those|the above|such)(?: [\w-]+){0,2}|it|them)(?: up| out)?|specifically|in particular|concretely|more specifically|more precisely|in detail|finally|lastly|furthermore|moreover|what(?:'|’| i)s more|on top of (?:this|that)|additionally|in addition|also|besides|further|therefore|thus|hence|consequently|accordingly|as a result|overall|in summary|in short|in sum|to summarize|to sum up|in conclusion|to conclude|to the best of our knowledge|as far as we know|(?:in light of|in view of|(?:building|drawing) (?:on|upon)|(?:guided|driven|prompted|encouraged|motivated|inspired) by|based on|following|despite|in spite of|in response to|thanks to) (?:this|these|that|those|the above|such)(?: [\w-]+){0,3}|taking (?:this|these|that|those|such)(?: [\w-]+){0,2} into (?:account|consideration)|(?:as a (?:first )?step )?towards? (?:this|that|these) (?:goals?|ends?|aims?)|addressing (?:this|these|that|those|such)(?: [\w-]+){0,2}|with (?:this|that|these) in (?:mind|view)|in contrast|by contrast|instead|however|nevertheless|nonetheless|first(?:ly)?|second(?:ly)?|third(?:ly)?|then|next|empirically|experimentally|theoretically|practically|in practice|in (?:our|the|all|these) experiments|in (?:our|the) evaluations?|notably|importantly|more importantly|most importantly|interestingly|surprisingly|crucially|in this regard|in this context|along these lines|for this purpose|for this reason|as such|on the other hand|at the same time|in turn|similarly|likewise|namely|that is|i\.e\.|e\.g\.|for example|for instance)\s*,(?!\s*(?:which|who|whom|whose|where)\b)\s*`, 'i');

/** "In this paper we …" without a comma. */
const LEADING_FRAME_NO_COMMA =
  new RegExp(String.raw`^(?:in this (?:short |brief |preliminary )?(?:paper|work|article|study|letter|thesis|dissertation|chapter|book|essay|note|report|review|survey|${MORE_SELF_LOCATIONS})|in (?:the )?(?:present|current) (?:paper|work|study)|in our (?:paper|work|article|study)|this (?:paper|work|article)|here|so|thus|hence|therefore|now|then|next|below|in doing so|to do so|in turn)\s+(?=(?:we|I)\b)`, 'i');
/** "Currently, we address …": the time is the paper's own, and wrong once the sentence reports it ("Currently, they addressed"). */
const LEADING_NOW_BEFORE_WE = /^(?:currently|at present|presently|now|today)\s*,?\s+(?=(?:we|I)\b)/i;

const REMEDY_VERBS = 'address|tackle|overcome|solve|alleviate|mitigate|remedy|resolve|circumvent|bridge|close|fill|answer|handle|fix|deal with|cope with|counter|approach|attack';
const REMEDY = `(?:${REMEDY_VERBS})`;
/** "To address this issue we introduce …" (without its comma), "In order to address this issue, …". */
const LEADING_PURPOSE = new RegExp(String.raw`^(?:in order |so as |(?:aiming|seeking|trying|striving) |in an? (?:attempt|effort) )?to\s+${REMEDY}\s+${PROBLEM_POINTED_BACK}(?:\s*,\s*|\s+(?=(?:we|I)\s))`, 'i');
/** "We propose X to address this issue.": the purpose names nothing once the sentence is quoted alone. */
const PURPOSE_POINTED_BACK = new RegExp(String.raw`(?<=[\p{L}\d)\]"”’])(,?\s+)(?:in order |so as )?to\s+${REMEDY}\s+${PROBLEM_POINTED_BACK}(?=\s*(?:[,;.!?]|$))`, 'giu');
/**
 * Words after which a "to …" is what they need, not a purpose that can go ("have been applied to solve such problems",
 * "Aiming to bridge this gap", "begins to tackle these challenges", "designed to address these issues", "sets out to
 * close this gap").
 */
const NEEDS_ITS_INFINITIVE =
  /\b(?:in order|so as|set(?:s|ting)? out|aim(?:s|ed|ing)?|tr(?:y|ies|ied|ying)|seek(?:s|ing)?|sought|hop(?:e|es|ed|ing)|attempts?|efforts?|ways?|means|approach(?:es)?|solutions?|how|able|unable|wants?|wish(?:es)?|needs?|used|be|been|being|is|are|was|were|begins?|began|beginning|continues?|helps?|serves?|steps?|necessary|sufficient|enough|likely|\w+ed)$/i;
const AUTHORS_SUBJECT = String.raw`((?:we|I|this (?:paper|work|article|study|thesis))\s+(?:(?:also|further|then|first|here)\s+)?)`;
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
  String.raw`^${AUTHORS_SUBJECT}(?:attempt|tr(?:y|ie)|seek|aim|strive|contribute|endeavou?r)(s|es|ed|d)?\s+to\s+${REMEDY}\s+${PROBLEM_POINTED_BACK}\s+(?:and|by|through|via)\s+(propos|introduc|present|develop|design)(?:e|es|s|ing|ed)?\b`,
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
const REPORTING_FRAME =
  /^(?:(?:our |the |extensive |comprehensive |experimental |empirical |numerical |simulation |evaluation |further |these )*(?:experimental |empirical |numerical |simulation )?(?:results?|experiments?|evaluations?|analys[ie]s|studies|simulations|findings)(?: on [^,]{1,80}?)?|we (?:also |further |then |empirically |experimentally |theoretically )?(?:show|demonstrate|find|observe|confirm|prove|verify))\s+(?:show|shows|demonstrate|demonstrates|indicate|indicates|suggest|suggests|confirm|confirms|reveal|reveals|verify|verifies|that)?\s*(?:that\s+)/i;

/** Short bracketed asides: acronym definitions "(MPT)", citations "[3]", "(e.g., …)", "(Smith et al., 2019)". */
// A bracket glued to the word before it is part of a formula ("P(Z|X)", "O(n^3)"), unless it holds an acronym; a
// prefix in brackets is part of the word after it ("(re)plots", "(soft-)search").
const PARENTHETICAL = /(?:\s+|^|(?<=[\w”"’-])(?=\([\p{Lu}][\p{L}\d-]*[\p{Lu}]s?\)))(?!\(\p{L}{1,8}-?\)\p{L})(?:\((?:[^()]{0,80})\)|\[(?:[^[\]]{0,60})\])/gu;

/** Lower-case technical openers such as "k-means", "t-SNE", "word2vec" or "iPhone" (not "grid-like"). */
export const LOWERCASE_TECHNICAL_OPENER = /^(?:[a-z]-|[a-z]+\d|[a-z]+\p{Lu})/u;

function capitalizeFirst(s: string): string {
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

function ensureFinalPeriod(s: string): string {
  const t = s.replace(/[\s,;:–—-]+$/, '');
  return SENTENCE_END.test(t) ? t : t + '.';
}

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
const SELF_LOCATION_FRAME = new RegExp(String.raw`^(?:in this (?:short |brief )?(?:paper|work|article|study|letter|note|${MORE_SELF_LOCATIONS})|here(?:in)?)\b`, 'i');

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

export function dropParentheticals(sentence: string): string {
  // Inside out, so that an aside holding one of its own ("(Journal 14 (1969), 217-231)") goes as a whole.
  let s = sentence;
  for (let depth = 0; depth < 3; depth++) {
    // An aside glued to the next word ("[…]Wave", "(x; y)Tw") leaves a space between the words it stood between.
    const next = s.replace(PARENTHETICAL, (aside: string, at: number, whole: string) => (/[\p{L}\d]/u.test(whole.charAt(at + aside.length)) ? ' ' : ''));
    if (next === s) break;
    s = next;
  }
  // "… of Okafor et al. (2019)." → "… of Okafor et al." (the abbreviation's full stop ends the sentence).
  return s.replace(/\s+([,.;:])/g, '$1').replace(/(?<!\.)\.\.(?!\.)/g, '.').replace(/\s{2,}/g, ' ').trim();
}

/** Where a sentence may be cut and still read as a sentence: before a trailing modifier clause. */
const CLAUSE_BOUNDARY =
  /(?:,\s*(?:which|where|whereby|while|whereas|thereby|thus|and thus|leading to|resulting in|allowing|enabling|making|yielding|achieving|outperforming|improving|providing|demonstrating|showing|including|such as|as well as|especially|particularly|e\.g\.|i\.e\.|but|and (?:we|it|they|this|these|the|our|show|demonstrate|achieve|obtain|evaluate|apply|find|use|outperform|provide))\b|;\s|\s(?:in order to|so as to|by (?:using|leveraging|exploiting|introducing|combining|learning|training|incorporating|employing|applying|adding|modeling|optimizing|replacing|making|considering|treating|casting|formulating|enforcing|imposing|minimizing|maximizing)|via|through|using|with (?:a|an|the)|based on|without|that (?:is|are|can|could|allows?|enables?|uses?|achieves?|outperforms?|improves?|learns?|leverages?|exploits?|combines?|consists?)|which|where|while|whereas|and (?:show|demonstrate|achieve|evaluate|apply|find|obtain|outperform|provide)|on (?:several|various|multiple|a range of|a variety of|standard|benchmark|two|three|four|five|many)|across|for (?:the (?:task|problem) of)?)\b)/gi;

/**
 * Words that mean little without their "for" / "with": verbs in the present (a past form is never cut from what follows
 * it; "allows" is never a cut's last word at all) and "responsible".
 */
const VERB_NEEDS_FOR = /\b(?:responsible|accounts?|search(?:es)?|looks?|calls?|stands?|controls?|corrects?|compensates?|opts?|cares?|waits?|asks?|argues?|pays?|prepares?|strives?|substitutes?|vouch(?:es)?)\s*$/i;
const VERB_NEEDS_WITH = /\b(?:deals?|copes?|interacts?|compl(?:y|ies)|agrees?|contends?|dispenses?|experiments?|collaborates?|coincides?|correlates?|competes?|communicates?|interferes?|cooperates?|grapples?|wrestles?|struggles?|tinkers?)\s*$/i;

/** "… has motivated methods", "… costs less to run than approaches", "… and give algorithms": kinds of thing, but which? */
const BARE_GENERIC_AT_END =
  /\b(?:has|have|had|than|as|give|gives|gave)\s+(?:[a-z]+ed\s+)?(?:methods|approaches|models|algorithms|techniques|systems|frameworks|tools|strategies|schemes|mechanisms|procedures|measures|metrics|tasks|problems)\s*$/i;

/** A noun phrase that ends in a content-free head ("a task", "a new method", "the set"). */
const GENERIC_HEAD_AT_END =
  /\b(?:a|an|the|one|two|three|new|novel)\s+(?:(?:new|novel|simple|general|single)\s+)?(?:(?:machine[ -]learning|deep[ -]learning|neural|statistical|probabilistic|(?:semi-|un)?supervised|data-driven|learning-based|computational|automatic|automated|unified|generic|principled|learning)\s+)?(?:task|method|methodolog(?:y|ie)|approach|framework|model|system|technique|algorithm|way|tool|procedure|scheme|mechanism|strategy|paradigm|measure|metric|criterion|set|number|class|family|variety|range|series|kind|type|form|problem|association|relationship|relation|connection|correlation|interaction|difference|comparison|combination|effect|impact|role|influence|extension|generalization)s?\s*$/i;

/**
 * "… cooperative games, which are games [where …]", "… sparse codes: codes [that …]": a definition cut before what
 * defines it only repeats the word it was to define.
 */
const DEFINITION_ECHO = /\b([\p{L}-]{3,}?)s?(?:\s*:|,?\s+(?:which|that)\s+(?:is|are))\s+(?:(?:a|an|the)\s+)?\1s?\s*$/iu;

/** Words that open a fronted phrase or clause, which a main clause must follow. */
const FRONTED_OPENER = /^(?:as|in|by|with|for|to|from|on|under|through|via|using|motivated|inspired|driven|based|given|since|because|while|whereas|although|though|when|if|after|before|unlike|(?:much |just )?like|just as|similar(?:ly)? to|compared (?:to|with)|despite|towards?|building|following)\b/i;

export interface Truncation {
  text: string;
  /** Fraction of the original words kept. */
  kept: number;
}

/** The rest of an aside that closes with a comma before the sentence's verb (", have however not been …"). */
const ASIDE_BEFORE_VERB = /^(?:[^;(),]{1,50},\s*){1,4}?(?:(?:however|also|still|often|thus|then|not)\s+)*(?:is|are|was|were|has|have|had|can|could|will|would|may|might|should|must|does|do|did|cannot|remains?|remained)\b/i;

/** A sentence whose main verb is the passive at its very end ("… is presented."). */
const PASSIVE_AT_END = /\b(?:is|are|was|were)\s+(?:(?:also|here|then|first|briefly|[a-z]+ly)\s+)?[a-z]+(?:ed|en|wn|lt|ght)\s*[.!]?$/i;
/** The claim after a reporting verb ("show that …"), up to the cut. */
const REPORTED_CLAIM =
  /\b(?:show|shows|showed|shown|prove[sdn]?|proven|demonstrate[sd]?|find|finds|found|argue[sd]?|observe[sd]?|note[sd]?|suggest(?:s|ed)?|establish(?:es|ed)?|conclude[sd]?|reveal(?:s|ed)?|confirm(?:s|ed)?|verif(?:y|ies|ied)|indicate[sd]?|claim(?:s|ed)?|impl(?:y|ies|ied)|recommend(?:s|ed)?|believe[sd]?|assume[sd]?|hypothesi[sz]e[sd]?|predict(?:s|ed)?)\s+that\s+([^,;]*|(?:even |only )?(?:when|if|while|although|though|because|as|since|once|unless|after|before)\b[^;]*)$/i;
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
    // A cut must not strand a preposition, article, conjunction or adverb ("… for domain adaptation in.", "… in
    // contrast to just.").
    if (/\b(?:in|of|for|to|with|by|on|from|at|as|a|an|the|that|and|or|than|into|onto|between|under|over|its|their|our|together|both|is|are|was|were|be|been|being|which|each|new|novel|simple|general|efficient|effective|several|various|multiple|many|some|few|more|most|other|such|this|these|those|two|three|four|five|very|highly|when|if|whether|without|not|only|but|yet|so|because|since|how|what|why|can|could|may|might|must|should|will|would|allows?|allowed|enables?|keeps?|makes?|suitable|able|unable|per|versus|i\.e\.|e\.g\.|just|even|merely|solely|mainly|primarily|mostly|largely|partly|especially|particularly|namely|rather|via|through|like|including|within|across|among|against|towards?|upon|during|while|where|whose|whom|who|also|then|thus|hence|along|alongside|beyond|besides|despite|throughout|behind|around|about|amid|amongst|near|until|unlike|whereby|thereby)\s*$/i.test(head)) continue;
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
    // "… the best harbours are the ones [that stay ice-free]": "the ones" is defined by what follows.
    if (/\bthe (?:one|ones|kind|type|sort)\s*$/i.test(head)) continue;
    // "… record only those readings of the tide [that are unusual]": "those" waits for the clause that says which.
    if (/^,?\s*(?:that|which|where)\b/i.test(m[0]) && /\bthose(?:\s+[\p{L}-]+){1,4}\s*$/iu.test(head)) continue;
    // "… a tagger for logbooks in cases [where only seed words are given]": what follows says which cases.
    if (/^,?\s*(?:where|when|in which|that|which)\b/i.test(m[0]) && /\b(?:in|for|to|under|on)\s+(?:cases|situations|settings|scenarios|circumstances|conditions|instances|regimes)\s*$/i.test(head)) continue;
    // "As a means of charting the tides [for …, this paper builds X]": a fronted phrase without the clause it leads
    // into.
    if (FRONTED_OPENER.test(head) && !head.includes(',') && !/\b(?:we|I|they|it|this (?:paper|work|article|study))\b/.test(head)) continue;
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
    if (/^\s/.test(m[0]) && (isPastForm(lastWord) || /,\s*[a-z]+ing\s*$/i.test(head))) continue;
    // "… allows the pilot to automatically search [for a berth]", "… learns to encode [with a pair of codebooks]": an
    // infinitive that an adverb or "learns to" marks as a verb, cut from what it acts on.
    if (/^\s/.test(m[0]) && /\b(?:to\s+\p{L}+ly\s+(?:\(\p{L}+-?\))?|(?:learns?|learned|learning|how)\s+to\s+)\p{L}+\s*$/iu.test(head)) continue;
    // "… the booking system from the first call[, through the allocation of berths, to the departure]": a range cut
    // after its first stop. ("… features from the target domain [via soft labels]" is no range: no "to" follows.)
    if (/^\s+(?:through|via)\b/i.test(m[0]) && /\bfrom\s[^,;]*,?\s*$/i.test(head) && /^[^.;]*?\bto\s/i.test(sentence.slice(m.index + m[0].length))) continue;
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

// ---------------------------------------------------------------- person and verb agreement

const MODALS = new Set(['can', 'could', 'will', 'would', 'may', 'might', 'shall', 'should', 'must', 'cannot']);
const TO_THIRD_SINGULAR: Record<string, string> = { have: 'has', are: 'is', were: 'was', do: 'does', go: 'goes', undergo: 'undergoes' };
const TO_BASE: Record<string, string> = { has: 'have', is: 'are', was: 'were', does: 'do', goes: 'go', focuses: 'focus', biases: 'bias', undergoes: 'undergo' };
/** A "-ly" word is an adverb, except the verbs that end that way ("we apply", "we rely on", "supply", "ally"). */
const LY_ADVERB = '(?!(?:ap|re|sup|com|im|multi|al|under)?ply\\b|(?:re|al)ly\\b)[a-z]+ly';
/** Adverbs that may sit between the subject and its verb ("we also propose"). */
const VERB_ADVERBS = new RegExp(
  `^(?:also|further|first|second|third|next|then|later|thereafter|afterwards|now|thus|hence|therefore|additionally|finally|both|either|not|still|instead|subsequently|moreover|here|again|mainly|primarily|only|simply|jointly|often|always|never|even|already|just|${LY_ADVERB})$`,
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

function matchCase(word: string, like: string): string {
  return /^[A-Z]/.test(like) ? word[0].toUpperCase() + word.slice(1) : word;
}

/** Verbs that often head a second coordinated predicate ("we analyse X and identify Y"). */
const COORDINATED_VERBS =
  'propose|present|introduce|show|demonstrate|identify|apply|evaluate|compare|achieve|provide|use|find|derive|develop|analy[sz]e|extend|study|obtain|outperform|prove|describe|release|train|learn|test|validate|discuss|explore|investigate|establish|offer|design|implement|report|suggest|argue|observe|verify|exploit|leverage|formulate|incorporate|combine|reduce|improve|enable|allow|yield|reach|set|make|give|build|create|collect|perform|conduct|explain|highlight|characteri[sz]e|quantify|measure|hypothesi[sz]e|conjecture|claim|conclude|note|tabulate|summari[sz]e|speculate|recommend|reveal|confirm|discover|emphasi[sz]e|contrast|leave|close|fix|try|address';
/** Verbs that are never nouns: any object may follow them ("and propose feature boosting", "and introduce ATMC"). */
const ALWAYS_VERBS =
  'propose|introduce|demonstrate|identify|evaluate|achieve|derive|develop|analy[sz]e|extend|obtain|outperform|prove|investigate|explore|establish|formulate|incorporate|exploit|leverage|improve|enable|conduct|explain|highlight|characteri[sz]e|quantify|verify|hypothesi[sz]e|apply|provide|show|combine|compare|describe|discuss|suggest|argue|observe|validate|implement|adapt|refine|define|generali[sz]e|examine|assess|construct|outline|sketch|illustrate|motivate|justify|predict|interpret|overcome|adopt|uncover|consider|optimi[sz]e|decouple|mitigate|devise|utili[sz]e|employ|modify|calculate|showcase|formali[sz]e|corroborate|choose|avoid|relate|determine|synthesi[sz]e|attempt|strive|seek|believe|expose|accelerate|simplify|strengthen|stabili[sz]e';
// "to" before a known verb, or before a word and then a determiner ("to reverse this paradigm"; "to the data" is not).
const INFINITIVE = new RegExp(`\\bto\\s+(?:[a-z]+ly\\s+)?(?:(?:${COORDINATED_VERBS}|${ALWAYS_VERBS})\\b|(?!(?:the|a|an|this|these|those|its|their|our|each|all|both)\\b)[a-z]+\\s+(?:the|a|an|this|these|those|its|their|our|each|all|both)\\b)`, 'i');
/** Verbs that take a "to" infinitive ("and aim to", "and seek to"); as nouns they follow a determiner ("the aim to"). */
const TAKES_INFINITIVE = /^(?:aim|hope|seek|try|attempt|plan|intend|wish|want|need|strive|endeavou?r|continue|begin|start|fail|manage|tend|choose|decide|learn|expect)$/i;
const COORDINATED_VERB = new RegExp(`^(?:${COORDINATED_VERBS})$`, 'i');
/** Verbs that often share one "to" with the next ("to detect and track the", "to rank and compare"). */
const INFINITIVE_PAIR_VERBS =
  'rank|detect|track|estimate|generate|classify|segment|recogni[sz]e|translate|parse|retrieve|model|represent|encode|decode|align|cluster|locali[sz]e|infer|understand|interpret|visuali[sz]e|label|annotate|search|select|reason|plan|control|optimi[sz]e|solve|sample|compute|approximate|compress|store|edit|repair|monitor|simulate|reconstruct|synthesi[sz]e|render|manipulate|navigate|capture|extract|integrate|organi[sz]e|process';
/** The conjunction follows a bare infinitive (after "to" or a modal), so the verb after it is a second one, not a main verb. */
const AFTER_BARE_INFINITIVE = new RegExp(`\\b(?:to|can|could|will|would|may|might|must|should|shall|cannot)\\s+(?:[a-z]+ly\\s+)?(?:${COORDINATED_VERBS}|${ALWAYS_VERBS}|${INFINITIVE_PAIR_VERBS})\\s*$`, 'i');
const ALWAYS_VERB = new RegExp(`^(?:${ALWAYS_VERBS})$`, 'i');
// The verb must be followed by what starts an object, so that nouns ("the design and use of X") stay as they are.
const OBJECT_START =
  /^(?:the|a|an|that|how|whether|its|their|our|it|them|these|this|those|new|novel|several|two|three|four|multiple|both|each|competitive|significant|strong|better|improved|state-of-the-art|some|many|various|experimental|empirical|preliminary|extensive|detailed|encouraging|promising|additional|qualitative|quantitative)$/i;
/** What "make" takes before its object ("make explicit the rules", "make available a corpus", "make use of"). */
const MAKE_COMPLEMENT = /^(?:explicit|available|public|possible|clear|precise|accessible|feasible|tractable|practical|transparent|visible|concrete|formal|use)$/i;
/** What cannot follow a verb that heads a predicate ("the training and use of X", "train and test sets are"). */
const NOT_OBJECT = /^(?:of|in|on|and|or|by|with|as|is|are|was|were|from|at)$/i;
/** An adverb between the conjunction and the verb ("and experimentally show", "and instead propose"). */
const COORDINATED_ADVERB = `(?:(?:also|further|then|first|finally|additionally|subsequently|instead|${LY_ADVERB})\\s+)?`;
/**
 * ", and develop a new defense": a second predicate in the base form, as only "we" (not a claim's subject) takes it
 * (", and give an algorithm": a few more of the authors' verbs, before the object they open); without the comma, a verb
 * only authors' acts take ("X induces a bias and propose Y").
 */
const AUTHORS_SECOND_PREDICATE = new RegExp(
  `,\\s+and\\s+${COORDINATED_ADVERB}(?:${ALWAYS_VERBS})\\s|,\\s+and\\s+${COORDINATED_ADVERB}(?:give|report|build|train)\\s+(?:a|an|two|three|new|novel)\\s|\\s+and\\s+${COORDINATED_ADVERB}(?:propose|introduce|develop|present|devise|design|derive|release|formulate|construct|implement|conduct|offer|provide)\\s`,
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
  const talksAbout = next !== undefined && /^(?:on|about|upon)$/i.test(next) && /^(?:report|comment|reflect|elaborate|speculate|focus|concentrate|dwell|touch|rely|draw)$/i.test(base) && !DOCUMENT_BEFORE.test(before);
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
    (from === 'third-singular' || (from === 'base' && /^and$/i.test(conj) && (/,\s*$/.test(before) || (!NOT_A_VERB_HERE.test(word) && !infinitiveInClause(before))) && !INFINITIVE.test(before) && !/s$/i.test(word))) &&
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
      else if (/^(?:do|does)$/i.test(verb)) verb = words[i + 2] === undefined || /^(?:not|never)$/i.test(words[i + 2]) ? matchCase(plurality === 'singular' ? 'does' : 'do', verb) : matchCase('did', verb);
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

// "The paper describes …" at the start of an abstract's sentence is the paper itself too (not "the work of Smith").
const SELF_REFERENCE = new RegExp(String.raw`^(?:(?:this|the present|the current|our|my) (?:${SELF_NOUNS}|monograph|volume|tutorial|contribution|submission)|the (?:paper|article|thesis|dissertation))\b(?! of\b)\s*`, 'i');
/** Verbs of which the work, not its authors, is the subject: "This work is …", "The book contains …". */
const WORK_STATES = /^(?:is|was|contains?|comprises?|consists?)\b/i;
/** The nouns a work of each BibTeX type calls itself ("The chapter concludes …" in a chapter of a book). */
const SELF_NOUNS_BY_TYPE: Readonly<Record<string, string>> = {
  techreport: 'report', report: 'report', incollection: 'chapter', inbook: 'chapter', book: 'book|volume', mvbook: 'book|volume',
  collection: 'book|volume', proceedings: 'volume', manual: 'manual|guide', booklet: 'booklet',
};
/** Genre words a title may call its work by ("… : A Review", "The Assessment Report on …"). */
const TITLE_GENRES = /\b(report|assessment|review|survey|overview|guide|handbook|primer|commentary|editorial|perspective|chapter|monograph|volume)\b/gi;

/**
 * "The report identifies …" in a report, "The review concludes …" in "Pesticides and Pollinators: A Review": the work
 * itself, by what its type and its title call it, as "This report" is. Elsewhere "the report" may be another work's.
 */
function selfReferenceOf(s: string, record: RewriteTarget['record']): RegExpExecArray | null {
  const own = SELF_REFERENCE.exec(s);
  if (own || !/^the\s/i.test(s)) return own;
  // Most sentences do not open with "The …": only those ask what the type and title call the work.
  const nouns = new Set<string>((SELF_NOUNS_BY_TYPE[record.type?.toLowerCase() ?? ''] ?? '').split('|').filter(Boolean));
  for (const m of record.title?.matchAll(TITLE_GENRES) ?? []) nouns.add(m[1].toLowerCase());
  if (!nouns.size) return null;
  // "The Review as Art and Communication not only presents …": the title itself as the subject, not its genre.
  const titleOpening = record.title?.split(/\s+/).slice(0, 3).join(' ').toLowerCase();
  if (titleOpening && s.toLowerCase().startsWith(titleOpening)) return null;
  return new RegExp(String.raw`^the (?:${[...nouns].join('|')})\b(?! of\b)\s*`, 'i').exec(s);
}
const ARTIFACT_HEAD =
  '(?:approach|method|model|system|framework|algorithm|technique|architecture|network|analysis|results?|experiments?|contributions?|findings|tool|procedure|scheme|formulation|estimator|objective|loss|dataset|benchmark|theory|idea|proposal|solution|implementation|work|paper|group|team|lab|laboratory|(?:tagger|parser|forecaster|classifier|detector|planner|solver|generator|encoder|decoder|simulator|library|toolkit|package|corpus|metric|pipeline|protocol|prototype|compiler|program|platform|agent|controller|policy|heuristic|grammar|lexicon|annotation|evaluation|simulation|proof|design|measure|engine|editor|interface|estimate|measurement|observation|calculation|prediction|forecast|survey|trial|sample|interview)s?|data)';
/** "our X model": the head may be two such words ("our convolutional network model"), never one of them alone. */
const OUR_ARTIFACT = new RegExp(String.raw`^our ((?:[\w-]+ ){0,3}?${ARTIFACT_HEAD}(?: ${ARTIFACT_HEAD})*)\b`, 'i');
/** A verb that a plain noun before it can be the subject of ("… parameters are …"). */
const AUXILIARY_AFTER = /^ ([\p{L}-]+) (?:is|are|was|were|has|have|had|can|could|will|would|may|might|must|should)\b/iu;
/** Words that end a noun phrase rather than go on it. */
const NOT_A_NOUN = /^(?:also|not|only|then|thus|therefore|first|further|both|still|now|which|that|who|and|or|but|\p{L}+ly)$/iu;

/**
 * " of 40 harbours" in "Our analysis of 40 harbours shows …": the artifact's "of" phrase up to the main verb, so that the
 * authors follow it ("The analysis of 40 harbours by Doe \cite{k} shows", not "The analysis of Doe \cite{k} of 40
 * harbours shows"). Undefined when the rest does not open with a short "of" phrase before a finite verb.
 */
function ofPhraseBeforeVerb(rest: string): string | undefined {
  // Not an "of" that opens a clause ("of how pilots read gauges"): its own verb is not the sentence's.
  if (!/^ of [^,;:()]/.test(rest) || /^ of (?:how|what|whether|which|who|whom|why|when|where|if)\b/i.test(rest)) return undefined;
  const terms = taggedTerms(rest);
  let at = 0;
  for (let i = 0; i < terms.length && i <= 8; i++) {
    const t = terms[i];
    const start = rest.indexOf(t.text, at);
    if (start < 0) return undefined;
    at = start + t.text.length;
    if (i < 2) continue;
    if (/[,;:()]/.test(terms[i - 1].post)) return undefined;
    const finite = isFiniteVerb(t);
    // After a number, a word in "-s" is what was counted ("40 harbours"), however the tagger reads it.
    const afterNoun = terms[i - 1].tags.includes('Noun') || (terms[i - 1].tags.includes('Value') && !/s$/i.test(t.text));
    // "of 40 harbours shows": a plural noun the tagger reads as a verb is followed by the verb itself.
    const next = terms[i + 1];
    const nextFinite = !!next && next.tags.includes('Verb') && !next.tags.includes('Gerund') && next.tags.some((g) => /^(?:PresentTense|PastTense|Copula|Modal)$/.test(g));
    if (finite && afterNoun && !(nextFinite && /s$/i.test(t.text))) return rest.slice(0, start).trimEnd();
  }
  return undefined;
}

/**
 * "Our tagger reaches …": the authors' artifact and its name ([whole match, phrase]). A noun after the head goes with
 * it where a verb follows ("Our model parameters are …" → "The model parameters of Doe \cite{k} are …"; it was "The
 * model of Doe \cite{k} parameters are …").
 */
function ourArtifact(sentence: string): [string, string] | undefined {
  const m = OUR_ARTIFACT.exec(sentence);
  if (!m) return undefined;
  const more = AUXILIARY_AFTER.exec(sentence.slice(m[0].length));
  return more && !NOT_A_NOUN.test(more[1]) ? [`${m[0]} ${more[1]}`, `${m[1]} ${more[1]}`] : [m[0], m[1]];
}

/**
 * "if we consider only continuous activations": a supposition anyone may make, not something the authors did. It reads
 * "if one considers …" (it was "if this paper considers …").
 */
const GENERIC_WE = /\b(if|when|whenever|once|unless)\s+we\s+(consider|assume|take|let|view|fix|restrict|denote|write|treat|define|regard|allow|choose|pick)\b/gi;

/**
 * First-person words that are not the authors speaking of their work: a quotation (“…”, "…"), a name or title set in
 * capitals ("the We Read Here campaign", "How Our Town Kept Its Library", where a capital "We" or "Our" inside a
 * sentence cannot be the pronoun), and "our" meaning everyone ("the finest printer of our time").
 */
const OUR_TIME_OR_WORLD = String.raw`\bof our (?:time|times|era|age|day)\b(?!\s+(?:in|at|on|with|as)\b)|\bour (?:society|world|planet|civili[sz]ation|species)\b`;
const NOT_THE_AUTHORS_SPEAKING = new RegExp(String.raw`“[^“”]*”|"[^"]*"|(?<![.:;!?(]\s*|^\s*)\b(?:We|Our|Us|My)\b(?:['’]\w+)?|${OUR_TIME_OR_WORLD}`, 'gu');

/**
 * "part of our daily lives", "most of us", "typesetters of us all": a sentence that speaks for everyone, whose other
 * "we" and "our" are everyone's too ("… of us all as we define our identities"), not the authors', unless a "we" does
 * research ("Tide apps are used by most of us, yet we find …"): then only the phrase itself is everyone's.
 */
const SPEAKS_FOR_EVERYONE = /\bour (?:daily|everyday|modern|busy|working|digital) li(?:ves|fe)\b|\b(?:all|each|most|many|some|none|few|both) of us\b|\bus all\b/i;
const EVERYONE_PHRASES = new RegExp(SPEAKS_FOR_EVERYONE.source, 'gi');
const WE_DO_RESEARCH = /\bwe (?:\w+ly )?(?:find|found|show|showed|shown|propose|present|introduce|describe|report|demonstrate|argue|develop|study|examine|investigate|survey|measure|evaluate|compare|analy[sz]e|test|observe|conclude)\b/i;

const EVERYONES_WORDS = new RegExp(`${SPEAKS_FOR_EVERYONE.source}|${OUR_TIME_OR_WORLD}`, 'gi');

/** A sentence whose "we" and "our" are everyone's ("Short videos have become part of our daily lives."). */
export function speaksForEveryone(sentence: string): boolean {
  return SPEAKS_FOR_EVERYONE.test(sentence) && !WE_DO_RESEARCH.test(sentence);
}

/** The sentence without the words in which "our" and "us" are everyone's ("of our time", "most of us"). */
export function withoutEveryonesWords(sentence: string): string {
  return sentence.replace(EVERYONES_WORDS, '');
}

/** Replace the remaining first-person pronouns in the middle of a sentence (not in quotations and names). */
function replaceInnerFirstPerson(s: string, style: CitationStyle, tense: Tense = 'present', authorsUnnamed = false): string {
  if (speaksForEveryone(s)) return s;
  const kept: string[] = [];
  // Each kept span waits behind a private-use placeholder while the pronouns around it are rewritten.
  const keep = (m: string) => `\uE000${kept.push(m) - 1}\uE001`;
  const masked = s.replace(NOT_THE_AUTHORS_SPEAKING, keep).replace(EVERYONE_PHRASES, keep);
  return replaceAuthorsFirstPerson(masked, style, tense, authorsUnnamed).replace(/\uE000(\d+)\uE001/g, (_m, i: string) => kept[Number(i)]);
}

function replaceAuthorsFirstPerson(s: string, style: CitationStyle, tense: Tense, authorsUnnamed: boolean): string {
  let first = authorsUnnamed;
  s = s.replace(GENERIC_WE, (_m, conj: string, verb: string) => `${conj} one ${toThirdSingular(verb)}`);
  // Knowing is the authors', not the paper's ("to the best of the knowledge", "as far as it knows"), and where no
  // subject names them, there is no "their" to say it with.
  // So is "our own" ("the own implementation" says nothing); named authors get "their own" below.
  if (style === 'tldr' || authorsUnnamed) {
    s = s
      .replace(/\b(to (?:the best of )?)our knowledge\b/gi, "$1the authors' knowledge")
      .replace(/\bas far as we (know|are aware)\b/gi, 'as far as the authors $1')
      .replace(/\b(?:our|my) own\b/g, "the authors' own")
      .replace(/\b(?:Our|My) own\b/g, "The authors' own");
  }
  if (style === 'citation') {
    return s
      // A cited work's further claims are reported in the same tense as its main one ("they showed"). Where no subject
      // has named the authors yet, the first "we" does ("the authors showed"), not an orphan "they". A question asks
      // impersonally ("how can one generate X?", "how does one choose"), as in a TLDR; after a modal or "do" the verb
      // keeps its base form.
      .replace(/\b(?:(nor|neither)\s+)?(?:(can|could|do|did|will|would|should|may|might|must|shall)\s+)?we\s+([\w-]+(?:\s+[\w-]+)?)/gi, (m, nor: string | undefined, modal: string | undefined, rest: string) => {
        if (!modal && (nor || !/^we/.test(m))) return m;
        if (modal && !nor && !/^did$/i.test(modal)) return `${/^do$/i.test(modal) ? (modal === 'Do' ? 'Does' : 'does') : modal} one ${rest}`;
        const pronoun = first ? 'the authors' : 'they';
        first = false;
        if (modal) return `${nor ? `${nor} ` : ''}${modal} ${pronoun} ${rest}`;
        return `${pronoun} ${tense === 'past' ? agreeVerb(rest, 'plural', 'base', 'past') : rest}`;
      })
      .replace(/\bWe\b/g, 'They')
      // Once the authors are named, "the results of this study" are theirs (in a draft, "this study" is the reader's).
      .replace(OF_THIS_PAPER_ANYWHERE, (m, adjective = '', noun: string) => (authorsUnnamed ? m : `of their ${adjective}${noun}`))
      // … and so are "the input for this paper", "what was learned from this work", "a first version of this paper"
      // ("the paper" where no subject has named the authors).
      .replace(THIS_PAPER_AFTER_PREPOSITION, (_m, preposition: string, adjective = '', noun: string) => `${preposition} ${authorsUnnamed ? 'the' : 'their'} ${adjective}${noun}`)
      // Unnamed authors have no "their" to refer back to: "our two models" is "the two models".
      .replace(/\b(?:our|my)\b/g, authorsUnnamed ? 'the' : 'their')
      .replace(/\b(?:Our|My)\b/g, authorsUnnamed ? 'The' : 'Their')
      .replace(/\bours\b/g, 'theirs')
      .replace(/\bourselves\b/g, 'themselves')
      .replace(/\bus\b/g, 'them');
  }
  return s
    // "How can we create X?" asks what anyone could do: "How can one create X?" (the verb keeps its base form);
    // "Nor do we rely on X" is the paper's ("Nor does it rely"), "did we" the authors'.
    .replace(/\b(nor|neither)\s+do\s+we\b/gi, '$1 does it')
    .replace(/\b([Dd])o\s+we\b/g, '$1oes one')
    .replace(/\b(did)\s+we\b/gi, '$1 the authors')
    .replace(/\b(can|could|will|would|should|may|might|must|shall)\s+we\b/gi, '$1 one')
    // "it" stands for the paper only once "This paper" has been said; before that, the paper is named.
    .replace(/\bwe\s+([\w-]+(?:\s+[\w-]+)?)/g, (_m, rest: string, at: number, whole: string) => {
      // "the changes we made", "the tasks we performed": what the authors did stays theirs and stays past (not "the
      // changes it makes"). A clause of its own ("…; in Study 2, we tested X") is reported in the present, as the
      // summary's first clause is.
      const verb = rest.split(/\s+/)[0];
      if (isPastForm(verb) && !/^(?:had|did|used)$/i.test(verb)) {
        const ownClause = /(?:[;:]\s+(?:[^,;:]{1,40},\s+)?|,\s+(?:and|but|then|so)\s+)$/.test(whole.slice(0, at));
        return `the authors ${ownClause ? agreeVerb(rest, 'plural', 'base') : rest}`;
      }
      const pronoun = first ? 'this paper' : 'it';
      first = false;
      return `${pronoun} ${agreeVerb(rest, 'singular', 'base')}`;
    })
    // "enables us to compare" is the reader's gain, not the paper's: "enables one to compare".
    .replace(/\b((?:allow|enable|let|help|lead|give|provide)(?:s|ed|ing)?|led|gave|given)\s+us\b/gi, '$1 one')
    .replace(/\b(?:our|my)\b/g, 'the')
    .replace(/\b(?:Our|My)\b/g, 'The')
    .replace(/\bours\b/g, 'its')
    .replace(/\bourselves\b/g, 'itself')
    .replace(/\bus\b/g, 'it');
}

/**
 * "of this paper", "of this extended paper", "of the present study": the work itself, after "of". Not a body of work
 * ("much of this work has relied on …") and not a part or version of the paper ("the next section of this paper").
 */
const NOT_THE_WORK_ITSELF = String.raw`(?<!\b(?:much|most|some|all|none|many|each|any|one|several|both|part|parts|section|sections|version|versions|chapter|remainder|rest|appendix|draft|revision|copy)\s)`;
const THE_WORK_ITSELF = String.raw`${NOT_THE_WORK_ITSELF}\bof (?:this|the present) `;
const SELF_NOUN = 'paper|work|article|study|thesis|dissertation|report|note|letter';
const OF_THIS_PAPER = new RegExp(String.raw`${THE_WORK_ITSELF}(?:(?:extended|short|present|current) )?(?:${SELF_NOUN})\b`, 'i');
/**
 * "for this paper", "from this work", "a first version of this paper": the work itself after a preposition other than
 * "of" (OF_THIS_PAPER names the authors there), or after a version of it.
 */
const THIS_PAPER_AFTER_PREPOSITION = new RegExp(
  String.raw`\b(for|from|to|with|by|into|behind|throughout|(?:version|versions|draft|drafts|revision|copy|edition) of) (?:this|the present) ((?:extended|short) )?(paper|article|study|thesis|dissertation|report|work)\b`,
  'gi',
);
/** The same, anywhere in a sentence, keeping the adjective and noun ("of their extended paper"). */
const OF_THIS_PAPER_ANYWHERE = new RegExp(String.raw`${THE_WORK_ITSELF}((?:extended|short) )?(${SELF_NOUN})\b`, 'gi');

export interface RewriteTarget {
  /** `type` and `title` tell which "the report", "the chapter" or "the review" is the work itself. */
  record: Pick<PaperRecord, 'key' | 'authors' | 'authorsTruncated'> & Partial<Pick<PaperRecord, 'type' | 'title'>>;
  style: CitationStyle;
  syntax?: CiteSyntax;
  /** Citation style only (a TLDR speaks in the present): default 'present'. */
  tense?: Tense;
  /** The sentence is a compression cut short: a noun phrase cut at a preposition no longer names what the work is about. */
  truncated?: boolean;
}

/** "a" or "an" before the given text ("an encoder", "a unified model", "an RNN"). */
function indefiniteArticle(next: string, capital = false): string {
  // Initialisms read letter by letter: "an RNN", "an LSTM", "a CNN".
  const initialism = /^[A-Z]{2,}\b/.test(next);
  const vowel = initialism
    ? /^[AEFHILMNORSX]/.test(next)
    : /^(?:[aeio]|u(?![nr]i|s[eu])|honest|hour)/i.test(next) && !/^(?:one|eu)/i.test(next);
  return (capital ? 'A' : 'a') + (vowel ? 'n' : '');
}

/** Words after which "new"/"novel" is not an adjective before a noun: "the novel itself", "the novel and the film". */
const NOT_A_NOUN_AFTER = String.raw`(?:itself|is|are|was|were|has|have|had|be|been|and|or|but|nor|of|in|on|at|to|for|by|with|as|from|into|than|that|which|who|whose|it|its|their|the|a|an|this|these|those|can|could|will|would|may|might|must|should|does|do|did|not)\b`;

/**
 * "a novel method" → "a method": the authors' "novel"/"new" is self-description that a citing sentence does not
 * repeat (it is also no longer new when cited). Only in lower case after a determiner and before a noun, so names
 * ("the New York Times") and the noun ("the novel itself") stay, and not where the newness is the meaning ("from a new
 * perspective", "a new generation of", "a new kind of").
 */
export function dropSelfPraise(s: string): string {
  return s
    .replace(SELF_PRAISE_AFTER_DETERMINER, (_m, det: string, offset: number, whole: string) => {
      const d = /^an?$/i.test(det) ? indefiniteArticle(whole.slice(offset + _m.length), det[0] === 'A') : det;
      return `${d} `;
    })
    // … and a bare plural that a contribution verb takes ("reported novel techniques" → "reported techniques"); not
    // after "to", where the work's aim is spoken of ("to introduce new users to TeX": users new to it).
    .replace(SELF_PRAISE_AFTER_VERB, '$1');
}
/** What a cited work is said to have done: "propose(s)", "proposed", "presents" … (not "creates new ideas", where "new" is the point). */
const CONTRIBUTION_VERB_FORMS =
  'propos(?:e|es|ed)|present(?:s|ed)?|introduc(?:e|es|ed)|report(?:s|ed)?|describ(?:e|es|ed)|develop(?:s|ed)?|offer(?:s|ed)?|design(?:s|ed)?';
// Built once: dropSelfPraise runs on every rewritten candidate.
const SELF_PRAISE_AFTER_DETERMINER = new RegExp(
  String.raw`\b([Aa]|[Aa]n|[Tt]he|[Tt]wo|[Tt]hree|[Ss]everal|[Ss]ome|[Tt]hese|[Tt]his|[Tt]heir|[Ii]ts)\s+(?:novel|new)\s+(?:and\s+)?(?=[A-Za-z])(?!${NOT_A_NOUN_AFTER})(?!(?:perspective|angle|viewpoint|look|lens|light|direction|avenue|era|frontier|generation|kind|sort|type|breed|genre|species|edition|version|release)s?\b)`,
  'g',
);
const SELF_PRAISE_AFTER_VERB = new RegExp(String.raw`(?<!\bto\s)\b((?:${CONTRIBUTION_VERB_FORMS})\s+)(?:novel|new)\s+(?=[a-z]+s\b)`, 'g');

const SUBJECT_ASIDE =
  /^(we|I)\s*,\s*(?:in contrast|by contrast|however|instead|therefore|thus|hence|in turn|on the other hand|in particular|for example|for instance|in addition|additionally|moreover|furthermore|then|first|finally|here|now|for the first time|to our knowledge|to the best of our knowledge)\s*,\s*/i;
const INNER_SELF_LOCATION = /(?<=[\w)])\s+(?:in this (?:paper|work|article|study|thesis|dissertation|chapter|book|essay|letter|note)|herein)(?=[\s,.;:])/gi;

/** Participles of what a paper does to the base form its authors would use in the active voice. */
const CONTRIBUTION_PARTICIPLE: Record<string, string> = {
  proposed: 'propose', presented: 'present', described: 'describe', introduced: 'introduce', developed: 'develop',
  discussed: 'discuss', suggested: 'suggest', outlined: 'outline', reported: 'report', investigated: 'investigate',
  studied: 'study', examined: 'examine', explored: 'explore', evaluated: 'evaluate', analyzed: 'analyze',
  analysed: 'analyse', defined: 'define', formulated: 'formulate', designed: 'design', derived: 'derive',
  constructed: 'construct', implemented: 'implement', addressed: 'address', built: 'build', created: 'create',
};
/**
 * Participles of what a study does, not what it contributes ("a coaching programme was offered to 150 residents"):
 * the authors' act only where "in this study" or "here" frames the sentence, or, for carrying out a study
 * ("A survey was conducted among 400 nurses"), where the subject is the study itself (STUDY_CONDUCTED).
 */
const STUDY_ACT_PARTICIPLE: Record<string, string> = {
  offered: 'offer', conducted: 'conduct', 'carried out': 'carry out', undertaken: 'undertake', performed: 'perform',
  collected: 'collect', recruited: 'recruit', surveyed: 'survey', interviewed: 'interview', administered: 'administer',
  followed: 'follow', assigned: 'assign', gathered: 'gather', sampled: 'sample', compared: 'compare',
  tested: 'test', measured: 'measure', assessed: 'assess', applied: 'apply', used: 'use', trained: 'train',
};
/** "A cross-sectional survey was conducted …": a study's subject that carrying it out makes the authors' own. */
// (Not "this study": the paper itself, which no one conducts in a citation; nor "many surveys", which are others'.)
const STUDY_CONDUCTED = /^(?!(?:this|the present|the current) (?:study|survey|review|analysis|investigation)$)(?:(?:an?|the|this|these|two|three|four|five)\s+)?(?!(?:many|several|numerous|few|some|most|other|previous|prior|earlier|similar|such)\b)(?:[\w-]+\s+){0,3}?(?:survey|study|trial|experiment|analysis|meta-analysis|review|evaluation|interviews?|questionnaire|audit|pilot|investigation|assessment|simulation|observation|fieldwork|census|excavation)s?$/i;
const CONDUCTING = /^(?:conducted|carried out|undertaken|performed)$/i;

/** Participles that may follow the first one in a coordinated passive ("is described and compared"). */
const FURTHER_PARTICIPLE: Record<string, string> = {
  ...CONTRIBUTION_PARTICIPLE,
  compared: 'compare', tested: 'test', applied: 'apply', demonstrated: 'demonstrate', validated: 'validate',
  illustrated: 'illustrate', characterized: 'characterize', verified: 'verify', assessed: 'assess', trained: 'train',
  extended: 'extend', measured: 'measure', proved: 'prove', shown: 'show', used: 'use',
};
/**
 * "A tagger for chat text is (also) presented (and evaluated) …": the abstract's passive self-description. Only "is/are"
 * (a "has been proposed" or "was proposed" is as often someone else's work), after a noun phrase that opens with a
 * determiner and does not count prior work ("a number of", "a few"); when "in this paper" or "here" frames the
 * sentence, also "was/were" and any noun phrase without a clause of its own (activeSelfDescription checks which).
 */
const PASSIVE_SELF_DESCRIPTION = new RegExp(
  `^((?:in this (?:short |brief )?(?:paper|work|article|study|letter|note)|here(?:in)?)\\s*,?\\s+)?((?!(?:an?|the|this|these|two|three|four|five)\\s(?:number|variety|range|lot|couple|few|series) of\\b)[^,;:]{2,200}?)\\s+(is|are|was|were)\\s+((?:(?:also|here|first|then|further|briefly|formally|now|thus|therefore)\\s+)?)(${[...Object.keys(CONTRIBUTION_PARTICIPLE), ...Object.keys(STUDY_ACT_PARTICIPLE)].join('|')})((?:(?:\\s*,\\s*(?:and\\s+|or\\s+)?|\\s+(?:and|or)\\s+)(?:\\w+ed|shown|built))*)\\b`,
  'i',
);
/** Where no "in this paper" frames the passive, its subject must open with a determiner ("A tagger is presented"). */
const DETERMINED_PHRASE = /^(?:an?|the|this|these|two|three|four|five)\s/i;
/** A subject that is only a noun phrase: no clause of its own ("we describe an architecture where questions …"). */
const PLAIN_NOUN_PHRASE = /^(?!.*\b(?:we|I|our|us|they|it|is|are|was|were|be|been|has|have|had|can|could|will|would|may|might|must|should|do|does|did|that|which|where|who|whom|when|while|if|because)\b)/i;
/** What follows a passive that names another agent or other work: "… proposed by Okafor", "… in the literature". */
const OTHER_AGENT = /^\s*(?:by (?!(?:means of|\w+ing)\b)|in (?:the literature|(?:prior|previous|earlier|recent|related|other) (?:work|studies|research|literature|papers)|\[|\()|previously\b|recently\b|elsewhere\b|so far\b|to date\b)/i;
const INVERTED_PASSIVE = new RegExp(`^(?:(also)\\s+)?(${Object.keys(CONTRIBUTION_PARTICIPLE).join('|')})\\s+(?:here\\s+|in this (?:paper|article|work)\\s+)?(?:is|are)\\s+(?=(?:an?|the|two|three|four|five|several|some|various|new|novel)\\s)`, 'i');

/**
 * The active voice of a passive self-description, with the authors' "we" as subject, so that the rest of the rewrite
 * names them: "A tagger is presented for chat" → "We present a tagger for chat" (→ "Doe \cite{k} presented a tagger
 * for chat"). Undefined when the sentence is no such passive.
 */
export function activeSelfDescription(sentence: string, framed = false): string | undefined {
  // "It is shown that …" in an abstract is the authors' own claim.
  const claim = impersonalFindingAsWe(sentence);
  if (claim !== sentence) return claim;
  // "Presented are two hyphenation rules …", "Also described is a parser …": the passive with its subject after it.
  const inverted = INVERTED_PASSIVE.exec(sentence);
  if (inverted && !MENTIONS_OTHER_WORK.test(sentence)) {
    const [whole, also = '', participle] = inverted;
    return `We ${also ? 'also ' : ''}${FURTHER_PARTICIPLE[participle.toLowerCase()]} ${sentence.slice(whole.length)}`;
  }
  const m = PASSIVE_SELF_DESCRIPTION.exec(sentence);
  if (!m || MENTIONS_OTHER_WORK.test(sentence)) return undefined;
  const [matched, frame, phrase, auxiliary, adverb, participle, listed] = m;
  // "An editor is described, built on …": participles joined by commas alone are no list ("described, built
  // and tested" is one); the later one describes the subject and stays after it.
  const coordinated = /\b(?:and|or)\b/i.test(listed) ? listed : '';
  const whole = matched.slice(0, matched.length - listed.length + coordinated.length);
  // "In this paper an algorithm … was introduced": the frame makes the past the paper's own act, and any noun phrase
  // its object; without it, "was proposed" is as often someone else's work.
  const ownFrame = framed || !!frame;
  const base = CONTRIBUTION_PARTICIPLE[participle.toLowerCase()] ?? STUDY_ACT_PARTICIPLE[participle.toLowerCase()];
  const studyConducted = CONDUCTING.test(participle) && STUDY_CONDUCTED.test(phrase);
  const onlyTheFrameLicenses = !studyConducted && (/^(?:was|were)$/i.test(auxiliary) || !DETERMINED_PHRASE.test(phrase) || !CONTRIBUTION_PARTICIPLE[participle.toLowerCase()]);
  if (onlyTheFrameLicenses && (!ownFrame || !PLAIN_NOUN_PHRASE.test(phrase))) return undefined;
  const rest = sentence.slice(whole.length);
  if (OTHER_AGENT.test(rest)) return undefined;
  // Unframed, a study with its agent further on is someone else's ("… was conducted in 2019 by the ministry").
  if (!ownFrame && studyConducted && /\bby (?!means of\b|\w+ing\b)/i.test(rest)) return undefined;
  // "described and compared": every coordinated participle must be one we can put in the active voice. (A clause
  // after ", and a …" is not part of the verb group and stays where it is.)
  const further: string[] = [];
  for (const part of coordinated.split(/\s*(,|\band\b|\bor\b)\s*/).filter((x) => x.trim())) {
    if (/^(?:,|and|or)$/i.test(part)) further.push(part === ',' ? ',' : ` ${part.toLowerCase()}`);
    else if (FURTHER_PARTICIPLE[part.toLowerCase()]) further.push(` ${FURTHER_PARTICIPLE[part.toLowerCase()]}`);
    else return undefined;
  }
  // "An approach — the template approach — is described": the dash that closed the aside has nothing left to close.
  const object = phrase.replace(/\s*[—–]\s*$/, '');
  const determiner = object[0].toLowerCase() + object.slice(1);
  return `We ${adverb}${base}${further.join('')} ${determiner}${activeNextPassive(rest)}`;
}

/**
 * "… are examined and the books themselves are discussed in relation to X", right after a passive turned active: the
 * next clause's passive is the same authors' act ("… and discuss the books themselves in relation to X"). Left as it
 * was, its subject read as a second object of the first verb and its "are discussed" dangled.
 */
function activeNextPassive(rest: string): string {
  const m = COORDINATED_PASSIVE.exec(rest);
  if (!m || m.index !== 0 || OTHER_AGENT.test(rest.slice(m[0].length))) return rest;
  const [whole, conjunction, phrase, adverb, participle] = m;
  return `${conjunction}${adverb}${FURTHER_PARTICIPLE[participle.toLowerCase()]} ${phrase[0].toLowerCase()}${phrase.slice(1)}${rest.slice(whole.length)}`;
}

/**
 * "… and its closure properties are studied": a later clause whose passive hides the same authors. Only "is/are" with
 * a participle of what a paper does, after a determiner ("a", "its", "their" …), and not by another agent.
 */
const COORDINATED_PASSIVE = new RegExp(
  `(,?\\s+and\\s+)((?:an?|the|its|their|these|this|our)\\s[^,;:()]{2,80}?)\\s+(?:is|are)\\s+((?:(?:also|then|further|briefly|formally|thoroughly)\\s+)?)(${Object.keys(FURTHER_PARTICIPLE).join('|')})\\b(?!\\s+(?:and|or|to be|as)\\b)`,
  'i',
);

/**
 * "We describe X, and its running time is analysed" → "We describe X, and analyse its running time", so that both
 * predicates have the authors as subject and the rewrite names them once. Only in a sentence whose subject is "we"
 * and outside a "that"/"which" clause, where the passive might belong to the embedded claim.
 */
export function activeCoordinatedPassive(sentence: string): string {
  if (!/^we\s/i.test(sentence)) return sentence;
  const m = COORDINATED_PASSIVE.exec(sentence);
  if (!m) return sentence;
  const before = sentence.slice(0, m.index);
  const rest = sentence.slice(m.index + m[0].length);
  if (/\b(?:that|which|who|whom|whose|where|when|whether|if|because|since|although|while)\b/i.test(before) || OTHER_AGENT.test(rest)) return sentence;
  // "We define X, a decoder is constructed …, and Y is introduced": one of a list of passives; turning the last alone
  // would break the list.
  if (/\b(?:is|are)\s+(?:\w+ly\s+)?\w+(?:ed|en|wn|lt)\b/i.test(before)) return sentence;
  const [, conjunction, phrase, adverb, participle] = m;
  const object = phrase[0].toLowerCase() + phrase.slice(1);
  return `${before}${conjunction}${adverb}${FURTHER_PARTICIPLE[participle.toLowerCase()]} ${object}${rest}`;
}

/** "this essay outlines", "the present study examines": the work as the subject of its own act. */
const SELF_NAMED_SUBJECT = String.raw`(?:this|the present) (?:${SELF_NOUNS}|monograph|tutorial)\s+(?:also\s+|[a-z]+ly\s+)?[a-z]+s\b`;
/** "Borrowing X from Y, we develop Z", "Drawing on X, this essay outlines Y": a fronted clause before the authors' own. */
const FRONTED_BEFORE_AUTHORS = new RegExp(
  String.raw`^([^;]{3,250}?)([,;])\s*(?:(in this (?:paper|work|note|article|study)|here|then|thus|therefore|hence|so|and|but)\s*,?\s+)?(?=we\s|${SELF_NAMED_SUBJECT})`,
  'i',
);
/** "Inspired by X we design Y": an introductory participle or preposition without its comma. */
const OPENER_BEFORE_AUTHORS = new RegExp(
  String.raw`^((?:inspired|motivated|based|building|drawing|following|leveraging|borrowing|using|given|to|by|with|unlike|for)\b[^,;]{3,120}?)\s+(?=we\s|${SELF_NAMED_SUBJECT})`,
  'i',
);

/**
 * Third-person rewrite of one (already compressed) sentence.
 * citation: "We propose X" → "Smith et al. \cite{k} propose X"; "This paper presents X" → "Smith \cite{k} presents X";
 *           otherwise the citation marker goes before the final period.
 * tldr:     "We propose X" → "This paper proposes X"; no author names, no citation marker.
 */
export function rewriteSentence(sentence: string, target: RewriteTarget): string {
  const { style } = target;
  // "We address X in this paper by …", "Our work in this paper extends …": once the subject names the work, an
  // inner "in this paper" repeats it ("This paper in this paper extends …").
  let s = stripLeadingDiscourse(stripForeignNumberedCitations(sentence).replace(INNER_SELF_LOCATION, ''));
  // "We, in contrast, discuss …": the aside would split the subject from its verb.
  s = s.replace(SUBJECT_ASIDE, '$1 ');
  // "We present here a method": once the authors are named, "here" points nowhere.
  s = s.replace(/^(we\s+(?:[a-z]+ly\s+)?[a-z]+)\s+here\b(?!\s+(?:is|are)\b)/i, '$1');
  // "We believe that X": what the authors claim, reported as citing authors report a claim ("Roe \cite{k} argued
  // that X"), not as a belief they held once ("believed") or one a paper holds ("This paper believes").
  s = s.replace(/^(we\s+(?:also\s+|further\s+|[a-z]+ly\s+)?)(?:believe|think)\s+(?=that\b)/i, '$1argue ');
  // "We aim instead at X", "… propagate labels in the graph instead.": the alternative to what the abstract said just
  // before, which a citation does not repeat. An "instead" within the sentence stays ("and instead proposes", "; instead,
  // the model …", "instead of X").
  s = s.replace(/(?<!\b(?:and|but|or)|[,;:])\s+instead\b(?!\s+of\b)(?=[\s.;!?])/gi, '');
  s = withImpliedSubject(s);
  s = activeCoordinatedPassive(activeSelfDescription(s) ?? s);
  // "Borrowing X from Y, we develop Z": the first "we" after a fronted clause is the subject too, and so is "this
  // paper" (in a draft, a "this paper" left in the sentence would be the reader's paper).
  const fronted = FRONTED_BEFORE_AUTHORS.exec(s) ?? OPENER_BEFORE_AUTHORS.exec(s);
  // Not when the part before the comma has the work as its own subject ("This work provides X, and we …").
  if (fronted && !/\bwe\b/i.test(fronted[1]) && !selfReferenceOf(fronted[1], target.record) && !OUR_ARTIFACT.test(fronted[1])) {
    // The fronted clause keeps (or gets) its comma; a "here"/"then" between it and "we" is dropped, a conjunction
    // that joins two clauses is kept ("X is hard, and this paper proposes Y").
    const [, clause, separator = ',', joiner = ''] = fronted;
    const conjunction = /^(?:so|and|but)$/i.test(joiner) ? `${joiner.toLowerCase()} ` : '';
    const prefix = `${replaceInnerFirstPerson(clause, style, target.tense)}${separator} ${conjunction}`;
    const rest = rewriteSentence(s.slice(fronted[0].length), target);
    return ensureFinalPeriod(capitalizeFirst(prefix + (/^(?:This paper|The )/.test(rest) ? rest[0].toLowerCase() + rest.slice(1) : rest)));
  }
  // "I" (a single-author paper or a dissertation) is the same subject as "we".
  const we = /^(?:we|I(?= [a-z]))\s+(?:therefore\s+|thus\s+|hence\s+|then\s+|here\s+|now\s+)?/i.exec(s);
  const self = selfReferenceOf(s, target.record);
  const ours = ourArtifact(s);
  if (style === 'citation') {
    const subject = workSubject(target.record, target.syntax);
    if (we) {
      s = `${subject.text} ${agreeVerb(replaceInnerFirstPerson(s.slice(we[0].length), style, target.tense), subject.plurality, 'base', target.tense)}`;
    } else if (self && WORK_STATES.test(s.slice(self[0].length))) {
      // "This work is based on X": the work is based on X, its authors are not ("The work of Doe \cite{k} was based …");
      // nor do they contain what the book contains.
      const noun = self[0].trim().split(/\s+/).pop()!.toLowerCase();
      s = `The ${noun} of ${subject.text} ${agreeVerb(replaceInnerFirstPerson(s.slice(self[0].length), style, target.tense), 'singular', 'third-singular', target.tense)}`;
    } else if (self) {
      s = `${subject.text} ${agreeVerb(replaceInnerFirstPerson(s.slice(self[0].length), style, target.tense), subject.plurality, 'third-singular', target.tense)}`;
    } else if (ours) {
      const rest = replaceInnerFirstPerson(s.slice(ours[0].length), style, target.tense);
      const object = ofPhraseBeforeVerb(rest);
      s = object ? `The ${ours[1]}${object} by ${subject.text}${rest.slice(object.length)}` : `The ${ours[1]} of ${subject.text}${rest}`;
    } else if (OF_THIS_PAPER.test(s)) {
      // "The main contribution of this paper is X": the work is named where the sentence names it, since in a draft
      // "this paper" is the reader's ("The main contribution of Doe \cite{k} is X").
      s = replaceInnerFirstPerson(s, style, target.tense, true).replace(OF_THIS_PAPER, `of ${subject.text}`);
    } else {
      const marker = citeMarker([target.record.key], target.syntax);
      const inner = replaceInnerFirstPerson(s, style, target.tense, true);
      const topic = target.truncated ? undefined : nounPhraseTopic(inner);
      if (topic) {
        // "Tide prediction and harbour pilotage." → "Vell \cite{k} wrote about tide prediction and harbour pilotage."
        const presented = /^an?\s/.test(topic.text);
        const singular = subject.plurality === 'singular';
        const verb = target.tense === 'past' ? (presented ? 'presented' : 'wrote about') : presented ? (singular ? 'presents' : 'present') : singular ? 'writes about' : 'write about';
        s = `${subject.text} ${verb} ${topic.text}${topic.end}`;
      } else {
        // No subject names the work before its marker at the end.
        s = citedAtEnd(inner, marker);
      }
    }
    s = dropSelfPraise(s);
  } else {
    if (we) s = `This paper ${agreeVerb(replaceInnerFirstPerson(s.slice(we[0].length), style), 'singular', 'base')}`;
    else if (self) s = `This paper ${agreeVerb(replaceInnerFirstPerson(s.slice(self[0].length), style), 'singular', 'third-singular')}`;
    else if (ours) s = `The ${ours[1]}${replaceInnerFirstPerson(s.slice(ours[0].length), style, 'present', true)}`;
    else s = replaceInnerFirstPerson(s, style, 'present', true);
  }
  // "We, in contrast, discuss" → "This paper, in contrast, discusses" (not "This paper , in contrast").
  return ensureFinalPeriod(capitalizeFirst(withoutUnclosedQuote(s.replace(/\s{2,}/g, ' ').replace(/ ,/g, ',').trim())));
}

/** An opening quote that nothing closes (the abstract's quotation ran over the sentence end) would open the rest of the paragraph. */
function withoutUnclosedQuote(s: string): string {
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

/** A word with a past tense that the word list holds ("tide" → "tided", "describes" → "described"; not "font"). */
export function canBeVerb(word: string): boolean {
  const base = /s$/.test(word) ? toBaseForm(word) : word;
  // "set", "cut": the past is spelled as the base.
  if (pastIsBaseForm(base)) return true;
  const past = pastTense(base);
  return past !== base && englishWords().has(past.toLowerCase());
}

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

const CATALOGUE_VERB = /^(?:detail|offer|give|include|outline|summari[sz]e|trace|recount|survey|review|consider|chronicle|document|profile|list|cover|assess|critique|reconsider|revisit|illustrate|examine)$/i;
const CATALOGUE_PHRASAL_VERB = /^(?:Looks at|Deals with|Focuses on|Concentrates on|Reports on|Comments on|Touches on|Reflects on|Elaborates on|Centres on|Centers on)\s+\S/;

/**
 * The subject that a catalogue's abstract leaves out: "Discusses the role of X, examines Y, and describes Z." → "This
 * paper discusses …"; "Compare the advantages of X." → "We compare …". Only a verb that heads predicates, before
 * what can be its object ("Studies show …", "Uses of X …" keep their subject).
 */
function withImpliedSubject(s: string): string {
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

// ---------------------------------------------------------------- CiteSum's REF convention

/** CiteSum writes the cited work as "REF": "REF propose …". Our subject → REF (for training/eval data). */
export function toRefConvention(text: string, key: string): string {
  const esc = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text
    .replace(new RegExp(`(?:[\\p{Lu}][\\p{L}'-]+(?: and [\\p{Lu}][\\p{L}'-]+| et al\\.)? )?(?:\\\\cite[tp]?\\{${esc}\\}|\\[@${esc}\\])`, 'gu'), 'REF')
    .replace(/\s{2,}/g, ' ');
}

/**
 * "REF propose …" (e.g. from a neural model trained on CiteSum) → "Smith et al. \cite{k} propose …" in citation style;
 * in tldr style, as CiteSum evaluates on SciTLDR, a leading "REF" becomes "This paper", "In REF," is dropped and
 * any other "REF" is removed.
 */
export function fromRefConvention(text: string, target: Omit<RewriteTarget, 'style'> & { style?: CitationStyle }): string {
  if (target.style === 'tldr') {
    const t = text.replace(/\bIn REF,\s*/g, '').trim();
    // CiteSum's "REF propose" is plural; "This paper" takes the singular.
    const lead = /^REF\b/.test(t) ? `This paper ${agreeVerb(t.slice(3).trim(), 'singular', 'base')}` : t;
    return capitalizeFirst(lead.replace(/\s*\bREF\b/g, '').replace(/\s{2,}/g, ' ').trim());
  }
  const subject = workSubject(target.record, target.syntax);
  return text.replace(/\bREF\b/g, subject.text);
}

// ---------------------------------------------------------------- acronyms

/** Nouns whose final "s" is not a plural. */
const NOT_PLURAL = /(?:ss|us|is|ous|ics|series|species|news|bayes|means|lens)$/i;
/** The singular of a long form's head noun: "deep neural networks" → "deep neural network". */
function singularLongForm(phrase: string): string {
  return phrase.replace(/([\p{L}-]+)$/u, (w) => {
    if (NOT_PLURAL.test(w) || !/\p{Ll}s$/u.test(w)) return w;
    if (/ies$/.test(w)) return w.slice(0, -3) + 'y';
    if (/(?:ss|sh|ch|x)es$/.test(w)) return w.slice(0, -2);
    return w.slice(0, -1);
  });
}
/** Names that keep their capital inside a sentence ("Bayesian optimization", "Markov chain"). */
export const PROPER_OPENER = /^(?:\p{Lu}\p{Ll}*(?:ian|ean)|Markov|Monte|Gauss|Bayes|Euclid|Fourier|Newton|Boltzmann|Dirichlet|Poisson|Wasserstein|Kullback|Hebb|Turing|Hamilton|Lagrange|Laplace|Hilbert|Lipschitz|Kalman|Gibbs|Bernoulli|Hopfield|Shannon|English|German|French|Chinese|Japanese|Internet|Web)\b/u;

export interface AcronymLongForm {
  /** For a singular use ("a DNN", "the DNN's layers"). */
  singular: string;
  /** For the acronym with an "s" ("DNNs"), when the definition gave the plural. */
  plural?: string;
}

/**
 * Acronym → long forms, from definitions such as "mixed precision training (MPT)" anywhere in the document. A long
 * form that opened its sentence loses the capital it had only for that reason ("Stochastic gradient descent (SGD)
 * is …" → "stochastic gradient descent").
 */
export function acronymDefinitions(sentences: readonly string[]): Map<string, AcronymLongForm> {
  const defs = new Map<string, AcronymLongForm>();
  const re = /((?:[\p{L}][\p{L}\d'-]*\s+){1,7})\(([\p{Lu}][\p{L}\d-]*[\p{Lu}][\p{L}\d-]*?)s?\)/gu;
  for (const s of sentences) {
    for (let m = re.exec(s); m; m = re.exec(s)) {
      const acronym = m[2];
      const letters = acronym.replace(/[^\p{Lu}]/gu, '').toLowerCase();
      const words = m[1].trim().split(/\s+/);
      // Walk back from the parenthesis until the initials of the words spell the acronym's capitals.
      for (let k = 1; k <= words.length; k++) {
        const phrase = words.slice(words.length - k);
        const initials = phrase
          .flatMap((w) => w.split('-'))
          .map((w) => w[0]?.toLowerCase() ?? '')
          .join('');
        if (initials === letters || phrase.map((w) => w[0]?.toLowerCase()).join('') === letters) {
          if (!defs.has(acronym)) {
            let long = phrase.join(' ');
            const opensSentence = !`${s.slice(0, m.index)} ${words.slice(0, words.length - k).join(' ')}`.replace(/[\s"“'(]/g, '');
            const restLower = phrase.slice(1).every((w) => !/\p{Lu}/u.test(w));
            if (opensSentence && restLower && /^\p{Lu}\p{Ll}/u.test(long) && !PROPER_OPENER.test(long)) long = long[0].toLowerCase() + long.slice(1);
            const singular = singularLongForm(long);
            // Only a plural definition gives a plural ("LSTMs" stays: "Long Short-Term Memories" would be wrong).
            defs.set(acronym, { singular, plural: singular === long ? undefined : long });
          }
          break;
        }
      }
    }
  }
  return defs;
}

/** Spell out acronyms the sentence uses but does not define, so the sentence stands on its own. */
export function expandAcronyms(sentence: string, defs: ReadonlyMap<string, AcronymLongForm>): string {
  let s = sentence;
  for (const [acronym, long] of defs) {
    if (s.includes(`(${acronym})`) || s.toLowerCase().includes(long.singular.toLowerCase())) continue;
    const esc = acronym.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    let first = true;
    // The first use is spelled out: "a DNN" → "a deep neural network", "DNNs" → "deep neural networks"; the
    // article before it follows the long form ("an RNN" → "a recurrent neural network").
    s = s.replace(new RegExp(`(?:\\b([Aa]n?)\\s+)?(?<![\\w-])${esc}(s?)(?![\\w-])`, 'g'), (m, article: string | undefined, plural: string) => {
      const text = plural ? long.plural : long.singular;
      if (!first || !text) return m;
      first = false;
      return article ? `${indefiniteArticle(text, article[0] === 'A')} ${text}` : text;
    });
  }
  return s;
}
