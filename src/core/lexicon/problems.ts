// What a sentence calls a problem, and the words that point back at one an earlier sentence named ("these issues",
// "this gap"): the purposes and remedies that name nothing once a sentence is quoted alone.
import type { PatternWords } from './word-list';

export const PROBLEM_NOUNS: PatternWords = {
  name: 'PROBLEM_NOUNS',
  purpose: 'What an abstract calls the problem it takes on ("these issues", "this gap", "such weaknesses"): the head of rewrite/cues.ts PROBLEM_POINTED_BACK.',
  words: ['issues?', 'problems?', 'challenges?', 'limitations?', 'limits', 'shortcomings?', 'gaps?', 'drawbacks?', 'difficult(?:y|ies)', 'bottlenecks?', 'questions?', 'concerns?', 'deficienc(?:y|ies)', 'weakness(?:es)?', 'obstacles?', 'disadvantages?'],
};

export const POINTERS_BACK: PatternWords = {
  name: 'POINTERS_BACK',
  purpose: 'The determiners that point at something an earlier sentence named ("this", "the above", "the aforementioned"): rewrite/cues.ts PROBLEM_POINTED_BACK.',
  words: ['this', 'these', 'that', 'those', 'the above', 'the aforementioned', 'such'],
};

export const CRITICISM_WORDS: PatternWords = {
  name: 'CRITICISM_WORDS',
  purpose: 'What an author writes of an approach they set their work against ("photometric loss is incapable of …", "such methods suffer from drift"): drafting/relation.ts criticizedPhrase. A work whose method such a sentence names is no "Like [0]" of the author\'s.',
  words: ['suffers?', 'suffered', 'suffering', 'fails?', 'failed', 'failing', 'limited', 'limitations?', 'shortcomings?', 'drawbacks?', 'incapable', 'unable', 'cannot', 'ill-posed', 'inaccurate', 'vague', 'struggles?', 'deficienc(?:y|ies)', 'weakness(?:es)?', 'disadvantages?'],
};
