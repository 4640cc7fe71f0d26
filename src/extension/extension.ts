// Entry point. Activation stays cheap: nothing here opens the database or loads a model; better-sqlite3 and
// onnxruntime-node load on first use. Every registration is owned by context.subscriptions.
import { loadedHeavyPackages, type ActivationReport } from './activation';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { LibraryService } from './library';
import { EngineService } from './engines';
import { DraftViewProvider } from './draftView';
import { CiteLensProvider } from './citeLenses';
import { CiteHoverProvider } from './citeHover';
import { CITING_DOCUMENTS, registerCiteEditing } from './citeEditing';
import { CitationSupport, SuggestCitationAction } from './citationSupport';
import { registerCommands } from './commands';
import { StatusBar } from './statusBar';
import { GroundingStatus, registerGrounding } from './grounding';
import { registerVerifyReferences } from './verifyReferences';
import { registerVscodeLmEngine } from './vscodeLm';

/** What the extension exposes to other extensions and to its integration tests. */
export interface CiteScribeApi {
  library: LibraryService;
  engines: EngineService;
  draftView: DraftViewProvider;
  statusBar: StatusBar;
  grounding: GroundingStatus;
  activation: ActivationReport;
}

export function activate(context: vscode.ExtensionContext): CiteScribeApi {
  const activatedAt = performance.now();
  const activation: ActivationReport = { heavyPackagesAtActivation: [] };
  const log = vscode.window.createOutputChannel('CiteScribe', { log: true });
  context.subscriptions.push(log);
  log.info(`CiteScribe ${context.extension.packageJSON.version} activated (uiKind=${vscode.env.uiKind}, remote=${vscode.env.remoteName ?? 'none'}, trusted=${vscode.workspace.isTrusted})`);

  // A registry entry only: no model is asked for anything until the engine is chosen and used.
  registerVscodeLmEngine();
  const library = new LibraryService(context, log);
  const engines = new EngineService(context, log);
  const draftView = new DraftViewProvider(context, library, engines, log);
  const statusBar = new StatusBar(library, engines);
  const grounding = new GroundingStatus(library);
  const lenses = new CiteLensProvider(library, () => {
    if (activation.firstCodeLensMs !== undefined) return;
    activation.firstCodeLensMs = Math.round(performance.now() - activatedAt);
    log.info(`first CodeLens ${activation.firstCodeLensMs} ms after activation`);
  });
  context.subscriptions.push(
    library,
    engines,
    draftView,
    statusBar,
    grounding,
    ...registerGrounding(context, library, grounding, log),
    ...registerVerifyReferences(library, log, context.extensionUri),
    vscode.window.registerWebviewViewProvider(DraftViewProvider.viewId, draftView, { webviewOptions: { retainContextWhenHidden: true } }),
    vscode.languages.registerCodeLensProvider(CITING_DOCUMENTS, lenses),
    vscode.languages.registerHoverProvider(CITING_DOCUMENTS, new CiteHoverProvider(library, engines)),
    ...registerCiteEditing(context, library),
    new CitationSupport(library, context.extensionUri, log),
    vscode.languages.registerCodeActionsProvider(CITING_DOCUMENTS, new SuggestCitationAction(), { providedCodeActionKinds: SuggestCitationAction.kinds }),
    ...registerCommands({ context, library, engines, draftView, log }),
    vscode.commands.registerCommand('citescribe.openSample', () => openSample(context)),
    vscode.workspace.onDidGrantWorkspaceTrust(() => library.scheduleIndex()),
  );

  library.startWatching();
  // The first index runs in the background shortly after activation, never blocking it.
  library.scheduleIndex(300);
  activation.heavyPackagesAtActivation = loadedHeavyPackages();
  log.info(`activated in ${Math.round(performance.now() - activatedAt)} ms; heavy packages loaded: ${activation.heavyPackagesAtActivation.join(', ') || 'none'}`);
  return { library, engines, draftView, statusBar, grounding, activation };
}

/** Walkthrough: copies the sample library to the extension's storage and opens its paper. */
async function openSample(context: vscode.ExtensionContext) {
  const source = vscode.Uri.joinPath(context.extensionUri, 'resources', 'sample-library');
  const target = vscode.Uri.joinPath(context.globalStorageUri, 'sample-library');
  if (!fs.existsSync(target.fsPath)) fs.cpSync(source.fsPath, target.fsPath, { recursive: true });
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(target, 'paper.tex'));
  await vscode.window.showTextDocument(doc);
  return doc.uri;
}

export function deactivate() {
  /* everything is disposed through context.subscriptions */
}
