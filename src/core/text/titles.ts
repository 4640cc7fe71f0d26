// Title case comes from a well-kept library (title-case: small words, hyphenated compounds, words written in a case
// of their own such as "iOS" kept). What is ours: reading a title set in capitals throughout back into title case,
// with the acronyms kept that its paper writes in capitals.
import { titleCase } from 'title-case';
import { englishWords } from './words';

/** Headline style: "Variety of Knowledge Sources", "Image-to-Image Translation". */
export function headlineCase(phrase: string): string {
  return titleCase(phrase);
}

/**
 * A title set in capitals throughout ("FAST LEARNING VIA EPISODIC MEMORY", as some venues and exports store it): at
 * least three words of four letters or more, and nearly no lower-case letters ("… OF GANs" is one).
 */
export function isAllCapitals(title: string): boolean {
  const long = (title.match(/\p{L}{4,}/gu) ?? []).filter((w) => !/\p{Ll}/u.test(w));
  const letters = title.match(/\p{L}/gu) ?? [];
  const lower = title.match(/\p{Ll}/gu) ?? [];
  return long.length >= 3 && lower.length <= letters.length * 0.1;
}

const ROMAN_NUMERAL = /^(?:X{0,3})(?:IX|IV|V?I{0,3})$/;
const VOWEL = /[AEIOUY]/;

/** How the paper writes each word with a capital after its first letter ("GAN", "AltQ", "ReLU"), by its lower case. */
function acronymSpellings(context: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const w of context.match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (/\p{Lu}/u.test(w.slice(1)) && !out.has(w.toLowerCase())) out.set(w.toLowerCase(), w);
  }
  return out;
}

/** A word of an all-capitals title as the paper would write it, or undefined for an ordinary word. */
function keptSpelling(word: string, written: ReadonlyMap<string, string>): string | undefined {
  if (/\p{Ll}/u.test(word) || /\p{N}/u.test(word)) return word; // "GANs", "3D": written so on purpose
  const lower = word.toLowerCase();
  const seen = written.get(lower);
  if (seen) return seen;
  // "CNNS" where the abstract writes "CNN": the plural of the acronym.
  const singular = /s$/.test(lower) ? written.get(lower.slice(0, -1)) : undefined;
  if (singular) return `${singular}s`;
  if (word.length >= 2 && ROMAN_NUMERAL.test(word)) return word; // "PART II"
  if (word.length >= 2 && !VOWEL.test(word)) return word; // "CNN", "LSTM", "NLP"
  // "QA", "VQA", a single "K" in "K-MEANS": too short to be anything but an acronym unless it is an English word.
  if (word.length <= 3 && !englishWords().has(word.toLowerCase())) return word;
  return undefined;
}

/**
 * The title as a sentence quotes it: a title set in capitals throughout reads as title case ("Charting Tides via
 * Harbour Gauges: A View From Small-Boat Pilotage"), keeping the acronyms that the paper's text (`paperText`, its
 * abstract; asked for only then) writes in capitals ("TideNet", "GaugeML"); any other title is returned as it is.
 */
export function readableTitle(title: string, paperText: () => string = () => ''): string {
  if (!isAllCapitals(title)) return title;
  const written = acronymSpellings(paperText());
  return headlineCase(title.replace(/[\p{L}\p{N}]+/gu, (w) => keptSpelling(w, written) ?? w.toLowerCase()));
}
