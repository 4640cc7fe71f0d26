// Two status bar items: the library (entries, PDFs, indexing…) and the engine/device. Click → the relevant command.
import * as vscode from 'vscode';
import type { LibraryService, LibraryState } from './library';
import type { EngineService } from './engines';

export class StatusBar implements vscode.Disposable {
  private readonly libraryItem = vscode.window.createStatusBarItem('citescribe.library', vscode.StatusBarAlignment.Left, 50);
  private readonly engineItem = vscode.window.createStatusBarItem('citescribe.engine', vscode.StatusBarAlignment.Left, 49);
  private readonly disposables: vscode.Disposable[] = [this.libraryItem, this.engineItem];

  constructor(library: LibraryService, engines: EngineService) {
    this.libraryItem.name = 'CiteScribe Library';
    this.engineItem.name = 'CiteScribe Engine';
    this.engineItem.command = 'citescribe.selectModel';
    library.onDidChangeState((s) => this.showLibrary(s), undefined, this.disposables);
    engines.onDidChange((d) => this.showEngine(d), undefined, this.disposables);
    this.showLibrary(library.state);
    this.showEngine(engines.describe());
    this.libraryItem.show();
    this.engineItem.show();
  }

  /** What the library item says now (tests read it). */
  get libraryText(): string {
    return this.libraryItem.text;
  }

  private showLibrary(state: LibraryState) {
    const item = this.libraryItem;
    switch (state.kind) {
      case 'idle':
        item.text = '$(library) CiteScribe';
        item.tooltip = 'CiteScribe: library not indexed yet — click to index';
        item.command = 'citescribe.indexLibrary';
        break;
      case 'indexing':
        item.text = `$(sync~spin) ${state.message}`;
        item.tooltip = 'CiteScribe is indexing your BibTeX files and PDFs';
        item.command = undefined;
        break;
      case 'ready': {
        const s = state.stats;
        item.text = `$(library) ${plural(s.entries, 'entry', 'entries')} · ${plural(s.pdfsWithText, 'PDF', 'PDFs')}${s.errors ? ` · $(warning) ${s.errors}` : ''}`;
        item.tooltip =
          `CiteScribe library: ${s.entries} entries from ${s.bibFiles} .bib file(s), ${s.pdfsWithText}/${s.pdfFiles} PDFs with text,` +
          ` ${s.linked} linked to entries${s.errors ? `, ${s.errors} problem(s) in the Problems panel` : ''}. Click to search.`;
        item.command = 'citescribe.searchLibrary';
        break;
      }
      case 'failed':
        item.text = '$(error) CiteScribe';
        item.tooltip = `Indexing failed: ${state.message} — click to retry`;
        item.command = 'citescribe.indexLibrary';
        break;
    }
  }

  private showEngine(description: string) {
    this.engineItem.text = `$(hubot) ${description}`;
    this.engineItem.tooltip = 'CiteScribe engine (and device) — click to choose';
  }

  dispose() {
    for (const d of this.disposables) d.dispose();
  }
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
