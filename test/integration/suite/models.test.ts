// Select Model in the real host: a local stand-in for Ollama (its documented /api/tags, and the OpenAI-compatible
// /v1/chat/completions it also serves) is found through citescribe.server.urls; picking its model sets engine, URL
// and model in one step, and a draft is then written by it.
import { strict as assert } from 'assert';
import * as http from 'http';
import type { AddressInfo } from 'net';
import * as vscode from 'vscode';
import { readyLibrary } from './api';
import { screenshot, typeInWorkbench, waitFor, webviewAction } from './helpers';

describe('Select Model: local servers', () => {
  it('lists a local Ollama\'s two models; picking one sets engine, URL and model, and it writes the draft', async () => {
    const api = await readyLibrary();
    const asked: string[] = [];
    // In the second draft, the second paragraph's request never finishes: the author cancels.
    let hangSecondParagraph = false;
    let paragraphsAsked = 0;
    let hungClosed = false;
    const server = http.createServer((req, res) => {
      asked.push(`${req.method} ${req.url}`);
      res.setHeader('content-type', 'application/json');
      if (req.url === '/api/tags') {
        res.end(JSON.stringify({ models: [
          { name: 'llama3.2:3b', size: 2019393189, details: { parameter_size: '3.2B', quantization_level: 'Q4_K_M' } },
          { name: 'tinyllama:1.1b', size: 637700138, details: { parameter_size: '1.1B', quantization_level: 'Q4_0' } },
        ] }));
      } else if (req.url === '/v1/chat/completions') {
        let raw = '';
        req.on('data', (c) => (raw += c));
        req.on('end', () => {
          // Streamed as Ollama's /v1 streams (SSE). A draft's paragraph prompt names its works [W1], [W2] … in its plan
          // line, and the answer cites each by placeholder; a citation sentence's prompt asks for REF.
          const body = JSON.parse(raw) as { stream: boolean; messages: { content: string }[] };
          const prompt = body.messages.map((m) => m.content).join(' ');
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          const plan = /Plan: paragraph \d+ of \d+[^\n]*?citing ([^.]+)\./.exec(prompt);
          if (plan && hangSecondParagraph && ++paragraphsAsked === 2) {
            res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'These works ' } }] })}\n\n`);
            res.on('close', () => (hungClosed = true));
            return;
          }
          const reply = plan
            ? `Image translation needs no pairs ${plan[1]}. [W1] learn a mapping between two image domains without paired examples.`
            : 'REF learn a mapping between two image domains without paired examples.';
          const words = reply.split(' ');
          for (const w of words) res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: `${w} ` } }] })}\n\n`);
          res.end('data: [DONE]\n\n');
        });
        return;
      } else {
        res.statusCode = 404;
        res.end('{"error":"not found"}');
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const config = vscode.workspace.getConfiguration('citescribe');
    await config.update('server.urls', [url], vscode.ConfigurationTarget.Global);
    try {
      const picking = vscode.commands.executeCommand<string | undefined>('citescribe.selectModel');
      await waitFor('the tags asked for', () => asked.includes('GET /api/tags') || undefined);
      await typeInWorkbench('select-model-listed', '', undefined, 'tinyllama:1.1b');
      await screenshot('21-select-model-local-servers');
      await typeInWorkbench('select-model-tiny', 'tinyllama', 'Enter', 'tinyllama:1.1b');
      assert.equal(await picking, 'server:tinyllama:1.1b');
      const settings = vscode.workspace.getConfiguration('citescribe');
      assert.deepEqual([settings.get('engine'), settings.get('server.url'), settings.get('server.model')], ['server', `${url}/v1`, 'tinyllama:1.1b']);
      await waitFor('the status bar to name the server', () => api.statusBar && api.engines.describe().startsWith('server') || undefined);

      const draft = await vscode.commands.executeCommand<{ citedKeys: string[]; engine: string; paragraphs: { sentences: { text: string }[] }[] }>('citescribe.draftRelatedWork', { keys: ['zhu2017unpaired'] });
      assert.equal(draft.engine, 'server');
      assert.match(draft.paragraphs.flatMap((p) => p.sentences.map((s) => s.text)).join(' '), /without paired examples/);
      assert.ok(asked.includes('POST /v1/chat/completions'));

      // A draft of six works in two paragraphs: the finished paragraph shows in the panel, under its keys, while the
      // other is still being written, and Cancel ends the request that is still open.
      hangSecondParagraph = true;
      await vscode.commands.executeCommand('citescribe.openDraftPanel');
      const drafting = vscode.commands.executeCommand<unknown>('citescribe.draftRelatedWork', { keys: ['zhu2017unpaired', 'isola2017image', 'taigman2017unsupervised', 'liu2017unit', 'huang2018munit', 'goodfellow2014generative'] });
      await webviewAction('models-streamed', { action: 'count', selector: '[data-testid^="streamed-"]', timeoutMs: 20_000 });
      assert.match(String(await webviewAction('models-streamed-text', { action: 'text', selector: '[data-testid="streamed"]' })), /\\cite\{[^}]+\}.*learn a mapping between two image domains without paired examples/);
      await screenshot('22-draft-streaming-from-local-server');
      await webviewAction('models-cancel', { action: 'click', selector: '[data-testid="cancel"]' });
      await drafting;
      await waitFor('the open request closed at Cancel', () => hungClosed || undefined, 5_000);
    } finally {
      for (const key of ['server.urls', 'server.url', 'server.model', 'engine']) await config.update(key, undefined, vscode.ConfigurationTarget.Global);
      server.closeAllConnections();
      server.close();
    }
  });
});
