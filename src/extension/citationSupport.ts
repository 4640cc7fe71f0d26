// Suggest Citation (which of my works supports the sentence at the cursor?) and Check Citations (do the works this
// document cites support the sentences that cite them?), each answer with the work's closest sentence. The logic is
// core's (src/core/suggest); here are the quick pick, the insertion and the Problems entries.
import * as vscode from 'vscode';
import { sentenceAround, sentenceSpan } from '../core/cites/completion';
import type { CiteLanguage } from '../core/cites/types';
import { checkDocument, type CitationCheck } from '../core/suggest/check';
import { checkDocumentWithEmbeddings } from '../core/suggest/embedding-check';
import { suggestWithEmbeddings, type EmbeddingRanking } from '../core/suggest/embedding-rank';
import { MAX_SENTENCE_CHARS, suggestCitations, type Suggestion } from '../core/suggest/suggest';
import { CancelledError, type EmbedTexts } from '../core/types';
import type { LibraryService } from './library';
import { citationText, citeLanguage, citesOf, keyAt } from './citesInDocument';
import { CheckPanel } from './checkPanel';
import { commandCall } from './commands/args';

export const WEAK_CITATION = 'weak-support';

/**
 * Ctrl+. on a sentence that cites nothing offers Suggest Citation. Only when asked for: a light bulb on every
 * sentence of a paper would be noise.
 */
export class SuggestCitationAction implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  provideCodeActions(doc: vscode.TextDocument, range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    if (context.triggerKind !== vscode.CodeActionTriggerKind.Invoke || !citeLanguage(doc)) return [];
    const text = doc.getText();
    const offset = doc.offsetAt(range.start);
    const { start: from, end: to } = sentenceSpan(text, offset);
    const cited = citesOf(doc).some((c) => c.end > from && c.start < to);
    if (cited || sentenceAround(text, offset).split(' ').length < 4) return [];
    const action = new vscode.CodeAction('Suggest a citation for this sentence', vscode.CodeActionKind.QuickFix);
    action.command = { title: 'Suggest Citation', ...commandCall('citescribe.suggestCitation') };
    return [action];
  }
}

interface SuggestionItem extends vscode.QuickPickItem {
  suggestion: Suggestion;
}

function evidenceLine(e: { text: string; source: string; page?: number }): string {
  return `${e.source === 'pdf' ? `PDF${e.page ? ` p. ${e.page}` : ''}` : e.source}: “${e.text}”`;
}

export class CitationSupport implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('citescribe-support');
  private readonly disposables: vscode.Disposable[] = [this.collection];

  constructor(
    private readonly library: LibraryService,
    private readonly extensionUri: vscode.Uri,
    private readonly log: vscode.LogOutputChannel,
    /** The embedding model (citescribe.embeddings.*) when one is set and may be loaded: works are also ranked by meaning. */
    private readonly embedder: () => EmbedTexts | undefined = () => undefined,
  ) {
    this.disposables.push(
      // A checked document that changes is checked again on demand, not left with stale marks.
      vscode.workspace.onDidChangeTextDocument((e) => e.contentChanges.length && this.collection.delete(e.document.uri)),
      vscode.workspace.onDidCloseTextDocument((d) => this.collection.delete(d.uri)),
    );
  }

  /**
   * The selection, or the sentence around the cursor, ranked against the library; the chosen work is cited there.
   * The command (commands/check.ts) makes sure first of an editor of LaTeX or Markdown and an index that answers.
   */
  async suggest(editor: vscode.TextEditor): Promise<Suggestion | undefined> {
    const doc = editor.document;
    const selected = doc.getText(editor.selection);
    const sentence = (selected.trim() ? selected : sentenceAround(doc.getText(), doc.offsetAt(editor.selection.active))).slice(0, MAX_SENTENCE_CHARS);
    const ranked = await this.withMeaning('ranking your library by meaning', (ranking) => suggestWithEmbeddings(this.library.getStore(), sentence, 10, ranking), () => suggestCitations(this.library.getStore(), sentence, 10));
    if (!ranked) return undefined;
    if (!ranked.length) {
      void vscode.window.showInformationMessage('CiteScribe: no work of the library shares a content word with this sentence.');
      return undefined;
    }
    const items: SuggestionItem[] = ranked.map((s) => ({
      suggestion: s,
      label: s.key,
      description: s.titleOnly ? 'title only: support cannot be judged' : `${Math.round(100 * s.support)}% support`,
      detail: evidenceLine(s.evidence),
    }));
    const picked = await vscode.window.showQuickPick(items, { title: `Works that support: “${sentence.length > 80 ? sentence.slice(0, 77) + '…' : sentence}”`, matchOnDetail: true });
    if (!picked) return undefined;
    const key = picked.suggestion.key;
    const at = editor.selection.active;
    const inCite = keyAt(doc, at);
    await editor.edit((b) => {
      if (inCite) b.insert(inCite.range.end, `, ${key}`);
      else b.insert(editor.selection.isEmpty ? at : editor.selection.end, `${/\s$/.test(doc.lineAt(at.line).text.slice(0, at.character)) ? '' : ' '}${citationText(doc, key)}`);
    });
    return picked.suggestion;
  }

  /** Every citation of the active document checked; weak ones in the Problems panel with the closest sentence. */
  async check(doc: vscode.TextDocument, language: CiteLanguage): Promise<CitationCheck[]> {
    const checks = await this.withMeaning('checking citations', (ranking) => checkDocumentWithEmbeddings(this.library.getStore(), doc.getText(), language, ranking), () =>
      vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'CiteScribe: checking citations' }, async () => checkDocument(this.library.getStore(), doc.getText(), language)),
    );
    if (!checks) return [];
    const diagnostics: vscode.Diagnostic[] = [];
    for (const c of checks) {
      if (c.verdict !== 'weak' || !c.evidence) continue;
      const range = new vscode.Range(doc.positionAt(c.start), doc.positionAt(c.end));
      let message = `weak support (${Math.round(100 * (c.support ?? 0))}%): the closest sentence in ${c.key} is ${evidenceLine(c.evidence)}`;
      if (c.better) message += `\nbetter match in your library: ${c.better.key} (${Math.round(100 * c.better.support)}%): ${evidenceLine(c.better.evidence)}`;
      const d = new vscode.Diagnostic(range, message, vscode.DiagnosticSeverity.Information);
      d.source = 'CiteScribe';
      d.code = WEAK_CITATION;
      diagnostics.push(d);
    }
    this.collection.set(doc.uri, diagnostics);
    CheckPanel.show(this.extensionUri, doc, checks, (line) => this.log.warn(line));
    const count = (v: string) => checks.filter((c) => c.verdict === v).length;
    const titleOnly = count('title-only');
    void vscode.window.showInformationMessage(
      `CiteScribe: ${checks.length} citation${checks.length === 1 ? '' : 's'} checked — ${count('supported')} supported, ${count('weak')} weak` +
        (titleOnly ? `, ${titleOnly} known by title only (support cannot be judged without an abstract or PDF)` : '') +
        (count('not-in-library') ? `, ${count('not-in-library')} not in the library` : '') + '.',
    );
    return checks;
  }

  /**
   * `withModel` under a cancellable progress notification when an embedding model is set (the first use embeds the
   * library), else `withoutModel` as before. A model that fails is noted in a warning and the words rank alone;
   * undefined when the user cancelled.
   */
  private async withMeaning<T>(title: string, withModel: (ranking: EmbeddingRanking) => Promise<T>, withoutModel: () => T | Thenable<T>): Promise<T | undefined> {
    const embed = this.embedder();
    if (!embed) return withoutModel();
    try {
      return await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `CiteScribe: ${title}`, cancellable: true }, (_progress, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        return withModel({
          embed,
          signal: controller.signal,
          onNote: (note) => {
            this.log.warn(note);
            void vscode.window.showWarningMessage(`CiteScribe: ${note}`);
          },
        });
      });
    } catch (err) {
      if (err instanceof CancelledError) return undefined;
      throw err;
    }
  }

  dispose() {
    for (const d of this.disposables) d.dispose();
  }
}
