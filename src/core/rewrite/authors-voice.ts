// Reading the authors' voice as "we" wherever an abstract speaks for them otherwise ("I show", "The author discusses",
// "The aim of this study was to", "It was found that", a blurb's "Quiet Margins traces"), so that one rewrite serves all.
import { type PaperRecord } from '../types';
import { baseFromPast, isPastForm } from '../text/verbs';
import { SELF_NOUNS } from './cues';
import { agreeVerb, toBaseForm } from './agreement';
import { stripLeadingDiscourse } from './discourse';
import { impersonalFindingAsWe, SHORT_OPENER } from './impersonal-finding';
import { canBeVerb } from './sentence';
import {
  AIM_QUALIFIERS as LEXICON_AIM_QUALIFIERS,
  AIMED_WORKS as LEXICON_AIMED_WORKS,
  alternation,
  WORKS_FRAMING_AUTHORS as LEXICON_WORKS_FRAMING_AUTHORS,
  WORKS_FRAMING_PRONOUNS as LEXICON_WORKS_FRAMING_PRONOUNS,
  WORK_ACTS as LEXICON_WORK_ACTS,
} from '../lexicon';

export { impersonalFindingAsWe };


/**
 * The pronoun "I" — at the start, after punctuation, or after a word that opens a clause ("and I show", "In this
 * thesis I argue") — and not the numeral of "Type I error" or "phases I and II".
 */
const OPENS_A_CLAUSE = String.raw`(?:[Aa]nd|[Bb]ut|or|that|[Aa]s|which|[Ww]here|[Ww]hen|[Ss]o|[Tt]hen|because|[Ii]f|[Ww]hile` +
  String.raw`|[Hh]ere|[Nn]ow|[Tt]hus|[Hh]ence|[Tt]herefore|[Aa]lso|${SELF_NOUNS})`;
const PRONOUN_I = new RegExp(String.raw`(^|[,;:]\s+|\b${OPENS_A_CLAUSE}\s+)I(?='[a-z]|\s+(?!and\b|or\b)[a-z])`, 'g');

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

const AIM_NOUN = String.raw`(?:(?:${alternation(LEXICON_AIM_QUALIFIERS)})\s+)?(?:aims?|objectives?|purposes?|goals?)`;
const SELF_NOUN_PHRASE = String.raw`(?:this|the present|the current|our)\s+(?:${alternation(LEXICON_AIMED_WORKS)})`;
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
const IN_THE_WORK = String.raw`in\s+(?:this|the\s+present)\s+(?:${alternation(LEXICON_WORKS_FRAMING_AUTHORS)})\s+`;
const THE_AUTHORS = new RegExp(
  // "In this report the authors", "The present authors of this paper"
  String.raw`^(${SHORT_OPENER}|${IN_THE_WORK})(?:the|our)\s+(?:present\s+)?(authors?)(?:\s+of\s+(?:this|the present)\s+(?:${SELF_NOUNS}))?` +
    // adverbs, then the verb
    String.raw`\s+((?:(?:also|further|then|first|here|briefly|now|[a-z]+ly)\s+)*)([a-z]+)\b`,
  'i',
);

/** "In this article she …", "In this study, he …". */
const AUTHOR_PRONOUN_IN_THE_WORK = new RegExp(String.raw`^(in this (?:${alternation(LEXICON_WORKS_FRAMING_PRONOUNS)})),?\s+(?:she|he)\s+(?=[a-z])`, 'i');

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

/** Where the work's own name, or its author's, opens a sentence: after a short opener and its comma at most. */
const NAMED_SUBJECT_LEAD = new RegExp(`^${SHORT_OPENER}`);

/** Entry types whose abstract is often a publisher's blurb that names the book by its title. */
const BOOK_TYPES = /^(?:book|mvbook|booklet|collection|mvcollection|proceedings|thesis|phdthesis|mastersthesis|reference)$/i;

/**
 * The ways a blurb names the work or its first author: a book's title (before its colon) and the author's name. Not
 * a paper's title: before a colon it is as often the name of a method that the sentence is about ("Margin Nets
 * predicts margins …", "Margin Nets is a library …").
 */
function workNames(record: Pick<PaperRecord, 'authors'> & Partial<Pick<PaperRecord, 'title' | 'type'>>): string[] {
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
const WORK_ACT = String.raw`(?:(?:also|further|then|first|here|briefly|[a-z]+ly)\s+)*(?:${alternation(LEXICON_WORK_ACTS)})\b`;
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
export function namedWorkAsWe(sentence: string, record: Pick<PaperRecord, 'authors'> & Partial<Pick<PaperRecord, 'title' | 'type'>>): string {
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
export function inAuthorsVoice(sentence: string, record?: Pick<PaperRecord, 'authors'> & Partial<Pick<PaperRecord, 'title' | 'type'>>): string {
  const voiced = impersonalFindingAsWe(statedAim(authorsAsWe(firstPersonPlural(sentence))));
  return record ? namedWorkAsWe(voiced, record) : voiced;
}

/** Whether the sentence states the work's aim so ("The purpose of this study was to …"). */
export function statesAim(sentence: string): boolean {
  return STATED_AIM.test(sentence);
}
