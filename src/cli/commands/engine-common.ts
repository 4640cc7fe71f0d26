// Shared by the commands that read the library: opening its database, with the fix when there is none.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { UsageError } from '../args';
import { openLibraryStore, type LibraryStore } from '../../core/library/store';

export function openDatabase(db: string | undefined, command: string): LibraryStore {
  if (!db) throw new UsageError('--db DB is required');
  const dbPath = path.resolve(db);
  if (!fs.existsSync(dbPath)) throw new Error(`no database at ${dbPath} (build one with \`citescribe index --db ${db} --bib …\`); ${command} needs an indexed library`);
  return openLibraryStore(dbPath, 'read');
}

