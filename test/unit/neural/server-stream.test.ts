// Streamed replies from local model servers, on a stand-in at 127.0.0.1 that speaks the documented formats: the
// OpenAI API's server-sent events and Ollama's native /api/chat NDJSON. Slow first token, a reply that goes on
// for pages (read only to the first sentence), a stream that stops mid-sentence, a 10 MB reply, invented keys, Cancel.
import { strict as assert } from 'assert';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MemoryLibrary } from '../../../src/core/engine/memory-library';
import { ServerEngine } from '../../../src/core/neural/server';
import { deltaOf } from '../../../src/core/neural/stream';
import { promptCharsFor } from '../../../src/core/neural/register';
import { CancelledError, type PaperRecord } from '../../../src/core/types';

const PAPER: PaperRecord = {
  key: 'taigman17',
  type: 'inproceedings',
  title: 'Unsupervised Cross-Domain Image Generation',
  authors: [{ family: 'Taigman' }, { family: 'Polyak' }, { family: 'Wolf' }],
  year: 2017,
  abstract: 'We study the problem of transferring a sample in one domain to an analog sample in another domain. We propose the domain transfer network.',
};
const library = new MemoryLibrary([PAPER]);

type Script = (res: http.ServerResponse, body: Record<string, unknown>) => void;

/** How many events the last SSE reply had written when its connection closed (or it ended). */
let written = 0;

/** SSE events as OpenAI-compatible servers send them ("data: {…}\n\n", then "data: [DONE]"). */
function sse(res: http.ServerResponse, pieces: string[], delayMs = 0, done = true): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  let i = 0;
  written = 0;
  const next = () => {
    if (res.destroyed) return;
    written = i;
    if (i < pieces.length) {
      res.write(`data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: pieces[i++] }, finish_reason: null }] })}\n\n`);
      setTimeout(next, delayMs);
    } else if (done) res.end('data: [DONE]\n\n');
    else res.end();
  };
  next();
}

class StandIn {
  readonly bodies: Record<string, unknown>[] = [];
  script: Script = (res) => sse(res, ['REF propose a method.']);
  private server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw) as Record<string, unknown>;
      this.bodies.push(body);
      this.script(res, body);
    });
  });
  url = '';
  async start() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  async stop() {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}

describe('neural: streamed replies from local servers', function () {
  const standIn = new StandIn();
  before(() => standIn.start());
  after(() => standIn.stop());

  const engine = (extra: Partial<ConstructorParameters<typeof ServerEngine>[0]> = {}) =>
    new ServerEngine({ url: `${standIn.url}/v1`, model: 'llama3.2:3b', maxRetries: 0, ...extra });

  it('reads SSE deltas into the sentence, after a slow first token, asking with stream: true', async () => {
    standIn.script = (res) => setTimeout(() => sse(res, ['REF ', 'propose ', 'the domain ', 'transfer network.']), 400);
    const s = await engine({ timeoutMs: 2000 }).citationSentence({ key: 'taigman17', style: 'citation' }, library);
    assert.equal(s.text, 'Taigman et al. \\cite{taigman17} proposed the domain transfer network.');
    assert.equal(standIn.bodies.at(-1)!.stream, true);
  });

  it('stops reading once the first sentence is complete: a model that goes on for pages is not read to the end', async () => {
    const pages = Array.from({ length: 400 }, (_, i) => `More text number ${i}. `);
    standIn.script = (res) => sse(res, ['REF propose the domain transfer network. ', ...pages], 5);
    const s = await engine().citationSentence({ key: 'taigman17', style: 'citation' }, library);
    assert.equal(s.text, 'Taigman et al. \\cite{taigman17} proposed the domain transfer network.');
    await new Promise((r) => setTimeout(r, 100));
    assert.ok(written < 50, `the connection was closed after ${written} of 401 events, not drained`);
  });

  it('keeps what a stream that stops mid-sentence sent, and says so', async () => {
    standIn.script = (res) => sse(res, ['REF propose the domain ', 'transfer network that'], 0, false);
    const s = await engine().citationSentence({ key: 'taigman17', style: 'citation' }, library);
    assert.match(s.text, /^Taigman et al\. \\cite\{taigman17\} proposed the domain transfer network that\.?$/);
    assert.ok(s.flags.includes('the reply stopped mid-sentence'));
  });

  it('a 10 MB reply without a sentence end is read to the size it could hold, not to its end', async () => {
    const chunk = 'word '.repeat(2000);
    standIn.script = (res) => sse(res, ['REF propose ', ...Array.from({ length: 1000 }, () => chunk)], 1);
    const s = await engine({ maxTokens: 96 }).citationSentence({ key: 'taigman17', style: 'citation' }, library);
    assert.ok(s.text.length < 96 * 16 + 200, `${s.text.length} characters`);
    await new Promise((r) => setTimeout(r, 100));
    assert.ok(written < 100, `closed after ${written} of 1,001 events (10 MB)`);
    assert.ok(s.flags.includes('the reply was cut short: it passed 1536 characters'), `a cut reply is flagged, not taken as complete: ${s.flags.join('; ')}`);
  });

  it('stops an endless line without a newline at the line cap, and says the reply was cut', async () => {
    let sent = 0;
    standIn.script = (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: 'REF propose the domain ' } }] })}\n\n`);
      // One "event" that never ends: 64 KiB at a time, no newline, until the client hangs up.
      const piece = 'x'.repeat(64 * 1024);
      const more = () => {
        while (!res.destroyed && res.write(piece)) sent += piece.length;
        if (!res.destroyed) res.once('drain', more);
      };
      more();
    };
    const s = await engine({ streamLimits: { maxLineBytes: 512 * 1024 } }).citationSentence({ key: 'taigman17', style: 'citation' }, library);
    assert.match(s.text, /proposed the domain/);
    assert.ok(s.flags.some((f) => /cut short: the server sent a line longer than the 512 KiB cap/.test(f)), `flags: ${s.flags.join('; ')}`);
    await new Promise((r) => setTimeout(r, 100));
    assert.ok(sent < 64 * 1024 * 1024, `the server got ${sent} bytes out before the client hung up`);
  });

  it('ends a stream of keep-alive comments at the deadline, though the silence timer never fires', async () => {
    let pings = 0;
    standIn.script = (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const ping = setInterval(() => (res.destroyed ? clearInterval(ping) : (pings++, res.write(': ping\n\n'))), 10);
      res.on('close', () => clearInterval(ping));
    };
    await assert.rejects(
      engine({ timeoutMs: 5000, deadlineMs: 400 }).citationSentence({ key: 'taigman17', style: 'citation' }, library),
      /did not finish a streamed chat reply within 400 ms, and no text came/,
    );
    const atEnd = pings;
    // An open connection would take ~50 more pings (one each 10 ms) in this wait; a few may still be in flight when
    // the socket closes on a loaded machine.
    await new Promise((r) => setTimeout(r, 500));
    assert.ok(pings <= atEnd + 10, `the connection was closed at the deadline (${atEnd} → ${pings} pings)`);
  });

  it('ends empty deltas forever at the deadline, keeping and flagging the text that came', async () => {
    standIn.script = (res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.write(JSON.stringify({ message: { content: 'REF propose the domain transfer' }, done: false }) + '\n');
      const tick = setInterval(() => (res.destroyed ? clearInterval(tick) : res.write(JSON.stringify({ message: { content: '' }, done: false }) + '\n')), 10);
      res.on('close', () => clearInterval(tick));
    };
    const s = await engine({ url: `${standIn.url}/api/chat`, timeoutMs: 5000, deadlineMs: 400 }).citationSentence({ key: 'taigman17', style: 'citation' }, library);
    assert.match(s.text, /proposed the domain transfer/);
    assert.ok(s.flags.some((f) => /cut short: the server did not finish a streamed chat reply within 400 ms/.test(f)), `flags: ${s.flags.join('; ')}`);
  });

  it('removes keys the model invented from a streamed reply', async () => {
    standIn.script = (res) => sse(res, ['REF propose a network \\cite{', 'invented2099} that maps domains, unlike \\cite{ghost}.']);
    const s = await engine().citationSentence({ key: 'taigman17', style: 'citation' }, library);
    assert.equal(s.text, 'Taigman et al. \\cite{taigman17} proposed a network that maps domains.');
    assert.doesNotMatch(s.text, /invented2099|ghost/);
  });

  it('speaks Ollama\'s native /api/chat: NDJSON lines, options.num_predict', async () => {
    standIn.script = (res, body) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      for (const piece of ['REF propose ', 'the domain transfer network.', ' Then more.']) {
        res.write(JSON.stringify({ model: body.model, created_at: '2026-11-27T00:00:00Z', message: { role: 'assistant', content: piece }, done: false }) + '\n');
      }
      res.end(JSON.stringify({ model: body.model, message: { role: 'assistant', content: '' }, done: true, done_reason: 'stop' }) + '\n');
    };
    const s = await engine({ url: `${standIn.url}/api/chat` }).citationSentence({ key: 'taigman17', style: 'citation' }, library);
    assert.equal(s.text, 'Taigman et al. \\cite{taigman17} proposed the domain transfer network.');
    const body = standIn.bodies.at(-1)! as { stream: boolean; options: { num_predict: number }; max_tokens?: number };
    assert.equal(body.stream, true);
    assert.equal(body.options.num_predict, 96);
    assert.equal(body.max_tokens, undefined);
  });

  it('stops at Cancel while tokens trickle in: the request ends there, not at the next token or the end', async () => {
    standIn.script = (res) => sse(res, Array.from({ length: 100 }, () => 'slow '), 100);
    const controller = new AbortController();
    const pending = engine().citationSentence({ key: 'taigman17', style: 'citation' }, library, { signal: controller.signal });
    await new Promise((r) => setTimeout(r, 300));
    controller.abort();
    await assert.rejects(pending, (err: Error) => err instanceof CancelledError);
    const atCancel = written;
    await new Promise((r) => setTimeout(r, 350));
    assert.ok(written <= atCancel + 1, `the server kept streaming after Cancel (${atCancel} → ${written} events)`);
    assert.ok(atCancel < 10);
  });

  it('fits the prompt to the model\'s context length where the server said it', async () => {
    const long: PaperRecord = {
      ...PAPER,
      sections: [{ heading: 'Introduction', kind: 'introduction', sentences: Array.from({ length: 400 }, (_, i) => ({ text: `Sentence ${i} of a long introduction about domain transfer, ${'which goes on about samples, domains, generators and the losses that tie them together, '.repeat(2)}and ends here.`, section: 'introduction' as const, index: i })) }],
    };
    const lib = new MemoryLibrary([long]);
    standIn.script = (res) => sse(res, ['REF propose the domain transfer network.']);
    const promptSize = () => (standIn.bodies.at(-1)!.messages as { content: string }[]).reduce((n, m) => n + m.content.length, 0);
    await engine().citationSentence({ key: 'taigman17', style: 'citation' }, lib);
    const unknown = promptSize();
    await engine({ maxPromptChars: promptCharsFor(1024) }).citationSentence({ key: 'taigman17', style: 'citation' }, lib);
    const small = promptSize();
    assert.ok(unknown > 10_000 && unknown <= 12_000, `${unknown}`);
    assert.ok(small <= promptCharsFor(1024) && small < unknown / 3, `${small}`);
    assert.match(JSON.stringify(standIn.bodies.at(-1)!.messages), /We propose the domain transfer network/, 'the abstract is always there');
  });

  it('parses each format\'s events, and ignores what carries no text', () => {
    assert.equal(deltaOf('sse', '{"choices":[{"delta":{"role":"assistant"}}]}'), undefined);
    assert.equal(deltaOf('sse', '{"choices":[{"delta":{"content":"Hi"}}]}'), 'Hi');
    assert.equal(deltaOf('sse', '[DONE]'), 'done');
    assert.equal(deltaOf('ndjson', '{"message":{"content":"Hi"},"done":false}'), 'Hi');
    assert.equal(deltaOf('ndjson', '{"message":{"content":""},"done":true}'), 'done');
    assert.throws(() => deltaOf('ndjson', '{"error":"model not found"}'), /model not found/);
  });
});
