// The Check Citations panel: the checks of one document, each row a cited key with its support bar and evidence;
// clicking a key shows it in the document; a misattributed row's button cites the better work instead (the quick fix's
// edit, made by the callback the panel is given).
import * as path from 'path';
import * as vscode from 'vscode';
import { isCheckToExtension } from '../protocol/guards';
import type { CitationCheckView, ExtensionToCheck } from '../protocol/webview';
import type { CitationCheck } from '../core/suggest/check';
import { webviewHtml, webviewOptions } from './webviewShell';
import type { Misattribution } from './citationSwap';

/** Makes the swap a row asks for; false when it could not (the citation moved since the check). */
type SwapCitation = (m: Misattribution) => Promise<boolean>;

export class CheckPanel implements vscode.Disposable {
  static readonly viewType = 'citescribe.checks';
  private static current: CheckPanel | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private ready = false;
  private views: CitationCheckView[] = [];

  static show(extensionUri: vscode.Uri, doc: vscode.TextDocument, checks: readonly CitationCheck[], log: (line: string) => void, swap: SwapCitation): CheckPanel {
    if (!CheckPanel.current) {
      const panel = vscode.window.createWebviewPanel(CheckPanel.viewType, 'CiteScribe Citation Check', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
        ...webviewOptions(extensionUri),
        retainContextWhenHidden: true,
      });
      CheckPanel.current = new CheckPanel(panel, extensionUri, log);
    }
    CheckPanel.current.swap = swap;
    CheckPanel.current.setChecks(doc, checks);
    CheckPanel.current.panel.reveal(vscode.ViewColumn.Beside, true);
    return CheckPanel.current;
  }

  private document: vscode.TextDocument | undefined;
  private checks: readonly CitationCheck[] = [];
  private swap: SwapCitation | undefined;

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
    this.checks = checks;
    this.views = checks.map((c) => ({
      key: c.key,
      line: doc.positionAt(c.start).line,
      sentence: c.sentence,
      verdict: c.verdict,
      ...(c.support !== undefined && { support: c.support }),
      ...(c.evidence && { evidence: c.evidence }),
      ...(c.better && { better: c.better }),
      ...(c.paragraphKeys && { paragraphKeys: c.paragraphKeys }),
      ...(c.unsupportedDetails && { unsupportedDetails: c.unsupportedDetails }),
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
    if (raw.type === 'swapCitation') {
      const check = this.checks[raw.index];
      if (check?.verdict === 'misattributed' && check.better && this.swap) await this.swap({ start: check.start, cited: check.key, better: check.better.key });
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
