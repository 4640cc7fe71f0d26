// The attribution judgement's weights (GROUP_FEATURE_NAMES order, attribution.ts) and thresholds. Written by
// scripts/train-attribution.ts from the ScisummNet dev citances (two folds by paper for the figures it reports).
export interface AttributionModel {
  weights: number[];
  /** Another work of the paragraph whose fit beats the cited one's by this much is the better match. */
  misattributedMargin: number;
  /** No work of the paragraph has a reach (attribution.ts) above this: the sentence is unsupported. */
  unsupportedBelow: number;
  /** The cited work's own reach below this, with no better work named: weak. */
  weakBelow: number;
  /**
   * A work whose support score is this far behind the library's best work for the sentence does not say it: weak
   * when another work of the paragraph is closer, unsupported when none is.
   */
  behindLibraryBy: number;
  /**
   * Weights of saysFeatures (attribution.ts, SAYS_FEATURE_NAMES order): a logistic score, trained on intact citations
   * against sentences of other papers, of "the cited work says this sentence". Empty: not used.
   */
  saysWeights: number[];
  /** The cited work's says score below this: weak (unsupported when every work of the paragraph is below it). */
  saysBelow: number;
}

/** Trained by scripts/train-attribution.ts on 2000 ScisummNet dev citances. */
export const ATTRIBUTION_MODEL: AttributionModel = {
  weights: [0.4168, 0.0000, 0.0000, 0.0000, 0.9115, 0.0000, 0.2331, 0.8457],
  misattributedMargin: 2.2,
  unsupportedBelow: 0,
  weakBelow: 0,
  behindLibraryBy: 7,
  saysWeights: [2.3857, 0.7552, 1.1795, -2.8409, 1.1241],
  saysBelow: -1.7,
};
