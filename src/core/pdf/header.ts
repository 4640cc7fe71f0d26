// Whether a file is a PDF, from its first KB alone: "%PDF-" may follow some junk there, as readers allow. Used before
// a file is read whole (extraction) and before a file outside the indexed folders is taken at all (file fields).
import * as fs from 'node:fs';

const HEAD_BYTES = 1024;

/** True when the first KB of `file` holds "%PDF-"; throws when the file cannot be read. */
export function startsLikePdf(file: string): boolean {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const n = fs.readSync(fd, head, 0, head.length, 0);
    return head.subarray(0, n).includes('%PDF-');
  } finally {
    fs.closeSync(fd);
  }
}
