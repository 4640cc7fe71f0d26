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
export function checkThreads(distinctSentences: number): number {
  const set = Number(process.env.CITESCRIBE_CHECK_THREADS);
  if (Number.isInteger(set) && set >= 1) return Math.min(set, Math.max(1, distinctSentences));
  if (distinctSentences < MIN_SENTENCES_FOR_THREADS) return 1;
  return Math.max(1, Math.min(MAX_THREADS, availableParallelism()));
}

/** The bundled worker beside the running bundle (dist/check-worker.js), or check-worker.ts under tsx from source. */
function workerEntry(): { file: string; execArgv: string[] } | undefined {
  if (!__filename.endsWith('.ts')) {
    const bundled = path.join(__dirname, 'check-worker.js');
    return existsSync(bundled) ? { file: bundled, execArgv: [] } : undefined;
  }
  try {
    return { file: path.join(__dirname, 'check-worker.ts'), execArgv: ['--require', require.resolve('tsx/cjs')] };
  } catch {
    return undefined;
  }
}

function runWorker(entry: { file: string; execArgv: string[] }, job: CheckJob): Promise<{ at: number; check: unknown }[]> {
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

/** Runs share 0 here and the others in workers; the checks in the order of the whole job. */
async function inShares<T>(threads: number, job: (share: CheckShare) => CheckJob, here: (share: CheckShare) => { at: number; check: T }[]): Promise<T[]> {
  const entry = threads > 1 ? workerEntry() : undefined;
  if (!entry) return here({ index: 0, of: 1 }).map((c) => c.check);
  const others = Array.from({ length: threads - 1 }, (_, i) => runWorker(entry, job({ index: i + 1, of: threads })));
  // Every worker's promise is watched from the start: one failing while this thread works must not go unhandled.
  const settled = Promise.allSettled(others);
  const mine = here({ index: 0, of: threads });
  const all = [...mine];
  for (const r of await settled) {
    if (r.status === 'rejected') throw r.reason;
    all.push(...(r.value as { at: number; check: T }[]));
  }
  const ordered = new Array<T>(all.length);
  for (const { at, check } of all) ordered[at] = check;
  return ordered;
}

/** checkDocument on several threads when the document is long enough; the same checks in the same order. */
export function checkDocumentInThreads(library: CheckLibrary, dbPath: string, text: string, language: CiteLanguage): Promise<CitationCheck[]> {
  const sentences = new Set(parseCitations(text, language).filter((c) => c.keys.length).map((c) => sentenceAround(text, c.start)));
  return inShares(
    checkThreads(sentences.size),
    (share) => ({ dbPath, share, kind: 'document', text, language }),
    (share) => checkDocumentShare(library, text, language, share),
  );
}

/** checkPairs on several threads when there are enough sentences; the same results in the order of the pairs. */
export function checkPairsInThreads(library: CheckLibrary, dbPath: string, pairs: { sentence: string; key: string }[]): Promise<Omit<CitationCheck, 'start' | 'end' | 'sentence'>[]> {
  return inShares(
    checkThreads(new Set(pairs.map((p) => p.sentence)).size),
    (share) => ({ dbPath, share, kind: 'pairs', pairs }),
    (share) => [...checkPairsShare(library, pairs, share)],
  );
}
