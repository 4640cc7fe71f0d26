// The rewrite of an author's sentence about their own work into a sentence about it, as others cite it: the public
// surface that the engines, drafting and the tests use. The rules and their stages are in rules/ (see registry.ts).
export { firstPersonPlural, inAuthorsVoice, namedWorkAsWe, statedAim, statesAim, workPronounAsWe } from './authors-voice';
export { dropFrontedClause, dropParentheticals, dropReportingFrame, stripLeadingDiscourse, withoutInlineEnumerators } from './discourse';
export { clauseTruncations, stripForeignNumberedCitations, type Truncation } from './clauses';
export { agreeVerb, leadingVerb, toBaseForm, toThirdSingular } from './agreement';
export { speaksForEveryone, withoutEveryonesWords, type RewriteTarget } from './first-person';
export { activeCoordinatedPassive, activeSelfDescription, dropSelfPraise } from './self-description';
export { canBeVerb, LOWERCASE_TECHNICAL_OPENER, nounPhraseTopic } from './sentence';
export { compressOffers, rewriteSentence, runStage, runStages } from './pipeline';
export { withoutLinkingAdverb } from './rules/write-out';
export { pointerResolutions, type PointerResolution } from './antecedents';
export { RULES, ruleById, rulesOf } from './registry';
export { NO_TARGET, STAGES, type Rule, type RuleContext, type RuleExample, type Stage, type TraceStep } from './rule';
export { fromRefConvention, toRefConvention } from './ref-convention';
export { acronymDefinitions, expandAcronyms, PROPER_OPENER, type AcronymLongForm } from './acronyms';
export { authorPhrase, citedAtEnd, citeMarker, repeatedSubject, workSubject, type Plurality } from './authors';
export { DEFAULT_CITATION_TENSE, NOTHING_FLAG, TITLE_ONLY_FLAG, titleOnlySentence } from './title-only';
export { saysName, subjectWithName, systemNameOfTitle, systemNaming, withSystemName, type SystemNaming } from './system-name';
export { looksLikeExtractionJunk } from './junk';
