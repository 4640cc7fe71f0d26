// The Verify References panel: every entry's verdict with its evidence, flags first; clicking a key shows the entry
// in its .bib file.
import * as path from 'path';
import * as vscode from 'vscode';
import { isVerifyToExtension } from '../protocol/guards';
import type { ExtensionToVerify, VerifyEntryView } from '../protocol/webview';
import { sourceLabel } from '../core/verify/findings';
import { entrySpanOfKey } from '../core/verify/rewrite-entry';
import type { VerifyReport } from '../core/verify/verify';
import { webviewHtml, webviewOptions } from './webviewShell';

export class VerifyPanel implements vscode.Disposable {
  static readonly viewType = 'citescribe.verify';
  private static current: VerifyPanel | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private ready = false;
  private message: ExtensionToVerify | undefined;
  /** Per row, the file its entry is in. */
  private files: (string | undefined)[] = [];

  static show(extensionUri: vscode.Uri, report: VerifyReport, scope: string, log: (line: string) => void): VerifyPanel {
    if (!VerifyPanel.current) {
      const panel = vscode.window.createWebviewPanel(VerifyPanel.viewType, 'CiteScribe Verify References', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
        ...webviewOptions(extensionUri),
        retainContextWhenHidden: true,
      });
      VerifyPanel.current = new VerifyPanel(panel, extensionUri, log);
    }
    VerifyPanel.current.setReport(report, scope);
    VerifyPanel.current.panel.reveal(vscode.ViewColumn.Beside, true);
    return VerifyPanel.current;
  }

  private constructor(
    private readonly panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    private readonly log: (line: string) => void,
  ) {
    panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'icon.svg');
    panel.webview.html = webviewHtml(panel.webview, extensionUri, 'verify', 'CiteScribe Verify References');
    panel.webview.onDidReceiveMessage((m) => this.onMessage(m), undefined, this.disposables);
    panel.onDidDispose(() => this.dispose(), undefined, this.disposables);
  }

  private setReport(report: VerifyReport, scope: string) {
    this.files = report.entries.map((e) => e.file);
    const entries: VerifyEntryView[] = report.entries.map((e) => ({
      key: e.key,
      fileLabel: e.file ? path.basename(e.file) : '',
      verdict: e.verdict,
      evidence: e.evidence,
      fields: e.fields.map((f) => ({ field: f.field, ours: f.ours, theirs: f.theirs })),
      notes: [...e.notes, ...e.unchecked.map((u) => `not checked: ${u}`)],
      ...(e.source && { sourceLabel: sourceLabel(e.source) }),
    }));
    this.message = { type: 'report', scope, entries, cancelled: report.cancelled, notChecked: report.notChecked, problems: report.problems };
    this.send();
  }

  private send() {
    if (this.ready && this.message) void this.panel.webview.postMessage(this.message);
  }

  private async onMessage(raw: unknown) {
    if (!isVerifyToExtension(raw)) {
      this.log(`verify panel: ignored a malformed message ${JSON.stringify(raw)?.slice(0, 200)}`);
      return;
    }
    if (raw.type === 'ready') {
      this.ready = true;
      this.send();
      return;
    }
    const entry = this.message?.type === 'report' ? this.message.entries[raw.index] : undefined;
    const file = this.files[raw.index];
    if (!entry || !file) return;
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
    const editor = await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One, preserveFocus: false });
    const span = entrySpanOfKey(doc.getText(), entry.key);
    const range = span ? new vscode.Range(doc.positionAt(span.keyStart), doc.positionAt(span.keyStart + entry.key.length)) : new vscode.Range(0, 0, 0, 0);
    editor.selection = new vscode.Selection(range.start, range.end);
    editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }

  dispose() {
    if (VerifyPanel.current === this) VerifyPanel.current = undefined;
    for (const d of this.disposables) d.dispose();
    this.panel.dispose();
  }
}
