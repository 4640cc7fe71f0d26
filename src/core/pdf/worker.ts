// Worker-thread entry of the PDF pool (bundled to dist/pdf-worker.js; run from source under tsx in tests).
// Receives {id, path, options}, answers {id, result}. pdf.js is loaded once, before the worker says it is ready.
import { parentPort } from 'node:worker_threads';
import { extractPdf, failed, type ExtractOptions } from './extract';
import { loadPdfjs } from './pdfjs';
import type { PdfExtraction } from './types';

export interface WorkerJob {
  id: number;
  path: string;
  options: ExtractOptions;
}

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'load-failed'; message: string }
  | { type: 'result'; id: number; result: PdfExtraction };

const port = parentPort;
if (port) {
  port.on('message', (job: WorkerJob) => {
    extractPdf(job.path, job.options)
      .catch((e: unknown) => failed(job.path, 'invalid', `extraction failed: ${(e as Error)?.message ?? String(e)}`))
      .then((result) => port.postMessage({ type: 'result', id: job.id, result } satisfies WorkerMessage));
  });
  loadPdfjs().then(
    () => port.postMessage({ type: 'ready' } satisfies WorkerMessage),
    (e: unknown) => port.postMessage({ type: 'load-failed', message: (e as Error)?.message ?? String(e) } satisfies WorkerMessage),
  );
}
