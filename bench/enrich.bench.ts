// Grounding at scale: online enrichment of 1,000 entries against the local stand-in services (rate limit off, so
// what is measured is our own work: requests, parsing, matching, writing), and reading a 20,000-item Zotero library
// and matching it to a 2,000-entry .bib library.
//   npm run bench -- enrich        or   node --import tsx bench/enrich.bench.ts [DATA_DIR] [--entries N] [--items N]
// Goals (issue 50): reading a 20,000-item zotero.sqlite ≤ 2 s. Enrichment throughput is reported (no goal: the real
// services' rate limits, not our code, bound it: OpenAlex 10/s, Semantic Scholar ~1/s, arXiv 1 per 3 s).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { enrichLibrary } from '../src/core/enrich/enrich';
import type { FetchLike } from '../src/core/enrich/http';
import { indexLibrary } from '../src/core/library/indexer';
import { openLibraryStore } from '../src/core/library/store';
import { importFromZotero } from '../src/core/zotero/import';
import { readZoteroLibrary } from '../src/core/zotero/reader';
import { startScholarlyServer, type FakeWork } from '../test/support/scholarly-server';
import { buildZoteroDataDir, type FixtureItem } from '../test/support/zotero-fixture';
import { median } from './stats';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
}

const WORDS = 'adaptive sparse neural tidal lichen graph kernel spectral acoustic bell ferry harbour corpus parser weather spore granite syllable whistle timetable'.split(' ');

/** A made-up title, deterministic in i, distinct for every i. */
function title(i: number): string {
  const w = (k: number) => WORDS[(i * 7 + k * 13) % WORDS.length];
  return `${w(0)} ${w(1)} methods for ${w(2)} ${w(3)} study number ${i}`.replace(/^./, (c) => c.toUpperCase());
}

function abstract(i: number): string {
  return `We study ${title(i).toLowerCase()} and report how the ${WORDS[i % WORDS.length]} data behave across ${i % 50 + 3} settings.`;
}

async function benchEnrich(root: string, entries: number): Promise<void> {
  const bib = path.join(root, 'enrich.bib');
  fs.writeFileSync(
    bib,
    Array.from({ length: entries }, (_, i) => `@article{e${i}, author = {Author${i}, Ann}, title = {${title(i)}}, year = {${2000 + (i % 25)}}, doi = {10.5555/bench.${i}}}\n`).join(''),
  );
  const works: FakeWork[] = Array.from({ length: entries }, (_, i) => ({ title: title(i), abstract: abstract(i), year: 2000 + (i % 25), authors: [`Ann Author${i}`], doi: `10.5555/bench.${i}` }));
  const server = await startScholarlyServer(works);
  const store = openLibraryStore(path.join(root, 'enrich.db'), 'owned');
  try {
    await indexLibrary({ store, bibPaths: [bib], pdfPaths: [] });
    const t0 = performance.now();
    const report = await enrichLibrary({ store, fetch: globalThis.fetch as unknown as FetchLike, sources: ['openalex'], endpoints: server.endpoints, rateLimit: false });
    const seconds = (performance.now() - t0) / 1000;
    console.log(
      `enrich: ${report.found.length}/${entries} abstracts found by DOI in ${seconds.toFixed(2)} s = ${(entries / seconds).toFixed(0)} entries/s ` +
        `(${server.requests.length} requests to 127.0.0.1, rate limit off)`,
    );
    if (report.found.length !== entries) throw new Error(`only ${report.found.length} of ${entries} found`);
  } finally {
    store.close();
    await server.close();
  }
}

async function benchZotero(root: string, items: number, bibEntries: number): Promise<void> {
  const dir = path.join(root, `Zotero-${items}`);
  if (!fs.existsSync(path.join(dir, 'zotero.sqlite'))) {
    const t0 = performance.now();
    const fixture: FixtureItem[] = Array.from({ length: items }, (_, i) => ({
      key: `Z${String(i).padStart(7, '0')}`,
      title: title(i),
      abstract: abstract(i),
      date: String(2000 + (i % 25)),
      creators: [['Ann', `Author${i}`], ['Bo', `Coauthor${i % 97}`]],
      ...(i % 3 === 0 && { doi: `10.5555/bench.${i}` }),
      ...(i % 5 === 0 && { betterBibtexKey: `b${i}` }),
    }));
    buildZoteroDataDir(dir, fixture);
    console.log(`zotero: wrote a ${items}-item zotero.sqlite (${(fs.statSync(path.join(dir, 'zotero.sqlite')).size / 1e6).toFixed(1)} MB) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  const reads: number[] = [];
  for (let run = 0; run < 5; run++) {
    const t0 = performance.now();
    const library = readZoteroLibrary(dir);
    reads.push(performance.now() - t0);
    if (library.items.length !== items) throw new Error(`read ${library.items.length} of ${items} items`);
  }
  console.log(`zotero: read ${items} items (copy + query + Better BibTeX keys) median ${(median(reads) / 1000).toFixed(2)} s over 5 runs (goal ≤ 2 s)`);

  // A .bib library of 2,000 entries: a fifth findable by Better BibTeX key, a third of the rest by DOI, the others by
  // title only.
  const bib = path.join(root, 'zotero-match.bib');
  const step = Math.max(1, Math.floor(items / bibEntries));
  fs.writeFileSync(
    bib,
    Array.from({ length: bibEntries }, (_, j) => {
      const i = Math.min(items - 1, j * step + (j % step));
      const key = i % 5 === 0 ? `b${i}` : `m${i}`;
      const doi = i % 3 === 0 ? `, doi = {10.5555/bench.${i}}` : '';
      return `@article{${key}, author = {Author${i}, Ann}, title = {${title(i)}}, year = {${2000 + (i % 25)}}${doi}}\n`;
    }).join(''),
  );
  const store = openLibraryStore(path.join(root, 'zotero-match.db'), 'owned');
  try {
    await indexLibrary({ store, bibPaths: [bib], pdfPaths: [] });
    const t0 = performance.now();
    const report = importFromZotero(store, dir);
    const m = report.matched;
    console.log(
      `zotero: read and matched ${bibEntries} entries to ${items} items in ${((performance.now() - t0) / 1000).toFixed(2)} s ` +
        `(${m['citation-key']} by citation key, ${m.doi} by DOI, ${m.title} by title; ${report.abstracts} abstracts kept)`,
    );
  } finally {
    store.close();
  }
}

async function main(): Promise<void> {
  const root = path.join(os.tmpdir(), 'citescribe-enrich-bench');
  fs.mkdirSync(root, { recursive: true });
  for (const f of fs.readdirSync(root)) if (f.endsWith('.db') || f.endsWith('.db-wal') || f.endsWith('.db-shm')) fs.rmSync(path.join(root, f));
  await benchEnrich(root, Number(arg('entries', '1000')));
  await benchZotero(root, Number(arg('items', '20000')), 2000);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
