// Citation markers in prose, for scoring: the one stripper lives in cites/markers.ts, below both metrics/ and
// suggest/, which strip markers for different ends (its StripOptions.for says why). Re-exported here for the scorers.
export {
  detectCiteLanguage,
  findAuthorYearMarkers,
  findNumberedMarkers,
  resolveLanguage,
  stripCitationMarkers,
  type MarkerLanguage,
  type NumberedMarker,
  type StripOptions,
} from '../cites/markers';
