// `citescribe eval citation|related-work`: the default engine on public dev data, with the baselines in the same run.
import { writeJsonLinesAtomic } from '../../core/util/atomic-file';
import { UsageError, type CliIO } from '../args';
import { defineCommand, type CliCommand } from '../command';
import { orList } from '../options';
import { DefaultEngine } from '../../core/engines';
import {
  evaluateCitationSentences,
  evaluateRelatedWork,
  parseCitationDataset,
  type RelatedWorkItem,
  type RelatedWorkReading,
  type RougeTriple,
  WORDS_PER_DESCRIBED_WORK,
} from '../../core/engines/evaluation';
import { LinearScorer } from '../../core/engine/scorer';
import type { CitationStyle, Engine } from '../../core/types';
import { evaluateEngineCitations, evaluateEngineRelatedWork } from '../../core/neural/evaluate';
import { embeddingRanking, ENGINE_OPTIONS, engineFromFlags, type EngineFlags } from '../engine-options';
import type { EmbeddingRanking } from '../../core/suggest/embedding-rank';
import { SUGGEST_MODEL } from '../../core/suggest/model';
import { STYLE_OPTION } from '../shared-options';
import { evaluateSuggest, parseSuggestDataset } from '../../core/suggest/evaluate';
import { WEAK_SUPPORT } from '../../core/suggest/check';
import { collectVerifyCases, FALSE_FLAG_RATE, NEIGHBOURS, verifyFigures } from '../../core/suggest/attribution-eval';
import { ATTRIBUTION_MODEL } from '../../core/suggest/attribution-model';
import { readInputFile } from '../../core/util/input-file';
import { isCiteBenchText, runVerifyParagraphs, runVerifyReferencesEval, VERIFY_EVAL_USAGE, VERIFY_REFERENCES_SECTION } from './eval-verify';

const ABOUT = `citation:      FILE is SciTLDR jsonl (source sentences, paper_id, target) or ScisummNet jsonl (abstract, paper_id, title,
               citances); the kind is detected. Writes {id, prediction} per paper and prints ROUGE-1/2/L F1 (no stemming,
               max over references, citation markers removed from both sides) for the default engine, LEAD,
               EXT-HEURISTIC and the best-sentence oracle. --style defaults to tldr for SciTLDR, citation for ScisummNet.
related-work:  FILE is CiteBench json ([{target, input}], input[0] the citing abstract, input[i] the cited abstracts,
               cited as [i-1]); target length = the gold paragraph's word count. Writes {id, prediction} per example
               and prints ROUGE-1/2/L, citation F1 against the gold paragraph, coverage of the input works and citations
               outside the input, for the default engine, LEAD, TextRank and the greedy ROUGE-2 oracle.

suggest:       FILE is ScisummNet jsonl. The library is every paper of the file (paper_id as key, title, abstract),
               indexed as \`citescribe index\` does; each citance, its citation markers removed, is a query (fewer than
               3 content words: dropped) whose answer is the paper it cites. Writes {id, ranked: [{key, score,
               evidence}]} per query and prints R@1/5/10 and MRR of ours and of plain BM25 (k1 1.2, b 0.75, title +
               abstract), and the AUC of the support score against a random paper and against the hardest one.
verify:        FILE is ScisummNet jsonl; the library is every paper of the file, indexed as for suggest. Each sampled
               citance (--sample N, default 800, 0 for all; seeded by --seed) with its markers removed (at least 3
               content words) is one sentence of a paragraph: the paper it cites and the 4 papers most like that paper
               (BM25 of its title + abstract over the others). Intact: it cites its paper; swapped: one of the 4
               (seeded); outside: a citance of a paper outside the paragraph cites the paragraph's first work. Prints,
               for the attribution judgement and for today's support score (the baseline: flag when another work of
               the paragraph beats it by a margin), the share of swapped citations flagged at the margin where 10% of
               intact ones are, the pairwise accuracy (intact above swapped), and with the shipped thresholds (the
               verdicts \`citescribe check --pairs\` gives with a group) the shares of intact, swapped and outside
               citations flagged (any verdict but supported) and of outside ones called unsupported.
               With FILE a CiteBench json (a list of {target, input}) instead: the library is every cited abstract;
               each sentence of a related-work paragraph that cites exactly one of its works (at least 3 content
               words once the markers are removed) is judged against the paragraph's works with an abstract, citing
               its own work (intact) and another work of the paragraph (swapped, seeded by --seed). Prints the swaps
               flagged, the intact citations flagged (false flags), the pairwise accuracy and the counts; then the
               intact paragraphs checked as LaTeX documents by Check Citations (every citation, its verdict).

${VERIFY_EVAL_USAGE}

With --engine onnx|server the predictions written are that engine's, and its row is added to the table; for
related-work each item's works are indexed as the editor indexes a library, so a model's paragraphs are checked,
sent back and replaced as in the editor.
With --embeddings DIR (related-work) the drafts are planned with that sentence encoder and written as the predictions;
their row (default+embeddings) is added to the table. With --embeddings (suggest, verify on ScisummNet) the works are
also ranked by meaning (reciprocal rank fusion with the words' ranking; row ours+emb) and the verdicts read the cosines.`;

function row(name: string, r: RougeTriple, extra = ''): string {
  return `${name.padEnd(14)} ${r.rouge1.toFixed(2).padStart(6)} ${r.rouge2.toFixed(2).padStart(6)} ${r.rougeL.toFixed(2).padStart(6)}${extra}`;
}

/** Evaluation sets are larger than other inputs (the shared ones are 0.2–4 MB; full training splits more). */
const MAX_DATASET_BYTES = 256 * 1024 * 1024;

function readDataset(file: string): string {
  return readInputFile(file, { maxBytes: MAX_DATASET_BYTES }).toString('utf8');
}

function writePredictions(out: string, lines: unknown[]): void {
  writeJsonLinesAtomic(out, lines);
}

async function runCitation(
  data: string,
  out: string,
  style: CitationStyle | undefined,
  json: boolean,
  io: CliIO,
  scorer: LinearScorer,
  engine?: Engine,
): Promise<number> {
  const { kind, items } = parseCitationDataset(readDataset(data));
  const chosen: CitationStyle = style ?? (kind === 'scitldr' ? 'tldr' : 'citation');
  const started = performance.now();
  const result = evaluateCitationSentences(items, kind, chosen, scorer);
  if (engine) {
    // A neural engine writes the predictions; its row joins the default engine and the baselines of the same run.
    const neural = await evaluateEngineCitations(engine, items, chosen);
    (result.systems as Record<string, RougeTriple>)[engine.id] = neural.system;
    result.predictions = neural.predictions;
  }
  const ms = performance.now() - started;
  writePredictions(out, result.predictions);
  if (json) {
    io.out(JSON.stringify({ dataset: result.dataset, style: result.style, papers: result.papers, systems: result.systems, predictions: out, ms: Math.round(ms) }));
    return 0;
  }
  io.out(`${result.dataset} (${result.papers} papers, style ${result.style}) — ROUGE F1 ×100, no stemming, max over references`);
  io.out(`${'system'.padEnd(14)} ${'R-1'.padStart(6)} ${'R-2'.padStart(6)} ${'R-L'.padStart(6)}`);
  for (const [name, r] of Object.entries(result.systems)) io.out(row(name, r));
  io.out(`predictions: ${out} (${Math.round(ms)} ms)`);
  return 0;
}

async function runRelatedWork(data: string, out: string, json: boolean, io: CliIO, scorer: LinearScorer, engine?: Engine): Promise<number> {
  const items = JSON.parse(readDataset(data)) as RelatedWorkItem[];
  if (!Array.isArray(items) || !items.every((i) => typeof i.target === 'string' && Array.isArray(i.input))) {
    throw new Error('unrecognised data: expected CiteBench json, a list of {target, input}');
  }
  const started = performance.now();
  const result = await evaluateRelatedWork(items, scorer);
  if (engine) {
    const neural = await evaluateEngineRelatedWork(engine, items);
    const planned = (engine as { embed?: unknown }).embed ? '+embeddings' : '';
    (result.systems as Record<string, typeof neural.system>)[`${engine.id}${planned}`] = neural.system;
    result.predictions = neural.predictions;
  }
  const ms = performance.now() - started;
  writePredictions(out, result.predictions);
  if (json) {
    io.out(JSON.stringify({ examples: result.examples, systems: result.systems, predictions: out, ms: Math.round(ms) }));
    return 0;
  }
  io.out(`CiteBench (${result.examples} examples) — ROUGE F1 ×100, no stemming; citation F1 vs gold; coverage of input works`);
  io.out(`${'system'.padEnd(14)} ${'R-1'.padStart(6)} ${'R-2'.padStart(6)} ${'R-L'.padStart(6)}  cite-F1 coverage outside`);
  for (const [name, r] of Object.entries(result.systems)) {
    io.out(row(name, r, `  ${r.citationF1.toFixed(3).padStart(7)} ${r.coverage.toFixed(3).padStart(8)} ${String(r.outsideCitations).padStart(7)}`));
  }
  for (const line of readingLines(result.reading)) io.out(line);
  io.out(`predictions: ${out} (${Math.round(ms)} ms)`);
  return 0;
}

/** How the default engine's drafts read (issue 54): what a reader notices and ROUGE does not. */
function readingLines(r: RelatedWorkReading): string[] {
  const share = (a: number, b: number) => (b ? (a / b).toFixed(3) : '-');
  return [
    'default drafts, as a reader sees them:',
    `  works described in a sentence of their own  ${share(r.described, r.grounded)} (${r.described} of ${r.grounded} with text); ` +
      `${share(r.roomyDescribed, r.roomyGrounded)} (${r.roomyDescribed} of ${r.roomyGrounded}) in the ${r.roomyItems} drafts ` +
      `whose gold length holds ${WORDS_PER_DESCRIBED_WORK} words a work`,
    `  topic sentences naming what fewer than two of their works write  ${r.unsharedTopics} of ${r.topicSentences}`,
    `  sentences of the author's own abstract outside a contrast  ${r.ownOutsideContrast}`,
    `  most sentences on one work  ${r.maxSentencesOnOneWork}`,
  ];
}

async function runVerify(data: string, sample: number, seed: number, json: boolean, io: CliIO, ranking?: EmbeddingRanking): Promise<number> {
  const text = readDataset(data);
  if (isCiteBenchText(text)) {
    if (ranking) throw new UsageError('--embeddings applies to eval verify on ScisummNet; CiteBench paragraphs are judged by their words');
    return runVerifyParagraphs(text, seed, json, io);
  }
  const papers = parseSuggestDataset(text);
  const started = performance.now();
  const { cases, queries, dropped } = await collectVerifyCases(papers, sample, seed, ATTRIBUTION_MODEL, ranking);
  const ours = verifyFigures(cases, (f) => f.fit);
  const baseline = verifyFigures(cases, (f) => f.support);
  const ms = performance.now() - started;
  const figures = (f: typeof ours) => ({ swapsFlaggedAtTenPercent: f.swapsFlaggedAtTenPercent, marginAtTenPercent: f.marginAtTenPercent, pairwise: f.pairwise });
  if (json) {
    const oursFigures = { ...figures(ours), flagged: ours.flagged, swappedRightBetter: ours.swappedRightBetter, outsideUnsupported: ours.outsideUnsupported, verdicts: ours.verdicts };
    io.out(
      JSON.stringify({
        papers: papers.length,
        queries,
        dropped,
        citances: cases.length,
        seed,
        ...(ranking && { embeddings: true }),
        ours: oursFigures,
        supportBaseline: figures(baseline),
        model: ATTRIBUTION_MODEL,
        ms: Math.round(ms),
      }),
    );
    return 0;
  }
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`.padStart(6);
  io.out(
    `ScisummNet verify: ${papers.length} papers, ${cases.length} citances sampled of ${queries} ` +
      `(${dropped} with fewer than 3 content words dropped), paragraphs of 1 + ${NEIGHBOURS} works, seed ${seed}${ranking ? ', with the embedding model' : ''}`,
  );
  io.out(`scorer                     swaps flagged at ${100 * FALSE_FLAG_RATE}% false flags   pairwise`);
  io.out(`attribution (group fit)    ${pct(ours.swapsFlaggedAtTenPercent)}                            ${ours.pairwise.toFixed(3)}`);
  io.out(`support score (baseline)   ${pct(baseline.swapsFlaggedAtTenPercent)}                            ${baseline.pairwise.toFixed(3)}`);
  io.out(
    `shipped verdicts (margin ${ATTRIBUTION_MODEL.misattributedMargin}, far behind the library's best by ${ATTRIBUTION_MODEL.behindLibraryBy}, ` +
      `says score below ${ATTRIBUTION_MODEL.saysBelow}): ` +
      `flagged ${pct(ours.flagged.intact).trim()} of intact, ${pct(ours.flagged.swapped).trim()} of swapped ` +
      `(${pct(ours.swappedRightBetter).trim()} naming the right paper), ${pct(ours.flagged.outside).trim()} of outside ` +
      `(${pct(ours.outsideUnsupported).trim()} as unsupported)`,
  );
  io.out(`(${Math.round(ms)} ms)`);
  return 0;
}

async function runSuggest(data: string, out: string, json: boolean, io: CliIO, ranking?: EmbeddingRanking): Promise<number> {
  const papers = parseSuggestDataset(readDataset(data));
  const started = performance.now();
  const result = await evaluateSuggest(papers, SUGGEST_MODEL, 7, ranking);
  const ms = performance.now() - started;
  writePredictions(out, result.predictions);
  const { predictions: _written, ...figures } = result;
  if (json) {
    io.out(JSON.stringify({ ...figures, ...(ranking && { embeddings: true }), predictions: out, ms: Math.round(ms) }));
    return 0;
  }
  const line = (name: string, f: typeof result.ours, c: { aucRandom: number; aucHardest: number }) =>
    `${name.padEnd(8)} ${[f.r1, f.r5, f.r10, f.mrr].map((x) => x.toFixed(1).padStart(6)).join(' ')}   ${c.aucRandom.toFixed(3)}   ${c.aucHardest.toFixed(3)}`;
  io.out(`ScisummNet suggest: ${result.papers} papers, ${result.queries} queries (${result.dropped} with fewer than 3 content words dropped)`);
  io.out(`system      R@1    R@5   R@10    MRR   AUC-random AUC-hardest`);
  io.out(line(ranking ? 'ours+emb' : 'ours', result.ours, result.check.ours));
  io.out(line('BM25', result.bm25, result.check.bm25));
  io.out(
    `weak support (below ${WEAK_SUPPORT}): ${(100 * result.weak.truePairs).toFixed(1)}% of true citations, ` +
      `${(100 * result.weak.randomPairs).toFixed(1)}% of random ones; ` +
      `a tenth of true citations have support below ${result.weak.trueTenthPercentile.toFixed(4)}`,
  );
  io.out(`predictions: ${out} (${Math.round(ms)} ms)`);
  return 0;
}

/** `run` with the embedding model of --embeddings (undefined without one), disposed of when it is done. */
async function withRanking(flags: EngineFlags, io: CliIO, run: (ranking: EmbeddingRanking | undefined) => Promise<number>): Promise<number> {
  const ranking = embeddingRanking(flags, io);
  try {
    return await run(ranking);
  } finally {
    await ranking?.embed.dispose?.();
  }
}

const TASKS = ['citation', 'related-work', 'suggest', 'verify', 'verify-references'];

const evalTasks = defineCommand(
  {
    name: 'eval',
    summary: 'evaluate the default engine and baselines on public data',
    synopsis: [
      'citescribe eval citation --data FILE [--style tldr|citation] --out PRED.jsonl [--engine …] [--json]',
      'citescribe eval related-work --data FILE --out PRED.jsonl [--engine …] [--json]',
      'citescribe eval suggest --data FILE --out PRED.jsonl [--embeddings DIR|ID|URL …] [--json]',
      'citescribe eval verify --data FILE [--sample 800] [--seed 7] [--embeddings DIR|ID|URL …] [--json]',
      'citescribe eval verify-references --data PATH [--data PATH]… [--seed N] [--json]',
    ],
    about: ABOUT,
    positional: { name: 'TASK', kind: 'one', choices: TASKS, required: `the task must be ${orList(TASKS)}`, description: 'what to evaluate' },
    options: {
      data: { type: 'string', valueName: 'FILE', required: '--data FILE is required', description: 'the dataset (its kind is detected)' },
      out: { type: 'string', valueName: 'PRED.jsonl', description: 'citation, related-work, suggest: where the predictions go (required for them)' },
      style: { ...STYLE_OPTION.style, description: `eval citation only; ${STYLE_OPTION.style.description} (when not given: tldr for SciTLDR, citation for ScisummNet)` },
      json: { type: 'boolean', description: 'print the figures as one JSON object' },
      sample: { type: 'string', number: { integer: true, min: 0 }, default: 800, description: 'verify: how many citances (0 for all)' },
      seed: { type: 'string', number: { integer: true, min: 0 }, default: 7, description: 'verify: the seed of the sample and the swaps' },
      ...ENGINE_OPTIONS,
    },
    sections: [VERIFY_REFERENCES_SECTION],
  },
  async ({ values, positional: task, given }, io) => {
    // `eval --json verify-references …`: its options are its own, read only when the task comes first.
    if (task === 'verify-references') throw new UsageError('write the options of eval verify-references after it: citescribe eval verify-references --data PATH …');
    // suggest and verify rank with an embedding model too when one is given (fused with the words' ranking).
    if (task === 'verify') return withRanking(values, io, (ranking) => runVerify(values.data, values.sample, values.seed, !!values.json, io, ranking));
    if (given.has('sample') || given.has('seed')) throw new UsageError('--sample and --seed apply to eval verify only');
    if (!values.out) throw new UsageError('--out PRED.jsonl is required');
    const out = values.out;
    if (task === 'suggest') return withRanking(values, io, (ranking) => runSuggest(values.data, out, !!values.json, io, ranking));
    // The shipped scorer, exactly as the engine uses it.
    const scorer = new LinearScorer(new DefaultEngine().scorerModel);
    // A neural engine, or the default engine planning with embeddings, gets a row of its own beside the default one.
    const engine = (values.engine && values.engine !== 'default') || values.embeddings ? await engineFromFlags(values, io) : undefined;
    if (task === 'citation' && values.embeddings) throw new UsageError('--embeddings plans drafts: it applies to eval related-work only');
    if (task === 'citation') return runCitation(values.data, values.out, values.style, !!values.json, io, scorer, engine);
    if (values.style) throw new UsageError('--style applies to eval citation only');
    return runRelatedWork(values.data, values.out, !!values.json, io, scorer, engine);
  },
);

export const evalCommand: CliCommand = {
  ...evalTasks,
  // verify-references has options of its own (several --data, --intact): its own declaration and parser.
  run: (argv, io) => (argv[0] === 'verify-references' ? runVerifyReferencesEval(argv.slice(1), io) : evalTasks.run(argv, io)),
};
