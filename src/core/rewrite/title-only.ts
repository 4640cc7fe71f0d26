// What a citation says of a work the library knows by its title alone: only what the title says, flagged, never a
// claim ("Doe and Roe \cite{k} presented “A Study of Tides”."). Shared by every engine.
import type { CiteSyntax, CitationSentence, CitationStyle, PaperRecord, SourceSentence, Tense } from '../types';
import { readableTitle } from '../text/titles';
import { citeMarker, workSubject } from './authors';

export const TITLE_ONLY_FLAG = 'ungrounded: title only';
export const NOTHING_FLAG = 'ungrounded: no title or abstract';

/**
 * Citing authors report what a paper did in the past tense: in ScisummNet's 10,275 real citation sentences "proposed"
 * outnumbers "propose(s)" 531 to 151, "described" "describe(s)" 371 to 135, "introduced" 156 to 66; CiteBench's gold
 * related-work paragraphs say "proposed" 13 times and "propose(s)" twice.
 */
export const DEFAULT_CITATION_TENSE: Tense = 'past';

/** A sentence that says only what the title says, for entries with nothing else. Never invents a claim. */
export function titleOnlySentence(record: PaperRecord, title: string, style: CitationStyle, syntax?: CiteSyntax, tense: Tense = DEFAULT_CITATION_TENSE): CitationSentence {
  const subject = workSubject(record, syntax);
  if (!title) {
    const text = style === 'tldr' ? 'No title or abstract is available for this paper.' : `See ${citeMarker([record.key], syntax)}.`;
    return { key: record.key, text, spans: [{ text }], grounded: false, flags: [NOTHING_FLAG], engine: 'default' };
  }
  const quoted = `“${readableTitle(title.replace(/[.\s]+$/, ''))}”`;
  const verb = tense === 'past' ? 'presented' : subject.plurality === 'singular' ? 'presents' : 'present';
  const text = style === 'tldr' ? `This paper is titled ${quoted}.` : `${subject.text} ${verb} ${quoted}.`;
  const source: SourceSentence = { text: title, section: 'title', index: 0 };
  return { key: record.key, text, spans: [{ text, source }], grounded: false, flags: [TITLE_ONLY_FLAG], engine: 'default' };
}
