// rewriteSentence: one (compressed) sentence of an abstract as a citation ("Doe et al. \cite{k} proposed X") or a TLDR
// ("This paper proposes X"): the subject chosen, the verbs agreed, the sentence finished.
import { STOPWORDS } from '../text/tokens';
import { hasOwnVerb, isPastForm, pastIsBaseForm, pastTense } from '../text/verbs';
import { englishWords } from '../text/words';
import { citedAtEnd, citeMarker, workSubject } from '../engine/authors';
import { SELF_NOUNS } from '../engine/cues';
import { PROPER_OPENER } from './acronyms';
import { agreeVerb, ALWAYS_VERB, COORDINATED_VERB, NOT_OBJECT, OBJECT_START, toBaseForm } from './agreement';
import { stripForeignNumberedCitations } from './clauses';
import { stripLeadingDiscourse } from './discourse';
import { OF_THIS_PAPER, ofPhraseBeforeVerb, OUR_ARTIFACT, ourArtifact, replaceInnerFirstPerson, type RewriteTarget, selfReferenceOf, WORK_STATES } from './first-person';
import { activeCoordinatedPassive, activeSelfDescription, dropSelfPraise } from './self-description';

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

const SUBJECT_ASIDE =
  /^(we|I)\s*,\s*(?:in contrast|by contrast|however|instead|therefore|thus|hence|in turn|on the other hand|in particular|for example|for instance|in addition|additionally|moreover|furthermore|then|first|finally|here|now|for the first time|to our knowledge|to the best of our knowledge)\s*,\s*/i;
const INNER_SELF_LOCATION = /(?<=[\w)])\s+(?:in this (?:paper|work|article|study|thesis|dissertation|chapter|book|essay|letter|note)|herein)(?=[\s,.;:])/gi;

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
