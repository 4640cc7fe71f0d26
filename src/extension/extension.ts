// Entry point: activation stays cheap. Native modules (better-sqlite3, onnxruntime-node) load on first use.
import * as vscode from 'vscode';

export function activate(context: vscode.ExtensionContext) {
  const output = vscode.window.createOutputChannel('CiteScribe', { log: true });
  context.subscriptions.push(output);
  output.info(`CiteScribe activated (uiKind=${vscode.env.uiKind}, remote=${vscode.env.remoteName ?? 'none'})`);
}

export function deactivate() {
  /* every registration is owned by context.subscriptions */
}
