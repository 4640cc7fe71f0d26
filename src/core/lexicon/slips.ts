// Words in the slips of grammar that abstracts carry and a blind reader marks in a draft: an adjective written where
// its adverb belongs ("bad trained categories"), a compound modifier without its hyphen ("a three stage pipeline"), a
// problem named without its article ("studied monocular visual odometry problem"). rewrite/surface.ts mends them.
import type { PatternWords } from './word-list';

export const ADJECTIVES_FOR_ADVERBS: PatternWords = {
  name: 'ADJECTIVES_FOR_ADVERBS',
  purpose: 'Adjectives written for their "-ly" adverb before a participle ("bad trained categories", "arbitrary shaped objects"): rewrite/surface.ts adverbBeforeParticiple.',
  // Not "dynamic", "optimal", "efficient", "automatic": they stack with a participle as two adjectives ("a dynamic simulated task",
  // "an efficient unsupervised procedure"), as a check over 25,000 abstract sentences showed.
  words: ['bad', 'poor', 'arbitrary', 'random', 'proper', 'careful', 'manual', 'independent', 'uniform', 'explicit', 'implicit', 'improper', 'incorrect', 'correct'],
};

export const COMPOUND_COUNTED_HEADS: PatternWords = {
  name: 'COMPOUND_COUNTED_HEADS',
  purpose: 'Nouns that a count turns into a modifier, with a hyphen, before another noun ("a three-stage pipeline", "a two-layer network"): rewrite/surface.ts hyphenatedCompounds.',
  words: ['stage', 'layer', 'level', 'step', 'scale', 'hop', 'shot', 'pass', 'dimensional', 'phase', 'fold', 'tier', 'class', 'bit', 'way'],
};

export const COMPOUND_PREFIXES: PatternWords = {
  name: 'COMPOUND_PREFIXES',
  purpose: 'Prefixes that an extraction or an author left apart from their word ("multi layer perceptron"): rewrite/surface.ts hyphenatedCompounds joins them with a hyphen.',
  words: ['multi', 'non', 'semi', 'anti'],
};

export const PROBLEM_TAKING_VERBS: PatternWords = {
  name: 'PROBLEM_TAKING_VERBS',
  purpose: 'Verbs whose object is a problem, which needs its article ("studied the monocular odometry problem"): rewrite/surface.ts problemWithArticle.',
  words: ['stud(?:y|ies|ied)', 'address(?:es|ed)?', 'tackle[sd]?', 'consider(?:s|ed)?', 'solv(?:e|es|ed)', 'investigat(?:e|es|ed)', 'examin(?:e|es|ed)', 'explor(?:e|es|ed)', 'formulat(?:e|es|ed)', 'revisit(?:s|ed)?', 'approach(?:es|ed)?'],
};
