// rouge-score 0.1.2's tokenizer (rouge/tokenize.py): lower-case, every run of characters outside [a-z0-9] becomes a
// separator, empty tokens are dropped, and with stemming on only tokens longer than 3 characters are Porter-stemmed.
import { porterStem } from './porter';

const CODE_0 = 48;
const CODE_9 = 57;
const CODE_A = 97;
const CODE_Z = 122;

function isTokenChar(code: number): boolean {
  return (code >= CODE_A && code <= CODE_Z) || (code >= CODE_0 && code <= CODE_9);
}

/**
 * Calls `emit` with each raw (unstemmed) token of `text` in order. Lower-casing happens first, on the whole string,
 * as Python's str.lower() does: characters that lower-case to ASCII (e.g. the Kelvin sign) become token characters.
 */
function forEachRawToken(text: string, emit: (token: string) => void): void {
  const lower = text.toLowerCase();
  const n = lower.length;
  let start = -1;
  for (let i = 0; i < n; i++) {
    if (isTokenChar(lower.charCodeAt(i))) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      emit(lower.slice(start, i));
      start = -1;
    }
  }
  if (start >= 0) emit(lower.slice(start));
}

const stemCache = new Map<string, string>();
const STEM_CACHE_LIMIT = 200_000;

/** Stems a lower-case token the way rouge-score does: only tokens longer than 3 characters are stemmed. */
export function rougeStem(token: string): string {
  if (token.length <= 3) return token;
  let stem = stemCache.get(token);
  if (stem === undefined) {
    if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
    stem = porterStem(token);
    stemCache.set(token, stem);
  }
  return stem;
}

/** The token list rouge-score compares, e.g. tokenize("The cat's 2 hats!") → ['the', 'cat', 's', '2', 'hats']. */
export function tokenize(text: string, options: { stem?: boolean } = {}): string[] {
  const tokens: string[] = [];
  const stem = options.stem === true;
  forEachRawToken(text, (token) => {
    tokens.push(stem ? rougeStem(token) : token);
  });
  return tokens;
}
