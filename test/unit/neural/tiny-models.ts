// Generates the tiny random-weight ONNX models once per content of the generator script, under test-output/.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');

export interface TinyModels {
  seq2seq: string;
  causal: string;
  /** A sentence encoder whose CONCEPTS (make-tiny-models.py) are synonyms: "translation", "transfer", "domain". */
  encoder: string;
}

const cached = new Map<string, TinyModels>();

/**
 * The tiny models; `externalData` stores their weights in onnx/<file>.onnx_data, as large exports do; `small` makes
 * them 256 wide and 4 layers deep (benchmarks: compute no longer negligible next to per-step overhead).
 */
export function tinyModels(options: { externalData?: boolean; small?: boolean } = {}): TinyModels {
  const variant = `${options.externalData ? 'external-data' : 'inline'}${options.small ? '-small' : ''}`;
  const hit = cached.get(variant);
  if (hit) return hit;
  const script = path.join(ROOT, 'scripts', 'make-tiny-models.py');
  const hash = createHash('sha256').update(fs.readFileSync(script)).digest('hex').slice(0, 16);
  const dir = path.join(ROOT, 'test-output', 'tiny-models', `${hash}-${variant}`);
  if (!fs.existsSync(path.join(dir, 'encoder', 'onnx', 'model.onnx'))) {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-tiny-'));
    const args = [
      path.join(ROOT, 'scripts', 'make-tiny-models.mjs'),
      tmp,
      ...(options.externalData ? ['--external-data'] : []),
      ...(options.small ? ['--hidden', '256', '--heads', '8', '--layers', '4'] : []),
    ];
    const r = spawnSync(process.execPath, args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`make-tiny-models failed: ${r.stderr || r.stdout}`);
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    fs.rmSync(dir, { recursive: true, force: true });
    fs.cpSync(tmp, dir, { recursive: true });
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  const models = { seq2seq: path.join(dir, 'seq2seq'), causal: path.join(dir, 'causal'), encoder: path.join(dir, 'encoder') };
  cached.set(variant, models);
  return models;
}

/** A copy of a tiny model folder that a test may damage. */
export function copyOfModel(src: string): string {
  const dst = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-model-'));
  fs.cpSync(src, dst, { recursive: true });
  return dst;
}
