import { strict as assert } from 'assert';
import * as vscode from 'vscode';
import { readyLibrary, openInEditor } from './api';
import { inspectWebviews, screenshot, waitFor, workspaceFile } from './helpers';
import type { ScorePanel } from '../../../src/extension/scorePanel';

describe('Score panel', () => {
  // The panel object the command returned (the test bundle has its own copy of the module, so no statics).
  let panel: ScorePanel;
  it('scores the related-work section against a reference and shows the numbers', async () => {
    await readyLibrary();
    await openInEditor('draft.tex');
    panel = (await vscode.commands.executeCommand('citescribe.scoreDraft', { referenceUri: vscode.Uri.file(workspaceFile('reference.tex')).toString() })) as ScorePanel;
    assert.ok(panel, 'the command opened a panel');
    const report = await waitFor('a score report', () => panel.lastReport, 20_000);
    // Coverage: the draft cites 3 of the reference's 6 keys, plus one key that is not in the library.
    assert.ok(Math.abs(report.coverage.recall - 3 / 6) < 1e-9, `recall ${report.coverage.recall}`);
    assert.deepEqual(report.coverage.missing.map((m) => m.key).sort(), ['huang2018munit', 'liu2017unit', 'taigman2017unsupervised']);
    assert.deepEqual(report.coverage.unknown.map((u) => u.key), ['unknown2022']);
    assert.equal(report.coverage.unknown[0].line, 3, 'unknown key located on its line of draft.tex');
    assert.ok(report.rouge.rouge1.f > 0.3 && report.rouge.rouge1.f < 1, `ROUGE-1 F ${report.rouge.rouge1.f}`);
    // Two draft paragraphs matched to reference paragraphs; the "Method" section is not part of the draft.
    assert.equal(report.blockMatch.pairs.length, 2);
    const seen = await waitFor('the panel to render the report', async () => {
      const info = await inspectWebviews('score-panel');
      const frame = info.frames.find((f) => f.text?.includes('ROUGE-1'));
      return frame ? info : undefined;
    });
    const text = seen.frames.find((f) => f.text?.includes('ROUGE-1'))!.text!;
    assert.ok(text.includes((report.rouge.rouge1.f * 100).toFixed(1)), 'ROUGE-1 F shown as a percentage');
    assert.ok(text.includes('unknown2022') && text.includes('liu2017unit'));
    const csp = seen.consoleErrors.filter((e) => /Content Security Policy|Refused to/i.test(e.text));
    assert.deepEqual(csp, [], 'no CSP violations');
    await screenshot('05-score-panel');
  });

  it('re-scores when the draft changes', async () => {
    const editor = await openInEditor('draft.tex');
    const before = panel.lastReport!;
    const line = editor.document.getText().split('\n').findIndex((l) => l.includes('unknown2022'));
    await editor.edit((b) => b.insert(new vscode.Position(line, editor.document.lineAt(line).text.length), ' A shared latent space couples two networks \\cite{liu2017unit}.'));
    const after = await waitFor('a new report', () => (panel.lastReport !== before ? panel.lastReport : undefined), 10_000);
    assert.ok(after.coverage.recall > before.coverage.recall, 'citing one more reference key raises recall');
    await vscode.commands.executeCommand('undo');
  });
});
