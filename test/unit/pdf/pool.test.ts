import { strict as assert } from 'assert';
import { spawnSync } from 'node:child_process';
import * as esbuild from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { extractPdf, extractPdfs, type PdfExtraction } from '../../../src/core/pdf';
import { CancelledError } from '../../../src/core/types';
import { writeFixtures } from '../../fixtures/pdf/make-pdfs';
import { BOMBS } from '../../fixtures/pdf/bombs';

const REPO = path.resolve(__dirname, '../../..');

describe('PDF worker pool', function () {
  this.timeout(60_000);
  let dir: string;
  let files: Record<string, string>;
  let all: string[];

  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'citescribe-pool-'));
    files = writeFixtures(dir);
    all = Object.values(files);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const summary = (rs: PdfExtraction[]) => rs.map((r) => [path.basename(r.path), r.ok ? 'ok' : r.failure]);
  const expected = () =>
    all.map((p) => {
      const name = path.basename(p);
      const failure: Record<string, string> = {
        'image-only.pdf': 'no-text',
        'unmapped-font.pdf': 'no-text',
        'password-protected.pdf': 'encrypted',
        'truncated.pdf': 'truncated',
        'garbage.pdf': 'invalid',
        'empty.pdf': 'empty',
      };
      return [name, failure[name] ?? 'ok'];
    });

  it('extracts every file on worker threads, in input order, reporting each as it finishes', async () => {
    const seen: string[] = [];
    const results = await extractPdfs(all, { concurrency: 2, onResult: (r) => seen.push(path.basename(r.path)) });
    assert.deepEqual(summary(results), expected());
    assert.deepEqual([...seen].sort(), all.map((p) => path.basename(p)).sort());
  });

  it('gives the same result on a worker as in this thread', async () => {
    const [pooled] = await extractPdfs([files['sample-paper.pdf']], { concurrency: 1 });
    const direct = await extractPdf(files['sample-paper.pdf']);
    assert.deepEqual(pooled, direct);
  });

  it('runs in-process when asked, with the same outcome', async () => {
    const results = await extractPdfs(all, { inProcess: true, concurrency: 2 });
    assert.deepEqual(summary(results), expected());
  });

  it('refuses the disguised bombs on worker threads and in-process alike, and reads the papers beside them', async () => {
    const bombs = Object.entries(BOMBS).map(([name, make]) => {
      const file = path.join(dir, `${name}-bomb.pdf`);
      writeFileSync(file, make(4 * 1024 * 1024));
      return file;
    });
    const batch = [...bombs, files['sample-paper.pdf'], files['ieee-style.pdf']];
    const want = batch.map((p) => [path.basename(p), p.endsWith('-bomb.pdf') ? 'too-large' : 'ok']);
    assert.deepEqual(summary(await extractPdfs(batch, { concurrency: 2, decodeBudget: 1024 * 1024 })), want);
    assert.deepEqual(summary(await extractPdfs(batch, { inProcess: true, concurrency: 2, decodeBudget: 1024 * 1024 })), want);
  });

  it('stops when cancelled and rejects with CancelledError', async () => {
    const controller = new AbortController();
    const many = Array.from({ length: 40 }, () => files['sample-paper.pdf']);
    let finished = 0;
    const run = extractPdfs(many, {
      concurrency: 2,
      signal: controller.signal,
      onResult: () => {
        if (++finished === 2) controller.abort();
      },
    });
    await assert.rejects(run, CancelledError);
    assert.ok(finished < many.length, `only ${finished} of ${many.length} should have run`);
    await assert.rejects(extractPdfs(many, { signal: AbortSignal.abort() }), CancelledError);
  });

  it('a process whose run was cancelled exits at once: no watchdog of the files still being read is left behind', function () {
    // Each busy worker's file has a 65 s watchdog; a cancelled run left them running, so the CLI (and this test
    // suite) stayed alive a minute after its last line. The child exits well before any watchdog could fire.
    const script = `
      const { extractPdfs } = require(${JSON.stringify(path.resolve(__dirname, '../../../src/core/pdf/pool.ts'))});
      const many = Array.from({ length: 40 }, () => ${JSON.stringify(files['sample-paper.pdf'])});
      const controller = new AbortController();
      let n = 0;
      extractPdfs(many, { concurrency: 2, signal: controller.signal, onResult: () => { if (++n === 2) controller.abort(); } })
        .catch((e) => console.log(e.name));`;
    const started = Date.now();
    const child = spawnSync(process.execPath, ['--require', 'tsx/cjs', '-e', script], { encoding: 'utf8', timeout: 40_000, cwd: path.resolve(__dirname, '../../..') });
    assert.equal(child.stdout.trim(), 'CancelledError', child.stderr);
    assert.equal(child.signal, null, 'the child was killed at 40 s: something kept it alive');
    assert.ok(Date.now() - started < 40_000);
  });

  it('fails the run when storing a result fails, instead of counting it as a bad file', async () => {
    // The indexer stores each PDF in onResult; "database is locked" there used to vanish and the run reported success.
    const many = Array.from({ length: 6 }, () => files['sample-paper.pdf']);
    const run = extractPdfs(many, {
      concurrency: 2,
      onResult: () => {
        throw new Error('database is locked');
      },
    });
    await assert.rejects(run, /database is locked/);
  });

  it('works when bundled like dist/cli.js: finds pdf-worker.js beside the bundle, pdfjs-dist from node_modules', async () => {
    // Same layout as the build: the caller's bundle and pdf-worker.js in one folder, pdfjs-dist external.
    const outDir = path.join(REPO, 'test-output', 'pdf-bundle');
    mkdirSync(outDir, { recursive: true });
    const entry = path.join(outDir, 'entry.ts');
    writeFileSync(entry, `export { extractPdfs } from '../../src/core/pdf';\nexport { resolveWorkerEntry } from '../../src/core/pdf/pool';\n`);
    const common: esbuild.BuildOptions = { bundle: true, platform: 'node', format: 'cjs', target: 'node20', external: ['pdfjs-dist'], logLevel: 'silent' };
    await esbuild.build({ ...common, entryPoints: [path.join(REPO, 'src/core/pdf/worker.ts')], outfile: path.join(outDir, 'pdf-worker.js') });
    await esbuild.build({ ...common, entryPoints: [entry], outfile: path.join(outDir, 'main.js') });
    const bundled = require(path.join(outDir, 'main.js')) as typeof import('../../../src/core/pdf/pool');
    assert.deepEqual(bundled.resolveWorkerEntry(), { file: path.join(outDir, 'pdf-worker.js'), execArgv: [] });
    const results = await bundled.extractPdfs(all, { concurrency: 2 });
    assert.deepEqual(summary(results), expected());
    assert.equal(results[all.indexOf(files['sample-paper.pdf'])].meta.title, 'Learning Tide Tables from Harbour Sensor Logs');
  });

  describe('a worker that hangs or dies', () => {
    let script: string;
    before(() => {
      // Stands in for pdf.js stuck on a hostile file: hangs on "hang", exits on "crash", answers otherwise.
      script = path.join(dir, 'flaky-worker.js');
      writeFileSync(
        script,
        `const { parentPort } = require('node:worker_threads');
         parentPort.on('message', (job) => {
           if (job.path.includes('hang')) { for (;;) {} }
           if (job.path.includes('crash')) process.exit(3);
           parentPort.postMessage({ type: 'result', id: job.id, result: { path: job.path, ok: true, contentHash: 'x', size: 1, pageCount: 1, pages: ['p'], sections: [], meta: {} } });
         });
         parentPort.postMessage({ type: 'ready' });`,
      );
    });

    it('records the stuck file as timed out and the crashed one as failed, and finishes the rest', async () => {
      const paths = ['/a.pdf', '/hang.pdf', '/b.pdf', '/crash.pdf', '/c.pdf'];
      const results = await extractPdfs(paths, { concurrency: 2, workerScript: script, timeoutMs: 200, hardTimeoutGraceMs: 100 });
      assert.deepEqual(summary(results), [
        ['a.pdf', 'ok'],
        ['hang.pdf', 'timeout'],
        ['b.pdf', 'ok'],
        ['crash.pdf', 'invalid'],
        ['c.pdf', 'ok'],
      ]);
      assert.match(results[3].message ?? '', /exited with code 3/);
    });
  });
});
