import { strict as assert } from 'assert';
import * as http from 'http';
import type { AddressInfo } from 'net';
import * as vscode from 'vscode';
import { readyLibrary, openInEditor } from './api';
import { inspectWebviews, screenshot, waitFor, webviewAction } from './helpers';
import { parseCitations } from '../../../src/core/cites';

describe('Draft panel', () => {
  it('drafts from the document keys, takes an edit, inserts as one edit that one Undo reverts', async () => {
    const api = await readyLibrary();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const editor = await openInEditor('paper.tex');
    const doc = editor.document;
    const original = doc.getText();
    // Select the placeholder paragraph of the related-work section: the draft replaces it.
    const line = original.split('\n').findIndex((l) => l.startsWith('Placeholder paragraph'));
    editor.selection = new vscode.Selection(line, 0, line, doc.lineAt(line).text.length);

    await vscode.commands.executeCommand('citescribe.openDraftPanel');
    await api.draftView.ready;
    // The library's JabRef group is offered as a one-click key set.
    assert.equal(await webviewAction('draft-groups', { action: 'count', selector: '[data-testid="group-Unpaired translation"]' }), 1);
    await webviewAction('draft-use-keys', { action: 'click', selector: '[data-testid="use-document-keys"]' });
    await webviewAction('draft-wait-keys', { action: 'count', selector: '[data-testid="key-checkbox-zhu2017unpaired"]' });
    await webviewAction('draft-generate', { action: 'click', selector: '[data-testid="generate"]' });
    const state = await waitFor('a generated draft', () => api.draftView.savedState?.draft, 30_000);
    const knownKeys = ['goodfellow2014generative', 'isola2017image', 'zhu2017unpaired', 'liu2017unit', 'huang2018munit', 'taigman2017unsupervised', 'notitle2019'];
    for (const key of knownKeys) assert.ok(state.citedKeys.includes(key), `draft cites ${key}`);
    assert.ok(!state.citedKeys.includes('missing2021'), 'the unknown key is never written');
    await screenshot('06-draft-panel');

    // "Regenerate sentence" on the title-only work: nothing else to say, the sentence stays and the panel is free again.
    const sentences = state.paragraphs.flatMap((p, pi) => p.sentences.map((s, si) => ({ s, pi, si })));
    const titleOnly = sentences.find(({ s }) => s.role === 'work' && s.keys[0] === 'notitle2019');
    assert.ok(titleOnly, 'the title-only work has a sentence');
    await webviewAction('draft-regenerate-title-only', { action: 'click', selector: `[data-testid="regenerate-sentence-${titleOnly.pi}-${titleOnly.si}"]` });
    // The progress row hides again once the extension has answered (the action waits until the selector matches).
    await webviewAction('draft-regenerate-answered', { action: 'count', selector: '[data-testid="progress"][hidden]' });
    assert.equal(api.draftView.savedState?.draft?.paragraphs[titleOnly.pi].sentences[titleOnly.si].text, titleOnly.s.text);
    // On a work with an abstract: another sentence of that work, still citing it.
    const at = sentences.find(({ s }) => s.role === 'work' && s.keys.length === 1 && s.sources.some((src) => src.section !== 'title'));
    assert.ok(at, 'the draft has a sentence about one work');
    const before = at.s;
    await webviewAction('draft-regenerate-sentence', { action: 'click', selector: `[data-testid="regenerate-sentence-${at.pi}-${at.si}"]` });
    const regenerated = await waitFor('a regenerated sentence', () => {
      const now = api.draftView.savedState?.draft?.paragraphs[at.pi].sentences[at.si];
      return now && now.text !== before.text ? now : undefined;
    }, 10_000);
    assert.deepEqual(regenerated.keys, before.keys);
    assert.ok(regenerated.text.includes(`{${before.keys[0]}}`), `the new sentence cites ${before.keys[0]}: ${regenerated.text}`);
    const newSources = regenerated.sources.filter((src) => src.section !== 'title').map((src) => src.text);
    assert.ok(newSources.length && newSources.every((t) => !before.sources.some((b) => b.text === t)), 'written from another source sentence');

    // The author rewrites the first sentence of the first paragraph in the panel.
    const edited = 'Adversarial image synthesis is the common ground of all these works \\cite{goodfellow2014generative}.';
    await webviewAction('draft-edit', { action: 'fill', selector: '[data-testid="sentence-text-0-0"]', text: edited });
    await webviewAction('draft-blur', { action: 'press', selector: '[data-testid="sentence-text-0-0"]', key: 'Tab' });
    await waitFor('the edit to reach the extension', () => api.draftView.savedState?.draft?.paragraphs[0].sentences[0].text === edited, 10_000);

    await webviewAction('draft-insert', { action: 'click', selector: '[data-testid="insert"]' });
    await waitFor('the draft in the document', () => doc.getText().includes(edited), 10_000);
    const after = doc.getText();
    const cited = new Set(parseCitations(after, 'latex').flatMap((c) => c.keys.map((k) => k.key)));
    for (const key of knownKeys) assert.ok(cited.has(key), `the document cites ${key} after the insert`);
    assert.ok(!after.includes('Placeholder paragraph'), 'the selected placeholder was replaced');
    const info = await inspectWebviews('draft-panel');
    const problems = info.consoleErrors.filter((e) => /Content Security Policy|Refused to|Uncaught/i.test(e.text));
    assert.deepEqual(problems, [], 'no CSP violations or uncaught errors in the panel');
    await screenshot('07-draft-inserted');

    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('undo');
    await waitFor('one Undo to restore the original', () => doc.getText() === original, 10_000);
    assert.equal(doc.getText(), original);
  });

  it('stops a sentence regeneration when Cancel names it, and answers with that request id', async function () {
    this.timeout(60_000);
    const api = await readyLibrary();
    // A server that accepts the request and never answers: only Cancel can end the regeneration.
    const pending: http.ServerResponse[] = [];
    const server = http.createServer((_req, res) => void pending.push(res));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const config = vscode.workspace.getConfiguration('citescribe');
    await config.update('server.url', `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, vscode.ConfigurationTarget.Global);
    await config.update('server.model', 'never-answers', vscode.ConfigurationTarget.Global);
    // What the panel sends, through the same untrusted-message path: its state (engine: server), a regeneration,
    // then Cancel for that request.
    const panel = api.draftView as unknown as { onMessage(msg: unknown): Promise<void> };
    const state = api.draftView.savedState!;
    try {
      await panel.onMessage({ type: 'stateChanged', state: { ...state, settings: { ...state.settings, engine: 'server' } } });
      const regenerating = panel.onMessage({ type: 'regenerateSentence', id: 'r900', paragraph: 0, sentence: 0 });
      await waitFor('the request to reach the server', () => pending.length > 0 || undefined, 20_000);
      const cancelledAt = Date.now();
      await panel.onMessage({ type: 'cancel', id: 'r900' });
      await regenerating;
      assert.deepEqual(api.draftView.lastPosted, { type: 'cancelled', requestId: 'r900' });
      assert.ok(Date.now() - cancelledAt < 5_000, 'stopped at Cancel, not at the server timeout');
      assert.equal(api.draftView.savedState?.draft?.paragraphs[0].sentences[0].text, state.draft?.paragraphs[0].sentences[0].text, 'the sentence is as it was');
    } finally {
      await panel.onMessage({ type: 'stateChanged', state });
      await config.update('server.url', undefined, vscode.ConfigurationTarget.Global);
      await config.update('server.model', undefined, vscode.ConfigurationTarget.Global);
      for (const res of pending) res.destroy();
      server.close();
    }
  });
});
