// The library store's linking: which links are stale, the candidates and links the linker computed, and what it
// reads (entries with their `file` fields, and each PDF's first page). See store-connection.ts for how the parts fit.
import * as path from 'node:path';
import type { LinkCandidate, TitleStatistics } from './link';
import type { PdfMetadataGuess } from '../pdf/types';
import { asFileFieldItem, storedEntryFromRow, type EntryRowForLinking } from './found';
import type { LinkMethod, StoredLink, StoredEntry, LinkWork, StoredPdf } from './store-types';
import { StoreReads } from './store-reads';

export abstract class StoreLinking extends StoreReads {
  /**
   * Links must be computed again: for the entries of `bibPath` only (its candidates), or, after a PDF changed, for
   * everything (every PDF's candidates against every entry).
   */
  protected markLinksStale(bibPath?: string): void {
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

  linksStale(): boolean {
    const row = this.stmt(`SELECT value FROM meta WHERE name = 'links_stale'`).get() as { value: string } | undefined;
    return row?.value === '1';
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
