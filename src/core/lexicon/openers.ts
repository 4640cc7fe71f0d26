// Openers that carry no content once a sentence is quoted alone: stripped before the citation is written
// (rewrite/discourse.ts LEADING_DISCOURSE).
import type { PatternWords, WordList } from './word-list';

const PROPOSED = 'Doe and Roe \\cite{doe2020} proposed a parser for noisy text.';

export const CONNECTIVE_OPENERS: WordList = {
  name: 'CONNECTIVE_OPENERS',
  purpose: 'Connectives that tie a sentence to the one before it ("Additionally, ", "As a result, ", "In summary, "): quoted alone, the sentence has nothing before it.',
  words: ['additionally', 'in addition', 'also', 'besides', 'further', 'therefore', 'thus', 'hence', 'consequently', 'accordingly', 'as a result', 'overall', 'in summary', 'in short', 'in sum', 'to summarize', 'to sum up', 'in conclusion', 'to conclude', 'to the best of our knowledge', 'as far as we know'],
  probes: [{
    examples: [
      'Additionally, we propose a parser for noisy text.',
      'In addition, we propose a parser for noisy text.',
      'Also, we propose a parser for noisy text.',
      'Besides, we propose a parser for noisy text.',
      'Further, we propose a parser for noisy text.',
      'Therefore, we propose a parser for noisy text.',
      'Thus, we propose a parser for noisy text.',
      'Hence, we propose a parser for noisy text.',
      'Consequently, we propose a parser for noisy text.',
      'Accordingly, we propose a parser for noisy text.',
      'As a result, we propose a parser for noisy text.',
      'Overall, we propose a parser for noisy text.',
      'In summary, we propose a parser for noisy text.',
      'In short, we propose a parser for noisy text.',
      'In sum, we propose a parser for noisy text.',
      'To summarize, we propose a parser for noisy text.',
      'To sum up, we propose a parser for noisy text.',
      'In conclusion, we propose a parser for noisy text.',
      'To conclude, we propose a parser for noisy text.',
      'To the best of our knowledge, we propose a parser for noisy text.',
      'As far as we know, we propose a parser for noisy text.',
    ],
    output: PROPOSED,
  }],
};

export const CONTRAST_OPENERS: WordList = {
  name: 'CONTRAST_OPENERS',
  purpose: 'Openers that set a sentence against the one before it ("However, ", "In contrast, "), which a quoted sentence does not have.',
  words: ['in contrast', 'by contrast', 'instead', 'however', 'nevertheless', 'nonetheless'],
  probes: [{
    examples: [
      'In contrast, we propose a parser for noisy text.',
      'By contrast, we propose a parser for noisy text.',
      'Instead, we propose a parser for noisy text.',
      'However, we propose a parser for noisy text.',
      'Nevertheless, we propose a parser for noisy text.',
      'Nonetheless, we propose a parser for noisy text.',
    ],
    output: PROPOSED,
  }],
};

export const EMPHASIS_OPENERS: WordList = {
  name: 'EMPHASIS_OPENERS',
  purpose: 'Openers that weigh or place a sentence among its neighbours ("Notably, ", "In this context, ", "Similarly, "): content-free once it is quoted alone.',
  words: ['notably', 'importantly', 'more importantly', 'most importantly', 'interestingly', 'surprisingly', 'crucially', 'in this regard', 'in this context', 'along these lines', 'for this purpose', 'for this reason', 'as such', 'on the other hand', 'at the same time', 'in turn', 'similarly', 'likewise', 'namely', 'that is'],
  probes: [{
    examples: [
      'Notably, we propose a parser for noisy text.',
      'Importantly, we propose a parser for noisy text.',
      'More importantly, we propose a parser for noisy text.',
      'Most importantly, we propose a parser for noisy text.',
      'Interestingly, we propose a parser for noisy text.',
      'Surprisingly, we propose a parser for noisy text.',
      'Crucially, we propose a parser for noisy text.',
      'In this regard, we propose a parser for noisy text.',
      'In this context, we propose a parser for noisy text.',
      'Along these lines, we propose a parser for noisy text.',
      'For this purpose, we propose a parser for noisy text.',
      'For this reason, we propose a parser for noisy text.',
      'As such, we propose a parser for noisy text.',
      'On the other hand, we propose a parser for noisy text.',
      'At the same time, we propose a parser for noisy text.',
      'In turn, we propose a parser for noisy text.',
      'Similarly, we propose a parser for noisy text.',
      'Likewise, we propose a parser for noisy text.',
      'Namely, we propose a parser for noisy text.',
      'That is, we propose a parser for noisy text.',
    ],
    output: PROPOSED,
  }],
};

export const FRAMES_BEFORE_WE: WordList = {
  name: 'FRAMES_BEFORE_WE',
  purpose: 'Openers right before "we" without a comma ("Here we …", "Thus we …", "In doing so we …"), dropped with the subject they lead to.',
  words: ['here', 'so', 'thus', 'hence', 'therefore', 'now', 'then', 'next', 'below', 'in doing so', 'to do so', 'in turn'],
  probes: [{
    examples: [
      'Here we propose a parser for noisy text.',
      'So we propose a parser for noisy text.',
      'Thus we propose a parser for noisy text.',
      'Hence we propose a parser for noisy text.',
      'Therefore we propose a parser for noisy text.',
      'Now we propose a parser for noisy text.',
      'Then we propose a parser for noisy text.',
      'Next we propose a parser for noisy text.',
      'Below we propose a parser for noisy text.',
      'In doing so we propose a parser for noisy text.',
      'To do so we propose a parser for noisy text.',
      'In turn we propose a parser for noisy text.',
    ],
    output: PROPOSED,
  }],
};

export const TIME_BEFORE_WE: WordList = {
  name: 'TIME_BEFORE_WE',
  purpose: 'The paper\'s own time before "we" ("Currently, we …"), wrong once the sentence is reported ("Currently, they proposed").',
  words: ['currently', 'at present', 'presently', 'now', 'today'],
  probes: [{
    examples: [
      'Currently, we propose a parser for noisy text.',
      'At present, we propose a parser for noisy text.',
      'Presently, we propose a parser for noisy text.',
      'Now, we propose a parser for noisy text.',
      'Today, we propose a parser for noisy text.',
    ],
    output: PROPOSED,
  }],
};

export const PIECES_OPENING_IN_THIS: PatternWords = {
  name: 'PIECES_OPENING_IN_THIS',
  purpose: 'Other names a piece of writing gives itself in an opener that carries no content ("In this commentary, ", "In this primer, "): rewrite/discourse.ts LEADING_DISCOURSE, beside SELF_NOUNS and MORE_SELF_LOCATIONS. first-person.ts SELF_REFERENCE has a shorter list of its own ("this monograph", "this submission"), read as the subject, not an opener.',
  words: ['contribution', 'commentary', 'editorial', 'volume', 'monograph', 'primer', 'handbook', 'overview', 'exploration'],
};
