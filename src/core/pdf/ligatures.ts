// Old TeX papers (dvips output with bitmap Type 3 fonts) carry no Unicode map, and their "fi", "ff", "fl", "ffi" and
// "ffl" ligatures sit at control codes (11–15 in TeX's OT1 layout) that pdf.js reads as spaces: "identi ed",
// "the bene t", "the rst". An English word list tells the words back, and only in a document that shows the damage.
import type { TextLine } from './layout';
import { englishWords, type WordList } from '../text/words';

/** Most frequent first: when two ligatures make a word, the commoner one is likelier. */
const LIGATURES = ['fi', 'ff', 'fl', 'ffi', 'ffl'] as const;

interface Vocabulary {
  words: WordList;
  /** What comes before a ligature in the list's words ("identi", "e"): most gaps fail this one look-up. */
  beforeLigature: ReadonlySet<string>;
  /** What follows the ligature in a word that opens with one ("rst" of "first", "ne" of "fine"). */
  afterOpeningLigature: ReadonlySet<string>;
}

let vocabulary: Vocabulary | undefined;

/** Derived on first use from the English word list. */
function loadVocabulary(): Vocabulary {
  if (vocabulary) return vocabulary;
  const words = englishWords();
  const beforeLigature = new Set<string>();
  const afterOpeningLigature = new Set<string>();
  for (const word of words) {
    if (!/f[fil]/.test(word)) continue;
    for (const m of word.matchAll(/(?=f[fil])/g)) if (m.index > 0) beforeLigature.add(word.slice(0, m.index));
    for (const ligature of LIGATURES) {
      if (word.startsWith(ligature) && word.length >= ligature.length + 2) afterOpeningLigature.add(word.slice(ligature.length));
    }
  }
  vocabulary = { words, beforeLigature, afterOpeningLigature };
  return vocabulary;
}

/**
 * A word's letters (or none) and the space after them, before lower-case letters: where a lost ligature may be. The
 * letters after the space are only looked at, so that they can be the letters before the next gap ("is the rst").
 */
const GAP = /(?<![\p{L}\p{N}'’–-])(\p{L}*) (?=(\p{Ll}+)(?![\p{L}\p{N}'’–-]))/gu;
/** TeX's OT1 layout has the en dash where ASCII has "{": "corpus{based", "pages 604{609", "co{" at a line end. */
const OT1_EN_DASH = /(?<=[\p{L}\p{N}])\{(?=[\p{L}\p{N}]|$)/gu;
/** Letters of a standalone word, for counting how the document uses its words. */
const WORD = /(?<![\p{L}\p{N}'’–-])\p{L}+(?![\p{L}\p{N}'’–-])/gu;
/** Distinct words mended inside a word before a document counts as one that lost its ligatures. */
const MIN_EVIDENCE = 3;

/**
 * Mends the lost ligatures of one document. Built from all its lines: the repair runs only when at least three
 * distinct words of six letters or more are broken inside ("identi ed", "di erent", "signi cant") by halves the
 * document never writes on their own, so ordinary papers are left exactly as they are.
 */
export class LigatureRepair {
  private constructor(
    private readonly vocabulary: Vocabulary,
    /** Lower-cased words the document writes on their own, beyond the places where they could be half of a word. */
    private readonly ownWords: ReadonlySet<string>,
  ) {}

  /** The repair for a document whose lines lost their ligatures, or undefined for a document that did not. */
  static forDocument(lines: Iterable<Pick<TextLine, 'text'>>): LigatureRepair | undefined {
    const texts = [...lines].map((l) => l.text.replace(OT1_EN_DASH, '–'));
    // Without a lower-case word after a space (a paper in Chinese, say) there is nothing to mend or to load.
    if (!texts.some((t) => / \p{Ll}/u.test(t))) return undefined;
    const vocab = loadVocabulary();
    const counts = new Map<string, number>();
    const asHalf = new Map<string, number>();
    const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
    const broken: Array<[string, string, string]> = [];
    for (const text of texts) {
      for (const m of text.matchAll(WORD)) add(counts, m[0].toLowerCase());
      for (const m of text.matchAll(GAP)) {
        const [, before, after] = m;
        const joined = before && joinInside(vocab, before, after);
        if (!joined) continue;
        add(asHalf, before.toLowerCase());
        add(asHalf, after);
        broken.push([before.toLowerCase(), after, joined.toLowerCase()]);
      }
    }
    const ownWords = new Set([...counts].filter(([w, n]) => n > (asHalf.get(w) ?? 0)).map(([w]) => w));
    const evidence = new Set(
      broken.filter(([before, after, joined]) => joined.length >= 6 && !ownWords.has(before) && !ownWords.has(after)).map(([, , joined]) => joined),
    );
    return evidence.size >= MIN_EVIDENCE ? new LigatureRepair(vocab, ownWords) : undefined;
  }

  /**
   * The line with its lost ligatures put back: "We de ne the rst" → "We define the first". `continuing` is the start
   * of a word hyphenated at the end of the line before ("iden-" before "ti ed"), which the first word completes.
   */
  repair(text: string, continuing = ''): string {
    // The same fonts give their en dash as "{".
    return text.replace(OT1_EN_DASH, '–').replace(GAP, (whole, before: string, after: string, at: number) => {
      const word = at === 0 ? continuing + before : before;
      const article = before === 'a' || before === 'A';
      // After the article the space is more likely a real one before a word that opens with the ligature: "a ne
      // grained" is "a fine grained", not "affine grained".
      const opening = openingLigature(this.vocabulary, after, article && !this.ownWords.has(after));
      // Inside a word ("identi ed" → "identified", "e ect" → "effect"), unless both halves are words of the document.
      const halvesAreWords = this.ownWords.has(word.toLowerCase()) && this.ownWords.has(after);
      if (before && !(article && opening) && !halvesAreWords) {
        const joined = joinInside(this.vocabulary, word, after);
        if (joined) return joined.slice(word.length - before.length, -after.length);
      }
      // Opening a word: "the rst" → "the first".
      return opening ? `${before} ${opening.slice(0, -after.length)}` : whole;
    });
  }
}

/** before + ligature + after when that is a word, with before's capital kept ("Speci c" → "Specific"). */
function joinInside(vocab: Vocabulary, before: string, after: string): string | undefined {
  const lower = before.toLowerCase();
  if (!vocab.beforeLigature.has(lower)) return undefined;
  const ligature = LIGATURES.find((l) => vocab.words.has(lower + l + after));
  return ligature && before + ligature + after;
}

/**
 * The ligature that opens a word ending in `after` ("rst" → "first"), when `after` is no word itself, or
 * `evenIfWord` ("ne" → "fine" after the article).
 */
function openingLigature(vocab: Vocabulary, after: string, evenIfWord: boolean): string | undefined {
  if (after.length < 2 || !vocab.afterOpeningLigature.has(after) || (!evenIfWord && vocab.words.has(after))) return undefined;
  const ligature = LIGATURES.find((l) => vocab.words.has(l + after));
  return ligature && ligature + after;
}
