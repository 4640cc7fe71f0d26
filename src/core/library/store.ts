// The library database: better-sqlite3 in WAL mode, one transaction per indexed file, FTS5 for search.
// better-sqlite3 is a native module; it is required inside openLibraryStore so that loading this file (in the
// extension host or the CLI) costs nothing until the library is first used.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { BibParseResult } from '../bibtex';
import type { Database, Statement } from 'better-sqlite3';
import type { LinkCandidate, TitleStatistics } from './link';
import { isCollectionAbstract, type AbstractHolder } from '../bibtex/collection-abstract';
import type { PdfExtraction, PdfMetadataGuess } from '../pdf/types';
import type { Author, PaperRecord, PaperSection, SectionKind } from '../types';
import { MIGRATIONS, SCHEMA_VERSION, schemaProblem } from './schema';
import { indexedForm, selectRankingTerms } from './ranking-terms';
import { lightStem } from '../text/tokens';
import { asFileFieldItem, entryIdentity, FoundRecords, storedEntryFromRow, type EntryRowForLinking } from './found';
import { fillFromLaterCopies, type KeyCopy } from './duplicate-fill';

export * from './store-types';
import type { LinkMethod, StoredLink, FileStamp, MacroEnv, BibMacroInfo, LibraryStats, LibraryProblem, SearchHit, EntrySummary, CitationCandidate, StoredEntry, LinkWork, StoredPdf, LibraryStore, EnrichAttempt, EnrichTarget, FoundAbstract, FoundFile } from './store-types';

type BetterSqlite3 = typeof import('better-sqlite3');

function loadDriver(): BetterSqlite3 {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('better-sqlite3') as BetterSqlite3;
}

export class CorruptDatabaseError extends Error {
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
export type OpenMode = 'read' | 'index' | 'owned';

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

/** A user's query → FTS5 syntax: every word must match as a prefix ("knu tex" finds "Knuth … TeX"). */
export function toFtsQuery(query: string): string | undefined {
  const words = query.normalize('NFC').match(/[\p{L}\p{N}]+/gu);
  if (!words?.length) return undefined;
  return words.map((w) => `"${w}"*`).join(' ');
}

const LINK_METHOD_RANK = `CASE method WHEN 'file-field' THEN 0 WHEN 'doi' THEN 1 WHEN 'arxiv' THEN 2 ELSE 3 END`;

interface EntryRow {
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

class SqliteLibraryStore implements LibraryStore {
  private readonly statements = new Map<string, Statement>();
  private readonly found: FoundRecords;

  constructor(
    private readonly db: Database,
    readonly path: string,
    readonly movedAsideTo?: string,
  ) {
    this.found = new FoundRecords(db, (sql) => this.stmt(sql));
  }

  /** Prepared statements are cached: the same few queries run thousands of times per index run. */
  private stmt(sql: string): Statement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  // ---- Reads ---------------------------------------------------------------------------------------------

  /** The entry for a key (or a biblatex `ids` alias). Same key in several .bib files: the first by path wins. */
  private entryRow(key: string): EntryRow | undefined {
    const select = `SELECT e.id, e.key, e.type, e.title, e.authors, e.authors_truncated, e.year, e.venue, e.abstract,
                           e.doi, e.line, b.path AS bib_path
                    FROM entries e JOIN bib_files b ON b.id = e.bib_file_id`;
    return (
      (this.stmt(`${select} WHERE e.key = ? ORDER BY b.path LIMIT 1`).get(key) as EntryRow | undefined) ??
      (this.stmt(`${select} JOIN entry_aliases a ON a.entry_id = e.id WHERE a.alias = ? ORDER BY b.path LIMIT 1`).get(key) as
        | EntryRow
        | undefined)
    );
  }

  /** Other entries with the same abstract (by the index on its opening, then the whole text). */
  private othersWithAbstract(id: number, abstract: string): AbstractHolder[] {
    const rows = this.stmt(
      `SELECT title, authors FROM entries WHERE substr(abstract, 1, 48) = substr(?, 1, 48) AND abstract = ? AND id <> ? LIMIT 20`,
    ).all(abstract, abstract, id) as { title: string; authors: string }[];
    return rows.map((r) => ({ title: r.title, authors: JSON.parse(r.authors) as Author[] }));
  }

  private linkedPdf(key: string): { path: string; id: number; ok: number } | undefined {
    return this.stmt(
      `SELECT p.path, p.id, p.ok FROM links l JOIN pdf_files p ON p.path = l.pdf_path
       WHERE l.entry_key = ? ORDER BY ${LINK_METHOD_RANK}, l.score DESC, p.path LIMIT 1`,
    ).get(key) as { path: string; id: number; ok: number } | undefined;
  }

  hasKey(key: string): boolean {
    return (
      this.stmt(`SELECT 1 FROM entries WHERE key = ? LIMIT 1`).get(key) !== undefined ||
      this.stmt(`SELECT 1 FROM entry_aliases WHERE alias = ? LIMIT 1`).get(key) !== undefined
    );
  }

  /** The other definitions of the entry's key, in the order the first-by-path rule ranks them. */
  private laterCopies(row: EntryRow): KeyCopy[] {
    return this.stmt(
      `SELECT e.title, e.abstract, e.doi, e.line, b.path FROM entries e JOIN bib_files b ON b.id = e.bib_file_id
       WHERE e.key = ? AND e.id <> ? ORDER BY b.path`,
    ).all(row.key, row.id) as KeyCopy[];
  }

  getPaper(key: string): PaperRecord | undefined {
    const found = this.entryRow(key);
    if (!found) return undefined;
    // What the first copy lacks, a later copy of the same work may have (see duplicate-fill.ts).
    const fill = found.abstract === null || found.doi === null ? fillFromLaterCopies({ ...found, path: found.bib_path }, this.laterCopies(found)) : undefined;
    const row: EntryRow = fill ? { ...found, abstract: fill.abstract, doi: fill.doi } : found;
    const record: PaperRecord = {
      key: row.key,
      type: row.type,
      title: row.title,
      authors: JSON.parse(row.authors) as Author[],
      bibFile: row.bib_path,
      bibLine: row.line,
    };
    if (row.authors_truncated) record.authorsTruncated = true;
    if (row.year !== null) record.year = row.year;
    if (row.venue !== null) record.venue = row.venue;
    if (row.abstract !== null) {
      if (isCollectionAbstract(record, this.othersWithAbstract(row.id, row.abstract))) record.collectionAbstract = row.abstract;
      else record.abstract = row.abstract;
    } else {
      const found = this.found.abstractFor(row.key, entryIdentity(row));
      if (found) {
        record.abstract = found.abstract;
        record.abstractSource = { source: found.source, retrieved: found.retrieved, matchedBy: found.matchedBy, ...(found.url && { url: found.url }) };
      }
    }
    if (row.doi !== null) record.doi = row.doi;
    if (fill?.filledFrom.length) record.filledFrom = fill.filledFrom;
    const pdf = this.linkedPdf(row.key);
    if (pdf) {
      record.pdfPath = pdf.path;
      if (pdf.ok) {
        const sections = this.pdfSections(pdf.id, pdf.path);
        if (sections.length) record.sections = sections;
      }
    }
    return record;
  }

  private pdfSections(pdfId: number, pdfPath: string): PaperSection[] {
    const rows = this.stmt(
      `SELECT s.id AS section_id, s.kind, s.heading, t.idx, t.text, t.page
       FROM pdf_sections s LEFT JOIN pdf_sentences t ON t.section_id = s.id
       WHERE s.pdf_id = ? ORDER BY s.idx, t.idx`,
    ).all(pdfId) as { section_id: number; kind: SectionKind; heading: string; idx: number | null; text: string | null; page: number | null }[];
    const sections: PaperSection[] = [];
    let current: PaperSection | undefined;
    let currentId = -1;
    for (const r of rows) {
      if (r.section_id !== currentId) {
        current = { heading: r.heading, kind: r.kind, sentences: [] };
        currentId = r.section_id;
        sections.push(current);
      }
      if (r.text !== null && r.idx !== null) {
        const sentence: PaperSection['sentences'][number] = { text: r.text, section: r.kind, index: r.idx, pdfPath };
        if (r.page !== null) sentence.page = r.page;
        current!.sentences.push(sentence);
      }
    }
    return sections;
  }

  search(query: string, limit = 20): SearchHit[] {
    const fts = toFtsQuery(query);
    if (!fts || limit <= 0) return [];
    // Title and key weigh most; PDF full text counts, at a discount, for the entries its PDF is linked to.
    const best = this.bestScores(fts, limit * 4, '6.0, 4.0, 3.0, 1.0');
    const ranked = [...best.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, limit);
    const hits: SearchHit[] = [];
    for (const [key, score] of ranked) {
      const row = this.entryRow(key);
      if (!row) continue;
      const hit: SearchHit = { key: row.key, title: row.title, authors: JSON.parse(row.authors) as Author[], score };
      if (row.year !== null) hit.year = row.year;
      if (row.venue !== null) hit.venue = row.venue;
      const pdf = this.linkedPdf(row.key);
      if (pdf) hit.pdfPath = pdf.path;
      hits.push(hit);
    }
    return hits;
  }

  /**
   * Each matching entry's best score (negated BM25) from its own fields (`weights`: key, title, authors, abstract)
   * and, at half weight, from the text of the PDF linked to it.
   */
  private bestScores(fts: string, limit: number, weights: string): Map<string, number> {
    const best = new Map<string, number>();
    // Ranked and cut to `limit` before the join: joined first, every matching row (thousands for a prefix query on a
    // 50,000-entry library) looked its key up and had its BM25 computed twice, which made this query 2–3 times slower.
    // Each FTS row is one entry's (same rowid), so the rows kept are the same.
    const entryHits = this.stmt(
      `SELECT e.key, -ranked.bm25 AS score
       FROM (SELECT rowid AS id, bm25(entries_fts, ${weights}) AS bm25 FROM entries_fts
             WHERE entries_fts MATCH ? ORDER BY bm25 LIMIT ?) ranked
       JOIN entries e ON e.id = ranked.id`,
    ).all(fts, limit) as { key: string; score: number }[];
    const pdfHits = this.stmt(
      `SELECT l.entry_key AS key, -bm25(pdf_fts) * 0.5 AS score
       FROM pdf_fts JOIN pdf_files p ON p.id = pdf_fts.rowid JOIN links l ON l.pdf_path = p.path
       WHERE pdf_fts MATCH ? ORDER BY bm25(pdf_fts) LIMIT ?`,
    ).all(fts, limit) as { key: string; score: number }[];
    for (const h of [...entryHits, ...pdfHits]) if ((best.get(h.key) ?? -Infinity) < h.score) best.set(h.key, h.score);
    return best;
  }

  rankByWords(words: readonly string[], limit = 20): string[] {
    const all = words.map((w) => w.normalize('NFC').replace(/"/g, '')).filter(Boolean);
    if (!all.length || limit <= 0) return [];
    this.checkTermCounts();
    const terms = selectRankingTerms(all, (t) => this.documentsHolding(t), this.entryCount());
    const fts = terms.map((w) => `"${w}"`).join(' OR ');
    // A sentence names what a work does more than who wrote it: the title and abstract weigh most here.
    const best = this.bestScores(fts, limit * 2, '2.0, 4.0, 2.0, 1.0');
    return [...best.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, limit).map(([key]) => key);
  }

  citationCandidates(words: readonly string[], limit: number): CitationCandidate[] {
    const all = [...new Set(words.map((w) => w.normalize('NFC').replace(/"/g, '')).filter(Boolean))];
    if (!all.length || limit <= 0) return [];
    // As in rankByWords: the words a large part of a large library holds cost the most and rank the least.
    this.checkTermCounts();
    // A citing sentence is long and every rare word in it counts: 16 kept, where completion keeps 8 (on the dev
    // citances 8 cost 2.6 points of R@1).
    const terms = selectRankingTerms(all, (t) => this.documentsHolding(t), this.entryCount(), 16);
    // Key and authors weigh nothing: a citing sentence names what a work does; names are the reranker's business.
    // Each word matches as a prefix of its light stem, so "taggers" finds "tagger" and "tagging" finds "tagged".
    const best = this.bestScores(terms.map((w) => `"${lightStem(w.toLowerCase())}"*`).join(' OR '), limit, '0.0, 1.0, 0.0, 1.0');
    const ranked = [...best.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, limit);
    // All candidates in one statement (50 one by one cost twice as much), each key's first entry as `key = ? LIMIT 1`
    // finds it.
    const rows = this.stmt(
      `SELECT j.value AS key, e.title, COALESCE(e.abstract, (SELECT f.abstract FROM found_abstracts f WHERE f.entry_key = e.key)) AS abstract,
              e.year, EXISTS (SELECT 1 FROM links l WHERE l.entry_key = e.key) AS linked
       FROM json_each(?) j JOIN entries e ON e.id = (SELECT id FROM entries WHERE key = j.value LIMIT 1)`,
    ).all(JSON.stringify(ranked.map(([key]) => key))) as { key: string; title: string; abstract: string | null; year: number | null; linked: number }[];
    const byKey = new Map(rows.map((r) => [r.key, r]));
    return ranked.map(([key, score]) => {
      const row = byKey.get(key)!;
      return { key, title: row.title, score, ...(row.abstract !== null && { abstract: row.abstract }), ...(row.year !== null && { year: row.year }), linkedPdf: row.linked === 1 };
    });
  }

  termRarity(word: string): number {
    this.checkTermCounts();
    return this.rarityOfCounted(word);
  }

  /** termRarity of each word, the database's version checked once for all (a query's terms, not one at a time). */
  termRarities(words: readonly string[]): number[] {
    this.checkTermCounts();
    return words.map((w) => this.rarityOfCounted(w));
  }

  private rarityOfCounted(word: string): number {
    return Math.log((this.entryCount() + 1) / ((this.documentsHolding(word) ?? 0) + 1));
  }

  /** Per term, how many entries hold it, and the number of entries; cleared when the database changes. */
  private termDocuments = new Map<string, number | undefined>();
  private entryTotal: number | undefined;
  private termDocumentsVersion = '';
  private vocabularyTable = false;

  /** Forgets the counts once this connection or another one has written since they were read. */
  private checkTermCounts(): void {
    const { v } = this.stmt(`SELECT (SELECT data_version FROM pragma_data_version) || '.' || total_changes() AS v`).get() as { v: string };
    if (v === this.termDocumentsVersion) return;
    this.termDocuments.clear();
    this.entryTotal = undefined;
    this.termDocumentsVersion = v;
  }

  private documentsHolding(term: string): number | undefined {
    if (this.termDocuments.has(term)) return this.termDocuments.get(term);
    // fts5vocab reads the index's own term list; a temp table, so read-only connections have it too. Created once per
    // connection: run before every lookup, the statement cost as much as the lookup.
    if (!this.vocabularyTable) {
      this.db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.entries_fts_vocab USING fts5vocab(main, 'entries_fts', 'row')`);
      this.vocabularyTable = true;
    }
    const row = this.stmt(`SELECT doc FROM temp.entries_fts_vocab WHERE term = ?`).get(indexedForm(term)) as { doc: number } | undefined;
    this.termDocuments.set(term, row?.doc);
    return row?.doc;
  }

  private entryCount(): number {
    return (this.entryTotal ??= (this.stmt(`SELECT count(*) AS n FROM entries`).get() as { n: number }).n);
  }

  entryLocations(key: string): { file: string; line: number }[] {
    return this.stmt(
      `SELECT b.path AS file, e.line FROM entries e JOIN bib_files b ON b.id = e.bib_file_id
       WHERE e.key = ? OR e.id IN (SELECT entry_id FROM entry_aliases WHERE alias = ?) ORDER BY b.path, e.line`,
    ).all(key, key) as { file: string; line: number }[];
  }

  stats(): LibraryStats {
    const count = (sql: string) => (this.stmt(sql).get() as { n: number }).n;
    return {
      bibFiles: count(`SELECT count(*) AS n FROM bib_files`),
      // Citable keys: an entry whose key another .bib file already defines is not one more.
      entries: count(`SELECT count(DISTINCT key) AS n FROM entries`),
      pdfFiles: count(`SELECT count(*) AS n FROM pdf_files`),
      pdfsWithText: count(`SELECT count(*) AS n FROM pdf_files WHERE ok = 1`),
      linked: count(`SELECT count(DISTINCT pdf_path) AS n FROM links`),
      errors: count(
        `SELECT (SELECT count(*) FROM bib_errors WHERE severity != 'info') + (SELECT count(*) FROM pdf_files WHERE ok = 0)
              + (SELECT count(*) - count(DISTINCT key) FROM entries) AS n`,
      ),
    };
  }

  allKeys(): string[] {
    return (this.stmt(`SELECT DISTINCT key FROM entries ORDER BY key`).all() as { key: string }[]).map((r) => r.key);
  }

  groups(): { name: string; keys: string[] }[] {
    const rows = this.stmt(
      `SELECT key, json_extract(fields, '$.groups') AS groups FROM entries
       WHERE json_extract(fields, '$.groups') IS NOT NULL ORDER BY key`,
    ).all() as { key: string; groups: string }[];
    const byName = new Map<string, string[]>();
    for (const r of rows) {
      for (const name of r.groups.replace(/[{}]/g, '').split(',').map((g) => g.trim()).filter(Boolean)) {
        const keys = byName.get(name) ?? [];
        if (!keys.includes(r.key)) keys.push(r.key);
        byName.set(name, keys);
      }
    }
    return [...byName].sort(([a], [b]) => a.localeCompare(b)).map(([name, keys]) => ({ name, keys }));
  }

  listEntries(): EntrySummary[] {
    const rows = this.stmt(
      `SELECT e.key, e.type, e.title, e.authors, e.year, e.venue, e.line, b.path AS bib_path,
              (SELECT l.pdf_path FROM links l WHERE l.entry_key = e.key ORDER BY ${LINK_METHOD_RANK}, l.score DESC LIMIT 1) AS pdf_path,
              (SELECT group_concat(a.alias, ' ') FROM entry_aliases a WHERE a.entry_id = e.id) AS aliases
       FROM entries e JOIN bib_files b ON b.id = e.bib_file_id ORDER BY e.key, b.path`,
    ).all() as (EntryRow & { pdf_path: string | null; aliases: string | null })[];
    const seen = new Set<string>();
    const out: EntrySummary[] = [];
    for (const r of rows) {
      if (seen.has(r.key)) continue;
      seen.add(r.key);
      const s: EntrySummary = { key: r.key, type: r.type, title: r.title, authors: JSON.parse(r.authors) as Author[], bibFile: r.bib_path, line: r.line };
      if (r.year !== null) s.year = r.year;
      if (r.venue !== null) s.venue = r.venue;
      if (r.pdf_path !== null) s.pdfPath = r.pdf_path;
      // A key holds no white space, so the aliases travel as one space-separated string.
      if (r.aliases) s.aliases = r.aliases.split(' ');
      out.push(s);
    }
    return out;
  }

  errors(): LibraryProblem[] {
    const bib = this.stmt(
      `SELECT b.path AS file, r.line, r.message, r.severity FROM bib_errors r JOIN bib_files b ON b.id = r.bib_file_id
       ORDER BY b.path, r.line, r.id`,
    ).all() as LibraryProblem[];
    const pdf = (
      this.stmt(`SELECT path, failure, message FROM pdf_files WHERE ok = 0 ORDER BY path`).all() as {
        path: string;
        failure: string | null;
        message: string | null;
      }[]
    ).map((p): LibraryProblem => ({ file: p.path, message: pdfProblemMessage(p.failure, p.message), severity: 'warning' }));
    const byFileAndLine = (a: LibraryProblem, b: LibraryProblem) =>
      a.file < b.file ? -1 : a.file > b.file ? 1 : (a.line ?? 0) - (b.line ?? 0);
    return [...[...bib, ...this.crossFileDuplicates()].sort(byFileAndLine), ...pdf];
  }

  /**
   * A key defined in more than one .bib file: the first file by path wins (as `getPaper` reads it), and each other
   * definition gets a warning, so that the entry the user edits is never ignored without a word.
   */
  private crossFileDuplicates(): LibraryProblem[] {
    const rows = this.stmt(
      `SELECT e.key, e.line, e.title, e.abstract, e.doi, b.path FROM entries e JOIN bib_files b ON b.id = e.bib_file_id
       WHERE e.key IN (SELECT key FROM entries GROUP BY key HAVING count(*) > 1)
       ORDER BY e.key, b.path`,
    ).all() as (KeyCopy & { key: string })[];
    const problems: LibraryProblem[] = [];
    for (let start = 0; start < rows.length; ) {
      let end = start + 1;
      while (end < rows.length && rows[end].key === rows[start].key) end++;
      const [used, ...later] = rows.slice(start, end);
      // What the later copies give the used one, as getPaper fills it (from the rows in hand: a PDF's text need not load).
      const { filledFrom } = fillFromLaterCopies(used, later);
      for (const r of later) {
        const where = path.basename(used.path) === path.basename(r.path) ? used.path : path.basename(used.path);
        const gave = filledFrom.find((f) => f.file === r.path && f.line === r.line)?.fields;
        const fate = gave ? `its ${gave.map((f) => (f === 'doi' ? 'DOI' : f)).join(' and ')} fill${gave.length > 1 ? '' : 's'} what that entry lacks` : 'this entry is ignored';
        problems.push({
          file: r.path,
          line: r.line,
          message: `duplicate key '${r.key}' (also defined in ${where} on line ${used.line}, which is used; ${fate})`,
          severity: 'warning',
          related: { file: used.path, line: used.line, message: `the entry used for '${r.key}'` },
        });
      }
      start = end;
    }
    return problems;
  }

  close(): void {
    this.statements.clear();
    if (this.db.open) this.db.close();
  }

  // ---- Writes --------------------------------------------------------------------------------------------

  bibFileStamp(path: string): FileStamp | undefined {
    return this.stmt(`SELECT content_hash AS contentHash, mtime_ms AS mtimeMs, size FROM bib_files WHERE path = ?`).get(path) as
      | FileStamp
      | undefined;
  }

  pdfFileStamp(path: string): FileStamp | undefined {
    return this.stmt(`SELECT content_hash AS contentHash, mtime_ms AS mtimeMs, size FROM pdf_files WHERE path = ?`).get(path) as
      | FileStamp
      | undefined;
  }

  bibFilePaths(): string[] {
    return (this.stmt(`SELECT path FROM bib_files ORDER BY path`).all() as { path: string }[]).map((r) => r.path);
  }

  pdfFilePaths(): string[] {
    return (this.stmt(`SELECT path FROM pdf_files ORDER BY path`).all() as { path: string }[]).map((r) => r.path);
  }

  /**
   * Links must be computed again: for the entries of `bibPath` only (its candidates), or, after a PDF changed, for
   * everything (every PDF's candidates against every entry).
   */
  private markLinksStale(bibPath?: string): void {
    this.stmt(`INSERT INTO meta(name, value) VALUES ('links_stale', '1') ON CONFLICT(name) DO UPDATE SET value = '1'`).run();
    if (bibPath !== undefined) this.stmt(`INSERT OR IGNORE INTO links_dirty_bibs(path) VALUES (?)`).run(bibPath);
    else this.stmt(`INSERT INTO meta(name, value) VALUES ('links_full', '1') ON CONFLICT(name) DO UPDATE SET value = '1'`).run();
  }

  linkWork(): LinkWork | undefined {
    if (!this.linksStale()) return undefined;
    const full = (this.stmt(`SELECT value FROM meta WHERE name = 'links_full'`).get() as { value: string } | undefined)?.value === '1';
    const bibs = (this.stmt(`SELECT path FROM links_dirty_bibs ORDER BY path`).all() as { path: string }[]).map((r) => r.path);
    const stats = this.stmt(`SELECT value FROM meta WHERE name = 'link_statistics'`).get() as { value: string } | undefined;
    return { full: full || !stats, bibs, statistics: stats ? (JSON.parse(stats.value) as TitleStatistics) : undefined };
  }

  entryTitles(): string[] {
    return (this.stmt(`SELECT title FROM entries`).all() as { title: string }[]).map((r) => r.title);
  }

  replaceLinkCandidates(scope: 'all' | readonly string[], candidates: readonly LinkCandidate[]): void {
    this.db.transaction(() => {
      if (scope === 'all') this.stmt(`DELETE FROM link_candidates`).run();
      else for (const bib of scope) this.stmt(`DELETE FROM link_candidates WHERE bib_path = ?`).run(bib);
      const insert = this.stmt(`INSERT INTO link_candidates(entry_key, bib_path, line, pdf_path, method, score, file_rank) VALUES (?, ?, ?, ?, ?, ?, ?)`);
      for (const c of candidates) insert.run(c.key, c.order[0], c.order[1], c.pdfPath, c.method, c.score, c.fileRank);
    }).immediate();
  }

  allLinkCandidates(): LinkCandidate[] {
    const rows = this.stmt(`SELECT entry_key, bib_path, line, pdf_path, method, score, file_rank FROM link_candidates`).all() as {
      entry_key: string;
      bib_path: string;
      line: number;
      pdf_path: string;
      method: LinkMethod;
      score: number;
      file_rank: number;
    }[];
    return rows.map((r) => ({ key: r.entry_key, pdfPath: r.pdf_path, method: r.method, score: r.score, order: [r.bib_path, r.line], fileRank: r.file_rank }));
  }

  enrichTargets(keys?: readonly string[]): EnrichTarget[] {
    return this.found.enrichTargets(keys);
  }

  foundAbstract(key: string): FoundAbstract | undefined {
    return this.found.foundAbstract(key);
  }

  saveFoundAbstract(found: FoundAbstract, options: { replace?: boolean } = {}): boolean {
    return this.found.saveFoundAbstract(found, options.replace ?? false);
  }

  saveFoundFile(found: FoundFile): boolean {
    return this.found.saveFoundFile(found);
  }

  foundFiles(key: string): FoundFile[] {
    return this.found.foundFiles(key);
  }

  recordEnrichAttempt(attempt: EnrichAttempt): void {
    this.found.recordEnrichAttempt(attempt);
  }

  enrichAttempts(key: string): EnrichAttempt[] {
    return this.found.enrichAttempts(key);
  }

  linksStale(): boolean {
    const row = this.stmt(`SELECT value FROM meta WHERE name = 'links_stale'`).get() as { value: string } | undefined;
    return row?.value === '1';
  }

  private deleteBibRows(bibFileId: number): void {
    this.stmt(`DELETE FROM entries_fts WHERE rowid IN (SELECT id FROM entries WHERE bib_file_id = ?)`).run(bibFileId);
    this.stmt(`DELETE FROM entry_aliases WHERE entry_id IN (SELECT id FROM entries WHERE bib_file_id = ?)`).run(bibFileId);
    this.stmt(`DELETE FROM entries WHERE bib_file_id = ?`).run(bibFileId);
    this.stmt(`DELETE FROM bib_errors WHERE bib_file_id = ?`).run(bibFileId);
  }

  writeBibFile(path: string, stamp: FileStamp, parsed: BibParseResult, macroEnv: MacroEnv = {}): void {
    this.db.transaction(() => {
      const existing = this.stmt(`SELECT id FROM bib_files WHERE path = ?`).get(path) as { id: number } | undefined;
      const macros = [JSON.stringify(parsed.ownStrings), JSON.stringify(parsed.neededMacros), JSON.stringify(macroEnv)];
      let fileId: number;
      if (existing) {
        fileId = existing.id;
        this.deleteBibRows(fileId);
        this.stmt(
          `UPDATE bib_files SET content_hash = ?, mtime_ms = ?, size = ?, entry_count = ?, indexed_at = ?, own_strings = ?, needed_macros = ?, macro_env = ? WHERE id = ?`,
        ).run(stamp.contentHash, stamp.mtimeMs, stamp.size, parsed.entries.length, Date.now(), ...macros, fileId);
      } else {
        fileId = Number(
          this.stmt(
            `INSERT INTO bib_files(path, content_hash, mtime_ms, size, entry_count, indexed_at, own_strings, needed_macros, macro_env) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          ).run(path, stamp.contentHash, stamp.mtimeMs, stamp.size, parsed.entries.length, Date.now(), ...macros).lastInsertRowid,
        );
      }
      const insertEntry = this.stmt(
        `INSERT INTO entries(bib_file_id, key, type, title, authors, authors_truncated, year, venue, abstract, doi, fields, line)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      const insertFts = this.stmt(`INSERT INTO entries_fts(rowid, key, title, authors, abstract) VALUES (?, ?, ?, ?, ?)`);
      const insertAlias = this.stmt(`INSERT INTO entry_aliases(alias, entry_id) VALUES (?, ?)`);
      for (const e of parsed.entries) {
        const authors = e.creators;
        const title = e.title;
        const abstract = e.abstract ?? null;
        const indexedAbstract = abstract ?? this.found.abstractForIndex({ key: e.key, doi: e.doi, title });
        const id = Number(
          insertEntry.run(
            fileId,
            e.key,
            e.type,
            title,
            JSON.stringify(authors),
            e.authorsTruncated ? 1 : 0,
            e.year ?? null,
            e.venue ?? null,
            abstract,
            e.doi ?? null,
            JSON.stringify(e.fields),
            e.line,
          ).lastInsertRowid,
        );
        const authorText = authors.map((a) => (a.given ? `${a.given} ${a.family}` : a.family)).join('; ');
        insertFts.run(id, e.key, title, authorText, indexedAbstract);
        for (const alias of e.ids) if (alias !== e.key) insertAlias.run(alias, id);
      }
      const insertError = this.stmt(`INSERT INTO bib_errors(bib_file_id, line, message, severity) VALUES (?, ?, ?, ?)`);
      for (const err of parsed.errors) insertError.run(fileId, err.line, err.message, err.severity);
      this.markLinksStale(path);
    }).immediate();
  }

  bibMacroInfo(): BibMacroInfo[] {
    const rows = this.stmt(`SELECT path, own_strings, needed_macros, macro_env FROM bib_files ORDER BY path`).all() as {
      path: string;
      own_strings: string;
      needed_macros: string;
      macro_env: string;
    }[];
    return rows.map((r) => ({ path: r.path, ownStrings: JSON.parse(r.own_strings), neededMacros: JSON.parse(r.needed_macros), macroEnv: JSON.parse(r.macro_env) }));
  }

  touchBibFile(path: string, stamp: FileStamp): void {
    this.stmt(`UPDATE bib_files SET mtime_ms = ?, size = ? WHERE path = ?`).run(stamp.mtimeMs, stamp.size, path);
  }

  touchPdfFile(path: string, stamp: FileStamp): void {
    this.stmt(`UPDATE pdf_files SET mtime_ms = ?, size = ? WHERE path = ?`).run(stamp.mtimeMs, stamp.size, path);
  }

  removeBibFile(path: string): void {
    this.db.transaction(() => {
      const existing = this.stmt(`SELECT id FROM bib_files WHERE path = ?`).get(path) as { id: number } | undefined;
      if (!existing) return;
      this.deleteBibRows(existing.id);
      this.stmt(`DELETE FROM bib_files WHERE id = ?`).run(existing.id);
      this.markLinksStale(path);
    }).immediate();
  }

  private deletePdfRows(pdfId: number): void {
    this.stmt(`DELETE FROM pdf_fts WHERE rowid = ?`).run(pdfId);
    this.stmt(`DELETE FROM pdf_sentences WHERE section_id IN (SELECT id FROM pdf_sections WHERE pdf_id = ?)`).run(pdfId);
    this.stmt(`DELETE FROM pdf_sections WHERE pdf_id = ?`).run(pdfId);
  }

  writePdf(x: PdfExtraction, mtimeMs: number): void {
    this.db.transaction(() => {
      const existing = this.stmt(`SELECT id FROM pdf_files WHERE path = ?`).get(x.path) as { id: number } | undefined;
      const values = [x.contentHash, mtimeMs, x.size, x.ok ? 1 : 0, x.failure ?? null, x.message ?? null, x.pageCount, JSON.stringify(x.meta ?? {})];
      let pdfId: number;
      if (existing) {
        pdfId = existing.id;
        this.deletePdfRows(pdfId);
        this.stmt(
          `UPDATE pdf_files SET content_hash = ?, mtime_ms = ?, size = ?, ok = ?, failure = ?, message = ?, page_count = ?, meta = ? WHERE id = ?`,
        ).run(...values, pdfId);
      } else {
        pdfId = Number(
          this.stmt(
            `INSERT INTO pdf_files(content_hash, mtime_ms, size, ok, failure, message, page_count, meta, path) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          ).run(...values, x.path).lastInsertRowid,
        );
      }
      if (x.ok) {
        // Page text goes to FTS joined by form feeds (the first page is kept apart for title matching, see linkingInputs).
        this.stmt(`INSERT INTO pdf_fts(rowid, text) VALUES (?, ?)`).run(pdfId, x.pages.join('\f'));
        const insertSection = this.stmt(`INSERT INTO pdf_sections(pdf_id, idx, kind, heading) VALUES (?, ?, ?, ?)`);
        const insertSentence = this.stmt(`INSERT INTO pdf_sentences(section_id, idx, text, page) VALUES (?, ?, ?, ?)`);
        x.sections.forEach((section, si) => {
          const sectionId = Number(insertSection.run(pdfId, si, section.kind, section.heading).lastInsertRowid);
          section.sentences.forEach((s, i) => insertSentence.run(sectionId, s.index ?? i, s.text, s.page ?? null));
        });
      }
      this.markLinksStale();
    }).immediate();
  }

  removePdfFile(path: string): void {
    this.db.transaction(() => {
      const existing = this.stmt(`SELECT id FROM pdf_files WHERE path = ?`).get(path) as { id: number } | undefined;
      if (!existing) return;
      this.deletePdfRows(existing.id);
      this.stmt(`DELETE FROM pdf_files WHERE id = ?`).run(existing.id);
      this.markLinksStale();
    }).immediate();
  }

  fileFields(): Array<{ value: string; bibDir: string }> {
    const rows = this.stmt(
      `SELECT json_extract(e.fields, '$.file') AS value, b.path AS bib_path
       FROM entries e JOIN bib_files b ON b.id = e.bib_file_id WHERE json_extract(e.fields, '$.file') IS NOT NULL ORDER BY b.path, e.line`,
    ).all() as { value: string; bib_path: string }[];
    const found = [...this.found.allFoundFiles().values()].flat().map((file) => ({ value: asFileFieldItem(file), bibDir: path.dirname(file) }));
    return [...rows.map((r) => ({ value: String(r.value), bibDir: path.dirname(r.bib_path) })), ...found];
  }

  linkingInputs(bibPaths?: readonly string[]): { entries: StoredEntry[]; pdfs: StoredPdf[] } {
    type Row = EntryRowForLinking;
    const select = `SELECT e.key, e.type, e.title, e.authors, e.year, e.doi, e.fields, e.line, b.path AS bib_path
         FROM entries e JOIN bib_files b ON b.id = e.bib_file_id`;
    const rows: Row[] = bibPaths
      ? bibPaths.flatMap((p) => this.stmt(`${select} WHERE b.path = ? ORDER BY e.line`).all(p) as Row[])
      : (this.stmt(`${select} ORDER BY b.path, e.line`).all() as Row[]);
    const foundFiles = this.found.allFoundFiles();
    const entries = rows.map((r): StoredEntry => {
      const e = storedEntryFromRow(r);
      // Files found for the entry (Zotero storage, open-access downloads) link as its own `file` field would.
      const files = foundFiles.get(r.key);
      if (files) e.fields = { ...e.fields, file: [e.fields.file, ...files.map(asFileFieldItem)].filter(Boolean).join(';') };
      return e;
    });
    // Only page 1 leaves SQLite (pages are joined by form feeds): the linker reads no further, and a whole library's
    // text would otherwise pass through memory.
    const pdfs = (
      this.stmt(
        `SELECT p.path, p.ok, p.meta, p.page_count,
                CASE WHEN instr(f.text, char(12)) > 0 THEN substr(f.text, 1, instr(f.text, char(12)) - 1) ELSE f.text END AS first_page
         FROM pdf_files p LEFT JOIN pdf_fts f ON f.rowid = p.id ORDER BY p.path`,
      ).all() as { path: string; ok: number; meta: string; page_count: number; first_page: string | null }[]
    ).map(
      (r): StoredPdf => ({
        path: r.path,
        ok: r.ok === 1,
        meta: JSON.parse(r.meta) as PdfMetadataGuess,
        pageCount: r.page_count,
        firstPageText: r.first_page ?? '',
      }),
    );
    return { entries, pdfs };
  }

  replaceLinks(links: StoredLink[], statistics?: TitleStatistics): void {
    this.db.transaction(() => {
      this.stmt(`DELETE FROM links`).run();
      const insert = this.stmt(`INSERT OR REPLACE INTO links(entry_key, pdf_path, method, score) VALUES (?, ?, ?, ?)`);
      for (const l of links) insert.run(l.entryKey, l.pdfPath, l.method, l.score);
      this.stmt(`INSERT INTO meta(name, value) VALUES ('links_stale', '0') ON CONFLICT(name) DO UPDATE SET value = '0'`).run();
      this.stmt(`INSERT INTO meta(name, value) VALUES ('links_full', '0') ON CONFLICT(name) DO UPDATE SET value = '0'`).run();
      this.stmt(`DELETE FROM links_dirty_bibs`).run();
      if (statistics) {
        this.stmt(`INSERT INTO meta(name, value) VALUES ('link_statistics', ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value`).run(JSON.stringify(statistics));
      }
    }).immediate();
  }
}

function pdfProblemMessage(failure: string | null, message: string | null): string {
  const reason: Record<string, string> = {
    empty: 'empty file',
    encrypted: 'encrypted (password-protected)',
    'no-text': 'no text layer (scanned or image-only)',
    truncated: 'truncated file',
    invalid: 'not a valid PDF',
    'too-large': 'too large to index',
    timeout: 'text extraction timed out',
  };
  // The extractor's message already names the reason in words; the short form is for when it has none.
  if (message) return `PDF not indexed: ${message}`;
  return `PDF not indexed: ${failure ? reason[failure] ?? failure : 'unreadable'}`;
}
