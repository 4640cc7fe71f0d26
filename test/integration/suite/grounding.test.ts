// Grounding in the real host: the status bar's count for the open paper, Find Abstracts Online against a local
// stand-in for OpenAlex (consent, progress, cancel, no request while it is off), the hover naming the source,
// Zotero's abstract and PDF, the .bib code action, and a draft scoped to the section at the cursor.
// Runs last: it grounds notitle2019, which the earlier suites use as the library's title-only work.
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { readyLibrary, openInEditor } from './api';
import { clickNotificationButton, inspectWebviews, scratchDocument, screenshot, sleep, waitFor, workspaceFile } from './helpers';
import { startScholarlyServer, tinyPdf, type ScholarlyServer } from '../../support/scholarly-server';
import { buildZoteroDataDir } from '../../support/zotero-fixture';
import type { EnrichReport } from '../../../src/core/enrich/enrich';

const NOTITLE_ABSTRACT = 'This work is known to the library by its title alone until an abstract is found for it online.';

describe('Grounding: Zotero, online abstracts, scoped drafts', () => {
  let server: ScholarlyServer;
  const config = () => vscode.workspace.getConfiguration('citescribe');

  before(async () => {
    server = await startScholarlyServer([
      { title: 'A work known only by its title', year: 2019, authors: ['Anne Nobody'], abstract: NOTITLE_ABSTRACT },
    ]);
    await config().update('enrich.endpoints', server.endpoints, vscode.ConfigurationTarget.Global);
    await config().update('enrich.sources', ['openalex'], vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    for (const key of ['enrich.endpoints', 'enrich.sources', 'enrich.online', 'zotero.dataDirectory']) await config().update(key, undefined, vscode.ConfigurationTarget.Global);
    await server.close();
  });

  it('shows how many cited works are grounded, and makes no request while online lookups are off', async () => {
    const api = await readyLibrary();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await openInEditor('paper.tex');
    // paper.tex cites 8 keys: notitle2019 is title-only and missing2021 is not in the library.
    await waitFor('the grounding item', () => api.grounding.text === '$(warning) 6/8 grounded' || undefined);
    await screenshot('17-grounding-status-bar');
    // Off by default: the consent is a modal dialog, which the test window refuses, so nothing is sent.
    const report = await vscode.commands.executeCommand<EnrichReport | undefined>('citescribe.findAbstractsOnline');
    assert.equal(report, undefined);
    assert.equal(server.requests.length, 0, 'no request at all while citescribe.enrich.online is off');
  });

  it('finds the title-only work\'s abstract online with cancellable progress; the hover says where it came from', async () => {
    const api = await readyLibrary();
    await vscode.commands.executeCommand('notifications.clearAll');
    await config().update('enrich.online', true, vscode.ConfigurationTarget.Global);
    // First a run the user cancels: OpenAlex hangs, the notification's Cancel ends it.
    server.faults.set('/openalex/', { kind: 'hang' });
    const cancelled = vscode.commands.executeCommand<EnrichReport>('citescribe.findAbstractsOnline', { keys: ['notitle2019'] });
    await waitFor('the request sent', () => server.requests.length > 0 || undefined);
    // Test windows keep toasts quiet: the progress notification is in the notification centre.
    await vscode.commands.executeCommand('notifications.showList');
    await sleep(500);
    await screenshot('18-enrich-progress');
    await clickNotificationButton('enrich-cancel', 'Cancel', 'finding abstracts online');
    const first = await cancelled;
    assert.equal(first.cancelled, true);
    assert.equal(api.library.getPaper('notitle2019')!.abstract, undefined);

    server.faults.clear();
    const report = await vscode.commands.executeCommand<EnrichReport>('citescribe.findAbstractsOnline', { keys: ['notitle2019'] });
    assert.deepEqual(report.found.map((f) => `${f.key}:${f.source}:${f.matchedBy}`), ['notitle2019:openalex:title']);
    for (const r of server.requests) assert.match(r.userAgent, /^CiteScribe\//);
    await waitFor('the grounding item updated', () => api.grounding.text === '$(book) 7/8 grounded' || undefined);

    const editor = await openInEditor('paper.tex');
    const at = editor.document.positionAt(editor.document.getText().indexOf('notitle2019') + 2);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, at);
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : (c as vscode.MarkdownString).value))).join('\n');
    assert.match(text, /Abstract from OpenAlex, \d{4}-\d{2}-\d{2} \(matched by title\)/);
    editor.selection = new vscode.Selection(at, at);
    await vscode.commands.executeCommand('editor.action.showHover');
    await sleep(800);
    await screenshot('19-hover-abstract-source');
  });

  it('takes an abstract and a PDF from a Zotero library, and writes the abstract into the .bib as one edit', async () => {
    const api = await readyLibrary();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-it-zotero-'));
    const zotero = buildZoteroDataDir(path.join(dir, 'Zotero'), [
      {
        key: 'NTTL2345',
        title: 'A Work Known Only by Its Title',
        abstract: 'Zotero holds the abstract of this work, which the .bib file lacks, and a PDF of it in its storage.',
        date: '2019',
        creators: [['Anne', 'Nobody']],
        pdf: { key: 'PDFA2345', fileName: 'Nobody - 2019.pdf', bytes: tinyPdf('A Work Known Only by Its Title') },
      },
    ]);
    await config().update('zotero.dataDirectory', zotero, vscode.ConfigurationTarget.Global);
    const report = await vscode.commands.executeCommand<{ matched: Record<string, number>; abstracts: number; pdfs: number }>('citescribe.readZotero');
    assert.deepEqual(report.matched, { 'citation-key': 0, doi: 0, title: 1 });
    const paper = api.library.getPaper('notitle2019')!;
    assert.equal(paper.abstractSource?.source, 'zotero');
    assert.equal(paper.pdfPath, path.join(zotero, 'storage', 'PDFA2345', 'Nobody - 2019.pdf'));

    const bib = await vscode.workspace.openTextDocument(workspaceFile('refs.bib'));
    await vscode.window.showTextDocument(bib);
    const inEntry = bib.positionAt(bib.getText().indexOf('Anne'));
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', bib.uri, new vscode.Range(inEntry, inEntry));
    const write = actions.find((a) => /^Write abstract into \.bib \(from Zotero, /.test(a.title));
    assert.ok(write?.edit, `actions: ${actions.map((a) => a.title).join(' | ')}`);
    assert.ok(await vscode.workspace.applyEdit(write.edit));
    assert.match(bib.getText(), /title {2}= \{A Work Known Only by Its Title\},\n {2}year {3}= \{2019\},\n {2}abstract = \{Zotero holds the abstract of this work/);
    await vscode.commands.executeCommand('undo');
    assert.doesNotMatch(bib.getText(), /Zotero holds the abstract/);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('drafts from the keys of the section at the cursor, and the panel says so', async () => {
    const api = await readyLibrary();
    const doc = await scratchDocument(
      'latex',
      '\\section{Introduction}\nImage synthesis \\cite{goodfellow2014generative} and pairs \\cite{isola2017image}.\n' +
        '\\section{Related Work}\n\\subsection{Unpaired translation}\nCycles \\cite{zhu2017unpaired} and shared latents \\cite{liu2017unit}.\n' +
        '\\section{Experiments}\nWe compare with \\cite{huang2018munit}.\n',
    );
    await vscode.commands.executeCommand('notifications.clearAll');
    const editor = vscode.window.activeTextEditor!;
    const inRelated = doc.positionAt(doc.getText().indexOf('Cycles'));
    editor.selection = new vscode.Selection(inRelated, inRelated);
    const draft = await vscode.commands.executeCommand<{ citedKeys: string[] }>('citescribe.draftRelatedWork');
    assert.deepEqual([...draft.citedKeys].sort(), ['liu2017unit', 'zhu2017unpaired']);
    const { frames } = await inspectWebviews('grounding-draft-scope');
    const panel = frames.map((f) => f.text ?? '').join('\n');
    assert.match(panel, /From section “Related Work”: 2 of 5 cited keys · use all 5 keys of the document/);
    await screenshot('20-draft-scoped-to-section');
    assert.equal(api.grounding.text, '$(book) 5/5 grounded');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
