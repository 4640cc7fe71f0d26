// What authors make and do as the patterns name it: "our tagger", "our results", "we survey": the things and acts that
// make a sentence's "we" the authors' own.
import type { PatternWords } from './word-list';

export const AUTHORS_ARTIFACTS: PatternWords = {
  name: 'AUTHORS_ARTIFACTS',
  purpose: 'What a work makes or finds, as "our X" names it ("our approach", "our results", "our lab"): rewrite/first-person.ts ARTIFACT_HEAD, beside COUNTABLE_ARTIFACTS.',
  words: ['approach', 'method', 'model', 'system', 'framework', 'algorithm', 'technique', 'architecture', 'network', 'analysis', 'results?', 'experiments?', 'contributions?', 'findings', 'tool', 'procedure', 'scheme', 'formulation', 'estimator', 'objective', 'loss', 'dataset', 'benchmark', 'theory', 'idea', 'proposal', 'solution', 'implementation', 'work', 'paper', 'group', 'team', 'lab', 'laboratory'],
};

export const COUNTABLE_ARTIFACTS: PatternWords = {
  name: 'COUNTABLE_ARTIFACTS',
  purpose: 'What a work builds or carries out, singular or plural ("our tagger", "our interviews"): rewrite/first-person.ts ARTIFACT_HEAD (the pattern adds "s?").',
  words: ['tagger', 'parser', 'forecaster', 'classifier', 'detector', 'planner', 'solver', 'generator', 'encoder', 'decoder', 'simulator', 'library', 'toolkit', 'package', 'corpus', 'metric', 'pipeline', 'protocol', 'prototype', 'compiler', 'program', 'platform', 'agent', 'controller', 'policy', 'heuristic', 'grammar', 'lexicon', 'annotation', 'evaluation', 'simulation', 'proof', 'design', 'measure', 'engine', 'editor', 'interface', 'estimate', 'measurement', 'observation', 'calculation', 'prediction', 'forecast', 'survey', 'trial', 'sample', 'interview'],
};

export const RESEARCH_ACTS: PatternWords = {
  name: 'RESEARCH_ACTS',
  purpose: 'What "we" do when "we" are the authors doing research ("we find", "we survey", "we conclude"): rewrite/first-person.ts WE_DO_RESEARCH.',
  words: ['find', 'found', 'show', 'showed', 'shown', 'propose', 'present', 'introduce', 'describe', 'report', 'demonstrate', 'argue', 'develop', 'study', 'examine', 'investigate', 'survey', 'measure', 'evaluate', 'compare', 'analy[sz]e', 'test', 'observe', 'conclude'],
};

export const STUDY_KINDS: PatternWords = {
  name: 'STUDY_KINDS',
  purpose: 'The kinds of study a sentence says was conducted ("A cross-sectional survey was conducted", "Semi-structured interviews were carried out"): rewrite/self-description.ts STUDY_CONDUCTED (the pattern adds "s?").',
  words: ['survey', 'study', 'trial', 'experiment', 'analysis', 'meta-analysis', 'review', 'evaluation', 'interviews?', 'questionnaire', 'audit', 'pilot', 'investigation', 'assessment', 'simulation', 'observation', 'fieldwork', 'census', 'excavation'],
};
