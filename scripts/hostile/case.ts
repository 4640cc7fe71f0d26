// The shape of one hostile case: what it prepares (files, a local server), the CLI call it makes, and what a
// correct outcome is. scripts/hostile/run.ts runs every case under a memory cap and a time limit.
//
// Example: a PDF whose content stream is a Flate bomb. `prepare` writes the file into `dir` and returns
// `{ args: ['index', '--db', dbPath, '--pdf', pdfPath] }`; `check` returns null when the run reported the file
// and finished, or a sentence saying what went wrong ("exit 0 and no word about bomb.pdf").
export interface HostileRun {
  /** Arguments after `node dist/cli.js`. */
  args: string[];
  env?: Record<string, string>;
  /** Written to the CLI's standard input, then closed (default: closed at once). */
  stdin?: string;
  /** Called after the run, whatever happened (close a server, remove a FIFO's writer…). */
  cleanup?: () => Promise<void> | void;
}

export interface HostileOutcome {
  /** Exit code, or null when the runner killed it (see `killedFor`). */
  code: number | null;
  stdout: string;
  stderr: string;
  seconds: number;
  /** Peak resident memory of the CLI process tree, sampled every 50 ms. */
  peakMB: number;
  killedFor?: 'time' | 'memory';
}

export interface HostileCase {
  /** The item of issue 63 it reproduces (1–9). */
  item: number;
  /** A short slug, unique across cases: 'flate-decoy-image'. */
  name: string;
  /** Killed past this (default 60 s). */
  limitSeconds?: number;
  /** Killed past this peak RSS (default 1024 MB). */
  memoryMB?: number;
  /** Writes what the run needs under `dir` (a fresh temporary folder); `cli` is the path of dist/cli.js. */
  prepare(dir: string, cli: string): Promise<HostileRun> | HostileRun;
  /** null when the outcome is what a user should get; otherwise what went wrong, in one line. */
  check(outcome: HostileOutcome): string | null;
}
