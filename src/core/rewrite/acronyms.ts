// Acronyms an abstract defines ("convolutional neural networks (CNNs)") written out where a quoted sentence uses them
// alone, since the reader never saw the definition.
import { indefiniteArticle } from '../text/articles';
import { alternation, PROPER_NAME_OPENERS } from '../lexicon';
import { escapeRegExp } from '../text/regexp';


/** Nouns whose final "s" is not a plural. */
const NOT_PLURAL = /(?:ss|us|is|ous|ics|series|species|news|bayes|means|lens)$/i;
/** The singular of a long form's head noun: "deep neural networks" → "deep neural network". */
function singularLongForm(phrase: string): string {
  return phrase.replace(/([\p{L}-]+)$/u, (w) => {
    if (NOT_PLURAL.test(w) || !/\p{Ll}s$/u.test(w)) return w;
    if (/ies$/.test(w)) return w.slice(0, -3) + 'y';
    if (/(?:ss|sh|ch|x)es$/.test(w)) return w.slice(0, -2);
    return w.slice(0, -1);
  });
}
/** Names that keep their capital inside a sentence ("Bayesian optimization", "Markov chain"). */
export const PROPER_OPENER = new RegExp(String.raw`^(?:\p{Lu}\p{Ll}*(?:ian|ean)|${alternation(PROPER_NAME_OPENERS)})\b`, 'u');

export interface AcronymLongForm {
  /** For a singular use ("a DNN", "the DNN's layers"). */
  singular: string;
  /** For the acronym with an "s" ("DNNs"), when the definition gave the plural. */
  plural?: string;
}

/** The words of a definition's long form: "mixed", "precision", "Kullback-Leibler", "3D" (from its "D"), "don't". */
const WORD_CHAR = /[\p{L}\d'-]/u;
const LETTER = /\p{L}/u;
const SPACE = /\s/;
/** Longest long form read before "(MPT)", in words. */
const MAX_LONG_FORM_WORDS = 7;
/** "(MPT)", "(CNNs)", "(Bi-LSTM)": a bracketed acronym, its content read whole up to the ")". */
const BRACKETED = /(?<=\s)\(([\p{L}\d-]+)\)/gu;

/**
 * The acronym of a bracketed word: its capital letters start it and appear once more ("MPT", "BiLSTM", "Bi-LSTM"), a
 * plural's "s" is not part of it ("CNNs" → "CNN"). Undefined for a word in brackets ("(Smith)", "(2019)").
 */
function acronymOf(word: string): string | undefined {
  if (!/^\p{Lu}./u.test(word)) return undefined;
  const plural = word.endsWith('s') ? word.slice(0, -1) : word;
  return /^\p{Lu}.*\p{Lu}/u.test(plural) ? plural : /^\p{Lu}.*\p{Lu}/u.test(word) ? word : undefined;
}

/**
 * Where the long form before a bracket at `open` may start: up to MAX_LONG_FORM_WORDS words, each followed by white
 * space, read back from the bracket and not before `from`; -1 when no word is there. A word starts with a letter, so
 * "3D" offers its "D" and ends the reading there, as does any word after something other than a space ("(see
 * Smith", "“Deep").
 *
 * The same long form as `/((?:[\p{L}][\p{L}\d'-]*\s+){1,7})\(/u` finds, read from the bracket back: that pattern, tried
 * from each character of a 40,000-character word, rescanned the rest of the word each time (`cite` took 6 s).
 */
function longFormStart(s: string, open: number, from: number): number {
  // The character (a whole surrogate pair: "𝑥" is a letter) that ends at `i`, and the one that starts there.
  const before = (i: number) => (i - 2 >= from && /[\udc00-\udfff]/.test(s[i - 1]) && /[\ud800-\udbff]/.test(s[i - 2]) ? s.slice(i - 2, i) : s[i - 1]);
  const at = (i: number) => String.fromCodePoint(s.codePointAt(i)!);
  let start = -1;
  let end = open;
  for (let words = 0; words < MAX_LONG_FORM_WORDS; words++) {
    let wordEnd = end;
    while (wordEnd > from && SPACE.test(s[wordEnd - 1])) wordEnd--;
    if (wordEnd === end) break;
    let wordStart = wordEnd;
    while (wordStart > from && WORD_CHAR.test(before(wordStart))) wordStart -= before(wordStart).length;
    // The word's first letter: "3D" is read from its "D".
    let first = wordStart;
    while (first < wordEnd && !LETTER.test(at(first))) first += at(first).length;
    if (first === wordEnd) break;
    start = first;
    if (first > wordStart) break;
    end = wordStart;
  }
  return start;
}

interface BracketedAcronym {
  /** Where the words before the bracket start. */
  index: number;
  /** Up to MAX_LONG_FORM_WORDS words before the bracket, with the space after them: "mixed precision training ". */
  words: string;
  acronym: string;
}

/** Each "words (ACRONYM)" of a sentence, in order; linear in its length, however long its words. */
export function bracketedAcronyms(s: string): BracketedAcronym[] {
  const found: BracketedAcronym[] = [];
  // Each bracket's words are read back to the end of the definition before it at most.
  let from = 0;
  for (const bracket of s.matchAll(BRACKETED)) {
    const acronym = acronymOf(bracket[1]);
    const open = bracket.index!;
    const start = acronym ? longFormStart(s, open, from) : -1;
    if (!acronym || start < 0) continue;
    from = open + bracket[0].length;
    found.push({ index: start, words: s.slice(start, open), acronym });
  }
  return found;
}

/**
 * Acronym → long forms, from definitions such as "mixed precision training (MPT)" anywhere in the document. A long
 * form that opened its sentence loses the capital it had only for that reason ("Stochastic gradient descent (SGD)
 * is …" → "stochastic gradient descent").
 */
export function acronymDefinitions(sentences: readonly string[]): Map<string, AcronymLongForm> {
  const defs = new Map<string, AcronymLongForm>();
  for (const s of sentences) {
    for (const definition of bracketedAcronyms(s)) {
      const acronym = definition.acronym;
      const letters = acronym.replace(/[^\p{Lu}]/gu, '').toLowerCase();
      const words = definition.words.trim().split(/\s+/);
      // Walk back from the parenthesis until the initials of the words spell the acronym's capitals.
      for (let k = 1; k <= words.length; k++) {
        const phrase = words.slice(words.length - k);
        const initials = phrase
          .flatMap((w) => w.split('-'))
          .map((w) => w[0]?.toLowerCase() ?? '')
          .join('');
        if (initials === letters || phrase.map((w) => w[0]?.toLowerCase()).join('') === letters) {
          if (!defs.has(acronym)) {
            let long = phrase.join(' ');
            const opensSentence = !`${s.slice(0, definition.index)} ${words.slice(0, words.length - k).join(' ')}`.replace(/[\s"“'(]/g, '');
            const restLower = phrase.slice(1).every((w) => !/\p{Lu}/u.test(w));
            if (opensSentence && restLower && /^\p{Lu}\p{Ll}/u.test(long) && !PROPER_OPENER.test(long)) long = long[0].toLowerCase() + long.slice(1);
            const singular = singularLongForm(long);
            // Only a plural definition gives a plural ("LSTMs" stays: "Long Short-Term Memories" would be wrong).
            defs.set(acronym, { singular, plural: singular === long ? undefined : long });
          }
          break;
        }
      }
    }
  }
  return defs;
}

/** Spell out acronyms the sentence uses but does not define, so the sentence stands on its own. */
export function expandAcronyms(sentence: string, defs: ReadonlyMap<string, AcronymLongForm>): string {
  let s = sentence;
  for (const [acronym, long] of defs) {
    if (s.includes(`(${acronym})`) || s.toLowerCase().includes(long.singular.toLowerCase())) continue;
    const esc = escapeRegExp(acronym);
    let first = true;
    // The first use is spelled out: "a DNN" → "a deep neural network", "DNNs" → "deep neural networks"; the
    // article before it follows the long form ("an RNN" → "a recurrent neural network").
    s = s.replace(new RegExp(`(?:\\b([Aa]n?)\\s+)?(?<![\\w-])${esc}(s?)(?![\\w-])`, 'g'), (m, article: string | undefined, plural: string) => {
      const text = plural ? long.plural : long.singular;
      if (!first || !text) return m;
      first = false;
      return article ? `${indefiniteArticle(text, article[0] === 'A')} ${text}` : text;
    });
  }
  return s;
}
