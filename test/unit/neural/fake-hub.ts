// A local stand-in for the Hugging Face Hub, for download tests.
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';

/** Serves a model folder as the Hub does: /{id}/resolve/{rev}/{file}, HEAD with sizes, GET with Range. */
export class FakeHub {
  requests: { method: string; file: string; range?: string }[] = [];
  /** Bytes per 10 ms for GET bodies (0 = all at once). */
  throttle = 0;
  private server = http.createServer((req, res) => {
    const m = /^\/([^/]+\/[^/]+)\/resolve\/([^/]+)\/(.+)$/.exec(decodeURI(req.url ?? ''));
    const file = m?.[3] ?? '';
    this.requests.push({ method: req.method ?? '', file, range: req.headers.range });
    const full = m && m[1] === this.id ? path.join(this.root, file) : '';
    if (!full || !fs.existsSync(full)) {
      res.writeHead(404).end('Entry not found');
      return;
    }
    const data = fs.readFileSync(full);
    if (req.method === 'HEAD') {
      res.writeHead(200, { 'content-length': data.length }).end();
      return;
    }
    let body = data;
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    if (range) {
      body = data.subarray(Number(range[1]));
      res.writeHead(206, { 'content-length': body.length, 'content-range': `bytes ${range[1]}-${data.length - 1}/${data.length}` });
    } else res.writeHead(200, { 'content-length': body.length });
    if (!this.throttle) {
      res.end(body);
      return;
    }
    let offset = 0;
    const timer = setInterval(() => {
      if (res.destroyed) return clearInterval(timer);
      res.write(body.subarray(offset, offset + this.throttle));
      offset += this.throttle;
      if (offset >= body.length) {
        clearInterval(timer);
        res.end();
      }
    }, 10);
    res.on('close', () => clearInterval(timer));
  });
  endpoint = '';
  constructor(
    private readonly root: string,
    private readonly id: string,
  ) {}
  async start() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    this.endpoint = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  async stop() {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}
