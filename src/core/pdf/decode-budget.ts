// One budget per PDF for every byte pdf.js decodes, whatever the filter chain and wherever the stream sits.
//
// Why at decode time: a scan of the file's bytes before pdf.js opens it (the earlier design) had to guess which
// streams pdf.js would decode and how, and attackers chose what it guessed wrong: a content stream whose dictionary
// held `/Decoy << /Subtype /Image >>` was skipped as an image (6 GB before it was killed), /LZWDecode and
// [/ASCIIHexDecode /FlateDecode] were not inflated (4.3 GB, 2.4 GB), and a stream stored inside a compressed object
// stream never appears in the file's bytes at all. Only pdf.js knows what it decodes, so the count is kept there.
//
// How: pdf.js's worker module (the code that parses and decodes; in Node it runs in the same thread as a "fake
// worker") is loaded from a copy with one call added at each place decoded bytes are allocated:
//   - DecodeStream.ensureBuffer, which every JS decoder grows its output through (Flate in JS, LZW, ASCIIHex,
//     ASCII85, RunLength, predictors, CCITT, decryption, and concatenated content arrays);
//   - the read loop over the platform's DecompressionStream (native Flate and Brotli);
//   - the JS Brotli decoder's output loop.
// Each call adds the bytes to the document's count and throws once the count passes the budget; pdf.js turns the
// error into a failed page, every later decode throws at once, and extractPdf reports the file as too large. pdf.js
// finds its fake worker in globalThis.pdfjsWorker (documented for bundlers), so the copy is used without touching
// node_modules. pdfjs-dist is pinned; a version whose code no longer matches fails loudly here (and in the unit
// test), never silently without a budget.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

/** Bytes pdf.js may decode for one PDF (every stream, every filter) before it is refused; text PDFs use a few MB. */
export const DEFAULT_DECODE_BUDGET = 128 * 1024 * 1024;

interface DecodeBudgetState {
  /** Bytes allowed for the document being read. */
  limit: number;
  /** Bytes decoded so far (buffer capacity pdf.js allocated for decoded data). */
  spent: number;
  exceeded: boolean;
}

interface BudgetedWorkerModule {
  WorkerMessageHandler: unknown;
  citescribeDecodeBudget: DecodeBudgetState;
}

const SPEND = '__citescribeSpendDecoded';

/** Each patch inserts `insert` before `find`, which must occur exactly once in pdf.worker.mjs. */
const PATCHES: ReadonlyArray<{ where: string; find: string; insert: string }> = [
  {
    where: 'DecodeStream.ensureBuffer',
    find: '    const buffer2 = new Uint8Array(size);\n    buffer2.set(buffer);\n    return this.buffer = buffer2;',
    insert: `    ${SPEND}(size - buffer.byteLength);\n`,
  },
  {
    where: 'the DecompressionStream read loop',
    find: '        chunks.push(chunk);\n        totalLength += chunk.byteLength;',
    // Stop the native inflater too: it would otherwise go on filling the stream's queue.
    insert: `        try {\n          ${SPEND}(chunk.byteLength);\n        } catch (e) {\n          reader.cancel().catch(() => {});\n          throw e;\n        }\n`,
  },
  {
    where: 'the JS Brotli decoder',
    find: '      totalOutput += s.outputUsed;\n      if (s.outputUsed < 16384) break;',
    insert: `      ${SPEND}(s.outputUsed);\n`,
  },
];

const BUDGET_CODE = `
const citescribeDecodeBudget = { limit: 0, spent: 0, exceeded: true };
function ${SPEND}(bytes) {
  const budget = citescribeDecodeBudget;
  budget.spent += bytes;
  if (budget.exceeded || budget.spent > budget.limit) {
    budget.exceeded = true;
    throw new Error("decoded data over the budget of " + budget.limit + " bytes");
  }
}
export { citescribeDecodeBudget };
`;

/** pdf.worker.mjs with the budget calls added; throws when this pdfjs-dist no longer has the code they go into. */
export function budgetedWorkerSource(source: string, version: string): string {
  if (source.includes(SPEND)) throw new Error(`pdfjs-dist ${version}: pdf.worker.mjs already contains ${SPEND}`);
  let patched = source;
  for (const patch of PATCHES) {
    const at = patched.indexOf(patch.find);
    if (at < 0 || patched.indexOf(patch.find, at + 1) >= 0) {
      throw new Error(`pdfjs-dist ${version}: cannot add the decode budget to ${patch.where} (its code changed); PDFs are not read without it`);
    }
    patched = patched.slice(0, at) + patch.insert + patched.slice(at);
  }
  // The source map comment names a file beside the original; from a data: URL it would point nowhere.
  return patched.replace(/\n\/\/# sourceMappingURL=.*\s*$/, '\n') + BUDGET_CODE;
}

let budget: DecodeBudgetState | undefined;

/**
 * Loads the budgeted pdf.js worker module once per thread and installs it as pdf.js's fake worker. Call before
 * pdf.mjs is imported and before any document is opened.
 */
export async function installBudgetedWorker(packageDir: string, importEsm: (specifier: string) => Promise<unknown>): Promise<void> {
  if (budget) return;
  const version = (JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;
  const source = readFileSync(path.join(packageDir, 'legacy', 'build', 'pdf.worker.mjs'), 'utf8');
  const url = `data:text/javascript;base64,${Buffer.from(budgetedWorkerSource(source, version)).toString('base64')}`;
  const mod = (await importEsm(url)) as BudgetedWorkerModule;
  (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = { WorkerMessageHandler: mod.WorkerMessageHandler };
  budget = mod.citescribeDecodeBudget;
}

/**
 * Starts counting for one document. Documents in one thread must be read one at a time (extractPdf queues them):
 * the count belongs to the thread, as pdf.js's fake worker does.
 */
export function startDecodeBudget(limit: number): DecodeBudgetState {
  if (!budget) throw new Error('the budgeted pdf.js worker is not loaded (call loadPdfjs first)');
  budget.limit = limit;
  budget.spent = 0;
  budget.exceeded = false;
  return budget;
}

/**
 * After a document, and before the first: every decode fails at once. A parse abandoned after a timeout may still
 * have work queued; it must not decode without a budget.
 */
export function endDecodeBudget(): void {
  if (!budget) return;
  budget.limit = 0;
  budget.exceeded = true;
}
