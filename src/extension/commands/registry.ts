// How a command is made and registered. Each command is a factory `(ctx) => handler` (as rust-analyzer's editors/code
// does), listed once in the table of commands/index.ts; what it needs is in requirements.ts. Every call first checks:
// met, the enabled form runs; unmet, the disabled form tells the user why, e.g. "CiteScribe: Finding abstracts online
// is off in an untrusted workspace: trust the workspace first.". The check is made at each call rather than by
// registering one form or the other, because trust can be granted and the library indexed at any moment, and a
// command id is never missing between an unregister and a register.
import * as vscode from 'vscode';
import type { LibraryService } from '../library';
import type { EngineService } from '../engines';
import type { DraftViewProvider } from '../draftView';
import type { CitationSupport } from '../citationSupport';
import type { GroundingStatus } from '../grounding';
import type { VerifyReferences } from '../verifyReferences';
import type { RecentCitations } from '../citeCompletion';
import { citeLanguage } from '../citesInDocument';
import type { CommandArgs, CommandId } from './args';
import { runCommand } from './run';
import { unmetRequirement, type CommandState, type Requirement } from './requirements';

/** What the commands work with: the services activate() made, the extension's context and its log. */
export interface CommandContext {
  context: vscode.ExtensionContext;
  library: LibraryService;
  engines: EngineService;
  draftView: DraftViewProvider;
  citationSupport: CitationSupport;
  grounding: GroundingStatus;
  verify: VerifyReferences;
  recentCitations: RecentCitations;
  log: vscode.LogOutputChannel;
}

/** A command's handler, taking the argument `args.ts` declares for it (optional: the palette passes none). */
type CommandHandler<Id extends CommandId> = (arg?: CommandArgs[Id]) => unknown;

interface CommandFactory<Id extends CommandId> {
  /** The command when it can run; while one of its requirements (requirements.ts) is unmet, `disabledForm` runs. */
  enabled: (ctx: CommandContext) => CommandHandler<Id>;
}

/** One entry per command id: a command declared in args.ts and not made here fails to compile. */
export type CommandTable = { [Id in CommandId]: CommandFactory<Id> };

/** The editor's state as the requirements read it, read only when asked. */
function commandState(library: LibraryService): CommandState {
  return {
    get trusted() {
      return vscode.workspace.isTrusted;
    },
    get libraryAnswers() {
      if (library.state.kind === 'ready') return true;
      // During an index run the store answers from what it has, unless it has nothing yet.
      return library.answers && library.getStore().stats().entries > 0;
    },
    get citingEditor() {
      const doc = vscode.window.activeTextEditor?.document;
      return doc !== undefined && citeLanguage(doc) !== undefined;
    },
  };
}

/** The form a command takes while a requirement is unmet: it says what is missing and does nothing else. */
function disabledForm(id: CommandId, unmet: Requirement, log: vscode.LogOutputChannel): () => Promise<undefined> {
  return async () => {
    log.info(`${id}: not run — ${unmet.why}`);
    const message = `CiteScribe: ${unmet.why}`;
    if (unmet.severity === 'error') void vscode.window.showErrorMessage(message);
    else void vscode.window.showWarningMessage(message);
    return undefined;
  };
}

/** Registers every command of the table; the caller owns the disposables (context.subscriptions). */
export function registerCommands(ctx: CommandContext, table: CommandTable): vscode.Disposable[] {
  const state = commandState(ctx.library);
  return (Object.keys(table) as CommandId[]).map((id) => {
    const factory = table[id] as CommandFactory<CommandId>;
    const enabled = factory.enabled(ctx);
    return vscode.commands.registerCommand(id, async (...args: unknown[]) => {
      const unmet = unmetRequirement(id, state);
      if (unmet) return disabledForm(id, unmet, ctx.log)();
      try {
        return await (enabled as (...a: unknown[]) => unknown)(...args);
      } catch (err) {
        return reportFailure(id, err as Error, args, ctx.log);
      }
    });
  });
}

/** A command that failed: the user is told why, and where a choice can fix it (another model, a download), asked. */
async function reportFailure(id: CommandId, err: Error, args: unknown[], log: vscode.LogOutputChannel): Promise<unknown> {
  const message = err.message;
  log.error(`${id}: ${message}`);
  if (err.name === 'ServerError') {
    // Never another engine in its place: the author is told which server failed and chooses what to do.
    const answer = await vscode.window.showErrorMessage(`CiteScribe: ${message} Nothing was written with another engine.`, 'Select Model', 'Retry');
    if (answer === 'Select Model') await runCommand('citescribe.selectModel');
    else if (answer === 'Retry') return vscode.commands.executeCommand(id, ...args);
  } else if (err.name === 'DownloadError' && /allowDownload/.test(message)) {
    // The model is not on disk and no consent was given yet: ask once, in place.
    const answer = await vscode.window.showWarningMessage(`CiteScribe: ${message}`, 'Allow download');
    if (answer) await vscode.workspace.getConfiguration('citescribe').update('model.allowDownload', true, vscode.ConfigurationTarget.Global);
  } else {
    void vscode.window.showErrorMessage(`CiteScribe: ${message}`);
  }
  return undefined;
}
