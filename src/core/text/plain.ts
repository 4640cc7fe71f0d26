// The plain text of a title or an abstract as a .bib file, a reference manager or a publisher's feed gives it.
import { decodeHTMLStrict } from 'entities';
import { latexToUnicode } from '../bibtex/latex';
import { withoutInlineCitations } from './inline-citations';
import { rejoinBrokenWords, rejoinSplitSuffixes } from './words';

/**
 * Plain text from what an abstract may carry: LaTeX from a .bib or a .tex file ("\emph{x}" → "x", "$\alpha$" → "α",
 * "\ie" → "i.e.", citations and references dropped) and the JATS/HTML tags of abstracts exported from publishers.
 * The .bib reader's LaTeX decoder does the LaTeX, so an abstract reads the same whichever way it reached the engine.
 */
export function plainText(text: string): string {
  // Reference managers and publishers' feeds leave HTML entities in titles and abstracts ("the Harbour&rsquo;s",
  // "&quot;…&quot;", "Tides \&amp; Currents"): decoded after the LaTeX, which turns "\&" into "&". A run of three or
  // more backticks is debris, not TeX's opening quotes.
  const plain = decodeHTMLStrict(latexToUnicode(withoutInlineCitations(text.replace(/<\/?(?:abs|p|i|b|sub|sup|jats:[a-z]+)>/gi, ' ').replace(/`{3,}/g, ''))))
    // "Abstract: …", and the ", Abstract:, …" of exports that joined empty fields before it ("Abstract, font-
    // independent descriptions …" opens on the adjective).
    .replace(/^\s*abstract[:.\s]+|^[\s,;]+abstract[:.,\s]+/i, '')
    // What a dropped citation leaves behind: "(\citep{k})" → "()", "by \cite{k}, we" → "by , we".
    .replace(/\(\s*[,;]?\s*\)/g, '')
    // … and what is left where a data set removed the names from author–year citations: "BERT (, 2018)",
    // "(, 2015; , 2017)".
    .replace(/\s*\(\s*(?:[,;][\s,;]*(?:1[89]|20)\d\d[a-z]?\s*)+\)/g, '')
    .replace(/\s+([,.;:])(?=\s|$)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  // Abstracts copied from a PDF keep its line-break hyphens ("poli- cies").
  return rejoinSplitSuffixes(rejoinBrokenWords(plain));
}
