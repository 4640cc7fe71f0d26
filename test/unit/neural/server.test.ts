import { strict as assert } from 'assert';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MemoryLibrary } from '../../../src/core/engine/memory-library';
import { ServerError } from '../../../src/core/neural/errors';
import { chatCompletionsUrl, retryAfterMs, ServerEngine } from '../../../src/core/neural/server';
import { apiKeyFor, decodeStoredApiKey, encodeStoredApiKey, isLoopbackHost } from '../../../src/core/neural/api-key';
import { CancelledError, type PaperRecord } from '../../../src/core/types';

interface Call {
  auth?: string;
  body: { model: string; messages: { role: string; content: string }[] };
  at: number;
}

type Reply = (res: http.ServerResponse, call: Call) => void;

/** A chat-completions server on 127.0.0.1 that answers with the queued replies, in order. */
class FakeOpenAI {
  readonly calls: Call[] = [];
  replies: Reply[] = [];
  private server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end('{"error":{"message":"not found"}}');
        return;
      }
      const call: Call = { auth: req.headers.authorization, body: JSON.parse(raw), at: Date.now() };
      this.calls.push(call);
      const reply = this.replies.shift() ?? ok('REF propose a method.');
      reply(res, call);
    });
  });
  url = '';
  async start() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }
  async stop() {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}

function ok(content: string): Reply {
  return (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] }));
  };
}
const status = (code: number, headers: Record<string, string> = {}): Reply => (res) => {
  res.writeHead(code, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ error: { message: `status ${code}` } }));
};
const hang: Reply = () => undefined;

const PAPER: PaperRecord = {
  key: 'taigman17',
  type: 'inproceedings',
  title: 'Unsupervised cross-domain image generation',
  authors: [{ family: 'Taigman' }, { family: 'Polyak' }, { family: 'Wolf' }],
  abstract: 'We propose the domain transfer network. It maps samples between domains.',
};
const library = new MemoryLibrary([PAPER]);

describe('neural: server backend (OpenAI-compatible, local)', function () {
  this.timeout(10000);
  const server = new FakeOpenAI();
  before(() => server.start());
  after(() => server.stop());
  beforeEach(() => {
    server.calls.length = 0;
    server.replies = [];
  });
  const engine = (extra: Partial<ConstructorParameters<typeof ServerEngine>[0]> = {}) =>
    new ServerEngine({ url: server.url, model: 'tiny', apiKey: 'sk-test', backoffMs: 20, timeoutMs: 2000, ...extra });

  it('normalises endpoint URLs and parses Retry-After', () => {
    assert.equal(chatCompletionsUrl('http://localhost:8000'), 'http://localhost:8000/v1/chat/completions');
    assert.equal(chatCompletionsUrl('http://localhost:11434/v1/'), 'http://localhost:11434/v1/chat/completions');
    assert.equal(chatCompletionsUrl('https://h/x/v1/chat/completions'), 'https://h/x/v1/chat/completions');
    assert.throws(() => chatCompletionsUrl('ftp://h'), ServerError);
    assert.equal(retryAfterMs('2'), 2000);
    assert.equal(retryAfterMs(new Date(10_000).toUTCString(), 4_000), 6000);
    assert.equal(retryAfterMs(null), undefined);
  });

  it('sends the model, the key and the abstract; writes the checked sentence', async () => {
    server.replies = [ok('REF propose the domain transfer network, unlike Smith et al. \\cite{smith19}. Extra sentence.')];
    const s = await engine().citationSentence({ key: 'taigman17', style: 'citation' }, library);
    assert.equal(s.engine, 'server');
    // The invented comparison goes whole: "unlike prior work" would still claim a contrast the source does not make.
    assert.equal(s.text, 'Taigman et al. \\cite{taigman17} proposed the domain transfer network.');
    assert.ok(s.flags.some((f) => f.includes("smith19")));
    assert.equal(server.calls.length, 1);
    assert.equal(server.calls[0].auth, 'Bearer sk-test');
    assert.equal(server.calls[0].body.model, 'tiny');
    assert.match(server.calls[0].body.messages[1].content, /domain transfer network/);
    assert.equal(s.spans[0].source?.section, 'abstract');
  });

  it('retries 429 (honouring Retry-After) and 500, then succeeds', async () => {
    server.replies = [status(429, { 'retry-after': '0.3' }), status(500), ok('REF map domains.')];
    const s = await engine().citationSentence({ key: 'taigman17', style: 'citation' }, library);
    assert.equal(s.text, 'Taigman et al. \\cite{taigman17} mapped domains.');
    assert.equal(server.calls.length, 3);
    assert.ok(server.calls[1].at - server.calls[0].at >= 280, 'waited for Retry-After');
  });

  it('gives up after the retries with the last status', async () => {
    server.replies = [status(503), status(503), status(503)];
    await assert.rejects(engine({ maxRetries: 2 }).citationSentence({ key: 'taigman17', style: 'citation' }, library), (err: Error) => {
      assert.ok(err instanceof ServerError);
      assert.equal((err as ServerError).status, 503);
      assert.match(err.message, /HTTP 503.*gave up after 3 attempts/);
      return true;
    });
    assert.equal(server.calls.length, 3);
  });

  it('does not retry a 401 and says to check the key', async () => {
    server.replies = [status(401)];
    await assert.rejects(engine().citationSentence({ key: 'taigman17', style: 'citation' }, library), /HTTP 401.*API key/);
    assert.equal(server.calls.length, 1);
  });

  it('times out a server that does not answer', async () => {
    server.replies = [hang, hang];
    const started = Date.now();
    await assert.rejects(engine({ timeoutMs: 150, maxRetries: 1 }).citationSentence({ key: 'taigman17', style: 'citation' }, library), /did not answer within 150 ms.*2 attempts/);
    assert.ok(Date.now() - started < 2000);
    assert.equal(server.calls.length, 2);
  });

  it('reports a malformed reply clearly', async () => {
    server.replies = [(res) => res.writeHead(200).end('<html>proxy error</html>')];
    await assert.rejects(engine().citationSentence({ key: 'taigman17', style: 'citation' }, library), /malformed reply \(not JSON\)/);
    server.replies = [(res) => res.writeHead(200).end('{"choices":[]}')];
    await assert.rejects(engine().citationSentence({ key: 'taigman17', style: 'citation' }, library), /malformed reply \(no choices\[0\]\.message\.content/);
  });

  it('drafts several works of one paragraph in one request, every citation checked', async () => {
    const lib = new MemoryLibrary([
      PAPER,
      { key: 'lee20', type: 'article', title: 'Citation text', authors: [{ family: 'Lee' }], abstract: 'We generate citation text.' },
      { key: 'ghost', type: 'article', title: 'Ghost', authors: [{ family: 'Nobody' }], abstract: 'We do ghost things.' },
    ]);
    server.replies = [ok('These works generate text [W1], [W2], [W3], as \\cite{invented} did.')];
    const d = await engine({ concurrency: 3 }).draft({ keys: ['taigman17', 'lee20', 'ghost'], format: 'latex' }, lib);
    assert.equal(server.calls.length, 1);
    const cited = new Set([...d.text.matchAll(/\\cite\{([^}]*)\}/g)].flatMap((m) => m[1].split(',')));
    assert.deepEqual([...cited].sort(), ['ghost', 'lee20', 'taigman17']);
    assert.doesNotMatch(d.text, /invented/);
  });

  it('is cancelled while waiting for the server', async () => {
    server.replies = [hang];
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await assert.rejects(engine({ timeoutMs: 5000 }).citationSentence({ key: 'taigman17', style: 'citation' }, library, { signal: controller.signal }), CancelledError);
  });

  it('is cancelled during a backoff wait', async () => {
    server.replies = [status(429, { 'retry-after': '5' })];
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 150);
    const started = Date.now();
    await assert.rejects(engine().citationSentence({ key: 'taigman17', style: 'citation' }, library, { signal: controller.signal }), CancelledError);
    assert.ok(Date.now() - started < 2000);
  });

  it('stops reading an endless reply at the byte limit instead of filling the memory', async () => {
    // The server streams forever; response.text() used to read it until the timeout (18.8 GB RSS).
    let sent = 0;
    server.replies = [
      (res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"choices":[{"message":{"content":"');
        const chunk = 'x'.repeat(64 * 1024);
        const pump = () => {
          while (!res.destroyed && res.write(chunk)) sent += chunk.length;
          if (!res.destroyed) res.once('drain', pump);
        };
        res.on('close', () => undefined);
        pump();
      },
    ];
    const started = Date.now();
    await assert.rejects(engine({ maxReplyBytes: 256 * 1024, timeoutMs: 10_000 }).citationSentence({ key: 'taigman17', style: 'citation' }, library), /passed the 256 KiB cap for a chat reply/);
    assert.ok(Date.now() - started < 5_000, 'stops at the limit, not at the timeout');
    assert.equal(server.calls.length, 1, 'an oversized reply is not retried');
    assert.ok(sent < 64 * 1024 * 1024, `the server was stopped early (${sent} bytes sent)`);
  });

  it('refuses a declared Content-Length over the limit before reading', async () => {
    server.replies = [(res) => res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(50 * 1024 * 1024) }).end()];
    await assert.rejects(engine({ maxReplyBytes: 1024 }).citationSentence({ key: 'taigman17', style: 'citation' }, library), /passed the 1 KiB cap for a chat reply/);
  });

  it('cuts an answer that ignores max_tokens', async () => {
    server.replies = [ok('REF propose ' + 'a very long method '.repeat(2000) + '.')];
    const s = await engine({ maxTokens: 20 }).citationSentence({ key: 'taigman17', style: 'citation' }, library);
    assert.ok(s.text.length < 20 * 16 + 80, `${s.text.length} characters`);
    assert.ok(s.flags.includes('the reply was cut short: it passed 320 characters'), `flags: ${s.flags.join('; ')}`);
  });

  it('never prints a reply that echoes the API key', async () => {
    server.replies = [(res, call) => res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `bad request with header ${call.auth}` } }))];
    await assert.rejects(engine({ apiKey: 'sk-secret-value' }).citationSentence({ key: 'taigman17', style: 'citation' }, library), (err: Error) => {
      assert.ok(!err.message.includes('sk-secret-value'), err.message);
      assert.match(err.message, /reply not shown: it contains the API key/);
      return true;
    });
  });

  it('refuses to send a key over plain http to another machine', () => {
    assert.throws(() => new ServerEngine({ url: 'http://models.example.org/v1', model: 'm', apiKey: 'sk-x' }), /refusing to send the API key to models\.example\.org over plain http/);
    assert.doesNotThrow(() => new ServerEngine({ url: 'http://models.example.org/v1', model: 'm' }));
    assert.doesNotThrow(() => new ServerEngine({ url: 'https://models.example.org/v1', model: 'm', apiKey: 'sk-x' }));
    assert.doesNotThrow(() => new ServerEngine({ url: 'http://[::1]:8000/v1', model: 'm', apiKey: 'sk-x' }));
  });
});

describe('neural: API key bound to the server it was entered for', () => {
  it('sends the key only to the origin it was stored for', () => {
    const stored = decodeStoredApiKey(encodeStoredApiKey('https://api.example.com/v1', 'sk-1'));
    assert.deepEqual(apiKeyFor(stored, 'https://api.example.com/v1/chat/completions'), { kind: 'send', key: 'sk-1' });
    // A workspace setting that points the URL elsewhere does not get the key.
    assert.deepEqual(apiKeyFor(stored, 'https://evil.example.net/v1'), { kind: 'other-origin', storedFor: 'https://api.example.com' });
    assert.deepEqual(apiKeyFor(stored, 'http://api.example.com/v1'), { kind: 'other-origin', storedFor: 'https://api.example.com' });
    assert.deepEqual(apiKeyFor(undefined, 'https://api.example.com'), { kind: 'none' });
  });

  it('sends a key stored before binding (a bare string) nowhere until it is entered again', () => {
    assert.deepEqual(apiKeyFor(decodeStoredApiKey('sk-legacy'), 'http://127.0.0.1:8000/v1'), { kind: 'other-origin', storedFor: '' });
  });

  it('knows which hosts are this machine', () => {
    for (const h of ['localhost', '127.0.0.1', '127.1.2.3', '[::1]', 'api.localhost']) assert.ok(isLoopbackHost(h), h);
    for (const h of ['example.org', '10.0.0.1', '192.168.1.2', '128.0.0.1', 'localhost.example.org']) assert.ok(!isLoopbackHost(h), h);
  });
});

