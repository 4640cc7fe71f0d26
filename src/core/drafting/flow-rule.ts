// flow-rule: what a paragraph's flow rule is (flow.ts applies them in order), and the opening the rules read of a
// sentence on one work: its citation marker as the subject ("\cite{3} proposed …") and a verb in the past after it.
import { type CiteSyntax, type DraftSentence } from '../types';
import { isPastForm } from '../text/verbs';
import { citeMarker } from '../rewrite/authors';

/** A paragraph rule: what it does (`summary`), and a paragraph before and after (`examples`), which are its test. */
export interface FlowRule {
  id: string;
  summary: string;
  apply: (sentences: DraftSentence[], syntax: CiteSyntax) => DraftSentence[];
  examples: Array<{ input: string[]; keys: string[][]; output: string[]; roles?: Array<DraftSentence['role']> }>;
}

/** The marker alone as a sentence's subject ("\cite{3} proposed", "[@k] proposed"), and the verb after it. */
export function markerSubject(text: string, key: string, syntax: CiteSyntax): { marker: string; rest: string } | undefined {
  // A \citet marker is the authors' names, not a subject "\citep{k} proposed" that could be replaced by "It".
  const marker = syntax === 'citet' ? undefined : citeMarker([key], syntax);
  if (!marker || !text.startsWith(`${marker} `)) return undefined;
  return { marker, rest: text.slice(marker.length + 1) };
}

/** "proposed a tide model", "also trained …": a clause that opens with a verb in the past (an adverb may come first). */
export function pastClause(rest: string): boolean {
  const words = rest.split(/\s+/);
  const verb = /^(?:also|further|then|additionally|later|first|subsequently)$/i.test(words[0] ?? '') ? words[1] : words[0];
  return verb !== undefined && /^[a-z]+$/.test(verb) && isPastForm(verb);
}

/** The subject a sentence about one work opens with: its citation marker, or the words before it ("Zhu et al."). */
export function subjectOf(s: DraftSentence, syntax: CiteSyntax): string | undefined {
  if (s.role !== 'work' || s.keys.length !== 1) return undefined;
  return markerSubject(s.text, s.keys[0], syntax)?.marker;
}
