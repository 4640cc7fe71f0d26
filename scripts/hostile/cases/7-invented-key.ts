// Issue 63, item 7: a model reply that writes "\\cite{fake2020}" (a doubled backslash) became
// "\textbackslash{}\cite{fake2020}": a live citation of a key that does not exist; with --syntax pandoc a reply's
// "\cite{KEY}" became "\\cite{KEY}", no citation at all. A stand-in OpenAI-compatible server on 127.0.0.1 answers
// every request with such a reply; `cite --engine server` must cite only the work, in the document's syntax.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import type { HostileCase, HostileOutcome } from '../case';

const BIB = [
  '@article{lovelace2020,',
  '  author = {Ada Lovelace and Mary Somerville}, title = {A Method for Parsing}, year = {2020}, journal = {J},',
  '  abstract = {We present a new method for parsing sentences. Our experiments show that it works well on three benchmarks.}',
  '}',
  '',
].join('\n');

/** A chat-completions server on 127.0.0.1 that answers every request with `content`. */
async function standInServer(content: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function replyCase(name: string, reply: string, syntax: 'cite' | 'pandoc', check: (out: string) => string | null): HostileCase {
  return {
    item: 7,
    name,
    limitSeconds: 30,
    async prepare(dir, cli) {
      const bibPath = path.join(dir, 'lib.bib');
      const db = path.join(dir, 'lib.db');
      writeFileSync(bibPath, BIB);
      execFileSync(process.execPath, [cli, 'index', '--db', db, '--bib', bibPath, '--quiet']);
      const server = await standInServer(reply);
      return {
        args: ['cite', 'lovelace2020', '--db', db, '--engine', 'server', '--url', server.url, '--model', 'stand-in', '--syntax', syntax],
        cleanup: server.close,
      };
    },
    check(o: HostileOutcome) {
      if (o.code !== 0) return `exit ${o.code}: ${o.stderr.trim().split('\n').pop()}`;
      const out = o.stdout.trim();
      return check(out) ?? null;
    },
  };
}

export default [
  replyCase('doubled-backslash-latex', 'REF propose a parser \\\\cite{fake2020}.', 'cite', (out) =>
    /fake2020/.test(out)
      ? `the invented key is still cited: ${out}`
      : !/\\cite\{lovelace2020\}/.test(out)
        ? `no \\cite{lovelace2020}: ${out}`
        : /textbackslash/.test(out)
          ? `a stray backslash: ${out}`
          : null,
  ),
  replyCase('doubled-backslash-pandoc', 'REF propose a parser \\\\cite{fake2020}.', 'pandoc', (out) =>
    /fake2020/.test(out) ? `the invented key is still cited: ${out}` : !/\[@lovelace2020\]/.test(out) ? `no [@lovelace2020]: ${out}` : null,
  ),
  replyCase('latex-cite-in-pandoc', 'Lovelace and Somerville \\cite{lovelace2020} propose a parser.', 'pandoc', (out) =>
    !/\[@lovelace2020\]/.test(out) ? `no [@lovelace2020] (the reply's \\cite was escaped): ${out}` : /\\\\cite/.test(out) ? `an escaped \\cite is left: ${out}` : null,
  ),
  replyCase('invented-clause-pandoc', 'As @fake2020 showed, REF propose a parser; see [@fake2021].', 'pandoc', (out) =>
    /fake202/.test(out) ? `an invented key is still cited: ${out}` : /\bAs showed\b|;\s*see\s*\./i.test(out) ? `what is left is no sentence: ${out}` : null,
  ),
];
