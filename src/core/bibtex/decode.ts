// Bytes → text for .bib and .tex files: honours UTF-8/UTF-16/UTF-32 byte-order marks, spots BOM-less UTF-16 and
// UTF-32 by their zero bytes, and falls back to Windows-1252 for the many older files that are not valid UTF-8.
// (A .tex saved as UTF-16 by a Windows editor read as UTF-8 is "\0c\0i\0t\0e", which cites no keys.)

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const windows1252 = new TextDecoder('windows-1252');
const utf16le = new TextDecoder('utf-16le');
const utf16be = new TextDecoder('utf-16be');

export function decodeBibBuffer(buf: Uint8Array): string {
  // UTF-32 first: its little-endian BOM starts with UTF-16's (FF FE).
  if (buf.length >= 4 && buf[0] === 0xff && buf[1] === 0xfe && buf[2] === 0 && buf[3] === 0) return decodeUtf32(buf.subarray(4), true);
  if (buf.length >= 4 && buf[0] === 0 && buf[1] === 0 && buf[2] === 0xfe && buf[3] === 0xff) return decodeUtf32(buf.subarray(4), false);
  const utf32 = guessBomlessUtf32(buf);
  if (utf32) return decodeUtf32(buf, utf32 === 'le');
  if (buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) {
    return lenientUtf8(buf.subarray(3));
  }
  if (buf.length >= 2 && buf[0] === 0xff && buf[1] === 0xfe) return utf16le.decode(buf.subarray(2));
  if (buf.length >= 2 && buf[0] === 0xfe && buf[1] === 0xff) return utf16be.decode(buf.subarray(2));
  const guess = guessBomlessUtf16(buf);
  if (guess === 'le') return utf16le.decode(buf);
  if (guess === 'be') return utf16be.decode(buf);
  return lenientUtf8(buf);
}

/** The same decoder for .tex and Markdown files. */
export const decodeTextBuffer = decodeBibBuffer;

/** Node's TextDecoder has no UTF-32; code points outside Unicode become U+FFFD. */
function decodeUtf32(buf: Uint8Array, littleEndian: boolean): string {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength - (buf.byteLength % 4));
  const parts: string[] = [];
  let chunk: number[] = [];
  for (let i = 0; i + 4 <= view.byteLength; i += 4) {
    const cp = view.getUint32(i, littleEndian);
    chunk.push(cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff) ? cp : 0xfffd);
    if (chunk.length === 8192) {
      parts.push(String.fromCodePoint(...chunk));
      chunk = [];
    }
  }
  parts.push(String.fromCodePoint(...chunk));
  return parts.join('');
}

/** ASCII-heavy UTF-32 has three zero bytes of every four: the top two always, and the third for ASCII/Latin-1. */
function guessBomlessUtf32(buf: Uint8Array): 'le' | 'be' | undefined {
  const sample = Math.min(buf.length, 4096) & ~3;
  if (sample < 8) return undefined;
  let le = 0;
  let be = 0;
  for (let i = 0; i < sample; i += 4) {
    if (buf[i + 2] === 0 && buf[i + 3] === 0 && buf[i] !== 0) le++;
    if (buf[i] === 0 && buf[i + 1] === 0 && buf[i + 3] !== 0) be++;
  }
  const units = sample / 4;
  if (le > units * 0.9) return 'le';
  if (be > units * 0.9) return 'be';
  return undefined;
}

function lenientUtf8(buf: Uint8Array): string {
  try {
    return strictUtf8.decode(buf);
  } catch {
    return windows1252.decode(buf);
  }
}

/** ASCII-heavy UTF-16 without a BOM has a zero in every other byte; text files otherwise almost never contain NULs. */
function guessBomlessUtf16(buf: Uint8Array): 'le' | 'be' | undefined {
  const sample = Math.min(buf.length, 4096) & ~1;
  if (sample < 4) return undefined;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample; i += 2) {
    if (buf[i] === 0) evenZeros++;
    if (buf[i + 1] === 0) oddZeros++;
  }
  const pairs = sample / 2;
  if (oddZeros > pairs * 0.4 && evenZeros < pairs * 0.05) return 'le';
  if (evenZeros > pairs * 0.4 && oddZeros < pairs * 0.05) return 'be';
  return undefined;
}
