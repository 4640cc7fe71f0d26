import { strict as assert } from 'assert';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { acquireIndexLock, IndexBusyError, lockPathFor } from '../../../src/core/library/index-lock';
import { CancelledError } from '../../../src/core/types';

describe('index lock', () => {
  let dir: string;
  let db: string;
  /** Processes a test started: a test that times out leaves its own cleanup unrun, so afterEach ends them. */
  const children: ChildProcess[] = [];
  const started = <T extends ChildProcess>(child: T): T => (children.push(child), child);
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-lock-'));
    db = path.join(dir, 'library.db');
  });
  afterEach(() => {
    // Runs still polling for the "go" file would poll for ever once the folder is gone.
    for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('lets one run hold it; a second is told who holds it, then gets it after release', async () => {
    const first = await acquireIndexLock(db);
    await assert.rejects(
      acquireIndexLock(db),
      (err: Error) => err instanceof IndexBusyError && err.message.includes(`process ${process.pid}`) && err.message.includes(lockPathFor(db)),
    );
    let waited = false;
    const second = acquireIndexLock(db, { waitMs: 5_000, pollMs: 20, onWait: () => (waited = true) });
    setTimeout(() => first.release(), 100);
    (await second).release();
    assert.ok(waited);
    assert.equal(fs.existsSync(lockPathFor(db)), false);
  });

  it('takes over the lock of a process that no longer exists (a run killed with -9)', async () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    fs.writeFileSync(lockPathFor(db), JSON.stringify({ pid: Number(dead.stdout), since: '2026-01-01T00:00:00Z' }));
    const lock = await acquireIndexLock(db);
    assert.equal(JSON.parse(fs.readFileSync(lockPathFor(db), 'utf8')).pid, process.pid);
    lock.release();
  });

  /** Writes a lock file as something other than a live index run left it, `ageMs` ago. */
  const staleLock = (content: string, ageMs: number) => {
    fs.writeFileSync(lockPathFor(db), content);
    const then = new Date(Date.now() - ageMs);
    fs.utimesSync(lockPathFor(db), then, then);
  };
  const takeOver = async () => {
    const said: string[] = [];
    const lock = await acquireIndexLock(db, { onTakeOver: (file, why) => said.push(`${file}: ${why}`) });
    assert.equal(JSON.parse(fs.readFileSync(lockPathFor(db), 'utf8')).pid, process.pid);
    lock.release();
    return said;
  };

  it('takes over an empty lock file (a full disk or a power cut), and says which file', async () => {
    // It used to read as "another index run (process 0, since unknown)", waited for ever and named no file.
    staleLock('', 60_000);
    assert.deepEqual(await takeOver(), [`${lockPathFor(db)}: it is empty or unreadable`]);
    staleLock('{"pid": 12', 60_000);
    assert.deepEqual(await takeOver(), [`${lockPathFor(db)}: it is empty or unreadable`]);
  });

  it('takes over a lock naming a live process that is no index run: process 1, or a pid given to another program', async function () {
    if (!fs.existsSync('/proc/self/stat')) this.skip();
    // Process 1 is alive (and, for a user, answers kill(1, 0) with EPERM), so "is it alive?" kept the lock for ever.
    staleLock(JSON.stringify({ pid: 1, since: new Date().toISOString(), host: os.hostname(), startTime: '0' }), 0);
    assert.match((await takeOver()).join(), /process 1 is another program now/);
    // A lock without a start time (an older CiteScribe's) naming a program that is not Node or an editor.
    const sleeper = started(spawn('sleep', ['30']));
    try {
      await new Promise((r) => sleeper.once('spawn', r));
      staleLock(JSON.stringify({ pid: sleeper.pid, since: new Date().toISOString() }), 0);
      assert.match((await takeOver()).join(), new RegExp(`process ${sleeper.pid} is sleep, not an index run`));
    } finally {
      sleeper.kill();
    }
  });

  it('waits for a live run of another machine while its heartbeat goes on, and takes its lock over once it stops', async () => {
    const holder = JSON.stringify({ pid: process.pid, since: new Date().toISOString(), host: 'another-machine', startTime: '1' });
    staleLock(holder, 1_000);
    await assert.rejects(acquireIndexLock(db), (err: Error) => err instanceof IndexBusyError && /on another-machine/.test(err.message));
    staleLock(holder, 120_000);
    assert.match((await takeOver()).join(), /has not refreshed it for 120 s/);
  });

  it('keeps its own lock fresh while it holds it (the heartbeat other machines judge it by)', async () => {
    const lock = await acquireIndexLock(db, { heartbeatMs: 20 });
    const past = new Date(Date.now() - 120_000);
    fs.utimesSync(lockPathFor(db), past, past);
    await new Promise((r) => setTimeout(r, 200));
    assert.ok(Date.now() - fs.statSync(lockPathFor(db)).mtimeMs < 5_000, 'the lock should have been touched');
    lock.release();
    assert.equal(fs.existsSync(lockPathFor(db)), false);
  });

  it('never takes over the lock of a live index run on this machine, however old its heartbeat', async () => {
    const first = await acquireIndexLock(db);
    const past = new Date(Date.now() - 3_600_000);
    fs.utimesSync(lockPathFor(db), past, past);
    await assert.rejects(acquireIndexLock(db), IndexBusyError);
    first.release();
  });

  it('runs taking over one stale lock at the same moment hold it one at a time', async function () {
    this.timeout(90_000);
    // Each removed the stale file and created its own: a slower one could delete the faster one's new lock.
    staleLock('', 60_000);
    const go = path.join(dir, 'go');
    const log = path.join(dir, 'held.log');
    const lockModule = path.resolve(__dirname, '../../../src/core/library/index-lock.ts');
    const script = `
      const fs = require('fs');
      const { acquireIndexLock } = require(${JSON.stringify(lockModule)});
      (async () => {
        console.log('ready');
        while (!fs.existsSync(${JSON.stringify(go)})) await new Promise((r) => setTimeout(r, 1));
        const lock = await acquireIndexLock(${JSON.stringify(db)}, { waitMs: 60000, pollMs: 5 });
        const from = Date.now();
        await new Promise((r) => setTimeout(r, 100));
        fs.appendFileSync(${JSON.stringify(log)}, from + ' ' + Date.now() + '\\n');
        lock.release();
      })();`;
    const runs = Array.from({ length: 4 }, () => started(spawn(process.execPath, ['--require', require.resolve('tsx/cjs'), '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] })));
    await Promise.all(runs.map((r) => new Promise((resolve) => r.stdout.once('data', resolve))));
    fs.writeFileSync(go, '');
    await Promise.all(runs.map((r) => new Promise((resolve) => r.once('exit', resolve))));
    const held = fs.readFileSync(log, 'utf8').trim().split('\n').map((l) => l.split(' ').map(Number)).sort((a, b) => a[0] - b[0]);
    assert.equal(held.length, 4);
    for (let i = 1; i < held.length; i++) assert.ok(held[i][0] >= held[i - 1][1], `two runs held the lock at once: ${JSON.stringify(held)}`);
    assert.equal(fs.existsSync(lockPathFor(db)), false);
  });

  it('stops waiting when cancelled', async () => {
    const first = await acquireIndexLock(db);
    const controller = new AbortController();
    const waiting = acquireIndexLock(db, { waitMs: 60_000, pollMs: 20, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await assert.rejects(waiting, CancelledError);
    first.release();
  });
});
