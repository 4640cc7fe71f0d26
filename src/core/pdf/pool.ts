// Extracts many PDFs on worker threads (one per core by default). A worker that hangs past the per-file timeout or
// dies (out of memory, crash) costs only its current file, which is recorded as failed; a fresh worker takes over.
// Where no worker can be started (no bundled worker and no tsx), extraction runs in-process with the same results.
import { existsSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { CancelledError } from '../types';
import { DEFAULT_TIMEOUT_MS, extractPdf, failed, type ExtractOptions } from './extract';
import type { PdfExtraction } from './types';
import type { WorkerJob, WorkerMessage } from './worker';

export interface ExtractManyOptions extends ExtractOptions {
  signal?: AbortSignal;
  /** Called once per file as soon as its extraction is done (in completion order). */
  onResult?: (result: PdfExtraction) => void;
  /** Number of worker threads (default: the number of cores). */
  concurrency?: number;
  /** Run in this thread instead of worker threads (used when workers are unavailable). */
  inProcess?: boolean;
  /** Override the worker script (tests). */
  workerScript?: string;
  /** Per-worker V8 heap limit in MB (default 2048): a pathological file fails alone instead of taking the host down. */
  workerHeapMb?: number;
  /** Extra time a worker gets beyond timeoutMs before it is terminated from outside (default 5 s). */
  hardTimeoutGraceMs?: number;
}

/**
 * A worker's JS heap limit. Papers need well under 100 MB, but V8 collects a smaller heap much more often: at 1 GB,
 * 2,000 small PDFs took 9.8 s instead of 6.6 s. The memory a bomb would take is bounded where pdf.js decodes instead
 * (decode-budget.ts: decoded streams live outside this heap anyway).
 */
const DEFAULT_WORKER_HEAP_MB = 2048;

/** pdf.js's own async steps honour the soft timeout; this margin is for code stuck synchronously. */
const HARD_TIMEOUT_GRACE_MS = 5_000;

interface WorkerEntry {
  file: string;
  execArgv: string[];
}

/** The bundled worker beside the running bundle (dist/pdf-worker.js), or worker.ts under tsx when run from source. */
export function resolveWorkerEntry(override?: string): WorkerEntry | undefined {
  if (override) return { file: override, execArgv: override.endsWith('.ts') ? tsxExecArgv() ?? [] : [] };
  const runningFromSource = __filename.endsWith('.ts');
  if (!runningFromSource) {
    const bundled = path.join(__dirname, 'pdf-worker.js');
    return existsSync(bundled) ? { file: bundled, execArgv: [] } : undefined;
  }
  const source = path.join(__dirname, 'worker.ts');
  const execArgv = tsxExecArgv();
  return existsSync(source) && execArgv ? { file: source, execArgv } : undefined;
}

function tsxExecArgv(): string[] | undefined {
  try {
    return ['--require', require.resolve('tsx/cjs')];
  } catch {
    return undefined;
  }
}

function fileSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

export function defaultConcurrency(): number {
  return Math.max(1, availableParallelism());
}

/** A worker thread for the pool, or undefined where this Node cannot start one (the caller reads in its own thread). */
function spawnWorker(entry: WorkerEntry, workerHeapMb: number | undefined): Worker | undefined {
  try {
    return new Worker(entry.file, {
      execArgv: entry.execArgv,
      resourceLimits: { maxOldGenerationSizeMb: workerHeapMb ?? DEFAULT_WORKER_HEAP_MB },
      stdout: false,
      stderr: false,
    });
  } catch {
    // e.g. execArgv this Node does not accept in workers: carry on in this thread.
    return undefined;
  }
}

export async function extractPdfs(paths: readonly string[], options: ExtractManyOptions = {}): Promise<PdfExtraction[]> {
  const { signal, onResult } = options;
  if (signal?.aborted) throw new CancelledError();
  if (paths.length === 0) return [];
  const fileOptions: ExtractOptions = { timeoutMs: options.timeoutMs, maxBytes: options.maxBytes, maxPages: options.maxPages, decodeBudget: options.decodeBudget };
  const concurrency = Math.max(1, Math.min(options.concurrency ?? defaultConcurrency(), paths.length));
  const entry = options.inProcess ? undefined : resolveWorkerEntry(options.workerScript);
  const results: PdfExtraction[] = new Array(paths.length);
  // Largest files first, so one big file does not start last and keep a single core busy at the end.
  const order = paths.map((p, i) => ({ i, size: fileSize(p) })).sort((a, b) => b.size - a.size).map((x) => x.i);
  let nextIndex = 0;
  let done = 0;

  return new Promise<PdfExtraction[]>((resolve, reject) => {
    let settled = false;
    const workers = new Set<Worker>();
    /** Each busy worker's watchdog: cleared with its file, and all of them when the run ends early. */
    const watchdogs = new Set<NodeJS.Timeout>();

    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      // A run that ends while files are still being read (cancelled, a failed write) must not leave their 65 s
      // watchdogs behind: they kept a CLI or test process alive for a minute after its last line.
      for (const t of watchdogs) clearTimeout(t);
      watchdogs.clear();
      for (const w of workers) void w.terminate();
      workers.clear();
      if (error) reject(error);
      else resolve(results);
    };
    const onAbort = () => finish(new CancelledError());
    signal?.addEventListener('abort', onAbort, { once: true });

    const record = (index: number, result: PdfExtraction) => {
      if (settled || results[index]) return;
      results[index] = result;
      done++;
      try {
        onResult?.(result);
      } catch (err) {
        // The listener stores the result; a failed write (database locked, disk full) fails the run, never a file.
        finish(err as Error);
        return;
      }
      if (done === paths.length) finish();
    };

    /** In-process lane: used when workers are off or cannot start. */
    const runInProcess = async () => {
      while (!settled && nextIndex < paths.length) {
        const index = order[nextIndex++];
        record(index, await extractPdf(paths[index], fileOptions));
      }
    };

    const startWorker = (failuresInARow = 0) => {
      if (settled || nextIndex >= paths.length) return;
      if (!entry) {
        void runInProcess();
        return;
      }
      const worker = spawnWorker(entry, options.workerHeapMb);
      if (!worker) {
        void runInProcess();
        return;
      }
      workers.add(worker);
      let ready = false;
      let current: { index: number; timer: NodeJS.Timeout } | undefined;

      const dispatch = () => {
        if (settled) return;
        if (nextIndex >= paths.length) {
          workers.delete(worker);
          void worker.terminate();
          return;
        }
        const index = order[nextIndex++];
        const timeoutMs = (fileOptions.timeoutMs ?? DEFAULT_TIMEOUT_MS) + (options.hardTimeoutGraceMs ?? HARD_TIMEOUT_GRACE_MS);
        const timer = setTimeout(() => {
          watchdogs.delete(timer);
          // pdf.js is stuck in synchronous code; only terminating the thread frees the core.
          replace(failed(paths[index], 'timeout', `gave up after ${Math.round(timeoutMs / 1000)} s (worker stopped)`));
        }, timeoutMs);
        watchdogs.add(timer);
        current = { index, timer };
        worker.postMessage({ id: index, path: paths[index], options: fileOptions } satisfies WorkerJob);
      };

      /** Ends this worker after a failure of its current file and starts another for the rest. */
      const replace = (failure?: PdfExtraction) => {
        if (current) {
          clearTimeout(current.timer);
          watchdogs.delete(current.timer);
          const index = current.index;
          current = undefined;
          if (failure) record(index, { ...failure, path: paths[index] });
        }
        workers.delete(worker);
        worker.removeAllListeners();
        worker.on('error', () => undefined);
        void worker.terminate();
        if (!ready && failuresInARow >= 1) {
          // Workers cannot start here (e.g. the worker script cannot load): carry on in this thread.
          void runInProcess();
        } else {
          startWorker(ready ? 0 : failuresInARow + 1);
        }
      };

      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'ready') {
          ready = true;
          dispatch();
        } else if (message.type === 'load-failed') {
          replace();
        } else if (message.type === 'result' && current && message.id === current.index) {
          clearTimeout(current.timer);
          watchdogs.delete(current.timer);
          current = undefined;
          record(message.id, { ...message.result, path: paths[message.id] });
          dispatch();
        }
      });
      worker.on('error', (error: Error & { code?: string }) => {
        if (settled) return;
        const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
        replace(
          outOfMemory
            ? failed('', 'too-large', `ran out of memory while reading (limit ${options.workerHeapMb ?? DEFAULT_WORKER_HEAP_MB} MB)`)
            : failed('', 'invalid', `extraction crashed: ${error.message}`),
        );
      });
      worker.on('exit', (code) => {
        if (settled || !workers.has(worker)) return;
        replace(failed('', 'invalid', `extraction worker exited with code ${code}`));
      });
    };

    for (let lane = 0; lane < concurrency; lane++) startWorker();
  });
}
