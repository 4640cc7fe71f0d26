// Offset ↔ line/character conversion with VS Code's line-break rules (\n, \r\n and a lone \r each end a line).
import type { TextPosition } from './types';

/** Offsets where each line starts; line 0 starts at 0. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10) {
      starts.push(i + 1);
    } else if (code === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    }
  }
  return starts;
}

/** Converts offsets to positions and back for one text; build once, convert many (binary search per call). */
export class PositionMapper {
  private readonly starts: number[];

  constructor(private readonly text: string) {
    this.starts = lineStarts(text);
  }

  get lineCount(): number {
    return this.starts.length;
  }

  positionAt(offset: number): TextPosition {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= clamped) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: clamped - this.starts[lo] };
  }

  offsetAt(position: TextPosition): number {
    if (position.line < 0) return 0;
    if (position.line >= this.starts.length) return this.text.length;
    const start = this.starts[position.line];
    const nextStart = position.line + 1 < this.starts.length ? this.starts[position.line + 1] : this.text.length;
    // The line's own break characters are not addressable columns.
    let lineEnd = nextStart;
    if (position.line + 1 < this.starts.length) {
      lineEnd--;
      if (lineEnd > start && this.text.charCodeAt(lineEnd) === 10 && this.text.charCodeAt(lineEnd - 1) === 13) lineEnd--;
    }
    return Math.min(start + Math.max(0, position.character), lineEnd);
  }
}

/** 0-based line/character of `offset` in `text`. For many conversions on one text, use PositionMapper. */
export function offsetToPosition(text: string, offset: number): TextPosition {
  return new PositionMapper(text).positionAt(offset);
}

/** Offset of a 0-based line/character in `text` (clamped to the line's end). */
export function positionToOffset(text: string, position: TextPosition): number {
  return new PositionMapper(text).offsetAt(position);
}
