// `citescribe eval verify-references`: the verify benchmark (src/core/verify/evaluate.ts) from the command line.
import type { CliIO } from '../args';
import type { OptionSection } from '../command';
import { declareOptions, parseOptions } from '../options';
import { benchmarkTable, runVerifyBenchmark } from '../../core/verify/evaluate';

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
