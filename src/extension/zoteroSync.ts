// Reads the user's Zotero library (offline) after each index run that could change what it matches: Zotero's files
// changed, or a .bib was re-read. Abstracts and stored PDFs of matched items become the entries' own; a run that
// found new PDFs asks the index to read and link them. Zotero's database is copied, never opened in place.
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { LibraryStore } from '../core/library/store';
import { defaultZoteroDataDirectory } from '../core/zotero/reader';
import { importFromZotero, type ZoteroImportReport } from '../core/zotero/import';
import { readSettings } from './settings';

/** The Zotero data directory in use: the setting, else ~/Zotero when it exists; undefined when off or absent. */
export function zoteroDirectory(): { dir: string; configured: boolean } | undefined {
  const settings = readSettings();
  if (!settings.zoteroEnabled) return undefined;
  if (settings.zoteroDataDirectory.trim()) return { dir: settings.zoteroDataDirectory.trim(), configured: true };
  const detected = defaultZoteroDataDirectory();
  return detected ? { dir: detected, configured: false } : undefined;
}

function stampOf(dir: string): string {
  return ['zotero.sqlite', 'zotero.sqlite-wal', 'better-bibtex.sqlite']
    .map((name) => {
      try {
        const s = fs.statSync(path.join(dir, name));
        return `${s.size}:${s.mtimeMs}`;
      } catch {
        return '-';
      }
    })
    .join('|');
}

export class ZoteroSync {
  private lastStamp: string | undefined;
  private warned = new Set<string>();
  lastReport: ZoteroImportReport | undefined;
  /** Why the last read failed, when it did. */
  lastError: string | undefined;

  constructor(private readonly log: vscode.LogOutputChannel) {}

  /** Imports when something changed (or `force`); returns the report, or undefined when nothing was read. */
  sync(store: LibraryStore, bibsChanged: boolean, force = false): ZoteroImportReport | undefined {
    const zotero = zoteroDirectory();
    if (!zotero) return undefined;
    const stamp = `${zotero.dir}|${stampOf(zotero.dir)}`;
    if (!force && !bibsChanged && stamp === this.lastStamp) return undefined;
    try {
      const started = Date.now();
      const report = importFromZotero(store, zotero.dir);
      this.lastStamp = stamp;
      this.lastReport = report;
      this.lastError = undefined;
      const m = report.matched;
      this.log.info(
        `zotero: ${m['citation-key'] + m.doi + m.title} of ${report.entries} entries matched to ${report.items} items in ${report.dataDirectory} ` +
          `(${m['citation-key']} by citation key, ${m.doi} by DOI, ${m.title} by title); ${report.abstracts} abstracts, ${report.pdfs} PDFs (${report.newPdfs} new) in ${Date.now() - started} ms`,
      );
      return report;
    } catch (err) {
      const message = (err as Error).message;
      this.lastError = message;
      this.log.warn(`zotero: ${message}`);
      // Said once per place: a directory the user named that cannot be read is worth a message; ~/Zotero is a guess.
      if ((zotero.configured || force) && !this.warned.has(zotero.dir)) {
        this.warned.add(zotero.dir);
        void vscode.window.showWarningMessage(`CiteScribe could not read the Zotero library: ${message}`);
      }
      return undefined;
    }
  }
}
