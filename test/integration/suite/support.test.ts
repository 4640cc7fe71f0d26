import { strict as assert } from 'assert';
import * as vscode from 'vscode';
import { readyLibrary } from './api';
import { scratchDocument, screenshot, sleep, typeInWorkbench, waitFor } from './helpers';
import type { Suggestion } from '../../../src/core/suggest/suggest';
import type { CitationCheck } from '../../../src/core/suggest/check';
import { embeddingServer } from '../../support/embedding-server';

describe('Suggest Citation and Check Citations', () => {
  it('suggests the work a sentence is about, with its evidence sentence, and cites the chosen one', async () => {
    await readyLibrary();
    const doc = await scratchDocument('latex', 'We translate images without paired examples, using a cycle consistency loss.\n');
    const editor = vscode.window.activeTextEditor!;
    const beforeDot = doc.positionAt(doc.getText().indexOf('.'));
    editor.selection = new vscode.Selection(beforeDot, beforeDot);
    const suggesting = vscode.commands.executeCommand<Suggestion | undefined>('citescribe.suggestCitation');
    await sleep(1000);
    await screenshot('15-suggest-citation');
    // The user takes the first work of the list.
    await typeInWorkbench('suggest-pick', '', 'Enter');
    const picked = await suggesting;
    assert.equal(picked?.key, 'zhu2017unpaired');
    assert.equal(picked?.evidence.source, 'abstract');
    assert.match(picked!.evidence.text, /without paired examples/);
    await waitFor('the citation inserted', () => doc.getText().includes('loss \\cite{zhu2017unpaired}.') || undefined);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('offers Suggest Citation on a sentence that cites nothing, and not on one that cites', async () => {
    const doc = await scratchDocument('latex', 'Adversarial training made image synthesis practical \\cite{goodfellow2014generative}. A style code sampled from the target domain gives diverse outputs.\n');
    const titles = async (at: string) => {
      const pos = doc.positionAt(doc.getText().indexOf(at));
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, new vscode.Range(pos, pos));
      return actions.map((a) => a.title);
    };
    assert.ok((await titles('style code')).includes('Suggest a citation for this sentence'));
    assert.ok(!(await titles('image synthesis')).includes('Suggest a citation for this sentence'));
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('flags a citation of a work that does not say what the sentence says, and leaves the right one alone', async () => {
    await readyLibrary();
    const doc = await scratchDocument(
      'latex',
      'A generator and a discriminator are trained against each other in an adversarial process \\cite{goodfellow2014generative}.\n' +
        'A generator and a discriminator are trained against each other in an adversarial process \\cite{huang2018munit}.\n' +
        'Nothing is known of this work beyond its title \\cite{notitle2019}.\n',
    );
    const checks = await vscode.commands.executeCommand<CitationCheck[]>('citescribe.checkCitations');
    assert.deepEqual(checks.map((c) => [c.key, c.verdict]), [['goodfellow2014generative', 'supported'], ['huang2018munit', 'weak'], ['notitle2019', 'title-only']]);
    const [weak] = await waitFor('the weak citation in Problems', () => {
      const d = vscode.languages.getDiagnostics(doc.uri).filter((x) => x.code === 'weak-support');
      return d.length ? d : undefined;
    });
    assert.equal(doc.getText(weak.range), 'huang2018munit');
    assert.equal(weak.severity, vscode.DiagnosticSeverity.Information);
    assert.match(weak.message, /^weak support \(\d+%\): the closest sentence in huang2018munit is /);
    assert.match(weak.message, /better match in your library: goodfellow2014generative \(\d+%\): abstract: “.*generator.*”/);
    await vscode.commands.executeCommand('workbench.actions.view.problems');
    await screenshot('16-check-citations-problems');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('with an embedding model set, checks and suggests by meaning too; a failing model leaves today\'s answers and a note', async function () {
    this.timeout(120_000);
    await readyLibrary();
    // Toy vectors: adversarial training is one topic, image translation another.
    const server = await embeddingServer((t) => [/adversar|discriminator|generator/i.test(t) ? 3 : 0.1, /translat|domain|style/i.test(t) ? 3 : 0.1, 1]);
    const config = vscode.workspace.getConfiguration('citescribe');
    const text =
      'A generator and a discriminator are trained against each other in an adversarial process \\cite{goodfellow2014generative}.\n' +
      'A generator and a discriminator are trained against each other in an adversarial process \\cite{huang2018munit}.\n';
    const doc = await scratchDocument('latex', text);
    try {
      const without = await vscode.commands.executeCommand<CitationCheck[]>('citescribe.checkCitations');
      await config.update('embeddings.url', `${server.url}/v1`, vscode.ConfigurationTarget.Global);
      await config.update('embeddings.model', 'toy-embed', vscode.ConfigurationTarget.Global);
      const withModel = await vscode.commands.executeCommand<CitationCheck[]>('citescribe.checkCitations');
      assert.ok(server.bodies.length > 0, 'the embedding server was asked');
      assert.deepEqual(withModel.map((c) => [c.key, c.verdict]), [['goodfellow2014generative', 'supported'], ['huang2018munit', 'weak']]);
      server.failWith = 500;
      await config.update('embeddings.model', 'not-loaded', vscode.ConfigurationTarget.Global);
      const asked = server.bodies.length;
      const fallen = await vscode.commands.executeCommand<CitationCheck[]>('citescribe.checkCitations');
      assert.ok(server.bodies.length > asked, 'the failing server was asked');
      assert.deepEqual(fallen, without, 'a failing model changes nothing');
    } finally {
      await config.update('embeddings.url', undefined, vscode.ConfigurationTarget.Global);
      await config.update('embeddings.model', undefined, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      await server.close();
    }
  });
});
