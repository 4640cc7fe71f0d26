// A model server on 127.0.0.1 that replays scripted replies (the LLM engines' tests): it speaks the OpenAI
// chat-completions SSE stream on /v1/chat/completions and Ollama's NDJSON on /api/chat, streaming each reply in small
// pieces, and records every request body. A reply may be a function of the prompt (to answer with its placeholders).
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A scripted reply: text (or a function of the prompt), an HTTP error ({ status: 400, body: 'context length exceeded' }),
 * or 'hang-up' (the connection is closed without an answer, as a crashed server does).
 */
export type Reply = string | ((prompt: string) => string) | { status: number; body: string } | 'hang-up';

/** Replays the scripted replies in order, streaming each in small pieces; records every request body. */
export class ReplayingModel {
  readonly bodies: { messages: { role: string; content: string }[]; stream?: boolean }[] = [];
  replies: Reply[] = [];
  /** Milliseconds between streamed pieces. */
  delayMs = 0;
  private server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw);
      this.bodies.push(body);
      const prompt = body.messages.map((m: { content: string }) => m.content).join('\n');
      const next = this.replies.shift() ?? '';
      if (next === 'hang-up') return void res.destroy();
      if (typeof next === 'object') {
        res.writeHead(next.status, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ error: { message: next.body } }));
      }
      const text = typeof next === 'function' ? next(prompt) : next;
      const pieces = text.match(/.{1,12}/gs) ?? [];
      const ollama = req.url === '/api/chat';
      res.writeHead(200, { 'content-type': ollama ? 'application/x-ndjson' : 'text/event-stream' });
      let i = 0;
      const send = () => {
        if (res.destroyed) return;
        if (i < pieces.length) {
          const piece = pieces[i++];
          res.write(ollama ? `${JSON.stringify({ model: 'm', message: { role: 'assistant', content: piece }, done: false })}\n` : `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: piece } }] })}\n\n`);
          setTimeout(send, this.delayMs);
        } else res.end(ollama ? `${JSON.stringify({ model: 'm', message: { role: 'assistant', content: '' }, done: true })}\n` : 'data: [DONE]\n\n');
      };
      send();
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

/** The placeholders the prompt's plan line gives, in order ("citing [W1], [W2], [W3]."). */
export function placeholdersOf(prompt: string): string[] {
  return /Plan: paragraph \d+ of \d+[^\n]*?citing ([^.]+)\./.exec(prompt)?.[1].split(', ') ?? [];
}
/** Which placeholder stands for the work titled `title` in the prompt. */
export function placeholderOf(prompt: string, title: string): string {
  return new RegExp(`(\\[W\\d+\\]): "${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`).exec(prompt)?.[1] ?? '(no placeholder in the prompt)';
}
