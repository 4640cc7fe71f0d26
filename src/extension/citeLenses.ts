// CodeLens over every citation command: "✎ Describe", "Draft paragraph" for multi-key cites, "⚠ unknown key".
// Lenses come from the parsed document and a key lookup in the index only: no model call to show a lens.
import * as vscode from 'vscode';
import type { LibraryService } from './library';
import { citesOf, citeLanguage } from './citesInDocument';
import { readSettings } from './settings';
import { commandCall } from './commands/args';

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
      const uri = doc.uri.toString();
      const line = range.start.line;
      if (known.length === 1) {
        const describe = commandCall('citescribe.citationSentence', { key: known[0], uri, line });
        lenses.push(new vscode.CodeLens(range, { title: '✎ Describe', tooltip: `Citation sentence for ${known[0]}`, ...describe }));
      } else if (known.length > 1) {
        const describe = commandCall('citescribe.citationSentence', { keys: known, uri, line });
        lenses.push(new vscode.CodeLens(range, { title: '✎ Describe', tooltip: `Citation sentence for one of ${known.join(', ')}`, ...describe }));
        const draft = commandCall('citescribe.draftRelatedWork', { keys: known });
        lenses.push(new vscode.CodeLens(range, { title: 'Draft paragraph', tooltip: `Draft a paragraph citing ${known.join(', ')}`, ...draft }));
      }
      for (const key of unknown) {
        const search = commandCall('citescribe.searchLibrary', { query: key });
        lenses.push(new vscode.CodeLens(range, { title: `⚠ unknown key: ${key}`, tooltip: `'${key}' is not in the library — search it`, ...search }));
      }
    }
    if (lenses.length) this.onLensesShown();
    return lenses;
  }
}
