// The engine's word lists, one per concept (see word-list.ts). Patterns are built from them with `alternation(list)`;
// no other file spells these lists again.
import { AIM_QUALIFIERS, SUBJECT_ASIDES } from './asides';
import { CATALOGUE_VERBS, FINDING_PARTICIPLES, REMEDY_VERBS, WORK_ACTS } from './acts';
import { MORE_SELF_LOCATIONS, SELF_NOUNS } from './self-reference';
import { NOUN_PHRASE_PREPOSITIONS } from './phrases';
import { CONNECTIVE_OPENERS, CONTRAST_OPENERS, EMPHASIS_OPENERS } from './openers';
import type { WordList } from './word-list';

export { CONNECTIVE_OPENERS, CONTRAST_OPENERS, EMPHASIS_OPENERS, NOUN_PHRASE_PREPOSITIONS };
export { AIM_QUALIFIERS, CATALOGUE_VERBS, FINDING_PARTICIPLES, MORE_SELF_LOCATIONS, REMEDY_VERBS, SELF_NOUNS, SUBJECT_ASIDES, WORK_ACTS };
export { alternation, spelled, type WordExample, type WordList, type WordProbe } from './word-list';

export const LEXICON: readonly WordList[] = [SELF_NOUNS, MORE_SELF_LOCATIONS, WORK_ACTS, REMEDY_VERBS, FINDING_PARTICIPLES, CATALOGUE_VERBS, SUBJECT_ASIDES, AIM_QUALIFIERS, NOUN_PHRASE_PREPOSITIONS, CONNECTIVE_OPENERS, CONTRAST_OPENERS, EMPHASIS_OPENERS];
