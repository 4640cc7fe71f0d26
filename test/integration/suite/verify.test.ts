// Verify References in the real host, against the verify benchmark's stand-in for OpenAlex and Crossref on
// 127.0.0.1: nothing sent before consent; a warning on the invented entry and information on the one whose year is
// wrong; the quick fix rewrites the entry as one edit and one undo restores it; editing a flagged entry clears its
// diagnostic. The .bib is a copy of test/fixtures/verify/references.bib outside the workspace, so the library the
// other suites count is untouched.
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as http from 'http';
import type { AddressInfo } from 'net';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { startStandIn, type StandIn } from '../../../src/core/verify/benchmark/standin-server';
import type { TrueWork } from '../../../src/core/verify/benchmark/truth';
import type { VerifyReport } from '../../../src/core/verify/verify';
import { readyLibrary } from './api';
import { clickNotificationButton, scratchDocument, screenshot, sleep, waitFor, webviewAction } from './helpers';

const WORKS: TrueWork[] = [
  { id: 1, title: 'Lichen Growth Rates on Coastal Granite', authors: [{ given: 'Ines', family: 'Duarte' }, { given: 'Tomasz', family: 'Wróbel' }], year: 2018, onlineYear: 2018, venue: 'Journal of Imaginary Lichenology', venueKind: 'journal', doi: '10.5555/lichen.2018.4' },
  // The workspace library's zhu2017unpaired, as a service would hold it (the entry has no DOI: found by title).
  {
    id: 3,
    title: 'Unpaired Image-to-Image Translation with Cycle-Consistent Adversarial Networks',
    authors: [{ given: 'Jun-Yan', family: 'Zhu' }, { given: 'Taesung', family: 'Park' }, { given: 'Phillip', family: 'Isola' }, { given: 'Alexei A.', family: 'Efros' }],
    year: 2017,
    onlineYear: 2017,
    venue: 'Proceedings of the International Conference on Computer Vision',
    venueKind: 'proceedings',
    doi: '10.5555/cyclegan.17',
  },
  { id: 2, title: 'Acoustic Mapping of Estuary Eel Migration', authors: [{ given: 'Sofia', family: 'Marchetti' }], year: 2020, onlineYear: 2020, venue: 'Proceedings of the Estuary Workshop', venueKind: 'proceedings', doi: '10.5555/eels.20' },
];

const ours = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'CiteScribe verify');
const keyOf = (doc: vscode.TextDocument, d: vscode.Diagnostic) => doc.getText(d.range);

describe('Verify References in the editor', () => {
  let standIn: StandIn;
  let dir: string;
  let bibFile: string;
  const config = () => vscode.workspace.getConfiguration('citescribe');

  before(async () => {
    standIn = await startStandIn(WORKS);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-it-verify-'));
    bibFile = path.join(dir, 'references.bib');
    fs.copyFileSync(path.join(process.env.CITESCRIBE_REPO_ROOT!, 'test', 'fixtures', 'verify', 'references.bib'), bibFile);
    await config().update('enrich.endpoints', { openalex: standIn.endpoints.openalex, crossref: standIn.endpoints.crossref }, vscode.ConfigurationTarget.Global);
    await config().update('enrich.sources', ['openalex', 'crossref'], vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const key of ['enrich.endpoints', 'enrich.sources', 'enrich.online', 'verify.sources']) await config().update(key, undefined, vscode.ConfigurationTarget.Global);
    await standIn.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends nothing while online lookups are off and the consent is not given', async () => {
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(bibFile));
    // Off by default: the consent is a modal dialog, which the test window refuses.
    const report = await vscode.commands.executeCommand<VerifyReport | undefined>('citescribe.verifyReferences');
    assert.equal(report, undefined);
    assert.equal(standIn.requests, 0);
  });

  it('stops when the notification\'s Cancel is clicked, keeping the verdicts reached so far', async () => {
    await config().update('enrich.online', true, vscode.ConfigurationTarget.Global);
    // In front of the stand-in: every request passes, but OpenAlex's title search for the third entry never answers.
    const hung: http.ServerResponse[] = [];
    const proxy = http.createServer((req, res) => {
      if (/Quantum/.test(decodeURIComponent(req.url ?? ''))) return void hung.push(res);
      const upstream = http.request(new URL(req.url ?? '/', standIn.url), { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    try {
      await config().update('enrich.endpoints', { openalex: standIn.endpoints.openalex.replace(standIn.url, base), crossref: standIn.endpoints.crossref }, vscode.ConfigurationTarget.Global);
      const doc = await vscode.workspace.openTextDocument(bibFile);
      await vscode.window.showTextDocument(doc);
      await vscode.commands.executeCommand('notifications.clearAll');
      const running = vscode.commands.executeCommand<VerifyReport>('citescribe.verifyReferences', doc.uri);
      await waitFor('the hanging request sent', () => hung.length > 0 || undefined);
      await vscode.commands.executeCommand('notifications.showList');
      await sleep(300); // the list's slide-in, for the screenshot only
      await screenshot('verify-00-progress');
      await clickNotificationButton('verify-cancel', 'Cancel', 'verifying references');
      const report = await running;
      assert.equal(report.cancelled, true);
      assert.deepEqual(report.notChecked, ['duarte2021moss']);
      assert.deepEqual(report.entries.map((e) => `${e.key}:${e.verdict}`), ['duarte2016lichen:mismatch', 'marchetti2020eels:verified']);
      assert.deepEqual(ours(doc.uri).map((d) => keyOf(doc, d)), ['duarte2016lichen']);
      await vscode.commands.executeCommand('notifications.clearAll');
    } finally {
      for (const res of hung) res.destroy();
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
      await config().update('enrich.endpoints', { openalex: standIn.endpoints.openalex, crossref: standIn.endpoints.crossref }, vscode.ConfigurationTarget.Global);
    }
  });

  it('flags the invented entry and the wrong year on the .bib; the quick fix rewrites the entry, one undo restores it', async () => {
    await config().update('enrich.online', true, vscode.ConfigurationTarget.Global);
    const doc = await vscode.workspace.openTextDocument(bibFile);
    await vscode.window.showTextDocument(doc);
    const original = doc.getText();
    const report = await vscode.commands.executeCommand<VerifyReport>('citescribe.verifyReferences');
    assert.deepEqual(report.counts, { verified: 1, mismatch: 1, 'not-found': 1, unverifiable: 0 }, report.entries.map((e) => `${e.key}: ${e.evidence}`).join('\n'));
    assert.ok(standIn.requests > 0);

    const diagnostics = ours(doc.uri).sort((a, b) => a.range.start.line - b.range.start.line);
    assert.deepEqual(diagnostics.map((d) => [keyOf(doc, d), d.severity]), [
      ['duarte2016lichen', vscode.DiagnosticSeverity.Information],
      ['duarte2021moss', vscode.DiagnosticSeverity.Warning],
    ]);
    assert.match(diagnostics[0].message, /year: 2016 vs 2018 \(OpenAlex, by DOI\)/);
    assert.match(diagnostics[1].message, /possibly invented.*no record of “Quantum Sensing of Moss Carpets in Alpine Bogs” in OpenAlex .*Crossref/);

    const editor = vscode.window.activeTextEditor!;
    editor.selection = new vscode.Selection(diagnostics[0].range.start, diagnostics[0].range.start);
    await vscode.commands.executeCommand('workbench.actions.view.problems');
    await screenshot('verify-01-diagnostics');

    // The report panel lists every entry; a click on a key shows that entry in the .bib.
    // The panel loads its page after the run: wait on its summary, which it draws from the report.
    const summary = await webviewAction('verify-summary', { action: 'text', selector: '[data-testid="verify-summary"]' });
    assert.equal(summary, 'references.bib: 3 entries · 1 possibly invented · 1 differ · 0 unverifiable · 1 verified');
    await screenshot('verify-02-report-panel');
    await webviewAction('verify-reveal', { action: 'click', selector: 'button[aria-label="Go to duarte2021moss in references.bib"]' });
    await waitFor('the invented entry revealed', () => {
      const active = vscode.window.activeTextEditor;
      return active?.document.uri.fsPath === bibFile && active.document.getText(active.selection) === 'duarte2021moss' ? true : undefined;
    });

    // No rewrite is offered from nothing: the invented entry has no record.
    const onInvented = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, diagnostics[1].range);
    assert.equal(onInvented.filter((a) => /^Rewrite entry/.test(a.title)).length, 0);

    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, diagnostics[0].range);
    const rewrite = actions.find((a) => a.title === 'Rewrite entry from OpenAlex record');
    assert.ok(rewrite?.edit, `actions: ${actions.map((a) => a.title).join(' | ')}`);
    assert.ok(await vscode.workspace.applyEdit(rewrite.edit));
    // Only the year changed, written as the file writes it; everything else is as it was.
    assert.equal(doc.getText(), original.replace('  year    = {2016},', '  year    = {2018},'));
    await waitFor('the rewritten entry\'s diagnostic cleared', () => (ours(doc.uri).length === 1 ? true : undefined));
    assert.equal(keyOf(doc, ours(doc.uri)[0]), 'duarte2021moss');
    await screenshot('verify-03-after-quick-fix');

    await vscode.commands.executeCommand('undo');
    assert.equal(doc.getText(), original);
  });

  it('verifies the entries a LaTeX document cites, from the library\'s .bib files', async () => {
    await readyLibrary();
    await scratchDocument('latex', 'Cycles \\cite{zhu2017unpaired} and a key the library lacks \\cite{nowhere2020missing}.\n');
    const report = await vscode.commands.executeCommand<VerifyReport>('citescribe.verifyReferences');
    assert.deepEqual(report.entries.map((e) => `${e.key}:${e.verdict}:${path.basename(e.file ?? '')}`), ['zhu2017unpaired:verified:refs.bib'], report.entries.map((e) => e.evidence).join('\n'));
    assert.match(report.problems.join('\n'), /nowhere2020missing is not in the library's \.bib files/);
    assert.equal(ours(vscode.Uri.file(report.entries[0].file!)).length, 0, 'a verified entry gets no diagnostic');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('clears an entry\'s diagnostic when the entry is edited, and keeps the others on their entries', async () => {
    const doc = await vscode.workspace.openTextDocument(bibFile);
    const editor = await vscode.window.showTextDocument(doc);
    // Verified again by its URI (as from the explorer): the quick-fixed, then restored entry is flagged again.
    const report = await vscode.commands.executeCommand<VerifyReport | undefined>('citescribe.verifyReferences', doc.uri);
    assert.ok(report, 'the verify run ended with a report');
    assert.deepEqual(ours(doc.uri).map((d) => keyOf(doc, d)).sort(), ['duarte2016lichen', 'duarte2021moss']);
    // A line added above both entries moves them; an edit inside the invented entry clears only its diagnostic.
    await editor.edit((b) => b.insert(new vscode.Position(0, 0), '% checked\n'));
    await waitFor('diagnostics moved with their entries', () => (ours(doc.uri).map((d) => keyOf(doc, d)).sort().join() === 'duarte2016lichen,duarte2021moss' ? true : undefined));
    const at = doc.positionAt(doc.getText().indexOf('Quantum Sensing'));
    await editor.edit((b) => b.replace(new vscode.Range(at, at.translate(0, 'Quantum'.length)), 'Optical'));
    await waitFor('the edited entry\'s diagnostic cleared', () => (ours(doc.uri).map((d) => keyOf(doc, d)).join() === 'duarte2016lichen' ? true : undefined));
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('asks DBLP, which Find Abstracts Online cannot, when citescribe.verify.sources names it', async () => {
    await config().update('enrich.online', true, vscode.ConfigurationTarget.Global);
    await config().update('enrich.endpoints', { dblp: standIn.endpoints.dblp }, vscode.ConfigurationTarget.Global);
    await config().update('verify.sources', ['dblp'], vscode.ConfigurationTarget.Global);
    try {
      const report = await vscode.commands.executeCommand<VerifyReport | undefined>('citescribe.verifyReferences', vscode.Uri.file(bibFile));
      assert.ok(report, 'the verify run ended with a report');
      const eels = report.entries.find((e) => e.key === 'marchetti2020eels');
      assert.equal(eels?.verdict, 'verified', report.entries.map((e) => `${e.key}: ${e.evidence}`).join('\n'));
      assert.match(eels!.evidence, /DBLP/);
    } finally {
      await config().update('verify.sources', undefined, vscode.ConfigurationTarget.Global);
      await config().update('enrich.endpoints', { openalex: standIn.endpoints.openalex, crossref: standIn.endpoints.crossref }, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });
});
