// The English word list (an-array-of-english-words: ~275,000 lower-case words, inflections included) that PDF text
// repair checks words against (lost ligatures, line-break hyphens), and that the rewrite asks whether a word can be a
// verb. Loaded on first use, once per process or PDF worker (about 0.1 s). Kept as one sorted string searched by
// halves: about 6 MB of heap where a Set of the words takes 18 MB, in each of the pool's workers.
import { readFileSync } from 'node:fs';

export interface WordList extends Iterable<string> {
  has(word: string): boolean;
}

class SortedWords implements WordList {
  private readonly text: string;
  /** Where each word starts in `text`, plus one past the end. */
  private readonly starts: Uint32Array;

  constructor(words: string[]) {
    const sorted = words.every((w, i) => i === 0 || words[i - 1] < w) ? words : [...new Set(words)].sort();
    this.text = sorted.join('\n') + '\n';
    this.starts = new Uint32Array(sorted.length + 1);
    for (let i = 0, at = 0; i < sorted.length; i++) {
      this.starts[i] = at;
      at += sorted[i].length + 1;
    }
    this.starts[sorted.length] = this.text.length;
  }

  private wordAt(i: number): string {
    return this.text.slice(this.starts[i], this.starts[i + 1] - 1);
  }

  has(word: string): boolean {
    let lo = 0;
    let hi = this.starts.length - 2;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const at = this.wordAt(mid);
      if (at === word) return true;
      if (at < word) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }

  *[Symbol.iterator](): Iterator<string> {
    for (let i = 0; i < this.starts.length - 1; i++) yield this.wordAt(i);
  }
}

let words: WordList | undefined;

export function englishWords(): WordList {
  words ??= new SortedWords(JSON.parse(readFileSync(require.resolve('an-array-of-english-words'), 'utf8')) as string[]);
  return words;
}

/** "poli- cies": a word that a line break hyphenated, after the break became a space (abstracts copied from a PDF). */
const BROKEN_WORD = /([\p{L}-]*\p{Ll})- (\p{Ll}+)\b/gu;
/** "low- and high-level", "pre- or post-processing": a hyphen that waits for the second compound. */
const SUSPENDED = /^(?:and|or|nor|to|as|vs|versus)$/;
/** Words that do not make a compound ("a model- which works" is a dash, not "model-which"). */
const FUNCTION_WORD = /^(?:a|an|the|which|that|who|whom|whose|is|are|was|were|be|been|it|its|this|these|those|but|of|in|on|at|for|with|by|from|we|they|there)$/i;

/**
 * "poli- cies" → "policies", "state-of-the- art" → "state-of-the-art", "well- studied" → "well-studied"; the suspended
 * hyphen of "low- and high-level" stays. A joined word the word list knows is one word; two words it knows, or a
 * compound already hyphenated, keep their hyphen.
 */
export function rejoinBrokenWords(text: string): string {
  if (!/\p{Ll}- \p{Ll}/u.test(text)) return text;
  const list = englishWords();
  return text.replace(BROKEN_WORD, (m, before: string, after: string) => {
    if (SUSPENDED.test(after)) return m;
    const last = before.slice(before.lastIndexOf('-') + 1);
    if (list.has(`${last}${after}`.toLowerCase())) return `${before}${after}`;
    const compound = list.has(last.toLowerCase()) && list.has(after) && !FUNCTION_WORD.test(last) && !FUNCTION_WORD.test(after);
    if (before.includes('-') || compound) return `${before}-${after}`;
    return m;
  });
}

/** A suffix that a PDF's line break left on its own ("learn ing", "representa tion"); no word by itself. */
const SPLIT_SUFFIX = /\b(\p{Ll}{2,30}) (ing|ings|tion|tions|sion|sions|ment|ments|ness|ity|ities|ation|ations|ization|izations)\b/gu;

/**
 * "learn ing" → "learning", "representa tion" → "representation": where the two parts joined are a word the list knows.
 * A reader takes the split for extraction junk.
 */
export function rejoinSplitSuffixes(text: string): string {
  if (!/\p{Ll} (?:ing|tion|sion|ment|ness|it(?:y|ies)|ation|ization)s?\b/u.test(text)) return text;
  const list = englishWords();
  // The suffix alone may be in the word list ("ing", "ment"), but no sentence uses it as a word.
  return text.replace(SPLIT_SUFFIX, (m, stem: string, suffix: string) => (list.has(`${stem}${suffix}`) ? `${stem}${suffix}` : m));
}
