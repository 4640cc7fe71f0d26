// `citescribe search`: full-text search of the library (key, title, authors, abstract, linked PDF text).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseCommandArgs, UsageError, type CliCommand } from '../args';
import { openLibraryStore } from '../../core/library/store';
import type { Author } from '../../core/types';

const usage = `Usage: citescribe search QUERY --db DB [--json] [--limit N]

Searches the library database built by \`citescribe index\`. Every word of QUERY must match the start of a word
in the entry's key, title, authors, abstract or linked PDF text ("knu tex" finds Knuth's TeX papers).

Options:
  --db DB       the database file
  --limit N     at most N results (default 20)
  --json        print a JSON array of {key, title, authors, year, venue, pdfPath, score}`;

function authorLine(authors: Author[]): string {
  if (authors.length === 0) return '';
  if (authors.length > 3) return `${authors[0].family} et al.`;
  return authors.map((a) => a.family).join(', ');
}

export const searchCommand: CliCommand = {
  name: 'search',
  summary: 'search the library index',
  usage,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, {
      db: { type: 'string' },
      json: { type: 'boolean' },
      limit: { type: 'string' },
    });
    const db = values.db as string | undefined;
    if (!db) throw new UsageError('--db DB is required');
    const query = positionals.join(' ').trim();
    if (!query) throw new UsageError('QUERY is required');
    const limit = values.limit === undefined ? 20 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1) throw new UsageError(`--limit must be a positive integer, got '${values.limit}'`);
    const dbPath = path.resolve(db);
    if (!fs.existsSync(dbPath)) {
      io.err(`citescribe search: no database at ${dbPath} (build one with \`citescribe index --db ${db} --bib …\`)`);
      return 1;
    }
    const store = openLibraryStore(dbPath, 'read');
    try {
      const hits = store.search(query, limit);
      if (values.json) {
        io.out(JSON.stringify(hits));
      } else if (hits.length === 0) {
        io.out(`no match for '${query}'`);
      } else {
        for (const h of hits) {
          const meta = [authorLine(h.authors), h.year, h.venue].filter(Boolean).join(' · ');
          io.out(`${h.key}\t${h.title}${meta ? `\t${meta}` : ''}${h.pdfPath ? `\t[PDF ${h.pdfPath}]` : ''}`);
        }
      }
      return 0;
    } finally {
      store.close();
    }
  },
};
