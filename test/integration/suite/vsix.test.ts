import { strict as assert } from 'assert';
import * as vscode from 'vscode';
import { screenshot, workspaceFile } from './helpers';

describe('The packaged .vsix', () => {
  it('installs into code-server and its Index Library command runs', async () => {
    const ext = vscode.extensions.getExtension('citescribe.citescribe');
    assert.ok(ext, 'CiteScribe installed from the .vsix');
    const extensionsDir = process.env.CITESCRIBE_EXTENSIONS_DIR!;
    assert.ok(ext!.extensionPath.startsWith(extensionsDir), `${ext!.extensionPath} is inside ${extensionsDir}`);
    const doc = await vscode.workspace.openTextDocument(workspaceFile('paper.tex'));
    await vscode.window.showTextDocument(doc);
    await ext!.activate();
    const stats = (await vscode.commands.executeCommand('citescribe.indexLibrary')) as { entries: number } | undefined;
    assert.ok(stats, 'the command returned the index statistics');
    assert.equal(stats!.entries, 7, 'the native SQLite module from the .vsix indexed the fixture library');
    await screenshot('10-vsix-installed');
  });
});
