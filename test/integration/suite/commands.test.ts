import { strict as assert } from 'assert';
import * as vscode from 'vscode';
import { readyLibrary, openInEditor } from './api';
import { screenshot, sleep, typeInWorkbench, waitFor } from './helpers';

describe('Command palette flow', () => {
  before(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('Search Library finds an entry by title words and inserts its citation at the cursor', async () => {
    await readyLibrary();
    const editor = await openInEditor('notes.md');
    const end = editor.document.lineAt(editor.document.lineCount - 1).range.end;
    await editor.edit((b) => b.insert(end, '\nSee also '));
    const at = editor.document.lineAt(editor.document.lineCount - 1).range.end;
    editor.selection = new vscode.Selection(at, at);
    const picked = vscode.commands.executeCommand<string>('citescribe.searchLibrary');
    await sleep(800);
    await screenshot('08-search-quick-pick');
    // Fuzzy over key, title and authors, as a user types it.
    await typeInWorkbench('search-type', 'cross-domain image generation', 'Enter');
    assert.equal(await picked, 'taigman2017unsupervised');
    await waitFor('the citation in the Markdown note', () => editor.document.getText().includes('See also [@taigman2017unsupervised]'));
    await vscode.commands.executeCommand('undo');
    await vscode.commands.executeCommand('undo');
  });

  it('the walkthrough opens the sample paper, whose \\bibliography is found and indexed', async () => {
    const api = await readyLibrary();
    const uri = await vscode.commands.executeCommand<vscode.Uri>('citescribe.openSample');
    assert.ok(uri && uri.fsPath.endsWith('paper.tex'));
    assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, uri.fsPath);
    const sampleKey = /\\cite\w*\{([^},]+)/.exec(vscode.window.activeTextEditor!.document.getText())![1];
    api.library.scheduleIndex(0);
    await waitFor(`the sample library's ${sampleKey}`, () => api.library.state.kind === 'ready' && api.library.hasKey(sampleKey), 30_000);
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', 'citescribe.citescribe#citescribe.gettingStarted', false);
    await screenshot('09-walkthrough');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
