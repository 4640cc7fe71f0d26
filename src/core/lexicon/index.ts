// The engine's word lists, one per concept (see word-list.ts). Patterns are built from them with `alternation(list)`;
// no other file spells these lists again.
import { AIM_QUALIFIERS, ATTENTION_APPOSITIVES, NEWNESS_NOUNS, PRAISED_PROBLEM_QUALIFIERS, SUBJECT_ASIDES } from './asides';
import { COUNTED_PRAISE_ADJECTIVES, MASS_NOUN_PLURALS, PAIRED_PRAISE, PRAISE_AFTER_ARTICLE } from './asides';
import { CATALOGUE_VERBS, FINDING_PARTICIPLES, REMEDY_VERBS, WORK_ACTS } from './acts';
import { AIMED_WORKS, COMMON_SELF_NOUNS, INNER_SELF_LOCATIONS, MORE_SELF_LOCATIONS, SELF_NOUNS, WORKS_FRAMING_AUTHORS, WORKS_FRAMING_PRONOUNS } from './self-reference';
import { NOUN_PHRASE_PREPOSITIONS, TRAILING_CLAUSE_OPENERS } from './phrases';
import { EVERYONES_LIVES, GENERIC_WE_VERBS, OUR_TIMES, OUR_WORLDS } from './everyone';
import { CONNECTIVE_OPENERS, CONTRAST_OPENERS, EMPHASIS_OPENERS, FRAMES_BEFORE_WE, TIME_BEFORE_WE } from './openers';
// The lists without probes (PatternWords): the alternations that long patterns spelled inline until issue 64.
import { PIECES_OPENING_IN_THIS } from './openers';
import { REFERRING_PHRASES } from './phrases';
// Files that hold only PatternWords lists: each is exported whole, and PATTERN_WORDS takes every list they hold, so a
// list added to one of them is registered without being named again here.
import * as ARTIFACT_LISTS from './artifacts';
import * as CLAUSE_WORD_LISTS from './clause-words';
import * as CUE_WORD_LISTS from './cue-words';
import * as FIELD_LISTS from './fields';
import * as NAME_LISTS from './names';
import * as PROBLEM_LISTS from './problems';
import * as SLIP_LISTS from './slips';
import * as VERB_FORM_LISTS from './verb-forms';
import type { PatternWords, WordList } from './word-list';

export { TRAILING_CLAUSE_OPENERS };
export { EVERYONES_LIVES, GENERIC_WE_VERBS, OUR_TIMES, OUR_WORLDS };
export { COMMON_SELF_NOUNS, NEWNESS_NOUNS, WORKS_FRAMING_AUTHORS, WORKS_FRAMING_PRONOUNS };
export { AIMED_WORKS, CONNECTIVE_OPENERS, CONTRAST_OPENERS, EMPHASIS_OPENERS, FRAMES_BEFORE_WE, INNER_SELF_LOCATIONS, NOUN_PHRASE_PREPOSITIONS, TIME_BEFORE_WE };
export { ATTENTION_APPOSITIVES, PRAISED_PROBLEM_QUALIFIERS };
export { COUNTED_PRAISE_ADJECTIVES, MASS_NOUN_PLURALS, PAIRED_PRAISE, PRAISE_AFTER_ARTICLE };
export { AIM_QUALIFIERS, CATALOGUE_VERBS, FINDING_PARTICIPLES, MORE_SELF_LOCATIONS, REMEDY_VERBS, SELF_NOUNS, SUBJECT_ASIDES, WORK_ACTS };
export { PIECES_OPENING_IN_THIS, REFERRING_PHRASES };
export * from './artifacts';
export * from './clause-words';
export * from './cue-words';
export * from './fields';
export * from './names';
export * from './problems';
export * from './slips';
export * from './verb-forms';
export { alternation, spelled, type PatternWords, type WordExample, type WordList, type WordProbe } from './word-list';

export const LEXICON: readonly WordList[] = [SELF_NOUNS, COMMON_SELF_NOUNS, MORE_SELF_LOCATIONS, WORK_ACTS, REMEDY_VERBS, FINDING_PARTICIPLES, CATALOGUE_VERBS, SUBJECT_ASIDES, AIM_QUALIFIERS, NOUN_PHRASE_PREPOSITIONS, CONNECTIVE_OPENERS, CONTRAST_OPENERS, EMPHASIS_OPENERS, FRAMES_BEFORE_WE, TIME_BEFORE_WE, AIMED_WORKS, INNER_SELF_LOCATIONS, WORKS_FRAMING_AUTHORS, WORKS_FRAMING_PRONOUNS, NEWNESS_NOUNS, GENERIC_WE_VERBS, EVERYONES_LIVES, OUR_TIMES, OUR_WORLDS, TRAILING_CLAUSE_OPENERS,
  PRAISED_PROBLEM_QUALIFIERS, ATTENTION_APPOSITIVES,
  COUNTED_PRAISE_ADJECTIVES, PRAISE_AFTER_ARTICLE, PAIRED_PRAISE, MASS_NOUN_PLURALS];

/** The lists without probes of their own (see PatternWords): each word once, and spelled nowhere else. */
export const PATTERN_WORDS: readonly PatternWords[] = [
  ...Object.values(ARTIFACT_LISTS),
  ...Object.values(CLAUSE_WORD_LISTS),
  ...Object.values(CUE_WORD_LISTS),
  ...Object.values(FIELD_LISTS),
  ...Object.values(NAME_LISTS),
  ...Object.values(PROBLEM_LISTS),
  ...Object.values(SLIP_LISTS),
  ...Object.values(VERB_FORM_LISTS),
  PIECES_OPENING_IN_THIS,
  REFERRING_PHRASES,
];
