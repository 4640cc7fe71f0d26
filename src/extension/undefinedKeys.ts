// Keys a document cites that no .bib defines, in the Problems panel (a warning on the key), kept up to date as the
// author types and as the library changes; the quick fixes offer the closest library keys and the library search.
import * as vscode from 'vscode';
import { closestKeys } from '../core/cites/closest-keys';
import type { LibraryService } from './library';
import { citeLanguage, citesOf } from './citesInDocument';
import { commandCall } from './commands/args';

const UNDEFINED_KEY = 'undefined-key';
const DEBOUNCE_MS = 300;

export class UndefinedKeyDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('citescribe-cites');
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly disposables: vscode.Disposable[] = [this.collection];

  constructor(private readonly library: LibraryService) {
    vscode.workspace.onDidOpenTextDocument((d) => this.schedule(d), undefined, this.disposables);
    vscode.workspace.onDidChangeTextDocument((e) => this.schedule(e.document), undefined, this.disposables);
    vscode.workspace.onDidCloseTextDocument((d) => this.collection.delete(d.uri), undefined, this.disposables);
    library.onDidChange(() => vscode.workspace.textDocuments.forEach((d) => this.update(d)), undefined, this.disposables);
    vscode.workspace.textDocuments.forEach((d) => this.schedule(d));
  }

  private schedule(doc: vscode.TextDocument) {
    if (!citeLanguage(doc)) return;
    const id = doc.uri.toString();
    clearTimeout(this.timers.get(id));
    this.timers.set(id, setTimeout(() => {
      this.timers.delete(id);
      this.update(doc);
    }, DEBOUNCE_MS));
  }

  update(doc: vscode.TextDocument) {
    if (!citeLanguage(doc) || doc.isClosed) return;
    // Before the first index nothing is known to be missing.
    if (this.library.state.kind !== 'ready') return;
    const diagnostics: vscode.Diagnostic[] = [];
    for (const cite of citesOf(doc)) {
      for (const k of cite.keys) {
        if (this.library.hasKey(k.key)) continue;
        const d = new vscode.Diagnostic(new vscode.Range(doc.positionAt(k.start), doc.positionAt(k.end)), `'${k.key}' is not in the library`, vscode.DiagnosticSeverity.Warning);
        d.source = 'CiteScribe';
        d.code = UNDEFINED_KEY;
        diagnostics.push(d);
      }
    }
    this.collection.set(doc.uri, diagnostics);
  }

  dispose() {
    for (const t of this.timers.values()) clearTimeout(t);
    for (const d of this.disposables) d.dispose();
  }
}

/** Quick fixes on a key the library lacks: the closest keys it has, then the library search. */
export class UnknownKeyActions implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];
  private keys: string[] | undefined;

  constructor(private readonly library: LibraryService) {
    library.onDidChange(() => (this.keys = undefined));
  }

  provideCodeActions(doc: vscode.TextDocument, range: vscode.Range | vscode.Selection, context: vscode.CodeActionContext): vscode.CodeAction[] {
    if (this.library.state.kind !== 'ready') return [];
    const actions: vscode.CodeAction[] = [];
    for (const cite of citesOf(doc)) {
      for (const k of cite.keys) {
        const keyRange = new vscode.Range(doc.positionAt(k.start), doc.positionAt(k.end));
        if (!keyRange.intersection(range) || this.library.hasKey(k.key)) continue;
        const diagnostic = context.diagnostics.find((d) => d.code === UNDEFINED_KEY && d.range.isEqual(keyRange));
        this.keys ??= this.library.getStore().allKeys();
        closestKeys(k.key, this.keys).forEach((candidate, i) => {
          const fix = new vscode.CodeAction(`Replace with '${candidate}'`, vscode.CodeActionKind.QuickFix);
          fix.edit = new vscode.WorkspaceEdit();
          fix.edit.replace(doc.uri, keyRange, candidate);
          if (diagnostic) fix.diagnostics = [diagnostic];
          fix.isPreferred = i === 0;
          actions.push(fix);
        });
        const search = new vscode.CodeAction(`Search the library for '${k.key}'`, vscode.CodeActionKind.QuickFix);
        const replaceRange = { uri: doc.uri.toString(), start: k.start, end: k.end };
        search.command = { title: 'Search Library', ...commandCall('citescribe.searchLibrary', { query: k.key, replaceRange }) };
        if (diagnostic) search.diagnostics = [diagnostic];
        actions.push(search);
      }
    }
    return actions;
  }
}
