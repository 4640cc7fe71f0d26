// The library store's writes: file stamps, a .bib file's entries and a PDF's text written (or removed) in one
// transaction each, and the records found online. Every write marks the links stale (store-linking.ts).
import type { BibParseResult } from '../bibtex';
import type { PdfExtraction } from '../pdf/types';
import type { FileStamp, MacroEnv, BibMacroInfo, LibraryStore, EnrichAttempt, EnrichTarget, FoundAbstract, FoundFile } from './store-types';
import { StoreLinking } from './store-linking';

export class SqliteLibraryStore extends StoreLinking implements LibraryStore {
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
}
