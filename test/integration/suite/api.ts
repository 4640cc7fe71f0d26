// Gets the running extension's API (what activate() returned), activating it on a LaTeX document.
import * as vscode from 'vscode';
import type { CiteScribeApi } from '../../../src/extension/extension';
import { waitFor, workspaceFile } from './helpers';

export async function citescribe(): Promise<CiteScribeApi> {
  const ext = vscode.extensions.all.find((e) => e.packageJSON.name === 'citescribe');
  if (!ext) throw new Error('CiteScribe is not installed in this host');
  return (await ext.activate()) as CiteScribeApi;
}

/** Waits until the library index is ready (the extension indexes the workspace shortly after activation). */
export async function readyLibrary(): Promise<CiteScribeApi> {
  const api = await citescribe();
  if (api.library.state.kind !== 'ready') await api.library.index();
  await waitFor('library ready', () => api.library.state.kind === 'ready', 60_000);
  return api;
}

export async function openInEditor(name: string): Promise<vscode.TextEditor> {
  const doc = await vscode.workspace.openTextDocument(workspaceFile(name));
  return vscode.window.showTextDocument(doc, vscode.ViewColumn.One);
}
