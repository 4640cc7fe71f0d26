import { strict as assert } from 'assert';
import * as vscode from 'vscode';
import * as path from 'path';
import { screenshot, workspaceFile } from './helpers';

describe('CiteScribe in a real VS Code', () => {
  it('activates when a LaTeX file opens and contributes its commands', async () => {
    const doc = await vscode.workspace.openTextDocument(workspaceFile('paper.tex'));
    await vscode.window.showTextDocument(doc);
    const ext = vscode.extensions.all.find((e) => e.packageJSON.name === 'citescribe');
    assert.ok(ext, 'extension is installed in the host');
    await ext!.activate();
    assert.equal(ext!.isActive, true);
    const commands = await vscode.commands.getCommands(true);
    for (const id of ext!.packageJSON.contributes.commands.map((c: { command: string }) => c.command)) {
      assert.ok(commands.includes(id), `${id} is registered`);
    }
    console.log(`[extension host] uiKind=${vscode.env.uiKind} remoteName=${vscode.env.remoteName} ${path.basename(doc.fileName)}`);
    await screenshot('01-activated');
  });
});
