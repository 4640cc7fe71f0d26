// CodeLens over every citation command: "✎ Describe", "Draft paragraph" for multi-key cites, "⚠ unknown key".
// Lenses come from the parsed document and a key lookup in the index only: no model call to show a lens.
import * as vscode from 'vscode';
import type { LibraryService } from './library';
import { citesOf, citeLanguage } from './citesInDocument';
import { readSettings } from './settings';

export class CiteLensProvider implements vscode.CodeLensProvider {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;

  constructor(
    private readonly library: LibraryService,
    /** Told each time lenses are shown (the activation report keeps the first). */
    private readonly onLensesShown: () => void = () => undefined,
  ) {
    library.onDidChange(() => this.changed.fire());
  }

  refresh() {
    this.changed.fire();
  }

  provideCodeLenses(doc: vscode.TextDocument): vscode.CodeLens[] {
    if (!citeLanguage(doc) || !readSettings(doc.uri).codeLens) return [];
    if (this.library.state.kind !== 'ready') return [];
    const lenses: vscode.CodeLens[] = [];
    for (const cite of citesOf(doc)) {
      if (cite.keys.length === 0) continue;
      const range = new vscode.Range(doc.positionAt(cite.start), doc.positionAt(cite.end));
      const known = cite.keys.filter((k) => this.library.hasKey(k.key)).map((k) => k.key);
      const unknown = cite.keys.filter((k) => !this.library.hasKey(k.key)).map((k) => k.key);
      if (known.length === 1) {
        lenses.push(
          new vscode.CodeLens(range, {
            title: '✎ Describe',
            tooltip: `Citation sentence for ${known[0]}`,
            command: 'citescribe.citationSentence',
            arguments: [{ key: known[0], uri: doc.uri.toString(), line: range.start.line }],
          }),
        );
      } else if (known.length > 1) {
        lenses.push(
          new vscode.CodeLens(range, {
            title: '✎ Describe',
            tooltip: `Citation sentence for one of ${known.join(', ')}`,
            command: 'citescribe.citationSentence',
            arguments: [{ keys: known, uri: doc.uri.toString(), line: range.start.line }],
          }),
        );
        lenses.push(
          new vscode.CodeLens(range, {
            title: 'Draft paragraph',
            tooltip: `Draft a paragraph citing ${known.join(', ')}`,
            command: 'citescribe.draftRelatedWork',
            arguments: [{ keys: known, paragraphs: 1 }],
          }),
        );
      }
      for (const key of unknown) {
        lenses.push(
          new vscode.CodeLens(range, {
            title: `⚠ unknown key: ${key}`,
            tooltip: `'${key}' is not in the library — search it`,
            command: 'citescribe.searchLibrary',
            arguments: [{ query: key }],
          }),
        );
      }
    }
    if (lenses.length) this.onLensesShown();
    return lenses;
  }
}
