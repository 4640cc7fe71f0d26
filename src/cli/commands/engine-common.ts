// Shared by `cite` and `draft`: opening the library database, reading --tense.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { UsageError } from '../args';
import { openLibraryStore, type LibraryStore } from '../../core/library/store';
import type { Tense } from '../../core/types';

export function openDatabase(db: string | undefined, command: string): LibraryStore {
  if (!db) throw new UsageError('--db DB is required');
  const dbPath = path.resolve(db);
  if (!fs.existsSync(dbPath)) throw new Error(`no database at ${dbPath} (build one with \`citescribe index --db ${db} --bib …\`); ${command} needs an indexed library`);
  return openLibraryStore(dbPath, 'read');
}

/** `--tense past|present`; undefined leaves the engine's default (past). */
export function parseTense(value: string | undefined): Tense | undefined {
  if (value === undefined) return undefined;
  if (value !== 'past' && value !== 'present') throw new UsageError(`--tense must be past or present, got '${value}'`);
  return value;
}
