// Where an insertion goes when the document changed in the meantime. A draft takes seconds to minutes; the author
// keeps typing. The place remembered when the work started (the selection in the draft panel, the citing line of a
// CodeLens) is found again by its own text and the text around it, or the insertion is refused: an edit at a
// stale offset would land in the middle of another sentence.

export interface TextAnchor {
  start: number;
  end: number;
  /** The text between start and end when remembered (the old related-work section the draft replaces). */
  selected: string;
  /** Up to `context` characters before start and after end. */
  before: string;
  after: string;
}

const CONTEXT = 60;

export function anchorAt(text: string, start: number, end: number, context = CONTEXT): TextAnchor {
  return { start, end, selected: text.slice(start, end), before: text.slice(Math.max(0, start - context), start), after: text.slice(end, end + context) };
}

function occurrences(text: string, needle: string): number[] {
  const out: number[] = [];
  if (!needle) return out;
  for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) out.push(i);
  return out;
}

/** The occurrence nearest the remembered offset (the author's edits are usually elsewhere, above or below). */
function nearest(candidates: number[], offset: number): number | undefined {
  let best: number | undefined;
  for (const c of candidates) if (best === undefined || Math.abs(c - offset) < Math.abs(best - offset)) best = c;
  return best;
}

/**
 * The anchor's range in `text` now, or undefined when it cannot be told where it went:
 * - unchanged text at the same offsets: the same range;
 * - a selection: its text with the same context around it, else its text alone when it occurs once;
 * - a cursor: the context before and after it together, else one side alone when it occurs once.
 */
export function findAnchor(text: string, anchor: TextAnchor): { start: number; end: number } | undefined {
  const { start, end, selected, before, after } = anchor;
  if (text.slice(start - before.length, end + after.length) === before + selected + after) return { start, end };
  const whole = nearest(occurrences(text, before + selected + after), start - before.length);
  if (whole !== undefined) return { start: whole + before.length, end: whole + before.length + selected.length };
  if (selected.trim().length >= 20) {
    const alone = occurrences(text, selected);
    if (alone.length === 1) return { start: alone[0], end: alone[0] + selected.length };
    return undefined;
  }
  if (selected) return undefined;
  const beforeAt = before.trim().length >= 20 ? occurrences(text, before) : [];
  if (beforeAt.length === 1) return { start: beforeAt[0] + before.length, end: beforeAt[0] + before.length };
  const afterAt = after.trim().length >= 20 ? occurrences(text, after) : [];
  if (afterAt.length === 1) return { start: afterAt[0], end: afterAt[0] };
  return undefined;
}
