// Suggest Citation (which of my works supports the sentence at the cursor?) and Check Citations (do the works this
// document cites support the sentences that cite them?), each answer with the work's closest sentence. The logic is
// core's (src/core/suggest); here are the quick pick, the insertion and the Problems entries.
import * as vscode from 'vscode';
import { sentenceAround, sentenceSpan } from '../core/cites/completion';
import type { CiteLanguage } from '../core/cites/types';
import type { CitationCheck } from '../core/suggest/check';
import { checkDocument } from '../core/suggest/document-check';
import { checkDocumentWithEmbeddings } from '../core/suggest/embedding-check';
import { suggestWithEmbeddings, type EmbeddingRanking } from '../core/suggest/embedding-rank';
import { MAX_SENTENCE_CHARS, suggestCitations, type Suggestion } from '../core/suggest/suggest';
import { CancelledError, type EmbedTexts } from '../core/types';
import type { LibraryService } from './library';
import { withCancellableProgress } from './progress';
import { citationText, citeLanguage, citesOf, keyAt } from './citesInDocument';
import { CheckPanel } from './checkPanel';
import { checkDiagnostics, evidenceLine } from './checkDiagnostics';
import { MisattributionActions, swapEdit, type Misattribution } from './citationSwap';
import { CITING_DOCUMENTS } from './citeEditing';
import { commandCall } from './commands/args';

export { WEAK_CITATION } from './checkDiagnostics';

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

export class CitationSupport implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('citescribe-support');
  private readonly misattributions = new MisattributionActions();
  private readonly disposables: vscode.Disposable[] = [this.collection];

  constructor(
    private readonly library: LibraryService,
    private readonly extensionUri: vscode.Uri,
    private readonly log: vscode.LogOutputChannel,
    /** The embedding model (citescribe.embeddings.*) when one is set and may be loaded: works are also ranked by meaning. */
    private readonly embedder: () => EmbedTexts | undefined = () => undefined,
  ) {
    this.disposables.push(
      vscode.languages.registerCodeActionsProvider(CITING_DOCUMENTS, this.misattributions, { providedCodeActionKinds: MisattributionActions.kinds }),
      // A checked document that changes is checked again on demand, not left with stale marks or fixes.
      vscode.workspace.onDidChangeTextDocument((e) => e.contentChanges.length && this.forget(e.document.uri)),
      vscode.workspace.onDidCloseTextDocument((d) => this.forget(d.uri)),
    );
  }

  private forget(uri: vscode.Uri) {
    this.collection.delete(uri);
    this.misattributions.forget(uri);
  }

  /**
   * The selection, or the sentence around the cursor, ranked against the library; the chosen work is cited there.
   * The command (commands/check.ts) makes sure first of an editor of LaTeX or Markdown and an index that answers.
   */
  async suggest(editor: vscode.TextEditor): Promise<Suggestion | undefined> {
    const doc = editor.document;
    const selected = doc.getText(editor.selection);
    const sentence = (selected.trim() ? selected : sentenceAround(doc.getText(), doc.offsetAt(editor.selection.active))).slice(0, MAX_SENTENCE_CHARS);
    const ranked = await this.withMeaning(
      'ranking your library by meaning',
      (ranking) => suggestWithEmbeddings(this.library.getStore(), sentence, 10, ranking),
      () => suggestCitations(this.library.getStore(), sentence, 10),
    );
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

  /**
   * Every citation of the document checked, each among the works of its paragraph; weak, misattributed and
   * unsupported ones in the Problems panel with the closest sentences, and all of them in the Check Citations panel.
   * The command (commands/check.ts) makes sure first of an editor of LaTeX or Markdown and an index that answers.
   */
  async check(doc: vscode.TextDocument, language: CiteLanguage): Promise<CitationCheck[]> {
    const checks = await this.withMeaning(
      'checking citations',
      (ranking) => checkDocumentWithEmbeddings(this.library.getStore(), doc.getText(), language, ranking),
      () =>
        vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'CiteScribe: checking citations' }, async () =>
          checkDocument(this.library.getStore(), doc.getText(), language),
        ),
    );
    // Cancelled while the model ranked: the marks of the last check stay as they were.
    if (!checks) return [];
    const store = this.library.getStore();
    this.collection.set(doc.uri, checks.flatMap((c) => checkDiagnostics(doc, c, (key) => store.getPaper(key))));
    const misattributed: Misattribution[] = checks.flatMap((c) => (c.verdict === 'misattributed' && c.better ? [{ start: c.start, cited: c.key, better: c.better.key }] : []));
    this.misattributions.set(doc, misattributed);
    CheckPanel.show(this.extensionUri, doc, checks, (line) => this.log.warn(line), (m) => this.swap(doc, m));
    const count = (v: string) => checks.filter((c) => c.verdict === v).length;
    const titleOnly = count('title-only');
    void vscode.window.showInformationMessage(
      `CiteScribe: ${checks.length} citation${checks.length === 1 ? '' : 's'} checked — ${count('supported')} supported, ${count('weak')} weak` +
        (count('misattributed') ? `, ${count('misattributed')} misattributed (another work of the paragraph fits clearly better)` : '') +
        (count('unsupported') ? `, ${count('unsupported')} unsupported by the works of their paragraph` : '') +
        (titleOnly ? `, ${titleOnly} known by title only (support cannot be judged without an abstract or PDF)` : '') +
        (count('not-in-library') ? `, ${count('not-in-library')} not in the library` : '') + '.',
    );
    return checks;
  }

  /** The panel's "Cite B instead of A": the same edit as the quick fix; false when the citation has moved since. */
  private async swap(doc: vscode.TextDocument, m: Misattribution): Promise<boolean> {
    const edit = doc.isClosed ? undefined : swapEdit(doc, m);
    if (!edit) {
      void vscode.window.showWarningMessage(`CiteScribe: ${m.cited} is no longer where the check found it — run "CiteScribe: Check Citations" again.`);
      return false;
    }
    if (!(await vscode.workspace.applyEdit(edit))) return false;
    // The rows and marks of the old text are stale: the panel shows the document as it now is.
    const language = citeLanguage(doc);
    if (language) await this.check(doc, language);
    return true;
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
      return await withCancellableProgress(`CiteScribe: ${title}`, (_progress, signal) => {
        return withModel({
          embed,
          signal,
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
