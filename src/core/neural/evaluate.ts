// `citescribe eval … --engine onnx|server`: the same data, metrics and marker stripping as the default engine's
// evaluation (src/core/engines/evaluation.ts), with any Engine writing the predictions.
import { plainText } from '../text/plain';
import { libraryOfPapers } from '../suggest/evaluate';
import { MemoryLibrary } from '../engine/memory-library';
import {
  EVAL_MARKER_STRIP,
  latexCitesToNumbered,
  relatedWorkTask,
  type CitationEvalItem,
  type RelatedWorkItem,
  type RelatedWorkSystemFigures,
  type RougeTriple,
} from '../engines/evaluation';
import { citationCoverage, rougeScores, stripCitationMarkers } from '../metrics';
import type { CitationStyle, Engine, EngineOptions } from '../types';
import { throwIfCancelled } from '../types';

const STRIP = EVAL_MARKER_STRIP;

function rouge(prediction: string, references: readonly string[]): RougeTriple | undefined {
  const refs = references.map((r) => stripCitationMarkers(r, STRIP)).filter((r) => r.trim());
  if (!refs.length) return undefined;
  const r = rougeScores(stripCitationMarkers(prediction, STRIP), refs, { types: ['rouge1', 'rouge2', 'rougeL'] as const });
  return { rouge1: r.rouge1.f, rouge2: r.rouge2.f, rougeL: r.rougeL.f };
}

interface EngineCitationEval {
  papers: number;
  /** Mean F1 × 100. */
  system: RougeTriple;
  predictions: Array<{ id: string; prediction: string }>;
}

export async function evaluateEngineCitations(
  engine: Engine,
  items: readonly CitationEvalItem[],
  style: CitationStyle,
  options: EngineOptions = {},
): Promise<EngineCitationEval> {
  const scored = items.filter((i) => i.references.length);
  const library = new MemoryLibrary(scored.map((i) => i.record));
  const sum: RougeTriple = { rouge1: 0, rouge2: 0, rougeL: 0 };
  const predictions: Array<{ id: string; prediction: string }> = [];
  let n = 0;
  for (const item of scored) {
    throwIfCancelled(options.signal);
    options.progress?.report(predictions.length, scored.length, item.id);
    const sentence = await engine.citationSentence({ key: item.record.key, style, syntax: 'cite', format: 'plain' }, library, { signal: options.signal });
    predictions.push({ id: item.id, prediction: sentence.text });
    const r = rouge(sentence.text, item.references);
    if (!r) continue;
    n++;
    sum.rouge1 += r.rouge1;
    sum.rouge2 += r.rouge2;
    sum.rougeL += r.rougeL;
  }
  const k = n ? 100 / n : 0;
  return { papers: n, system: { rouge1: sum.rouge1 * k, rouge2: sum.rouge2 * k, rougeL: sum.rougeL * k }, predictions };
}

interface EngineRelatedWorkEval {
  examples: number;
  system: RelatedWorkSystemFigures;
  predictions: Array<{ id: number; prediction: string }>;
}

/** CiteBench: input[0] is the citing abstract, input[i ≥ 1] the cited abstracts, cited as [i-1]. */
export async function evaluateEngineRelatedWork(
  engine: Engine,
  items: readonly RelatedWorkItem[],
  options: EngineOptions = {},
): Promise<EngineRelatedWorkEval> {
  const total: RelatedWorkSystemFigures = { rouge1: 0, rouge2: 0, rougeL: 0, citationF1: 0, coverage: 0, outsideCitations: 0 };
  const predictions: Array<{ id: number; prediction: string }> = [];
  let n = 0;
  for (let index = 0; index < items.length; index++) {
    throwIfCancelled(options.signal);
    options.progress?.report(index, items.length);
    const item = items[index];
    const cited = item.input.slice(1);
    if (!cited.length) continue;
    n++;
    const { keys, records, ownAbstract, targetWords } = relatedWorkTask(item);
    // The works indexed as the editor indexes a library, so that an LLM engine's paragraphs are judged sentence by
    // sentence, sent back and replaced as in the editor (paragraph-check.ts); a bare lookup would skip the check.
    const indexed = await libraryOfPapers(records.map((r) => ({ paper_id: r.key, title: r.title ?? '', abstract: r.abstract ?? '' })));
    let draft: Awaited<ReturnType<Engine['draft']>>;
    try {
      draft = await engine.draft({ keys, ownAbstract, targetWords, format: 'latex', syntax: 'cite' }, indexed.store, { signal: options.signal });
    } finally {
      indexed.dispose();
    }
    // Plain text, paragraph by paragraph, as the default engine's row is written (evaluateRelatedWork): "92%", not the
    // LaTeX "92\%" a reader of the predictions takes for junk.
    const latex = latexCitesToNumbered(draft.text.replace(/\\subsection\{[^}]*\}\n/g, ''));
    const prediction = latex.split(/\n{2,}/).map(plainText).join('\n\n');
    predictions.push({ id: index, prediction });
    const r = rouge(prediction, [item.target]);
    if (r) {
      total.rouge1 += r.rouge1;
      total.rouge2 += r.rouge2;
      total.rougeL += r.rougeL;
    }
    const cov = citationCoverage(prediction, item.target, { language: 'latex', numbering: keys, library: new Set(keys), requestedKeys: keys });
    total.citationF1 += cov.set.f1;
    total.coverage += keys.length ? (keys.length - cov.forgottenKeys.length) / keys.length : 1;
    total.outsideCitations += cov.unknownKeys.length + cov.unmappedNumbers.length;
  }
  const k = n ? 100 / n : 0;
  return {
    examples: n,
    system: {
      rouge1: total.rouge1 * k,
      rouge2: total.rouge2 * k,
      rougeL: total.rougeL * k,
      citationF1: n ? total.citationF1 / n : 0,
      coverage: n ? total.coverage / n : 0,
      outsideCitations: total.outsideCitations,
    },
    predictions,
  };
}
