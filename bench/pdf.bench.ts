// PDF extraction of every PDF under DATA/pdfs with our worker pool vs. poppler's pdftotext over the same files,
// in the same run. Goal: ≤ 2× pdftotext's time. Rounds alternate the two tools so machine noise hits both alike;
// medians are reported.
//   node --import tsx bench/pdf.bench.ts DATA_DIR [--rounds N]
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { defaultConcurrency, extractPdfs } from '../src/core/pdf';
import { walkFiles } from '../src/core/library/discovery';
import { median } from './stats';

const root = path.resolve(__dirname, '..');

const walkPdfs = (dir: string): string[] => walkFiles(dir, ['.pdf']).sort();

/** dist/pdf-worker.js when it is newer than every source file of the PDF module (npm run bench builds it first). */
function freshBundledWorker(): string | undefined {
  const bundle = path.join(root, 'dist', 'pdf-worker.js');
  if (!fs.existsSync(bundle)) return undefined;
  const built = fs.statSync(bundle).mtimeMs;
  const sources = ['src/core/pdf', 'src/core/text'].flatMap((d) =>
    fs.existsSync(path.join(root, d)) ? fs.readdirSync(path.join(root, d)).map((f) => path.join(root, d, f)) : [],
  );
  return sources.every((f) => fs.statSync(f).mtimeMs <= built) ? bundle : undefined;
}

/** pdftotext over the files, `parallel` processes at a time; resolves with the elapsed ms. */
function runPdftotext(files: string[], parallel: number): Promise<number> {
  const started = performance.now();
  let next = 0;
  const lane = (): Promise<void> =>
    new Promise((resolve) => {
      const step = () => {
        if (next >= files.length) return resolve();
        const file = files[next++];
        spawn('pdftotext', ['-q', file, '-'], { stdio: ['ignore', 'ignore', 'ignore'] }).on('close', step);
      };
      step();
    });
  return Promise.all(Array.from({ length: parallel }, lane)).then(() => performance.now() - started);
}

/** CPU seconds used by finished child processes (Linux /proc; undefined elsewhere). Load on the machine does not
 * change it, unlike wall time, so it is the steadier comparison on a shared box. */
function childCpuSeconds(): number | undefined {
  try {
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100; // cutime + cstime, in clock ticks of 1/100 s
  } catch {
    return undefined;
  }
}

async function main(): Promise<void> {
  const dataDir = process.argv[2];
  const roundsArg = process.argv.indexOf('--rounds');
  const rounds = roundsArg > 0 ? Number(process.argv[roundsArg + 1]) : 3;
  const pdfDir = dataDir ? path.join(dataDir, 'pdfs') : '';
  if (!dataDir || !fs.existsSync(pdfDir)) {
    console.log(`pdf.bench: ${pdfDir || '(no data dir given)'} not found, skipped`);
    return;
  }
  const files = walkPdfs(pdfDir);
  const megabytes = files.reduce((n, f) => n + fs.statSync(f).size, 0) / 1e6;
  const workerScript = freshBundledWorker();
  const cores = defaultConcurrency();
  const havePdftotext = !spawnSync('pdftotext', ['-v']).error;
  console.log(`${files.length} PDFs, ${megabytes.toFixed(1)} MB; pool of ${cores} workers (${workerScript ? 'bundled dist/pdf-worker.js' : 'worker.ts under tsx'}); ${rounds} rounds`);
  if (!havePdftotext) console.log('pdftotext not found (apt-get install poppler-utils): comparison half skipped');

  const ours: number[] = [];
  const oursCpu: number[] = [];
  const popplerCpu: number[] = [];
  const popplerSerial: number[] = [];
  const popplerParallel: number[] = [];
  let summary = '';
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    const cpuBefore = process.cpuUsage(); // whole process, worker threads included
    const results = await extractPdfs(files, { workerScript });
    ours.push(performance.now() - started);
    const cpu = process.cpuUsage(cpuBefore);
    oursCpu.push((cpu.user + cpu.system) / 1000);
    const ok = results.filter((r) => r.ok);
    summary = `${ok.length} with text, ${results.length - ok.length} failed (${results.filter((r) => !r.ok).map((r) => r.failure).join(', ')}); ${ok.reduce((n, r) => n + r.pageCount, 0)} pages`;
    if (havePdftotext) {
      const childBefore = childCpuSeconds();
      popplerSerial.push(await runPdftotext(files, 1));
      const childAfter = childCpuSeconds();
      if (childBefore !== undefined && childAfter !== undefined) popplerCpu.push((childAfter - childBefore) * 1000);
      popplerParallel.push(await runPdftotext(files, cores));
    }
  }
  const ms = (x: number) => `${(x / 1000).toFixed(2)} s`;
  console.log(`  ours (pdfjs-dist, full extraction: text, sections, sentences, metadata): median ${ms(median(ours))}  [${ours.map(ms).join(', ')}]  — ${summary}`);
  if (havePdftotext) {
    const serial = median(popplerSerial);
    const parallel = median(popplerParallel);
    console.log(`  pdftotext, one file after another:           median ${ms(serial)}  [${popplerSerial.map(ms).join(', ')}]`);
    console.log(`  pdftotext, ${cores} at a time:                       median ${ms(parallel)}  [${popplerParallel.map(ms).join(', ')}]`);
    const ratio = median(ours) / serial;
    console.log(`  ratio ours / pdftotext (one after another): ${ratio.toFixed(2)}×  (goal ≤ 2×: ${ratio <= 2 ? 'met' : 'NOT met'})`);
    console.log(`  ratio ours / pdftotext (${cores} at a time):       ${(median(ours) / parallel).toFixed(2)}×`);
    if (popplerCpu.length) {
      console.log(`  CPU time: ours ${ms(median(oursCpu))}, pdftotext ${ms(median(popplerCpu))} → ${(median(oursCpu) / median(popplerCpu)).toFixed(2)}× the CPU; on ${cores} idle cores the expected wall ratio is about ${(median(oursCpu) / cores / median(popplerCpu)).toFixed(2)}×`);
    }
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
