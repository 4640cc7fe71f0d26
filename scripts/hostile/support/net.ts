// Shared by the hostile cases of issue 63 items 2 and 6: a local server on 127.0.0.1 that misbehaves as the case says,
// and a library indexed from a .bib the case writes.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';

export interface LocalServer {
  url: string;
  close(): Promise<void>;
}

/** A server on 127.0.0.1 answering every request with `handle` (after its body has been read). */
export async function localServer(handle: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<LocalServer> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => handle(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes `piece` after `piece`, as fast as the client reads, until it hangs up. */
export function writeForever(res: http.ServerResponse, piece: string): void {
  const more = () => {
    while (!res.destroyed && res.write(piece));
    if (!res.destroyed) res.once('drain', more);
  };
  more();
}

/** Writes `piece` every `everyMs` until the client hangs up. */
export function trickleForever(res: http.ServerResponse, piece: string, everyMs: number): void {
  const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(piece)), everyMs);
  res.on('close', () => clearInterval(timer));
}

/** `dir/refs.bib` with `bib`, indexed by the built CLI into `dir/library.db`; returns the database's path. */
export function indexedLibrary(cli: string, dir: string, bib: string): string {
  const bibPath = path.join(dir, 'refs.bib');
  const db = path.join(dir, 'library.db');
  fs.writeFileSync(bibPath, bib);
  const run = spawnSync(process.execPath, [cli, 'index', '--db', db, '--bib', bibPath], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`index failed: ${run.stderr}`);
  return db;
}

/** Made-up works with abstracts: `@article{lichen1, …}` … */
export function lichenBib(count: number): string {
  return Array.from(
    { length: count },
    (_, i) =>
      `@article{lichen${i + 1}, author = {Marsh, Ilse}, title = {Counting Lichen Rings on Coastal Rock ${i + 1}}, year = {2020}, doi = {10.5555/lichen.${i + 1}},\n` +
      `  abstract = {We count the growth rings of lichen on coastal rock site ${i + 1} and date the rock falls from them.}}`,
  ).join('\n');
}
