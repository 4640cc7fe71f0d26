// The words that tell where a sentence may be cut short and still read as one (rewrite/clauses.ts): what a cut must
// not end on, the verbs that need their preposition, the generic heads that say nothing without what follows.
import type { PatternWords } from './word-list';

export const VERBS_NEEDING_FOR: PatternWords = {
  name: 'VERBS_NEEDING_FOR',
  purpose: 'Words that mean little without their "for" ("accounts for", "responsible for"), in the present: a cut never ends on them (rewrite/clauses.ts VERB_NEEDS_FOR).',
  words: ['responsible', 'accounts?', 'search(?:es)?', 'looks?', 'calls?', 'stands?', 'controls?', 'corrects?', 'compensates?', 'opts?', 'cares?', 'waits?', 'asks?', 'argues?', 'pays?', 'prepares?', 'strives?', 'substitutes?', 'vouch(?:es)?'],
};

export const VERBS_NEEDING_WITH: PatternWords = {
  name: 'VERBS_NEEDING_WITH',
  purpose: 'Verbs that mean little without their "with" ("deals with", "copes with"), in the present: a cut never ends on them (rewrite/clauses.ts VERB_NEEDS_WITH).',
  words: ['deals?', 'copes?', 'interacts?', 'compl(?:y|ies)', 'agrees?', 'contends?', 'dispenses?', 'experiments?', 'collaborates?', 'coincides?', 'correlates?', 'competes?', 'communicates?', 'interferes?', 'cooperates?', 'grapples?', 'wrestles?', 'struggles?', 'tinkers?'],
};

export const GENERIC_KIND_PLURALS: PatternWords = {
  name: 'GENERIC_KIND_PLURALS',
  purpose: 'Kinds of thing that say nothing on their own at the end of a cut ("… has motivated methods", "… and give algorithms"): rewrite/clauses.ts BARE_GENERIC_AT_END.',
  words: ['methods', 'approaches', 'models', 'algorithms', 'techniques', 'systems', 'frameworks', 'tools', 'strategies', 'schemes', 'mechanisms', 'procedures', 'measures', 'metrics', 'tasks', 'problems'],
};

export const METHOD_KIND_ADJECTIVES: PatternWords = {
  name: 'METHOD_KIND_ADJECTIVES',
  purpose: 'Adjectives of a method\'s kind before a generic head ("a new statistical method", "a data-driven approach"): rewrite/clauses.ts GENERIC_HEAD_AT_END.',
  words: ['machine[ -]learning', 'deep[ -]learning', 'neural', 'statistical', 'probabilistic', '(?:semi-|un)?supervised', 'data-driven', 'learning-based', 'computational', 'automatic', 'automated', 'unified', 'generic', 'principled', 'learning'],
};

export const GENERIC_HEAD_NOUNS: PatternWords = {
  name: 'GENERIC_HEAD_NOUNS',
  purpose: 'Content-free heads of a noun phrase ("a task", "a new method", "the set", "an effect"), singular (the pattern adds "s?"), that a cut must not end on: rewrite/clauses.ts GENERIC_HEAD_AT_END.',
  words: ['task', 'method', 'methodolog(?:y|ie)', 'approach', 'framework', 'model', 'system', 'technique', 'algorithm', 'way', 'tool', 'procedure', 'scheme', 'mechanism', 'strategy', 'paradigm', 'measure', 'metric', 'criterion', 'set', 'number', 'class', 'family', 'variety', 'range', 'series', 'kind', 'type', 'form', 'problem', 'association', 'relationship', 'relation', 'connection', 'correlation', 'interaction', 'difference', 'comparison', 'combination', 'effect', 'impact', 'role', 'influence', 'extension', 'generalization'],
};

export const FRONTED_PHRASE_OPENERS: PatternWords = {
  name: 'FRONTED_PHRASE_OPENERS',
  purpose: 'Words that open a fronted phrase or clause, which a main clause must follow ("Motivated by …", "Compared with …", "Unlike …"): rewrite/clauses.ts FRONTED_OPENER.',
  words: ['as', 'in', 'by', 'with', 'for', 'to', 'from', 'on', 'under', 'through', 'via', 'using', 'motivated', 'inspired', 'driven', 'based', 'given', 'since', 'because', 'while', 'whereas', 'although', 'though', 'when', 'if', 'after', 'before', 'unlike', '(?:much |just )?like', 'just as', 'similar(?:ly)? to', 'compared (?:to|with)', 'despite', 'towards?', 'building', 'following'],
};

export const THAT_CLAUSE_VERB_FORMS: PatternWords = {
  name: 'THAT_CLAUSE_VERB_FORMS',
  purpose: 'Verbs that report a claim in a "that" clause, in every form ("show that", "is shown that", "hypothesised that"): rewrite/clauses.ts REPORTED_CLAIM.',
  words: ['show', 'shows', 'showed', 'shown', 'prove[sdn]?', 'proven', 'demonstrate[sd]?', 'find', 'finds', 'found', 'argue[sd]?', 'observe[sd]?', 'note[sd]?', 'suggest(?:s|ed)?', 'establish(?:es|ed)?', 'conclude[sd]?', 'reveal(?:s|ed)?', 'confirm(?:s|ed)?', 'verif(?:y|ies|ied)', 'indicate[sd]?', 'claim(?:s|ed)?', 'impl(?:y|ies|ied)', 'recommend(?:s|ed)?', 'believe[sd]?', 'assume[sd]?', 'hypothesi[sz]e[sd]?', 'predict(?:s|ed)?'],
};

export const NO_CUT_AFTER: PatternWords = {
  name: 'NO_CUT_AFTER',
  purpose: 'Prepositions, articles, conjunctions, adverbs and the like that a cut must not strand at its end ("… for domain adaptation in.", "… in contrast to just."): rewrite/clauses.ts STRANDED_AT_END.',
  words: ['in', 'of', 'for', 'to', 'with', 'by', 'on', 'from', 'at', 'as', 'a', 'an', 'the', 'that', 'and', 'or', 'than', 'into', 'onto', 'between', 'under', 'over', 'its', 'their', 'our', 'together', 'both', 'is', 'are', 'was', 'were', 'be', 'been', 'being', 'which', 'each', 'new', 'novel', 'simple', 'general', 'efficient', 'effective', 'several', 'various', 'multiple', 'many', 'some', 'few', 'more', 'most', 'other', 'such', 'this', 'these', 'those', 'two', 'three', 'four', 'five', 'very', 'highly', 'when', 'if', 'whether', 'without', 'not', 'only', 'but', 'yet', 'so', 'because', 'since', 'how', 'what', 'why', 'can', 'could', 'may', 'might', 'must', 'should', 'will', 'would', 'allows?', 'allowed', 'enables?', 'keeps?', 'makes?', 'suitable', 'able', 'unable', 'per', 'versus', 'i\\.e\\.', 'e\\.g\\.', 'just', 'even', 'merely', 'solely', 'mainly', 'primarily', 'mostly', 'largely', 'partly', 'especially', 'particularly', 'namely', 'rather', 'via', 'through', 'like', 'including', 'within', 'across', 'among', 'against', 'towards?', 'upon', 'during', 'while', 'where', 'whose', 'whom', 'who', 'also', 'then', 'thus', 'hence', 'along', 'alongside', 'beyond', 'besides', 'despite', 'throughout', 'behind', 'around', 'about', 'amid', 'amongst', 'near', 'until', 'unlike', 'whereby', 'thereby'],
};

export const NON_NOUNS_AFTER_NOVEL: PatternWords = {
  name: 'NON_NOUNS_AFTER_NOVEL',
  purpose: 'Words after which "new"/"novel" is not an adjective before a noun ("the novel itself", "the novel and the film", "a new one is"): rewrite/first-person.ts NOT_A_NOUN_AFTER.',
  words: ['itself', 'is', 'are', 'was', 'were', 'has', 'have', 'had', 'be', 'been', 'and', 'or', 'but', 'nor', 'of', 'in', 'on', 'at', 'to', 'for', 'by', 'with', 'as', 'from', 'into', 'than', 'that', 'which', 'who', 'whose', 'it', 'its', 'their', 'the', 'a', 'an', 'this', 'these', 'those', 'can', 'could', 'will', 'would', 'may', 'might', 'must', 'should', 'does', 'do', 'did', 'not'],
};

export const CLAUSE_WORDS: PatternWords = {
  name: 'CLAUSE_WORDS',
  purpose: 'Pronouns, auxiliaries and subordinators that give a phrase a clause of its own ("an architecture where questions are …"): rewrite/self-description.ts PLAIN_NOUN_PHRASE.',
  words: ['we', 'I', 'our', 'us', 'they', 'it', 'is', 'are', 'was', 'were', 'be', 'been', 'has', 'have', 'had', 'can', 'could', 'will', 'would', 'may', 'might', 'must', 'should', 'do', 'does', 'did', 'that', 'which', 'where', 'who', 'whom', 'when', 'while', 'if', 'because'],
};

export const SIDE_DETAIL_VERBS: PatternWords = {
  name: 'SIDE_DETAIL_VERBS',
  purpose:
    'Verbs in the past that tell a side detail of a work, not what it contributes ("illustrated the model with data on …", "validated their results by deploying …"): a listed work is not said in a clause on them (drafting/clause.ts).',
  words: ['illustrated', 'validated', 'evaluated', 'tested', 'deployed', 'interpreted', 'corroborated', 'verified', 'confirmed', 'compared', 'obtained', 'achieved', 'conducted', 'performed', 'carried', 'reported', 'discussed', 'acknowledged', 'thanked', 'used', 'released'],
};

export const PUTTING_FORWARD_VERBS: PatternWords = {
  name: 'PUTTING_FORWARD_VERBS',
  purpose: 'Verbs that say a work put something forward: two works "proposed" what one "developed" and one "proposed" (drafting/subgroup-sentence.ts).',
  words: ['proposed', 'presented', 'introduced', 'developed', 'designed', 'devised', 'described', 'suggested'],
};

export const SUBGROUP_DETERMINERS: PatternWords = {
  name: 'SUBGROUP_DETERMINERS',
  purpose: 'What may stand between a work\'s verb and the phrase two works share ("proposed a series of latent semantic models"), longest first (drafting/subgroup-sentence.ts).',
  words: ['a series of', 'a family of', 'a class of', 'a set of', 'a new', 'a novel', 'an', 'a', 'one', 'the', 'several', 'two', 'three', 'four'],
};

export const RELATIVE_STARTS: PatternWords = {
  name: 'RELATIVE_STARTS',
  purpose: 'How a work\'s own part opens when it needs the object stated ("one that incorporates …", "one to recover …") (drafting/subgroup-sentence.ts).',
  words: ['that', 'which', 'who', 'to'],
};

export const PREPOSITIONAL_STARTS: PatternWords = {
  name: 'PREPOSITIONAL_STARTS',
  purpose: 'How a work\'s own part may open without its object ("[2] with a deep structure …") (drafting/subgroup-sentence.ts).',
  words: ['with', 'for', 'using', 'based on', 'by', 'from', 'under', 'across', 'in', 'on', 'over', 'via', 'through', 'without', 'trained', 'learned', 'built', 'applied'],
};

export const CLAUSE_DANGLING_ENDS: PatternWords = {
  name: 'CLAUSE_DANGLING_ENDS',
  purpose: 'Words a compressed clause cannot end on: it was cut in the middle of a phrase ("explicitly maximize the region of") (drafting/clause.ts).',
  words: ['a', 'an', 'the', 'of', 'to', 'and', 'or', 'for', 'in', 'on', 'with', 'by', 'from', 'that', 'which', 'its', 'their', 'as', 'at', 'than', 'between', 'into', 'over', 'under', 'is', 'are', 'was', 'were', 'be', 'been', 'can', 'could', 'may', 'not', 'both', 'each', 'such', 'very', 'more', 'most'],
};

export const CLAUSE_POINTERS: PatternWords = {
  name: 'CLAUSE_POINTERS',
  purpose: 'Words that point at what the abstract said before, which a compressed clause leaves out ("this problem", "their method") (drafting/clause.ts).',
  words: ['this', 'these', 'those', 'such', 'its', 'their', 'our', 'it', 'they', 'them', 'same', 'above', 'following', 'former', 'latter', 'aforementioned', 'the authors'],
};

export const CLAUSE_TRAILING_PREPOSITIONS: PatternWords = {
  name: 'CLAUSE_TRAILING_PREPOSITIONS',
  purpose: 'Prepositions whose phrase closes a clause and may go when it runs long ("… vectors on a wide range of tasks") (drafting/clause.ts).',
  words: ['on', 'in', 'with', 'for', 'from', 'at', 'across', 'over', 'under', 'within', 'without', 'into', 'between', 'among', 'against'],
};

export const GENERIC_GERUNDS: PatternWords = {
  name: 'GENERIC_GERUNDS',
  purpose: 'Words in -ing that name no topic alone ("learning", "processing"): a one-word shared thing is never one of them (drafting/relation.ts).',
  words: ['learning', 'training', 'modeling', 'modelling', 'computing', 'processing', 'using', 'setting', 'existing', 'following', 'increasing', 'building', 'understanding', 'programming', 'engineering', 'thing'],
};
