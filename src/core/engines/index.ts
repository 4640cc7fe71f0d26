// Public surface of the engines: the default engine, the registry other engines plug into, and the pieces the
// CLI's evaluation and the benchmarks use.
export { DefaultEngine, DEFAULT_ENGINE_ID } from './default-engine';
export { registerEngine, createEngine, availableEngines, EngineUnavailableError, type EngineFactory, type EngineCreateOptions } from './registry';
export { authorPhrase, citeMarker, workSubject } from '../rewrite/authors';
export { rewriteSentence, toRefConvention, fromRefConvention, stripLeadingDiscourse } from '../rewrite';
export { TITLE_ONLY_FLAG } from '../rewrite/title-only';
export { renderDraft } from '../drafting';
export { leadSentence, heuristicSentence, oracleSentence, textRank, leadRelatedWork, textRankRelatedWork, greedyOracleRelatedWork } from '../engine/baselines';
export { MemoryLibrary } from '../engine/memory-library';
