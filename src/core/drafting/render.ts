// render: draft sentences with their citation markers, and paragraphs as LaTeX (\subsection) or Markdown (###).
import { type CiteSyntax, type DraftParagraph, type DraftSentence } from '../types';
import { citeMarker } from '../rewrite/authors';
import { writtenText, type ScoredCandidate } from '../engine/citation';

/** The marker that cites `key` in a sentence written in `syntax` (\\citet names it as the subject). */
export function citeMarkerOf(key: string, syntax: CiteSyntax): string {
  return syntax === 'citet' ? `{${key}}` : citeMarker([key], syntax);
}

/** The sentence as the draft writes it; `nameSystem` false where the draft already named the work's system. */
export function sentenceOf(candidate: ScoredCandidate, key: string, nameSystem = true): DraftSentence {
  return { text: writtenText(candidate, candidate.text, undefined, nameSystem), keys: [key], sources: [candidate.source], role: 'work' };
}

export function renderDraft(paragraphs: readonly DraftParagraph[], format: 'latex' | 'markdown'): string {
  return paragraphs
    .map((p) => {
      const body = p.sentences.map((s) => s.text).join(' ');
      if (!p.heading) return body;
      return format === 'latex' ? `\\subsection{${p.heading}}\n${body}` : `### ${p.heading}\n\n${body}`;
    })
    .join('\n\n');
}
