// `citescribe index`: builds or updates the library database from .bib files and PDFs (files or folders).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { defineCommand } from '../command';
import { indexLibrary } from '../../core/library/indexer';
import { openLibraryStore } from '../../core/library/store';

export const indexCommand = defineCommand(
  {
    name: 'index',
    summary: 'index .bib files and PDFs into the library database',
    synopsis: ['citescribe index --db DB [--bib PATH]... [--pdf PATH]... [--json]'],
    about: `Indexes BibTeX files and PDFs into the library database DB (created if absent). PATH is a file or a folder,
searched recursively. Unchanged files are skipped; files no longer given are removed from the index.
A path given that is not read (missing, a device, a FIFO, /proc…) is a warning on stderr; the exit status is 1
when none of the paths given could be read.`,
    options: {
      db: { type: 'string', valueName: 'DB', required: true, description: 'the database file' },
      bib: { type: 'string', valueName: 'PATH', multiple: true, description: 'a .bib file, or a folder of them' },
      pdf: { type: 'string', valueName: 'PATH', multiple: true, description: 'a PDF, or a folder of them' },
      json: { type: 'boolean', description: 'print one JSON object: {bibFiles, entries, pdfFiles, pdfsWithText, linked, errors:[{file, line?, message}]}' },
      quiet: { type: 'boolean', description: 'no progress on stderr' },
    },
  },
  async ({ values }, io) => {
    const bibPaths = values.bib ?? [];
    const pdfPaths = values.pdf ?? [];
    const dbPath = path.resolve(values.db);
    fs.mkdirSync(path.dirname(dbPath), { recursive: true });
    const store = openLibraryStore(dbPath, 'index');
    if (store.movedAsideTo) io.err(`citescribe index: the database was unreadable; moved it to ${store.movedAsideTo} and rebuilt`);
    const controller = new AbortController();
    const onSigint = () => controller.abort();
    process.once('SIGINT', onSigint);
    try {
      const showProgress = !values.quiet && !values.json && process.stderr.isTTY;
      const result = await indexLibrary({
        store,
        bibPaths,
        pdfPaths,
        signal: controller.signal,
        // Another run on this database (a second terminal, the extension): wait for it, and say so.
        lockWaitMs: 10 * 60_000,
        onProgress: (done, total, message) => {
          if (total === 0 && message) io.err(`citescribe index: ${message}`);
          else if (showProgress) process.stderr.write(`\r[${done}/${total}] ${(message ?? '').slice(0, 60).padEnd(60)}`);
        },
      });
      if (showProgress) process.stderr.write('\r' + ' '.repeat(80) + '\r');
      const errors = result.errors.map((e) => (e.line === undefined ? { file: e.file, message: e.message } : { file: e.file, line: e.line, message: e.message }));
      if (values.json) {
        io.out(
          JSON.stringify({
            bibFiles: result.bibFiles,
            entries: result.entries,
            pdfFiles: result.pdfFiles,
            pdfsWithText: result.pdfsWithText,
            linked: result.linked,
            errors,
          }),
        );
      } else {
        io.out(
          `${result.entries} entries from ${result.bibFiles} .bib file(s); ${result.pdfsWithText}/${result.pdfFiles} PDFs with text, ` +
            `${result.linked} linked; ${result.bibFilesIndexed + result.pdfFilesIndexed} file(s) (re)indexed in ${Math.round(result.elapsedMs)} ms`,
        );
        for (const e of errors) io.out(`${e.file}${e.line !== undefined ? `:${e.line}` : ''}: ${e.message}`);
      }
      // A path the user named and we did not read is said on stderr too, whatever the output format…
      for (const u of result.unreadInputs) io.err(`citescribe index: warning: ${u.file}: ${u.reason}`);
      // …and when none of them could be read, the run failed: exit 1 ("0 files" with exit 0 hid a typo or a FIFO).
      const named = bibPaths.length + pdfPaths.length;
      if (named > 0 && result.unreadInputs.length >= named) {
        io.err(`citescribe index: none of the ${named} path(s) given could be read`);
        return 1;
      }
      return 0;
    } finally {
      process.removeListener('SIGINT', onSigint);
      store.close();
    }
  },
);
