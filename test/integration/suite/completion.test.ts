import { strict as assert } from 'assert';
import * as vscode from 'vscode';
import { openInEditor, readyLibrary } from './api';
import { scratchDocument, screenshot, waitFor, workspaceFile } from './helpers';

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
    const doc = await scratchDocument('latex', 'We translate images without paired examples, using a cycle consistency loss that returns the round trip to its input \\citep{isola2017image, }.\n');
    const editor = vscode.window.activeTextEditor!;
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

  it('completes inside a biblatex multicite, in the second key group', async () => {
    const doc = await scratchDocument('latex', 'Shared latent spaces \\cites[see][p.~2]{liu2017unit}[]{');
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, doc.positionAt(doc.getText().length), '{');
    const keys = ordered(list).filter((i) => i.kind === vscode.CompletionItemKind.Reference).map(label);
    assert.ok(keys.length >= 5, keys.join(', '));
    assert.ok(!keys.includes('liu2017unit'), 'the key of the first group is not offered again');
    assert.ok(keys.includes('huang2018munit'));
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('completes a Pandoc citation in Markdown', async () => {
    const doc = await scratchDocument('markdown', 'Multimodal translation [@');
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

  it('shows an undefined key in Problems and fixes it with the closest library key', async () => {
    await readyLibrary();
    const doc = await scratchDocument('latex', 'Cycle consistency \\citep{zhu2017unpiared, isola2017image}.\n');
    const warning = await waitFor('the undefined key in Problems', () =>
      vscode.languages.getDiagnostics(doc.uri).find((d) => d.source === 'CiteScribe' && d.message.includes('zhu2017unpiared')),
    );
    assert.equal(warning.severity, vscode.DiagnosticSeverity.Warning);
    assert.equal(doc.getText(warning.range), 'zhu2017unpiared');
    assert.equal(vscode.languages.getDiagnostics(doc.uri).filter((d) => d.source === 'CiteScribe').length, 1, 'the known key is not flagged');
    await vscode.commands.executeCommand('workbench.actions.view.problems');
    await screenshot('12-undefined-key-problems');
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, warning.range);
    const fix = actions.find((a) => a.title === "Replace with 'zhu2017unpaired'");
    assert.ok(fix?.edit, actions.map((a) => a.title).join(' | '));
    assert.ok(actions.some((a) => a.title === "Search the library for 'zhu2017unpiared'"));
    assert.ok(await vscode.workspace.applyEdit(fix!.edit!));
    assert.equal(doc.getText(), 'Cycle consistency \\citep{zhu2017unpaired, isola2017image}.\n');
    await waitFor('the warning to go', () => !vscode.languages.getDiagnostics(doc.uri).some((d) => d.source === 'CiteScribe') || undefined);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('outlines a .bib file by its entries and finds every citation of a key from its entry', async () => {
    await readyLibrary();
    const bib = await vscode.workspace.openTextDocument(workspaceFile('refs.bib'));
    await vscode.window.showTextDocument(bib, vscode.ViewColumn.One);
    const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', bib.uri);
    const zhu = symbols.find((s) => s.name === 'zhu2017unpaired');
    assert.ok(zhu, symbols.map((s) => s.name).join(', '));
    assert.equal(zhu!.selectionRange.start.line, 3);
    assert.match(zhu!.detail, /^@inproceedings Unpaired Image-to-Image Translation/);
    // From the entry's header line: every citation of the key in the workspace's .tex and .md files, open or not.
    const at = new vscode.Position(3, bib.lineAt(3).text.indexOf('zhu2017unpaired') + 2);
    const refs = await vscode.commands.executeCommand<vscode.Location[]>('vscode.executeReferenceProvider', bib.uri, at);
    const found = new Map<string, number>();
    for (const r of refs) found.set(r.uri.fsPath, (found.get(r.uri.fsPath) ?? 0) + 1);
    for (const [file, text] of ['paper.tex', 'notes.md', 'reference.tex', 'draft.tex'].map((f) => [workspaceFile(f), require('fs').readFileSync(workspaceFile(f), 'utf8') as string] as const)) {
      const expected = (text.match(/zhu2017unpaired/g) ?? []).length;
      assert.equal(found.get(file) ?? 0, expected, `${file}: ${found.get(file) ?? 0} of ${expected}`);
    }
    for (const r of refs) {
      const doc = await vscode.workspace.openTextDocument(r.uri);
      assert.equal(doc.getText(r.range), 'zhu2017unpaired');
    }
  });
});

