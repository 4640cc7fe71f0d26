// What the library has to write from, for the document being written: the status bar's "31/39 grounded", the consent
// asked before any online lookup, and the code action that writes a found abstract into the .bib (the only edit ever
// made to a .bib). The commands (Find Abstracts Online, Show Grounding, Read Zotero Library) are commands/grounding.ts.
import * as path from 'path';
import * as vscode from 'vscode';
import { fieldInsertion } from '../core/bibtex/insert-field';
import { SOURCE_LABELS } from '../core/enrich/labels';
import type { FoundSource } from '../core/library/store-types';
import { groundingReport, groundingSummary, type GroundingReport } from '../core/grounding/report';
import type { LibraryService } from './library';
import { citeLanguage, keysIn } from './citesInDocument';
import { readSettings } from './settings';
import { zoteroDirectory } from './zoteroSync';

/** The keys a citing document cites, when the library can report on them (undefined: nothing to report). */
function citedKeysToReport(library: LibraryService, doc: vscode.TextDocument | undefined): string[] | undefined {
  if (!doc || !citeLanguage(doc) || !library.answers) return undefined;
  const keys = keysIn(doc);
  return keys.length ? keys : undefined;
}

/** The grounding of the keys a document cites (undefined: not a citing document, or the library cannot answer). */
export function documentGrounding(library: LibraryService, doc: vscode.TextDocument | undefined): GroundingReport | undefined {
  const keys = citedKeysToReport(library, doc);
  return keys && groundingReport(library.getStore(), keys, { zoteroConfigured: zoteroDirectory() !== undefined });
}

export class GroundingStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('citescribe.grounding', vscode.StatusBarAlignment.Left, 48);
  private readonly disposables: vscode.Disposable[] = [this.item];
  private timer: NodeJS.Timeout | undefined;
  /**
   * What the item shows now was computed for: the document and its cited keys. Typing that changes no citation
   * (nearly every keystroke) asks the library nothing; a library change or another document computes again.
   */
  private shownFor: string | undefined;

  constructor(private readonly library: LibraryService) {
    this.item.name = 'CiteScribe Grounding';
    this.item.command = 'citescribe.showGrounding';
    vscode.window.onDidChangeActiveTextEditor(() => this.update(), undefined, this.disposables);
    vscode.workspace.onDidChangeTextDocument(
      (e) => {
        if (e.document === vscode.window.activeTextEditor?.document) this.schedule();
      },
      undefined,
      this.disposables,
    );
    library.onDidChange(() => this.refresh(), undefined, this.disposables);
    this.update();
  }

  /** What the item says now (tests read it); empty while hidden. */
  get text(): string {
    return this.visible ? this.item.text : '';
  }

  private visible = false;

  private schedule() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.update(), 500);
  }

  /** Computes again whatever the document: the library (or what was found for it) changed. */
  refresh() {
    this.shownFor = undefined;
    this.update();
  }

  private update() {
    const doc = vscode.window.activeTextEditor?.document;
    const keys = citedKeysToReport(this.library, doc);
    const signature = keys && `${doc!.uri.toString()}\n${keys.join('\n')}`;
    if (signature !== undefined && signature === this.shownFor) return;
    let report: GroundingReport | undefined;
    try {
      report = keys && groundingReport(this.library.getStore(), keys, { zoteroConfigured: zoteroDirectory() !== undefined });
    } catch {
      report = undefined; // the store is being rebuilt: the next change event refreshes
    }
    this.shownFor = report ? signature : undefined;
    if (!report) {
      this.item.hide();
      this.visible = false;
      return;
    }
    const titleOnly = report.counts['title-only'];
    this.item.text = `${titleOnly ? '$(warning)' : '$(book)'} ${report.grounded}/${report.total} grounded`;
    const tooltip = new vscode.MarkdownString(`**CiteScribe:** ${groundingSummary(report)}.`);
    if (titleOnly) tooltip.appendMarkdown(`\n\nThe engines can only name the title-only works. Click for the list and the fixes.`);
    this.item.tooltip = tooltip;
    this.item.show();
    this.visible = true;
  }

  dispose() {
    clearTimeout(this.timer);
    for (const d of this.disposables) d.dispose();
  }
}

/** What a lookup asks consent for: the question, what is sent where, and the button that agrees. */
interface OnlineConsent {
  question: string;
  /** What is sent, given the services' names, and what is kept of the answers. */
  whatIsSent: (services: string) => string;
  button: string;
}

const FIND_ABSTRACTS_CONSENT: OnlineConsent = {
  question: 'Find abstracts online?',
  whatIsSent: (sources) =>
    `For each cited work without an abstract, CiteScribe sends its DOI, arXiv or ACL Anthology id — or, failing those, its title — to ${sources}. ` +
    'Nothing else of your documents or library is sent. What comes back is kept in the library index with its source and date; your .bib files are not changed. ',
  button: 'Turn On and Find',
};

/**
 * The first-use consent: what is sent where, before any request. One setting (citescribe.enrich.online) covers every
 * online lookup (Find Abstracts Online, Verify References), so the user turns it on or off in one place.
 */
export async function askToGoOnline(consent: OnlineConsent = FIND_ABSTRACTS_CONSENT): Promise<boolean> {
  const sources = readSettings().enrichSources.map((s) => SOURCE_LABELS[s as FoundSource] ?? s).join(', ');
  const answer = await vscode.window.showInformationMessage(
    consent.question,
    {
      modal: true,
      detail:
        consent.whatIsSent(sources) +
        'You can turn this off again with the setting citescribe.enrich.online.',
    },
    consent.button,
  );
  if (answer !== consent.button) return false;
  await vscode.workspace.getConfiguration('citescribe').update('enrich.online', true, vscode.ConfigurationTarget.Global);
  return true;
}

/** The code action that writes a found abstract into its .bib entry; the grounding commands are in commands/grounding.ts. */
export function registerGrounding(library: LibraryService): vscode.Disposable[] {
  return [
    vscode.languages.registerCodeActionsProvider([{ language: 'bibtex' }, { pattern: '**/*.bib' }], new WriteAbstractAction(library), {
      providedCodeActionKinds: [vscode.CodeActionKind.RefactorRewrite],
    }),
  ];
}

/** On a .bib entry whose abstract was found elsewhere: write it into the entry, as one undoable edit. */
class WriteAbstractAction implements vscode.CodeActionProvider {
  constructor(private readonly library: LibraryService) {}

  provideCodeActions(doc: vscode.TextDocument, range: vscode.Range): vscode.CodeAction[] {
    if (!this.library.answers) return [];
    const store = this.library.getStore();
    // The entry the cursor is in: the nearest entry start at or above it whose key the index knows here.
    const text = doc.getText();
    const upTo = text.slice(0, doc.offsetAt(range.start) + 1);
    const headerAt = upTo.lastIndexOf('@');
    if (headerAt < 0) return [];
    const header = /@\s*[a-zA-Z]+\s*[{(]\s*([^,\s]+)\s*,/y;
    header.lastIndex = headerAt;
    const key = header.exec(text)?.[1];
    if (!key) return [];
    const found = store.foundAbstract(key);
    const here = store.entryLocations(key).find((l) => path.resolve(l.file) === path.resolve(doc.uri.fsPath));
    if (!found || !here || store.getPaper(key)?.abstractSource === undefined) return [];
    const edit = fieldInsertion(text, doc.positionAt(headerAt).line + 1, 'abstract', found.abstract);
    if (!edit) return [];
    const action = new vscode.CodeAction(`Write abstract into .bib (from ${SOURCE_LABELS[found.source]}, ${found.retrieved})`, vscode.CodeActionKind.RefactorRewrite);
    action.edit = new vscode.WorkspaceEdit();
    action.edit.insert(doc.uri, doc.positionAt(edit.offset), edit.text);
    return [action];
  }
}
