// How a work is named in running text: author names from the BibTeX ("Smith", "Smith and Lee", "Smith et al.")
// and the citation command of the document's syntax (\cite{k}, \citet{k}, \citep{k}, [@k]).
import type { Author, CiteSyntax, PaperRecord } from '../types';

/** Grammatical number of a subject, for verb agreement. */
export type Plurality = 'singular' | 'plural';

function isOthers(a: Author): boolean {
  return /^others$/i.test(a.family.trim()) || /^et\.? al\.?$/i.test(a.family.trim());
}

function surname(a: Author): string {
  const family = a.family.trim().replace(/^\{+|\}+$/g, '');
  if (family) return family;
  return (a.literal ?? a.given ?? '').trim();
}

/** "Smith", "Smith and Lee", "Smith et al."; undefined when the entry has no usable author. */
export function authorPhrase(authors: readonly Author[], truncated = false): { text: string; plurality: Plurality } | undefined {
  // "Anonymous" (unsigned magazine pieces in Beebe's bibliographies) names nobody: "Anonymous \cite{k} toured …" reads
  // as a person.
  const named = authors.filter((a) => !isOthers(a) && surname(a) !== '' && !/^(?:anon(?:ymous|\.)?|unknown|n\.\s?n\.)$/i.test(surname(a)));
  // "and others" in the .bib: either kept as an author named "others" or recorded as authorsTruncated.
  const hasOthers = truncated || authors.some(isOthers);
  if (named.length === 0) return undefined;
  if (named.length === 1 && !hasOthers) return { text: surname(named[0]), plurality: 'singular' };
  // "Bakker and the Wadden Sea Group": a body's "The" is lower case inside a sentence, and a second name never opens one.
  if (named.length === 2 && !hasOthers) return { text: `${surname(named[0])} and ${surname(named[1]).replace(/^The\s+(?=\p{Lu})/u, 'the ')}`, plurality: 'plural' };
  return { text: `${surname(named[0])} et al.`, plurality: 'plural' };
}

/**
 * The sentence with `marker` at its end, before the final stop: "… the tide turns \cite{k}.". A sentence that ends
 * inside a quotation takes the marker after the closing mark ("… call it “slack water” \cite{k}.", not inside it);
 * a question or exclamation mark stays in the quotation.
 */
export function citedAtEnd(sentence: string, marker: string): string {
  const m = /^(.*?)\s*(?:([.!?])(["'”’)\]])?)?\s*$/s.exec(sentence.trim());
  if (!m) return `${sentence} ${marker}.`;
  const [, body, stop, closer] = m;
  if (!closer) return `${body} ${marker}${stop ?? '.'}`;
  return stop === '.' ? `${body}${closer} ${marker}.` : `${body}${stop}${closer} ${marker}.`;
}

/** A parenthetical/numeric citation marker for one or more keys. */
export function citeMarker(keys: readonly string[], syntax: CiteSyntax = 'cite'): string {
  switch (syntax) {
    case 'pandoc':
      return `[${keys.map((k) => `@${k}`).join('; ')}]`;
    case 'citep':
      return `\\citep{${keys.join(',')}}`;
    case 'citet':
      // \citet is textual; a parenthetical group in a \citet document is still written with \citep.
      return `\\citep{${keys.join(',')}}`;
    default:
      return `\\cite{${keys.join(',')}}`;
  }
}

/**
 * The work as the grammatical subject of a sentence: `Smith et al. \cite{k}`, `\citet{k}`, `Smith et al. [@k]`.
 * Without authors, the marker alone (`\cite{k}` reads "[3]" in numeric styles).
 */
export function workSubject(record: Pick<PaperRecord, 'key' | 'authors' | 'authorsTruncated'>, syntax: CiteSyntax = 'cite'): { text: string; plurality: Plurality } {
  const names = authorPhrase(record.authors ?? [], record.authorsTruncated);
  // Without names the subject is the work itself ("[3] proposes"), grammatically singular.
  if (syntax === 'citet') return { text: `\\citet{${record.key}}`, plurality: names?.plurality ?? 'singular' };
  const marker = citeMarker([record.key], syntax);
  if (!names) return { text: marker, plurality: 'singular' };
  return { text: `${names.text} ${marker}`, plurality: names.plurality };
}

/**
 * The work named again in the sentence right after one that cited it: "They" for several authors, the surname for
 * one ("Pedersen also …"), so that a paragraph does not repeat "Smith et al. \cite{k}" sentence after sentence.
 * "They" needs the authors as the previous sentence's subject (`afterAuthors`); otherwise their names, without the
 * marker. Undefined without author names: then the marker itself is the name ("[3] … [3] …").
 */
export function repeatedSubject(record: Pick<PaperRecord, 'authors' | 'authorsTruncated'>, afterAuthors = true): string | undefined {
  const names = authorPhrase(record.authors ?? [], record.authorsTruncated);
  if (!names) return undefined;
  return names.plurality === 'plural' && afterAuthors ? 'They' : names.text;
}
