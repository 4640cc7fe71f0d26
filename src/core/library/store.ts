// The library database: better-sqlite3 in WAL mode, one transaction per indexed file, FTS5 for search.
// better-sqlite3 is a native module; it is required inside openLibraryStore so that loading this file (in the
// extension host or the CLI) costs nothing until the library is first used.
//
// The public face of the library store: it opens the database (below) and re-exports what the rest of CiteScribe
// imports. The store itself is split by concern: store-reads.ts, store-linking.ts, store-writes.ts (their shared
// connection in store-connection.ts); those parts never import this file.
import * as fs from 'node:fs';
import type { Database } from 'better-sqlite3';
import { MIGRATIONS, SCHEMA_VERSION, schemaProblem } from './schema';
import { SqliteLibraryStore } from './store-writes';

export * from './store-types';
export { toFtsQuery } from './store-reads';
import type { LibraryStore } from './store-types';

type BetterSqlite3 = typeof import('better-sqlite3');

function loadDriver(): BetterSqlite3 {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('better-sqlite3') as BetterSqlite3;
}

class CorruptDatabaseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CorruptDatabaseError';
  }
}

/** The file given as the database is not one of ours: it is never moved, rewritten or repaired. */
export class NotALibraryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotALibraryError';
  }
}

/**
 * How a caller opens the database:
 * - `read` (search, cite, suggest, check, draft…): an existing CiteScribe database of this schema version, opened
 *   read-only. Nothing is created, moved, migrated or switched to WAL; a library of another version, or a file that is
 *   not ours, is refused with what is wrong. No integrity check runs (a `quick_check` reads every page: 2 s on a
 *   572 MB library, for a search that needs 5 ms).
 * - `index` (the indexer): creates the database, or checks it (`quick_check`), migrates it, and rebuilds one of ours
 *   that is damaged, after moving it aside. A file that is not ours (not SQLite, or SQLite without our tables or
 *   with our table names but not our schema: a .tex given by mistake, another program's database) is refused,
 *   never touched.
 * - `owned`: as `index`, for a path CiteScribe itself chose (the extension's workspace storage): whatever is there is
 *   ours to move aside and rebuild.
 */
type OpenMode = 'read' | 'index' | 'owned';

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

/** 'empty' (absent or zero bytes), 'sqlite', or 'other' — from the first 16 bytes, without opening the file as SQLite. */
function fileKind(dbPath: string): 'empty' | 'sqlite' | 'other' {
  let fd: number;
  try {
    fd = fs.openSync(dbPath, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'empty';
    throw err;
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) return 'other';
    if (stat.size === 0) return 'empty';
    const head = Buffer.alloc(SQLITE_MAGIC.length);
    const read = fs.readSync(fd, head, 0, head.length, 0);
    return read === head.length && head.equals(SQLITE_MAGIC) ? 'sqlite' : 'other';
  } finally {
    fs.closeSync(fd);
  }
}

/** The library was written by another CiteScribe version than this one; a read command does not convert it. */
export class LibraryVersionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LibraryVersionError';
  }
}

/**
 * Opens the library database at dbPath; see OpenMode for what each caller may create, check or repair. The index is
 * derived data (the user's .bib and PDFs are the source of truth), so a damaged database of ours is moved aside to
 * `<db>.corrupt-<timestamp>` and rebuilt, but only by the indexer.
 */
export function openLibraryStore(dbPath: string, mode: OpenMode): LibraryStore {
  const Driver = loadDriver();
  if (dbPath === ':memory:') return new SqliteLibraryStore(openChecked(Driver, dbPath, mode), dbPath);
  const kind = fileKind(dbPath);
  if (mode === 'read') {
    if (kind === 'empty') throw new NotALibraryError(`no library database at ${dbPath} (build one with \`citescribe index --db ${dbPath} --bib …\`)`);
    if (kind === 'other') throw new NotALibraryError(`${dbPath} is not a CiteScribe library database (not an SQLite file); give --db the file \`citescribe index\` wrote`);
    try {
      return new SqliteLibraryStore(openChecked(Driver, dbPath, mode), dbPath);
    } catch (err) {
      if (isCorruption(err) && !(err instanceof CorruptDatabaseError)) {
        throw new CorruptDatabaseError(`the library database ${dbPath} is damaged (${(err as Error).message}); \`citescribe index\` rebuilds it`);
      }
      throw err;
    }
  }
  if (kind === 'other' && mode === 'index') {
    throw new NotALibraryError(`${dbPath} is not a CiteScribe library database (not an SQLite file); refusing to overwrite it — give --db a new file name`);
  }
  try {
    if (kind === 'other') throw new CorruptDatabaseError('not an SQLite file');
    return new SqliteLibraryStore(openChecked(Driver, dbPath, mode), dbPath);
  } catch (err) {
    if (!isCorruption(err)) throw err;
    const movedTo = moveAside(dbPath);
    return new SqliteLibraryStore(openChecked(Driver, dbPath, mode), dbPath, movedTo);
  }
}

function openChecked(Driver: BetterSqlite3, dbPath: string, mode: OpenMode): Database {
  if (mode === 'read' && dbPath !== ':memory:') return openForReading(Driver, dbPath);
  const db = new Driver(dbPath);
  try {
    db.pragma('busy_timeout = 5000');
    const problem = dbPath === ':memory:' ? undefined : schemaProblem(db, () => new Driver(':memory:'));
    if (problem && (problem.kind === 'foreign' || problem.kind === 'newer')) {
      if (mode === 'owned' || problem.kind === 'newer') throw new CorruptDatabaseError(problem.detail);
      throw new NotALibraryError(`${dbPath} is an SQLite database, but not a CiteScribe library (${problem.detail}); refusing to change it — give --db a new file name`);
    }
    db.pragma('journal_mode = WAL');
    // NORMAL is crash-safe in WAL mode (a killed process loses nothing committed); only power loss may drop the tail.
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new CorruptDatabaseError(`quick_check: ${String(check)}`);
    migrate(db);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/**
 * Read commands (search, cite, suggest, check, draft…) open the file read-only and change nothing in it: no journal
 * mode, no migration. A file that is not a library of this version is refused with what is wrong; a foreign file
 * with our table names was switched to WAL (its bytes changed) and half-migrated by a search.
 */
function openForReading(Driver: BetterSqlite3, dbPath: string): Database {
  const db = new Driver(dbPath, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const problem = schemaProblem(db, () => new Driver(':memory:'));
    if (problem?.kind === 'empty' || problem?.kind === 'foreign') {
      throw new NotALibraryError(`${dbPath} is an SQLite database, but not a CiteScribe library (${problem.detail}); it was left as it is`);
    }
    if (problem?.kind === 'older') {
      throw new LibraryVersionError(
        `${dbPath} was written by an older CiteScribe (${problem.detail}); a read command does not convert it: ` +
          `index it again (\`citescribe index --db ${dbPath} --bib …\` with its .bib files and PDFs) to bring it up to date`,
      );
    }
    if (problem?.kind === 'newer') throw new LibraryVersionError(`${dbPath} was written by a newer CiteScribe (${problem.detail}); update CiteScribe to read it`);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

function migrate(db: Database): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > SCHEMA_VERSION) {
    throw new CorruptDatabaseError(`schema version ${version} is newer than this CiteScribe's (${SCHEMA_VERSION})`);
  }
  for (let v = version; v < SCHEMA_VERSION; v++) {
    // IMMEDIATE: two processes opening an old database at once must not both run the same migration.
    db.transaction(() => {
      if ((db.pragma('user_version', { simple: true }) as number) !== v) return;
      MIGRATIONS[v](db);
      db.pragma(`user_version = ${v + 1}`);
    }).immediate();
  }
}

function isCorruption(err: unknown): boolean {
  if (err instanceof CorruptDatabaseError) return true;
  const e = err as { code?: string; message?: string };
  return (
    e?.code === 'SQLITE_CORRUPT' ||
    e?.code === 'SQLITE_NOTADB' ||
    /file is not a database|database disk image is malformed/i.test(e?.message ?? '')
  );
}

function moveAside(dbPath: string): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const target = `${dbPath}.corrupt-${stamp}`;
  fs.renameSync(dbPath, target);
  for (const suffix of ['-wal', '-shm']) {
    if (fs.existsSync(dbPath + suffix)) fs.renameSync(dbPath + suffix, target + suffix);
  }
  return target;
}
