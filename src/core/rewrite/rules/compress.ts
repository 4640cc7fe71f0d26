// compress: shorter versions of a sentence. Each rule offers versions without words that carry no content; the engine
// weighs every version (engine/candidates.ts: compressionVariants combines them) and the scorer chooses.
import { clauseTruncations } from '../clauses';
import { dropFrontedClause, dropParentheticals, dropReportingFrame, stripLeadingDiscourse } from '../discourse';
import { changedBy, type TableCompressRule } from '../rule';

const one = (_s: string, _ctx: unknown, out: string) => [out];
/** The authors reporting their own finding ("We show that", "We also find that"), not "Results show that". */
const AUTHORS_FRAME = /^we\s+(?:\w+ly\s+|also\s+|further\s+)?\w+\s+that\b/i;

export const COMPRESS_RULES: readonly TableCompressRule[] = [
  {
    id: 'compress.leading-discourse',
    stage: 'compress',
    summary: 'Every version starts without the openers that carry no content ("In this paper, ", "To this end, ").',
    match: changedBy(stripLeadingDiscourse),
    offer: one,
    examples: [
      { input: 'In this paper, we present a parser for noisy text.', output: 'Doe and Roe \\cite{doe2020} presented a parser for noisy text.' },
    ],
  },
  {
    id: 'compress.reporting-frame',
    stage: 'compress',
    summary:
      '"We show that X" / "Results show that X" → "X": the reported claim without its frame, as one version. ' +
      'A citation keeps the authors\' own frame: "X \\cite{k}" states their finding as a fact, "Roe \\cite{k} proved that X" reports it.',
    // "We find that BERT was significantly undertrained" cited as "BERT was significantly undertrained [2]" (a blind
    // reader: a paper's claim stated as fact); "[2] found that BERT was …" is what a related-work section writes.
    // The frame is looked for first: most sentences have none, and stripLeadingDiscourse is the costly part.
    match: (s, ctx) => {
      const without = dropReportingFrame(s);
      return without !== undefined && ctx.style === 'citation' && AUTHORS_FRAME.test(stripLeadingDiscourse(s)) ? undefined : without;
    },
    offer: one,
    examples: [
      { style: 'tldr', input: 'In this work, we demonstrate that it is possible to tag noisy text with a very small model.', output: 'It is possible to tag noisy text with a very small model.' },
    ],
  },
  {
    id: 'compress.fronted-clause',
    stage: 'compress',
    summary: 'TLDR only: "Inspired by X, we design Y" → "We design Y" (a citation keeps that context).',
    match: changedBy(dropFrontedClause),
    offer: one,
    examples: [
      {
        style: 'tldr',
        input: 'To fill the gap left by news-trained taggers on social media, we propose a tagging model, called TweetTag, to derive tags for noisy posts of all kinds automatically.',
        output: 'This paper proposes a tagging model, called TweetTag, to derive tags for noisy posts of all kinds automatically.',
      },
    ],
  },
  {
    id: 'compress.parentheticals',
    stage: 'compress',
    summary: 'A version without parentheses and brackets ("(see Section 3)", "[CNN]"), where the sentence reads without them.',
    match: changedBy(dropParentheticals),
    offer: one,
    examples: [
      {
        style: 'tldr',
        input: 'In this study, we train Generative Adversarial Networks (GANs) to generate short noisy tweets, with the goal of sampling from the distribution of realistic social media posts.',
        output: 'This paper trains Generative Adversarial Networks to generate short noisy tweets, with the goal of sampling from the distribution of realistic social media posts.',
      },
    ],
  },
  {
    id: 'compress.trailing-clause',
    stage: 'compress',
    summary: 'Versions that end before a trailing modifier clause (", which yields …", ", thereby …") and still read as sentences.',
    match: (s) => {
      const cuts = clauseTruncations(s).map((t) => t.text);
      return cuts.length > 0 && cuts;
    },
    offer: (_s, _ctx, cuts: string[]) => cuts,
    examples: [
      {
        within: 'stage' as const,
        input: 'We propose a parser for noisy text, which is trained on a million tweets and outperforms all baselines by a wide margin.',
        output: 'We propose a parser for noisy text.',
      },
    ],
  },
];
