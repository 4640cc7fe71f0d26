// clean: words that point into the source paper or carry no content once its sentence is quoted alone.
import { stripForeignNumberedCitations } from '../clauses';
import { stripLeadingDiscourse } from '../discourse';
import { withLostPercentMended } from '../junk';
import { changedBy, changedText, type TableRule } from '../rule';
import { alternation, INNER_SELF_LOCATIONS, SUBJECT_ASIDES } from '../../lexicon';

const INNER_SELF_LOCATION = new RegExp(String.raw`(?<=[\w)])\s+(?:in this (?:${alternation(INNER_SELF_LOCATIONS)})|herein)(?=[\s,.;:])`, 'gi');
const SUBJECT_ASIDE =
  new RegExp(String.raw`^(we|I)\s*,\s*(?:${alternation(SUBJECT_ASIDES)})\s*,\s*`, 'i');
const HERE_AFTER_VERB = /^(we\s+(?:[a-z]+ly\s+)?[a-z]+)\s+here\b(?!\s+(?:is|are)\b)/i;
const BELIEF = /^(we\s+(?:also\s+|further\s+|[a-z]+ly\s+)?)(?:believe|think)\s+(?=that\b)/i;
const INSTEAD = /(?<!\b(?:and|but|or)|[,;:])\s+instead\b(?!\s+of\b)(?=[\s.;!?])/gi;
/**
 * "We first propose X": the first step of the paper's own account ("first …, then …"), which in a citation reads as a
 * priority claim ("Doe and Roe first proposed X"). Not "We are the first to …", which is one.
 */
const SEQUENCE_FIRST = /^((?:we|I)\s+)first\s+(?=\p{Ll}+(?:e|s|ed)?\b)(?!(?:time|step|stage|part|order|author)\b)/iu;
/**
 * A closing "as well" or "too": "Moreover, we quantize the gradients to 6 bits as well" adds to a sentence the
 * citation does not quote, and "[3] quantized the gradients to 6 bits as well" then points at nothing (a blind reader,
 * CiteBench dev case 12). Not a comparison ("performs as well", "works as well"), which the adverb does not add. A closing "also" is
 * moved, not dropped (finish.also-order).
 */
const CLOSING_ADDITION =
  /(?<!\b(?:performs?|performed|works?|worked|does|do|did|generalizes?|generalized|scales?|scaled|fares?|fared)),?\s+(?:as\s+well|too)(?=\s*[.!?]?\s*$)/i;

export const CLEAN_RULES: readonly TableRule[] = [
  {
    id: 'clean.foreign-numbered-citations',
    stage: 'clean',
    summary: 'Numbered citations of other works ("[3]", "[4, 5]") point into a reference list the reader does not have.',
    match: changedBy(stripForeignNumberedCitations),
    apply: changedText,
    examples: [
      { input: 'We extend a tagger [3] to noisy social media text.', output: 'Doe and Roe \\cite{doe2020} extended a tagger to noisy social media text.' },
      { input: 'We extend earlier taggers [3, 4] to noisy social media text.', output: 'Doe and Roe \\cite{doe2020} extended earlier taggers to noisy social media text.' },
    ],
  },
  {
    id: 'clean.inner-self-location',
    stage: 'clean',
    summary: 'An inner "in this paper" / "herein" repeats the work once the subject names it ("We address X in this paper by …").',
    match: INNER_SELF_LOCATION,
    apply: (s) => s.replace(INNER_SELF_LOCATION, ''),
    examples: [
      { input: 'We address tagging in this paper by training on noisy tweets.', output: 'Doe and Roe \\cite{doe2020} addressed tagging by training on noisy tweets.' },
    ],
  },
  {
    id: 'clean.leading-discourse',
    stage: 'clean',
    summary: 'Openers without content: "In this paper, ", "To this end, ", "Specifically, ", "To improve this, ".',
    match: changedBy(stripLeadingDiscourse),
    apply: changedText,
    examples: [
      {
        input: 'While most taggers are trained on news text, in this paper we propose a tagger trained on tweets.',
        output: 'While most taggers are trained on news text, Doe and Roe \\cite{doe2020} proposed a tagger trained on tweets.',
      },
    ],
  },
  {
    id: 'clean.subject-aside',
    stage: 'clean',
    summary: 'An aside between "we" and its verb ("We, in contrast, discuss …") would split the new subject from its verb.',
    match: SUBJECT_ASIDE,
    apply: (s) => s.replace(SUBJECT_ASIDE, '$1 '),
    examples: [
      { input: 'We, in contrast, discuss the costs of tagging noisy text.', output: 'Doe and Roe \\cite{doe2020} discussed the costs of tagging noisy text.' },
    ],
  },
  {
    id: 'clean.here-after-verb',
    stage: 'clean',
    summary: '"We present here a method": once the authors are named, "here" points nowhere.',
    match: HERE_AFTER_VERB,
    apply: (s) => s.replace(HERE_AFTER_VERB, '$1'),
    examples: [
      { input: 'We present here a parser for noisy text.', output: 'Doe and Roe \\cite{doe2020} presented a parser for noisy text.' },
    ],
  },
  {
    id: 'clean.sequence-first',
    stage: 'clean',
    summary: '"We first propose X" is a step of the paper\'s account, not a priority claim: "Doe and Roe \\cite{k} proposed X".',
    match: SEQUENCE_FIRST,
    apply: (s) => s.replace(SEQUENCE_FIRST, '$1'),
    examples: [
      { input: 'We first propose a tagger for noisy tweets, and then train it on news.', output: 'Doe and Roe \\cite{doe2020} proposed a tagger for noisy tweets, and then trained it on news.' },
    ],
  },
  {
    id: 'clean.belief-as-claim',
    stage: 'clean',
    summary: '"We believe that X" is reported as citing authors report a claim ("argued that X"), not a belief held once.',
    match: BELIEF,
    apply: (s) => s.replace(BELIEF, '$1argue '),
    examples: [
      { input: 'We believe that tagging noisy text needs new features.', output: 'Doe and Roe \\cite{doe2020} argued that tagging noisy text needs new features.' },
    ],
  },
  {
    id: 'clean.instead',
    stage: 'clean',
    summary: 'A closing "instead" sets the sentence against the one before, which the citation does not repeat ("and instead", "instead of" stay).',
    match: INSTEAD,
    apply: (s) => s.replace(INSTEAD, ''),
    examples: [
      { input: 'We train the tagger on noisy tweets instead.', output: 'Doe and Roe \\cite{doe2020} trained the tagger on noisy tweets.' },
    ],
  },
  {
    id: 'clean.closing-addition',
    stage: 'clean',
    summary: 'A closing "as well" or "too" adds to a sentence the citation does not quote ("performs as well" stays).',
    match: CLOSING_ADDITION,
    apply: (s) => s.replace(CLOSING_ADDITION, ''),
    examples: [
      { input: 'Moreover, we round the tide gauge readings to whole centimetres as well.', output: 'Doe and Roe \\cite{doe2020} rounded the tide gauge readings to whole centimetres.' },
      { input: 'We release the harbour corpus, too.', output: 'Doe and Roe \\cite{doe2020} released the harbour corpus.' },
    ],
  },
  {
    id: 'clean.lost-percent',
    stage: 'clean',
    summary: '"achieve 92 accuracy" → "achieve 92% accuracy": the percent sign an extraction lost before a measure read as a share.',
    match: changedBy(withLostPercentMended),
    apply: changedText,
    examples: [
      { input: 'Our tagger reaches 88 accuracy on the held-out tide reports.', output: 'The tagger of Doe and Roe \\cite{doe2020} reaches 88% accuracy on the held-out tide reports.' },
    ],
  },
];
