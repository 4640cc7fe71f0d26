// `citescribe eval verify-references`: the verify benchmark (src/core/verify/evaluate.ts) from the command line; and
// `citescribe eval verify` on CiteBench's human related-work paragraphs (core/suggest/attribution-paragraphs.ts).
import type { CliIO } from '../args';
import type { OptionSection } from '../command';
import { declareOptions, parseOptions } from '../options';
import { benchmarkTable, runVerifyBenchmark } from '../../core/verify/evaluate';
import { evaluateParagraphAttribution, parseCiteBench } from '../../core/suggest/attribution-paragraphs';
import { ATTRIBUTION_MODEL } from '../../core/suggest/attribution-model';

export const VERIFY_EVAL_USAGE = `verify-references: PATH are .bib files or folders of them (e.g. ../shared/data/bib, read where they are). Real
               entries with a DOI, title, authors and year; a stand-in for OpenAlex, Crossref, Semantic Scholar, DBLP
               and arXiv on 127.0.0.1 serves their true records (Unicode names, full first names, its own title case,
               full journal names, some online-first years); seeded fabrications of seven kinds are added. Prints per
               kind how many were flagged (mismatch or not-found), and the false alarms on intact entries, for each
               source alone and all together. --intact N and --per-kind N size it.`;

const VERIFY_REFERENCES_OPTIONS = declareOptions({
  data: { type: 'string', valueName: 'PATH', multiple: true, required: '--data PATH is required (a .bib file or a folder of them)', description: 'a .bib file or a folder of them' },
  seed: { type: 'string', number: { integer: true, min: 1 }, default: 67, description: 'seeds the fabrications and the sample' },
  intact: { type: 'string', number: { integer: true, min: 1 }, default: 400, description: 'how many intact entries' },
  'per-kind': { type: 'string', number: { integer: true, min: 1 }, default: 60, description: 'how many fabrications of each kind' },
  json: { type: 'boolean', description: 'print the figures as one JSON object' },
});

/** Its own table in `citescribe eval --help`: the task takes other options than the rest of eval. */
export const VERIFY_REFERENCES_SECTION: OptionSection = { title: 'Options of eval verify-references:', options: VERIFY_REFERENCES_OPTIONS };

export async function runVerifyReferencesEval(argv: string[], io: CliIO): Promise<number> {
  const { values } = parseOptions(argv, VERIFY_REFERENCES_OPTIONS, undefined, 'citescribe eval verify-references');
  const paths = values.data;
  const started = performance.now();
  const result = await runVerifyBenchmark({
    paths,
    seed: values.seed,
    intact: values.intact,
    perKind: values['per-kind'],
    onProgress: (line) => !values.json && process.stderr.isTTY && process.stderr.write(`${line}\n`),
  });
  const ms = Math.round(performance.now() - started);
  if (values.json) {
    io.out(JSON.stringify({ ...result, ms }));
    return 0;
  }
  for (const line of benchmarkTable(result)) io.out(line);
  for (const c of result.configs) {
    for (const f of c.falseAlarmExamples) io.out(`  false alarm (${c.sources}) ${f.key}: ${f.evidence}`);
    for (const m of c.missedExamples) io.out(`  missed (${c.sources}) ${m.kind} ${m.key}: ${m.evidence}`);
  }
  io.out(`${result.requests} requests to the stand-in (${ms} ms)`);
  return 0;
}

/** Whether an eval verify --data file is CiteBench json (a list) rather than ScisummNet jsonl (one object a line). */
export function isCiteBenchText(text: string): boolean {
  return text.trimStart().startsWith('[');
}

/** `citescribe eval verify --data citebench.json`: each single-citation sentence judged intact and swapped in its paragraph. */
export async function runVerifyParagraphs(text: string, seed: number, json: boolean, io: CliIO): Promise<number> {
  const started = performance.now();
  const { figures: f, cases } = await evaluateParagraphAttribution(parseCiteBench(text), seed);
  const ms = Math.round(performance.now() - started);
  if (json) {
    io.out(JSON.stringify({ ...f, seed, model: ATTRIBUTION_MODEL, cases, ms }));
    return 0;
  }
  const share = (k: number) => `${k} of ${f.cases}${f.cases ? ` (${((100 * k) / f.cases).toFixed(1)}%)` : ''}`;
  const verdicts = (v: Record<string, number>) => Object.entries(v).map(([k, n]) => `${k} ${n}`).join(', ');
  const s = f.skipped;
  io.out(
    `CiteBench paragraphs verify: ${f.paragraphs} paragraphs (${f.paragraphsWithoutRivals} cite fewer than two works with an abstract),` +
      ` ${f.sentences} sentences, seed ${seed}`,
  );
  io.out(`  judged: ${f.cases} sentences citing one work of a paragraph with another to swap it with`);
  io.out(
    `  not judged: ${s.noCitation} cite nothing, ${s.severalWorks} cite several works, ${s.tooShort} under 3 content words,` +
      ` ${s.noAbstract} cite a work without an abstract, ${s.noRival} alone in their paragraph`,
  );
  io.out(`swaps flagged (any verdict but supported)  ${share(f.swapsFlagged)}; misattributed naming the right work ${share(f.swapsRightBetter)}`);
  io.out(`intact flagged (false flags)               ${share(f.intactFlagged)}`);
  io.out(`pairwise (intact fit above swapped)        ${f.pairwise.toFixed(3)}`);
  io.out(`verdicts: intact ${verdicts(f.verdicts.intact)}; swapped ${verdicts(f.verdicts.swapped)}`);
  const d = f.documents;
  if (d) {
    io.out(
      `intact paragraphs through Check Citations: ${d.citations} citations — ${verdicts(d.verdicts)};` +
        ` ${d.withDetails} with a number or name no cited work of the sentence holds`,
    );
  }
  io.out(`(${ms} ms)`);
  return 0;
}
