// finish: what every written sentence gets last.
import { dropSelfPraise } from '../self-description';
import { capitalizeFirst, ensureFinalPeriod, withoutUnclosedQuote } from '../sentence';
import { changedBy, changedText, type TableRule } from '../rule';

/** Built once: the match runs on every rewritten candidate. */
const withoutSelfPraise = changedBy(dropSelfPraise);

/** "We, in contrast, discuss" → "This paper, in contrast, discusses" (not "This paper , in contrast"). */
/**
 * "a robust control Lyapunov function ( rclf )" → "(rclf)": the spaces an extraction left inside brackets; and a dash
 * spaced on one side only ("barrier functions —to be unified") closed up.
 */
const tidySpacing = (s: string) =>
  s
    .replace(/\s{2,}/g, ' ')
    .replace(/ ,/g, ',')
    .replace(/([([]) (?=\S)/g, '$1')
    .replace(/(?<=\S) ([)\]])/g, '$1')
    .replace(/(?<=\S) —(?=\S)|(?<=\S)— (?=\S)/g, '—')
    .trim();

export const FINISH_RULES: readonly TableRule[] = [
  {
    id: 'finish.self-praise',
    stage: 'finish',
    summary: 'The authors\' "novel"/"new" before a noun ("a novel method") is not repeated by those who cite it.',
    match: (s, ctx) => ctx.style === 'citation' && withoutSelfPraise(s, ctx),
    apply: changedText,
    examples: [
      { input: 'We present a novel parser for noisy text.', output: 'Doe and Roe \\cite{doe2020} presented a parser for noisy text.' },
    ],
  },
  {
    id: 'finish.spacing',
    stage: 'finish',
    summary: 'Double spaces and a space before a comma, left where words were taken out, go.',
    match: changedBy(tidySpacing),
    apply: changedText,
    examples: [
      {
        style: 'tldr',
        input: 'This paper, in contrast, studies tagging from the point of view of the reader.',
        output: 'This paper, in contrast, studies tagging from the point of view of the reader.',
      },
      {
        input: 'We unify safety conditions—expressed as barrier functions —with performance objectives.',
        output: 'Doe and Roe \\cite{doe2020} unified safety conditions—expressed as barrier functions—with performance objectives.',
      },
      { input: 'We introduce the concept of a robust control Lyapunov function ( rclf ).', output: 'Doe and Roe \\cite{doe2020} introduced the concept of a robust control Lyapunov function (rclf).' },
    ],
  },
  {
    id: 'finish.unclosed-quote',
    stage: 'finish',
    summary: 'An opening quote that nothing closes (the quotation ran past the sentence end) would open the rest of the paragraph.',
    match: changedBy(withoutUnclosedQuote),
    apply: changedText,
    examples: [
      { input: '"Noisy text is hard to tag for current parsers.', output: 'Noisy text is hard to tag for current parsers \\cite{doe2020}.' },
    ],
  },
  {
    id: 'finish.capital',
    stage: 'finish',
    summary: 'The sentence opens with a capital, except a lower-case technical name ("k-means", "word2vec", "iPhone").',
    match: changedBy(capitalizeFirst),
    apply: changedText,
    examples: [
      { within: 'stage' as const, input: 'noisy text is hard to tag for current parsers.', output: 'Noisy text is hard to tag for current parsers.' },
    ],
  },
  {
    id: 'finish.final-period',
    stage: 'finish',
    summary: 'The sentence ends with its punctuation (a trailing comma or dash replaced by a period).',
    match: changedBy(ensureFinalPeriod),
    apply: changedText,
    examples: [
      { input: 'We propose a parser for noisy text', output: 'Doe and Roe \\cite{doe2020} proposed a parser for noisy text.' },
    ],
  },
];
