import { strict as assert } from 'assert';
import { spawn } from 'node:child_process';
import { processRunning, processState } from '../../../src/core/util/process-state';

/** The pid of a process that has run and exited: `node -e 0`, waited for. */
async function exitedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  const pid = child.pid;
  assert.ok(pid, 'the child started');
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', () => resolve());
  });
  return pid;
}

describe('process liveness (util/process-state)', () => {
  it('tells this process as alive and running', () => {
    assert.equal(processState(process.pid), 'alive');
    assert.equal(processRunning(process.pid), true);
  });

  it('tells an exited process as gone and not running', async () => {
    const pid = await exitedPid();
    assert.equal(processState(pid), 'gone');
    assert.equal(processRunning(pid), false);
  });

  it("tells another user's process as foreign, and still running", function () {
    // pid 1 (init) belongs to root: only a non-root user gets EPERM for it.
    if (typeof process.getuid !== 'function' || process.getuid() === 0) this.skip();
    assert.equal(processState(1), 'foreign');
    assert.equal(processRunning(1), true);
  });
});
