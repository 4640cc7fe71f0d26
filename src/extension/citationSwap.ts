// "Cite zhu2017unpaired instead of huang2018munit": the quick fix on a misattributed citation, and the same swap from
// the Check Citations panel. The edit is core's (cites/swap.ts: the key replaced in its \cite or [@…], or dropped when
// the citation already names the better work); here it becomes one WorkspaceEdit, so one Undo takes it back.
import * as vscode from 'vscode';
import { swapCitedKey } from '../core/cites/swap';
import { citeLanguage } from './citesInDocument';
import { MISATTRIBUTED } from './checkDiagnostics';

/** A misattributed citation as the check found it: the key at `start` should be `better`. */
export interface Misattribution {
  start: number;
  cited: string;
  better: string;
}

function swapTitle(m: Misattribution): string {
  return `Cite ${m.better} instead of ${m.cited}`;
}

/** The edit that swaps the key, or undefined when the document no longer has the key where the check saw it. */
export function swapEdit(doc: vscode.TextDocument, m: Misattribution): vscode.WorkspaceEdit | undefined {
  const language = citeLanguage(doc);
  const edit = language && swapCitedKey(doc.getText(), language, m.start, m.cited, m.better);
  if (!edit) return undefined;
  const workspaceEdit = new vscode.WorkspaceEdit();
  workspaceEdit.replace(doc.uri, new vscode.Range(doc.positionAt(edit.start), doc.positionAt(edit.end)), edit.newText);
  return workspaceEdit;
}

/**
 * The quick fix on each misattributed citation of the last check. The check's findings are kept per document until
 * it changes (as its diagnostics are): a fix must never act on offsets an edit has moved.
 */
export class MisattributionActions implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];
  private readonly found = new Map<string, Misattribution[]>();

  set(doc: vscode.TextDocument, found: Misattribution[]): void {
    if (found.length) this.found.set(doc.uri.toString(), found);
    else this.found.delete(doc.uri.toString());
  }

  forget(uri: vscode.Uri): void {
    this.found.delete(uri.toString());
  }

  provideCodeActions(doc: vscode.TextDocument, range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const found = this.found.get(doc.uri.toString());
    if (!found) return [];
    const actions: vscode.CodeAction[] = [];
    for (const m of found) {
      const at = doc.positionAt(m.start);
      const keyRange = new vscode.Range(at, at.translate(0, m.cited.length));
      if (!keyRange.intersection(range)) continue;
      const edit = swapEdit(doc, m);
      if (!edit) continue;
      const action = new vscode.CodeAction(swapTitle(m), vscode.CodeActionKind.QuickFix);
      action.edit = edit;
      action.isPreferred = true;
      const diagnostic = context.diagnostics.find((d) => d.code === MISATTRIBUTED && d.range.start.isEqual(at));
      if (diagnostic) action.diagnostics = [diagnostic];
      actions.push(action);
    }
    return actions;
  }
}
