// Draft Related Work (in the draft panel), Open Draft Panel, and Score Draft (ROUGE and citation coverage of a draft
// against a reference section, or against the library's own citation sentences of the keys the draft cites).
import * as path from 'path';
import * as vscode from 'vscode';
import { citeLanguage, draftScope, keysIn } from '../citesInDocument';
import { DraftViewProvider } from '../draftView';
import { ScorePanel } from '../scorePanel';
import { buildScoreReport, findRelatedWorkSection, libraryReferenceText } from '../scoring';
import { readSettings } from '../settings';
import type { DraftRelatedWorkArgs, ScoreDraftArgs } from './args';
import { syntaxFor } from './cite';
import { ensureLibrary, pickKeys } from './library';
import type { CommandContext } from './registry';

export function draftRelatedWork({ library, draftView, log }: CommandContext) {
  return async (arg?: DraftRelatedWorkArgs) => {
    await ensureLibrary(library);
    const editor = vscode.window.activeTextEditor;
    let keys = arg?.keys;
    if (!keys?.length && editor && citeLanguage(editor.document)) {
      // The section being written (or the selection), not every key of the paper: the experiments' datasets and
      // optimisers are not related work.
      const scope = draftScope(editor.document, editor.selection);
      keys = scope.keys;
      log.info(`draft: ${keys.length} key(s) from ${scope.label}${scope.all ? '' : ` (${scope.total} in the document)`}`);
    }
    if (!keys?.length) keys = await pickKeys(library, 'Draft related work citing… (pick the works)', true);
    if (!keys?.length) {
      void vscode.window.showWarningMessage(
        'CiteScribe: no keys to draft from — cite some works in the document, select a passage with citations, or pick keys.',
      );
      return undefined;
    }
    const settings = readSettings(editor?.document.uri);
    return draftView.generateAndShow(keys, { targetWords: settings.targetWords, subsections: settings.subsections, engine: settings.engine });
  };
}

export function openDraftPanel() {
  return async () => {
    await vscode.commands.executeCommand(`${DraftViewProvider.viewId}.focus`);
  };
}

/** What the draft is scored against: a document, or the library's citation sentences (undefined: the user cancelled). */
type Reference = { uri: vscode.Uri } | { library: true };

async function chooseReference(draftDoc: vscode.TextDocument, arg: ScoreDraftArgs | undefined): Promise<Reference | undefined> {
  if (arg?.referenceUri) return { uri: vscode.Uri.parse(arg.referenceUri) };
  if (arg?.reference === 'library') return { library: true };
  type RefItem = vscode.QuickPickItem & { uri?: vscode.Uri; library?: boolean; browse?: boolean };
  const others: RefItem[] = vscode.workspace.textDocuments
    .filter((d) => d.uri.toString() !== draftDoc.uri.toString() && (d.uri.scheme === 'file' || d.uri.scheme === 'untitled') && !d.isClosed)
    .map((d) => ({ label: path.basename(d.fileName), description: vscode.workspace.asRelativePath(d.uri), uri: d.uri }));
  const picked = await vscode.window.showQuickPick<RefItem>(
    [
      { label: '$(folder-opened) Choose a reference file…', browse: true },
      { label: '$(library) Citation sentences of the cited keys (from the library)', library: true },
      ...others,
    ],
    { title: 'Score the draft against…' },
  );
  if (!picked) return undefined;
  if (picked.browse) {
    const files = await vscode.window.showOpenDialog({ canSelectMany: false, filters: { 'LaTeX / Markdown / text': ['tex', 'md', 'txt'] } });
    return files?.length ? { uri: files[0] } : undefined;
  }
  if (picked.library) return { library: true };
  return picked.uri && { uri: picked.uri };
}

/** The related-work section of a document when it has one, else all of it. */
function sectionText(doc: vscode.TextDocument): string {
  const section = findRelatedWorkSection(doc);
  return section ? doc.getText(section) : doc.getText();
}

export function scoreDraft({ context, library, engines, log }: CommandContext) {
  return async (arg?: ScoreDraftArgs) => {
    const editor = vscode.window.activeTextEditor;
    if (!editor) throw new Error('Open the draft to score (the related-work section, or select it) first.');
    const draftDoc = editor.document;
    const selection = editor.selection.isEmpty ? undefined : new vscode.Range(editor.selection.start, editor.selection.end);
    const reference = await chooseReference(draftDoc, arg);
    if (!reference) return undefined;
    const useLibrary = 'library' in reference;
    if (useLibrary) await ensureLibrary(library);
    const referenceDoc = 'uri' in reference ? await vscode.workspace.openTextDocument(reference.uri) : undefined;
    const stem = readSettings(draftDoc.uri).stem;
    const language = citeLanguage(draftDoc) ?? 'latex';
    const engineForLibrary = useLibrary ? await engines.get({ trusted: vscode.workspace.isTrusted, engineId: 'default' }) : undefined;
    const libraryReference = engineForLibrary ? await libraryReferenceText(keysIn(draftDoc), library, engineForLibrary, syntaxFor(draftDoc)) : undefined;
    const compute = () => {
      const draftRange = selection ?? findRelatedWorkSection(draftDoc);
      const lines = draftRange ? ` (lines ${draftRange.start.line + 1}–${draftRange.end.line + 1})` : '';
      return buildScoreReport({
        draftText: draftRange ? draftDoc.getText(draftRange) : draftDoc.getText(),
        draftLineOffset: draftRange ? draftRange.start.line : 0,
        referenceText: referenceDoc ? sectionText(referenceDoc) : libraryReference!,
        language,
        stem,
        draftLabel: `${path.basename(draftDoc.fileName)}${lines}`,
        referenceLabel: referenceDoc ? path.basename(referenceDoc.fileName) : 'citation sentences from the library',
        inLibrary: (key) => library.state.kind === 'ready' && library.hasKey(key),
      });
    };
    return ScorePanel.show(context, { draftUri: draftDoc.uri, referenceUri: referenceDoc?.uri, compute }, log);
  };
}
