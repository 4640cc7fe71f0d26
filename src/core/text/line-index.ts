// Offsets in a text to lines and columns, by a table of where each line starts, built once and binary-searched, where
// only "\n" ends a line: the BibTeX scanner's line numbers, which it counts "\n" by "\n" as it reads, and looks up here
// for an error found after its entry's later lines. Positions in VS Code's terms (a lone "\r" ends a line too) are
// cites/positions.ts's PositionMapper.

/** A 0-based line and the 0-based character within it (the shape of vscode.Position, without vscode). */
export interface LinePosition {
  line: number;
  character: number;
}

export class LineIndex {
  /** starts[k]: the offset of line k's first character; line 0 starts at 0, every '\n' starts the next. */
  private readonly starts: Int32Array;

  constructor(text: string) {
    const starts = [0];
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    this.starts = Int32Array.from(starts);
  }

  /** The 0-based line holding `offset`: the last line starting at or before it ('a\nb', offset 2 → 1). */
  lineOf(offset: number): number {
    const starts = this.starts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** The 0-based line and character of `offset` ('ab\ncd', offset 4 → line 1, character 1). */
  positionOf(offset: number): LinePosition {
    const line = this.lineOf(offset);
    return { line, character: offset - this.starts[line] };
  }
}
