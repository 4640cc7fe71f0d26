import { strict as assert } from 'node:assert';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describeModel, discoverServers } from '../../../src/core/models/discovery';
import { main } from '../../../src/cli/main';
import { refusedUrl } from '../../support/scholarly-server';

/** A stand-in answering GET routes with fixed JSON, as the documented APIs do; everything else 404. */
async function jsonServer(routes: Record<string, unknown>): Promise<{ url: string; hits: string[]; close(): Promise<void> }> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    const body = routes[req.url ?? ''];
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
    res.end(body === undefined ? '{"error":"not found"}' : JSON.stringify(body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits, close: () => new Promise((r) => server.close(() => r())) };
}

// Ollama's GET /api/tags, as documented (names and numbers made up).
const OLLAMA_TAGS = {
  models: [
    { name: 'llama3.2:3b', model: 'llama3.2:3b', size: 2019393189, digest: 'a80c', details: { format: 'gguf', family: 'llama', parameter_size: '3.2B', quantization_level: 'Q4_K_M' } },
    { name: 'qwen2.5:7b-instruct', model: 'qwen2.5:7b-instruct', size: 4683087332, details: { parameter_size: '7.6B', quantization_level: 'Q4_K_M' } },
  ],
};

describe('local model server discovery', function () {
  it('finds Ollama by /api/tags and OpenAI-compatible servers by /v1/models, with sizes and context lengths', async () => {
    const ollama = await jsonServer({ '/api/tags': OLLAMA_TAGS });
    const vllm = await jsonServer({ '/v1/models': { object: 'list', data: [{ id: 'meta-llama/Llama-3.1-8B-Instruct', object: 'model', max_model_len: 8192 }] } });
    const llamacpp = await jsonServer({ '/v1/models': { object: 'list', data: [{ id: 'phi-3-mini.gguf', object: 'model', meta: { n_ctx_train: 4096, size: 2300000000 } }] } });
    const dead = await refusedUrl();
    try {
      const servers = await discoverServers({
        probes: [
          { kind: 'ollama', url: ollama.url },
          { kind: 'vllm', url: `${vllm.url}/v1` },
          { kind: 'lmstudio', url: `${dead}/v1` },
        ],
        urls: [llamacpp.url, `${dead}/v1`],
      });
      assert.deepEqual(
        servers.map((s) => [s.kind, s.baseUrl, s.models.map((m) => m.id), s.error ?? '']),
        [
          ['ollama', `${ollama.url}/v1`, ['llama3.2:3b', 'qwen2.5:7b-instruct'], ''],
          ['vllm', `${vllm.url}/v1`, ['meta-llama/Llama-3.1-8B-Instruct'], ''],
          // A configured URL is asked as Ollama first, then as an OpenAI-compatible server.
          ['openai', `${llamacpp.url}/v1`, ['phi-3-mini.gguf'], ''],
          // A configured URL that does not answer is listed with why; an unanswered default place is not listed.
          ['openai', `${dead}/v1`, [], 'ECONNREFUSED'],
        ],
      );
      assert.equal(describeModel(servers[0].models[0]), '2.0 GB · 3.2B · Q4_K_M');
      assert.equal(describeModel(servers[1].models[0]), '8,192 tokens');
      assert.equal(describeModel(servers[2].models[0]), '2.3 GB · 4,096 tokens');
      assert.deepEqual(llamacpp.hits, ['/api/tags', '/v1/models']);
    } finally {
      await Promise.all([ollama.close(), vllm.close(), llamacpp.close()]);
    }
  });

  it('a server that never answers costs the timeout, not more', async () => {
    const hang = http.createServer(() => undefined);
    await new Promise<void>((r) => hang.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(hang.address() as AddressInfo).port}`;
    try {
      const t0 = Date.now();
      const servers = await discoverServers({ probes: [], urls: [url], timeoutMs: 200 });
      assert.ok(Date.now() - t0 < 1500);
      assert.match(servers[0].error!, /no answer within 200 ms/);
    } finally {
      hang.closeAllConnections();
      await new Promise<void>((r) => hang.close(() => r()));
    }
  });

  it('citescribe models lists the servers that answer, with the flags to use each model', async () => {
    const ollama = await jsonServer({ '/api/tags': OLLAMA_TAGS });
    const out: string[] = [];
    try {
      const code = await main(['models', '--url', ollama.url, '--timeout', '300'], { out: (l) => out.push(l), err: () => undefined, packageRoot: '.' });
      assert.equal(code, 0);
      const text = out.join('\n');
      assert.match(text, /^default {4}model-free/m);
      assert.match(text, new RegExp(`server {5}Ollama at ${ollama.url}/v1 — 2 model\\(s\\)`));
      assert.match(text, new RegExp(`llama3\\.2:3b  \\(2\\.0 GB · 3\\.2B · Q4_K_M\\)  → --engine server --url ${ollama.url}/v1 --model llama3\\.2:3b`));
    } finally {
      await ollama.close();
    }
  });

  it('citescribe models stops a model list without end at its byte cap, and says so', async () => {
    let sent = 0;
    const endless = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"models":[');
      const entry = JSON.stringify({ name: 'x'.repeat(200), size: 1 }) + ',';
      const more = () => {
        while (!res.destroyed && res.write(entry.repeat(100))) sent += entry.length * 100;
        if (!res.destroyed) res.once('drain', more);
      };
      more();
    });
    await new Promise<void>((r) => endless.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(endless.address() as AddressInfo).port}`;
    const out: string[] = [];
    const err: string[] = [];
    try {
      const code = await main(['models', '--url', url, '--timeout', '10000'], { out: (l) => out.push(l), err: (l) => err.push(l), packageRoot: '.' });
      assert.equal(code, 0);
      assert.match(out.join('\n'), /passed the 4 MiB cap for a model list; stopped reading/);
      assert.match(err.join('\n'), /^problem: .*passed the 4 MiB cap for a model list/m);
      assert.ok(out.join('\n').length < 10_000, `printed ${out.join('\n').length} characters`);
      await new Promise((r) => setTimeout(r, 100));
      assert.ok(sent < 64 * 1024 * 1024, `the server got ${sent} bytes out before the client hung up`);
    } finally {
      endless.closeAllConnections();
      await new Promise<void>((r) => endless.close(() => r()));
    }
  });

  it('lists at most 1,000 models of a server, and says how many were left out', async () => {
    const models = Array.from({ length: 1500 }, (_, i) => ({ name: `model-${i}:7b`, size: 1e9 }));
    models.push({ name: 'y'.repeat(5000), size: 1 });
    const ollama = await jsonServer({ '/api/tags': { models } });
    const out: string[] = [];
    const err: string[] = [];
    try {
      const servers = await discoverServers({ probes: [{ kind: 'ollama', url: ollama.url }] });
      assert.equal(servers[0].models.length, 1000);
      assert.equal(servers[0].modelsLeftOut, 501);
      assert.equal(await main(['models', '--url', ollama.url, '--timeout', '2000'], { out: (l) => out.push(l), err: (l) => err.push(l), packageRoot: '.' }), 0);
      assert.match(out.join('\n'), /1000 model\(s\) listed, 501 left out/);
      assert.match(err.join('\n'), /problem: .* 501 left out/);
      assert.doesNotMatch(out.join('\n'), /yyyyyyyy/);
    } finally {
      await ollama.close();
    }
  });
});
