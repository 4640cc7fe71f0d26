import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { readyLibrary } from './api';
import { scratchDocument, screenshot, sleep, typeInWorkbench, waitFor, workspaceFile } from './helpers';

function label(item: vscode.CompletionItem): string {
  return typeof item.label === 'string' ? item.label : item.label.label;
}

/** The items before anything is typed, in VS Code's order; the first `resolve` of them with their documentation. */
async function completionKeys(doc: vscode.TextDocument, offset: number, resolve = 0): Promise<vscode.CompletionItem[]> {
  const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, doc.positionAt(offset), undefined, resolve);
  return [...list.items].filter((i) => i.kind === vscode.CompletionItemKind.Reference).sort((a, b) => (a.sortText ?? label(a)).localeCompare(b.sortText ?? label(b)));
}

/** A small paper project of its own: two .bib files (one entry leans on the other by crossref) and two .tex files. */
const PROJECT: Record<string, string> = {
  'a.bib': '@article{renamesrc2020,\n  ids = {okafor-tides},\n  title = {Tide Tables from Harbour Logs},\n  author = {Okafor, Ada},\n  year = {2020}\n}\n',
  'b.bib': '@incollection{renamechild2021,\n  crossref = {renamesrc2020},\n  title = {A Chapter on Harbour Tides},\n  author = {Berg, Lin}\n}\n',
  'x.tex': '\\documentclass{article}\n\\begin{document}\nTides \\citep{renamesrc2020, zhu2017unpaired}.\n\\bibliography{a,b}\n\\end{document}\n',
  'y.tex': 'As \\citet{renamesrc2020} show, and again \\cite{renamesrc2020}.\n',
};

describe('Rename a key, unused entries, aliases and recent citations', () => {
  const dir = () => workspaceFile('rename-project');
  const file = (name: string) => path.join(dir(), name);
  const text = async (name: string) => (await vscode.workspace.openTextDocument(file(name))).getText();

  before(async () => {
    const api = await readyLibrary();
    fs.mkdirSync(dir(), { recursive: true });
    for (const [name, content] of Object.entries(PROJECT)) fs.writeFileSync(file(name), content);
    // The test host's file watcher does not report files in a folder made after it started (a real VS Code's does):
    // the index is asked to run instead of waiting for an event that will not come.
    await api.library.index();
    await waitFor('the project indexed', () => api.library.state.kind === 'ready' && api.library.hasKey('renamechild2021') || undefined, 30_000);
  });

  after(async () => {
    await vscode.workspace.saveAll(false);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(dir(), { recursive: true, force: true });
    // As in before(): the index is asked to run.
    const api = await readyLibrary();
    await api.library.index();
    await waitFor('the project to leave the index', () => (api.library.state.kind === 'ready' && !api.library.hasKey('renamesrc2020')) || undefined, 30_000);
  });

  it('refuses a key that exists or that BibTeX cannot read, with the reason', async () => {
    const x = await vscode.workspace.openTextDocument(file('x.tex'));
    const at = x.positionAt(x.getText().indexOf('renamesrc2020') + 2);
    const rename = async (to: string) => vscode.commands.executeCommand('vscode.executeDocumentRenameProvider', x.uri, at, to);
    await assert.rejects(rename('zhu2017unpaired'), /'zhu2017unpaired' is already a key in refs\.bib/);
    await assert.rejects(rename('okafor-tides'), /already a key in a\.bib \(an alias of 'renamesrc2020'\)/);
    await assert.rejects(rename('okafor 2020'), /not a valid key: A key cannot contain white space/);
    await assert.rejects(async () => vscode.commands.executeCommand('vscode.prepareRename', x.uri, new vscode.Position(0, 2)), /Put the cursor on a citation key/);
  });

  it('renames a key with F2 across two .bib and two .tex files as one change that one Undo takes back', async () => {
    // The author has the project's files open.
    for (const name of ['a.bib', 'b.bib', 'y.tex']) await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(file(name)), { preview: false });
    const x = await vscode.workspace.openTextDocument(file('x.tex'));
    const editor = await vscode.window.showTextDocument(x, vscode.ViewColumn.One);
    const at = x.positionAt(x.getText().indexOf('renamesrc2020') + 2);
    editor.selection = new vscode.Selection(at, at);
    // As the user does it: F2, type the new key over the old one, Enter. y.tex and both .bib files are not open.
    const renaming = vscode.commands.executeCommand('editor.action.rename');
    await sleep(800);
    await typeInWorkbench('rename-key', 'okafor2020tides');
    await screenshot('13-rename-key');
    await typeInWorkbench('rename-key-enter', '', 'Enter');
    await renaming;
    await waitFor('y.tex renamed', async () => (await text('y.tex')).includes('okafor2020tides') || undefined);
    assert.equal(x.getText(), PROJECT['x.tex'].replace('renamesrc2020', 'okafor2020tides'));
    assert.equal(await text('y.tex'), PROJECT['y.tex'].replaceAll('renamesrc2020', 'okafor2020tides'));
    assert.equal(await text('a.bib'), PROJECT['a.bib'].replace('renamesrc2020', 'okafor2020tides'));
    assert.equal(await text('b.bib'), PROJECT['b.bib'].replace('renamesrc2020', 'okafor2020tides'), 'the crossref follows the key');
    // VS Code saves the files a rename changed (files.refactoring.autoSave); an Undo before that lands races it.
    const onDisk = (name: string) => fs.readFileSync(file(name), 'utf8');
    await waitFor('the renamed files saved', () => Object.keys(PROJECT).every((n) => onDisk(n).includes('okafor2020tides')) || undefined, 10_000);

    // One Undo in x.tex takes back all four files. (They are open in editors, as an author's are while writing; a
    // file VS Code closes after saving it drops out of a multi-file Undo, as with any rename in VS Code.)
    await vscode.window.showTextDocument(x, vscode.ViewColumn.One);
    await vscode.commands.executeCommand('undo');
    for (const name of Object.keys(PROJECT)) {
      await waitFor(`${name} restored`, async () => (await text(name)) === PROJECT[name] || undefined, 10_000);
    }
    // The four documents are back; what reaches the disk next is VS Code's own business (files.refactoring.autoSave
    // saves the files of an undone refactoring). Seen once in CI: all four documents not dirty and the renamed text
    // still on disk ten seconds later, a save that landed while VS Code was finishing its save of the rename being
    // dropped. The tests after this one need the project on disk as the author last saw it, so the saves VS Code still
    // owes are asked for, and what it dropped is written back.
    for (const name of Object.keys(PROJECT)) {
      const doc = await vscode.workspace.openTextDocument(file(name));
      if (doc.isDirty) await doc.save();
    }
    for (const name of Object.keys(PROJECT)) if (onDisk(name) !== PROJECT[name]) fs.writeFileSync(file(name), PROJECT[name]);
    await waitFor('the restored project on disk and in the editors', async () => {
      for (const name of Object.keys(PROJECT)) {
        const doc = await vscode.workspace.openTextDocument(file(name));
        if (onDisk(name) !== PROJECT[name] || doc.getText() !== PROJECT[name]) return undefined;
        if (doc.isDirty) await doc.save();
      }
      return true;
    }, 10_000);
  });

  it('marks an entry no document cites as unused in its .bib, and clears it once a document cites it', async () => {
    await vscode.workspace.saveAll(false);
    const b = vscode.Uri.file(file('b.bib'));
    const unused = await waitFor('the unused entry in b.bib', () => vscode.languages.getDiagnostics(b).find((d) => d.code === 'unused-entry'), 30_000);
    assert.equal(unused.severity, vscode.DiagnosticSeverity.Information);
    assert.match(unused.message, /'renamechild2021' is not cited by any document of the workspace/);
    assert.deepEqual(unused.tags, [vscode.DiagnosticTag.Unnecessary]);
    const bibDoc = await vscode.workspace.openTextDocument(b);
    assert.equal(bibDoc.getText(unused.range), 'renamechild2021');
    // The parent it leans on is cited, and every entry of refs.bib is cited by the workspace's papers.
    assert.equal(vscode.languages.getDiagnostics(vscode.Uri.file(file('a.bib'))).filter((d) => d.code === 'unused-entry').length, 0);
    await vscode.window.showTextDocument(bibDoc, vscode.ViewColumn.One);
    await vscode.commands.executeCommand('workbench.actions.view.problems');
    await screenshot('14-unused-entry-problems');
    // The author cites it in y.tex (unsaved): the mark goes.
    const y = await vscode.workspace.openTextDocument(file('y.tex'));
    const editor = await vscode.window.showTextDocument(y, vscode.ViewColumn.One);
    await editor.edit((e) => e.insert(new vscode.Position(1, 0), 'A chapter \\cite{renamechild2021}.\n'));
    await waitFor('the mark to go', () => !vscode.languages.getDiagnostics(b).some((d) => d.code === 'unused-entry') || undefined, 30_000);
  });

  it('finds an entry by its biblatex alias and inserts its own key, or the alias when asked to', async () => {
    const api = await readyLibrary();
    await waitFor('the entry back in the index', () => (api.library.state.kind === 'ready' && api.library.hasKey('renamesrc2020')) || undefined, 30_000);
    const doc = await scratchDocument('latex', 'Harbour logs \\cite{okafor-ti');
    const items = await completionKeys(doc, doc.getText().length, 100);
    const src = items.find((i) => label(i) === 'renamesrc2020');
    assert.ok(src, 'the entry is offered');
    const card = (src!.documentation as vscode.MarkdownString).value;
    assert.match(card, /Tide Tables from Harbour Logs/);
    assert.match(card, /also cited as `okafor-tides`/);
    assert.match(src!.filterText ?? '', /okafor-tides/);
    assert.equal(src!.insertText, 'renamesrc2020');
    assert.ok(!items.some((i) => label(i) === 'okafor-tides'), 'no item of its own for the alias');
    const config = vscode.workspace.getConfiguration('citescribe', doc.uri);
    await config.update('completion.insertCanonicalKey', false, vscode.ConfigurationTarget.Global);
    try {
      const alias = await waitFor('the alias as an item', async () => (await completionKeys(doc, doc.getText().length)).find((i) => label(i) === 'okafor-tides'));
      assert.equal(alias.insertText, 'okafor-tides');
      assert.equal((alias.label as vscode.CompletionItemLabel).description, 'alias of renamesrc2020');
    } finally {
      await config.update('completion.insertCanonicalKey', undefined, vscode.ConfigurationTarget.Global);
    }
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('lists a key chosen from the list before the rest the next time', async () => {
    // Nothing in "It is" to rank by: the list is alphabetical, the harbour paper near the end.
    const plain = await scratchDocument('latex', 'It is \\cite{');
    const before = (await completionKeys(plain, plain.getText().length)).map(label);
    assert.ok(before.indexOf('renamesrc2020') > 3, before.join(', '));
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    // The user picks it from the list in another sentence, where it is the work the sentence is about.
    const doc = await scratchDocument('latex', 'Tide tables read from harbour logs \\cite{');
    const editor = vscode.window.activeTextEditor!;
    const end = doc.positionAt(doc.getText().length);
    editor.selection = new vscode.Selection(end, end);
    await vscode.commands.executeCommand('editor.action.triggerSuggest');
    await waitFor('the list', async () => (await completionKeys(doc, doc.getText().length))[0] && true);
    await sleep(800);
    await vscode.commands.executeCommand('acceptSelectedSuggestion');
    await waitFor('the key inserted', () => doc.getText().includes('\\cite{renamesrc2020') || undefined);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    const again = await scratchDocument('latex', 'It is \\cite{');
    const after = await waitFor('the recent key first', async () => {
      const keys = (await completionKeys(again, again.getText().length)).map(label);
      return keys[0] === 'renamesrc2020' ? keys : undefined;
    });
    assert.equal(after.length, before.length);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
