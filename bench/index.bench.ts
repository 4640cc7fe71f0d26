// Library index benchmark. argv[2]: the shared data folder (parts whose files are absent are skipped).
//  1. tugboat.bib (4,839 entries): full index into a fresh database (read, hash, parse, Unicode fields, SQLite + FTS)
//     vs. parse-only time of LaTeX Workshop's parser (latex-utensils) on the same text, in the same process.
//     Goal: ≤ 1× latex-utensils and ≤ 1 s.
//  2. Re-index of the unchanged library: goal ≤ 50 ms.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { decodeBibBuffer, parseBibtex } from '../src/core/bibtex';
import { indexLibrary } from '../src/core/library/indexer';
import { openLibraryStore } from '../src/core/library/store';
import { median } from './stats';

const shared = path.resolve(process.argv[2] ?? path.join(__dirname, '..', '..', 'shared', 'data'));

async function timed<T>(fn: () => Promise<T> | T): Promise<[T, number]> {
  const t0 = performance.now();
  const r = await fn();
  return [r, performance.now() - t0];
}

async function main(): Promise<void> {
  const tugboat = path.join(shared, 'bib', 'large', 'tugboat.bib');
  if (!fs.existsSync(tugboat)) {
    console.log(`index.bench: ${tugboat} not found, skipped`);
    return;
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-bench-'));
  try {
    const text = decodeBibBuffer(fs.readFileSync(tugboat));

    // Cold: the first index of this process, fresh database — what a user's first run costs.
    const store = openLibraryStore(path.join(tmp, 'library.db'), 'index');
    const [first, indexMs] = await timed(() => indexLibrary({ store, bibPaths: [tugboat], pdfPaths: [] }));

    const [ours, parseMs] = await timed(() => parseBibtex(text, tugboat));

    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const latexUtensils = require('latex-utensils') as { bibtexParser: { parse(s: string): { content: { entryType?: string }[] } } };
    const [theirs, luMs] = await timed(() => latexUtensils.bibtexParser.parse(text));
    const luEntries = theirs.content.filter((n) => n.entryType && !/^(string|comment|preamble)$/i.test(n.entryType)).length;

    const reindexTimes: number[] = [];
    for (let i = 0; i < 7; i++) reindexTimes.push((await timed(() => indexLibrary({ store, bibPaths: [tugboat], pdfPaths: [] })))[1]);
    store.close();

    const ratio = indexMs / luMs;
    const reindexMs = median(reindexTimes);
    console.log(`tugboat.bib: ${(fs.statSync(tugboat).size / 1e6).toFixed(1)} MB, ${first.entries} entries indexed (our parser: ${ours.entries.length}, latex-utensils: ${luEntries})`);
    console.log(`  index into fresh DB (read+hash+parse+Unicode+SQLite/FTS5): ${indexMs.toFixed(0)} ms`);
    console.log(`  our parse only:                                          ${parseMs.toFixed(0)} ms`);
    console.log(`  latex-utensils parse only:                               ${luMs.toFixed(0)} ms`);
    console.log(`  index / latex-utensils parse: ${ratio.toFixed(2)}×  (goal ≤ 1× and ≤ 1000 ms: ${ratio <= 1 && indexMs <= 1000 ? 'met' : 'NOT met'})`);
    console.log(`  re-index unchanged: median ${reindexMs.toFixed(1)} ms of ${reindexTimes.length} (goal ≤ 50 ms: ${reindexMs <= 50 ? 'met' : 'NOT met'})`);

    // The whole bib corpus, when present: a library of ~1,100 files.
    const bibDir = path.join(shared, 'bib');
    const all = openLibraryStore(path.join(tmp, 'all.db'), 'index');
    const [allResult, allMs] = await timed(() => indexLibrary({ store: all, bibPaths: [bibDir], pdfPaths: [] }));
    const allAgain: number[] = [];
    for (let i = 0; i < 5; i++) allAgain.push((await timed(() => indexLibrary({ store: all, bibPaths: [bibDir], pdfPaths: [] })))[1]);
    all.close();
    console.log(`all of bib/: ${allResult.bibFiles} files, ${allResult.entries} entries indexed in ${allMs.toFixed(0)} ms; unchanged re-index median ${median(allAgain).toFixed(1)} ms`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
