// A bound on the words the engine reads. Text from outside (a .bib abstract, an enrichment answer, a PDF's text
// layer, the author's own abstract) may hold one "word" of 40,000 or 1,000,000 characters: base64 pasted into an
// abstract, a PDF whose spaces were lost. Many patterns the engine matches scan a word from each of its characters
// ("[\w.+-]+@" for an e-mail address, "(?:[\p{L}][\p{L}\d'-]*\s+){1,7}\(" for an acronym's definition), which is
// quadratic in the word's length: a 40k-character word took `cite` 6 s and a 1 MB one over 10 minutes. Cut to
// MAX_TOKEN_CHARS, a word costs each such pattern at most that many steps per character: linear in the text.
import type { PaperRecord } from '../types';

/**
 * The longest run of non-space characters read whole. Longer than any word, DOI or URL of the evaluation data (the
 * longest, a notebook's URL, is 121 characters), so that no real abstract is changed by it.
 */
export const MAX_TOKEN_CHARS = 200;

/** Marks where a word was cut: "aGVsbG8gd29ybGQ…" reads as cut, not as the word. */
const CUT_MARK = '…';

// Only from the start of a run (the lookbehind), so that the search itself does not rescan a long word from each of
// its characters.
const OVERLONG_TOKEN = new RegExp(String.raw`(?<!\S)\S{${MAX_TOKEN_CHARS + 1},}`, 'g');

/** The first MAX_TOKEN_CHARS characters of a word, not splitting a surrogate pair ("…𝑥" keeps its 𝑥 whole or drops it). */
function cutToken(token: string): string {
  let end = MAX_TOKEN_CHARS;
  const last = token.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return token.slice(0, end) + CUT_MARK;
}

/** `text` with every word longer than MAX_TOKEN_CHARS cut to that length and marked "…"; the same string when none is. */
export function capLongTokens(text: string): string {
  if (text.length <= MAX_TOKEN_CHARS) return text;
  OVERLONG_TOKEN.lastIndex = 0;
  if (!OVERLONG_TOKEN.test(text)) return text;
  OVERLONG_TOKEN.lastIndex = 0;
  return text.replace(OVERLONG_TOKEN, cutToken);
}

/** `capLongTokens` of what may be absent. */
function capOptional(text: string | undefined): string | undefined {
  return text === undefined ? undefined : capLongTokens(text);
}

/**
 * The record as the engine reads it: title, abstract, a collection's blurb and the PDF's sentences and headings with
 * their overlong words cut (see capLongTokens). The record itself when nothing is cut, which is every real one.
 */
export function boundedRecord(record: PaperRecord): PaperRecord {
  // A record from a data set may lack a title, whatever its type says.
  const title = record.title === undefined ? record.title : capLongTokens(record.title);
  const abstract = capOptional(record.abstract);
  const collectionAbstract = capOptional(record.collectionAbstract);
  let sectionsChanged = false;
  const sections = record.sections?.map((section) => {
    const heading = capLongTokens(section.heading);
    let changed = heading !== section.heading;
    const sentences = section.sentences.map((s) => {
      const text = capLongTokens(s.text);
      if (text === s.text) return s;
      changed = true;
      return { ...s, text };
    });
    if (!changed) return section;
    sectionsChanged = true;
    return { ...section, heading, sentences };
  });
  if (title === record.title && abstract === record.abstract && collectionAbstract === record.collectionAbstract && !sectionsChanged) return record;
  const bounded: PaperRecord = { ...record, title };
  if (record.sections !== undefined) bounded.sections = sections;
  if (record.abstract !== undefined) bounded.abstract = abstract;
  if (record.collectionAbstract !== undefined) bounded.collectionAbstract = collectionAbstract;
  return bounded;
}
