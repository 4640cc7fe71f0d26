// What a rewrite rule is. Every change the default engine makes to an author's sentence on its way to a citation is
// one rule in a table (rules/<stage>.ts): where it applies (`match`), what it does (`apply`), and examples of a whole
// sentence before and after, which are its test (test/unit/rewrite/rule-examples.test.ts runs each through the whole
// pipeline and checks that the rule fired and the output is the example's). `citescribe explain` prints the rules
// that fired on a sentence, in order, with the text after each.
import type { CitationStyle } from '../types';
import type { AcronymLongForm } from './acronyms';
import type { PointerResolution } from './antecedents';
import type { RewriteTarget } from './first-person';
import type { SystemNaming } from './system-name';
import { STAGES, type Stage, type TraceStep } from '../trace';

// The stages and the trace step are declared in core/trace.ts, below types.ts, which names TraceStep too.
export { STAGES, type Stage, type TraceStep };

/** The stages in which only the first rule that matches applies. */
export const FIRST_MATCH_STAGES: ReadonlySet<Stage> = new Set<Stage>(['subject']);

export interface RuleContext extends RewriteTarget {
  /** The sentence before, in the same section (read: "It argues …" after "This article traces …"). */
  previous?: string;
  /** Where the rules that fired are written, when someone asks (explain, the example tests). */
  trace?: TraceStep[];
  /** The acronyms the abstract defines (name: "CNNs" → "convolutional neural networks (CNNs)"). */
  acronyms?: ReadonlyMap<string, AcronymLongForm>;
  /** What the sentence's pointers stand for (write-out: "such problems" → "problems in image processing"). */
  pointers?: readonly PointerResolution[];
  /** The subject a citation written alone opens with (write-out drops the "also" after it). */
  aloneAfter?: string;
  /** The system the work's title names (write-out: "Brants (TnT) \cite{k} presented …"). */
  systemName?: SystemNaming;
}

/** The context of the stages that read no record (compress, write-out). */
export const NO_TARGET: RuleContext = { record: { key: '', authors: [] }, style: 'citation' };

/** A whole sentence of an abstract and the citation the default engine writes from it (past tense, `\cite`). */
export interface RuleExample {
  input: string;
  output: string;
  /** The citation style (default: citation). */
  style?: CitationStyle;
  /** The sentence before it in the abstract, for rules that read it. */
  previous?: string;
  /** The cited record's type and title, for rules that read them (default: an article titled "A Study"). */
  type?: string;
  title?: string;
  /**
   * Run through the rule's own stage only, not the whole pipeline: for a safety net that the stages before it leave
   * nothing to do on a whole sentence (finish.capital), and for a compress version the scorer does not choose alone
   * (its output is then the first version the rule offers).
   */
  within?: 'stage';
}

interface RuleBase<Found> {
  /** stage.name, unique: how explain and the tests call it. */
  id: string;
  stage: Stage;
  /** What it does and why, in a line. */
  summary: string;
  /** Where it applies: a pattern the text must contain, or a test whose truthy result is handed to apply/offer. */
  match: RegExp | ((text: string, ctx: RuleContext) => Found | undefined | null | false);
  examples: readonly RuleExample[];
}

/** A rule that rewrites the text. */
interface RewriteRule<Found = unknown> extends RuleBase<Found> {
  /**
   * `rewriteRest` is the pipeline's own sentence rewrite, handed in for a rule that rewrites a part of the sentence by
   * the whole pipeline (subject.fronted-clause: the clause after "Borrowing X from Y,"). Handed in, not imported: the
   * rule tables are what the pipeline runs, so a table importing the pipeline would import itself in a circle.
   */
  apply: (text: string, ctx: RuleContext, found: Found, rewriteRest: (text: string, ctx: RuleContext) => string) => string;
  /** Its output is the finished sentence: the stages after this one are skipped (it ran them on its part itself). */
  ends?: boolean;
}

/** A compress rule: it offers shorter versions of the text, and the scorer chooses among all the versions. */
interface CompressRule<Found = unknown> extends RuleBase<Found> {
  stage: 'compress';
  offer: (text: string, ctx: RuleContext, found: Found) => readonly string[];
}

/** A rule in a table: what its match finds is its own business, handed to its own apply. */
export type TableRule = RewriteRule<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export type TableCompressRule = CompressRule<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export type Rule = TableRule | TableCompressRule;

export function isCompressRule(rule: Rule): rule is CompressRule {
  return rule.stage === 'compress';
}

/** The rule's match on the text, or undefined; a pattern's match is the text itself. */
export function matchOf(rule: Rule, text: string, ctx: RuleContext): unknown {
  if (rule.match instanceof RegExp) {
    rule.match.lastIndex = 0;
    const hit = rule.match.test(text);
    rule.match.lastIndex = 0;
    return hit ? text : undefined;
  }
  const found = rule.match(text, ctx);
  return found === null || found === false ? undefined : found;
}

/**
 * For a rule whose whole work is one function of the text: it matches where the function changes the text, and its
 * apply hands on what the function returned (computed once).
 *   { match: changedBy(stripLeadingDiscourse), apply: changedText }
 * The function is handed the text alone: some take an optional second argument of their own (activeSelfDescription's
 * `framed`), which the context must not fill.
 */
export function changedBy(rewrite: (text: string) => string | undefined): (text: string, ctx: RuleContext) => string | false {
  return changedWith((text) => rewrite(text));
}

/** changedBy for a rewrite that reads the context too (the sentence before, the record, the acronyms). */
export function changedWith(rewrite: (text: string, ctx: RuleContext) => string | undefined): (text: string, ctx: RuleContext) => string | false {
  return (text, ctx) => {
    const out = rewrite(text, ctx);
    return out !== undefined && out !== text && out;
  };
}

export const changedText = (_text: string, _ctx: RuleContext, out: string): string => out;
