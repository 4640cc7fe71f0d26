// An LLM engine's draft in the real host, from a stand-in Ollama on 127.0.0.1 (its OpenAI-compatible /v1 stream):
// written paragraph by paragraph, each sentence judged against the other works of its paragraph; the sentence the
// model credited to the wrong work is replaced by the default engine's and flagged in the panel with the reason, and
// "Regenerate paragraph" asks the model for that paragraph alone, under the same plan line.
import { strict as assert } from 'assert';
import * as http from 'http';
import type { AddressInfo } from 'net';
import * as vscode from 'vscode';
import type { DraftView } from '../../../src/protocol/webview';
import { readyLibrary } from './api';
import { screenshot, waitFor, webviewAction } from './helpers';
import { paragraphReply } from '../../support/paragraph-stand-in';

const KEYS = ['zhu2017unpaired', 'isola2017image', 'taigman2017unsupervised', 'liu2017unit', 'huang2018munit', 'goodfellow2014generative'];

describe('LLM draft in the panel, checked sentence by sentence', () => {
  it('flags the misattributed sentence in the panel with its reason, and regenerates that paragraph alone', async () => {
    const api = await readyLibrary();
    const prompts: string[] = [];
    let misattribute = true;
    const server = http.createServer((req, res) => {
      if (req.url !== '/v1/chat/completions') {
        res.statusCode = 404;
        res.end('{"error":"not found"}');
        return;
      }
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        const prompt = (JSON.parse(raw) as { messages: { content: string }[] }).messages.map((m) => m.content).join('\n');
        prompts.push(prompt);
        const reply = /Plan: paragraph \d+ of \d+/.test(prompt) ? paragraphReply(prompt, misattribute) : 'REF translate images between domains.';
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        for (const w of reply.split(' ')) res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: `${w} ` } }] })}\n\n`);
        res.end('data: [DONE]\n\n');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const config = vscode.workspace.getConfiguration('citescribe');
    await config.update('engine', 'server', vscode.ConfigurationTarget.Global);
    await config.update('server.url', `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, vscode.ConfigurationTarget.Global);
    await config.update('server.model', 'llama3.2:3b', vscode.ConfigurationTarget.Global);
    try {
      await vscode.commands.executeCommand('citescribe.openDraftPanel');
      const view = await vscode.commands.executeCommand<DraftView>('citescribe.draftRelatedWork', { keys: KEYS });
      assert.equal(view.engine, 'server');
      assert.equal(view.paragraphs.length, 2, 'six works, two paragraphs of the plan');
      const paragraphPrompts = prompts.filter((p) => /Plan: paragraph/.test(p));
      // One request per paragraph, in order, and one more for the paragraph whose sentence was misattributed.
      assert.deepEqual(paragraphPrompts.map((p) => /Plan: paragraph (\d) of 2/.exec(p)?.[1]).filter((n, i, all) => all.indexOf(n) === i), ['1', '2']);
      assert.equal(paragraphPrompts.length, 3, paragraphPrompts.map((p) => p.slice(0, 60)).join('\n'));
      assert.ok(paragraphPrompts.some((p) => /Your paragraph had these problems:\n- the sentence "As \[W1\] report, [^"]+" describes \[W2\], not \[W1\]/.test(p)));

      const at = view.paragraphs.flatMap((p, pi) => p.sentences.map((s, si) => ({ s, pi, si }))).find(({ s }) => s.flags?.length);
      assert.ok(at, 'a sentence is flagged');
      const key = at!.s.keys[0];
      assert.match(at!.s.flags![0], new RegExp(`^written by the default engine: the model's sentence citing it failed the attribution check \\(the sentence "As ${key} report, .*" describes \\w+, not ${key}:`));
      assert.equal(await webviewAction('writer-badge', { action: 'text', selector: `[data-testid="check-${at!.pi}-${at!.si}"]` }), '⚠ replaced');
      const note = String(await webviewAction('writer-note', { action: 'text', selector: `[data-testid="check-note-${at!.pi}-${at!.si}"]` }));
      assert.match(note, new RegExp(`describes \\w+, not ${key}: \\w+ says "`));
      // The model's faithful sentences show as supported, with their evidence a click away.
      const supported = view.paragraphs.flatMap((p, pi) => p.sentences.map((s, si) => ({ s, pi, si }))).find(({ s }) => s.keys.length === 1 && s.checks?.[0]?.verdict === 'supported');
      assert.ok(supported, 'a sentence of the model is supported');
      assert.equal(await webviewAction('writer-supported', { action: 'text', selector: `[data-testid="check-${supported!.pi}-${supported!.si}"]` }), '✓ supported');
      // Scrolled to the flagged sentence (a click on its note, as a reader would), for the screenshot.
      await webviewAction('writer-note-shown', { action: 'click', selector: `[data-testid="check-note-${at!.pi}-${at!.si}"]` });
      await screenshot('23-draft-llm-misattribution-flagged');

      // Regenerate the paragraph with the flag: the model now credits each work with its own claim.
      misattribute = false;
      const asked = prompts.length;
      const other = JSON.stringify(view.paragraphs[1 - at!.pi]);
      await webviewAction('writer-regenerate', { action: 'click', selector: `[data-testid="regenerate-paragraph-${at!.pi}"]` });
      const regenerated = await waitFor('the regenerated paragraph', () => {
        const p = api.draftView.savedState?.draft?.paragraphs[at!.pi];
        return p && !p.sentences.some((s) => s.flags?.length) ? p : undefined;
      }, 30_000);
      assert.equal(prompts.length - asked, 1, 'one request: this paragraph, not the draft');
      assert.match(prompts.at(-1)!, new RegExp(`Plan: paragraph ${at!.pi + 1} of 2`));
      assert.deepEqual(regenerated.keys, view.paragraphs[at!.pi].keys);
      assert.ok(regenerated.sentences.some((s) => s.keys.length === 1 && s.keys[0] === key && s.checks?.[0]?.verdict === 'supported'), `${key} has the model's own sentence now`);
      assert.equal(JSON.stringify(api.draftView.savedState?.draft?.paragraphs[1 - at!.pi]), other, 'the other paragraph is untouched');
      const si = regenerated.sentences.findIndex((s) => s.keys.length === 1 && s.keys[0] === key);
      await waitFor('the panel to show it supported', async () => (await webviewAction('writer-regenerated', { action: 'text', selector: `[data-testid="check-${at!.pi}-${si}"]` })) === '✓ supported' || undefined, 10_000);

      // Regenerate that one sentence: the new sentence is judged against its paragraph too, and shows a verdict.
      const before = regenerated.sentences[si].text;
      await webviewAction('writer-regenerate-sentence', { action: 'click', selector: `[data-testid="regenerate-sentence-${at!.pi}-${si}"]` });
      const single = await waitFor('the regenerated sentence', () => {
        const s = api.draftView.savedState?.draft?.paragraphs[at!.pi]?.sentences[si];
        return s && s.text !== before ? s : undefined;
      }, 30_000);
      assert.deepEqual(single.checks?.map((c) => c.key), [key], JSON.stringify(single));
      const badge = await waitFor('the regenerated sentence\'s badge', async () => (await webviewAction('writer-regenerated-sentence', { action: 'text', selector: `[data-testid="check-${at!.pi}-${si}"]` })) || undefined, 10_000);
      assert.match(String(badge), /^(✓|⚠) /);
    } finally {
      for (const k of ['engine', 'server.url', 'server.model']) await config.update(k, undefined, vscode.ConfigurationTarget.Global);
      server.closeAllConnections();
      server.close();
    }
  });
});
