// Typed access to the `citescribe.*` settings declared in package.json (what each becomes: ./settings-values).
import * as vscode from 'vscode';
import { settingsFrom, type CiteScribeSettings } from './settings-values';

export type { CiteScribeSettings, EngineId } from './settings-values';

export function readSettings(scope?: vscode.ConfigurationScope): CiteScribeSettings {
  return settingsFrom(vscode.workspace.getConfiguration('citescribe', scope));
}
