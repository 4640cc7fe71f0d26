// The work's own first person inside a sentence: "this paper", "our model", "we" after the subject, and the "our" that
// speaks for everyone ("our daily lives"), which a citation does not turn into the authors'.
import { type CiteSyntax, type CitationStyle, type PaperRecord, type Tense } from '../types';
import { isFiniteVerb, isPastForm, taggedTerms } from '../text/verbs';
import { SELF_NOUNS } from './cues';
import { agreeVerb, toThirdSingular } from './agreement';
import {
  alternation,
  AUTHORS_ARTIFACTS,
  COUNTABLE_ARTIFACTS,
  EVERYONES_LIVES,
  GENERIC_WE_VERBS,
  NON_NOUNS_AFTER_NOVEL,
  OUR_TIMES,
  OUR_WORLDS,
  RESEARCH_ACTS,
} from '../lexicon';

// Declared in text/articles.ts: acronyms.ts needs it too, and first-person.ts reaches acronyms.ts (through agreement.ts
// and sentence.ts).
export { indefiniteArticle } from '../text/articles';

// "The paper describes …" at the start of an abstract's sentence is the paper itself too (not "the work of Smith").
const SELF_REFERENCE = new RegExp(
  String.raw`^(?:(?:this|the present|the current|our|my) (?:${SELF_NOUNS}|monograph|volume|contribution|submission)` +
    String.raw`|the (?:paper|article|thesis|dissertation))\b(?! of\b)\s*`,
  'i',
);
/** Verbs of which the work, not its authors, is the subject: "This work is …", "The book contains …". */
export const WORK_STATES = /^(?:is|was|contains?|comprises?|consists?)\b/i;
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
export function selfReferenceOf(s: string, record: RewriteTarget['record']): RegExpExecArray | null {
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
const ARTIFACT_HEAD = `(?:${alternation(AUTHORS_ARTIFACTS)}|(?:${alternation(COUNTABLE_ARTIFACTS)})s?|data)`;
/** "our X model": the head may be two such words ("our convolutional network model"), never one of them alone. */
export const OUR_ARTIFACT = new RegExp(String.raw`^our ((?:[\w-]+ ){0,3}?${ARTIFACT_HEAD}(?: ${ARTIFACT_HEAD})*)\b`, 'i');
/** A verb that a plain noun before it can be the subject of ("… parameters are …"). */
const AUXILIARY_AFTER = /^ ([\p{L}-]+) (?:is|are|was|were|has|have|had|can|could|will|would|may|might|must|should)\b/iu;
/** Words that end a noun phrase rather than go on it. */
const NOT_A_NOUN = /^(?:also|not|only|then|thus|therefore|first|further|both|still|now|which|that|who|and|or|but|\p{L}+ly)$/iu;

/**
 * " of 40 harbours" in "Our analysis of 40 harbours shows …": the artifact's "of" phrase up to the main verb, so that the
 * authors follow it ("The analysis of 40 harbours by Doe \cite{k} shows", not "The analysis of Doe \cite{k} of 40
 * harbours shows"). Undefined when the rest does not open with a short "of" phrase before a finite verb.
 */
export function ofPhraseBeforeVerb(rest: string): string | undefined {
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
export function ourArtifact(sentence: string): [string, string] | undefined {
  const m = OUR_ARTIFACT.exec(sentence);
  if (!m) return undefined;
  const more = AUXILIARY_AFTER.exec(sentence.slice(m[0].length));
  return more && !NOT_A_NOUN.test(more[1]) ? [`${m[0]} ${more[1]}`, `${m[1]} ${more[1]}`] : [m[0], m[1]];
}

/**
 * "if we consider only continuous activations": a supposition anyone may make, not something the authors did. It reads
 * "if one considers …" (it was "if this paper considers …").
 */
const GENERIC_WE = new RegExp(String.raw`\b(if|when|whenever|once|unless)\s+we\s+(${alternation(GENERIC_WE_VERBS)})\b`, 'gi');

/**
 * First-person words that are not the authors speaking of their work: a quotation (“…”, "…"), a name or title set in
 * capitals ("the We Read Here campaign", "How Our Town Kept Its Library", where a capital "We" or "Our" inside a
 * sentence cannot be the pronoun), and "our" meaning everyone ("the finest printer of our time").
 */
const OUR_TIME_OR_WORLD = String.raw`\bof our (?:${alternation(OUR_TIMES)})\b(?!\s+(?:in|at|on|with|as)\b)|\bour (?:${alternation(OUR_WORLDS)})\b`;
const NOT_THE_AUTHORS_SPEAKING = new RegExp(String.raw`“[^“”]*”|"[^"]*"|(?<![.:;!?(]\s*|^\s*)\b(?:We|Our|Us|My)\b(?:['’]\w+)?|${OUR_TIME_OR_WORLD}`, 'gu');

/**
 * "part of our daily lives", "most of us", "typesetters of us all": a sentence that speaks for everyone, whose other
 * "we" and "our" are everyone's too ("… of us all as we define our identities"), not the authors', unless a "we" does
 * research ("Tide apps are used by most of us, yet we find …"): then only the phrase itself is everyone's.
 */
const SPEAKS_FOR_EVERYONE = new RegExp(String.raw`\bour (?:${alternation(EVERYONES_LIVES)}) li(?:ves|fe)\b|\b(?:all|each|most|many|some|none|few|both) of us\b|\bus all\b`, 'i');
const EVERYONE_PHRASES = new RegExp(SPEAKS_FOR_EVERYONE.source, 'gi');
const WE_DO_RESEARCH = new RegExp(String.raw`\bwe (?:\w+ly )?(?:${alternation(RESEARCH_ACTS)})\b`, 'i');

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
export function replaceInnerFirstPerson(s: string, style: CitationStyle, tense: Tense = 'present', authorsUnnamed = false): string {
  if (speaksForEveryone(s)) return s;
  const kept: string[] = [];
  // Each kept span waits behind a private-use placeholder while the pronouns around it are rewritten.
  const keep = (m: string) => `\uE000${kept.push(m) - 1}\uE001`;
  const masked = s.replace(NOT_THE_AUTHORS_SPEAKING, keep).replace(EVERYONE_PHRASES, keep);
  return replaceAuthorsFirstPerson(masked, style, tense, authorsUnnamed).replace(/\uE000(\d+)\uE001/g, (_m, i: string) => kept[Number(i)]);
}

/** "we", after a modal or "do" ("can we", "do we") and after "nor"/"neither", with the one or two words that follow. */
const WE_AFTER_MODAL = /\b(?:(nor|neither)\s+)?(?:(can|could|do|did|will|would|should|may|might|must|shall)\s+)?we\s+([\w-]+(?:\s+[\w-]+)?)/gi;

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
      .replace(WE_AFTER_MODAL, (m, nor: string | undefined, modal: string | undefined, rest: string) => {
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
      // "… has enabled us to develop X \cite{k}": where nothing before named the authors, "them" would point at nobody
      // (CiteBench dev case 8, "has enabled them to develop quantitative disambiguation methods [2]").
      .replace(/\bus\b/g, () => {
        if (!first) return 'them';
        first = false;
        return 'the authors';
      });
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
const NOT_THE_WORK_ITSELF =
  String.raw`(?<!\b(?:much|most|some|all|none|many|each|any|one|several|both` +
  // a part or a version of the paper
  String.raw`|part|parts|section|sections|version|versions|chapter|remainder|rest|appendix|draft|revision|copy)\s)`;
const THE_WORK_ITSELF = String.raw`${NOT_THE_WORK_ITSELF}\bof (?:this|the present) `;
export const OF_THIS_PAPER = new RegExp(String.raw`${THE_WORK_ITSELF}(?:(?:extended|short|present|current) )?(?:${SELF_NOUNS})\b`, 'i');
/**
 * "for this paper", "from this work", "a first version of this paper": the work itself after a preposition other than
 * "of" (OF_THIS_PAPER names the authors there), or after a version of it.
 */
const THIS_PAPER_AFTER_PREPOSITION = new RegExp(
  String.raw`\b(for|from|to|with|by|into|behind|throughout|(?:version|versions|draft|drafts|revision|copy|edition) of) (?:this|the present) ((?:extended|short) )?(${SELF_NOUNS})\b`,
  'gi',
);
/** The same, anywhere in a sentence, keeping the adjective and noun ("of their extended paper"). */
const OF_THIS_PAPER_ANYWHERE = new RegExp(String.raw`${THE_WORK_ITSELF}((?:extended|short) )?(${SELF_NOUNS})\b`, 'gi');

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

/** Words after which "new"/"novel" is not an adjective before a noun: "the novel itself", "the novel and the film". */
export const NOT_A_NOUN_AFTER = String.raw`(?:${alternation(NON_NOUNS_AFTER_NOVEL)})\b`;
