// A word list of the engine: one concept, what it is for, its words, and probes — an example sentence for each word
// that the whole pipeline must rewrite as the list promises. The examples are the lists' test (test/unit/lexicon): a
// word deleted from a list leaves its example behind, which then fails; a word without an example fails too.
import type { CitationStyle } from '../types';

/** An example sentence, or one with its own sentence before it and its own citation. */
export type WordExample = string | { input: string; previous?: string; output: string };

export interface WordProbe {
  /** Sentences of an abstract that show the words at work, each word in one at least (written out: a word deleted from
   * the list keeps its example, which then fails). */
  examples: readonly WordExample[];
  /** The sentence before it, where the word's rule reads one. */
  previous?: string;
  style?: CitationStyle;
  /**
   * The examples are run through this compress rule alone (not the whole pipeline): each example's output must be
   * among the versions it offers. For lists whose effect is a version the scorer weighs, not the citation it picks.
   */
  compress?: string;
  /** What the citation of each example must be (the example work of Doe and Roe, key doe2020), or how it must open. */
  output?: string;
  opensWith?: string;
}

/**
 * The words one pattern reads, named for what they are, without probes of their own: the lists that long regexes
 * spelled inline until issue 64 moved them here ("propose|proposes|introduce|…" of the scorer's contribution cue). Each
 * is spelled exactly as its pattern had it — order, inflected forms and all — so the patterns match what they matched
 * (the scorer's weights were learned with these words). test/unit/lexicon checks each word is there once and no other
 * file spells the list again; probes, word by word, are what a WordList adds.
 */
export interface PatternWords {
  name: string;
  /** What the list is for, and where it is used. */
  purpose: string;
  /** In the order the patterns try them (a longer phrase before its prefix). A word may carry a character class ("analy[sz]es"). */
  words: readonly string[];
}

export interface WordList extends PatternWords {
  /** Each word has an example in at least one probe; a list used by two patterns has a probe for each. */
  probes: readonly WordProbe[];
}

/** The list as a regular-expression alternation: "paper|article|study". */
export function alternation(list: PatternWords): string {
  return list.words.join('|');
}

/** A word as a sentence spells it: a character class gives its first letter ("analy[sz]es" → "analyses"). */
export function spelled(word: string): string {
  return word.replace(/\[(.)[^\]]*\]/g, '$1');
}
