// Reads a Zotero data directory: items from zotero.sqlite (title, abstract, DOI, URL, date, creators, Extra), their
// PDF attachments under storage/<KEY>/, and Better BibTeX's citation keys from better-bibtex.sqlite. Zotero keeps
// its database locked while it runs, so the files are copied to a temporary folder and the copy is read: nothing
// here ever opens Zotero's own files for writing, or at all through SQLite. The copy takes the database's -journal
// and -wal with it, so that SQLite sees in the copy what a reader of the original would: committed data only.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Database } from 'better-sqlite3';
import { processRunning } from '../util/process-state';

export interface ZoteroItem {
  itemID: number;
  /** Zotero's 8-character item key ("ABCD2345"). */
  key: string;
  libraryID: number;
  type: string;
  title: string;
  abstract?: string;
  doi?: string;
  url?: string;
  year?: number;
  /** Family names, in order. */
  creators: string[];
  /** Better BibTeX's key, Zotero's citationKey field, or a "Citation Key:" line of Extra. */
  citationKey?: string;
  /** PDF attachments that exist on disk, absolute paths. */
  pdfs: string[];
}

export interface ZoteroLibrary {
  dataDirectory: string;
  items: ZoteroItem[];
  /** Where the citation keys came from, when any did. */
  citationKeysFrom?: 'better-bibtex' | 'zotero';
}

export class ZoteroReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZoteroReadError';
  }
}

/** Zotero's default data directory on every platform (Zotero 5 and later): ~/Zotero, when it holds a zotero.sqlite. */
export function defaultZoteroDataDirectory(home = os.homedir()): string | undefined {
  const dir = path.join(home, 'Zotero');
  return fs.existsSync(path.join(dir, 'zotero.sqlite')) ? dir : undefined;
}

/** What a path is when it is not a regular file ("a FIFO (named pipe)"), or undefined when it is one or is absent. */
function notAFile(file: string): string | undefined {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ZoteroReadError(`${file} cannot be read: ${(err as Error).message}`);
  }
  return describeNonFile(stat);
}

function describeNonFile(stat: fs.Stats): string | undefined {
  if (stat.isFile()) return undefined;
  if (stat.isDirectory()) return 'a directory';
  if (stat.isFIFO()) return 'a FIFO (named pipe)';
  if (stat.isSocket()) return 'a socket';
  return 'a device';
}

/**
 * Copies a regular file, checked on the descriptor it is read through: a FIFO is never read (it would wait for a
 * writer for ever), and a file swapped for one after the check is caught here. O_NONBLOCK makes opening a FIFO
 * return at once instead of waiting; it does not change how a regular file reads.
 */
function copyRegularFile(source: string, target: string): void {
  const fd = fs.openSync(source, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  try {
    const what = describeNonFile(fs.fstatSync(fd));
    if (what) throw new ZoteroReadError(`${source} is ${what}, not a database file`);
    const out = fs.openSync(target, 'w');
    try {
      const buffer = Buffer.allocUnsafe(1 << 20);
      for (let read; (read = fs.readSync(fd, buffer, 0, buffer.length, null)) > 0; ) fs.writeSync(out, buffer, 0, read);
    } finally {
      fs.closeSync(out);
    }
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The files SQLite reads together: the database, its rollback journal and its write-ahead log. A write transaction
 * in progress (or cut off) leaves pages in the database file that only its -journal can undo: a copy without it read
 * an abstract that was then rolled back. Copied with it, SQLite rolls the copy back to what was committed when it
 * opens it; a -wal holds committed transactions not yet in the main file.
 */
const COMPANIONS = ['', '-journal', '-wal'];

/** Size, time and inode of each of the files, to tell whether a writer touched any of them during a copy. */
function fingerprint(file: string): string {
  return COMPANIONS.map((suffix) => {
    try {
      const s = fs.statSync(file + suffix);
      return `${s.ino}:${s.size}:${s.mtimeMs}`;
    } catch {
      return '-';
    }
  }).join('|');
}

/** Copies `file` with its -journal and -wal into `tempDir`, as one consistent set; returns the copy's path. */
function copyDatabase(file: string, tempDir: string): string {
  const copy = path.join(tempDir, path.basename(file));
  for (let attempt = 0; attempt < 5; attempt++) {
    const before = fingerprint(file);
    for (const suffix of COMPANIONS) {
      fs.rmSync(copy + suffix, { force: true });
      const what = notAFile(file + suffix);
      if (what) throw new ZoteroReadError(`${file + suffix} is ${what}, not a database file`);
      try {
        copyRegularFile(file + suffix, copy + suffix);
      } catch (err) {
        // A journal or log that the writer removed between our look and our copy is absent: the fingerprint tells.
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || suffix === '') throw err;
      }
    }
    // Zotero wrote while we copied (the main file from before, the journal from after): copy again.
    if (fingerprint(file) === before) return copy;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
  }
  throw new ZoteroReadError(`${file} kept changing while it was copied (Zotero is writing to it); try again in a moment`);
}

/** A temporary folder of ours, named for the process, so that the next read can remove one a killed run left. */
const TEMP_PREFIX = 'citescribe-zotero-';

function removeLeftoverTempDirs(): void {
  const tmp = os.tmpdir();
  let names: string[];
  try {
    names = fs.readdirSync(tmp);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(new RegExp(`^${TEMP_PREFIX}(\\d+)-`).exec(name)?.[1]);
    if (!pid || pid === process.pid) continue;
    const dir = path.join(tmp, name);
    if (processRunning(pid)) continue;
    try {
      // An hour old at least: a folder shared with another machine's or container's processes may be in use.
      if (Date.now() - fs.statSync(dir).mtimeMs > 3_600_000) fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // Someone else's, or gone already.
    }
  }
}

function openCopy(copy: string): Database {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const Driver = require('better-sqlite3') as typeof import('better-sqlite3');
  // Not read-only: SQLite must be able to roll a copied hot -journal back into the copy, or replay a copied -wal. The
  // copy is ours and deleted after.
  return new Driver(copy, { fileMustExist: true });
}

function tableExists(db: Database, name: string): boolean {
  return db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(name) !== undefined;
}

const FIELDS = ['title', 'abstractNote', 'DOI', 'url', 'date', 'extra', 'citationKey'] as const;
const NOT_WORKS = ['attachment', 'note', 'annotation'];

/** Extra's "Key: value" lines (Zotero keeps fields its item type lacks there: "DOI: 10.…", "Citation Key: smith2020"). */
function extraField(extra: string | undefined, name: string): string | undefined {
  const m = new RegExp(`^\\s*${name}\\s*:\\s*(.+?)\\s*$`, 'im').exec(extra ?? '');
  return m?.[1];
}

/** An attachment's path as a file: "storage:paper.pdf" lies in storage/<attachment key>/; a linked file is absolute. */
function attachmentFile(dataDir: string, attachmentKey: string, stored: string | null): string | undefined {
  if (!stored) return undefined;
  if (stored.startsWith('storage:')) return path.join(dataDir, 'storage', attachmentKey, stored.slice('storage:'.length));
  // "attachments:…" is relative to the linked-attachment base directory, a preference outside the database.
  if (stored.startsWith('attachments:')) return undefined;
  return path.isAbsolute(stored) ? stored : undefined;
}

export function readZoteroLibrary(dataDirectory: string): ZoteroLibrary {
  const dataDir = path.resolve(dataDirectory);
  const sqlite = path.join(dataDir, 'zotero.sqlite');
  if (!fs.existsSync(sqlite)) throw new ZoteroReadError(`${dataDir} is not a Zotero data directory: it has no zotero.sqlite`);
  // Checked before any temporary folder exists: a FIFO would hang the copy, a directory fail it with EISDIR.
  const what = notAFile(sqlite);
  if (what) throw new ZoteroReadError(`${sqlite} is ${what}, not a database file: give --data-dir the folder where Zotero keeps its zotero.sqlite`);
  removeLeftoverTempDirs();
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), `${TEMP_PREFIX}${process.pid}-`));
  try {
    const db = openCopy(copyDatabase(sqlite, tempDir));
    let items: ZoteroItem[];
    try {
      items = readItems(db, dataDir);
    } catch (err) {
      throw new ZoteroReadError(`${sqlite} could not be read as a Zotero database: ${(err as Error).message}`);
    } finally {
      db.close();
    }
    const library: ZoteroLibrary = { dataDirectory: dataDir, items };
    if (items.some((i) => i.citationKey)) library.citationKeysFrom = 'zotero';
    const bbt = path.join(dataDir, 'better-bibtex.sqlite');
    if (fs.existsSync(bbt) && applyBetterBibtexKeys(bbt, tempDir, items)) library.citationKeysFrom = 'better-bibtex';
    return library;
  } finally {
    fs.rmSync(tempDir, { recursive: true, force: true });
  }
}

function readItems(db: Database, dataDir: string): ZoteroItem[] {
  const fieldsTable = tableExists(db, 'fieldsCombined') ? 'fieldsCombined' : 'fields';
  const typesTable = tableExists(db, 'itemTypesCombined') ? 'itemTypesCombined' : 'itemTypes';
  const deleted = tableExists(db, 'deletedItems') ? 'AND i.itemID NOT IN (SELECT itemID FROM deletedItems)' : '';
  const rows = db
    .prepare(
      `SELECT i.itemID, i.key, i.libraryID, t.typeName FROM items i JOIN ${typesTable} t ON t.itemTypeID = i.itemTypeID
       WHERE t.typeName NOT IN (${NOT_WORKS.map(() => '?').join(', ')}) ${deleted} ORDER BY i.itemID`,
    )
    .all(...NOT_WORKS) as { itemID: number; key: string; libraryID: number; typeName: string }[];
  const byId = new Map<number, ZoteroItem>();
  for (const r of rows) byId.set(r.itemID, { itemID: r.itemID, key: r.key, libraryID: r.libraryID, type: r.typeName, title: '', creators: [], pdfs: [] });

  const values = db
    .prepare(
      `SELECT d.itemID, f.fieldName, v.value FROM itemData d JOIN itemDataValues v ON v.valueID = d.valueID
       JOIN ${fieldsTable} f ON f.fieldID = d.fieldID WHERE f.fieldName IN (${FIELDS.map(() => '?').join(', ')})`,
    )
    .all(...FIELDS) as { itemID: number; fieldName: (typeof FIELDS)[number]; value: unknown }[];
  const extras = new Map<number, string>();
  for (const v of values) {
    const item = byId.get(v.itemID);
    const value = v.value === null || v.value === undefined ? '' : String(v.value).trim();
    if (!item || !value) continue;
    if (v.fieldName === 'title') item.title = value;
    else if (v.fieldName === 'abstractNote') item.abstract = value.replace(/\s+/g, ' ');
    else if (v.fieldName === 'DOI') item.doi = value;
    else if (v.fieldName === 'url') item.url = value;
    else if (v.fieldName === 'date') {
      // Zotero stores "2019-05-00 2019-05" (a SQL date, then the date as typed).
      const year = /\b(\d{4})\b/.exec(value)?.[1];
      if (year) item.year = Number(year);
    } else if (v.fieldName === 'extra') extras.set(v.itemID, value);
    else if (v.fieldName === 'citationKey') item.citationKey = value;
  }
  for (const [id, extra] of extras) {
    const item = byId.get(id)!;
    item.doi ??= extraField(extra, 'DOI');
    item.citationKey ??= extraField(extra, 'Citation Key');
  }

  const creators = db
    .prepare(`SELECT ic.itemID, c.lastName FROM itemCreators ic JOIN creators c ON c.creatorID = ic.creatorID ORDER BY ic.itemID, ic.orderIndex`)
    .all() as { itemID: number; lastName: string | null }[];
  for (const c of creators) if (c.lastName) byId.get(c.itemID)?.creators.push(c.lastName);

  const attachments = db
    .prepare(
      `SELECT a.parentItemID, a.path, a.contentType, i.key FROM itemAttachments a JOIN items i ON i.itemID = a.itemID
       WHERE a.parentItemID IS NOT NULL ${deleted.replace('i.itemID', 'a.itemID')} ORDER BY a.itemID`,
    )
    .all() as { parentItemID: number; path: string | null; contentType: string | null; key: string }[];
  for (const a of attachments) {
    const item = byId.get(a.parentItemID);
    if (!item || (a.contentType !== 'application/pdf' && !/\.pdf$/i.test(a.path ?? ''))) continue;
    const file = attachmentFile(dataDir, a.key, a.path);
    if (file && fs.existsSync(file) && !item.pdfs.includes(file)) item.pdfs.push(file);
  }
  return [...byId.values()].filter((i) => i.title);
}

/** Better BibTeX 6+ keeps its keys in better-bibtex.sqlite, table citationkey(itemID, itemKey, libraryID, citationKey). */
function applyBetterBibtexKeys(file: string, tempDir: string, items: ZoteroItem[]): boolean {
  let db: Database | undefined;
  try {
    db = openCopy(copyDatabase(file, tempDir));
    if (!tableExists(db, 'citationkey')) return false;
    const rows = db.prepare(`SELECT itemID, itemKey, libraryID, citationKey FROM citationkey`).all() as {
      itemID: number;
      itemKey: string | null;
      libraryID: number | null;
      citationKey: string;
    }[];
    const byKey = new Map(items.map((i) => [`${i.libraryID}/${i.key}`, i]));
    const byId = new Map(items.map((i) => [i.itemID, i]));
    let applied = false;
    for (const r of rows) {
      const item = (r.itemKey && byKey.get(`${r.libraryID ?? 1}/${r.itemKey}`)) || byId.get(r.itemID);
      if (item && r.citationKey) {
        item.citationKey = r.citationKey;
        applied = true;
      }
    }
    return applied;
  } catch {
    // An older Better BibTeX (a JSON store) or a damaged file: the other ways of matching remain.
    return false;
  } finally {
    db?.close();
  }
}
