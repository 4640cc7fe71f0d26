// One index run at a time per database, across processes: the extension and the CLI may both index the same library
// (`citescribe index --db` on the extension's file, or two terminals). Two writers interleaving lost rows and links
// and both reported success; with this lock the second waits and says why.
//
// The lock is a file `<db>.index-lock` created with O_EXCL, holding the owner's pid and start time. A lock whose
// process is gone (killed with -9) is stale and taken over.
import * as fs from 'node:fs';
import { CancelledError } from '../types';

export interface IndexLock {
  release(): void;
}

export interface LockHolder {
  pid: number;
  since: string;
}

export class IndexBusyError extends Error {
  constructor(
    readonly lockPath: string,
    readonly holder: LockHolder | undefined,
  ) {
    super(`another index run${holder ? ` (process ${holder.pid}, since ${holder.since})` : ''} is updating this library; try again when it has finished`);
    this.name = 'IndexBusyError';
  }
}

export function lockPathFor(dbPath: string): string {
  return `${dbPath}.index-lock`;
}

function readHolder(lockPath: string): LockHolder | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as LockHolder;
    return Number.isInteger(parsed.pid) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock once, or returns the holder; removes a stale lock (its process is gone) and tries again. */
function tryAcquire(lockPath: string): IndexLock | LockHolder | undefined {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, JSON.stringify({ pid: process.pid, since: new Date().toISOString() } satisfies LockHolder));
      fs.closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          // Only our own lock is removed: a stale-lock takeover by another process must not be undone by us.
          if (readHolder(lockPath)?.pid === process.pid) fs.rmSync(lockPath, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readHolder(lockPath);
      // A lock file still being written (no JSON yet) is a live holder; one whose process is gone is stale.
      if (holder && holder.pid !== process.pid && !processAlive(holder.pid)) {
        fs.rmSync(lockPath, { force: true });
        continue;
      }
      return holder ?? { pid: 0, since: 'unknown' };
    }
  }
  return undefined;
}

export interface AcquireOptions {
  /** How long to wait for another run to finish; 0 fails at once (default 0). */
  waitMs?: number;
  signal?: AbortSignal;
  /** Called once when the lock is held by another run and we start waiting. */
  onWait?: (holder: LockHolder) => void;
  pollMs?: number;
}

/** Takes the index lock of a database, waiting up to `waitMs` for another run; throws IndexBusyError after that. */
export async function acquireIndexLock(dbPath: string, options: AcquireOptions = {}): Promise<IndexLock> {
  const lockPath = lockPathFor(dbPath);
  const deadline = Date.now() + (options.waitMs ?? 0);
  let told = false;
  for (;;) {
    if (options.signal?.aborted) throw new CancelledError();
    const got = tryAcquire(lockPath);
    if (got && 'release' in got) return got;
    const holder = got as LockHolder | undefined;
    if (Date.now() >= deadline) throw new IndexBusyError(lockPath, holder);
    if (!told && holder) {
      told = true;
      options.onWait?.(holder);
    }
    await new Promise((r) => setTimeout(r, options.pollMs ?? 250));
  }
}
