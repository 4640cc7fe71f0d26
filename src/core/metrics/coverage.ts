// Citation coverage (OARelatedWork §4.2): how well the keys cited in a draft cover those cited in a reference, as a
// set and as a multiset; plus the draft's keys that are not in the library and the requested keys it forgot.
import { PositionMapper, parseCitations } from '../cites';
import { findNumberedMarkers, resolveLanguage, type MarkerLanguage } from './markers';

/** Maps numbered markers to keys: a Map, a record ('3' → key), or an array (index → key, as CiteBench's [0], [1]). */
export type NumberedCiteMapping = ReadonlyMap<number, string> | Readonly<Record<string, string>> | readonly string[];

export interface KeyLocation {
  key: string;
  start: number;
  end: number;
  /** 0-based, as vscode.Position. */
  line: number;
  character: number;
}

export interface CoverageScores {
  precision: number;
  recall: number;
  f1: number;
}

export interface CitationCoverage {
  /** Over the sets of distinct keys: |D ∩ R| / |D|, |D ∩ R| / |R|. */
  set: CoverageScores & { matchedKeys: string[] };
  /** Over citation counts: Σ min(cD(k), cR(k)) / Σ cD, … / Σ cR. */
  multiset: CoverageScores & { matched: number; draftCitations: number; referenceCitations: number };
  /** Distinct keys in order of first appearance. */
  draftKeys: string[];
  referenceKeys: string[];
  /** Cited in the reference, not in the draft. */
  missingKeys: string[];
  /** Cited in the draft, not in the reference. */
  extraKeys: string[];
  /** Draft keys that are not in the library (empty when no library was given). Must be empty for our own drafts. */
  unknownKeys: string[];
  /** Where each unknown key is cited in the draft. */
  unknownKeyLocations: KeyLocation[];
  /** Requested keys the draft does not cite. */
  forgottenKeys: string[];
  /** Numbers in markers like [7] that the mapping does not cover (in either text). */
  unmappedNumbers: number[];
}

export interface CoverageOptions {
  /** How to read the draft's (and by default the reference's) cite commands; 'auto' (default) detects it. */
  language?: MarkerLanguage;
  /** How to read the reference's cite commands, when it differs from the draft's. */
  referenceLanguage?: MarkerLanguage;
  /** When given, numbered markers [3], [1,2], [3-5] in both texts count as citations of the mapped keys. */
  numbering?: NumberedCiteMapping;
  /** The library: PaperLookup or any key collection. Unknown keys are only reported when given. */
  library?: { hasKey(key: string): boolean } | Iterable<string>;
  /** Keys the author asked the draft to cite. */
  requestedKeys?: Iterable<string>;
}

function lookupNumber(mapping: NumberedCiteMapping, n: number): string | undefined {
  if (mapping instanceof Map) return mapping.get(n);
  if (Array.isArray(mapping)) return mapping[n];
  return (mapping as Readonly<Record<string, string>>)[String(n)];
}

/** Every cited key occurrence in `text`, in document order, including mapped numbered markers. */
export function citationKeyOccurrences(
  text: string,
  options: Pick<CoverageOptions, 'language' | 'numbering'> = {},
  unmapped?: Set<number>,
): Array<{ key: string; start: number; end: number }> {
  const language = resolveLanguage(text, options.language);
  const commands = parseCitations(text, language);
  const found = commands.flatMap((c) => c.keys.map(({ key, start, end }) => ({ key, start, end })));
  if (options.numbering) {
    // A bracket inside a cite command (\citep[3]{a}) is a locator, not a numbered marker.
    // Markers and commands are both in document order, so one cursor suffices.
    let next = 0;
    const insideCommand = (offset: number) => {
      while (next < commands.length && commands[next].end <= offset) next++;
      return next < commands.length && offset >= commands[next].start;
    };
    for (const marker of findNumberedMarkers(text)) {
      if (insideCommand(marker.start)) continue;
      for (const n of marker.numbers) {
        const key = lookupNumber(options.numbering, n);
        if (key === undefined) unmapped?.add(n);
        else found.push({ key, start: marker.start, end: marker.end });
      }
    }
    found.sort((a, b) => a.start - b.start);
  }
  return found;
}

function countKeys(keys: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
  return counts;
}

function scores(matched: number, draftTotal: number, referenceTotal: number): CoverageScores {
  // Empty denominators give 0, like ROUGE's convention, rather than an undefined ratio.
  const precision = draftTotal > 0 ? matched / draftTotal : 0;
  const recall = referenceTotal > 0 ? matched / referenceTotal : 0;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}

function hasKeyFn(library: NonNullable<CoverageOptions['library']>): (key: string) => boolean {
  if (typeof (library as { hasKey?: unknown }).hasKey === 'function') {
    const lookup = library as { hasKey(key: string): boolean };
    return (key) => lookup.hasKey(key);
  }
  const keys = library instanceof Set ? (library as Set<string>) : new Set(library as Iterable<string>);
  return (key) => keys.has(key);
}

/**
 * Citation coverage of `draft` against `reference`. The reference is a text (its citations are read like the
 * draft's) or a list of keys (each counted once, e.g. the keys a gold paragraph cites).
 */
export function citationCoverage(
  draft: string,
  reference: string | readonly string[],
  options: CoverageOptions = {},
): CitationCoverage {
  const unmapped = new Set<number>();
  const draftOccurrences = citationKeyOccurrences(draft, options, unmapped);
  const referenceKeyList =
    typeof reference === 'string'
      ? citationKeyOccurrences(
          reference,
          { numbering: options.numbering, language: options.referenceLanguage ?? options.language },
          unmapped,
        ).map((o) => o.key)
      : reference;

  const draftCounts = countKeys(draftOccurrences.map((o) => o.key));
  const referenceCounts = countKeys(referenceKeyList);
  const draftKeys = [...draftCounts.keys()];
  const referenceKeys = [...referenceCounts.keys()];

  const matchedKeys = draftKeys.filter((k) => referenceCounts.has(k));
  let multisetMatched = 0;
  for (const [key, count] of draftCounts) multisetMatched += Math.min(count, referenceCounts.get(key) ?? 0);

  let unknownKeys: string[] = [];
  let unknownKeyLocations: KeyLocation[] = [];
  if (options.library) {
    const known = hasKeyFn(options.library);
    unknownKeys = draftKeys.filter((k) => !known(k));
    const unknown = new Set(unknownKeys);
    const positions = new PositionMapper(draft);
    unknownKeyLocations = draftOccurrences
      .filter((o) => unknown.has(o.key))
      .map((o) => ({ ...o, ...positions.positionAt(o.start) }));
  }

  const requested = options.requestedKeys ? [...new Set(options.requestedKeys)] : [];
  return {
    set: { ...scores(matchedKeys.length, draftKeys.length, referenceKeys.length), matchedKeys },
    multiset: {
      ...scores(multisetMatched, draftOccurrences.length, referenceKeyList.length),
      matched: multisetMatched,
      draftCitations: draftOccurrences.length,
      referenceCitations: referenceKeyList.length,
    },
    draftKeys,
    referenceKeys,
    missingKeys: referenceKeys.filter((k) => !draftCounts.has(k)),
    extraKeys: draftKeys.filter((k) => !referenceCounts.has(k)),
    unknownKeys,
    unknownKeyLocations,
    forgottenKeys: requested.filter((k) => !draftCounts.has(k)),
    unmappedNumbers: [...unmapped].sort((a, b) => a - b),
  };
}
