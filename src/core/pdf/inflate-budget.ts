// A PDF's Flate streams are inflated by pdf.js as it reads the text; a 1 MB file whose one content stream inflates
// to a gigabyte of spaces (a "flate bomb") took 2.43 GB, and the worker's heap limit does not see it (the buffers
// live outside the JS heap). Before pdf.js opens a file, its streams are inflated here once, each stopped at what
// is left of a budget, and a file over budget is refused. Image streams are left out: text extraction never decodes
// them, and a scanned page's image may rightly inflate to tens of megabytes.
import { inflateSync } from 'node:zlib';

/** Inflated bytes of a PDF's non-image Flate streams above which it is refused (text PDFs use a few MB). */
export const DEFAULT_INFLATE_BUDGET = 128 * 1024 * 1024;

const STREAM = Buffer.from('stream');
const ENDSTREAM = Buffer.from('endstream');

/** The stream dictionary before `streamAt`: from the last "<<" that opens it (good enough to read keys from). */
function dictionaryBefore(bytes: Buffer, streamAt: number): string {
  const from = Math.max(0, streamAt - 2048);
  const text = bytes.toString('latin1', from, streamAt);
  const obj = text.lastIndexOf(' obj');
  return obj >= 0 ? text.slice(obj) : text;
}

/**
 * The bytes its non-image Flate streams inflate to, counting up to `budget` + 1 at most: a result over `budget`
 * means the file is a bomb (or too large to read as text here). Streams that fail to inflate count as nothing;
 * pdf.js reports damaged files itself.
 */
export function inflatedSize(bytes: Buffer, budget = DEFAULT_INFLATE_BUDGET): number {
  let total = 0;
  for (let at = bytes.indexOf(STREAM); at >= 0; at = bytes.indexOf(STREAM, at + STREAM.length)) {
    // "endstream" contains "stream": skip it.
    if (at >= 3 && bytes.toString('latin1', at - 3, at) === 'end') continue;
    let start = at + STREAM.length;
    if (bytes[start] === 0x0d) start++;
    if (bytes[start] === 0x0a) start++;
    const dict = dictionaryBefore(bytes, at);
    if (!/\/FlateDecode|\/Fl\b/.test(dict) || /\/Subtype\s*\/Image/.test(dict)) continue;
    const direct = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
    const end = direct ? Math.min(bytes.length, start + Number(direct[1])) : bytes.indexOf(ENDSTREAM, start);
    if (end <= start) continue;
    try {
      total += inflateSync(bytes.subarray(start, end), { maxOutputLength: Math.max(1, budget - total + 1) }).length;
    } catch (err) {
      // Over what was left of the budget: zlib stops at maxOutputLength and says so.
      if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError) return budget + 1;
    }
    if (total > budget) return total;
    at = end;
  }
  return total;
}
