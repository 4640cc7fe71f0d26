// The library store's reads: an entry as a PaperRecord, search, ranking for completion and suggestion, the term
// counts that ranking weighs by, stats, groups and problems. See store-connection.ts for how the parts fit.
import * as path from 'node:path';
import { isCollectionAbstract, type AbstractHolder } from '../bibtex/collection-abstract';
import type { Author, PaperRecord, PaperSection, SectionKind } from '../types';
import { indexedForm, selectRankingTerms } from './ranking-terms';
import { lightStem } from '../text/tokens';
import { entryIdentity } from './found';
import { fillFromLaterCopies, type KeyCopy } from './duplicate-fill';
import type { LibraryStats, LibraryProblem, SearchHit, EntrySummary, CitationCandidate } from './store-types';
import { LINK_METHOD_RANK, StoreConnection, type EntryRow } from './store-connection';

/** A user's query → FTS5 syntax: every word must match as a prefix ("knu tex" finds "Knuth … TeX"). */
export function toFtsQuery(query: string): string | undefined {
  const words = query.normalize('NFC').match(/[\p{L}\p{N}]+/gu);
  if (!words?.length) return undefined;
  return words.map((w) => `"${w}"*`).join(' ');
}

export abstract class StoreReads extends StoreConnection {
  /** The entry for a key (or a biblatex `ids` alias). Same key in several .bib files: the first by path wins. */
  protected entryRow(key: string): EntryRow | undefined {
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

  protected linkedPdf(key: string): { path: string; id: number; ok: number } | undefined {
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

  /**
   * Up to `limit` works of the library as candidates with no BM25 score (0), key order: what an embedding model
   * compares a sentence with, so that a work sharing no word with it ("ferry timetable" for "boat schedule") is found.
   */
  embeddingCandidates(limit: number): CitationCandidate[] {
    const rows = this.stmt(
      `SELECT e.key, e.title, COALESCE(e.abstract, (SELECT f.abstract FROM found_abstracts f WHERE f.entry_key = e.key)) AS abstract,
              e.year, EXISTS (SELECT 1 FROM links l WHERE l.entry_key = e.key) AS linked
       FROM entries e WHERE e.id = (SELECT id FROM entries x WHERE x.key = e.key LIMIT 1) ORDER BY e.key LIMIT ?`,
    ).all(limit) as { key: string; title: string; abstract: string | null; year: number | null; linked: number }[];
    return rows.map((row) => ({
      key: row.key,
      title: row.title,
      score: 0,
      ...(row.abstract !== null && { abstract: row.abstract }),
      ...(row.year !== null && { year: row.year }),
      linkedPdf: row.linked === 1,
    }));
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
