// A citing sentence as a query: the markers that cite (author-year spans, bracketed numbers, cite commands) are not
// what the sentence says, so they go before the sentence is matched against the library.
import { stripCitationMarkers as stripMarkers } from '../cites/markers';

/**
 * The sentence without its citation markers, white space tidied: cites/markers.ts's stripper read as a query
 * ("We tag with TnT (Brants, 2000) on the corpus." → "We tag with TnT on the corpus."; see StripOptions.for).
 */
export function stripCitationMarkers(text: string): string {
  return stripMarkers(text, { for: 'query' });
}

/** Words that carry content, numbers left out (text/tokens.ts): re-exported where suggest/ reads them. */
export { contentWords } from '../text/tokens';
