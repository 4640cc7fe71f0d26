// Rename Symbol (F2) on a citation key, from a citation or from the .bib: one WorkspaceEdit over every .bib file and
// every .tex/.md file of the workspace that holds the key (open or not), plus the library's .bib files outside the
// workspace that define it, so one Undo takes it all back. The plan itself is core's (planKeyRename).
import * as vscode from 'vscode';
import { planKeyRename } from '../core/cites/rename';
import type { LibraryService } from './library';
import { BIB_GLOB, CITING_GLOB, keyUnderCursor, openDocument, readWorkspaceTexts, workspaceText, type WorkspaceText } from './bibNavigation';

export class KeyRename implements vscode.RenameProvider {
  constructor(private readonly library: LibraryService) {}

  prepareRename(doc: vscode.TextDocument, pos: vscode.Position): { range: vscode.Range; placeholder: string } {
    const hit = keyUnderCursor(doc, pos);
    // VS Code shows the message of a thrown error where the rename box would open.
    if (!hit) throw new Error('Put the cursor on a citation key (in \\cite{…}, [@…] or a .bib entry) to rename it.');
    return { range: hit.range, placeholder: hit.key };
  }

  async provideRenameEdits(doc: vscode.TextDocument, pos: vscode.Position, newName: string, token: vscode.CancellationToken): Promise<vscode.WorkspaceEdit | undefined> {
    const hit = keyUnderCursor(doc, pos);
    if (!hit) return undefined;
    const to = newName.trim();
    const files = await this.sources(hit.key, token);
    if (token.isCancellationRequested) return undefined;
    const plan = planKeyRename(files.map((f) => ({ path: pathOf(f.uri), kind: f.language, text: f.text })), hit.key, to);
    if (!plan.ok) throw new Error(plan.reason);
    // A key the index knows from a .bib this rename did not read (a library folder outside the workspace) clashes too.
    const read = new Set(files.map((f) => pathOf(f.uri)));
    const elsewhere = to !== hit.key && this.library.answers ? this.library.getStore().entryLocations(to).find((l) => !read.has(l.file)) : undefined;
    if (elsewhere) throw new Error(`'${to}' is already a key in the library (${elsewhere.file}, line ${elsewhere.line}).`);
    const byPath = new Map(files.map((f) => [pathOf(f.uri), f]));
    const edit = new vscode.WorkspaceEdit();
    for (const e of plan.edits) {
      const file = byPath.get(e.path)!;
      edit.replace(file.uri, new vscode.Range(file.positionAt(e.start), file.positionAt(e.end)), e.newText);
    }
    return edit;
  }

  /** Every .bib and citing file of the workspace, and the library's .bib files that define the key. */
  private async sources(key: string, token: vscode.CancellationToken): Promise<WorkspaceText[]> {
    const files = [...(await readWorkspaceTexts(BIB_GLOB, token)), ...(await readWorkspaceTexts(CITING_GLOB, token))];
    // An untitled or otherwise unsaved citing document open in the editor is the author's too.
    for (const doc of vscode.workspace.textDocuments) {
      if (doc.uri.scheme === 'file' || doc.isClosed || !/^(latex|tex|markdown)$/.test(doc.languageId)) continue;
      files.push({ uri: doc.uri, text: doc.getText(), language: doc.languageId === 'markdown' ? 'markdown' : 'latex', positionAt: (o) => doc.positionAt(o) });
    }
    if (this.library.answers) {
      const seen = new Set(files.map((f) => f.uri.fsPath));
      for (const { file } of this.library.getStore().entryLocations(key)) {
        if (seen.has(file)) continue;
        seen.add(file);
        const uri = vscode.Uri.file(file);
        files.push(await workspaceText(uri, openDocument(uri)));
      }
    }
    return files;
  }
}

/** A file's path, or the whole URI of a document that is not a file (untitled). */
function pathOf(uri: vscode.Uri): string {
  return uri.scheme === 'file' ? uri.fsPath : uri.toString();
}
