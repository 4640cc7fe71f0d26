// The command palette actions. Each one says clearly why it cannot run (no library yet, no keys, model missing…)
// and shows cancellable progress where it takes time.
import * as path from 'path';
import * as vscode from 'vscode';
import type { CiteSyntax } from '../core/types';
import type { LibraryService, LibraryState } from './library';
import type { EngineService } from './engines';
import type { DraftViewProvider } from './draftView';
import { ScorePanel } from './scorePanel';
import { citationText, citeLanguage, documentCiteSyntax, draftScope, keyAt, keysIn } from './citesInDocument';
import { readSettings } from './settings';
import { anchorOf } from './draftView';
import { findAnchor } from '../core/text/anchor';
import { formatAuthors } from './format';
import { buildScoreReport, findRelatedWorkSection, libraryReferenceText } from './scoring';
import { selectModel } from './selectModel';
import { acceptOne } from './quickPick';

export interface CommandContext {
  context: vscode.ExtensionContext;
  library: LibraryService;
  engines: EngineService;
  draftView: DraftViewProvider;
  log: vscode.LogOutputChannel;
}

interface KeyPickItem extends vscode.QuickPickItem {
  key: string;
  pdfPath?: string;
}

const OPEN_PDF_BUTTON: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('file-pdf'), tooltip: 'Open PDF' };

export function registerCommands(c: CommandContext): vscode.Disposable[] {
  const { library, engines, draftView, log } = c;

  async function ensureLibrary(): Promise<void> {
    if (library.state.kind === 'ready') return;
    await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'CiteScribe: indexing the library', cancellable: true }, (progress, token) =>
      library.index(progress, token),
    );
    const state = library.state as LibraryState; // re-read: index() changed it
    if (state.kind !== 'ready') throw new Error('The library is not indexed yet: run "CiteScribe: Index Library".');
    if (state.stats.entries === 0) {
      throw new Error('No BibTeX entries found: add a .bib file to the workspace, name it with \\bibliography{…}, or set citescribe.library.bibFiles.');
    }
  }

  function keyItems(): KeyPickItem[] {
    return library.getStore().listEntries().map((e) => ({
      key: e.key,
      label: e.key,
      description: e.title,
      detail: [formatAuthors(e.authors), e.year, e.venue].filter(Boolean).join(' · '),
      pdfPath: e.pdfPath,
      buttons: e.pdfPath ? [OPEN_PDF_BUTTON] : [],
    }));
  }

  async function pickKeys(title: string, many: boolean): Promise<string[] | undefined> {
    const items = keyItems();
    if (many) {
      const picked = await vscode.window.showQuickPick(items, { title, canPickMany: true, matchOnDescription: true, matchOnDetail: true });
      return picked?.map((p) => p.key);
    }
    const picked = await vscode.window.showQuickPick(items, { title, matchOnDescription: true, matchOnDetail: true });
    return picked ? [picked.key] : undefined;
  }

  function syntaxFor(doc: vscode.TextDocument | undefined): CiteSyntax {
    return doc ? documentCiteSyntax(doc) : 'cite';
  }

  const handlers: Record<string, (...args: any[]) => unknown> = {
    'citescribe.indexLibrary': async () => {
      const stats = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: 'CiteScribe: indexing the library', cancellable: true },
        (progress, token) => library.index(progress, token),
      );
      if (!stats) return undefined;
      const problems = stats.errors ? ` — ${stats.errors} problem(s), see the Problems panel` : '';
      void vscode.window.showInformationMessage(
        `CiteScribe: ${stats.entries} entries from ${stats.bibFiles} .bib file(s); ${stats.pdfsWithText}/${stats.pdfFiles} PDFs with text, ${stats.linked} linked${problems}.`,
      );
      return stats;
    },

    'citescribe.searchLibrary': async (arg?: { query?: string; replaceRange?: { uri: string; start: number; end: number } }) => {
      await ensureLibrary();
      const editor = vscode.window.activeTextEditor;
      const qp = vscode.window.createQuickPick<KeyPickItem>();
      qp.title = 'CiteScribe: search the library';
      qp.placeholder = 'Key, title or author — Enter inserts the citation';
      qp.matchOnDescription = true;
      qp.matchOnDetail = true;
      qp.items = keyItems();
      qp.value = arg?.query ?? '';
      qp.onDidTriggerItemButton(async (e) => {
        if (e.item.pdfPath) await vscode.commands.executeCommand('citescribe.openSource', { pdfPath: e.item.pdfPath });
      });
      const chosen = await acceptOne(qp);
      if (!chosen || !editor) return chosen?.key;
      const doc = editor.document;
      if (arg?.replaceRange && arg.replaceRange.uri === doc.uri.toString()) {
        // The quick fix on an unknown key replaces that key with the one found.
        const range = new vscode.Range(doc.positionAt(arg.replaceRange.start), doc.positionAt(arg.replaceRange.end));
        if (!(await editor.edit((b) => b.replace(range, chosen.key)))) throw new Error(`Could not edit ${vscode.workspace.asRelativePath(doc.uri)}.`);
      } else {
        const text = citationText(doc, chosen.key);
        if (!(await editor.edit((b) => b.replace(editor.selection, text)))) throw new Error(`Could not edit ${vscode.workspace.asRelativePath(doc.uri)}.`);
      }
      return chosen.key;
    },

    'citescribe.citationSentence': async (arg?: { key?: string; keys?: string[]; uri?: string; line?: number }) => {
      await ensureLibrary();
      const editor = vscode.window.activeTextEditor;
      let key = arg?.key;
      if (!key && arg?.keys?.length) key = (await vscode.window.showQuickPick(arg.keys, { title: 'Describe which key?' })) ?? undefined;
      if (!key && editor && !arg) key = keyAt(editor.document, editor.selection.active)?.key;
      if (!key && !arg?.keys) key = (await pickKeys('Citation sentence for…', false))?.[0];
      if (!key) return undefined;
      if (!library.hasKey(key)) throw new Error(`'${key}' is not in the library: nothing is written for an unknown key.`);
      const doc = arg?.uri ? await vscode.workspace.openTextDocument(vscode.Uri.parse(arg.uri)) : editor?.document;
      // Where the sentence goes, remembered now: the author may edit the document while it is being written.
      const startVersion = doc?.version;
      const lensAnchor = doc && arg?.line !== undefined && arg.line < doc.lineCount ? anchorOf(doc, doc.lineAt(arg.line).range.with({ start: doc.lineAt(arg.line).range.end })) : undefined;
      const engine = await engines.get({ trusted: vscode.workspace.isTrusted });
      const result = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `CiteScribe: describing ${key}`, cancellable: true },
        (_p, token) => {
          const controller = new AbortController();
          token.onCancellationRequested(() => controller.abort());
          return engine.citationSentence({ key: key!, style: 'citation', syntax: syntaxFor(doc), tense: readSettings(doc?.uri).tense }, library, { signal: controller.signal });
        },
      );
      const flags = result.flags.length ? ` [${result.flags.join('; ')}]` : '';
      const action = await vscode.window.showInformationMessage(`${result.text}${flags}`, 'Insert', 'Copy', 'Open Source');
      if (action === 'Insert' && doc) {
        const target = await vscode.window.showTextDocument(doc);
        let applied: boolean;
        if (lensAnchor) {
          // From a CodeLens: the sentence goes on its own line below the citing line, found again if lines moved.
          const found = doc.version === startVersion ? { start: lensAnchor.start } : findAnchor(doc.getText(), lensAnchor);
          if (!found) {
            await vscode.env.clipboard.writeText(result.text);
            throw new Error(`The citing line changed while the sentence was written, so it was not inserted; it is on the clipboard.`);
          }
          const end = doc.positionAt(found.start);
          applied = await target.edit((b) => b.insert(end, `\n${result.text}`));
        } else {
          applied = await target.edit((b) => b.replace(target.selection, result.text));
        }
        if (!applied) {
          await vscode.env.clipboard.writeText(result.text);
          throw new Error(`Could not edit ${vscode.workspace.asRelativePath(doc.uri)}; the sentence is on the clipboard.`);
        }
      } else if (action === 'Copy') {
        await vscode.env.clipboard.writeText(result.text);
      } else if (action === 'Open Source') {
        const source = result.spans.find((s) => s.source)?.source;
        const paper = library.getPaper(key);
        await vscode.commands.executeCommand('citescribe.openSource', source?.pdfPath ? { pdfPath: source.pdfPath, page: source.page } : { bibFile: paper?.bibFile, line: paper?.bibLine });
      }
      return result;
    },

    'citescribe.draftRelatedWork': async (arg?: { keys?: string[] }) => {
      await ensureLibrary();
      const editor = vscode.window.activeTextEditor;
      let keys = arg?.keys;
      if (!keys?.length && editor && citeLanguage(editor.document)) {
        // The section being written (or the selection), not every key of the paper: the experiments' datasets and
        // optimisers are not related work.
        const scope = draftScope(editor.document, editor.selection);
        keys = scope.keys;
        log.info(`draft: ${keys.length} key(s) from ${scope.label}${scope.all ? '' : ` (${scope.total} in the document)`}`);
      }
      if (!keys?.length) keys = await pickKeys('Draft related work citing… (pick the works)', true);
      if (!keys?.length) {
        void vscode.window.showWarningMessage('CiteScribe: no keys to draft from — cite some works in the document, select a passage with citations, or pick keys.');
        return undefined;
      }
      const settings = readSettings(editor?.document.uri);
      const view = await draftView.generateAndShow(keys, { targetWords: settings.targetWords, subsections: settings.subsections, engine: settings.engine });
      return view;
    },

    'citescribe.scoreDraft': async (arg?: { referenceUri?: string; reference?: 'library' }) => {
      const editor = vscode.window.activeTextEditor;
      if (!editor) throw new Error('Open the draft to score (the related-work section, or select it) first.');
      const draftDoc = editor.document;
      const selection = editor.selection.isEmpty ? undefined : new vscode.Range(editor.selection.start, editor.selection.end);
      let referenceUri: vscode.Uri | undefined = arg?.referenceUri ? vscode.Uri.parse(arg.referenceUri) : undefined;
      let useLibrary = arg?.reference === 'library';
      if (!referenceUri && !useLibrary) {
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
          if (!files?.length) return undefined;
          referenceUri = files[0];
        } else if (picked.library) {
          useLibrary = true;
        } else referenceUri = picked.uri;
      }
      if (useLibrary) await ensureLibrary();
      const referenceDoc = referenceUri ? await vscode.workspace.openTextDocument(referenceUri) : undefined;
      const stem = readSettings(draftDoc.uri).stem;
      const language = citeLanguage(draftDoc) ?? 'latex';
      const engineForLibrary = useLibrary ? await engines.get({ trusted: vscode.workspace.isTrusted, engineId: 'default' }) : undefined;
      const libraryReference = useLibrary ? await libraryReferenceText(keysIn(draftDoc), library, engineForLibrary!, syntaxFor(draftDoc)) : undefined;
      const panel = ScorePanel.show(
        c.context,
        {
          draftUri: draftDoc.uri,
          referenceUri: referenceDoc?.uri,
          compute: () => {
            const draftRange = selection ?? findRelatedWorkSection(draftDoc);
            const draftText = draftRange ? draftDoc.getText(draftRange) : draftDoc.getText();
            const draftLineOffset = draftRange ? draftRange.start.line : 0;
            const referenceText = referenceDoc ? (findRelatedWorkSection(referenceDoc) ? referenceDoc.getText(findRelatedWorkSection(referenceDoc)) : referenceDoc.getText()) : libraryReference!;
            return buildScoreReport({
              draftText,
              draftLineOffset,
              referenceText,
              language,
              stem,
              draftLabel: `${path.basename(draftDoc.fileName)}${draftRange ? ` (lines ${draftRange.start.line + 1}–${draftRange.end.line + 1})` : ''}`,
              referenceLabel: referenceDoc ? path.basename(referenceDoc.fileName) : 'citation sentences from the library',
              inLibrary: (key) => library.state.kind === 'ready' && library.hasKey(key),
            });
          },
        },
        log,
      );
      return panel;
    },

    'citescribe.openDraftPanel': async () => {
      await vscode.commands.executeCommand(`${draftViewId}.focus`);
    },

    'citescribe.selectModel': () => selectModel(c.context),

    // Internal (not in the palette): opens a PDF (at a page, where the viewer supports #page) or a .bib entry.
    'citescribe.openSource': async (arg: { pdfPath?: string; page?: number; bibFile?: string; line?: number; key?: string }) => {
      if (arg?.pdfPath) {
        const uri = vscode.Uri.file(arg.pdfPath).with({ fragment: arg.page ? `page=${arg.page}` : '' });
        await vscode.commands.executeCommand('vscode.open', uri);
        return;
      }
      let bibFile = arg?.bibFile;
      let line = arg?.line;
      if (!bibFile && arg?.key) {
        const paper = library.getPaper(arg.key);
        bibFile = paper?.bibFile;
        line = paper?.bibLine;
      }
      if (!bibFile) throw new Error('This source has no PDF or .bib location to open.');
      const doc = await vscode.workspace.openTextDocument(bibFile);
      const at = new vscode.Position(Math.max(0, (line ?? 1) - 1), 0);
      await vscode.window.showTextDocument(doc, { selection: new vscode.Range(at, at) });
    },
  };

  return Object.entries(handlers).map(([id, handler]) =>
    vscode.commands.registerCommand(id, async (...args: unknown[]) => {
      try {
        return await handler(...args);
      } catch (err) {
        const message = (err as Error).message;
        log.error(`${id}: ${message}`);
        if ((err as Error).name === 'ServerError') {
          // Never another engine in its place: the author is told which server failed and chooses what to do.
          const answer = await vscode.window.showErrorMessage(`CiteScribe: ${message} Nothing was written with another engine.`, 'Select Model', 'Retry');
          if (answer === 'Select Model') await vscode.commands.executeCommand('citescribe.selectModel');
          else if (answer === 'Retry') return vscode.commands.executeCommand(id, ...args);
        } else if ((err as Error).name === 'DownloadError' && /allowDownload/.test(message)) {
          // The model is not on disk and no consent was given yet: ask once, in place.
          const answer = await vscode.window.showWarningMessage(`CiteScribe: ${message}`, 'Allow download');
          if (answer) await vscode.workspace.getConfiguration('citescribe').update('model.allowDownload', true, vscode.ConfigurationTarget.Global);
        } else {
          void vscode.window.showErrorMessage(`CiteScribe: ${message}`);
        }
        return undefined;
      }
    }),
  );
}

const draftViewId = 'citescribe.draftView';

