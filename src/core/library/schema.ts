// Schema of the library database, versioned with PRAGMA user_version. Each migration moves the schema from
// version i to i + 1 and runs in its own transaction; a new schema change is a new entry at the end, never an edit.
import type { Database } from 'better-sqlite3';

const FTS_TOKENIZER = `tokenize = "unicode61 remove_diacritics 2"`;

export const MIGRATIONS: ReadonlyArray<(db: Database) => void> = [
  // 0 → 1: bib files, entries, PDFs, links, full-text search.
  (db) =>
    db.exec(`
      CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);

      CREATE TABLE bib_files (
        id INTEGER PRIMARY KEY,
        path TEXT NOT NULL UNIQUE,
        content_hash TEXT NOT NULL,
        mtime_ms REAL NOT NULL,
        size INTEGER NOT NULL,
        entry_count INTEGER NOT NULL,
        indexed_at INTEGER NOT NULL
      );

      CREATE TABLE entries (
        id INTEGER PRIMARY KEY,
        bib_file_id INTEGER NOT NULL REFERENCES bib_files(id) ON DELETE CASCADE,
        key TEXT NOT NULL,
        type TEXT NOT NULL,
        title TEXT NOT NULL,
        authors TEXT NOT NULL,          -- JSON Author[]
        authors_truncated INTEGER NOT NULL DEFAULT 0,
        year INTEGER,
        venue TEXT,
        abstract TEXT,
        doi TEXT,
        fields TEXT NOT NULL,           -- JSON of the raw field values, for output
        line INTEGER NOT NULL,
        UNIQUE (bib_file_id, key)
      );
      CREATE INDEX entries_key ON entries(key);

      CREATE TABLE entry_aliases (
        alias TEXT NOT NULL,
        entry_id INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE
      );
      CREATE INDEX entry_aliases_alias ON entry_aliases(alias);
      CREATE INDEX entry_aliases_entry ON entry_aliases(entry_id);

      CREATE TABLE bib_errors (
        id INTEGER PRIMARY KEY,
        bib_file_id INTEGER NOT NULL REFERENCES bib_files(id) ON DELETE CASCADE,
        line INTEGER NOT NULL,
        message TEXT NOT NULL,
        severity TEXT NOT NULL
      );
      CREATE INDEX bib_errors_file ON bib_errors(bib_file_id);

      CREATE TABLE pdf_files (
        id INTEGER PRIMARY KEY,
        path TEXT NOT NULL UNIQUE,
        content_hash TEXT NOT NULL,
        mtime_ms REAL NOT NULL,
        size INTEGER NOT NULL,
        ok INTEGER NOT NULL,
        failure TEXT,
        message TEXT,
        page_count INTEGER NOT NULL,
        meta TEXT NOT NULL              -- JSON PdfMetadataGuess
      );

      CREATE TABLE pdf_sections (
        id INTEGER PRIMARY KEY,
        pdf_id INTEGER NOT NULL REFERENCES pdf_files(id) ON DELETE CASCADE,
        idx INTEGER NOT NULL,
        kind TEXT NOT NULL,
        heading TEXT NOT NULL
      );
      CREATE INDEX pdf_sections_pdf ON pdf_sections(pdf_id);

      CREATE TABLE pdf_sentences (
        id INTEGER PRIMARY KEY,
        section_id INTEGER NOT NULL REFERENCES pdf_sections(id) ON DELETE CASCADE,
        idx INTEGER NOT NULL,
        text TEXT NOT NULL,
        page INTEGER
      );
      CREATE INDEX pdf_sentences_section ON pdf_sentences(section_id);

      CREATE TABLE links (
        entry_key TEXT NOT NULL,
        pdf_path TEXT NOT NULL,
        method TEXT NOT NULL,           -- 'file-field' | 'doi' | 'arxiv' | 'title'
        score REAL NOT NULL,
        PRIMARY KEY (entry_key, pdf_path)
      );
      CREATE INDEX links_pdf ON links(pdf_path);

      -- rowid = entries.id / pdf_files.id, maintained by the store in the same transaction as the row.
      CREATE VIRTUAL TABLE entries_fts USING fts5(key, title, authors, abstract, ${FTS_TOKENIZER});
      CREATE VIRTUAL TABLE pdf_fts USING fts5(text, ${FTS_TOKENIZER});
    `),
  // 1 → 2: PDF text extraction improved (no spaces at kerns inside words, line-end hyphens settled by the document's
  // own spelling). Forgetting the stored stamps makes the next index re-extract every PDF; its text stays until then.
  (db) => db.exec(`UPDATE pdf_files SET content_hash = '', mtime_ms = -1;`),
  // 2 → 3: superscripts read by what they follow (footnote marks dropped, exponents marked "^"), footnotes and running
  // heads kept out of the sentences they interrupt: re-extract the same way.
  (db) => db.exec(`UPDATE pdf_files SET content_hash = '', mtime_ms = -1;`),
  // 3 → 4: a text layer from fonts without a Unicode map (Latin-1 symbol soup) is reported as unreadable instead of
  // indexed: re-extract, so that such PDFs get their diagnostic and leave the search index.
  (db) => db.exec(`UPDATE pdf_files SET content_hash = '', mtime_ms = -1;`),
  // 4 → 5: a sentence in brackets of its own ("(The work by X builds on Y.) We compare …") is split from the sentence
  // after it, and each bulleted list item is a sentence without its bullet: re-extract, so that the stored sentences
  // split the same way.
  (db) => db.exec(`UPDATE pdf_files SET content_hash = '', mtime_ms = -1;`),
  // 5 → 6: accents that TeX set as glyphs of their own are put on their letters ("Sch¨utze" → "Schütze") and the
  // misread "ffi" ligature of old fonts is repaired ("diÆcult" → "difficult"): re-extract, so that search and quotes
  // see the repaired words.
  (db) => db.exec(`UPDATE pdf_files SET content_hash = '', mtime_ms = -1;`),
  // 6 → 7: ligatures that old TeX fonts lose to spaces are put back ("identi ed" → "identified"), their "{" read as
  // the en dash it is, a line broken after an en dash is joined without a space, and a compound broken at its hyphen
  // keeps it ("graph-|based"): re-extract.
  (db) => db.exec(`UPDATE pdf_files SET content_hash = '', mtime_ms = -1;`),
  // 7 → 8: a drop cap is joined to the paragraph it opens ("H" + "arbour pilots …" → "Harbour pilots …"): re-extract.
  (db) => db.exec(`UPDATE pdf_files SET content_hash = '', mtime_ms = -1;`),
  // 8 → 9: entries that share an abstract are found by its opening, so that a proceedings' blurb copied into each of
  // its papers is not quoted as any one paper's (an index of the whole text would store every abstract twice).
  (db) => db.exec(`CREATE INDEX IF NOT EXISTS entries_abstract_opening ON entries(substr(abstract, 1, 48));`),
  // 9 → 10: the .bib decoder keeps exponents and indices ("$O(n^2)$" → "O(n²)", was "O(n2)") and reads ligature
  // characters as letters ("classiﬁcation"): forgetting the stamps makes the next index read every .bib again; the
  // stored entries serve until then.
  (db) => db.exec(`UPDATE bib_files SET content_hash = '', mtime_ms = -1;`),
  // 10 → 11: a formula whose scripts Unicode cannot raise stays TeX ("$m^{1+o(1)}$", was "m1+o(1)": another bound),
  // and math operators keep their space ("n log n", was "nlog n"): read every .bib again.
  (db) => db.exec(`UPDATE bib_files SET content_hash = '', mtime_ms = -1;`),
  // 11 → 12: @string macros are resolved across the files of a bibliography, as BibTeX does for \bibliography{a,b}:
  // each file keeps its own definitions, the names it needs from elsewhere, and what it was given for them (so a
  // change in another file re-reads it). Read every .bib again to fill them.
  (db) => {
    // Idempotent, like the migrations before it: a column already there (a rerun) is left as it is.
    const columns = new Set((db.prepare(`PRAGMA table_info(bib_files)`).all() as { name: string }[]).map((c) => c.name));
    for (const [name, fallback] of [['own_strings', '{}'], ['needed_macros', '[]'], ['macro_env', '{}']]) {
      if (!columns.has(name)) db.exec(`ALTER TABLE bib_files ADD COLUMN ${name} TEXT NOT NULL DEFAULT '${fallback}'`);
    }
    db.exec(`UPDATE bib_files SET content_hash = '', mtime_ms = -1;`);
  },
  // 12 → 13: link candidates are kept, with the .bib file each entry comes from, so that editing one .bib recomputes
  // that file's candidates and redoes only the one-to-one assignment (5.9 s → well under a second at 50,000
  // entries); the files changed since the last linking are listed. The next index links everything once.
  (db) =>
    db.exec(`
      CREATE TABLE IF NOT EXISTS link_candidates (
        entry_key TEXT NOT NULL,
        bib_path TEXT NOT NULL,
        line INTEGER NOT NULL,
        pdf_path TEXT NOT NULL,
        method TEXT NOT NULL,
        score REAL NOT NULL,
        file_rank INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS link_candidates_bib ON link_candidates(bib_path);
      CREATE TABLE IF NOT EXISTS links_dirty_bibs (path TEXT PRIMARY KEY);
      INSERT INTO meta(name, value) VALUES ('links_stale', '1') ON CONFLICT(name) DO UPDATE SET value = '1';
      INSERT INTO meta(name, value) VALUES ('links_full', '1') ON CONFLICT(name) DO UPDATE SET value = '1';
    `),
  // 13 → 14: what was found about an entry outside its .bib (Zotero, OpenAlex, Semantic Scholar, Crossref, arXiv):
  // an abstract and PDFs, each with where it came from and when, and which lookups were tried. Keyed by the entry's
  // key and its identity (DOI, else normalised title) when found, so that re-indexing the .bib keeps them and an
  // entry rewritten into another work drops them. The user's .bib is never changed.
  (db) =>
    db.exec(`
      CREATE TABLE IF NOT EXISTS found_abstracts (
        entry_key TEXT PRIMARY KEY,
        identity TEXT NOT NULL,
        abstract TEXT NOT NULL,
        source TEXT NOT NULL,           -- 'zotero' | 'openalex' | 'semanticscholar' | 'crossref' | 'arxiv'
        url TEXT,
        retrieved TEXT NOT NULL,        -- YYYY-MM-DD
        matched_by TEXT NOT NULL,       -- 'citation-key' | 'doi' | 'arxiv' | 'acl' | 'title'
        work_title TEXT
      );
      CREATE TABLE IF NOT EXISTS found_files (
        entry_key TEXT NOT NULL,
        identity TEXT NOT NULL,
        path TEXT NOT NULL,
        source TEXT NOT NULL,
        url TEXT,
        retrieved TEXT NOT NULL,
        PRIMARY KEY (entry_key, path)
      );
      CREATE TABLE IF NOT EXISTS enrich_attempts (
        entry_key TEXT NOT NULL,
        source TEXT NOT NULL,
        identity TEXT NOT NULL,
        outcome TEXT NOT NULL,          -- 'found' | 'not-found' | 'rejected'
        tried TEXT NOT NULL,
        PRIMARY KEY (entry_key, source)
      );
    `),
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/** Tables every CiteScribe schema version has had since the first; a file without them is not ours. */
const OUR_TABLES = ['meta', 'bib_files', 'entries', 'pdf_files'];

/** Table → columns of a database at SCHEMA_VERSION, built once in memory from the migrations themselves. */
let currentSchema: Map<string, string[]> | undefined;

function tableNames(db: Database): string[] {
  return (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as { name: string }[]).map((r) => r.name);
}

function columnsOf(db: Database, table: string): string[] {
  return (db.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as { name: string }[]).map((c) => c.name);
}

function expectedSchema(openMemory: () => Database): Map<string, string[]> {
  if (!currentSchema) {
    const db = openMemory();
    try {
      MIGRATIONS.forEach((m) => m(db));
      // Not the full-text indexes' own shadow tables (entries_fts_data…): their layout is SQLite's, not ours.
      const virtual = (db.prepare(`SELECT name FROM sqlite_master WHERE sql LIKE 'CREATE VIRTUAL TABLE%'`).all() as { name: string }[]).map((r) => r.name);
      const ours = tableNames(db).filter((table) => !virtual.some((v) => table.startsWith(`${v}_`)));
      currentSchema = new Map(ours.map((table) => [table, columnsOf(db, table)]));
    } finally {
      db.close();
    }
  }
  return currentSchema;
}

/**
 * What keeps the open database from being a CiteScribe library this version can use as it is, or undefined. Read
 * before anything is written to it (journal mode, migrations), so that a file that is not ours stays as it was.
 * 'empty' when it has no tables at all; 'foreign' when its tables are not ours; 'older'/'newer' for another
 * schema version of ours.
 */
export function schemaProblem(db: Database, openMemory: () => Database): { kind: 'empty' | 'foreign' | 'older' | 'newer'; detail: string } | undefined {
  // Only our tables' columns are looked at: another program's virtual table may need a module we lack.
  const present = new Set(tableNames(db));
  if (present.size === 0) return { kind: 'empty', detail: 'it has no tables' };
  if (!OUR_TABLES.every((t) => present.has(t))) return { kind: 'foreign', detail: 'none of its tables are ours' };
  const version = db.pragma('user_version', { simple: true }) as number;
  // Our first migration creates the tables and sets version 1 in one transaction: tables at version 0 are not ours.
  if (version === 0) return { kind: 'foreign', detail: `its tables are named like a library's (${OUR_TABLES.join(', ')}) but it has no schema version of ours` };
  if (version > SCHEMA_VERSION) return { kind: 'newer', detail: `schema version ${version} is newer than this CiteScribe's (${SCHEMA_VERSION})` };
  if (version < SCHEMA_VERSION) return { kind: 'older', detail: `schema version ${version} is older than this CiteScribe's (${SCHEMA_VERSION})` };
  const lacking: string[] = [];
  for (const [table, columns] of expectedSchema(openMemory)) {
    const have = present.has(table) ? columnsOf(db, table) : undefined;
    if (!have) lacking.push(table);
    else for (const c of columns) if (!have.includes(c)) lacking.push(`${table}.${c}`);
  }
  if (lacking.length) return { kind: 'foreign', detail: `it lacks ${lacking.slice(0, 5).join(', ')}${lacking.length > 5 ? ` and ${lacking.length - 5} more` : ''}` };
  return undefined;
}
