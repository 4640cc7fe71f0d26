// Issue 63 item 2: replies read without end. Each server below, on 127.0.0.1, sends a body that never ends (or never
// finishes); the CLI must stop at the limit of what it reads, say the reply was cut, and finish — in seconds, and far
// under the memory cap. Before the fix, the embeddings body was read whole (6 GB in 25 s), an endless line grew
// without bound, keep-alives never ended, a 500 MB enrich answer was read whole, and `models` printed 210 MB.
import * as path from 'node:path';
import type { HostileCase, HostileOutcome } from '../case';
import { indexedLibrary, lichenBib, localServer, trickleForever, writeForever, type LocalServer } from '../support/net';

/** null when `pattern` is in what the run printed and it finished on its own; else what went wrong. */
function saidAndFinished(o: HostileOutcome, pattern: RegExp, what: string): string | null {
  if (o.code === null) return 'did not finish';
  return pattern.test(o.stdout + o.stderr) ? null : `exit ${o.code} and no word that ${what}`;
}

let server: LocalServer | undefined;
const closeServer = async () => {
  await server?.close();
  server = undefined;
};

const embeddingsEndless: HostileCase = {
  item: 2,
  name: 'embeddings-endless-body',
  async prepare(dir, cli) {
    const db = indexedLibrary(cli, dir, lichenBib(3));
    server = await localServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"embeddings":[[');
      writeForever(res, '0.125,'.repeat(10_000));
    });
    return {
      args: ['draft', '--db', db, '--keys', 'lichen1,lichen2,lichen3', '--embeddings', `${server.url}/api/embed`, '--embeddings-model', 'nomic-embed-text'],
      cleanup: closeServer,
    };
  },
  check: (o) => saidAndFinished(o, /passed the 32 MiB cap for a batch of embeddings/, 'the embeddings reply was cut'),
};

/** An SSE chat reply: one real delta, then what `rest` writes. */
function chatServer(rest: (res: import('node:http').ServerResponse) => void) {
  return localServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: 'REF count the growth rings of lichen' } }] })}\n\n`);
    rest(res);
  });
}

const chatEndlessLine: HostileCase = {
  item: 2,
  name: 'chat-endless-line',
  async prepare(dir, cli) {
    const db = indexedLibrary(cli, dir, lichenBib(1));
    // One event line that never ends: no newline, ever.
    server = await chatServer((res) => writeForever(res, 'x'.repeat(64 * 1024)));
    return { args: ['cite', 'lichen1', '--db', db, '--engine', 'server', '--url', `${server.url}/v1`, '--model', 'm'], cleanup: closeServer };
  },
  check: (o) => saidAndFinished(o, /cut short: the server sent a line longer than the 256 KiB cap/, 'the reply was cut at the line cap'),
};

const chatEndlessPings: HostileCase = {
  item: 2,
  name: 'chat-endless-keepalives',
  async prepare(dir, cli) {
    const db = indexedLibrary(cli, dir, lichenBib(1));
    // Keep-alive comments every 20 ms forever: the silence timer never fires; only a deadline ends it.
    server = await localServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      trickleForever(res, ': ping\n\n', 20);
    });
    return { args: ['cite', 'lichen1', '--db', db, '--engine', 'server', '--url', `${server.url}/v1`, '--model', 'm', '--deadline', '3'], cleanup: closeServer };
  },
  check: (o) => saidAndFinished(o, /did not finish a streamed chat reply within 3 s/, 'the deadline ended the reply'),
};

const chatEmptyDeltas: HostileCase = {
  item: 2,
  name: 'chat-endless-empty-deltas',
  async prepare(dir, cli) {
    const db = indexedLibrary(cli, dir, lichenBib(1));
    server = await chatServer((res) => trickleForever(res, `data: ${JSON.stringify({ choices: [{ delta: { content: '' } }] })}\n\n`, 10));
    return { args: ['cite', 'lichen1', '--db', db, '--engine', 'server', '--url', `${server.url}/v1`, '--model', 'm', '--deadline', '3'], cleanup: closeServer };
  },
  check: (o) => saidAndFinished(o, /cut short: the server did not finish a streamed chat reply within 3 s/, 'the kept text was flagged as cut'),
};

const enrichHugeAnswer: HostileCase = {
  item: 2,
  name: 'enrich-500mb-answer',
  async prepare(dir, cli) {
    // An entry without an abstract; OpenAlex answers with JSON padded without end (a 500 MB-class answer).
    const db = indexedLibrary(cli, dir, '@article{lichen1, author = {Marsh, Ilse}, title = {Counting Lichen Rings}, year = {2020}, doi = {10.5555/lichen.1}}');
    server = await localServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"results": [');
      writeForever(res, ' '.repeat(64 * 1024));
    });
    return {
      args: ['enrich', '--db', db, '--source', 'openalex', '--endpoint', `openalex=${server.url}`, '--no-rate-limit'],
      cleanup: closeServer,
    };
  },
  check: (o) => saidAndFinished(o, /problem: lichen1: OpenAlex: the answer for .* passed the 8 MiB cap for a metadata record/, 'the answer was cut'),
};

const modelsHugeList: HostileCase = {
  item: 2,
  name: 'models-huge-api-tags',
  async prepare() {
    server = await localServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"models":[');
      writeForever(res, `${JSON.stringify({ name: 'model:7b', size: 4_000_000_000, details: { parameter_size: '7B' } })},`.repeat(200));
    });
    return { args: ['models', '--url', server.url, '--timeout', '20000'], env: { CITESCRIBE_MODEL_CACHE: path.join('/nonexistent', 'models') }, cleanup: closeServer };
  },
  check: (o) => {
    const problem = saidAndFinished(o, /passed the 4 MiB cap for a model list/, 'the model list was cut');
    return problem ?? (o.stdout.length > 100_000 ? `printed ${o.stdout.length} characters` : null);
  },
};

export default [embeddingsEndless, chatEndlessLine, chatEndlessPings, chatEmptyDeltas, enrichHugeAnswer, modelsHugeList];
