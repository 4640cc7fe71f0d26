// write-out: what a sentence needs once it is written where a reader sees it alone, without the sentences around it
// in the source. Run where a candidate is written (engine/citation.ts: writtenText), not while candidates are weighed,
// so that choosing a sentence and fitting a length see the source's own words.
import { resolvePointers, withoutModifiedPointers, withoutNumberedPointers } from '../antecedents';
import { changedBy, changedText, changedWith, type TableRule } from '../rule';
import { withSystemName } from '../system-name';

/**
 * "Roe \cite{k} also proposed X" → "Roe \cite{k} proposed X", "This paper next investigates X" → "This paper
 * investigates X": a citation sentence on its own has nothing before it for "also" or "further" to add to, nor for
 * "next" or "then" to follow. (A draft keeps them only after a sentence about the same work.)
 */
export function withoutLinkingAdverb(text: string, subject: string): string {
  const at = text.indexOf(`${subject} `);
  if (at < 0) return text;
  const after = at + subject.length + 1;
  const m = /^(?:also|further|additionally|next|then|later|subsequently|afterwards|finally|lastly) (?=\p{Ll})/u.exec(text.slice(after));
  return m ? text.slice(0, after) + text.slice(after + m[0].length) : text;
}

export const WRITE_OUT_RULES: readonly TableRule[] = [
  {
    id: 'write-out.pointers',
    stage: 'write-out',
    summary:
      '"such problems" takes the noun phrase the sentence before named ("problems in image processing and graphics"); "this coastal drift model" after "a drift model" is "a coastal drift model".',
    match: changedWith((s, ctx) => (ctx.pointers?.length ? resolvePointers(s, ctx.pointers) : undefined)),
    apply: changedText,
    examples: [
      {
        previous: 'Many problems in image processing and graphics can be posed as graph cuts.',
        input: 'We propose a general solution to such problems.',
        output: 'Doe and Roe \\cite{doe2020} proposed a general solution to problems in image processing and graphics.',
      },
      {
        previous: 'Buoy logs now let one fit a drift model to each harbour.',
        input: 'We tune a tide forecaster to this coastal drift model.',
        output: 'Doe and Roe \\cite{doe2020} tuned a tide forecaster to a coastal drift model.',
      },
    ],
  },
  {
    id: 'write-out.numbered-pointers',
    stage: 'write-out',
    summary: 'A numbered pointer nothing resolved is written as its count ("these two routes" → "two routes").',
    match: changedBy(withoutNumberedPointers),
    apply: changedText,
    examples: [
      { input: 'We compare these two routes for tagging noisy text.', output: 'Doe and Roe \\cite{doe2020} compared two routes for tagging noisy text.' },
    ],
  },
  {
    id: 'write-out.modified-pointers',
    stage: 'write-out',
    summary: 'A pointer nothing resolved, before a noun phrase that names its thing, goes: "this broad noise model" → "the broad noise model".',
    match: changedBy(withoutModifiedPointers),
    apply: changedText,
    examples: [
      {
        input: 'We propose a multiscale denoising algorithm adapted to this broad noise model.',
        output: 'Doe and Roe \\cite{doe2020} proposed a multiscale denoising algorithm adapted to the broad noise model.',
      },
      {
        input: 'We explore how each of these aesthetic categories expresses conflicting feelings.',
        output: 'Doe and Roe \\cite{doe2020} explored how each of the aesthetic categories expresses conflicting feelings.',
      },
      {
        input: 'We show a construction of such a barrier certificate from a set of states.',
        output: 'Doe and Roe \\cite{doe2020} showed a construction of a barrier certificate from a set of states.',
      },
      {
        input: 'In order to deploy these Recurrent Neural Networks efficiently, we prune weights during training.',
        output: 'In order to deploy Recurrent Neural Networks efficiently, Doe and Roe \\cite{doe2020} pruned weights during training.',
      },
    ],
  },
  {
    id: 'write-out.linking-adverb',
    stage: 'write-out',
    summary: 'A citation written alone drops the "also"/"further"/"next" after its subject: nothing comes before it.',
    match: changedWith((s, ctx) => (ctx.aloneAfter === undefined ? undefined : withoutLinkingAdverb(s, ctx.aloneAfter))),
    apply: changedText,
    examples: [
      { input: 'We also propose a parser for noisy text.', output: 'Doe and Roe \\cite{doe2020} proposed a parser for noisy text.' },
    ],
  },
  {
    id: 'write-out.system-name',
    stage: 'write-out',
    summary: 'The name the title gives the system goes after the authors when the sentence does not say it ("Brants (TnT) \\cite{k} presented …").',
    match: changedWith((s, ctx) => ctx.systemName && withSystemName(s, ctx.systemName)),
    apply: changedText,
    examples: [
      {
        title: 'TnT: A Statistical Part-of-Speech Tagger',
        input: 'We present a statistical part-of-speech tagger based on Markov models.',
        output: 'Doe and Roe (TnT) \\cite{doe2020} presented a statistical part-of-speech tagger based on Markov models.',
      },
      {
        title: 'VerbOcean: Mining the Web for Semantic Verb Relations',
        input: 'Using lexico-syntactic patterns over the Web, we mine semantic relations between verbs.',
        output: 'Using lexico-syntactic patterns over the Web, Doe and Roe (VerbOcean) \\cite{doe2020} mined semantic relations between verbs.',
      },
    ],
  },
];
