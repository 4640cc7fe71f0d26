// Builds a Zotero data directory the way Zotero lays it out — zotero.sqlite on Zotero's own schema
// (test/fixtures/zotero/schema.sql), PDFs under storage/<attachment key>/, optionally Better BibTeX's
// better-bibtex.sqlite — filled with items we make up.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type DatabaseType from 'better-sqlite3';

/**
 * better-sqlite3 on first use: the host test bundle loads this file before the activation test, which checks that
 * nothing native is loaded until the extension needs it.
 */
function openDb(file: string, options?: DatabaseType.Options): DatabaseType.Database {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const Database = require('better-sqlite3') as typeof DatabaseType;
  return new Database(file, options);
}

export interface FixtureItem {
  /** Zotero item key (8 characters from Zotero's alphabet). */
  key: string;
  type?: 'journalArticle' | 'conferencePaper' | 'book' | 'report' | 'thesis';
  title: string;
  abstract?: string;
  doi?: string;
  /** As typed ("2019", "May 2019"). */
  date?: string;
  extra?: string;
  creators?: Array<[given: string, family: string]>;
  /** A stored PDF attachment: its file name under storage/<attachment key>/ and bytes. */
  pdf?: { key: string; fileName: string; bytes: Buffer };
  deleted?: boolean;
  /** Better BibTeX's key for the item. */
  betterBibtexKey?: string;
}

// The ids Zotero's system schema gives these types and fields (resource/schema/system-107.sql).
const ITEM_TYPES: Record<string, number> = { note: 1, book: 2, journalArticle: 4, report: 15, thesis: 7, attachment: 14, conferencePaper: 33 };
const FIELDS: Record<string, number> = { url: 1, publicationTitle: 12, date: 14, extra: 22, DOI: 26, abstractNote: 90, title: 110 };

/** Zotero's multipart date: "2019-00-00 2019" for a year typed alone. */
function multipartDate(typed: string): string {
  const year = /\d{4}/.exec(typed)?.[0] ?? '0000';
  return `${year}-00-00 ${typed}`;
}

/** Zotero's schema as we keep it, found from wherever this file was bundled to (the host tests run a bundle). */
function schemaFile(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'test', 'fixtures', 'zotero', 'schema.sql');
    if (fs.existsSync(file)) return file;
    if (path.dirname(dir) === dir) throw new Error('test/fixtures/zotero/schema.sql not found above ' + __dirname);
  }
}

export function buildZoteroDataDir(dir: string, items: readonly FixtureItem[]): string {
  fs.mkdirSync(dir, { recursive: true });
  const db = openDb(path.join(dir, 'zotero.sqlite'));
  db.exec(fs.readFileSync(schemaFile(), 'utf8'));
  db.transaction(() => {
    db.prepare(`INSERT INTO version(schema, version) VALUES ('userdata', 107)`).run();
    db.prepare(`INSERT INTO libraries(libraryID, type, editable, filesEditable) VALUES (1, 'user', 1, 1)`).run();
    db.prepare(`INSERT INTO creatorTypes VALUES (1, 'author')`).run();
    for (const [name, id] of Object.entries(ITEM_TYPES)) db.prepare(`INSERT INTO itemTypes VALUES (?, ?, NULL, 1)`).run(id, name);
    for (const [name, id] of Object.entries(FIELDS)) {
      db.prepare(`INSERT INTO fields VALUES (?, ?, NULL)`).run(id, name);
      db.prepare(`INSERT INTO fieldsCombined VALUES (?, ?, NULL, NULL, 0)`).run(id, name);
    }
    const insertItem = db.prepare(`INSERT INTO items(itemTypeID, libraryID, key) VALUES (?, 1, ?)`);
    const valueId = (value: string): number => {
      const row = db.prepare(`SELECT valueID FROM itemDataValues WHERE value = ?`).get(value) as { valueID: number } | undefined;
      return row ? row.valueID : Number(db.prepare(`INSERT INTO itemDataValues(value) VALUES (?)`).run(value).lastInsertRowid);
    };
    const setField = (itemID: number, field: string, value: string | undefined) => {
      if (value !== undefined) db.prepare(`INSERT INTO itemData(itemID, fieldID, valueID) VALUES (?, ?, ?)`).run(itemID, FIELDS[field], valueId(value));
    };
    const creatorId = (given: string, family: string): number => {
      const row = db.prepare(`SELECT creatorID FROM creators WHERE firstName = ? AND lastName = ? AND fieldMode = 0`).get(given, family) as { creatorID: number } | undefined;
      return row ? row.creatorID : Number(db.prepare(`INSERT INTO creators(firstName, lastName, fieldMode) VALUES (?, ?, 0)`).run(given, family).lastInsertRowid);
    };
    for (const item of items) {
      const itemID = Number(insertItem.run(ITEM_TYPES[item.type ?? 'journalArticle'], item.key).lastInsertRowid);
      setField(itemID, 'title', item.title);
      setField(itemID, 'abstractNote', item.abstract);
      setField(itemID, 'DOI', item.doi);
      setField(itemID, 'date', item.date && multipartDate(item.date));
      setField(itemID, 'extra', item.extra);
      (item.creators ?? []).forEach(([given, family], i) => db.prepare(`INSERT INTO itemCreators(itemID, creatorID, creatorTypeID, orderIndex) VALUES (?, ?, 1, ?)`).run(itemID, creatorId(given, family), i));
      if (item.deleted) db.prepare(`INSERT INTO deletedItems(itemID) VALUES (?)`).run(itemID);
      if (item.pdf) {
        const attachmentID = Number(insertItem.run(ITEM_TYPES.attachment, item.pdf.key).lastInsertRowid);
        db.prepare(`INSERT INTO itemAttachments(itemID, parentItemID, linkMode, contentType, path) VALUES (?, ?, 0, 'application/pdf', ?)`).run(
          attachmentID,
          itemID,
          `storage:${item.pdf.fileName}`,
        );
        fs.mkdirSync(path.join(dir, 'storage', item.pdf.key), { recursive: true });
        fs.writeFileSync(path.join(dir, 'storage', item.pdf.key, item.pdf.fileName), item.pdf.bytes);
      }
    }
  })();
  db.close();
  const bbt = items.filter((i) => i.betterBibtexKey);
  if (bbt.length) {
    const keys = openDb(path.join(dir, 'better-bibtex.sqlite'));
    // Better BibTeX 6+: one row per item.
    keys.exec(`CREATE TABLE citationkey (itemID NOT NULL PRIMARY KEY, itemKey NOT NULL, libraryID NOT NULL, citationKey NOT NULL CHECK (citationKey <> ''), pinned CHECK (pinned in (0, 1)))`);
    const main = openDb(path.join(dir, 'zotero.sqlite'), { readonly: true });
    for (const item of bbt) {
      const row = main.prepare(`SELECT itemID FROM items WHERE key = ?`).get(item.key) as { itemID: number };
      keys.prepare(`INSERT INTO citationkey VALUES (?, ?, 1, ?, 0)`).run(row.itemID, item.key, item.betterBibtexKey);
    }
    main.close();
    keys.close();
  }
  return dir;
}

/**
 * What another process in the middle of a write transaction leaves on disk: the abstract of the item titled `title`
 * rewritten to `uncommitted`, not committed, and SQLite's page cache spilled, so that zotero.sqlite itself holds the
 * new pages and zotero.sqlite-journal the old ones (a copy of zotero.sqlite alone reads the uncommitted abstract).
 * `rollback()` ends the transaction as the writer would, and the file is as it was.
 */
export function holdUncommittedAbstract(dataDir: string, title: string, uncommitted: string): { rollback(): void } {
  const file = path.join(dataDir, 'zotero.sqlite');
  const db = openDb(file);
  // Padding committed first; rewriting it inside the transaction overflows a one-page cache, and SQLite then writes
  // the transaction's pages into the database file before commit, having saved the originals in the journal.
  db.exec(`CREATE TABLE IF NOT EXISTS spill (b BLOB); INSERT INTO spill SELECT zeroblob(1000) FROM (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 400) SELECT i FROM n);`);
  db.pragma('cache_size = 1');
  db.exec('BEGIN IMMEDIATE');
  const changed = db
    .prepare(
      `UPDATE itemDataValues SET value = ? WHERE valueID IN (SELECT d.valueID FROM itemData d JOIN items i ON i.itemID = d.itemID
       WHERE d.fieldID = ? AND i.itemID IN (SELECT itemID FROM itemData WHERE fieldID = ? AND valueID = (SELECT valueID FROM itemDataValues WHERE value = ?)))`,
    )
    .run(uncommitted, FIELDS.abstractNote, FIELDS.title, title).changes;
  db.exec(`UPDATE spill SET b = randomblob(1000)`);
  if (changed !== 1 || !fs.readFileSync(file).includes(uncommitted) || !fs.existsSync(`${file}-journal`)) {
    db.exec('ROLLBACK');
    db.close();
    throw new Error('the uncommitted abstract did not reach zotero.sqlite: the fixture no longer reproduces a hot journal');
  }
  return {
    rollback() {
      db.exec('ROLLBACK');
      db.close();
    },
  };
}
