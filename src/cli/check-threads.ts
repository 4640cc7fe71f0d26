// `citescribe check` on more than one core: a document's sentences (or a pairs file's) are dealt round-robin to the
// calling thread and to worker threads, each with its own read-only connection to the library, and the checks are put
// back in the order one thread gives them. Each check is computed exactly as in one thread (a sentence's checks stay
// in one share), so the output is byte-for-byte the same: on the 50,000-entry bench library a 300-citation document
// took 2.6 s of CPU, which one core cannot finish in the 2 s an author should wait.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { parseCitations, type CiteLanguage } from '../core/cites';
import { sentenceAround } from '../core/cites/completion';
import { checkPairsShare, type CheckLibrary, type CheckShare, type CitationCheck } from '../core/suggest/check';
import { checkDocumentShare } from '../core/suggest/document-check';

export type CheckJob = { dbPath: string; share: CheckShare } & (
  | { kind: 'document'; text: string; language: CiteLanguage }
  | { kind: 'pairs'; pairs: { sentence: string; key: string }[] }
);

export type CheckWorkerAnswer = { checks: { at: number; check: unknown }[] } | { error: string };

/**
 * Below this many distinct sentences one thread is quicker: starting a worker (loading the bundle, opening the
 * database) costs about what ranking 20–40 sentences does on a large library.
 */
const MIN_SENTENCES_FOR_THREADS = 40;
/** More threads than this gain little: the library's caches are per thread, and each thread holds its own. */
const MAX_THREADS = 4;

/**
 * How many threads a check of this many distinct sentences uses: the cores there are, at most MAX_THREADS.
 * CITESCRIBE_CHECK_THREADS=N sets it (1: the whole check in the calling thread, as before).
 */
function checkThreads(distinctSentences: number): number {
  const set = Number(process.env.CITESCRIBE_CHECK_THREADS);
  if (Number.isInteger(set) && set >= 1) return Math.min(set, Math.max(1, distinctSentences));
  if (distinctSentences < MIN_SENTENCES_FOR_THREADS) return 1;
  return Math.max(1, Math.min(MAX_THREADS, availableParallelism()));
}

type WorkerEntry = { file: string; execArgv: string[] };

/**
 * The bundled worker beside the running bundle (dist/check-worker.js), or check-worker.ts under tsx from source; when
 * there is none, why not, for the note that the check runs on one thread ("dist/check-worker.js is missing").
 */
export function workerEntry(runningFile: string = __filename): WorkerEntry | { unavailable: string } {
  const dir = path.dirname(runningFile);
  if (!runningFile.endsWith('.ts')) {
    const bundled = path.join(dir, 'check-worker.js');
    return existsSync(bundled) ? { file: bundled, execArgv: [] } : { unavailable: `${bundled} is missing` };
  }
  try {
    return { file: path.join(dir, 'check-worker.ts'), execArgv: ['--require', require.resolve('tsx/cjs')] };
  } catch {
    return { unavailable: 'tsx, which runs check-worker.ts from source, cannot be found' };
  }
}

let threadsOfLastCheck = 0;

/** How many threads the last threaded check ran on (1: all in the calling thread), so tests can tell workers ran. */
export function lastCheckThreads(): number {
  return threadsOfLastCheck;
}

function runWorker(entry: WorkerEntry, job: CheckJob): Promise<{ at: number; check: unknown }[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(entry.file, { workerData: job, execArgv: entry.execArgv });
    let answered = false;
    worker.once('message', (answer: CheckWorkerAnswer) => {
      answered = true;
      if ('error' in answer) reject(new Error(answer.error));
      else resolve(answer.checks);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`check worker exited with code ${code} before answering`));
    });
  });
}

/**
 * Runs share 0 here and the others in workers; the checks in the order of the whole job. Without a worker to start,
 * the whole check runs here, and stderr says so: a check that takes four times as long should not be a mystery.
 */
async function inShares<T>(
  threads: number,
  job: (share: CheckShare) => CheckJob,
  here: (share: CheckShare) => { at: number; check: T }[],
  runningFile: string,
): Promise<T[]> {
  threadsOfLastCheck = 0;
  const entry = threads > 1 ? workerEntry(runningFile) : undefined;
  if (entry && 'unavailable' in entry) process.stderr.write(`check: worker threads unavailable (${entry.unavailable}); checking on one thread\n`);
  if (!entry || 'unavailable' in entry) {
    threadsOfLastCheck = 1;
    return here({ index: 0, of: 1 }).map((c) => c.check);
  }
  const others = Array.from({ length: threads - 1 }, (_, i) => runWorker(entry, job({ index: i + 1, of: threads })));
  // Every worker's promise is watched from the start: one failing while this thread works must not go unhandled.
  const settled = Promise.allSettled(others);
  const mine = here({ index: 0, of: threads });
  const all = [...mine];
  for (const r of await settled) {
    if (r.status === 'rejected') throw r.reason;
    all.push(...(r.value as { at: number; check: T }[]));
  }
  // Counted once every worker has answered: a thread that never started is not counted.
  threadsOfLastCheck = threads;
  const ordered = new Array<T>(all.length);
  for (const { at, check } of all) ordered[at] = check;
  return ordered;
}

/**
 * checkDocument on several threads when the document is long enough; the same checks in the same order. The workers
 * are looked for beside `runningFile` (this bundle, or this source file under tsx).
 */
export function checkDocumentInThreads(library: CheckLibrary, dbPath: string, text: string, language: CiteLanguage, runningFile = __filename): Promise<CitationCheck[]> {
  const sentences = new Set(parseCitations(text, language).filter((c) => c.keys.length).map((c) => sentenceAround(text, c.start)));
  return inShares(
    checkThreads(sentences.size),
    (share) => ({ dbPath, share, kind: 'document', text, language }),
    (share) => checkDocumentShare(library, text, language, share),
    runningFile,
  );
}

/** checkPairs on several threads when there are enough sentences; the same results in the order of the pairs. */
export function checkPairsInThreads(
  library: CheckLibrary,
  dbPath: string,
  pairs: { sentence: string; key: string }[],
  runningFile = __filename,
): Promise<Omit<CitationCheck, 'start' | 'end' | 'sentence'>[]> {
  return inShares(
    checkThreads(new Set(pairs.map((p) => p.sentence)).size),
    (share) => ({ dbPath, share, kind: 'pairs', pairs }),
    (share) => [...checkPairsShare(library, pairs, share)],
    runningFile,
  );
}
