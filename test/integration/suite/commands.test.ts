import { strict as assert } from 'assert';
import * as vscode from 'vscode';
import { citescribe, readyLibrary, openInEditor } from './api';
import { clickNotificationButton, notificationTexts, screenshot, sleep, typeInWorkbench, waitFor } from './helpers';

describe('Command palette flow', () => {
  before(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('Check Citations with no document open says what to open, and checks nothing', async () => {
    await citescribe();
    await vscode.commands.executeCommand('notifications.clearAll');
    assert.equal(vscode.window.activeTextEditor, undefined);
    const checks = await vscode.commands.executeCommand('citescribe.checkCitations');
    assert.equal(checks, undefined);
    await vscode.commands.executeCommand('notifications.showList');
    const said = await waitFor('the warning', async () => {
      const texts = await notificationTexts('check-disabled');
      return texts.find((t) => t.includes('CiteScribe: open a LaTeX or Markdown document to check its citations.'));
    });
    // A warning the user acts on, not an error from inside the command.
    assert.doesNotMatch(said, /failed|Error/);
    await screenshot('08a-check-citations-no-document');
    await vscode.commands.executeCommand('notifications.clearAll');
  });

  it('every command of the palette, the lenses and the hovers is registered', async () => {
    const api = await readyLibrary();
    const registered = new Set(await vscode.commands.getCommands(true));
    const ext = vscode.extensions.all.find((e) => e.packageJSON.name === 'citescribe')!;
    const contributed: string[] = ext.packageJSON.contributes.commands.map((c: { command: string }) => c.command);
    assert.deepEqual(contributed.filter((id) => !registered.has(id)), []);
    const doc = (await openInEditor('paper.tex')).document;
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri);
    assert.ok(lenses.length > 0 && api.library.state.kind === 'ready');
    assert.deepEqual(lenses.map((l) => l.command?.command ?? '').filter((id) => !registered.has(id)), []);
    for (const id of ['citescribe.openSource', 'citescribe.rememberCitation', 'citescribe.openSample']) assert.ok(registered.has(id), id);
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

  it('✎ Describe on a cite writes a grounded citation sentence and Insert puts it below the citing line', async () => {
    const api = await readyLibrary();
    const editor = await openInEditor('paper.tex');
    const doc = editor.document;
    const line = doc.getText().split('\n').findIndex((l) => l.includes('\\parencite{taigman2017unsupervised}'));
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri);
    const describe = lenses.find((l) => l.range.start.line === line && l.command?.title === '✎ Describe');
    assert.ok(describe?.command, 'a Describe lens on the \\parencite line');
    const before = doc.lineCount;
    const running = vscode.commands.executeCommand<{ text: string; spans: { source?: { pdfPath?: string } }[] }>(describe.command.command, ...(describe.command.arguments ?? []));
    await waitFor('the citation sentence notification', async () => {
      await sleep(500);
      return api.library.state.kind === 'ready';
    });
    await sleep(1000);
    await vscode.commands.executeCommand('notifications.showList');
    await sleep(500);
    await screenshot('11-describe-notification');
    await clickNotificationButton('describe-insert', 'Insert', 'Taigman');
    const result = await running;
    // Third person, citing exactly the described work with the document's own cite command.
    assert.deepEqual([...result.text.matchAll(/\\cite\{([^}]*)\}/g)].map((m) => m[1]), ['taigman2017unsupervised'], result.text);
    assert.doesNotMatch(result.text, /\b(we|our|us)\b/i, result.text);
    await waitFor('the sentence below the citing line', () => doc.lineCount === before + 1 && doc.lineAt(line + 1).text === result.text);
    await vscode.commands.executeCommand('undo');
    await waitFor('undo', () => doc.lineCount === before);
    assert.ok(api.library.hasKey('taigman2017unsupervised'));
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
