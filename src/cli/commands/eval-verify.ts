// `citescribe eval verify-references`: the verify benchmark (src/core/verify/evaluate.ts) from the command line.
import { parseCommandArgs, UsageError, type CliIO } from '../args';
import { benchmarkTable, runVerifyBenchmark } from '../../core/verify/evaluate';

export const VERIFY_EVAL_USAGE = `verify-references: PATH are .bib files or folders of them (e.g. ../shared/data/bib, read where they are). Real
               entries with a DOI, title, authors and year; a stand-in for OpenAlex, Crossref, Semantic Scholar, DBLP
               and arXiv on 127.0.0.1 serves their true records (Unicode names, full first names, its own title case,
               full journal names, some online-first years); seeded fabrications of seven kinds are added. Prints per
               kind how many were flagged (mismatch or not-found), and the false alarms on intact entries, for each
               source alone and all together. --intact N (default 400) and --per-kind N (default 60) size it.`;

export async function runVerifyReferencesEval(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {
    data: { type: 'string', multiple: true },
    seed: { type: 'string' },
    intact: { type: 'string' },
    'per-kind': { type: 'string' },
    json: { type: 'boolean' },
  });
  if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  const paths = (values.data as string[] | undefined) ?? [];
  if (!paths.length) throw new UsageError('--data PATH is required (a .bib file or a folder of them)');
  const number = (name: string, fallback: number) => {
    const raw = values[name as keyof typeof values] as string | undefined;
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1) throw new UsageError(`--${name} must be a positive whole number, got '${raw}'`);
    return n;
  };
  const started = performance.now();
  const result = await runVerifyBenchmark({
    paths,
    seed: number('seed', 67),
    intact: number('intact', 400),
    perKind: number('per-kind', 60),
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
