// Issue 63 item 1: PDFs whose streams decode to gigabytes in disguises the old inflate pre-scan did not see.
// Each case is a folder with one good paper and one 2–4 MB bomb that decodes to 2–3 GB (an image-looking entry in
// the content stream's dictionary, LZW, [/ASCIIHexDecode /FlateDecode], a content stream inside an object stream;
// and a 160 KB Brotli one of 768 MB, built whole, so kept smaller).
// A correct run refuses the bomb as too large, names it, and still indexes the paper, in seconds and well under
// the memory cap; before the fix each run grew past the cap (6 GB, 4.3 GB, 2.4 GB when left to run).
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { BOMBS } from '../../../test/fixtures/pdf/bombs';
import { samplePaper } from '../../../test/fixtures/pdf/make-pdfs';
import type { HostileCase, HostileOutcome } from '../case';

const GB = 1024 * 1024 * 1024;

/** Decoded size of each bomb: the files stay at a few MB. */
const SIZES: Record<string, number> = { 'decoy-image': 3 * GB, lzw: 3 * GB, 'hex-flate': 2 * GB, 'object-stream': 3 * GB, brotli: 0.75 * GB };

interface IndexJson {
  pdfFiles: number;
  pdfsWithText: number;
  errors: Array<{ file: string; message: string }>;
}

function check(outcome: HostileOutcome): string | null {
  if (outcome.code !== 0) return `exit ${outcome.code}: ${outcome.stderr.trim().split('\n').pop() ?? ''}`;
  let result: IndexJson;
  try {
    result = JSON.parse(outcome.stdout) as IndexJson;
  } catch {
    return `no JSON on stdout: ${outcome.stdout.slice(0, 100)}`;
  }
  const bomb = result.errors.find((e) => path.basename(e.file) === 'bomb.pdf');
  if (!bomb) return 'bomb.pdf is not reported';
  if (!/decode to more than \d+ MB/.test(bomb.message)) return `bomb.pdf reported as: ${bomb.message}`;
  if (result.pdfFiles !== 2 || result.pdfsWithText !== 1) return `${result.pdfsWithText}/${result.pdfFiles} PDFs with text: the good paper was not indexed`;
  return null;
}

const cases: HostileCase[] = Object.entries(BOMBS).map(([name, make]) => ({
  item: 1,
  name: `pdf-bomb-${name}`,
  limitSeconds: 60,
  prepare(dir: string) {
    const library = path.join(dir, 'library');
    mkdirSync(library);
    writeFileSync(path.join(library, 'good.pdf'), samplePaper());
    writeFileSync(path.join(library, 'bomb.pdf'), make(SIZES[name]));
    return { args: ['index', '--db', path.join(dir, 'library.db'), '--pdf', library, '--json'] };
  },
  check,
}));

export default cases;
