// The score panel: ROUGE bars, citation coverage and the BlockMatch pairing of a draft against a reference.
// Re-scores (debounced) whenever the draft document changes.
import * as vscode from 'vscode';
import { isScoreToExtension } from '../protocol/guards';
import type { ExtensionToScore, ScoreReportView } from '../protocol/webview';
import { webviewHtml, webviewOptions } from './webviewShell';

interface ScoreSource {
  /** The draft document, when the draft is (part of) an editor's text. */
  draftUri?: vscode.Uri;
  referenceUri?: vscode.Uri;
  /** Computes the report from the current texts. */
  compute(): ScoreReportView;
}

export class ScorePanel implements vscode.Disposable {
  static readonly viewType = 'citescribe.scores';
  private static current: ScorePanel | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private rescoreTimer: NodeJS.Timeout | undefined;
  /** For tests: the last report shown. */
  lastReport: ScoreReportView | undefined;
  private ready = false;

  static show(context: vscode.ExtensionContext, source: ScoreSource, log: vscode.LogOutputChannel): ScorePanel {
    if (ScorePanel.current) {
      ScorePanel.current.setSource(source);
      ScorePanel.current.panel.reveal(vscode.ViewColumn.Beside, true);
      return ScorePanel.current;
    }
    const panel = vscode.window.createWebviewPanel(ScorePanel.viewType, 'CiteScribe Scores', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
      ...webviewOptions(context.extensionUri),
      retainContextWhenHidden: true,
    });
    ScorePanel.current = new ScorePanel(panel, context, source, log);
    return ScorePanel.current;
  }

  static get active(): ScorePanel | undefined {
    return ScorePanel.current;
  }

  private constructor(
    private readonly panel: vscode.WebviewPanel,
    context: vscode.ExtensionContext,
    private source: ScoreSource,
    private readonly log: vscode.LogOutputChannel,
  ) {
    panel.iconPath = vscode.Uri.joinPath(context.extensionUri, 'media', 'icon.svg');
    panel.webview.html = webviewHtml(panel.webview, context.extensionUri, 'score', 'CiteScribe Scores');
    panel.webview.onDidReceiveMessage((m) => this.onMessage(m), undefined, this.disposables);
    panel.onDidDispose(() => this.dispose(), undefined, this.disposables);
    vscode.workspace.onDidChangeTextDocument(
      (e) => {
        const uri = e.document.uri.toString();
        if (uri === this.source.draftUri?.toString() || uri === this.source.referenceUri?.toString()) this.scheduleRescore();
      },
      undefined,
      this.disposables,
    );
  }

  private setSource(source: ScoreSource) {
    this.source = source;
    this.rescore();
  }

  private scheduleRescore() {
    clearTimeout(this.rescoreTimer);
    this.rescoreTimer = setTimeout(() => this.rescore(), 400);
  }

  private post(message: ExtensionToScore) {
    void this.panel.webview.postMessage(message);
  }

  rescore() {
    if (!this.ready) return;
    try {
      this.lastReport = this.source.compute();
      this.post({ type: 'report', report: this.lastReport });
    } catch (err) {
      this.post({ type: 'error', message: (err as Error).message });
    }
  }

  private async onMessage(raw: unknown) {
    if (!isScoreToExtension(raw)) {
      this.log.warn(`score panel: ignored a malformed message ${JSON.stringify(raw)?.slice(0, 200)}`);
      return;
    }
    if (raw.type === 'ready') {
      this.ready = true;
      this.rescore();
      return;
    }
    const uri = raw.target === 'draft' ? this.source.draftUri : this.source.referenceUri;
    if (!uri) return;
    const doc = await vscode.workspace.openTextDocument(uri);
    const line = Math.min(raw.line, doc.lineCount - 1);
    const editor = await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One, preserveFocus: false });
    const range = doc.lineAt(line).range;
    editor.selection = new vscode.Selection(range.start, range.end);
    editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }

  dispose() {
    clearTimeout(this.rescoreTimer);
    if (ScorePanel.current === this) ScorePanel.current = undefined;
    for (const d of this.disposables) d.dispose();
    this.panel.dispose();
  }
}
