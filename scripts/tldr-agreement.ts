// How far apart SciTLDR's own TLDRs are: on the papers with two or more, the first TLDR (the authors') is scored
// against the others (ROUGE-1/2/L F1, no stemming, max over references, citation markers removed, as `citescribe eval
// citation` scores), and so is a predictions file (`eval citation --out`) against the same others. It puts the
// engine's figures beside what one person's TLDR reaches against another's.
// Usage: npx tsx scripts/tldr-agreement.ts [../shared/data/citation-sentences/scitldr-dev.jsonl] [PRED.jsonl]
// Skips (exit 0) with a message when the data file is absent.
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { rougeScores, stripCitationMarkers } from '../src/core/metrics';

const STRIP = { numbered: true, authorYear: true } as const;
const TYPES = ['rouge1', 'rouge2', 'rougeL'] as const;

function readJsonl(file: string): Array<Record<string, unknown>> {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

function main(): number {
  const data = process.argv[2] ?? path.resolve(__dirname, '..', '..', 'shared', 'data', 'citation-sentences', 'scitldr-dev.jsonl');
  const predictionsFile = process.argv[3];
  if (!existsSync(data)) {
    console.log(`tldr-agreement: ${data} not found; nothing to measure (pass SciTLDR jsonl with several targets per paper).`);
    return 0;
  }
  const predictions = predictionsFile ? new Map(readJsonl(predictionsFile).map((p) => [String(p.id), String(p.prediction)])) : undefined;
  const human = [0, 0, 0];
  const ours = [0, 0, 0];
  let papers = 0;
  for (const row of readJsonl(data)) {
    const targets = ((row.target as string[]) ?? []).map((t) => stripCitationMarkers(t, STRIP)).filter((t) => t.trim());
    if (targets.length < 2) continue;
    const [first, ...others] = targets;
    papers++;
    const h = rougeScores(first, others, { types: TYPES });
    TYPES.forEach((t, i) => (human[i] += h[t].f));
    const prediction = predictions?.get(String(row.paper_id));
    if (predictions && prediction === undefined) throw new Error(`no prediction for paper ${String(row.paper_id)} in ${predictionsFile}`);
    if (prediction !== undefined) {
      const o = rougeScores(stripCitationMarkers(prediction, STRIP), others, { types: TYPES });
      TYPES.forEach((t, i) => (ours[i] += o[t].f));
    }
  }
  const figures = (acc: number[]) => acc.map((x) => ((100 * x) / Math.max(1, papers)).toFixed(2)).join(' / ');
  console.log(`${papers} papers with two or more TLDRs; ROUGE-1/2/L F1 against the TLDRs after the first (max):`);
  console.log(`  first TLDR (the authors')  ${figures(human)}`);
  if (predictions) console.log(`  predictions                ${figures(ours)}`);
  return 0;
}

process.exitCode = main();
