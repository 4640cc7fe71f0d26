// Bytes → text for .bib files: honours UTF-8/UTF-16 byte-order marks, spots BOM-less UTF-16 by its zero bytes,
// and falls back to Windows-1252 for the many older bibliographies that are not valid UTF-8.

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const windows1252 = new TextDecoder('windows-1252');
const utf16le = new TextDecoder('utf-16le');
const utf16be = new TextDecoder('utf-16be');

export function decodeBibBuffer(buf: Uint8Array): string {
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
