// Files a user names as input (`--queries Q.jsonl`, `--bib refs.bib`, a setting): read with a size cap, and a path
// that cannot be read says why instead of being dropped. `--queries /dev/zero` read 3 GB in 7 s before it was
// killed; `--bib /proc/self/environ` and `--pdf /dev/zero` ended "0 files" with exit 0 and no word.
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Text inputs (a .tex draft, a queries file, an evaluation set) are far smaller: the largest shared one is 4 MB. */
const DEFAULT_INPUT_MAX_BYTES = 64 * 1024 * 1024;

/** A named input that cannot be read; the message names the file and the reason. */
export class InputFileError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`${file}: ${reason}`);
    this.name = 'InputFileError';
  }
}

/** Pseudo-file systems: their "files" (/proc/self/environ) are process state, never a bibliography or a paper. */
const SPECIAL_ROOTS = ['/proc', '/sys', '/dev'];

export function isSpecialPath(realPath: string): boolean {
  return SPECIAL_ROOTS.some((r) => realPath === r || realPath.startsWith(r + path.sep));
}

/** Megabytes for messages: "64 MB", "0.5 MB". */
function mb(bytes: number): string {
  const m = bytes / 1048576;
  return `${m >= 10 ? Math.round(m) : Number(m.toFixed(1))} MB`;
}

/**
 * Why a named path that exists is not a file CiteScribe reads, or undefined when it is one. `allowPipes` lets a
 * pipe through (`--queries <(make-queries)`, `/dev/stdin` fed by a pipe), to be read up to the size cap.
 */
export function unreadableInputReason(file: string, stat: fs.Stats, options: { allowPipes?: boolean } = {}): string | undefined {
  if (stat.isFIFO() || stat.isSocket()) return options.allowPipes ? undefined : `not read: a ${stat.isFIFO() ? 'FIFO (named pipe)' : 'socket'}, not a file`;
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'not read: a device, not a file';
  if (!stat.isFile()) return 'not read: not a regular file';
  let real: string;
  try {
    real = fs.realpathSync(file);
  } catch {
    real = path.resolve(file);
  }
  // /proc and /sys files claim to be regular and of size 0; what they hold is the process's or the kernel's.
  if (isSpecialPath(real)) return `not read: ${real} is a system pseudo-file (/proc, /sys, /dev), not a file of yours`;
  return undefined;
}

interface ReadInputOptions {
  /** Refuse files larger than this (default 64 MB). */
  maxBytes?: number;
  /** Accept a pipe or FIFO, read up to maxBytes (default true). */
  allowPipes?: boolean;
}

/**
 * Reads a file the user named, whole, refusing what is not one (a folder, a device, /proc, /sys) and anything over
 * `maxBytes` (checked before reading, and again while reading: a pipe has no size). Throws InputFileError.
 */
export function readInputFile(file: string, options: ReadInputOptions = {}): Buffer {
  const maxBytes = options.maxBytes ?? DEFAULT_INPUT_MAX_BYTES;
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch (err) {
    throw new InputFileError(file, (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : `cannot read: ${(err as Error).message}`);
  }
  if (stat.isDirectory()) throw new InputFileError(file, 'is a folder, not a file');
  const reason = unreadableInputReason(file, stat, { allowPipes: options.allowPipes ?? true });
  if (reason) throw new InputFileError(file, reason);
  const tooLarge = () => new InputFileError(file, `larger than the ${mb(maxBytes)} CiteScribe reads from one input file`);
  if (stat.isFile() && stat.size > maxBytes) throw tooLarge();
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (err) {
    throw new InputFileError(file, `cannot read: ${(err as Error).message}`);
  }
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    const chunk = Buffer.alloc(Math.min(maxBytes + 1, 1 << 20));
    for (;;) {
      const n = fs.readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      total += n;
      // One byte past the cap is enough to know; a file that grew after stat, or a pipe, stops here.
      if (total > maxBytes) throw tooLarge();
      chunks.push(Buffer.from(chunk.subarray(0, n)));
    }
    return Buffer.concat(chunks, total);
  } catch (err) {
    if (err instanceof InputFileError) throw err;
    throw new InputFileError(file, `cannot read: ${(err as Error).message}`);
  } finally {
    fs.closeSync(fd);
  }
}
