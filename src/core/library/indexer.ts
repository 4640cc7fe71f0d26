// Keeps the library database in step with the user's .bib and PDF files. Incremental: a file whose size and mtime
// are unchanged is not opened, and one whose content hash is unchanged is not parsed again. Every file is written in
// its own transaction, so a run killed halfway leaves a consistent database and the next run finishes the job.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { decodeBibBuffer, parseBibtex, type BibParseResult } from '../bibtex';
import { macroEnvFor, macroMap, macroSources, sameEnv } from './bib-macros';
import { extractPdfs, hashFile } from '../pdf/index';
import { DEFAULT_MAX_BYTES } from '../pdf/extract';
import { throwIfCancelled } from '../types';
import { expandInputPaths, type SkippedInput } from './discovery';
import { InputFileError, readInputFile } from '../util/input-file';
import { acquireIndexLock } from './index-lock';
import { pdfsNamedByFileFields } from './link';
import { relink } from './relink';
import type { FileStamp, LibraryProblem, LibraryStats, LibraryStore, MacroEnv } from './store';

type IndexProgress = (done: number, total: number, message?: string) => void;

interface IndexOptions {
  store: LibraryStore;
  /** .bib files or folders (searched recursively). */
  bibPaths: string[];
  /** PDF files or folders (searched recursively). */
  pdfPaths: string[];
  signal?: AbortSignal;
  onProgress?: IndexProgress;
  /** Parallel PDF extractions (default: the PDF pool's own choice). */
  pdfConcurrency?: number;
  /** How long to wait for another process's index run on the same database (default 60 s); then IndexBusyError. */
  lockWaitMs?: number;
  /**
   * The bibliography lists documents name, in order (`\bibliography{a,b}` → [a, b]): a file sees the @string macros
   * of the files before it. A file in no list takes macros it lacks from the other indexed files, with a note.
   */
  bibliographies?: string[][];
}

const DEFAULT_LOCK_WAIT_MS = 60_000;

/** Runs `work` holding the database's index lock (none for an in-memory database). */
async function withIndexLock<T>(
  store: LibraryStore,
  options: { lockWaitMs?: number; signal?: AbortSignal; onProgress?: IndexProgress },
  work: () => Promise<T>,
): Promise<T> {
  if (store.path === ':memory:') return work();
  const lock = await acquireIndexLock(store.path, {
    waitMs: options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS,
    signal: options.signal,
    onWait: (holder, lockPath) =>
      options.onProgress?.(0, 0, `waiting for another index run${holder ? ` (process ${holder.pid})` : ''} to finish: it holds ${lockPath}`),
    // Said, so that a user who wonders where a run went knows which lock was judged stale, and why.
    onTakeOver: (lockPath, why) => options.onProgress?.(0, 0, `took over the stale lock ${lockPath}: ${why}`),
  });
  try {
    return await work();
  } finally {
    lock.release();
  }
}

interface IndexResult extends Omit<LibraryStats, 'errors'> {
  /** Every problem in the library now: .bib syntax errors and warnings, duplicate keys, unreadable PDFs, missing inputs. */
  errors: LibraryProblem[];
  /** Files parsed or extracted in this run (0 when nothing changed). */
  bibFilesIndexed: number;
  pdfFilesIndexed: number;
  /** Files dropped from the index because they are no longer among the inputs. */
  filesRemoved: number;
  elapsedMs: number;
  /** The paths given (bibPaths, pdfPaths) that were not read at all, and why: missing, a device, a pseudo-file… */
  unreadInputs: SkippedInput[];
}

/** What changed on disk, by the cheap test first (size + mtime), then by content hash. */
type Freshness = { kind: 'unchanged' } | { kind: 'touched'; stamp: FileStamp } | { kind: 'changed'; stamp: FileStamp; bytes?: Buffer };

function sameStat(stamp: FileStamp | undefined, stat: fs.Stats): boolean {
  return stamp !== undefined && stamp.size === stat.size && stamp.mtimeMs === stat.mtimeMs;
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export async function indexLibrary(options: IndexOptions): Promise<IndexResult> {
  return withIndexLock(options.store, options, () => indexLibraryLocked(options));
}

async function indexLibraryLocked(options: IndexOptions): Promise<IndexResult> {
  const started = performance.now();
  const { store, signal } = options;
  const bibs = expandInputPaths(options.bibPaths, ['.bib']);
  const pdfs = expandInputPaths(options.pdfPaths, ['.pdf']);
  const unreadInputs: SkippedInput[] = [
    ...[...bibs.missing, ...pdfs.missing].map((file) => ({ file, reason: 'file or folder not found' })),
    ...bibs.skipped,
    ...pdfs.skipped,
  ];
  const inputProblems: LibraryProblem[] = [
    ...[...bibs.missing, ...pdfs.missing].map((file): LibraryProblem => ({ file, message: 'file or folder not found', severity: 'error' })),
    // Named, there, and not read (a FIFO, /dev/zero, /proc/self/environ): the rest of the run goes on.
    ...[...bibs.skipped, ...pdfs.skipped].map((s): LibraryProblem => ({ file: s.file, message: s.reason, severity: 'warning' })),
  ];

  // Files gone from the inputs leave the index (each removal is its own transaction).
  let filesRemoved = 0;
  const wantedBibs = new Set(bibs.files);
  for (const p of store.bibFilePaths()) {
    if (!wantedBibs.has(p)) {
      store.removeBibFile(p);
      filesRemoved++;
    }
  }

  let total = bibs.files.length + pdfs.files.length;
  let done = 0;
  const bibFilesIndexed = indexBibFiles(
    store,
    bibs.files,
    inputProblems,
    signal,
    (file) => options.onProgress?.(++done, total, path.basename(file)),
    options.bibliographies?.map((list) => list.map((p) => path.resolve(p))),
  );
  // The PDFs the entries' `file` fields name are inputs too, wherever they lie.
  const pdfFiles = [...new Set([...pdfs.files, ...pdfsNamedByFileFields(store.fileFields(), undefined, new Set(store.pdfFilePaths()))])].sort();
  total = bibs.files.length + pdfFiles.length;
  const wantedPdfs = new Set(pdfFiles);
  for (const p of store.pdfFilePaths()) {
    if (!wantedPdfs.has(p)) {
      store.removePdfFile(p);
      filesRemoved++;
    }
  }
  const pdfFilesIndexed = await indexPdfFiles(store, pdfFiles, inputProblems, signal, options.pdfConcurrency, (file) =>
    options.onProgress?.(++done, total, path.basename(file)),
  );

  throwIfCancelled(signal);
  if (store.linksStale()) {
    options.onProgress?.(done, total, 'linking PDFs to entries');
    relink(store);
  }

  return { ...indexResult(store, inputProblems, { bibFilesIndexed, pdfFilesIndexed, filesRemoved }, started), unreadInputs };
}

/** The store's counts after a run, with this run's own problems and work done. */
function indexResult(
  store: LibraryStore,
  runProblems: LibraryProblem[],
  work: Pick<IndexResult, 'bibFilesIndexed' | 'pdfFilesIndexed' | 'filesRemoved'>,
  started: number,
): IndexResult {
  const { errors: _count, ...stats } = store.stats();
  return { ...stats, errors: [...runProblems, ...store.errors()], ...work, elapsedMs: performance.now() - started, unreadInputs: [] };
}

/** Re-indexes one .bib or PDF (the watcher's path): reads it if it exists, drops it from the index if not. */
interface ReindexOptions {
  store: LibraryStore;
  file: string;
  signal?: AbortSignal;
  lockWaitMs?: number;
  bibliographies?: string[][];
}

export async function reindexFile(options: ReindexOptions): Promise<IndexResult> {
  return withIndexLock(options.store, options, () => reindexFileLocked(options));
}

async function reindexFileLocked(options: ReindexOptions): Promise<IndexResult> {
  const started = performance.now();
  const { store, signal } = options;
  const file = path.resolve(options.file);
  const isPdf = file.toLowerCase().endsWith('.pdf');
  const problems: LibraryProblem[] = [];
  let bibFilesIndexed = 0;
  let pdfFilesIndexed = 0;
  let filesRemoved = 0;
  if (!fs.existsSync(file)) {
    if (isPdf) store.removePdfFile(file);
    else store.removeBibFile(file);
    filesRemoved = 1;
  } else if (isPdf) {
    pdfFilesIndexed = await indexPdfFiles(store, [file], problems, signal, 1, () => {});
  } else {
    bibFilesIndexed = indexBibFiles(store, [file], problems, signal, () => {}, options.bibliographies);
    // A `file` field added to the .bib brings its PDF into the index now, not at the next full run.
    const named = pdfsNamedByFileFields(store.fileFields(), new Set(store.pdfFilePaths()));
    pdfFilesIndexed = await indexPdfFiles(store, named, problems, signal, 1, () => {});
  }
  relink(store);
  return indexResult(store, problems, { bibFilesIndexed, pdfFilesIndexed, filesRemoved }, started);
}

function bibFreshness(store: LibraryStore, file: string): Freshness {
  const stat = fs.statSync(file);
  const known = store.bibFileStamp(file);
  if (sameStat(known, stat)) return { kind: 'unchanged' };
  const bytes = readBibFile(file);
  const stamp: FileStamp = { contentHash: sha256(bytes), mtimeMs: stat.mtimeMs, size: stat.size };
  if (known && known.contentHash === stamp.contentHash) return { kind: 'touched', stamp };
  return { kind: 'changed', stamp, bytes };
}

/**
 * Reads the changed .bib files (each parsed on its own first, and written at once when it needs no macro from
 * another file), then settles the files that use other files' @string macros: each is parsed again with what the
 * other files define now, and an unchanged file is read again only when that changed.
 */
function indexBibFiles(
  store: LibraryStore,
  files: string[],
  problems: LibraryProblem[],
  signal: AbortSignal | undefined,
  onFileDone: (file: string) => void,
  bibliographies: readonly (readonly string[])[] = [],
): number {
  let indexed = 0;
  const freshStrings = new Map<string, Record<string, string>>();
  /** Changed files that need macros from elsewhere: written after every file's own definitions are known. */
  const waiting = new Map<string, { stamp: FileStamp; needed: string[] }>();
  for (const file of files) {
    throwIfCancelled(signal);
    let fresh: Freshness;
    try {
      fresh = bibFreshness(store, file);
    } catch (err) {
      // An unreadable file (permissions, vanished mid-run, too large) is reported and skipped; the others still index.
      problems.push({ file, message: couldNotRead(err), severity: 'error' });
      onFileDone(file);
      continue;
    }
    // A failed write (database locked, disk full) is the run's failure, not the file's: it propagates.
    if (fresh.kind === 'touched') store.touchBibFile(file, fresh.stamp);
    else if (fresh.kind === 'changed') {
      const parsed = parseBibFile(file, fresh.bytes!, {}, problems);
      if (parsed) {
        freshStrings.set(file, parsed.ownStrings);
        if (parsed.neededMacros.length) waiting.set(file, { stamp: fresh.stamp, needed: parsed.neededMacros });
        else if (writeBibFile(store, file, fresh.stamp, parsed, {}, problems)) indexed++;
      }
    }
    if (!waiting.has(file)) onFileDone(file);
  }

  const stored = store.bibMacroInfo();
  const sources = macroSources(stored, freshStrings, bibliographies);
  for (const [file, { stamp, needed }] of waiting) {
    throwIfCancelled(signal);
    const env = macroEnvFor(file, needed, sources);
    const parsed = readAndParse(file, env, problems);
    if (parsed && writeBibFile(store, file, stamp, parsed, env, problems)) indexed++;
    onFileDone(file);
  }
  // Files not changed themselves whose macros another file now defines differently (or newly, or no longer).
  for (const info of stored) {
    if (waiting.has(info.path) || freshStrings.has(info.path) || !info.neededMacros.length) continue;
    throwIfCancelled(signal);
    const env = macroEnvFor(info.path, info.neededMacros, sources);
    if (sameEnv(env, info.macroEnv)) continue;
    let stat: fs.Stats;
    let bytes: Buffer;
    try {
      stat = fs.statSync(info.path);
      bytes = readBibFile(info.path);
    } catch {
      continue; // gone: the next run's input list drops it
    }
    const parsed = parseBibFile(info.path, bytes, env, problems);
    if (parsed && writeBibFile(store, info.path, { contentHash: sha256(bytes), mtimeMs: stat.mtimeMs, size: stat.size }, parsed, env, problems)) indexed++;
  }
  return indexed;
}

/**
 * The largest .bib read: Nelson Beebe's tugboat.bib, 4,839 entries, is 3.8 MB; a file of gigabytes (or one that
 * never ends) is refused before it fills memory.
 */
const MAX_BIB_BYTES = 256 * 1024 * 1024;

function readBibFile(file: string): Buffer {
  return readInputFile(file, { maxBytes: MAX_BIB_BYTES, allowPipes: false });
}

function couldNotRead(err: unknown): string {
  return err instanceof InputFileError ? `could not read: ${err.reason}` : `could not read: ${(err as Error).message}`;
}

function readAndParse(file: string, env: MacroEnv, problems: LibraryProblem[]): BibParseResult | undefined {
  try {
    return parseBibFile(file, readBibFile(file), env, problems);
  } catch (err) {
    problems.push({ file, message: couldNotRead(err), severity: 'error' });
    return undefined;
  }
}

function parseBibFile(file: string, bytes: Buffer, env: MacroEnv, problems: LibraryProblem[]): BibParseResult | undefined {
  try {
    return parseBibtex(decodeBibBuffer(bytes), file, { macros: macroMap(env) });
  } catch (err) {
    // The parser reports bad entries itself; reaching here is a parser bug, which costs this file only.
    problems.push({ file, message: `could not parse: ${(err as Error).message}`, severity: 'error' });
    return undefined;
  }
}

/** Writes one parsed file; false when converting its fields failed (that file only). */
function writeBibFile(store: LibraryStore, file: string, stamp: FileStamp, parsed: BibParseResult, env: MacroEnv, problems: LibraryProblem[]): boolean {
  try {
    store.writeBibFile(file, stamp, parsed, env);
    return true;
  } catch (err) {
    if (isDatabaseError(err)) throw err;
    // Converting a field's LaTeX happens while writing; a bug there costs this file, not the run.
    problems.push({ file, message: `could not index: ${(err as Error).message}`, severity: 'error' });
    return false;
  }
}

/** SQLite's own failures (locked, full, read-only, corrupt): the run's, never one file's. */
function isDatabaseError(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_');
}

async function indexPdfFiles(
  store: LibraryStore,
  files: string[],
  problems: LibraryProblem[],
  signal: AbortSignal | undefined,
  concurrency: number | undefined,
  onFileDone: (file: string) => void,
): Promise<number> {
  const toExtract: string[] = [];
  const mtimes = new Map<string, number>();
  for (const file of files) {
    throwIfCancelled(signal);
    try {
      const stat = fs.statSync(file);
      const known = store.pdfFileStamp(file);
      if (sameStat(known, stat)) {
        onFileDone(file);
        continue;
      }
      // A file too large to read, or not a PDF, is never hashed in full (10 GB took 31 s): extraction refuses it cheaply.
      if (known && stat.size < DEFAULT_MAX_BYTES && !known.contentHash.startsWith('unread:')) {
        const contentHash = await hashFile(file);
        if (contentHash === known.contentHash) {
          store.touchPdfFile(file, { contentHash, mtimeMs: stat.mtimeMs, size: stat.size });
          onFileDone(file);
          continue;
        }
      }
      mtimes.set(file, stat.mtimeMs);
      toExtract.push(file);
    } catch (err) {
      problems.push({ file, message: `could not read: ${(err as Error).message}`, severity: 'error' });
      onFileDone(file);
    }
  }
  if (!toExtract.length) return 0;
  let indexed = 0;
  await extractPdfs(toExtract, {
    signal,
    concurrency,
    // Each PDF is committed as soon as it is extracted: a crash loses at most the PDFs still in flight.
    onResult: (extraction) => {
      store.writePdf(extraction, mtimes.get(extraction.path) ?? Date.now());
      indexed++;
      onFileDone(extraction.path);
    },
  });
  return indexed;
}
