// The library index as the editor sees it: which files feed it, when it re-indexes, the diagnostics for broken
// .bib entries, and the store the engines read. The SQLite store (a native module) opens on first use.
import * as path from 'path';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { openLibraryStore, type LibraryProblem, type LibraryStore, type LibraryStats } from '../core/library/store';
import type { CitationCandidate } from '../core/library/store-types';
import { indexLibrary } from '../core/library/indexer';
import { bibliographyFilesFromTex, bibliographyFilesFromMarkdown, walkFiles } from '../core/library/discovery';
import type { PaperLookup, PaperRecord } from '../core/types';
import { readSettings } from './settings';
import { ZoteroSync } from './zoteroSync';

export type { LibraryStats };

export type LibraryState = { kind: 'idle' } | { kind: 'indexing'; message: string } | { kind: 'ready'; stats: LibraryStats } | { kind: 'failed'; message: string };

const IGNORED_DIRS = '**/{node_modules,.git,.vscode-test,out,dist}/**';

export class LibraryService implements vscode.Disposable, PaperLookup {
  private store: LibraryStore | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly diagnostics = vscode.languages.createDiagnosticCollection('citescribe');
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly stateChanged = new vscode.EventEmitter<LibraryState>();
  private running: Promise<LibraryStats | undefined> | undefined;
  private rerunRequested = false;
  private debounce: NodeJS.Timeout | undefined;
  private _state: LibraryState = { kind: 'idle' };
  private zoteroForced = false;
  readonly zotero: ZoteroSync;

  /** Fires after each index run that may have changed entries. */
  readonly onDidChange = this.changed.event;
  readonly onDidChangeState = this.stateChanged.event;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.disposables.push(this.diagnostics, this.changed, this.stateChanged);
    this.zotero = new ZoteroSync(log);
  }

  /** Reads the Zotero library now (the Read Zotero Library command), then indexes what it brought. */
  async readZotero(): Promise<LibraryStats | undefined> {
    this.zoteroForced = true;
    return this.index();
  }

  get state(): LibraryState {
    return this._state;
  }

  /**
   * The store can answer queries: indexed, or being indexed again (opening a document can start a run; meanwhile the
   * store answers from what it has).
   */
  get answers(): boolean {
    return this._state.kind === 'ready' || this._state.kind === 'indexing';
  }

  private setState(state: LibraryState) {
    this._state = state;
    this.stateChanged.fire(state);
  }

  get dbPath(): string {
    const dir = (this.context.storageUri ?? this.context.globalStorageUri).fsPath;
    return path.join(dir, 'library.db');
  }

  /** Starts watching .bib/.pdf files and .tex/.md bibliographies; re-indexes (incrementally) on change. */
  startWatching() {
    const watcher = vscode.workspace.createFileSystemWatcher('**/*.{bib,pdf}');
    const onFile = (uri: vscode.Uri) => {
      if (/[\\/](node_modules|\.git)[\\/]/.test(uri.fsPath)) return;
      this.log.debug(`library: ${path.basename(uri.fsPath)} changed`);
      this.scheduleIndex();
    };
    watcher.onDidChange(onFile, undefined, this.disposables);
    watcher.onDidCreate(onFile, undefined, this.disposables);
    watcher.onDidDelete(onFile, undefined, this.disposables);
    this.disposables.push(watcher);
    // A saved .tex/.md may name a new bibliography.
    vscode.workspace.onDidSaveTextDocument(
      (doc) => {
        // A .bib is plain text unless an extension gives it a language: its name says what it is.
        if (doc.languageId === 'latex' || doc.languageId === 'markdown' || doc.languageId === 'bibtex' || /\.bib$/i.test(doc.fileName)) this.scheduleIndex();
      },
      undefined,
      this.disposables,
    );
    vscode.workspace.onDidChangeConfiguration(
      (e) => {
        if (e.affectsConfiguration('citescribe.library') || e.affectsConfiguration('citescribe.zotero')) this.scheduleIndex();
      },
      undefined,
      this.disposables,
    );
  }

  scheduleIndex(delayMs = 400) {
    clearTimeout(this.debounce);
    this.debounce = setTimeout(() => {
      this.index().catch((err) => this.log.error(`library: ${err?.message ?? err}`));
    }, delayMs);
  }

  /** The open store, opening (and if needed rebuilding) the database on first use. */
  getStore(): LibraryStore {
    if (!this.store) {
      fs.mkdirSync(path.dirname(this.dbPath), { recursive: true });
      this.store = openLibraryStore(this.dbPath, 'owned');
      this.log.info(`library: database ${this.dbPath}`);
      if (this.store.movedAsideTo) {
        // The index is derived data: say what happened, keep the damaged file for inspection, rebuild.
        const message = `The library index was damaged; it was moved to ${this.store.movedAsideTo} and is being rebuilt from your .bib files and PDFs.`;
        this.log.warn(`library: ${message}`);
        void vscode.window.showWarningMessage(`CiteScribe: ${message}`);
      }
    }
    return this.store;
  }

  getPaper(key: string): PaperRecord | undefined {
    return this.getStore().getPaper(key);
  }

  hasKey(key: string): boolean {
    return this.getStore().hasKey(key);
  }

  // The index's retrieval, so that the service is a Check Citations library too: the LLM engines' drafts judge each
  // sentence's citations with it (core/neural/paragraph-check.ts).
  citationCandidates(words: readonly string[], limit: number): CitationCandidate[] {
    return this.getStore().citationCandidates(words, limit);
  }

  termRarity(word: string): number {
    return this.getStore().termRarity(word);
  }

  termRarities(words: readonly string[]): number[] {
    return this.getStore().termRarities(words);
  }

  /** Files that feed the index: settings, workspace files, and the bibliographies named by open documents. */
  async collectInputs(): Promise<{ bibPaths: string[]; pdfPaths: string[]; bibliographies: string[][] }> {
    const settings = readSettings();
    const bib = new Set<string>();
    const pdf = new Set<string>();
    // Each document's \bibliography{a,b}, in order: b sees a's @string macros, as BibTeX reads them.
    const bibliographies: string[][] = [];
    const folders = vscode.workspace.workspaceFolders ?? [];
    const resolve = (p: string) => (path.isAbsolute(p) || folders.length === 0 ? p : path.join(folders[0].uri.fsPath, p));
    for (const p of settings.bibFiles) bib.add(resolve(p));
    if (settings.includeWorkspace) {
      for (const uri of await vscode.workspace.findFiles('**/*.bib', IGNORED_DIRS, 5000)) bib.add(uri.fsPath);
      for (const uri of await vscode.workspace.findFiles('**/*.pdf', IGNORED_DIRS, 5000)) pdf.add(uri.fsPath);
    }
    for (const folder of settings.folders) {
      for (const file of walkFiles(resolve(folder), ['.bib', '.pdf'])) (file.toLowerCase().endsWith('.pdf') ? pdf : bib).add(file);
    }
    for (const doc of vscode.workspace.textDocuments) {
      if (doc.uri.scheme !== 'file') continue;
      const named =
        doc.languageId === 'latex'
          ? bibliographyFilesFromTex(doc.getText(), doc.uri.fsPath)
          : doc.languageId === 'markdown'
            ? bibliographyFilesFromMarkdown(doc.getText(), doc.uri.fsPath)
            : [];
      const present = named.filter((p) => fs.existsSync(p));
      for (const p of present) bib.add(p);
      if (present.length) bibliographies.push(present);
    }
    return { bibPaths: [...bib].sort(), pdfPaths: [...pdf].sort(), bibliographies };
  }

  /**
   * Incremental index of everything; files whose content hash is unchanged are not re-read, so a run after a
   * single-file change re-indexes just that file. Concurrent requests coalesce into one follow-up run.
   */
  index(progress?: vscode.Progress<{ message?: string; increment?: number }>, token?: vscode.CancellationToken): Promise<LibraryStats | undefined> {
    if (this.running) {
      this.rerunRequested = true;
      return this.running;
    }
    this.running = this.runIndex(progress, token).finally(() => {
      this.running = undefined;
      if (this.rerunRequested) {
        this.rerunRequested = false;
        this.scheduleIndex(50);
      }
    });
    return this.running;
  }

  private async runIndex(progress?: vscode.Progress<{ message?: string; increment?: number }>, token?: vscode.CancellationToken): Promise<LibraryStats | undefined> {
    const controller = new AbortController();
    const sub = token?.onCancellationRequested(() => controller.abort());
    this.setState({ kind: 'indexing', message: 'Indexing…' });
    const started = Date.now();
    try {
      const inputs = await this.collectInputs();
      let lastPercent = 0;
      const run = () =>
        indexLibrary({
          store: this.getStore(),
          bibPaths: inputs.bibPaths,
          pdfPaths: inputs.pdfPaths,
          bibliographies: inputs.bibliographies,
          signal: controller.signal,
          onProgress: (done: number, total: number, message?: string) => {
            const percent = total > 0 ? Math.floor((done / total) * 100) : 0;
            progress?.report({ message: message ?? `${done}/${total}`, increment: percent - lastPercent });
            lastPercent = percent;
            // total 0: a message before any file, e.g. waiting for the CLI's index run on the same database.
            this.setState({ kind: 'indexing', message: total > 0 ? `Indexing ${done}/${total}` : (message ?? 'Indexing…') });
          },
        });
      let result = await run();
      const force = this.zoteroForced;
      this.zoteroForced = false;
      // Zotero's abstracts and PDFs for the entries just indexed; new PDFs are read and linked by a second (cheap) run.
      const zotero = this.zotero.sync(this.getStore(), result.bibFilesIndexed > 0, force);
      if (zotero?.newPdfs) {
        lastPercent = 0;
        result = await run();
      }
      this.publishDiagnostics(result.errors);
      const stats: LibraryStats = {
        bibFiles: result.bibFiles,
        entries: result.entries,
        pdfFiles: result.pdfFiles,
        pdfsWithText: result.pdfsWithText,
        linked: result.linked,
        errors: result.errors.length,
      };
      this.log.info(
        `library: ${stats.entries} entries from ${stats.bibFiles} .bib, ${stats.pdfsWithText}/${stats.pdfFiles} PDFs with text,` +
          ` ${stats.linked} linked, ${stats.errors} problems (${Date.now() - started} ms)`,
      );
      this.setState({ kind: 'ready', stats });
      this.changed.fire();
      return stats;
    } catch (err) {
      if (controller.signal.aborted) {
        this.log.info('library: indexing cancelled');
        this.setState(this.lastReadyState() ?? { kind: 'idle' });
        return undefined;
      }
      const message = (err as Error).message;
      this.log.error(`library: indexing failed: ${message}`);
      this.setState({ kind: 'failed', message });
      throw err;
    } finally {
      sub?.dispose();
    }
  }

  private lastReadyState(): LibraryState | undefined {
    try {
      const s = this.getStore().stats();
      return { kind: 'ready', stats: { ...s, errors: s.errors } };
    } catch {
      return undefined;
    }
  }

  /** Every parse error, duplicate key and unreadable PDF shows in the Problems panel, on the right line. */
  private publishDiagnostics(errors: LibraryProblem[]) {
    this.diagnostics.clear();
    const byFile = new Map<string, vscode.Diagnostic[]>();
    for (const e of errors) {
      const line = Math.max(0, (e.line ?? 1) - 1);
      const severity =
        e.severity === 'info'
          ? vscode.DiagnosticSeverity.Information
          : e.severity === 'warning' || /duplicate/i.test(e.message)
            ? vscode.DiagnosticSeverity.Warning
            : vscode.DiagnosticSeverity.Error;
      const d = new vscode.Diagnostic(new vscode.Range(line, 0, line, Number.MAX_SAFE_INTEGER), e.message, severity);
      d.source = 'CiteScribe';
      if (e.related) {
        const at = new vscode.Position(Math.max(0, e.related.line - 1), 0);
        d.relatedInformation = [new vscode.DiagnosticRelatedInformation(new vscode.Location(vscode.Uri.file(e.related.file), at), e.related.message)];
      }
      const list = byFile.get(e.file) ?? [];
      list.push(d);
      byFile.set(e.file, list);
    }
    for (const [file, list] of byFile) this.diagnostics.set(vscode.Uri.file(file), list);
  }

  dispose() {
    clearTimeout(this.debounce);
    this.store?.close();
    this.store = undefined;
    for (const d of this.disposables) d.dispose();
  }
}
