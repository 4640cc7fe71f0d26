// Words around the authors' statement that a citation does not keep: asides after "We," and the qualifiers of a stated
// aim.
import type { WordList } from './word-list';

const CITED = 'Doe and Roe \\cite{doe2020}';

export const SUBJECT_ASIDES: WordList = {
  name: 'SUBJECT_ASIDES',
  purpose: 'An aside between "We" and its verb ("We, in contrast, discuss …"), dropped so that the new subject meets its verb.',
  words: ['in contrast', 'by contrast', 'however', 'instead', 'therefore', 'thus', 'hence', 'in turn', 'on the other hand', 'in particular', 'for example', 'for instance', 'in addition', 'additionally', 'moreover', 'furthermore', 'then', 'first', 'finally', 'here', 'now', 'for the first time', 'to our knowledge', 'to the best of our knowledge'],
  probes: [{
    examples: [
      'We, in contrast, discuss the costs of tagging noisy text.',
      'We, by contrast, discuss the costs of tagging noisy text.',
      'We, however, discuss the costs of tagging noisy text.',
      'We, instead, discuss the costs of tagging noisy text.',
      'We, therefore, discuss the costs of tagging noisy text.',
      'We, thus, discuss the costs of tagging noisy text.',
      'We, hence, discuss the costs of tagging noisy text.',
      'We, in turn, discuss the costs of tagging noisy text.',
      'We, on the other hand, discuss the costs of tagging noisy text.',
      'We, in particular, discuss the costs of tagging noisy text.',
      'We, for example, discuss the costs of tagging noisy text.',
      'We, for instance, discuss the costs of tagging noisy text.',
      'We, in addition, discuss the costs of tagging noisy text.',
      'We, additionally, discuss the costs of tagging noisy text.',
      'We, moreover, discuss the costs of tagging noisy text.',
      'We, furthermore, discuss the costs of tagging noisy text.',
      'We, then, discuss the costs of tagging noisy text.',
      'We, first, discuss the costs of tagging noisy text.',
      'We, finally, discuss the costs of tagging noisy text.',
      'We, here, discuss the costs of tagging noisy text.',
      'We, now, discuss the costs of tagging noisy text.',
      'We, for the first time, discuss the costs of tagging noisy text.',
      'We, to our knowledge, discuss the costs of tagging noisy text.',
      'We, to the best of our knowledge, discuss the costs of tagging noisy text.',
    ],
    output: `${CITED} discussed the costs of tagging noisy text.`,
  }],
};

export const AIM_QUALIFIERS: WordList = {
  name: 'AIM_QUALIFIERS',
  purpose: 'What qualifies a stated aim ("The main aim of this study was to …"), read as the authors\' "We aim to …".',
  words: ['main', 'primary', 'principal', 'overall', 'central', 'major', 'specific', 'chief', 'key'],
  probes: [{
    examples: [
      'The main aim of this study was to measure jetty erosion over a decade.',
      'The primary aim of this study was to measure jetty erosion over a decade.',
      'The principal aim of this study was to measure jetty erosion over a decade.',
      'The overall aim of this study was to measure jetty erosion over a decade.',
      'The central aim of this study was to measure jetty erosion over a decade.',
      'The major aim of this study was to measure jetty erosion over a decade.',
      'The specific aim of this study was to measure jetty erosion over a decade.',
      'The chief aim of this study was to measure jetty erosion over a decade.',
      'The key aim of this study was to measure jetty erosion over a decade.',
    ],
    output: `${CITED} aimed to measure jetty erosion over a decade.`,
  }],
};

export const NEWNESS_NOUNS: WordList = {
  name: 'NEWNESS_NOUNS',
  purpose: 'Nouns after which "new" is the meaning, not praise ("a new perspective", "a new generation"): the self-praise rule keeps "new" before them.',
  words: ['perspective', 'angle', 'viewpoint', 'look', 'lens', 'light', 'direction', 'avenue', 'era', 'frontier', 'generation', 'kind', 'sort', 'type', 'breed', 'genre', 'species', 'edition', 'version', 'release'],
  probes: [{
    examples: [
      { input: 'We offer a new perspective for tagging noisy text.', output: `${CITED} offered a new perspective for tagging noisy text.` },
      { input: 'We offer a new angle for tagging noisy text.', output: `${CITED} offered a new angle for tagging noisy text.` },
      { input: 'We offer a new viewpoint for tagging noisy text.', output: `${CITED} offered a new viewpoint for tagging noisy text.` },
      { input: 'We offer a new look for tagging noisy text.', output: `${CITED} offered a new look for tagging noisy text.` },
      { input: 'We offer a new lens for tagging noisy text.', output: `${CITED} offered a new lens for tagging noisy text.` },
      { input: 'We offer a new light for tagging noisy text.', output: `${CITED} offered a new light for tagging noisy text.` },
      { input: 'We offer a new direction for tagging noisy text.', output: `${CITED} offered a new direction for tagging noisy text.` },
      { input: 'We offer a new avenue for tagging noisy text.', output: `${CITED} offered a new avenue for tagging noisy text.` },
      { input: 'We offer a new era for tagging noisy text.', output: `${CITED} offered a new era for tagging noisy text.` },
      { input: 'We offer a new frontier for tagging noisy text.', output: `${CITED} offered a new frontier for tagging noisy text.` },
      { input: 'We offer a new generation for tagging noisy text.', output: `${CITED} offered a new generation for tagging noisy text.` },
      { input: 'We offer a new kind for tagging noisy text.', output: `${CITED} offered a new kind for tagging noisy text.` },
      { input: 'We offer a new sort for tagging noisy text.', output: `${CITED} offered a new sort for tagging noisy text.` },
      { input: 'We offer a new type for tagging noisy text.', output: `${CITED} offered a new type for tagging noisy text.` },
      { input: 'We offer a new breed for tagging noisy text.', output: `${CITED} offered a new breed for tagging noisy text.` },
      { input: 'We offer a new genre for tagging noisy text.', output: `${CITED} offered a new genre for tagging noisy text.` },
      { input: 'We offer a new species for tagging noisy text.', output: `${CITED} offered a new species for tagging noisy text.` },
      { input: 'We offer a new edition for tagging noisy text.', output: `${CITED} offered a new edition for tagging noisy text.` },
      { input: 'We offer a new version for tagging noisy text.', output: `${CITED} offered a new version for tagging noisy text.` },
      { input: 'We offer a new release for tagging noisy text.', output: `${CITED} offered a new release for tagging noisy text.` },
    ],
  }],
};

export const PRAISED_PROBLEM_QUALIFIERS: WordList = {
  name: 'PRAISED_PROBLEM_QUALIFIERS',
  purpose:
    'The authors\' praise of the problem they take up ("addressed the important issue of X"), which those who cite them do not repeat: "the problem of X" (rule finish.praised-problem).',
  words: ['important', 'crucial', 'critical', 'fundamental', 'challenging', 'significant', 'pressing', 'vital'],
  probes: [{
    examples: [
      'We address the important problem of tagging noisy tweets with a small model.',
      'We address the crucial problem of tagging noisy tweets with a small model.',
      'We address the critical problem of tagging noisy tweets with a small model.',
      'We address the fundamental problem of tagging noisy tweets with a small model.',
      'We address the challenging problem of tagging noisy tweets with a small model.',
      'We address the significant problem of tagging noisy tweets with a small model.',
      'We address the pressing problem of tagging noisy tweets with a small model.',
      'We address the vital problem of tagging noisy tweets with a small model.',
    ],
    output: `${CITED} addressed the problem of tagging noisy tweets with a small model.`,
  }],
};

export const ATTENTION_APPOSITIVES: WordList = {
  name: 'ATTENTION_APPOSITIVES',
  purpose:
    'An aside that praises the field by its popularity ("sentence embedding, a hot topic in current research, …"): copied into a citation it is the cited authors\' promotion (rule finish.praised-problem drops it).',
  words: ['a hot topic', 'a hot research topic', 'an active research area', 'an active area of research', 'a popular research topic', 'a popular topic'],
  probes: [{
    examples: [
      'We study tweet tagging, a hot topic in language research, with a small model.',
      'We study tweet tagging, a hot research topic in language research, with a small model.',
      'We study tweet tagging, an active research area in language research, with a small model.',
      'We study tweet tagging, an active area of research in language research, with a small model.',
      'We study tweet tagging, a popular research topic in language research, with a small model.',
      'We study tweet tagging, a popular topic in language research, with a small model.',
    ],
    output: `${CITED} studied tweet tagging with a small model.`,
  }],
};

export const COUNTED_PRAISE_ADJECTIVES: WordList = {
  name: 'COUNTED_PRAISE_ADJECTIVES',
  purpose:
    'The authors\' praise of what they contribute, between a count and its noun ("several important extensions", "two powerful constraints"): ' +
    'a blind reader marked it as copied praise; those who cite the work name the extensions (rule finish.counted-praise).',
  words: ['important', 'powerful', 'significant', 'elegant', 'remarkable', 'impressive', 'excellent', 'outstanding', 'substantial', 'notable'],
  probes: [{
    examples: [
      'We develop several important extensions to the tide tables of small harbours.',
      'We develop several powerful extensions to the tide tables of small harbours.',
      'We develop several significant extensions to the tide tables of small harbours.',
      'We develop several elegant extensions to the tide tables of small harbours.',
      'We develop several remarkable extensions to the tide tables of small harbours.',
      'We develop several impressive extensions to the tide tables of small harbours.',
      'We develop several excellent extensions to the tide tables of small harbours.',
      'We develop several outstanding extensions to the tide tables of small harbours.',
      'We develop several substantial extensions to the tide tables of small harbours.',
      'We develop several notable extensions to the tide tables of small harbours.',
    ],
    output: `${CITED} developed several extensions to the tide tables of small harbours.`,
  }],
};

export const PRAISE_AFTER_ARTICLE: WordList = {
  name: 'PRAISE_AFTER_ARTICLE',
  purpose:
    'The praise that "a"/"an" may carry before one noun ("a powerful type system" → "a type system"), unlike "an important part" or "a significant aspect", ' +
    'which say how much (rule finish.counted-praise; the article is fitted to the next word).',
  words: ['powerful', 'elegant', 'remarkable', 'impressive', 'excellent', 'outstanding'],
  probes: [{
    examples: [
      'We describe TideML, a harbour formalism that integrates a powerful type system.',
      'We describe TideML, a harbour formalism that integrates an elegant type system.',
      'We describe TideML, a harbour formalism that integrates a remarkable type system.',
      'We describe TideML, a harbour formalism that integrates an impressive type system.',
      'We describe TideML, a harbour formalism that integrates an excellent type system.',
      'We describe TideML, a harbour formalism that integrates an outstanding type system.',
    ],
    output: `${CITED} described TideML, a harbour formalism that integrates a type system.`,
  }],
};

export const MASS_NOUN_PLURALS: WordList = {
  name: 'MASS_NOUN_PLURALS',
  purpose:
    'Plurals that English does not form, which abstracts by authors writing in a second language carry ("the two kinds of informations"): ' +
    'a blind reader marked them as grammar errors (rule finish.mass-noun writes the noun, and a verb right after it, in the singular).',
  words: ['informations', 'knowledges', 'feedbacks', 'softwares', 'equipments', 'advices', 'hardwares'],
  probes: [{
    examples: [
      { input: 'We fuse two kinds of informations from the harbour gauges.', output: `${CITED} fused two kinds of information from the harbour gauges.` },
      { input: 'We fuse two kinds of knowledges from the harbour gauges.', output: `${CITED} fused two kinds of knowledge from the harbour gauges.` },
      { input: 'We fuse two kinds of feedbacks from the harbour gauges.', output: `${CITED} fused two kinds of feedback from the harbour gauges.` },
      { input: 'We fuse two kinds of softwares from the harbour gauges.', output: `${CITED} fused two kinds of software from the harbour gauges.` },
      { input: 'We fuse two kinds of equipments from the harbour gauges.', output: `${CITED} fused two kinds of equipment from the harbour gauges.` },
      { input: 'We fuse two kinds of advices from the harbour gauges.', output: `${CITED} fused two kinds of advice from the harbour gauges.` },
      { input: 'We fuse two kinds of hardwares from the harbour gauges.', output: `${CITED} fused two kinds of hardware from the harbour gauges.` },
    ],
  }],
};

export const PAIRED_PRAISE: WordList = {
  name: 'PAIRED_PRAISE',
  purpose:
    'The authors\' stock praise of what they propose, a pair of qualities ("a simple yet effective method", "two simple yet powerful algorithms"): ' +
    'copied into a citation it is their advertisement; those who cite them say what the method does (rule finish.counted-praise).',
  words: ['simple yet highly effective', 'simple yet effective', 'simple and effective', 'simple but effective', 'simple, effective', 'simple yet powerful',
    'simple but powerful', 'simple and novel', 'simple yet novel'],
  probes: [{
    examples: [
      'We propose a simple yet highly effective method for reading tide gauges.',
      'We propose a simple yet effective method for reading tide gauges.',
      'We propose a simple and effective method for reading tide gauges.',
      'We propose a simple but effective method for reading tide gauges.',
      'We propose a simple, effective method for reading tide gauges.',
      'We propose a simple yet powerful method for reading tide gauges.',
      'We propose a simple but powerful method for reading tide gauges.',
      'We propose a simple and novel method for reading tide gauges.',
      'We propose a simple yet novel method for reading tide gauges.',
    ],
    output: `${CITED} proposed a method for reading tide gauges.`,
  }],
};
