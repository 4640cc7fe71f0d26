// The stages of the default engine's rewrite pipeline and one step of its trace. They sit here, at the bottom of
// src/core, because types.ts (CitationSentence.trace) names TraceStep too; rewrite/rule.ts re-exports them, so a rule
// file keeps importing them from './rule'.

/**
 * The named stages, in the order a sentence passes through them:
 * - read: the source sentence read in the authors' voice ("I show", "The author discusses" → "We …"), once per sentence;
 * - compress: shorter versions of it (each one a candidate the scorer weighs);
 * - name: the work and its terms named as the reader needs them (a blurb's title as "We", acronyms written out);
 * - clean: words that point into the source paper or carry no content ("[3]", "in this paper", "To this end,");
 * - voice: the authors made the subject of their own act ("X is proposed" → "We propose X");
 * - subject: the sentence's subject chosen, the first rule that matches wins ("We propose" → "Doe \cite{k} proposed");
 * - finish: praise dropped, spacing, capital and final period;
 * - write-out: pointers to sentences the reader never sees resolved ("such problems"), when the sentence is written.
 */
export const STAGES = ['read', 'compress', 'name', 'clean', 'voice', 'subject', 'finish', 'write-out'] as const;
export type Stage = (typeof STAGES)[number];

export interface TraceStep {
  rule: string;
  stage: Stage;
  /** The text after the rule. */
  text: string;
}
