// Entries of the bibliographies the workspace's documents name that none of them cites, as information in the
// Problems panel (faded in the .bib). Computed from every citing document of the workspace, open or not; on by default
// for libraries of up to 2,000 entries (`citescribe.diagnostics.unusedEntries`).
import * as vscode from 'vscode';
import * as fs from 'fs';
import { documentUsage, mergeUsage, unusedEntries, type DocumentUsage } from '../core/cites/unused';
import type { LibraryService } from './library';
import { CITING_GLOB, IGNORED_FOLDERS, openDocument, workspaceText, type WorkspaceText } from './bibNavigation';
import { citeLanguage } from './citesInDocument';
import { readSettings } from './settings';

const UNUSED_ENTRY = 'unused-entry';
/** Past this many entries "auto" leaves the diagnostics off: a large shared library is mostly uncited by design. */
const UNUSED_AUTO_LIMIT = 2000;
const DEBOUNCE_MS = 800;

export class UnusedEntryDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('citescribe-unused');
  private readonly disposables: vscode.Disposable[] = [this.collection];
  private timer: NodeJS.Timeout | undefined;
  private run: vscode.CancellationTokenSource | undefined;

  constructor(private readonly library: LibraryService) {
    const watcher = vscode.workspace.createFileSystemWatcher(CITING_GLOB);
    this.disposables.push(watcher);
    for (const event of [watcher.onDidCreate, watcher.onDidChange, watcher.onDidDelete]) event(() => this.schedule(), undefined, this.disposables);
    vscode.workspace.onDidChangeTextDocument((e) => this.scheduleFor(e.document), undefined, this.disposables);
    vscode.workspace.onDidCloseTextDocument((d) => this.scheduleFor(d), undefined, this.disposables);
    vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('citescribe.diagnostics.unusedEntries') && this.schedule(), undefined, this.disposables);
    library.onDidChange(() => this.schedule(), undefined, this.disposables);
    this.schedule();
  }

  private scheduleFor(doc: vscode.TextDocument) {
    if (citeLanguage(doc) || /\.bib$/i.test(doc.fileName)) this.schedule();
  }

  schedule() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.update(), DEBOUNCE_MS);
  }

  /** Reads the workspace and sets the diagnostics; a newer run cancels an older one. */
  async update(): Promise<void> {
    this.run?.cancel();
    const run = (this.run = new vscode.CancellationTokenSource());
    try {
      const setting = readSettings().unusedEntries;
      const libraryKnown = this.library.state.kind === 'ready';
      const tooLarge = setting === 'auto' && libraryKnown && this.library.getStore().stats().entries > UNUSED_AUTO_LIMIT;
      if (setting === 'off' || tooLarge || !libraryKnown) {
        this.collection.clear();
        return;
      }
      const usage = mergeUsage(await this.documentUsages(run.token));
      // Only the bibliographies some document names can have unused entries (unusedEntries says none for the rest).
      const bibs: WorkspaceText[] = [];
      for (const named of usage.named) {
        try {
          const uri = vscode.Uri.file(named);
          bibs.push(await workspaceText(uri, openDocument(uri)));
        } catch {
          // A named file that does not exist is LaTeX's warning to give, not ours.
        }
      }
      if (run.token.isCancellationRequested) return;
      this.collection.clear();
      for (const bib of bibs) {
        // An entry the index could not read (a missing brace) already has its error there; "uncited" would be noise.
        const diagnostics = unusedEntries(bib.uri.fsPath, bib.text, usage).filter((span) => this.library.hasKey(span.key)).map((span) => {
          const d = new vscode.Diagnostic(
            new vscode.Range(bib.positionAt(span.start), bib.positionAt(span.end)),
            `'${span.key}' is not cited by any document of the workspace`,
            vscode.DiagnosticSeverity.Information,
          );
          d.source = 'CiteScribe';
          d.code = UNUSED_ENTRY;
          d.tags = [vscode.DiagnosticTag.Unnecessary];
          return d;
        });
        if (diagnostics.length) this.collection.set(bib.uri, diagnostics);
      }
    } finally {
      run.dispose();
      if (this.run === run) this.run = undefined;
    }
  }

  /** Each citing document's usage; a document re-read only when its open version or its file on disk changed. */
  private readonly usages = new Map<string, { stamp: string; usage: DocumentUsage }>();

  private async documentUsages(token: vscode.CancellationToken): Promise<DocumentUsage[]> {
    const open = new Map(vscode.workspace.textDocuments.map((d) => [d.uri.toString(), d]));
    const out: DocumentUsage[] = [];
    const seen = new Set<string>();
    for (const uri of await vscode.workspace.findFiles(CITING_GLOB, IGNORED_FOLDERS, 10_000, token)) {
      const id = uri.toString();
      seen.add(id);
      const doc = open.get(id);
      let stamp: string;
      try {
        stamp = doc ? `open:${doc.version}` : await diskStamp(uri);
      } catch {
        continue; // gone since the search listed it
      }
      const known = this.usages.get(id);
      if (known?.stamp === stamp) {
        out.push(known.usage);
        continue;
      }
      const file = await workspaceText(uri, doc);
      const usage = documentUsage({ path: uri.fsPath, language: file.language === 'latex' ? 'latex' : 'markdown', text: file.text });
      this.usages.set(id, { stamp, usage });
      out.push(usage);
    }
    for (const id of this.usages.keys()) if (!seen.has(id)) this.usages.delete(id);
    return out;
  }

  dispose() {
    clearTimeout(this.timer);
    this.run?.cancel();
    for (const d of this.disposables) d.dispose();
  }
}

/** A closed file's modification time and size: what says it changed since it was read. */
async function diskStamp(uri: vscode.Uri): Promise<string> {
  if (uri.scheme === 'file') {
    const st = await fs.promises.stat(uri.fsPath);
    return `disk:${st.mtimeMs}:${st.size}`;
  }
  const st = await vscode.workspace.fs.stat(uri);
  return `disk:${st.mtime}:${st.size}`;
}
