// Scores a draft against a reference: ROUGE (identical to rouge-score 0.1.2), citation coverage, BlockMatch.
export { ROUGE_TYPES, RougeScorer, fmeasure, rougeScores } from './rouge';
export type { RougeOptions, RougeScores, RougeType, Score } from './rouge';
export { tokenize } from './tokenize';
export { porterStem } from './porter';
export {
  detectCiteLanguage,
  findAuthorYearMarkers,
  findNumberedMarkers,
  stripCitationMarkers,
} from './markers';
export type { MarkerLanguage, NumberedMarker, StripOptions } from './markers';
export { citationCoverage, citationKeyOccurrences } from './coverage';
export type { CitationCoverage, CoverageOptions, CoverageScores, KeyLocation, NumberedCiteMapping } from './coverage';
export { blockMatch, matchBlockScores, rouge2F1Metric, splitBlocks } from './blockMatch';
export type { Block, BlockMatchOptions, BlockMatchResult, BlockMetric, BlockPair } from './blockMatch';
export { maxWeightAssignment } from './hungarian';
export type { Assignment } from './hungarian';
