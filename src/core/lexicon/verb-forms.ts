// Verbs as the patterns spell them, with the forms each reads ("show|shows|showed"): what authors report, propose and
// do, for the rules that tell a report of other work, a second predicate or an infinitive from the rest.
import type { PatternWords } from './word-list';

export const REPORTING_VERB_FORMS: PatternWords = {
  name: 'REPORTING_VERB_FORMS',
  purpose: 'Verbs that report another work\'s claim, in the forms a sentence about it takes ("Niwa and Nitta show that …"): rewrite/cues.ts MENTIONS_OTHER_WORK.',
  words: ['show', 'shows', 'showed', 'propose', 'proposes', 'proposed', 'present', 'presents', 'presented', 'suggest', 'suggests', 'suggested', 'argue', 'argues', 'argued', 'report', 'reports', 'reported', 'find', 'finds', 'found', 'observe', 'observes', 'observed', 'note', 'notes', 'noted', 'claim', 'claims', 'claimed', 'describe', 'describes', 'described', 'introduce', 'introduces', 'introduced', 'demonstrate', 'demonstrates', 'demonstrated', 'develop', 'develops', 'developed'],
};

export const NEEDS_ITS_INFINITIVE_WORDS: PatternWords = {
  name: 'NEEDS_ITS_INFINITIVE_WORDS',
  purpose: 'Words after which a "to …" is what they need, not a purpose that can go ("Aiming to bridge this gap", "begins to tackle these challenges", "sets out to close this gap"; any "-ed": "designed to address these issues"): rewrite/discourse.ts NEEDS_ITS_INFINITIVE.',
  words: ['in order', 'so as', 'set(?:s|ting)? out', 'aim(?:s|ed|ing)?', 'tr(?:y|ies|ied|ying)', 'seek(?:s|ing)?', 'sought', 'hop(?:e|es|ed|ing)', 'attempts?', 'efforts?', 'ways?', 'means', 'approach(?:es)?', 'solutions?', 'how', 'able', 'unable', 'wants?', 'wish(?:es)?', 'needs?', 'used', 'be', 'been', 'being', 'is', 'are', 'was', 'were', 'begins?', 'began', 'beginning', 'continues?', 'helps?', 'serves?', 'steps?', 'necessary', 'sufficient', 'enough', 'likely', '\\w+ed'],
};

export const ADVERBS_BEFORE_VERB: PatternWords = {
  name: 'ADVERBS_BEFORE_VERB',
  purpose: 'Adverbs that may sit between the subject and its verb ("we also propose", "we then train"), besides any "-ly" word: rewrite/agreement.ts VERB_ADVERBS.',
  words: ['also', 'further', 'first', 'second', 'third', 'next', 'then', 'later', 'thereafter', 'afterwards', 'now', 'thus', 'hence', 'therefore', 'additionally', 'finally', 'both', 'either', 'not', 'still', 'instead', 'subsequently', 'moreover', 'here', 'again', 'mainly', 'primarily', 'only', 'simply', 'jointly', 'often', 'always', 'never', 'even', 'already', 'just'],
};

export const SECOND_PREDICATE_VERBS: PatternWords = {
  name: 'SECOND_PREDICATE_VERBS',
  purpose: 'Verbs that often head a second coordinated predicate ("we analyse X and identify Y"), in the base form: rewrite/agreement.ts COORDINATED_VERBS.',
  words: ['propose', 'present', 'introduce', 'show', 'demonstrate', 'identify', 'apply', 'evaluate', 'compare', 'achieve', 'provide', 'use', 'find', 'derive', 'develop', 'analy[sz]e', 'extend', 'study', 'obtain', 'outperform', 'prove', 'describe', 'release', 'train', 'learn', 'test', 'validate', 'discuss', 'explore', 'investigate', 'establish', 'offer', 'design', 'implement', 'report', 'suggest', 'argue', 'observe', 'verify', 'exploit', 'leverage', 'formulate', 'incorporate', 'combine', 'reduce', 'improve', 'enable', 'allow', 'yield', 'reach', 'set', 'make', 'give', 'build', 'create', 'collect', 'perform', 'conduct', 'explain', 'highlight', 'characteri[sz]e', 'quantify', 'measure', 'hypothesi[sz]e', 'conjecture', 'claim', 'conclude', 'note', 'tabulate', 'summari[sz]e', 'speculate', 'recommend', 'reveal', 'confirm', 'discover', 'emphasi[sz]e', 'contrast', 'leave', 'close', 'fix', 'try', 'address'],
};

export const NEVER_NOUN_VERBS: PatternWords = {
  name: 'NEVER_NOUN_VERBS',
  purpose: 'Verbs that are never nouns, so any object may follow them ("and propose feature boosting", "and introduce ATMC"): rewrite/agreement.ts ALWAYS_VERBS. Many are in SECOND_PREDICATE_VERBS too; the two lists answer different questions and are read together.',
  words: ['propose', 'introduce', 'demonstrate', 'identify', 'evaluate', 'achieve', 'derive', 'develop', 'analy[sz]e', 'extend', 'obtain', 'outperform', 'prove', 'investigate', 'explore', 'establish', 'formulate', 'incorporate', 'exploit', 'leverage', 'improve', 'enable', 'conduct', 'explain', 'highlight', 'characteri[sz]e', 'quantify', 'verify', 'hypothesi[sz]e', 'apply', 'provide', 'show', 'combine', 'compare', 'describe', 'discuss', 'suggest', 'argue', 'observe', 'validate', 'implement', 'adapt', 'refine', 'define', 'generali[sz]e', 'examine', 'assess', 'construct', 'outline', 'sketch', 'illustrate', 'motivate', 'justify', 'predict', 'interpret', 'overcome', 'adopt', 'uncover', 'consider', 'optimi[sz]e', 'decouple', 'mitigate', 'devise', 'utili[sz]e', 'employ', 'modify', 'calculate', 'showcase', 'formali[sz]e', 'corroborate', 'choose', 'avoid', 'relate', 'determine', 'synthesi[sz]e', 'attempt', 'strive', 'seek', 'believe', 'expose', 'accelerate', 'simplify', 'strengthen', 'stabili[sz]e'],
};

export const SHARED_INFINITIVE_VERBS: PatternWords = {
  name: 'SHARED_INFINITIVE_VERBS',
  purpose: 'Verbs that often share one "to" with the next ("to detect and track the", "to rank and compare"): rewrite/agreement.ts INFINITIVE_PAIR_VERBS.',
  words: ['rank', 'detect', 'track', 'estimate', 'generate', 'classify', 'segment', 'recogni[sz]e', 'translate', 'parse', 'retrieve', 'model', 'represent', 'encode', 'decode', 'align', 'cluster', 'locali[sz]e', 'infer', 'understand', 'interpret', 'visuali[sz]e', 'label', 'annotate', 'search', 'select', 'reason', 'plan', 'control', 'optimi[sz]e', 'solve', 'sample', 'compute', 'approximate', 'compress', 'store', 'edit', 'repair', 'monitor', 'simulate', 'reconstruct', 'synthesi[sz]e', 'render', 'manipulate', 'navigate', 'capture', 'extract', 'integrate', 'organi[sz]e', 'process'],
};

export const AUTHORS_ONLY_ACTS: PatternWords = {
  name: 'AUTHORS_ONLY_ACTS',
  purpose: 'Verbs only the authors\' acts take, so that after "and" without a comma they head a second predicate ("X induces a bias and propose Y"): rewrite/agreement.ts AUTHORS_SECOND_PREDICATE.',
  words: ['propose', 'introduce', 'develop', 'present', 'devise', 'design', 'derive', 'release', 'formulate', 'construct', 'implement', 'conduct', 'offer', 'provide'],
};

export const OBJECT_OPENERS: PatternWords = {
  name: 'OBJECT_OPENERS',
  purpose: 'Words that open a verb\'s object ("and propose the …", "and report significant gains"), so that a noun ("the design and use of X") is not read as a verb: rewrite/agreement.ts OBJECT_START.',
  words: ['the', 'a', 'an', 'that', 'how', 'whether', 'its', 'their', 'our', 'it', 'them', 'these', 'this', 'those', 'new', 'novel', 'several', 'two', 'three', 'four', 'multiple', 'both', 'each', 'competitive', 'significant', 'strong', 'better', 'improved', 'state-of-the-art', 'some', 'many', 'various', 'experimental', 'empirical', 'preliminary', 'extensive', 'detailed', 'encouraging', 'promising', 'additional', 'qualitative', 'quantitative'],
};
