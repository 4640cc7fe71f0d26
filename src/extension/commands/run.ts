// Running a CiteScribe command from our own code (the draft panel's Open Source, Show Grounding's fixes): the
// argument is checked against the one args.ts declares, as for lenses and hovers.
import * as vscode from 'vscode';
import type { CommandArgList, CommandId } from './args';

export function runCommand<Id extends CommandId>(command: Id, ...arg: CommandArgList<Id>): Thenable<unknown> {
  return vscode.commands.executeCommand(command, ...arg);
}
