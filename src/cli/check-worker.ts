// Worker-thread entry of a parallel check (bundled to dist/check-worker.js; run from source under tsx in tests).
// Receives its job as workerData, opens the library read-only on its own connection, answers one message with its
// share's checks (each with its position in the whole job), or with the error that stopped it.
import { parentPort, workerData } from 'node:worker_threads';
import { openLibraryStore } from '../core/library/store';
import { checkPairsShare } from '../core/suggest/check';
import { checkDocumentShare } from '../core/suggest/document-check';
import type { CheckJob, CheckWorkerAnswer } from './check-threads';

const port = parentPort;
if (port) {
  const job = workerData as CheckJob;
  let answer: CheckWorkerAnswer;
  try {
    const store = openLibraryStore(job.dbPath, 'read');
    try {
      answer =
        job.kind === 'document'
          ? { checks: checkDocumentShare(store, job.text, job.language, job.share) }
          : { checks: [...checkPairsShare(store, job.pairs, job.share)] };
    } finally {
      store.close();
    }
  } catch (e) {
    answer = { error: (e as Error)?.message ?? String(e) };
  }
  port.postMessage(answer);
}
