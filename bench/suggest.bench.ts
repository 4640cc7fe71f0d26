// Citation suggestion and checking on the generated 50,000-entry library with abstracts (the scale bench's).
//   npm run bench -- suggest     or   node --import tsx bench/suggest.bench.ts [DATA_DIR] [--entries N]
// Goals (issue 52): one suggestion p95 ≤ 50 ms; checking a document with 300 citations ≤ 2 s.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { indexLibrary } from '../src/core/library/indexer';
import { openLibraryStore } from '../src/core/library/store';
import { checkDocument } from '../src/core/suggest/check';
import { suggestCitations } from '../src/core/suggest/suggest';
import { writeScaleLibrary } from './scale-library';
import { percentile } from './stats';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
}

async function main(): Promise<void> {
  const entries = Number(arg('entries', '50000'));
  const lib = writeScaleLibrary(path.join(os.tmpdir(), `citescribe-scale-${entries}-2000`), entries, 2000);
  const bibPaths = fs.readdirSync(lib.bibDir).map((f) => path.join(lib.bibDir, f)).sort();
  const dbDir = path.join(os.tmpdir(), `citescribe-editing-db-${entries}`);
  fs.mkdirSync(dbDir, { recursive: true });
  const store = openLibraryStore(path.join(dbDir, 'library.db'), 'owned');
  try {
    const t0 = performance.now();
    await indexLibrary({ store, bibPaths, pdfPaths: [] });
    console.log(`library: ${entries} entries (index or re-index ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    // Sentences made from the abstracts' own words (the generated library has no other language), each about one work.
    const sentences = Array.from({ length: 200 }, (_, i) => {
      const paper = store.getPaper(`w${(i * 241) % entries}`)!;
      return (paper.abstract ?? paper.title).split('. ')[1 + (i % 3)] ?? paper.title;
    });
    const ms: number[] = [];
    let found = 0;
    sentences.forEach((s, i) => {
      const start = performance.now();
      const ranked = suggestCitations(store, s, 10);
      ms.push(performance.now() - start);
      if (ranked[0]?.key === `w${(i * 241) % entries}`) found++;
    });
    console.log(`  one suggestion (top 10 of 50 candidates)   p50 ${percentile(ms, 50).toFixed(1)} ms, p95 ${percentile(ms, 95).toFixed(1)} ms (goal p95 ≤ 50 ms); the source work first for ${found} of ${sentences.length}`);
    const doc = sentences.slice(0, 150).map((s, i) => `${s} \\cite{w${(i * 241) % entries}, w${(i * 7) % entries}}.`).join('\n');
    const runs: number[] = [];
    for (let r = 0; r < 3; r++) {
      const start = performance.now();
      const checks = checkDocument(store, doc, 'latex');
      runs.push(performance.now() - start);
      if (checks.length !== 300) throw new Error(`${checks.length} checks`);
    }
    // The first run is what an author waits for; the later ones re-check the same document.
    console.log(`  check a document with 300 citations          first ${runs[0].toFixed(0)} ms, again ${runs.slice(1).map((r) => r.toFixed(0)).join(', ')} ms (goal ≤ 2,000 ms)`);
  } finally {
    store.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
