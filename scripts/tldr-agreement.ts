// How far apart SciTLDR's own TLDRs are: on the papers with two or more, the first TLDR (the authors') is scored
// against the others (ROUGE-1/2/L F1, no stemming, max over references, citation markers removed, as `citescribe eval
// citation` scores), and so is a predictions file (`eval citation --out`) against the same others. It puts the
// engine's figures beside what one person's TLDR reaches against another's.
// Usage: npx tsx scripts/tldr-agreement.ts [../shared/data/citation-sentences/scitldr-dev.jsonl] [PRED.jsonl]
// Skips (exit 0) with a message when the data file is absent.
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { EVAL_MARKER_STRIP as STRIP, parseCitationDataset } from '../src/core/engines/evaluation';
import { rougeScores, stripCitationMarkers } from '../src/core/metrics';

const TYPES = ['rouge1', 'rouge2', 'rougeL'] as const;

/** `{id, prediction}` lines, as `citescribe eval citation --out` writes them. */
function readPredictions(file: string): Map<string, string> {
  const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l.trim());
  return new Map(lines.map((l) => JSON.parse(l) as { id: unknown; prediction: unknown }).map((p) => [String(p.id), String(p.prediction)]));
}

function main(): number {
  const data = process.argv[2] ?? path.resolve(__dirname, '..', '..', 'shared', 'data', 'citation-sentences', 'scitldr-dev.jsonl');
  const predictionsFile = process.argv[3];
  if (!existsSync(data)) {
    console.log(`tldr-agreement: ${data} not found; nothing to measure (pass SciTLDR jsonl with several targets per paper).`);
    return 0;
  }
  const { kind, items } = parseCitationDataset(readFileSync(data, 'utf8'));
  if (kind !== 'scitldr') throw new Error(`${data} is not SciTLDR jsonl (source, target)`);
  const predictions = predictionsFile ? readPredictions(predictionsFile) : undefined;
  const human = [0, 0, 0];
  const ours = [0, 0, 0];
  let papers = 0;
  for (const item of items) {
    const targets = item.references.map((t) => stripCitationMarkers(t, STRIP)).filter((t) => t.trim());
    if (targets.length < 2) continue;
    const [first, ...others] = targets;
    papers++;
    const h = rougeScores(first, others, { types: TYPES });
    TYPES.forEach((t, i) => (human[i] += h[t].f));
    const prediction = predictions?.get(item.id);
    if (predictions && prediction === undefined) throw new Error(`no prediction for paper ${item.id} in ${predictionsFile}`);
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
