import { strict as assert } from 'assert';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { budgetedWorkerSource } from '../../../src/core/pdf/decode-budget';

describe('PDF decode budget: the calls added to pdf.js', () => {
  const dir = path.dirname(require.resolve('pdfjs-dist/package.json'));
  const source = readFileSync(path.join(dir, 'legacy', 'build', 'pdf.worker.mjs'), 'utf8');

  it('go into the installed pdfjs-dist: every JS decoder, the native inflate loop and the Brotli decoder', () => {
    const patched = budgetedWorkerSource(source, 'installed');
    // One definition and three call sites.
    assert.equal(patched.match(/__citescribeSpendDecoded\(/g)?.length, 4);
    assert.match(patched, /export \{ citescribeDecodeBudget \};\s*$/);
  });

  it('refuse a pdf.js whose decoding code changed, rather than read PDFs without a budget', () => {
    const changed = source.replace('const buffer2 = new Uint8Array(size);', 'const grown = new Uint8Array(size);');
    assert.throws(() => budgetedWorkerSource(changed, '9.9.9'), /pdfjs-dist 9\.9\.9: cannot add the decode budget to DecodeStream\.ensureBuffer/);
  });
});
