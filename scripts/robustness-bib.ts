// Robustness check on real .bib files: indexes every .bib under a folder (default ../shared/data/bib) into a
// temporary database and asserts that nothing crashes, that the database holds exactly the entries the parser
// returned for each file, and that every reported problem names its file and line.
//   npx tsx scripts/robustness-bib.ts [FOLDER]
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { decodeBibBuffer, parseBibtex } from '../src/core/bibtex';
import { walkFiles } from '../src/core/library/discovery';
import { indexLibrary } from '../src/core/library/indexer';
import { openLibraryStore } from '../src/core/library/store';

async function main(): Promise<number> {
  const folder = path.resolve(process.argv[2] ?? path.join(__dirname, '..', '..', 'shared', 'data', 'bib'));
  if (!fs.existsSync(folder)) {
    console.log(`robustness-bib: ${folder} not found, skipped`);
    return 0;
  }
  const files = walkFiles(folder, ['.bib']);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-robustness-'));
  const store = openLibraryStore(path.join(tmp, 'library.db'), 'index');
  const failures: string[] = [];
  try {
    // 1. The parser alone, file by file: never throws; errors carry file and a positive line.
    const expected = new Map<string, number>();
    let parseErrors = 0;
    let warnings = 0;
    let duplicates = 0;
    // A key that a second file defines again is stored but not citable twice: the index counts citable keys.
    const keys = new Set<string>();
    const started = performance.now();
    for (const file of files) {
      try {
        const r = parseBibtex(decodeBibBuffer(fs.readFileSync(file)), file);
        expected.set(file, r.entries.length);
        for (const e of r.entries) keys.add(e.key);
        duplicates += r.duplicates.length;
        for (const e of r.errors) {
          if (e.severity === 'error') parseErrors++;
          else warnings++;
          if (e.file !== file || !Number.isInteger(e.line) || e.line < 1) failures.push(`${file}: error without file/line: ${JSON.stringify(e)}`);
        }
        // Touch the lazily converted fields the index uses, so a converter crash shows here too.
        for (const e of r.entries) void [e.title, e.creators, e.venue, e.year, e.abstract, e.doi];
      } catch (err) {
        failures.push(`${file}: parser threw ${(err as Error).stack}`);
      }
    }
    const parseMs = performance.now() - started;

    // 2. The whole indexer on the folder.
    const t0 = performance.now();
    const result = await indexLibrary({ store, bibPaths: [folder], pdfPaths: [] });
    const indexMs = performance.now() - t0;
    const expectedTotal = [...expected.values()].reduce((a, b) => a + b, 0);
    if (result.bibFiles !== files.length) failures.push(`bib files in DB ${result.bibFiles} != files found ${files.length}`);
    if (result.entries !== keys.size) failures.push(`citable keys in DB ${result.entries} != distinct keys parsed ${keys.size}`);
    // Per file, so one file's surplus cannot hide another's loss.
    const Database = require('better-sqlite3');
    const db = new Database(path.join(tmp, 'library.db'), { readonly: true });
    const perFile = new Map<string, number>(
      (db.prepare('SELECT b.path AS path, count(e.id) AS n FROM bib_files b LEFT JOIN entries e ON e.bib_file_id = b.id GROUP BY b.id').all() as { path: string; n: number }[]).map(
        (r) => [r.path, r.n],
      ),
    );
    db.close();
    for (const [file, n] of expected) {
      if (perFile.get(file) !== n) failures.push(`${file}: ${perFile.get(file)} entries in DB, parser returned ${n}`);
    }
    for (const e of result.errors) {
      if (!e.file || (e.line !== undefined && (!Number.isInteger(e.line) || e.line < 1)) || e.line === undefined) {
        failures.push(`problem without file and line: ${JSON.stringify(e)}`);
      }
    }

    // 3. An unchanged re-run reads nothing.
    const t1 = performance.now();
    const again = await indexLibrary({ store, bibPaths: [folder], pdfPaths: [] });
    const reindexMs = performance.now() - t1;
    if (again.bibFilesIndexed !== 0) failures.push(`unchanged re-run re-read ${again.bibFilesIndexed} files`);
    if (again.entries !== result.entries) failures.push(`re-run changed the entry count ${result.entries} → ${again.entries}`);

    const filesWithErrors = new Set(result.errors.map((e) => e.file)).size;
    console.log(
      [
        `robustness-bib: ${folder}`,
        `  files:            ${files.length}`,
        `  entries:          ${expectedTotal} returned by the parser, each stored in its file's rows; ${result.entries} citable keys in DB, ${keys.size} distinct keys parsed`,
        `  syntax errors:    ${parseErrors} (entries dropped), warnings: ${warnings}, duplicate keys: ${duplicates}`,
        `  files w/ problems ${filesWithErrors}`,
        `  parse-only:       ${parseMs.toFixed(0)} ms; full index: ${indexMs.toFixed(0)} ms; unchanged re-index: ${reindexMs.toFixed(0)} ms`,
        `  result:           ${failures.length === 0 ? 'OK' : `${failures.length} FAILURE(S)`}`,
      ].join('\n'),
    );
    for (const f of failures.slice(0, 50)) console.log('  ✗ ' + f);
    return failures.length ? 1 : 0;
  } finally {
    store.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
