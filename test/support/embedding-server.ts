// A local stand-in for an embedding server on 127.0.0.1: POST /v1/embeddings (OpenAI, {data: [{index, embedding}]},
// sent out of order on purpose: clients must follow `index`) and POST /api/embed (Ollama, {embeddings}), in their
// documented shapes, with vectors from a function the test gives. `failWith` makes every request answer that HTTP
// status instead (a server that is down for the model, or overloaded). It logs every request's body.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EmbeddingServer {
  url: string;
  bodies: { path: string; input: string[]; model: string }[];
  /** From now on every request is answered with this HTTP status (undefined: served again). */
  failWith: number | undefined;
  close(): Promise<void>;
}

export async function embeddingServer(vectorOf: (text: string) => number[]): Promise<EmbeddingServer> {
  const state: EmbeddingServer = { url: '', bodies: [], failWith: undefined, close: async () => undefined };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw) as { model: string; input: string[] };
      state.bodies.push({ path: req.url ?? '', ...body });
      res.setHeader('content-type', 'application/json');
      if (state.failWith !== undefined) {
        res.statusCode = state.failWith;
        return res.end(JSON.stringify({ error: `model '${body.model}' is not loaded` }));
      }
      if (req.url === '/api/embed') return res.end(JSON.stringify({ model: body.model, embeddings: body.input.map(vectorOf) }));
      if (req.url === '/v1/embeddings') {
        const data = body.input.map((t, index) => ({ object: 'embedding', index, embedding: vectorOf(t) })).reverse();
        return res.end(JSON.stringify({ object: 'list', data, model: body.model, usage: { prompt_tokens: 1, total_tokens: 1 } }));
      }
      res.statusCode = 404;
      res.end('{"error":"not found"}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise((r) => server.close(() => r()));
  return state;
}
