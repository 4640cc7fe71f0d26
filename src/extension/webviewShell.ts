// Builds the HTML of a CiteScribe webview from the shared template (strict CSP, nonce, local resources only).
import * as vscode from 'vscode';
import { renderWebviewHtml, makeNonce, type WebviewKind } from '../../webview/html';

export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
  return {
    enableScripts: true,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist'), vscode.Uri.joinPath(extensionUri, 'media')],
  };
}

export function webviewHtml(webview: vscode.Webview, extensionUri: vscode.Uri, kind: WebviewKind, title: string): string {
  return renderWebviewHtml({
    kind,
    title,
    cspSource: webview.cspSource,
    nonce: makeNonce(),
    scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview.js')).toString(),
    styleUri: webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', 'webview.css')).toString(),
  });
}
