// The connection every part of the library store shares: the database, its cache of prepared statements and the
// records found online. The store is one class split by concern across files, each part extending the one it needs:
// StoreConnection → StoreReads (store-reads.ts) → StoreLinking (store-linking.ts) → SqliteLibraryStore
// (store-writes.ts; writing a .bib file or a PDF marks the links stale). store.ts opens it and is the public face.
import type { Database, Statement } from 'better-sqlite3';
import { FoundRecords } from './found';

export const LINK_METHOD_RANK = `CASE method WHEN 'file-field' THEN 0 WHEN 'doi' THEN 1 WHEN 'arxiv' THEN 2 ELSE 3 END`;

/** An entry's row as the reads select it (with the path of its .bib file). */
export interface EntryRow {
  id: number;
  key: string;
  type: string;
  title: string;
  authors: string;
  authors_truncated: number;
  year: number | null;
  venue: string | null;
  abstract: string | null;
  doi: string | null;
  line: number;
  bib_path: string;
}

export abstract class StoreConnection {
  private readonly statements = new Map<string, Statement>();
  protected readonly found: FoundRecords;

  constructor(
    protected readonly db: Database,
    readonly path: string,
    readonly movedAsideTo?: string,
  ) {
    this.found = new FoundRecords(db, (sql) => this.stmt(sql));
  }

  /** Prepared statements are cached: the same few queries run thousands of times per index run. */
  protected stmt(sql: string): Statement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  close(): void {
    this.statements.clear();
    if (this.db.open) this.db.close();
  }
}
