// Which rules made a citation: the sentence given is the abstract of the work (with its names, type and title where
// the library has it), the default engine writes its citation as it always does, and the trace of the candidate it
// chose says which rules fired, stage by stage, with the text after each. How a newcomer finds the rule behind an
// output: `citescribe explain "We present here a novel parser." --key doe2020 --db lib.db`.
import type { CitationSentence, CitationStyle, CiteSyntax, PaperRecord, Tense } from '../types';
import { splitSentences } from '../text/sentences';
import { capLongTokens } from '../text/long-tokens';
import { sourceDocumentFromSentences } from './candidates';
import { writeCitationSentence } from './citation';
import type { LinearScorer } from './scorer';
import { compressOffers, NO_TARGET, runStage, type Rule, type RuleExample, type TraceStep } from '../rewrite';

interface ExplainOptions {
  style?: CitationStyle;
  syntax?: CiteSyntax;
  tense?: Tense;
  /** A sentence before it in the abstract, which the rules may read but the citation is not written from. */
  previous?: string;
}

interface Explanation {
  /** The citation written, as `citescribe cite` would write it for a work whose abstract is the text given. */
  citation: CitationSentence;
  /** The rules that fired, in order; empty where the sentence was written from the title alone. */
  steps: NonNullable<CitationSentence['trace']>;
  /** The source sentence the citation was written from. */
  source?: string;
  /** Written around the work's title ("Brants (TnT) \cite{k} presented …"), not by the sentence rules alone. */
  titled: boolean;
}

/** The made-up work that `explain` cites when no library entry is named. */
export const EXAMPLE_RECORD: PaperRecord = {
  key: 'doe2020',
  type: 'article',
  title: 'A Study',
  authors: [
    { family: 'Doe', given: 'Jane' },
    { family: 'Roe', given: 'Ann' },
  ],
};

export function explainCitation(unbounded: string, scorer: LinearScorer, record: PaperRecord = EXAMPLE_RECORD, options: ExplainOptions = {}): Explanation {
  // The sentence is split before writeCitationSentence bounds its words: bound them here (see capLongTokens).
  const text = capLongTokens(unbounded);
  const before = options.previous ? splitSentences(capLongTokens(options.previous)) : [];
  const doc = sourceDocumentFromSentences([...before, ...splitSentences(text)], record.title ?? '');
  const avoidSources = doc.sentences.slice(0, before.length).map((s) => s.text);
  const abstract = options.previous ? `${options.previous} ${text}` : text;
  const citation = writeCitationSentence({ ...record, abstract }, scorer, { style: options.style ?? 'citation', syntax: options.syntax, tense: options.tense, trace: true, avoidSources }, doc);
  const source = citation.spans.find((s) => s.source)?.source?.text;
  return { citation, steps: citation.trace ?? [], source, titled: citation.grounded && !citation.trace };
}

/** A rule's example run as explain runs a sentence: the made-up work of Doe and Roe, with the example's type and title. */
export function explainExample(example: RuleExample, scorer: LinearScorer): Explanation {
  const record: PaperRecord = { ...EXAMPLE_RECORD, type: example.type ?? EXAMPLE_RECORD.type, title: example.title ?? EXAMPLE_RECORD.title };
  return explainCitation(example.input, scorer, record, { style: example.style, previous: example.previous });
}

/** What a rule's example gives: whether the rule fired on it, and the output to compare with the example's. */
export function runRuleExample(rule: Rule, example: RuleExample, scorer: LinearScorer): { fired: boolean; output: string; steps: string[] } {
  if (example.within !== 'stage') {
    const explained = explainExample(example, scorer);
    const steps = explained.steps.map((s) => s.rule);
    return { fired: steps.includes(rule.id), output: explained.citation.text, steps };
  }
  if (rule.stage === 'compress') {
    const offers = compressOffers(rule.id, example.input, { ...NO_TARGET, style: example.style ?? NO_TARGET.style });
    return { fired: offers.length > 0, output: offers[0] ?? example.input, steps: offers.length ? [rule.id] : [] };
  }
  const trace: TraceStep[] = [];
  const record = { ...EXAMPLE_RECORD, type: example.type ?? EXAMPLE_RECORD.type, title: example.title ?? EXAMPLE_RECORD.title };
  const output = runStage(rule.stage, example.input, { record, style: example.style ?? 'citation', tense: 'past', previous: example.previous, trace }).text;
  const steps = trace.map((s) => s.rule);
  return { fired: steps.includes(rule.id), output, steps };
}
