// subject: who the sentence is about. The first rule that matches writes the subject: in a citation the authors named
// with their citation ("We propose X" → "Doe et al. \cite{k} proposed X"), in a TLDR "This paper"; a sentence with
// no subject of its own gets the citation at its end.
import { citedAtEnd, citeMarker, workSubject } from '../authors';
import { SELF_NOUNS } from '../cues';
import { agreeVerb } from '../agreement';
import { OF_THIS_PAPER, ofPhraseBeforeVerb, OUR_ARTIFACT, ourArtifact, replaceInnerFirstPerson, selfReferenceOf, WORK_STATES } from '../first-person';
import { capitalizeFirst, ensureFinalPeriod, nounPhraseTopic } from '../sentence';
import type { RuleContext, TableRule } from '../rule';

/** "this essay outlines", "the present study examines": the work as the subject of its own act. */
const SELF_NAMED_SUBJECT = String.raw`(?:this|the present) (?:${SELF_NOUNS}|monograph)\s+(?:also\s+|[a-z]+ly\s+)?[a-z]+s\b`;
/** "Borrowing X from Y, we develop Z", "Drawing on X, this essay outlines Y": a fronted clause before the authors' own. */
const FRONTED_BEFORE_AUTHORS = new RegExp(
  String.raw`^([^;]{3,250}?)([,;])\s*(?:(in this (?:${SELF_NOUNS})|here|then|thus|therefore|hence|so|and|but)\s*,?\s+)?(?=we\s|${SELF_NAMED_SUBJECT})`,
  'i',
);
/** "Inspired by X we design Y": an introductory participle or preposition without its comma. */
const OPENER_BEFORE_AUTHORS = new RegExp(
  String.raw`^((?:inspired|motivated|based|building|drawing|following|leveraging|borrowing|using|given|to|by|with|unlike|for)\b[^,;]{3,120}?)\s+(?=we\s|${SELF_NAMED_SUBJECT})`,
  'i',
);
/** "We …", and a single author's "I" (a dissertation), with a linking adverb the new subject does not need. */
const AUTHORS_WE = /^(?:we|I(?= [a-z]))\s+(?:therefore\s+|thus\s+|hence\s+|then\s+|here\s+|now\s+)?/i;

const citation = (ctx: RuleContext) => ctx.style === 'citation';
const tldr = (ctx: RuleContext) => ctx.style === 'tldr';
const subjectOf = (ctx: RuleContext) => workSubject(ctx.record, ctx.syntax);

/**
 * The sentence with its inner first person as the work's ("our data" → "their data"), for the rules that keep the
 * sentence's own subject. Two rules in a row ask for the same text (a noun-phrase topic, else the citation at the
 * end), and the tagger behind it is the costly part, so the last answer is kept.
 */
/** The work naming itself at the start (selfReferenceOf), asked by two rules in a row for the same text: kept once. */
let lastSelf: { text: string; record: RuleContext['record']; found: RegExpExecArray | null } | undefined;
function selfReference(s: string, ctx: RuleContext): RegExpExecArray | null {
  if (lastSelf && lastSelf.text === s && lastSelf.record === ctx.record) return lastSelf.found;
  const found = selfReferenceOf(s, ctx.record);
  lastSelf = { text: s, record: ctx.record, found };
  return found;
}

let lastUnnamed: { text: string; style: string; tense?: string; out: string } | undefined;
function unnamedFirstPerson(s: string, ctx: RuleContext): string {
  if (lastUnnamed && lastUnnamed.text === s && lastUnnamed.style === ctx.style && lastUnnamed.tense === ctx.tense) return lastUnnamed.out;
  const out = replaceInnerFirstPerson(s, ctx.style, ctx.tense, true);
  lastUnnamed = { text: s, style: ctx.style, tense: ctx.tense, out };
  return out;
}

export const SUBJECT_RULES: readonly TableRule[] = [
  {
    id: 'subject.fronted-clause',
    stage: 'subject',
    summary: 'After a fronted clause ("Borrowing X from Y, we develop Z") the first "we" or "this paper" is the subject; the clause keeps its comma.',
    ends: true,
    match: (s, ctx) => {
      const fronted = FRONTED_BEFORE_AUTHORS.exec(s) ?? OPENER_BEFORE_AUTHORS.exec(s);
      // Not when the part before the comma has the work as its own subject ("This work provides X, and we …").
      return fronted && !/\bwe\b/i.test(fronted[1]) && !selfReferenceOf(fronted[1], ctx.record) && !OUR_ARTIFACT.test(fronted[1]) && fronted;
    },
    apply: (s, ctx, fronted: RegExpExecArray, rewriteSentence) => {
      // A "here"/"then" between the clause and "we" is dropped, a conjunction that joins two clauses is kept ("X is
      // hard, and this paper proposes Y").
      const [, clause, separator = ',', joiner = ''] = fronted;
      const conjunction = /^(?:so|and|but)$/i.test(joiner) ? `${joiner.toLowerCase()} ` : '';
      const prefix = `${replaceInnerFirstPerson(clause, ctx.style, ctx.tense)}${separator} ${conjunction}`;
      const rest = rewriteSentence(s.slice(fronted[0].length), ctx);
      return ensureFinalPeriod(capitalizeFirst(prefix + (/^(?:This paper|The )/.test(rest) ? rest[0].toLowerCase() + rest.slice(1) : rest)));
    },
    examples: [
      { input: 'Borrowing ideas from ecology, we develop a model of how words spread.', output: 'Borrowing ideas from ecology, Doe and Roe \\cite{doe2020} developed a model of how words spread.' },
    ],
  },
  {
    id: 'subject.authors',
    stage: 'subject',
    summary: '"We propose X" → "Doe et al. \\cite{k} proposed X": the authors named, every verb of the predicate agreed.',
    match: (s, ctx) => citation(ctx) && AUTHORS_WE.exec(s),
    apply: (s, ctx, we: RegExpExecArray) => {
      const subject = subjectOf(ctx);
      return `${subject.text} ${agreeVerb(replaceInnerFirstPerson(s.slice(we[0].length), ctx.style, ctx.tense), subject.plurality, 'base', ctx.tense)}`;
    },
    examples: [
      { input: 'We propose a parser for noisy text.', output: 'Doe and Roe \\cite{doe2020} proposed a parser for noisy text.' },
    ],
  },
  {
    id: 'subject.work-states',
    stage: 'subject',
    summary: '"This work is based on X": the work is, its authors are not ("The work of Doe \\cite{k} was based on X"); nor do they contain what a book contains.',
    match: (s, ctx) => {
      const self = citation(ctx) && selfReference(s, ctx);
      return self && WORK_STATES.test(s.slice(self[0].length)) && self;
    },
    apply: (s, ctx, self: RegExpExecArray) => {
      const noun = self[0].trim().split(/\s+/).pop()!.toLowerCase();
      return `The ${noun} of ${subjectOf(ctx).text} ${agreeVerb(replaceInnerFirstPerson(s.slice(self[0].length), ctx.style, ctx.tense), 'singular', 'third-singular', ctx.tense)}`;
    },
    examples: [
      { input: 'This work is based on ten years of field surveys.', output: 'The work of Doe and Roe \\cite{doe2020} was based on ten years of field surveys.' },
    ],
  },
  {
    id: 'subject.work-itself',
    stage: 'subject',
    summary: '"This paper presents X", "The report identifies X" (in a report) → "Doe \\cite{k} presented X".',
    match: (s, ctx) => citation(ctx) && selfReference(s, ctx),
    apply: (s, ctx, self: RegExpExecArray) => {
      const subject = subjectOf(ctx);
      return `${subject.text} ${agreeVerb(replaceInnerFirstPerson(s.slice(self[0].length), ctx.style, ctx.tense), subject.plurality, 'third-singular', ctx.tense)}`;
    },
    examples: [
      { input: 'This paper presents a parser for noisy text.', output: 'Doe and Roe \\cite{doe2020} presented a parser for noisy text.' },
    ],
  },
  {
    id: 'subject.our-artifact',
    stage: 'subject',
    summary: '"Our model outperforms X" → "The model of Doe \\cite{k} outperformed X" ("… by Doe" after an of-phrase).',
    match: (s, ctx) => citation(ctx) && ourArtifact(s),
    apply: (s, ctx, ours: [string, string]) => {
      const subject = subjectOf(ctx);
      const rest = replaceInnerFirstPerson(s.slice(ours[0].length), ctx.style, ctx.tense);
      const object = ofPhraseBeforeVerb(rest);
      return object ? `The ${ours[1]}${object} by ${subject.text}${rest.slice(object.length)}` : `The ${ours[1]} of ${subject.text}${rest}`;
    },
    examples: [
      { input: 'Our model outperforms all baselines on noisy tweets.', output: 'The model of Doe and Roe \\cite{doe2020} outperforms all baselines on noisy tweets.' },
    ],
  },
  {
    id: 'subject.of-this-paper',
    stage: 'subject',
    summary: '"The main contribution of this paper is X" → "… of Doe \\cite{k} is X": in a draft "this paper" is the reader\'s.',
    match: (s, ctx) => citation(ctx) && OF_THIS_PAPER.test(s),
    apply: (s, ctx) => replaceInnerFirstPerson(s, ctx.style, ctx.tense, true).replace(OF_THIS_PAPER, `of ${subjectOf(ctx).text}`),
    examples: [
      { input: 'The main contribution of this paper is a parser for noisy text.', output: 'The main contribution of Doe and Roe \\cite{doe2020} is a parser for noisy text.' },
    ],
  },
  {
    id: 'subject.noun-phrase-topic',
    stage: 'subject',
    summary: 'A sentence that is only a noun phrase ("Tide prediction and harbour pilotage.") → "Vell \\cite{k} wrote about tide prediction …".',
    match: (s, ctx) => {
      if (!citation(ctx) || ctx.truncated) return undefined;
      return nounPhraseTopic(unnamedFirstPerson(s, ctx));
    },
    apply: (_s, ctx, topic: { text: string; end: string }) => {
      const subject = subjectOf(ctx);
      const presented = /^an?\s/.test(topic.text);
      const singular = subject.plurality === 'singular';
      const verb = ctx.tense === 'past' ? (presented ? 'presented' : 'wrote about') : presented ? (singular ? 'presents' : 'present') : singular ? 'writes about' : 'write about';
      return `${subject.text} ${verb} ${topic.text}${topic.end}`;
    },
    examples: [
      { input: 'Tide prediction and harbour pilotage in the eighteenth century.', output: 'Doe and Roe \\cite{doe2020} wrote about tide prediction and harbour pilotage in the eighteenth century.' },
    ],
  },
  {
    id: 'subject.cited-at-end',
    stage: 'subject',
    summary: 'No subject names the work: its citation goes before the final period ("X improves Y \\cite{k}.").',
    match: (_s, ctx) => citation(ctx),
    apply: (s, ctx) => citedAtEnd(unnamedFirstPerson(s, ctx), citeMarker([ctx.record.key], ctx.syntax)),
    examples: [
      { input: 'Noisy text remains hard to tag for current parsers.', output: 'Noisy text remains hard to tag for current parsers \\cite{doe2020}.' },
    ],
  },
  {
    id: 'subject.tldr-authors',
    stage: 'subject',
    summary: 'TLDR: "We propose X" → "This paper proposes X".',
    match: (s, ctx) => tldr(ctx) && AUTHORS_WE.exec(s),
    apply: (s, ctx, we: RegExpExecArray) => `This paper ${agreeVerb(replaceInnerFirstPerson(s.slice(we[0].length), ctx.style), 'singular', 'base')}`,
    examples: [
      { style: 'tldr', input: 'We propose a parser for noisy text.', output: 'This paper proposes a parser for noisy text.' },
    ],
  },
  {
    id: 'subject.tldr-work-itself',
    stage: 'subject',
    summary: 'TLDR: "This study examines X" → "This paper examines X".',
    match: (s, ctx) => tldr(ctx) && selfReference(s, ctx),
    apply: (s, ctx, self: RegExpExecArray) => `This paper ${agreeVerb(replaceInnerFirstPerson(s.slice(self[0].length), ctx.style), 'singular', 'third-singular')}`,
    examples: [
      { style: 'tldr', input: 'This study examines the tagging of noisy text.', output: 'This paper examines the tagging of noisy text.' },
    ],
  },
  {
    id: 'subject.tldr-our-artifact',
    stage: 'subject',
    summary: 'TLDR: "Our model outperforms X" → "The model outperforms X".',
    match: (s, ctx) => tldr(ctx) && ourArtifact(s),
    apply: (s, ctx, ours: [string, string]) => `The ${ours[1]}${replaceInnerFirstPerson(s.slice(ours[0].length), ctx.style, 'present', true)}`,
    examples: [
      { style: 'tldr', input: 'Our model outperforms all baselines on noisy tweets.', output: 'The model outperforms all baselines on noisy tweets.' },
    ],
  },
  {
    id: 'subject.tldr-sentence',
    stage: 'subject',
    summary: 'TLDR: any other sentence keeps its subject; an inner "we"/"our" becomes the paper\'s.',
    match: (_s, ctx) => tldr(ctx),
    apply: (s, ctx) => replaceInnerFirstPerson(s, ctx.style, 'present', true),
    examples: [
      { style: 'tldr', input: 'Noisy text remains hard to tag for current parsers.', output: 'Noisy text remains hard to tag for current parsers.' },
    ],
  },
];
