// Acceptance run of online enrichment on a real paper project (real .bib files with DOIs and no abstracts), against
// the local stand-in services: every entry with a DOI must get its abstract, and the draft of the paper's related
// work must then describe those works instead of naming their titles ("X et al. presented “Title”").
// The services' records are written here from each entry's own title: the test is of the plumbing, not the prose.
//   npx tsx scripts/enrich-acceptance.ts ../shared/data/papers/jabref-extract-references
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../src/cli/main';
import { parseBibtex, decodeBibBuffer } from '../src/core/bibtex';
import { normalizeDoi } from '../src/core/library/link';
import { walkFiles } from '../src/core/library/discovery';
import { startScholarlyServer, type FakeWork } from '../test/support/scholarly-server';

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (l) => out.push(l), err: (l) => err.push(l), packageRoot: path.resolve(__dirname, '..') });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function run(): Promise<number> {
  const project = process.argv[2];
  if (!project || !fs.existsSync(project)) {
    console.log(`enrich-acceptance: skipped (no paper project at '${project ?? ''}')`);
    return 0;
  }
  const bibs = walkFiles(project, ['.bib']);
  const texs = walkFiles(project, ['.tex']);
  const withDoi = new Map<string, { title: string; doi: string; year?: number; authors: string[] }>();
  for (const bib of bibs) {
    for (const e of parseBibtex(decodeBibBuffer(fs.readFileSync(bib))).entries) {
      const doi = normalizeDoi(e.doi);
      if (doi && !e.abstract && !withDoi.has(e.key)) withDoi.set(e.key, { title: e.title, doi, year: e.year, authors: e.creators.map((c) => `${c.given ?? ''} ${c.family}`.trim()) });
    }
  }
  const works: FakeWork[] = [...withDoi.values()].map((w) => ({
    title: w.title,
    doi: w.doi,
    year: w.year,
    authors: w.authors,
    abstract: `This work studies ${w.title.replace(/[{}]/g, '').toLowerCase()}. It reports a method, an evaluation on real cases, and what practitioners need from tools for it.`,
  }));
  const server = await startScholarlyServer(works);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-acceptance-'));
  const db = path.join(dir, 'library.db');
  let failures = 0;
  try {
    await cli(['index', '--db', db, ...bibs.flatMap((b) => ['--bib', b])]);
    const endpoints = Object.entries(server.endpoints).flatMap(([name, url]) => ['--endpoint', `${name}=${url}`]);
    const enrich = await cli(['enrich', '--db', db, '--source', 'openalex', ...endpoints, '--no-rate-limit', '--json']);
    const report = JSON.parse(enrich.out) as { found: { key: string }[]; considered: number };
    const found = new Set(report.found.map((f) => f.key));
    console.log(`${bibs.length} .bib file(s), ${withDoi.size} entries with a DOI and no abstract; ${found.size} got their abstract (of ${report.considered} without one)`);
    for (const key of withDoi.keys()) {
      if (!found.has(key)) {
        console.log(`FAIL: ${key} (DOI ${withDoi.get(key)!.doi}) got no abstract`);
        failures++;
      }
    }
    for (const tex of texs) {
      const draft = await cli(['draft', '--db', db, '--tex', tex]);
      if (draft.code !== 0) continue;
      console.log(`\n${path.relative(project, tex)}: ${draft.err.split('\n')[0]}\n${draft.out}`);
      for (const [key, w] of withDoi) {
        if (!draft.out.includes(`{${key}}`)) continue;
        if (draft.out.includes(`“${w.title.replace(/[{}]/g, '')}”`)) {
          console.log(`FAIL: the draft still names ${key} by its title only`);
          failures++;
        }
      }
      const grounding = await cli(['grounding', '--db', db, '--tex', tex]);
      console.log(grounding.out.split('\n')[0]);
    }
  } finally {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(failures ? `\n${failures} failure(s)` : '\nacceptance: passed');
  return failures ? 1 : 0;
}

run().then((code) => process.exit(code));
