import { strict as assert } from 'assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { acquireIndexLock, IndexBusyError, lockPathFor } from '../../../src/core/library/index-lock';
import { CancelledError } from '../../../src/core/types';

describe('index lock', () => {
  let dir: string;
  let db: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-lock-'));
    db = path.join(dir, 'library.db');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('lets one run hold it; a second is told who holds it, then gets it after release', async () => {
    const first = await acquireIndexLock(db);
    await assert.rejects(acquireIndexLock(db), (err: Error) => err instanceof IndexBusyError && err.message.includes(`process ${process.pid}`));
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

  it('stops waiting when cancelled', async () => {
    const first = await acquireIndexLock(db);
    const controller = new AbortController();
    const waiting = acquireIndexLock(db, { waitMs: 60_000, pollMs: 20, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await assert.rejects(waiting, CancelledError);
    first.release();
  });
});
