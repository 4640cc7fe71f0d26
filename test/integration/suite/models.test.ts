// Select Model in the real host: a local stand-in for Ollama (its documented /api/tags, and the OpenAI-compatible
// /v1/chat/completions it also serves) is found through citescribe.server.urls; picking its model sets engine, URL
// and model in one step, and a draft is then written by it.
import { strict as assert } from 'assert';
import * as http from 'http';
import type { AddressInfo } from 'net';
import * as vscode from 'vscode';
import { readyLibrary } from './api';
import { screenshot, sleep, typeInWorkbench, waitFor } from './helpers';

describe('Select Model: local servers', () => {
  it('lists a local Ollama\'s two models; picking one sets engine, URL and model, and it writes the draft', async () => {
    const api = await readyLibrary();
    const asked: string[] = [];
    const server = http.createServer((req, res) => {
      asked.push(`${req.method} ${req.url}`);
      res.setHeader('content-type', 'application/json');
      if (req.url === '/api/tags') {
        res.end(JSON.stringify({ models: [
          { name: 'llama3.2:3b', size: 2019393189, details: { parameter_size: '3.2B', quantization_level: 'Q4_K_M' } },
          { name: 'tinyllama:1.1b', size: 637700138, details: { parameter_size: '1.1B', quantization_level: 'Q4_0' } },
        ] }));
      } else if (req.url === '/v1/chat/completions') {
        res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: 'REF learn a mapping between two image domains without paired examples.' }, finish_reason: 'stop' }] }));
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
      await sleep(800);
      await screenshot('21-select-model-local-servers');
      await typeInWorkbench('select-model-tiny', 'tinyllama', 'Enter');
      assert.equal(await picking, 'server:tinyllama:1.1b');
      const settings = vscode.workspace.getConfiguration('citescribe');
      assert.deepEqual([settings.get('engine'), settings.get('server.url'), settings.get('server.model')], ['server', `${url}/v1`, 'tinyllama:1.1b']);
      await waitFor('the status bar to name the server', () => api.statusBar && api.engines.describe().startsWith('server') || undefined);

      const draft = await vscode.commands.executeCommand<{ citedKeys: string[]; engine: string; paragraphs: { sentences: { text: string }[] }[] }>('citescribe.draftRelatedWork', { keys: ['zhu2017unpaired'] });
      assert.equal(draft.engine, 'server');
      assert.match(draft.paragraphs.flatMap((p) => p.sentences.map((s) => s.text)).join(' '), /without paired examples/);
      assert.ok(asked.includes('POST /v1/chat/completions'));
    } finally {
      for (const key of ['server.urls', 'server.url', 'server.model', 'engine']) await config.update(key, undefined, vscode.ConfigurationTarget.Global);
      server.closeAllConnections();
      server.close();
    }
  });
});
