// A citing sentence as a query: the markers that cite (author-year spans, bracketed numbers) are not what the sentence
// says, so they go before the sentence is matched against the library.

const YEAR = String.raw`(?:1[89]|20)\d\d[a-z]?`;
const NAME = String.raw`[A-Z][\p{L}'’-]+(?:\s+(?:van|von|de|der|den|del|la|le)\s+[A-Z][\p{L}'’-]+)?`;
/** "Brants (2000)", "Collins et al. (1999)", "Och and Ney (2003)", "Koehn et al. (2007a)". */
const NAME_THEN_YEAR = new RegExp(String.raw`${NAME}(?:\s+(?:and|&)\s+${NAME}|\s+et\s+al\.?)?\s*\(\s*${YEAR}(?:\s*[,;]\s*${YEAR})*\s*\)`, 'gu');
/** "(Brants, 2000)", "(e.g. Och and Ney 2003; Koehn 2005)": any parenthesised span that holds a year. */
const PARENTHESISED_YEAR = new RegExp(String.raw`\((?:[^()]*[^()\d])?${YEAR}(?![\d])[^()]*\)`, 'gu');
/** "[3]", "[2, 5]", "[4–7]". */
const BRACKETED_NUMBERS = /\[\s*\d+(?:\s*[,;–-]\s*\d+)*\s*\]/g;

/** The sentence without its citation markers, white space tidied. */
export function stripCitationMarkers(text: string): string {
  return text.replace(NAME_THEN_YEAR, ' ').replace(PARENTHESISED_YEAR, ' ').replace(BRACKETED_NUMBERS, ' ').replace(/\s+/g, ' ').trim();
}

/** Words that carry content, numbers left out (text/tokens.ts): re-exported where suggest/ reads them. */
export { contentWords } from '../text/tokens';
