// Abstract text from the forms services give it in: OpenAlex's inverted index, Crossref's JATS, arXiv's wrapped Atom.
import { decodeHTML } from 'entities';

/** OpenAlex's `abstract_inverted_index` ({"Despite": [0], "the": [1, 7], …}) back to its words in order. */
export function textFromInvertedIndex(index: unknown): string | undefined {
  if (!index || typeof index !== 'object') return undefined;
  const words: string[] = [];
  for (const [word, positions] of Object.entries(index as Record<string, unknown>)) {
    if (!Array.isArray(positions)) return undefined;
    for (const p of positions) {
      if (!Number.isInteger(p) || p < 0 || p > 100_000) return undefined;
      words[p] = word;
    }
  }
  const text = words.filter((w) => w !== undefined).join(' ');
  return cleanAbstract(text);
}

/**
 * Crossref's JATS abstract ("<jats:title>Abstract</jats:title><jats:p>We study …</jats:p>") as plain text: tags
 * out, entities decoded, a leading "Abstract" heading dropped, paragraphs joined by a space.
 */
export function textFromJats(jats: string | undefined): string | undefined {
  if (!jats) return undefined;
  const text = decodeHTML(
    jats
      .replace(/<(?:jats:)?title>[\s\S]*?<\/(?:jats:)?title>/gi, ' ')
      .replace(/<\/(?:jats:)?p>/gi, ' ')
      .replace(/<[^>]+>/g, ''),
  );
  return cleanAbstract(text);
}

/** White space collapsed, a leading "Abstract" label dropped; undefined when nothing readable is left. */
export function cleanAbstract(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const clean = text.replace(/\s+/g, ' ').replace(/^abstract[\s.:—–-]+/i, '').trim();
  // A stub ("No abstract available.", "[Abstract not available]") is not an abstract.
  if (clean.split(' ').length < 8 || /^\W*(?:no )?abstract (?:is )?not available|^no abstract/i.test(clean)) return undefined;
  return clean;
}
