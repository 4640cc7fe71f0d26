import { strict as assert } from 'assert';
import * as vscode from 'vscode';
import { openInEditor, readyLibrary } from './api';
import { screenshot, workspaceFile } from './helpers';

function label(item: vscode.CompletionItem): string {
  return typeof item.label === 'string' ? item.label : item.label.label;
}

/** The items as VS Code orders them before anything is typed (sortText, then label). */
function ordered(list: vscode.CompletionList): vscode.CompletionItem[] {
  return [...list.items].sort((a, b) => (a.sortText ?? label(a)).localeCompare(b.sortText ?? label(b)));
}

describe('\\cite completion and Go to Definition', () => {
  it('offers the library inside \\citep{, the work the sentence is about first, and not the keys already there', async () => {
    await readyLibrary();
    const doc = await vscode.workspace.openTextDocument({
      language: 'latex',
      content: 'We translate images without paired examples, using a cycle consistency loss that returns the round trip to its input \\citep{isola2017image, }.\n',
    });
    const editor = await vscode.window.showTextDocument(doc, vscode.ViewColumn.One);
    const pos = doc.positionAt(doc.getText().indexOf(', }') + 2);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, pos, ',');
    const items = ordered(list).filter((i) => i.kind === vscode.CompletionItemKind.Reference);
    assert.ok(items.length >= 5, `${items.length} items`);
    assert.equal(label(items[0]), 'zhu2017unpaired', `first: ${items.slice(0, 3).map(label).join(', ')}`);
    assert.ok(!items.some((i) => label(i) === 'isola2017image'), 'a key already in the command is not offered again');
    // Typing a surname finds the work: the filter text holds every author.
    const munit = items.find((i) => label(i) === 'huang2018munit')!;
    assert.match(munit.filterText ?? '', /Huang Liu Belongie Kautz/);
    editor.selection = new vscode.Selection(pos, pos);
    await vscode.commands.executeCommand('editor.action.triggerSuggest');
    await screenshot('11-cite-completion');
    await vscode.commands.executeCommand('hideSuggestWidget');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('completes a Pandoc citation in Markdown', async () => {
    const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: 'Multimodal translation [@' });
    await vscode.window.showTextDocument(doc, vscode.ViewColumn.One);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, doc.positionAt(doc.getText().length), '@');
    const keys = ordered(list).filter((i) => i.kind === vscode.CompletionItemKind.Reference).map(label);
    assert.equal(keys[0], 'huang2018munit');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('goes from a cited key to its .bib entry', async () => {
    const editor = await openInEditor('paper.tex');
    const doc = editor.document;
    const at = doc.positionAt(doc.getText().indexOf('zhu2017unpaired') + 3);
    const locations = await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>('vscode.executeDefinitionProvider', doc.uri, at);
    const ours = locations.map((l) => ('uri' in l ? { uri: l.uri, line: l.range.start.line } : { uri: l.targetUri, line: l.targetRange.start.line })).filter((l) => l.uri.fsPath.endsWith('refs.bib'));
    assert.deepEqual(ours.map((l) => [l.uri.fsPath, l.line]), [[workspaceFile('refs.bib'), 3]]);
  });
});
