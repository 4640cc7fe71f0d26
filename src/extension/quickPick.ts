// One answer from a quick pick the caller has filled (and wired buttons on): shows it, resolves with the item
// accepted or undefined when it is dismissed, and disposes of it.
import type * as vscode from 'vscode';

export function acceptOne<T extends vscode.QuickPickItem>(qp: vscode.QuickPick<T>): Promise<T | undefined> {
  return new Promise<T | undefined>((resolve) => {
    qp.onDidAccept(() => {
      resolve(qp.selectedItems[0]);
      qp.hide();
    });
    qp.onDidHide(() => resolve(undefined));
    qp.show();
  }).finally(() => qp.dispose());
}
