// Running the rules: a stage applies its rules in order to the text (in a first-match stage, only the first that
// matches), and records each rule that changed the text when a trace is asked for.
import { rulesOf } from './registry';
import { FIRST_MATCH_STAGES, isCompressRule, matchOf, NO_TARGET, type RuleContext, type Stage } from './rule';
import type { RewriteTarget } from './first-person';

interface StageResult {
  text: string;
  /** A rule wrote the finished sentence: later stages do not run. */
  ended: boolean;
}

export function runStage(stage: Stage, text: string, ctx: RuleContext): StageResult {
  const firstMatch = FIRST_MATCH_STAGES.has(stage);
  let s = text;
  for (const rule of rulesOf(stage)) {
    if (isCompressRule(rule)) continue;
    const found = matchOf(rule, s, ctx);
    if (found === undefined) continue;
    const out = rule.apply(s, ctx, found, rewriteSentence);
    if (ctx.trace && (out !== s || firstMatch)) ctx.trace.push({ rule: rule.id, stage, text: out });
    s = out;
    if (rule.ends) return { text: s, ended: true };
    if (firstMatch) break;
  }
  return { text: s, ended: false };
}

export function runStages(stages: readonly Stage[], text: string, ctx: RuleContext): string {
  let s = text;
  for (const stage of stages) {
    const result = runStage(stage, s, ctx);
    s = result.text;
    if (result.ended) break;
  }
  return s;
}

/** The stages that turn one (compressed, voiced) sentence into a citation or a TLDR. */
const SENTENCE_STAGES: readonly Stage[] = ['clean', 'voice', 'subject', 'finish'];

/**
 * Third-person rewrite of one (already compressed) sentence.
 * citation: "We propose X" → "Smith et al. \cite{k} propose X"; "This paper presents X" → "Smith \cite{k} presents X";
 *           otherwise the citation marker goes before the final period.
 * tldr:     "We propose X" → "This paper proposes X"; no author names, no citation marker.
 */
export function rewriteSentence(sentence: string, target: RewriteTarget | RuleContext): string {
  return runStages(SENTENCE_STAGES, sentence, target);
}

/**
 * What one compress rule offers for the text: its shorter versions, or none where it does not match (or is switched
 * off). The trace, when asked for, gets the first version offered.
 */
export function compressOffers(id: string, text: string, ctx: RuleContext = NO_TARGET): readonly string[] {
  const rule = rulesOf('compress').find((r) => r.id === id);
  if (!rule || !isCompressRule(rule)) return [];
  const found = matchOf(rule, text, ctx);
  return found === undefined ? [] : rule.offer(text, ctx, found);
}
