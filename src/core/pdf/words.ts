// The English word list that PDF text repair checks words against (an-array-of-english-words: ~275,000 lower-case
// words, inflections included). Loaded on first use, once per process or PDF worker: about 150 ms and 11 MB.
import { readFileSync } from 'node:fs';

let words: ReadonlySet<string> | undefined;

export function englishWords(): ReadonlySet<string> {
  // Read rather than required, so that the module cache does not keep the array alongside the set.
  words ??= new Set(JSON.parse(readFileSync(require.resolve('an-array-of-english-words'), 'utf8')) as string[]);
  return words;
}
