// The hostile suite: each case of scripts/hostile/cases/ runs the built CLI (dist/cli.js) on input an attacker or an
// unlucky user could hand it — PDF bombs, endless replies, a 100k-character word, a stale lock, a FIFO — under a
// memory cap and a time limit, and prints one line per case. Not part of `npm test` (some cases take seconds).
//
//   npm run hostile                 # every case
//   npm run hostile -- pdf lock     # the cases whose file name contains 'pdf' or 'lock'
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { HostileCase, HostileOutcome } from './case';

const root = path.resolve(__dirname, '..', '..');
const cli = path.join(root, 'dist', 'cli.js');

/** Resident memory (MB) of a process and all its descendants, read from /proc; 0 once it is gone. */
function treeRssMB(pid: number): number {
  let kb = 0;
  const stack = [pid];
  while (stack.length > 0) {
    const p = stack.pop()!;
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      const m = /VmRSS:\s+(\d+)/.exec(status);
      if (m) kb += Number(m[1]);
      for (const tid of readdirSync(`/proc/${p}/task`)) {
        const children = readFileSync(`/proc/${p}/task/${tid}/children`, 'utf8').trim();
        if (children) stack.push(...children.split(/\s+/).map(Number));
      }
    } catch {
      // The process ended between two reads.
    }
  }
  return kb / 1024;
}

async function runCase(c: HostileCase): Promise<{ outcome: HostileOutcome; problem: string | null }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `citescribe-hostile-${c.name}-`));
  const limitMs = (c.limitSeconds ?? 60) * 1000;
  const capMB = c.memoryMB ?? 1024;
  const run = await c.prepare(dir, cli);
  const started = Date.now();
  // A process group of its own, so a kill takes its children (a PDF worker, a child process) with it.
  const child = spawn(process.execPath, [cli, ...run.args], {
    cwd: dir,
    env: { ...process.env, ...run.env },
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  // Keep only the last 64 KB of each stream: a case that floods its output must not flood the runner.
  child.stdout.on('data', (d: Buffer) => (stdout = (stdout + d.toString()).slice(-65536)));
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-65536)));
  child.stdin.on('error', () => undefined);
  child.stdin.end(run.stdin ?? '');
  let peakMB = 0;
  let killedFor: HostileOutcome['killedFor'];
  const kill = (why: 'time' | 'memory') => {
    killedFor ??= why;
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  };
  const sampler = setInterval(() => {
    peakMB = Math.max(peakMB, treeRssMB(child.pid!));
    if (peakMB > capMB) kill('memory');
    else if (Date.now() - started > limitMs) kill('time');
  }, 50);
  const code = await new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  clearInterval(sampler);
  const outcome: HostileOutcome = { code: killedFor ? null : code, stdout, stderr, seconds: (Date.now() - started) / 1000, peakMB, killedFor };
  try {
    await run.cleanup?.();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const problem = killedFor ? `killed: over the ${killedFor === 'time' ? `${limitMs / 1000} s limit` : `${capMB} MB cap`}` : c.check(outcome);
  return { outcome, problem };
}

async function main(): Promise<void> {
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run \`npm run build\` first`);
  const only = process.argv.slice(2);
  const casesDir = path.join(__dirname, 'cases');
  const files = readdirSync(casesDir)
    .filter((f) => f.endsWith('.ts'))
    .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
    .sort();
  const cases: HostileCase[] = [];
  for (const f of files) {
    const mod = (await import(path.join(casesDir, f))) as { default: HostileCase | HostileCase[] };
    cases.push(...[mod.default].flat());
  }
  cases.sort((a, b) => a.item - b.item || a.name.localeCompare(b.name));
  let failed = 0;
  for (const c of cases) {
    const { outcome, problem } = await runCase(c);
    if (problem) failed++;
    const said = (outcome.stderr.trim().split('\n').pop() ?? '').slice(0, 110);
    console.log(
      `${problem ? 'FAIL' : 'ok  '} ${String(c.item).padStart(2)} ${c.name.padEnd(34)} ` +
        `${outcome.seconds.toFixed(1).padStart(6)} s ${outcome.peakMB.toFixed(0).padStart(6)} MB  exit ${outcome.code ?? '-'}  ${problem ?? said}`,
    );
  }
  console.log(`\n${cases.length - failed} passed, ${failed} failed`);
  process.exitCode = failed ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
