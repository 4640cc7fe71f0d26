// finish: what every written sentence gets last.
import { dropSelfPraise } from '../self-description';
import { capitalizeFirst, ensureFinalPeriod, withoutUnclosedQuote } from '../sentence';
import { changedBy, changedText, type TableRule } from '../rule';
import { alternation, ATTENTION_APPOSITIVES, PRAISED_PROBLEM_QUALIFIERS } from '../../lexicon';
import {
  adverbBeforeParticiple,
  alsoBeforeParticiple,
  closeDashAsides,
  comparativeWithArticle,
  listWithoutRepeatedIn,
  madeNotStrove,
  massNounsSingular,
  mendQuotes,
  problemWithArticle,
  relativeClauseAgreement,
  withoutCountedPraise,
  withoutDoubledWord,
} from '../surface';

/** Built once: the match runs on every rewritten candidate. */
const withoutSelfPraise = changedBy(dropSelfPraise);
const withoutCountedPraiseChanged = changedBy(withoutCountedPraise);
const madeNotStroveChanged = changedBy(madeNotStrove);

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

/** "the important issue of X" → "the issue of X": the problem named without the authors' praise of it. */
const PRAISED_PROBLEM = new RegExp(String.raw`\b(the)\s+(?:${alternation(PRAISED_PROBLEM_QUALIFIERS)})\s+(issues?|problems?|tasks?|questions?|challenges?)\s+(?=of\b)`, 'gi');
/** ", a hot topic in current NLP research," between commas: an aside on the field's popularity. */
const ATTENTION_APPOSITIVE = new RegExp(String.raw`,\s+(?:${alternation(ATTENTION_APPOSITIVES)})(?:\s+(?:in|of|for|within)\s+[^,;()]{1,80})?,(?=\s)`, 'gi');
const withoutPraisedProblem = changedBy((s: string) => s.replace(PRAISED_PROBLEM, '$1 $2 ').replace(ATTENTION_APPOSITIVE, ''));

export const FINISH_RULES: readonly TableRule[] = [
  {
    id: 'finish.praised-problem',
    stage: 'finish',
    summary:
      'The authors\' praise of their problem or field ("addressed the important issue of X", "X, a hot topic in current ' +
      'research,") is not repeated by those who cite them: "addressed the issue of X".',
    match: (s, ctx) => ctx.style === 'citation' && withoutPraisedProblem(s, ctx),
    apply: changedText,
    examples: [
      { input: 'We address the important issue of tagging noisy tweets with a small model.', output: 'Doe and Roe \\cite{doe2020} addressed the issue of tagging noisy tweets with a small model.' },
      {
        input: 'We develop a model that addresses tweet tagging, a hot topic in current language research, using a small network.',
        output: 'Doe and Roe \\cite{doe2020} developed a model that addresses tweet tagging using a small network.',
      },
    ],
  },
  {
    id: 'finish.counted-praise',
    stage: 'finish',
    summary:
      'The authors\' praise between a count and its noun ("several important extensions", "two powerful constraints", "a powerful ' +
      'type system") is not repeated by those who cite them: "several extensions", "a type system".',
    match: (s, ctx) => ctx.style === 'citation' && withoutCountedPraiseChanged(s, ctx),
    apply: changedText,
    examples: [
      {
        input: 'This paper develops several important extensions to the notion of a tide barrier.',
        output: 'Doe and Roe \\cite{doe2020} developed several extensions to the notion of a tide barrier.',
      },
      {
        input: 'We describe TideML, a harbour formalism which integrates an elegant type system.',
        output: 'Doe and Roe \\cite{doe2020} described TideML, a harbour formalism which integrates a type system.',
      },
    ],
  },
  {
    id: 'finish.mass-noun',
    stage: 'finish',
    summary: 'A plural English does not form ("informations", "feedbacks") is written in the singular, with the verb right after it.',
    match: changedBy(massNounsSingular),
    apply: changedText,
    examples: [
      {
        input: 'We propose a deep network to fuse the two kinds of informations into one representation.',
        output: 'Doe and Roe \\cite{doe2020} proposed a deep network to fuse the two kinds of information into one representation.',
      },
    ],
  },
  {
    id: 'finish.relative-agreement',
    stage: 'finish',
    summary: 'The verb of a relative clause on a singular noun agrees with it ("a tide network that use two gauges" → "that uses").',
    match: changedBy(relativeClauseAgreement),
    apply: changedText,
    examples: [
      {
        input: 'We present TideNet, a modification of the pretrained harbour network that use siamese gauge structures.',
        output: 'Doe and Roe \\cite{doe2020} presented TideNet, a modification of the pretrained harbour network that uses siamese gauge structures.',
      },
    ],
  },
  {
    id: 'finish.self-praise',
    stage: 'finish',
    summary: 'The authors\' "novel"/"new" before a noun ("a novel method") is not repeated by those who cite it.',
    match: (s, ctx) => ctx.style === 'citation' && withoutSelfPraise(s, ctx),
    apply: changedText,
    examples: [
      { input: 'We present a novel parser for noisy text.', output: 'Doe and Roe \\cite{doe2020} presented a parser for noisy text.' },
      // "a new, information-theoretic account": the comma between two adjectives goes with the praise.
      { input: 'We propose a new, tide-theoretic account of harbour surges.', output: 'Doe and Roe \\cite{doe2020} proposed a tide-theoretic account of harbour surges.' },
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
    id: 'finish.dash-aside',
    stage: 'finish',
    // After finish.spacing, which closes up a dash spaced on one side only.
    summary:
      'An aside between dashes that an extraction glued to its neighbours ("a reformulation–framed as a search problem–of pilot ' +
      'tasks", "the theorem - due to Roe - which") is set off by closed-up em dashes, so it no longer reads as one compound word.',
    match: changedBy(closeDashAsides),
    apply: changedText,
    examples: [
      {
        input: 'In this paper we present a reformulation--framed as a constrained search problem--of harbour pilot tasks.',
        output: 'Doe and Roe \\cite{doe2020} presented a reformulation—framed as a constrained search problem—of harbour pilot tasks.',
      },
      {
        input: 'This note presents a short proof of the theorem - due to Vale - which states that every tide has an ebb.',
        output: 'Doe and Roe \\cite{doe2020} presented a short proof of the theorem—due to Vale—which states that every tide has an ebb.',
      },
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
    id: 'finish.quote-pairs',
    stage: 'finish',
    summary: 'Quotes an extraction paired wrongly ("entitled ”tide loss”", "a “sweet spot\"") become “…”; an opening quote nothing closes goes.',
    match: changedBy(mendQuotes),
    apply: changedText,
    examples: [
      {
        input: 'We design a loss function entitled ”tide loss” for harbour gauges.',
        output: 'Doe and Roe \\cite{doe2020} designed a loss function entitled “tide loss” for harbour gauges.',
      },
      {
        input: 'We introduce “Gauge Scanning methods from the harbour domain to tide tables.',
        output: 'Doe and Roe \\cite{doe2020} introduced Gauge Scanning methods from the harbour domain to tide tables.',
      },
    ],
  },
  {
    id: 'finish.doubled-word',
    stage: 'finish',
    summary: 'A small word the abstract doubled by mistake ("and how how the tide") is written once.',
    match: changedBy(withoutDoubledWord),
    apply: changedText,
    examples: [
      {
        input: 'We present a tide model and how how such readings can be used in a harbour.',
        output: 'Doe and Roe \\cite{doe2020} presented a tide model and how such readings can be used in a harbour.',
      },
    ],
  },
  {
    id: 'finish.also-order',
    stage: 'finish',
    summary: '"also" goes before the participle it belongs to: "has been briefly discussed also" → "has also been briefly discussed".',
    match: changedBy(alsoBeforeParticiple),
    apply: changedText,
    examples: [
      {
        input: 'The relevance of tide tables to harbour pilots has been briefly discussed also.',
        output: 'The relevance of tide tables to harbour pilots has also been briefly discussed \\cite{doe2020}.',
      },
    ],
  },
  {
    id: 'finish.made-not-strove',
    stage: 'finish',
    summary: 'The authors\' effort before what they made is not repeated: "strove to develop X" → "developed X".',
    match: (s, ctx) => ctx.style === 'citation' && madeNotStroveChanged(s, ctx),
    apply: changedText,
    examples: [
      {
        input: 'In this study we strive to develop a series of latent tide models with a deep structure.',
        output: 'Doe and Roe \\cite{doe2020} developed a series of latent tide models with a deep structure.',
      },
    ],
  },
  {
    id: 'finish.adverb-slip',
    stage: 'finish',
    summary: 'An adjective written for its adverb before a participle is mended: "bad trained categories" → "badly trained categories".',
    match: changedBy(adverbBeforeParticiple),
    apply: changedText,
    examples: [
      {
        input: 'We use gauge logs to increase evidence for bad trained tide categories.',
        output: 'Doe and Roe \\cite{doe2020} used gauge logs to increase evidence for badly trained tide categories.',
      },
      {
        input: 'We generate realistic looking waves around arbitrary shaped harbour walls.',
        output: 'Doe and Roe \\cite{doe2020} generated realistic-looking waves around arbitrarily shaped harbour walls.',
      },
    ],
  },
  {
    id: 'finish.problem-article',
    stage: 'finish',
    summary: 'A problem named as the object of "study", "address", "solve" … takes its article: "studied tide forecasting problem" → "studied the tide forecasting problem".',
    match: changedBy(problemWithArticle),
    apply: changedText,
    examples: [
      {
        input: 'We study harbour tide forecasting (HTF) problem and present a network for it.',
        output: 'Doe and Roe \\cite{doe2020} studied the harbour tide forecasting (HTF) problem and presented a network for it.',
      },
    ],
  },
  {
    id: 'finish.list-in',
    stage: 'finish',
    summary: 'A list after a colon does not repeat the "in" of the phrase before it for its last item: "in two domains: tides and in surges" → "tides and surges".',
    match: changedBy(listWithoutRepeatedIn),
    apply: changedText,
    examples: [
      {
        input: 'We evaluate whether gauges help in two different domains: tide forecasting (TF) and in surge warning (SW).',
        output: 'Doe and Roe \\cite{doe2020} evaluated whether gauges help in two different domains: tide forecasting (TF) and surge warning (SW).',
      },
    ],
  },
  {
    id: 'finish.comparative-article',
    stage: 'finish',
    summary: 'A comparative before a singular count noun takes its article: "with more realistic tide model" → "with a more realistic tide model".',
    match: changedBy(comparativeWithArticle),
    apply: changedText,
    examples: [
      {
        input: 'We train a gauge network with more realistic tide model and real harbour readings.',
        output: 'Doe and Roe \\cite{doe2020} trained a gauge network with a more realistic tide model and real harbour readings.',
      },
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
