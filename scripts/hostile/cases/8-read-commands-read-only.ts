// Item 8: read commands must leave the database byte for byte as it was. An SQLite file with our table names but not
// our schema (meta, bib_files, entries, pdf_files only) given to `search` was switched to WAL (its bytes changed)
// and a migration was attempted; a library of an older schema was migrated by a search. Each must be refused with a
// message saying what is wrong, and the file (and its folder) left untouched.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type DatabaseType from 'better-sqlite3';
import type { HostileCase } from '../case';

function openDb(file: string): DatabaseType.Database {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return new (require('better-sqlite3') as typeof DatabaseType)(file);
}

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

function untouchedCase(name: string, make: (dir: string, cli: string) => string, says: RegExp): HostileCase {
  let before = '';
  let after = '';
  let filesBefore: string[] = [];
  let filesAfter: string[] = [];
  return {
    item: 8,
    name,
    limitSeconds: 20,
    prepare(dir, cli) {
      const db = make(dir, cli);
      before = sha256(db);
      filesBefore = readdirSync(dir).sort();
      return {
        args: ['search', '--db', path.basename(db), 'lichen'],
        cleanup() {
          after = sha256(db);
          filesAfter = readdirSync(dir).sort();
        },
      };
    },
    check(o) {
      if (after !== before) return `search changed the database's bytes (exit ${o.code})`;
      if (filesAfter.join() !== filesBefore.join()) return `search left files beside it: ${filesAfter.filter((f) => !filesBefore.includes(f)).join(', ')}`;
      if (o.code === 0) return 'exit 0 on a database it cannot read';
      const said = o.stderr.trim().split('\n').pop() ?? '';
      return says.test(said) ? null : `unclear message: ${said}`;
    },
  };
}

export default [
  untouchedCase(
    'search-foreign-schema-with-our-table-names',
    (dir) => {
      const file = path.join(dir, 'notes.sqlite');
      const db = openDb(file);
      db.exec(`CREATE TABLE meta (k TEXT, v TEXT); CREATE TABLE bib_files (name TEXT); CREATE TABLE entries (body TEXT);
               CREATE TABLE pdf_files (name TEXT); INSERT INTO entries VALUES ('lichen growth on headstones');`);
      db.close();
      return file;
    },
    /not a CiteScribe library/,
  ),
  untouchedCase(
    'search-library-of-an-older-schema',
    (dir, cli) => {
      writeFileSync(path.join(dir, 'refs.bib'), '@article{hollis2016, author = {Hollis, Ada}, title = {Lichen Growth Rates}, year = 2016}\n');
      const indexed = spawnSync(process.execPath, [cli, 'index', '--db', 'library.db', '--bib', 'refs.bib', '--quiet'], { cwd: dir, encoding: 'utf8' });
      if (indexed.status !== 0) throw new Error(`index failed: ${indexed.stderr}`);
      const file = path.join(dir, 'library.db');
      const db = openDb(file);
      // As CiteScribe left it at schema 13: before Zotero and the online sources.
      db.exec('DROP TABLE found_abstracts; DROP TABLE found_files; DROP TABLE enrich_attempts; PRAGMA user_version = 13');
      db.pragma('journal_mode = DELETE');
      db.close();
      return file;
    },
    /older CiteScribe/,
  ),
];
