// junk: what a PDF or a catalogue leaves in an abstract that no person writes in a sentence about a work — a table of
// contents, a section label, a page number, a stray symbol, brackets or quotes that do not close, a percentage whose
// sign was lost. A blind reader marked such debris in 12 of 48 related-work drafts; a sentence that has it is cited
// only as a last resort (engine/citation.ts), and the author's own sentence with it is never set against the works.

/** "— III. Cognitive Processing", "II. Syntactic Representation:": a section label inside the sentence. */
const SECTION_LABEL = /(?:^|["“(\s])(?:[—–-]\s*)?(?:II|III|IV|VI|VII|VIII|IX|XI|XII)\.\s+(?=\p{Lu})|[—–:"“]\s*I\.\s+(?=\p{Lu})/u;
/** "(J. Bresnan)", "(R. Kaplan and J. Bresnan)": the authors of a chapter, as a table of contents lists them. */
const CHAPTER_AUTHORS = /\((?:\p{Lu}\.\s?){1,3}\s?\p{Lu}\p{Ll}{1,30}(?:\s(?:and|&)\s(?:\p{Lu}\.\s?){1,3}\s?\p{Lu}\p{Ll}{1,30})?\)/gu;
/** "> the model", "results | and": a symbol that stands alone between words. */
const STRAY_SYMBOL = /(?:^|\s)[<>|•·■►§¶](?=\s|$)/u;
/** "pp. 217", "page 12", or a page number the sentence opens with ("12 The results …"). */
const PAGE_NUMBER = /\bpp?\.\s?\d{1,4}\b|\bpage\s\d{1,4}\b|^\d{1,3}\s+\p{Lu}\p{Ll}/u;
/**
 * "sparsity levels up to 97.5 without significant loss", "reduce costs by up to 34 and …": a figure whose percent
 * sign the extraction lost, read as a bare number before a word that only a percentage would precede.
 */
const LOST_PERCENT = new RegExp(
  // "up to 97.5 without …", "by 12 relative …"
  String.raw`\b(?:up to|around|about|nearly|almost|over|by|only|than)\s\d{1,3}(?:\.\d{1,3})?\s` +
    String.raw`(?=(?:without|loss|improvement|reduction|increase|decrease|gain|drop|fewer|less|relative|absolute|accuracy|error` +
    String.raw`|of (?:the|all|its|our|their))\b)` +
    // "by up to 34 and …", "by up to 34,"
    String.raw`|\bby up to \d{1,3}(?:\.\d{1,3})?(?=\s(?:and|on|in|for|with|at|while|compared)\b|[,.;])`,
);

/**
 * "methods that achieve 92 accuracy", "achieves 51 top-1 accuracy", "with only 0.52 top-5 accuracy drop": a figure
 * before a measure that is read as a share, its percent sign lost in the extraction (CiteBench keeps no "%"). A
 * fraction ("0.92 accuracy") is a share as written, so a figure under 1 is mended only before a change ("drop").
 * Not a rank or a section ("top 5 accuracy", "Table 3 precision"), nor a figure that has its unit.
 */
const PERCENT_LESS_MEASURE = new RegExp(
  String.raw`(?<![\p{L}\d.,%@$/-]|\b(?:top|rank|at|Table|Section|Figure|Fig\.|Eq\.)\s)(\d{1,3}(?:\.\d{1,3})?)` +
    String.raw`(?=\s(?:(?:top-\d|mean|average|overall|classification|relative|absolute)\s)?` +
    String.raw`(?:accuracy|precision|recall|error\s+rate|F1(?:[- ]score)?|F-(?:score|measure))\b(\s+(?:drop|loss|degradation|gain|improvement|increase|decrease)\b)?)`,
  'gu',
);

/**
 * The sentence with the percent sign put back after a figure of at most 100 that stands before a measure read as a share
 * ("achieve 92 accuracy" → "achieve 92% accuracy"; a blind reader marked the bare figure as extraction junk).
 */
export function withLostPercentMended(sentence: string): string {
  return sentence.replace(PERCENT_LESS_MEASURE, (figure: string, _f: string, change: string | undefined) => {
    const value = Number(figure);
    if (value > 100 || (value < 1 && !change)) return figure;
    return `${figure}%`;
  });
}

/** Whether brackets open and close in equal numbers. */
function bracketsBalanced(text: string): boolean {
  const count = (re: RegExp) => (text.match(re) ?? []).length;
  return count(/\(/g) === count(/\)/g) && count(/\[/g) === count(/\]/g);
}

/**
 * Brackets balanced as written, or once an enumeration's closing brackets are set aside ("by 1) identifying … and 2)
 * performing …", "a) …; b) …"), which open nothing. Quotes are not asked: a mismatched pair ("”tracking loss”") is a
 * blemish the finish rules mend, and avoiding the sentence chose worse ones (SciTLDR dev).
 */
function balanced(sentence: string): boolean {
  return bracketsBalanced(sentence) || bracketsBalanced(sentence.replace(/(?:^|\s)(?:\d{1,2}|[a-h]|[ivx]{1,4})\)(?=\s)/g, ' '));
}

/**
 * Whether a sentence carries extraction debris: "Toward a Theory of Lexico-Syntactic Interactions (J. Bresnan); II.
 * Syntactic Representation: …" is a table of contents, not something the work says.
 */
export function looksLikeExtractionJunk(sentence: string): boolean {
  if (SECTION_LABEL.test(sentence) || STRAY_SYMBOL.test(sentence) || PAGE_NUMBER.test(sentence) || LOST_PERCENT.test(sentence)) return true;
  const chapterAuthors = (sentence.match(CHAPTER_AUTHORS) ?? []).length;
  // "(J. Moss)": prose cites "Moss (2010)"; the initials first, in brackets, are a chapter's author in a contents list.
  if (chapterAuthors >= 1) return true;
  return !balanced(sentence);
}
