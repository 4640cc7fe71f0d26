// One index run at a time per database, across processes: the extension and the CLI may both index the same library
// (`citescribe index --db` on the extension's file, or two terminals). Two writers interleaving lost rows and links
// and both reported success; with this lock the second waits and says why.
//
// The lock is a file `<db>.index-lock`, made whole before it appears (written beside it, then hard-linked into
// place), holding who holds it: {"pid":4711,"since":"2026-…Z","host":"laptop","startTime":"123456","token":"…"}.
// `startTime` is the process's start from /proc/<pid>/stat, so that a pid the system has since given to another
// program (process 1, after a reboot) is not mistaken for the run; the holder touches the file every few seconds
// (a heartbeat), which is what tells where the process cannot be looked at (another host, no /proc).
//
// A lock is stale, and taken over, when it cannot be read (an empty file left by a full disk or a power cut), when
// its process is gone or is another program, or when its heartbeat stopped. A live run is never taken over on its
// own machine, however long it blocks (a heartbeat can lag behind a long synchronous step).
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CancelledError } from '../types';
import { processState } from '../util/process-state';

interface IndexLock {
  release(): void;
}

interface LockHolder {
  pid: number;
  since: string;
  /** os.hostname() of the holder (absent in locks from before it was recorded). */
  host?: string;
  /** Field 22 of /proc/<pid>/stat (clock ticks after boot), where there is a /proc. */
  startTime?: string;
  /** Tells this holder's lock from a later one of the same process. */
  token?: string;
}

/** The holder touches its lock this often; one not touched for HEARTBEAT_STALE_MS is stale where that is what tells. */
const HEARTBEAT_MS = 5_000;
const HEARTBEAT_STALE_MS = 60_000;
/** An unreadable lock younger than this may be one an older CiteScribe (create, then write) is still writing. */
const UNWRITTEN_GRACE_MS = 2_000;

export class IndexBusyError extends Error {
  constructor(
    readonly lockPath: string,
    readonly holder: LockHolder | undefined,
  ) {
    super(
      `another index run${holder ? ` (process ${holder.pid}${holder.host ? ` on ${holder.host}` : ''}, since ${holder.since})` : ''} holds ${lockPath} ` +
        `and is updating this library; try again when it has finished (if no index run is going on, delete that file)`,
    );
    this.name = 'IndexBusyError';
  }
}

export function lockPathFor(dbPath: string): string {
  return `${dbPath}.index-lock`;
}

function readHolder(lockPath: string): LockHolder | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as LockHolder;
    return parsed && Number.isInteger(parsed.pid) && parsed.pid > 0 ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses). */
function procStat(pid: number): string[] | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat, the process's start in clock ticks after boot; undefined without a /proc. */
function processStartTime(pid: number): string | undefined {
  return procStat(pid)?.[19];
}

/** When the process started, as a Date (Linux: boot time + start ticks at the usual 100 per second). */
function processStartDate(pid: number): Date | undefined {
  const ticks = Number(processStartTime(pid));
  if (!Number.isFinite(ticks)) return undefined;
  try {
    const btime = Number(/^btime (\d+)$/m.exec(fs.readFileSync('/proc/stat', 'utf8'))?.[1]);
    return Number.isFinite(btime) ? new Date((btime + ticks / 100) * 1000) : undefined;
  } catch {
    return undefined;
  }
}

/** The program a process runs ("node", "code"), from /proc; undefined without a /proc. */
function processProgram(pid: number): string | undefined {
  try {
    const argv0 = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0];
    return path.basename(argv0.split(' ')[0]);
  } catch {
    return undefined;
  }
}

/** Runtimes an index run can live in: the CLI's Node, or the editor's Electron (VS Code and its rebuilds). */
const OUR_RUNTIMES = /node|electron|code|codium|cursor|windsurf|citescribe/i;

type Verdict = { stale: false; holder?: LockHolder } | { stale: true; why: string; ino: number } | { gone: true };

/** Whether the lock at lockPath is held by a live index run, and if not, why not. */
function judge(lockPath: string): Verdict {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(lockPath);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { gone: true };
    throw err;
  }
  const ageMs = Date.now() - stat.mtimeMs;
  const stale = (why: string): Verdict => ({ stale: true, why, ino: stat.ino });
  const holder = readHolder(lockPath);
  if (!holder) return ageMs > UNWRITTEN_GRACE_MS ? stale('it is empty or unreadable') : { stale: false };
  const heartbeat = (): Verdict =>
    ageMs > HEARTBEAT_STALE_MS ? stale(`its holder (process ${holder.pid}) has not refreshed it for ${Math.round(ageMs / 1000)} s`) : { stale: false, holder };
  // Another machine's process cannot be looked at from here (a library on a shared drive): only its heartbeat tells.
  if (holder.host && holder.host !== os.hostname()) return heartbeat();
  const state = processState(holder.pid);
  if (state === 'gone') return stale(`process ${holder.pid} is gone`);
  // A process of another user did not write a lock file that we own.
  if (state === 'foreign' && typeof process.getuid === 'function' && stat.uid === process.getuid()) {
    return stale(`process ${holder.pid} belongs to another user`);
  }
  const startTime = processStartTime(holder.pid);
  // No /proc (macOS, Windows): a live process on this machine cannot be told from a reused pid, and its heartbeat
  // stops while it blocks (a long SQLite transaction), so it is waited for rather than risk two runs at once; the
  // wait message names the lock file for a user who knows it is stale.
  if (startTime === undefined) return { stale: false, holder };
  if (holder.startTime !== undefined) return startTime === holder.startTime ? { stale: false, holder } : stale(`process ${holder.pid} is another program now`);
  // A lock without a start time (an older CiteScribe's, or written by hand): the process must be able to be the one
  // that wrote it — started before it, and a runtime we run in.
  const started = processStartDate(holder.pid);
  const since = Date.parse(holder.since);
  if (started && Number.isFinite(since) && started.getTime() > since + 5_000) return stale(`process ${holder.pid} started after the lock was written`);
  const program = processProgram(holder.pid);
  if (program !== undefined && !OUR_RUNTIMES.test(program)) return stale(`process ${holder.pid} is ${program}, not an index run`);
  return { stale: false, holder };
}

/** Removes the stale lock judged by `ino`; false when another process replaced it with a live lock meanwhile. */
function removeStale(lockPath: string, ino: number): boolean {
  // Moved aside first, then checked: two runs taking over the same stale lock must not delete the lock that the
  // faster of them has just made.
  const aside = `${lockPath}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    fs.renameSync(lockPath, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
  try {
    if (fs.statSync(aside).ino === ino) return true;
    try {
      fs.linkSync(aside, lockPath);
    } catch {
      // A third run took the place meanwhile: it holds the lock now.
    }
    return false;
  } finally {
    fs.rmSync(aside, { force: true });
  }
}

/** Creates the lock file with `content` whole, or returns false when it exists. */
function create(lockPath: string, content: string, token: string): boolean {
  const draft = `${lockPath}.${process.pid}-${token}.new`;
  try {
    // A full disk fails here, before the lock exists: nothing empty is left for the next run to judge.
    fs.writeFileSync(draft, content);
    fs.linkSync(draft, lockPath);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    // File systems without hard links (FAT, some network shares): create-exclusive, then write.
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw err;
    try {
      fs.writeFileSync(lockPath, content, { flag: 'wx' });
      return true;
    } catch (err2) {
      if ((err2 as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw err2;
    }
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

function holdLock(lockPath: string, token: string, heartbeatMs: number): IndexLock {
  const ours = () => readHolder(lockPath)?.token === token;
  const heartbeat = setInterval(() => {
    try {
      if (ours()) {
        const now = new Date();
        fs.utimesSync(lockPath, now, now);
      }
    } catch {
      // A missed heartbeat is not the run's failure; the next one tries again.
    }
  }, heartbeatMs);
  heartbeat.unref();
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      // Only our own lock is removed: a takeover by another process must not be undone by us.
      if (ours()) fs.rmSync(lockPath, { force: true });
    },
  };
}

type Attempt = { lock: IndexLock } | { holder?: LockHolder };

/** Takes the lock once, or says who holds it; takes over a stale lock (see judge) and tries again. */
function tryAcquire(lockPath: string, heartbeatMs: number, onTakeOver?: (why: string) => void): Attempt {
  for (let attempt = 0; attempt < 3; attempt++) {
    const token = randomBytes(8).toString('hex');
    const record: LockHolder = { pid: process.pid, since: new Date().toISOString(), host: os.hostname(), token };
    const startTime = processStartTime(process.pid);
    if (startTime !== undefined) record.startTime = startTime;
    if (create(lockPath, JSON.stringify(record), token)) return { lock: holdLock(lockPath, token, heartbeatMs) };
    const verdict = judge(lockPath);
    if ('gone' in verdict) continue;
    if (!verdict.stale) return { holder: verdict.holder };
    if (removeStale(lockPath, verdict.ino)) onTakeOver?.(verdict.why);
  }
  return {};
}

interface AcquireOptions {
  /** How long to wait for another run to finish; 0 fails at once (default 0). */
  waitMs?: number;
  signal?: AbortSignal;
  /** Called once when the lock is held by another run and we start waiting. */
  onWait?: (holder: LockHolder | undefined, lockPath: string) => void;
  /** Called when a stale lock is taken over, with why it was stale ("process 4711 is gone"). */
  onTakeOver?: (lockPath: string, why: string) => void;
  pollMs?: number;
  /** How often the holder touches its lock (default HEARTBEAT_MS). */
  heartbeatMs?: number;
}

/** Takes the index lock of a database, waiting up to `waitMs` for another run; throws IndexBusyError after that. */
export async function acquireIndexLock(dbPath: string, options: AcquireOptions = {}): Promise<IndexLock> {
  const lockPath = lockPathFor(dbPath);
  const deadline = Date.now() + (options.waitMs ?? 0);
  let told = false;
  for (;;) {
    if (options.signal?.aborted) throw new CancelledError();
    const got = tryAcquire(lockPath, options.heartbeatMs ?? HEARTBEAT_MS, (why) => options.onTakeOver?.(lockPath, why));
    if ('lock' in got) return got.lock;
    if (Date.now() >= deadline) throw new IndexBusyError(lockPath, got.holder);
    if (!told) {
      told = true;
      options.onWait?.(got.holder, lockPath);
    }
    await new Promise((r) => setTimeout(r, options.pollMs ?? 250));
  }
}
