// `citescribe search`: full-text search of the library (key, title, authors, abstract, linked PDF text).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { defineCommand } from '../command';
import { openLibraryStore } from '../../core/library/store';
import type { Author } from '../../core/types';

function authorLine(authors: Author[]): string {
  if (authors.length === 0) return '';
  if (authors.length > 3) return `${authors[0].family} et al.`;
  return authors.map((a) => a.family).join(', ');
}

export const searchCommand = defineCommand(
  {
    name: 'search',
    summary: 'search the library index',
    synopsis: ['citescribe search QUERY --db DB [--json] [--limit N]'],
    about: `Searches the library database built by \`citescribe index\`. Every word of QUERY must match the start of a word
in the entry's key, title, authors, abstract or linked PDF text ("knu tex" finds Knuth's TeX papers).`,
    positional: { name: 'QUERY', kind: 'words', required: true, description: 'the words to find (all of them, each as the start of a word)' },
    options: {
      db: { type: 'string', valueName: 'DB', required: true, description: 'the database file' },
      limit: { type: 'string', number: { integer: true, min: 1 }, default: 20, description: 'at most N results' },
      json: { type: 'boolean', description: 'print a JSON array of {key, title, authors, year, venue, pdfPath, score}' },
    },
  },
  async ({ values, positional }, io) => {
    const { db, limit } = values;
    const query = positional!;
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
);
