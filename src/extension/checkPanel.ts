// The Check Citations panel: the checks of one document, each row a cited key with its support bar and evidence;
// clicking a key shows it in the document.
import * as path from 'path';
import * as vscode from 'vscode';
import { isCheckToExtension } from '../protocol/guards';
import type { CitationCheckView, ExtensionToCheck } from '../protocol/webview';
import type { CitationCheck } from '../core/suggest/check';
import { webviewHtml, webviewOptions } from './webviewShell';

export class CheckPanel implements vscode.Disposable {
  static readonly viewType = 'citescribe.checks';
  private static current: CheckPanel | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private ready = false;
  private views: CitationCheckView[] = [];

  static show(extensionUri: vscode.Uri, doc: vscode.TextDocument, checks: readonly CitationCheck[], log: (line: string) => void): CheckPanel {
    if (!CheckPanel.current) {
      const panel = vscode.window.createWebviewPanel(CheckPanel.viewType, 'CiteScribe Citation Check', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
        ...webviewOptions(extensionUri),
        retainContextWhenHidden: true,
      });
      CheckPanel.current = new CheckPanel(panel, extensionUri, log);
    }
    CheckPanel.current.setChecks(doc, checks);
    CheckPanel.current.panel.reveal(vscode.ViewColumn.Beside, true);
    return CheckPanel.current;
  }

  private document: vscode.TextDocument | undefined;

  private constructor(
    private readonly panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    private readonly log: (line: string) => void,
  ) {
    panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'icon.svg');
    panel.webview.html = webviewHtml(panel.webview, extensionUri, 'check', 'CiteScribe Citation Check');
    panel.webview.onDidReceiveMessage((m) => this.onMessage(m), undefined, this.disposables);
    panel.onDidDispose(() => this.dispose(), undefined, this.disposables);
  }

  private setChecks(doc: vscode.TextDocument, checks: readonly CitationCheck[]) {
    this.document = doc;
    this.views = checks.map((c) => ({
      key: c.key,
      line: doc.positionAt(c.start).line,
      sentence: c.sentence,
      verdict: c.verdict,
      ...(c.support !== undefined && { support: c.support }),
      ...(c.evidence && { evidence: c.evidence }),
      ...(c.better && { better: c.better }),
    }));
    this.send();
  }

  private send() {
    if (!this.ready || !this.document) return;
    const message: ExtensionToCheck = { type: 'checks', documentLabel: path.basename(this.document.uri.path), checks: this.views };
    void this.panel.webview.postMessage(message);
  }

  private async onMessage(raw: unknown) {
    if (!isCheckToExtension(raw)) {
      this.log(`check panel: ignored a malformed message ${JSON.stringify(raw)?.slice(0, 200)}`);
      return;
    }
    if (raw.type === 'ready') {
      this.ready = true;
      this.send();
      return;
    }
    const view = this.views[raw.index];
    if (!view || !this.document || this.document.isClosed) return;
    const editor = await vscode.window.showTextDocument(this.document, { viewColumn: vscode.ViewColumn.One, preserveFocus: false });
    const line = this.document.lineAt(Math.min(view.line, this.document.lineCount - 1));
    const at = line.text.indexOf(view.key);
    const range = at >= 0 ? new vscode.Range(line.lineNumber, at, line.lineNumber, at + view.key.length) : line.range;
    editor.selection = new vscode.Selection(range.start, range.end);
    editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }

  dispose() {
    if (CheckPanel.current === this) CheckPanel.current = undefined;
    for (const d of this.disposables) d.dispose();
    this.panel.dispose();
  }
}
