// Every CiteScribe command, in one table: its id (with the argument args.ts declares for it) and the factory of its
// enabled form. What it needs before it runs, and so what its disabled form says, is in requirements.ts. The ids,
// titles and when-clauses the user sees are package.json's contributes.commands and menus; the commands not listed
// there (Open Source, Remember Citation, Open Sample) are run by lenses, hovers, completion items, panels and the
// walkthrough.
import type * as vscode from 'vscode';
import { selectModel } from '../selectModel';
import { citationSentence, rememberCitation } from './cite';
import { checkCitations, suggestCitation, verifyReferences } from './check';
import { draftRelatedWork, openDraftPanel, scoreDraft } from './draft';
import { findAbstractsOnline, readZotero, showGrounding } from './grounding';
import { indexLibrary, openSample, openSource, searchLibrary } from './library';
import { registerCommands, type CommandContext, type CommandTable } from './registry';

const COMMANDS: CommandTable = {
  'citescribe.indexLibrary': { enabled: indexLibrary },
  'citescribe.searchLibrary': { enabled: searchLibrary },
  'citescribe.openSource': { enabled: openSource },
  'citescribe.openSample': { enabled: openSample },
  'citescribe.citationSentence': { enabled: citationSentence },
  'citescribe.rememberCitation': { enabled: rememberCitation },
  'citescribe.draftRelatedWork': { enabled: draftRelatedWork },
  'citescribe.openDraftPanel': { enabled: openDraftPanel },
  'citescribe.scoreDraft': { enabled: scoreDraft },
  'citescribe.selectModel': { enabled: ({ context }) => () => selectModel(context) },
  'citescribe.suggestCitation': { enabled: suggestCitation },
  'citescribe.checkCitations': { enabled: checkCitations },
  'citescribe.verifyReferences': { enabled: verifyReferences },
  'citescribe.findAbstractsOnline': { enabled: findAbstractsOnline },
  'citescribe.showGrounding': { enabled: showGrounding },
  'citescribe.readZotero': { enabled: readZotero },
};

/** Registers every command; the caller owns what comes back (activate() puts it in context.subscriptions). */
export function registerAllCommands(ctx: CommandContext): vscode.Disposable[] {
  return registerCommands(ctx, COMMANDS);
}

export type { CommandContext };
