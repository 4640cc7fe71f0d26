import { strict as assert } from 'assert';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import type { AddressInfo } from 'node:net';
import { main } from '../../../src/cli/main';
import { embeddingsEndpoint, serverEmbedder } from '../../../src/core/neural/server-embedder';
import { embeddingServer as standInServer } from '../../support/embedding-server';

/** Vectors by topic word, so that related texts point the same way (our own toy embedding). */
function toyVector(text: string): number[] {
  const t = text.toLowerCase();
  return [/image|translat|domain/.test(t) ? 3 : 0.1, /parse|tagg|syntax/.test(t) ? 3 : 0.1, /bee|hive/.test(t) ? 3 : 0.1, 1];
}

/** POST /v1/embeddings (OpenAI) and /api/embed (Ollama), in their documented shapes, with the toy vectors. */
const embeddingServer = () => standInServer(toyVector);

describe('neural: embeddings from a model server', function () {
  it('knows where to POST for each URL form', () => {
    assert.deepEqual(embeddingsEndpoint('http://127.0.0.1:11434/api/embed'), { endpoint: 'http://127.0.0.1:11434/api/embed', native: true });
    assert.deepEqual(embeddingsEndpoint('http://127.0.0.1:8000/v1'), { endpoint: 'http://127.0.0.1:8000/v1/embeddings', native: false });
    assert.deepEqual(embeddingsEndpoint('http://h:1/v1/embeddings/'), { endpoint: 'http://h:1/v1/embeddings', native: false });
    assert.throws(() => embeddingsEndpoint('ftp://h'), /must be http/);
  });

  it('gets unit vectors from OpenAI\'s /v1/embeddings (in index order) and Ollama\'s /api/embed, in batches, cached', async () => {
    const server = await embeddingServer();
    try {
      for (const url of [`${server.url}/v1`, `${server.url}/api/embed`]) {
        const embed = serverEmbedder({ url, model: 'nomic-embed-text', batchSize: 2 });
        const texts = ['image translation across domains', 'a syntax parser', 'bee hive logs'];
        const vectors = await embed(texts);
        assert.equal(vectors.length, 3);
        for (const v of vectors) assert.ok(Math.abs(Math.hypot(...v) - 1) < 1e-9);
        assert.ok(vectors[0][0] > 0.9 && vectors[1][1] > 0.9 && vectors[2][2] > 0.9, 'each text got its own vector');
        const asked = server.bodies.length;
        await embed(['a syntax parser']);
        assert.equal(server.bodies.length, asked, 'a text embedded before is not asked again');
      }
      assert.deepEqual(server.bodies.map((b) => [b.path, b.input.length, b.model]), [
        ['/v1/embeddings', 2, 'nomic-embed-text'],
        ['/v1/embeddings', 1, 'nomic-embed-text'],
        ['/api/embed', 2, 'nomic-embed-text'],
        ['/api/embed', 1, 'nomic-embed-text'],
      ]);
    } finally {
      await server.close();
    }
  });

  it('draft --embeddings URL plans with the server\'s vectors; the flags are checked', async function () {
    this.timeout(30_000);
    const server = await embeddingServer();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-embed-'));
    const io = { out: (_l: string) => undefined, err: (_l: string) => undefined, packageRoot: path.resolve(__dirname, '../../..') };
    try {
      fs.writeFileSync(
        path.join(dir, 'refs.bib'),
        ['@article{a, author={Ann, A}, title={Image translation across domains}, year=2020, abstract={We translate images between two domains without pairs.}}',
          '@article{b, author={Bo, B}, title={A syntax parser}, year=2021, abstract={We parse sentences with a small syntax model.}}'].join('\n'),
      );
      const db = path.join(dir, 'lib.db');
      assert.equal(await main(['index', '--db', db, '--bib', path.join(dir, 'refs.bib')], io), 0);
      assert.equal(await main(['draft', '--db', db, '--keys', 'a,b', '--embeddings', `${server.url}/api/embed`, '--embeddings-model', 'nomic-embed-text'], io), 0);
      assert.ok(server.bodies.some((b) => b.path === '/api/embed' && b.input.some((t) => /translate images/i.test(t))), 'the abstracts were embedded by the server');
      const errors: string[] = [];
      const bad = { ...io, err: (l: string) => void errors.push(l) };
      assert.equal(await main(['draft', '--db', db, '--keys', 'a', '--embeddings', `${server.url}/api/embed`], bad), 2);
      assert.match(errors.join('\n'), /--embeddings URL needs --embeddings-model NAME/);
    } finally {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  /** A server whose /api/embed reply never ends: `piece` after `piece` (every `everyMs`, or as fast as it goes) until the client hangs up. */
  async function endlessServer(piece: string, everyMs: number): Promise<{ url: string; sent: () => number; close(): Promise<void> }> {
    let sent = 0;
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"embeddings":[[');
        const more = () => {
          if (res.destroyed) return;
          if (everyMs > 0) {
            res.write(piece);
            sent += piece.length;
            setTimeout(more, everyMs);
            return;
          }
          while (!res.destroyed && res.write(piece)) sent += piece.length;
          if (!res.destroyed) res.once('drain', more);
        };
        more();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      sent: () => sent,
      close: () => {
        server.closeAllConnections();
        return new Promise((r) => server.close(() => r()));
      },
    };
  }

  it('stops an endless embeddings reply at the byte cap and says so, instead of reading it whole', async () => {
    const server = await endlessServer('0.125,'.repeat(10_000), 0);
    try {
      const embed = serverEmbedder({ url: `${server.url}/api/embed`, model: 'nomic-embed-text', limits: { maxBytes: 2 * 1024 * 1024 } });
      await assert.rejects(embed(['a syntax parser']), /passed the 2 MiB cap for a batch of embeddings; stopped reading \(1 texts, model 'nomic-embed-text'\)/);
      await new Promise((r) => setTimeout(r, 100));
      assert.ok(server.sent() < 64 * 1024 * 1024, `the server got ${server.sent()} bytes out before the client hung up`);
    } finally {
      await server.close();
    }
  });

  it('ends a reply that trickles forever at the deadline, though each piece comes well within the silence limit', async () => {
    const server = await endlessServer('0.125,', 10);
    try {
      const embed = serverEmbedder({ url: `${server.url}/api/embed`, model: 'nomic-embed-text', timeoutMs: 5000, deadlineMs: 400 });
      await assert.rejects(embed(['a syntax parser']), /did not finish a batch of embeddings within 400 ms/);
    } finally {
      await server.close();
    }
  });
});
