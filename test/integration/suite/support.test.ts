import { strict as assert } from 'assert';
import * as path from 'path';
import * as vscode from 'vscode';
import { readyLibrary } from './api';
import { scratchDocument, screenshot, sleep, typeInWorkbench, waitFor, webviewAction } from './helpers';
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
    // Three paragraphs: each citation is judged alone, by its support in the library.
    const doc = await scratchDocument(
      'latex',
      'A generator and a discriminator are trained against each other in an adversarial process \\cite{goodfellow2014generative}.\n\n' +
        'A generator and a discriminator are trained against each other in an adversarial process \\cite{huang2018munit}.\n\n' +
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

  // Our paragraph on image translation: the last sentence describes MUNIT's content and style codes but cites CycleGAN.
  const SWAPPED_PARAGRAPH =
      'Image-to-image translation has been learned with and without paired examples \\cite{isola2017image, zhu2017unpaired, huang2018munit}.\n' +
      'Conditional adversarial networks learn the mapping from an input image to an output image together with a loss to train it \\cite{isola2017image}.\n' +
      'Without paired examples, a cycle consistency loss asks the round trip to return the input \\cite{zhu2017unpaired}.\n' +
      'An image is decomposed into a content code shared across domains and a style code, and recombining the content code with a sampled style code yields diverse outputs \\citep[see][]{zhu2017unpaired}.\n';

  it('flags a citation swapped inside its paragraph with the work it describes, and its quick fix cites that work (undoable)', async () => {
    await readyLibrary();
    // A second paragraph: one citation, judged alone, with a figure and a benchmark its work does not mention.
    const paragraph = SWAPPED_PARAGRAPH + '\nConditional adversarial networks reach 97.5\\% on the FacadeSet benchmark \\cite{isola2017image}.\n';
    const doc = await scratchDocument('latex', paragraph);
    const checks = await vscode.commands.executeCommand<CitationCheck[]>('citescribe.checkCitations');
    const flagged = checks.filter((c) => c.verdict === 'misattributed');
    assert.deepEqual(flagged.map((c) => [c.key, c.better?.key]), [['zhu2017unpaired', 'huang2018munit']], JSON.stringify(checks.map((c) => [c.key, c.verdict])));
    const [d] = await waitFor('the misattribution in Problems', () => {
      const found = vscode.languages.getDiagnostics(doc.uri).filter((x) => x.code === 'misattributed');
      return found.length ? found : undefined;
    });
    const swappedAt = paragraph.lastIndexOf('zhu2017unpaired');
    assert.equal(doc.offsetAt(d.range.start), swappedAt, 'on the swapped key, not on the right citation of the same work');
    assert.equal(d.severity, vscode.DiagnosticSeverity.Warning);
    assert.match(d.message, /^this sentence describes huang2018munit, not zhu2017unpaired\nhuang2018munit \(\d+%\): abstract: “To translate an image we recombine its content code with a style code/);
    assert.match(d.message, /\nzhu2017unpaired \(\d+%\), its closest sentence: abstract: “/);
    // The related information opens each work's sentence in the .bib.
    assert.deepEqual(d.relatedInformation?.map((r) => [path.basename(r.location.uri.fsPath), r.message.split(':')[0]]), [
      ['refs.bib', 'huang2018munit says this'],
      ['refs.bib', "zhu2017unpaired's closest sentence"],
    ]);
    const [detail] = vscode.languages.getDiagnostics(doc.uri).filter((x) => x.code === 'unsupported-detail');
    assert.equal(detail?.message, 'isola2017image does not mention “97.5%”, “FacadeSet”, which this sentence gives');
    assert.equal(doc.offsetAt(detail.range.start), paragraph.lastIndexOf('isola2017image'));
    const bib = await vscode.workspace.openTextDocument(d.relatedInformation![0].location.uri);
    assert.match(bib.getText(d.relatedInformation![0].location.range), /^To translate an image/);
    await vscode.window.showTextDocument(doc, vscode.ViewColumn.One);
    await vscode.commands.executeCommand('workbench.actions.view.problems');
    await screenshot('17-check-citations-misattributed');

    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, d.range);
    const fix = actions.find((a) => a.title === 'Cite huang2018munit instead of zhu2017unpaired');
    assert.ok(fix, `quick fixes offered: ${actions.map((a) => a.title).join(' | ')}`);
    assert.equal(fix.isPreferred, true);
    const rightCitation = doc.positionAt(paragraph.indexOf('zhu2017unpaired}.\nAn'));
    const elsewhere = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, new vscode.Range(rightCitation, rightCitation));
    assert.ok(!elsewhere.some((a) => a.title.startsWith('Cite ')), 'no swap offered on the right citation of the same work');
    assert.ok(await vscode.workspace.applyEdit(fix.edit!));
    const swapped = paragraph.slice(0, swappedAt) + 'huang2018munit' + paragraph.slice(swappedAt + 'zhu2017unpaired'.length);
    assert.equal(doc.getText(), swapped);
    assert.match(doc.getText(), /\\citep\[see\]\[\]\{huang2018munit\}\.\n\n/);
    await waitFor('the stale mark gone once the text changed', () => !vscode.languages.getDiagnostics(doc.uri).some((x) => x.code === 'misattributed') || undefined);
    await vscode.window.showTextDocument(doc, vscode.ViewColumn.One);
    await vscode.commands.executeCommand('undo');
    await waitFor('the swap undone', () => doc.getText() === paragraph || undefined);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('the Check Citations panel explains the misattribution and its button cites the better work, then shows the new check', async () => {
    await readyLibrary();
    const doc = await scratchDocument('latex', SWAPPED_PARAGRAPH);
    const checks = await vscode.commands.executeCommand<CitationCheck[]>('citescribe.checkCitations');
    const row = checks.findIndex((c) => c.verdict === 'misattributed');
    assert.equal(row, 5, JSON.stringify(checks.map((c) => [c.key, c.verdict])));
    assert.equal(await webviewAction('check-why', { action: 'text', selector: `[data-testid="check-${row}-why"]` }), 'This sentence describes huang2018munit, not zhu2017unpaired.');
    // Playwright scrolls the row into view to click its explanation: the screenshot shows it.
    await webviewAction('check-scroll', { action: 'click', selector: `[data-testid="check-${row}-why"]` });
    await screenshot('18-check-panel-misattributed');
    await webviewAction('check-swap', { action: 'click', selector: `[data-testid="check-${row}-swap"]` });
    await waitFor('the key swapped in the document', () => doc.getText().endsWith('\\citep[see][]{huang2018munit}.\n') || undefined);
    assert.equal(doc.getText().split('zhu2017unpaired').length, SWAPPED_PARAGRAPH.split('zhu2017unpaired').length - 1, 'only the swapped citation changed');
    // The panel checks the document again: the row now cites the work it describes, and no swap is offered.
    await webviewAction('check-rechecked', { action: 'count', selector: `[data-testid="check-${row}"].verdict-supported` });
    assert.equal(await webviewAction('check-row-key', { action: 'text', selector: `[data-testid="check-${row}"] .key` }), 'huang2018munit');
    assert.doesNotMatch(String(await webviewAction('check-row-text', { action: 'text', selector: `[data-testid="check-${row}"]` })), /Cite |describes/);
    await vscode.window.showTextDocument(doc, vscode.ViewColumn.One);
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
