// Whether a work's text spells out an acronym a citing sentence uses: "CNNs" cited to a work that writes
// "convolutional neural networks", "FoE" to one that writes "Fields of Experts". An abstract often names its method in
// full and the citing author abbreviates it; that is not a detail the work lacks.

/** Short words an expansion may hold that the acronym skips: "Principal Component Analysis" is PCA, "Bag of Words" BoW or BW. */
const SKIPPABLE = new Set(['of', 'and', 'the', 'for', 'in', 'on', 'to', 'with', 'a', 'an', 'by', 'via']);

/** The letters an acronym stands for, lower-cased: "CNNs" → "cnn", "FoE" → "foe", "GPT-4" → undefined (not one). */
function acronymLetters(name: string): string | undefined {
  const m = /^(\p{L}+?)(s)?$/u.exec(name);
  if (!m) return undefined;
  // A plural "s" after capitals ("CNNs", "CBFs") is not a letter of the acronym.
  const letters = m[2] && /\p{Lu}$/u.test(m[1]) ? m[1] : name;
  // Two letters are spelled by some pair of neighbouring words in most abstracts ("LR": "large region").
  return letters.length >= 3 && letters.length <= 8 ? letters.toLowerCase() : undefined;
}

/** Whether the words from `at` on spell `letters` by their first letters, skipping SKIPPABLE words the acronym leaves out. */
function spellsFrom(words: readonly string[], at: number, letters: string): boolean {
  let i = at;
  for (let k = 0; k < letters.length; ) {
    const word = words[i];
    if (word === undefined) return false;
    if (word[0] === letters[k]) {
      k++;
      i++;
    } else if (k > 0 && SKIPPABLE.has(word)) i++;
    else return false;
  }
  return true;
}

/** Whether `text` holds a run of words whose first letters spell the acronym `name` ("FoE": "Fields of Experts"). */
export function spelledOut(name: string, text: string): boolean {
  const letters = acronymLetters(name);
  if (!letters) return false;
  // Hyphenated words count as words of their own: "Non-Negative Matrix Factorization" is NMF.
  const words = text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  for (let i = 0; i < words.length; i++) if (words[i][0] === letters[0] && spellsFrom(words, i, letters)) return true;
  return false;
}
