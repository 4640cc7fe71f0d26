// The reranker's weights, in FEATURE_NAMES order (features.ts). Written by scripts/train-suggest.ts: logistic
// regression on the ScisummNet dev citances (each citance's cited paper against the other BM25 candidates).
export interface SuggestModel {
  bias: number;
  weights: number[];
}

/** Trained by scripts/train-suggest.ts on 10112 ScisummNet dev citances. */
export const SUGGEST_MODEL: SuggestModel = { bias: -4.3934, weights: [3.7537, 0.3310, 1.3065, 2.4956, 1.3415, -1.5095, 2.2297, 0.2030, 0.8618, 2.4373, -0.3406] };
