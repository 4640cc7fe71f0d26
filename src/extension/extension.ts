// Entry point. Activation stays cheap: nothing here opens the database or loads a model; better-sqlite3 and
// onnxruntime-node load on first use. Every registration is owned by context.subscriptions.
import { loadedHeavyPackages, type ActivationReport } from './activation';
import * as vscode from 'vscode';
import { LibraryService } from './library';
import { EngineService } from './engines';
import { DraftViewProvider } from './draftView';
import { CiteLensProvider } from './citeLenses';
import { CiteHoverProvider } from './citeHover';
import { CITING_DOCUMENTS, registerCiteEditing } from './citeEditing';
import { CitationSupport, SuggestCitationAction } from './citationSupport';
import { registerAllCommands } from './commands';
import { RecentCitations } from './citeCompletion';
import { StatusBar } from './statusBar';
import { GroundingStatus, registerGrounding } from './grounding';
import { registerVerifyReferences, VerifyReferences } from './verifyReferences';
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
  const citationSupport = new CitationSupport(library, context.extensionUri, log, () => engines.embedder(vscode.workspace.isTrusted));
  const verify = new VerifyReferences(library, log, context.extensionUri);
  const recentCitations = new RecentCitations(context.workspaceState);
  context.subscriptions.push(
    library,
    engines,
    draftView,
    statusBar,
    grounding,
    ...registerGrounding(library),
    ...registerVerifyReferences(verify),
    vscode.window.registerWebviewViewProvider(DraftViewProvider.viewId, draftView, { webviewOptions: { retainContextWhenHidden: true } }),
    vscode.languages.registerCodeLensProvider(CITING_DOCUMENTS, lenses),
    vscode.languages.registerHoverProvider(CITING_DOCUMENTS, new CiteHoverProvider(library, engines)),
    ...registerCiteEditing(library, recentCitations, () => engines.embedder(vscode.workspace.isTrusted), (line) => log.warn(line)),
    citationSupport,
    vscode.languages.registerCodeActionsProvider(CITING_DOCUMENTS, new SuggestCitationAction(), { providedCodeActionKinds: SuggestCitationAction.kinds }),
    ...registerAllCommands({ context, library, engines, draftView, citationSupport, grounding, verify, recentCitations, log }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => library.scheduleIndex()),
  );

  library.startWatching();
  // The first index runs in the background shortly after activation, never blocking it.
  library.scheduleIndex(300);
  activation.heavyPackagesAtActivation = loadedHeavyPackages();
  log.info(`activated in ${Math.round(performance.now() - activatedAt)} ms; heavy packages loaded: ${activation.heavyPackagesAtActivation.join(', ') || 'none'}`);
  return { library, engines, draftView, statusBar, grounding, activation };
}

export function deactivate() {
  /* everything is disposed through context.subscriptions */
}
