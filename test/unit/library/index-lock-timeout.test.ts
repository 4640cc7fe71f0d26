import { strict as assert } from 'assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** Processes alive now whose command line mentions `text` (a folder only one run's children name). */
function processesNaming(text: string): number[] {
  const pids: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      if (fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(text)) pids.push(Number(name));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

// The index-lock test that starts four runs at once waited for them with no cleanup: when it timed out (a loaded
// machine), the runs went on polling for a "go" file in a folder already removed, for ever.
describe('index lock test: a timed-out run', () => {
  it('leaves none of the processes it started behind', async function () {
    if (!fs.existsSync('/proc/self/cmdline')) this.skip();
    this.timeout(180_000);
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-lock-timeout-'));
    try {
      // Every timeout, the test's own this.timeout(90_000) included, cut to 300 ms: the test times out while its
      // runs are still starting.
      const shortTimeouts = path.join(tmp, 'short-timeouts.cjs');
      fs.writeFileSync(
        shortTimeouts,
        `const { Runnable } = require(${JSON.stringify(require.resolve('mocha/lib/runnable'))});
const timeout = Runnable.prototype.timeout;
Runnable.prototype.timeout = function (ms) { return arguments.length ? timeout.call(this, 300) : timeout.call(this); };`,
      );
      const mocha = require.resolve('mocha/bin/mocha.js');
      const run = spawnSync(
        process.execPath,
        [mocha, '--no-config', '--exit', '--require', 'tsx/cjs', '--require', shortTimeouts, '--grep', 'one at a time', path.join(__dirname, 'index-lock.test.ts')],
        { env: { ...process.env, TMPDIR: tmp }, encoding: 'utf8', timeout: 150_000 },
      );
      assert.match(run.stdout, /Timeout of 300ms exceeded/, run.stdout + run.stderr);
      // A run killed by SIGKILL needs a moment to leave the process table.
      await new Promise((r) => setTimeout(r, 500));
      const left = processesNaming(tmp);
      for (const pid of left) process.kill(pid, 'SIGKILL');
      assert.deepEqual(left, [], 'processes of the timed-out test were still running');
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});
