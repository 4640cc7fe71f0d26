// The library's commands: Index Library, Search Library, Open Source (a PDF page or a .bib entry, from hovers, the
// draft panel and the grounding list) and the walkthrough's sample library; and what the other commands use to
// reach the library: indexing it on first use, and the quick pick of its entries.
import * as fs from 'fs';
import * as vscode from 'vscode';
import type { LibraryService, LibraryState } from '../library';
import { citationText } from '../citesInDocument';
import { formatAuthors } from '../format';
import { acceptOne } from '../quickPick';
import type { OpenSourceArgs, SearchLibraryArgs } from './args';
import type { CommandContext } from './registry';
import { runCommand } from './run';

interface KeyPickItem extends vscode.QuickPickItem {
  key: string;
  pdfPath?: string;
}

const OPEN_PDF_BUTTON: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('file-pdf'), tooltip: 'Open PDF' };
const INDEXING_TITLE = 'CiteScribe: indexing the library';

/** Indexes the library when it is not ready (with cancellable progress); throws when it still has nothing to offer. */
export async function ensureLibrary(library: LibraryService): Promise<void> {
  if (library.state.kind === 'ready') return;
  await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: INDEXING_TITLE, cancellable: true }, (progress, token) =>
    library.index(progress, token),
  );
  const state = library.state as LibraryState; // re-read: index() changed it
  if (state.kind !== 'ready') throw new Error('The library is not indexed yet: run "CiteScribe: Index Library".');
  if (state.stats.entries === 0) {
    throw new Error(
      'No BibTeX entries found: add a .bib file to the workspace, name it with \\bibliography{…}, or set citescribe.library.bibFiles.',
    );
  }
}

function keyItems(library: LibraryService): KeyPickItem[] {
  return library
    .getStore()
    .listEntries()
    .map((e) => ({
      key: e.key,
      label: e.key,
      description: e.title,
      detail: [formatAuthors(e.authors), e.year, e.venue].filter(Boolean).join(' · '),
      pdfPath: e.pdfPath,
      buttons: e.pdfPath ? [OPEN_PDF_BUTTON] : [],
    }));
}

/** The user's choice of one entry (`many`: several) of the library, by key, title, authors or venue. */
export async function pickKeys(library: LibraryService, title: string, many: boolean): Promise<string[] | undefined> {
  const items = keyItems(library);
  if (many) {
    const picked = await vscode.window.showQuickPick(items, { title, canPickMany: true, matchOnDescription: true, matchOnDetail: true });
    return picked?.map((p) => p.key);
  }
  const picked = await vscode.window.showQuickPick(items, { title, matchOnDescription: true, matchOnDetail: true });
  return picked ? [picked.key] : undefined;
}

export function indexLibrary({ library }: CommandContext) {
  return async () => {
    const stats = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: INDEXING_TITLE, cancellable: true }, (progress, token) =>
      library.index(progress, token),
    );
    if (!stats) return undefined;
    const problems = stats.errors ? ` — ${stats.errors} problem(s), see the Problems panel` : '';
    const pdfs = `${stats.pdfsWithText}/${stats.pdfFiles} PDFs with text, ${stats.linked} linked`;
    void vscode.window.showInformationMessage(`CiteScribe: ${stats.entries} entries from ${stats.bibFiles} .bib file(s); ${pdfs}${problems}.`);
    return stats;
  };
}

/** The chosen entry's citation at the cursor, or (from the unknown-key quick fix) in place of the unknown key. */
export function searchLibrary({ library }: CommandContext) {
  return async (arg?: SearchLibraryArgs) => {
    await ensureLibrary(library);
    const editor = vscode.window.activeTextEditor;
    const qp = vscode.window.createQuickPick<KeyPickItem>();
    qp.title = 'CiteScribe: search the library';
    qp.placeholder = 'Key, title or author — Enter inserts the citation';
    qp.matchOnDescription = true;
    qp.matchOnDetail = true;
    qp.items = keyItems(library);
    qp.value = arg?.query ?? '';
    qp.onDidTriggerItemButton(async (e) => {
      if (e.item.pdfPath) await runCommand('citescribe.openSource', { pdfPath: e.item.pdfPath });
    });
    const chosen = await acceptOne(qp);
    if (!chosen || !editor) return chosen?.key;
    const doc = editor.document;
    const couldNotEdit = () => new Error(`Could not edit ${vscode.workspace.asRelativePath(doc.uri)}.`);
    if (arg?.replaceRange && arg.replaceRange.uri === doc.uri.toString()) {
      // The quick fix on an unknown key replaces that key with the one found.
      const range = new vscode.Range(doc.positionAt(arg.replaceRange.start), doc.positionAt(arg.replaceRange.end));
      if (!(await editor.edit((b) => b.replace(range, chosen.key)))) throw couldNotEdit();
    } else {
      const text = citationText(doc, chosen.key);
      if (!(await editor.edit((b) => b.replace(editor.selection, text)))) throw couldNotEdit();
    }
    return chosen.key;
  };
}

/** Internal (not in the palette): opens a PDF (at a page, where the viewer supports #page) or a .bib entry. */
export function openSource({ library }: CommandContext) {
  return async (arg?: OpenSourceArgs) => {
    if (arg?.pdfPath) {
      const uri = vscode.Uri.file(arg.pdfPath).with({ fragment: arg.page ? `page=${arg.page}` : '' });
      await vscode.commands.executeCommand('vscode.open', uri);
      return;
    }
    let bibFile = arg?.bibFile;
    let line = arg?.line;
    if (!bibFile && arg?.key) {
      const paper = library.getPaper(arg.key);
      bibFile = paper?.bibFile;
      line = paper?.bibLine;
    }
    if (!bibFile) throw new Error('This source has no PDF or .bib location to open.');
    const doc = await vscode.workspace.openTextDocument(bibFile);
    const at = new vscode.Position(Math.max(0, (line ?? 1) - 1), 0);
    await vscode.window.showTextDocument(doc, { selection: new vscode.Range(at, at) });
  };
}

/** Walkthrough: copies the sample library to the extension's storage and opens its paper. */
export function openSample({ context }: CommandContext) {
  return async () => {
    const source = vscode.Uri.joinPath(context.extensionUri, 'resources', 'sample-library');
    const target = vscode.Uri.joinPath(context.globalStorageUri, 'sample-library');
    if (!fs.existsSync(target.fsPath)) fs.cpSync(source.fsPath, target.fsPath, { recursive: true });
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(target, 'paper.tex'));
    await vscode.window.showTextDocument(doc);
    return doc.uri;
  };
}
