// The cues the rewrite rules share with the engine's sentence choice (engine/cues.ts re-exports them): what a work
// calls itself, the marks of a mention of other work, and a problem an earlier sentence named. They live here, below
// the engine, so that a rule reading "this paper" never imports the engine.
import {
  alternation,
  COMMON_SELF_NOUNS as COMMON_SELF_NOUN_LIST,
  POINTERS_BACK,
  PROBLEM_NOUNS,
  REPORTING_VERB_FORMS,
  SELF_NOUNS as SELF_NOUN_LIST,
} from '../lexicon';

/** What a work calls itself ("this paper", "the present study"). */
export const SELF_NOUNS = alternation(SELF_NOUN_LIST);
/** The four names nearly every abstract gives itself ("this paper", "in this work"). */
export const COMMON_SELF_NOUNS = alternation(COMMON_SELF_NOUN_LIST);

/** Capitalised words joined by "and" that are languages, not authors ("English and German use …"). */
export const LANGUAGES =
  'English|Chinese|German|French|Spanish|Japanese|Arabic|Russian|Italian|Dutch|Korean|Hindi|Portuguese|Turkish|Czech|Finnish|Swedish|Greek|Hebrew';
const REPORTING_VERBS = alternation(REPORTING_VERB_FORMS);

/** The marks of a citation in running text: "et al", "(2019)", "2019)", "[3, 4]". */
export const CITATION_MARKS = /\bet al\b|\(\s*(?:19|20)\d\d[a-z]?\s*\)|\b(?:19|20)\d\d[a-z]?\)|\[\d+(?:[,–-]\s*\d+)*\]/;

/** A sentence that names or cites other work ("Cutting et al. suggest …") is about that work, not this one. */
export const MENTIONS_OTHER_WORK = new RegExp(
  [
    CITATION_MARKS.source,
    // "Niwa and Nitta show that …": a PDF's sentence after the one that gave the year.
    `(?:^|[,;]\\s*)(?!(?:${LANGUAGES})\\b)\\p{Lu}\\p{Ll}+ and (?!(?:${LANGUAGES})\\b)\\p{Lu}\\p{Ll}+ (?:${REPORTING_VERBS})\\b`,
  ].join('|'),
  'u',
);

/** "these issues", "this gap", "each of these challenges": a problem that an earlier sentence of the abstract named. */
export const PROBLEM_POINTED_BACK =
  // "each of", "both of": a part of what was named
  String.raw`(?:(?:each|all|both|some|many|most|several|one|two) of\s+)?` +
  // "these", "the above", then up to two words before the noun ("this important gap")
  `(?:${alternation(POINTERS_BACK)})` + String.raw`(?:\s+[\w-]+){0,2}?\s+` +
  `(?:${alternation(PROBLEM_NOUNS)})` + String.raw`\b`;
