// The attribution judgement's weights (GROUP_FEATURE_NAMES order, attribution.ts) and thresholds. Written by
// scripts/train-attribution.ts from the ScisummNet dev citances (two folds by paper for the figures it reports).
export interface AttributionModel {
  weights: number[];
  /** Another work of the paragraph whose fit beats the cited one's by this much is the better match. */
  misattributedMargin: number;
  /** No work of the paragraph has a library-wide support above this: the sentence is unsupported. */
  unsupportedBelow: number;
  /** The cited work's own support below this, with no better work named: weak. */
  weakBelow: number;
}

export const ATTRIBUTION_MODEL: AttributionModel = { weights: [1, 4, 2, 1, 1, 1, 0, 0], misattributedMargin: 1, unsupportedBelow: 0.0135, weakBelow: 0.0135 };
