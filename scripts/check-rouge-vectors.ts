// Checks our ROUGE against rouge-score 0.1.2's numbers in rouge-vectors.jsonl (1,000 pairs × {nostem, stem} ×
// {rouge1, rouge2, rougeL, rougeLsum} × {p, r, f}); the file's numbers are rounded to 6 decimals.
// Usage: node --import tsx scripts/check-rouge-vectors.ts [path/to/rouge-vectors.jsonl]
// Exits 0 when every number matches within 1e-6, 1 on any mismatch; skips (exit 0) with a message when the file is absent.
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { RougeScorer, ROUGE_TYPES, type RougeScores } from '../src/core/metrics/rouge';

type Setting = 'nostem' | 'stem';
type Field = 'p' | 'r' | 'f';

interface VectorRecord {
  id: number | string;
  candidate: string;
  references: string[];
  rouge_score: Record<Setting, RougeScores>;
}

export interface VectorMismatch {
  id: number | string;
  setting: Setting;
  metric: string;
  field: Field;
  expected: number;
  actual: number;
}

export interface VectorCheckResult {
  pairs: number;
  numbersChecked: number;
  mismatches: VectorMismatch[];
  maxAbsDiff: number;
}

export const DEFAULT_VECTORS_PATH = path.resolve(__dirname, '..', '..', 'shared', 'data', 'rouge-vectors.jsonl');
/** The expectations are printed with 6 decimals, so a correct value can differ from them by up to 5e-7. */
export const TOLERANCE = 1e-6;

export function readVectors(file: string): VectorRecord[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as VectorRecord);
}

export function checkRougeVectors(file: string): VectorCheckResult {
  const records = readVectors(file);
  const scorer = new RougeScorer();
  const mismatches: VectorMismatch[] = [];
  let numbersChecked = 0;
  let maxAbsDiff = 0;
  for (const record of records) {
    for (const setting of ['nostem', 'stem'] as const) {
      const actual = scorer.score(record.candidate, record.references, { stem: setting === 'stem' });
      for (const metric of ROUGE_TYPES) {
        for (const field of ['p', 'r', 'f'] as const) {
          const expected = record.rouge_score[setting][metric][field];
          const value = actual[metric][field];
          const diff = Math.abs(value - expected);
          numbersChecked++;
          if (diff > maxAbsDiff) maxAbsDiff = diff;
          if (!(diff <= TOLERANCE)) {
            mismatches.push({ id: record.id, setting, metric, field, expected, actual: value });
          }
        }
      }
    }
  }
  return { pairs: records.length, numbersChecked, mismatches, maxAbsDiff };
}

function main(): number {
  const file = path.resolve(process.argv[2] ?? DEFAULT_VECTORS_PATH);
  if (!existsSync(file)) {
    console.log(`check-rouge-vectors: skipped, ${file} not found (pass the path of rouge-vectors.jsonl)`);
    return 0;
  }
  const result = checkRougeVectors(file);
  const shown = result.mismatches.slice(0, 50);
  for (const m of shown) {
    console.log(
      `MISMATCH id=${m.id} ${m.setting} ${m.metric}.${m.field}: expected ${m.expected}, got ${m.actual.toFixed(9)}`,
    );
  }
  if (result.mismatches.length > shown.length) console.log(`… and ${result.mismatches.length - shown.length} more`);
  const pairsWithMismatch = new Set(result.mismatches.map((m) => `${m.id}/${m.setting}`)).size;
  console.log(
    `${result.pairs} pairs, ${result.numbersChecked} numbers checked: ${result.numbersChecked - result.mismatches.length} match, ` +
      `${result.mismatches.length} mismatch (${pairsWithMismatch} pair×setting); max |diff| ${result.maxAbsDiff.toExponential(2)} ` +
      `(tolerance ${TOLERANCE})`,
  );
  return result.mismatches.length === 0 ? 0 : 1;
}

if (require.main === module) process.exitCode = main();
