// What was found about entries outside their .bib files — an abstract from Zotero or an online source, PDFs from
// Zotero's storage or an open-access download — kept in the library database with where and when it came from.
// The store delegates here; nothing in this file writes a .bib.
import type { Database, Statement } from 'better-sqlite3';
import { normalizeDoi, normalizeTitle } from './link';
import type { EnrichAttempt, EnrichTarget, FoundAbstract, FoundFile, FoundSource, StoredEntry } from './store-types';
import type { Author } from '../types';

/**
 * What the entry is, for telling whether something found for it still applies: its DOI, else its title. An entry
 * whose key stays but whose title is rewritten into another work ("Attention is all you need" → "BERT: …") loses
 * what was found for the old one; one whose .bib is merely re-indexed keeps it.
 */
export function entryIdentity(entry: { doi?: string | null; title: string }): string {
  const doi = normalizeDoi(entry.doi ?? undefined);
  return doi ? `doi:${doi}` : `title:${normalizeTitle(entry.title)}`;
}

/** A path as one item of a `file` field: the separators it may hold escaped, as JabRef writes them. */
export function asFileFieldItem(file: string): string {
  return file.replace(/([\\:;])/g, '\\$1');
}

type Prepare = (sql: string) => Statement;

/** An entries row (joined with its .bib file's path) as the linker, enrichment and Zotero matching read it. */
export interface EntryRowForLinking {
  key: string;
  type: string;
  title: string;
  authors: string;
  year: number | null;
  doi: string | null;
  fields: string;
  bib_path: string;
  line: number;
}

export function storedEntryFromRow(r: EntryRowForLinking): StoredEntry {
  const e: StoredEntry = {
    key: r.key,
    type: r.type,
    title: r.title,
    authors: JSON.parse(r.authors) as Author[],
    fields: JSON.parse(r.fields) as Record<string, string>,
    bibFile: r.bib_path,
    line: r.line,
  };
  if (r.year !== null) e.year = r.year;
  if (r.doi !== null) e.doi = r.doi;
  return e;
}

interface FoundAbstractRow {
  entry_key: string;
  identity: string;
  abstract: string;
  source: FoundSource;
  url: string | null;
  retrieved: string;
  matched_by: FoundAbstract['matchedBy'];
  work_title: string | null;
}

function toFoundAbstract(r: FoundAbstractRow): FoundAbstract {
  const found: FoundAbstract = { key: r.entry_key, abstract: r.abstract, source: r.source, retrieved: r.retrieved, matchedBy: r.matched_by };
  if (r.url !== null) found.url = r.url;
  if (r.work_title !== null) found.workTitle = r.work_title;
  return found;
}

export class FoundRecords {
  constructor(
    private readonly db: Database,
    private readonly stmt: Prepare,
  ) {}

  /** The entry a key names (first .bib by path, as getPaper reads it): its identity and whether its .bib has an abstract. */
  private entryFacts(key: string): { identity: string; bibAbstract: boolean } | undefined {
    const row = this.stmt(
      `SELECT e.title, e.doi, e.abstract IS NOT NULL AS has_abstract FROM entries e JOIN bib_files b ON b.id = e.bib_file_id
       WHERE e.key = ? ORDER BY b.path LIMIT 1`,
    ).get(key) as { title: string; doi: string | null; has_abstract: number } | undefined;
    return row && { identity: entryIdentity(row), bibAbstract: row.has_abstract === 1 };
  }

  /** The found abstract of an entry whose identity is `identity` (callers that have the entry row pass it). */
  abstractFor(key: string, identity: string): FoundAbstract | undefined {
    const row = this.stmt(`SELECT * FROM found_abstracts WHERE entry_key = ?`).get(key) as FoundAbstractRow | undefined;
    return row && row.identity === identity ? toFoundAbstract(row) : undefined;
  }

  foundAbstract(key: string): FoundAbstract | undefined {
    const facts = this.entryFacts(key);
    return facts && this.abstractFor(key, facts.identity);
  }

  saveFoundAbstract(found: FoundAbstract, replace: boolean): boolean {
    const facts = this.entryFacts(found.key);
    if (!facts) return false;
    // IMMEDIATE: the write lock is taken (waiting out the busy timeout) before the read. A deferred transaction reads
    // first, and when an index run in another process then holds the lock, SQLite cannot wait — the upgrade from
    // reader to writer fails at once with "database is locked".
    return this.db.transaction(() => {
      const existing = this.abstractFor(found.key, facts.identity);
      if (existing && !replace) return false;
      this.stmt(
        `INSERT INTO found_abstracts(entry_key, identity, abstract, source, url, retrieved, matched_by, work_title)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(entry_key) DO UPDATE SET identity = excluded.identity, abstract = excluded.abstract, source = excluded.source,
           url = excluded.url, retrieved = excluded.retrieved, matched_by = excluded.matched_by, work_title = excluded.work_title`,
      ).run(found.key, facts.identity, found.abstract, found.source, found.url ?? null, found.retrieved, found.matchedBy, found.workTitle ?? null);
      // Search, ranking and citation suggestion read the abstract from the full-text index: entries whose .bib has
      // none search by the found one.
      this.stmt(`UPDATE entries_fts SET abstract = ? WHERE rowid IN (SELECT id FROM entries WHERE key = ? AND abstract IS NULL)`).run(
        found.abstract,
        found.key,
      );
      return true;
    }).immediate();
  }

  /** The abstract the full-text index holds for a newly indexed entry that its .bib gives none. */
  abstractForIndex(entry: { key: string; doi?: string | null; title: string }): string | null {
    return this.abstractFor(entry.key, entryIdentity(entry))?.abstract ?? null;
  }

  /** True when the file is new for the entry (the next index run must read and link it). */
  saveFoundFile(found: FoundFile): boolean {
    const facts = this.entryFacts(found.key);
    if (!facts) return false;
    const known = this.stmt(`SELECT 1 FROM found_files WHERE entry_key = ? AND path = ? AND identity = ?`).get(found.key, found.path, facts.identity);
    // Zotero is read again on each index run: a file already known changes nothing (and costs no relinking).
    if (known) return false;
    this.db.transaction(() => {
      this.stmt(
        `INSERT INTO found_files(entry_key, identity, path, source, url, retrieved) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT(entry_key, path) DO UPDATE SET identity = excluded.identity, source = excluded.source, url = excluded.url, retrieved = excluded.retrieved`,
      ).run(found.key, facts.identity, found.path, found.source, found.url ?? null, found.retrieved);
      // The next index run links the file (as a `file` field names it) and indexes its text.
      this.stmt(`INSERT INTO meta(name, value) VALUES ('links_stale', '1') ON CONFLICT(name) DO UPDATE SET value = '1'`).run();
      this.stmt(`INSERT INTO meta(name, value) VALUES ('links_full', '1') ON CONFLICT(name) DO UPDATE SET value = '1'`).run();
    }).immediate();
    return true;
  }

  foundFiles(key: string): FoundFile[] {
    const facts = this.entryFacts(key);
    if (!facts) return [];
    const rows = this.stmt(`SELECT * FROM found_files WHERE entry_key = ? AND identity = ? ORDER BY path`).all(key, facts.identity) as {
      entry_key: string;
      path: string;
      source: FoundSource;
      url: string | null;
      retrieved: string;
    }[];
    return rows.map((r) => ({ key: r.entry_key, path: r.path, source: r.source, retrieved: r.retrieved, ...(r.url !== null && { url: r.url }) }));
  }

  /** Every found file of a still-matching entry, by key: they join the entry's `file` field for indexing and linking. */
  allFoundFiles(): Map<string, string[]> {
    const rows = this.stmt(
      `SELECT f.entry_key, f.identity, f.path, e.title, e.doi FROM found_files f JOIN entries e ON e.key = f.entry_key ORDER BY f.entry_key, f.path`,
    ).all() as { entry_key: string; identity: string; path: string; title: string; doi: string | null }[];
    const byKey = new Map<string, string[]>();
    for (const r of rows) {
      if (entryIdentity(r) !== r.identity) continue;
      const paths = byKey.get(r.entry_key) ?? [];
      if (!paths.includes(r.path)) paths.push(r.path);
      byKey.set(r.entry_key, paths);
    }
    return byKey;
  }

  recordEnrichAttempt(attempt: EnrichAttempt): void {
    const facts = this.entryFacts(attempt.key);
    if (!facts) return;
    this.stmt(
      `INSERT INTO enrich_attempts(entry_key, source, identity, outcome, tried) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT(entry_key, source) DO UPDATE SET identity = excluded.identity, outcome = excluded.outcome, tried = excluded.tried`,
    ).run(attempt.key, attempt.source, facts.identity, attempt.outcome, attempt.tried);
  }

  enrichAttempts(key: string): EnrichAttempt[] {
    const facts = this.entryFacts(key);
    if (!facts) return [];
    const rows = this.stmt(`SELECT source, outcome, tried FROM enrich_attempts WHERE entry_key = ? AND identity = ? ORDER BY source`).all(
      key,
      facts.identity,
    ) as { source: FoundSource; outcome: EnrichAttempt['outcome']; tried: string }[];
    return rows.map((r) => ({ key, ...r }));
  }

  enrichTargets(keys?: readonly string[]): EnrichTarget[] {
    type Row = EntryRowForLinking & { has_abstract: number; has_pdf: number };
    const select = `SELECT e.key, e.type, e.title, e.authors, e.year, e.doi, e.fields, e.line, b.path AS bib_path,
                           e.abstract IS NOT NULL AS has_abstract,
                           EXISTS (SELECT 1 FROM links l JOIN pdf_files p ON p.path = l.pdf_path WHERE l.entry_key = e.key AND p.ok = 1) AS has_pdf
                    FROM entries e JOIN bib_files b ON b.id = e.bib_file_id`;
    const rows = keys
      ? keys.map((k) => this.stmt(`${select} WHERE e.key = ? ORDER BY b.path LIMIT 1`).get(k) as Row | undefined).filter((r): r is Row => !!r)
      : (this.stmt(`${select} ORDER BY e.key, b.path`).all() as Row[]);
    const seen = new Set<string>();
    const out: EnrichTarget[] = [];
    for (const r of rows) {
      if (seen.has(r.key)) continue;
      seen.add(r.key);
      const entry = storedEntryFromRow(r);
      const found = r.has_abstract ? undefined : this.abstractFor(r.key, entryIdentity(r));
      out.push({ ...entry, hasPdf: r.has_pdf === 1, ...(r.has_abstract ? { abstractFrom: 'bib' as const } : found && { abstractFrom: found.source }) });
    }
    return out;
  }
}
