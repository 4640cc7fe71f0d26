// CiteBench dev drafts of the LLM paragraph writer with answers from any model, recorded and replayed: measures the
// path a researcher with Copilot or a local 70B model gets (our plan, the prompts, the checks and the fallback) when no
// such model can be reached from this machine.
//   npx tsx scripts/model-stand-in.ts DIR ../shared/data/related-work/citebench-dev.json OUT.jsonl
// serves an OpenAI-compatible chat endpoint on 127.0.0.1 that answers each prompt from DIR/answers/<key>.txt (key: the
// first 16 hex digits of the SHA-1 of the messages' JSON); a prompt without an answer is written to
// DIR/pending/<key>.json and answered with nothing (the draft then falls back to the default engine for it). Each item's
// works are indexed as the editor indexes a library, so that every sentence is judged as in the editor. OUT.jsonl gets
// {id, prediction, flags} per item, the prediction as `eval related-work` writes one. DIR/to-answer.txt lists the
// prompts worth answering next: a plan before the paragraphs written under our planner in its place, a paragraph before
// a re-ask that followed an empty answer. Answer them (a person, a helper, any model: the reply text alone) and run again
// until none is left.
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { latexCitesToNumbered, relatedWorkTask } from '../src/core/engines/evaluation';
import { ServerEngine } from '../src/core/neural/server';
import { libraryOfPapers } from '../src/core/suggest/evaluate';
import { plainText } from '../src/core/text/plain';

interface Message {
  role: string;
  content: string;
}

/** The record/replay endpoint: answers from `dir/answers`, records the rest in `dir/pending`. */
function standIn(dir: string): http.Server {
  return http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const messages = (JSON.parse(body) as { messages: Message[] }).messages;
      const key = crypto.createHash('sha1').update(JSON.stringify(messages)).digest('hex').slice(0, 16);
      const answer = path.join(dir, 'answers', `${key}.txt`);
      let content = '';
      if (fs.existsSync(answer)) content = fs.readFileSync(answer, 'utf8').trim();
      else fs.writeFileSync(path.join(dir, 'pending', `${key}.json`), JSON.stringify(messages, null, 1));
      const reply = JSON.stringify({ object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(reply) });
      res.end(reply);
    });
  });
}

type Kind = 'plan' | 'paragraph' | 're-ask';

/** The works a prompt shows, by the start of each abstract: what ties a paragraph's prompt to its item's plan prompt. */
function abstractStarts(user: string): string[] {
  return [...user.matchAll(/^ {2}Abstract: (.{1,80})/gm)].map((m) => m[1]);
}

/**
 * The pending prompts worth answering now. A paragraph asked for under our planner while its item's plan prompt is
 * pending will be asked differently once the plan is answered; a re-ask that followed an empty answer is not one a
 * model would get.
 */
function worthAnswering(dir: string): string[] {
  const pending = fs.readdirSync(path.join(dir, 'pending')).map((file) => {
    const messages = JSON.parse(fs.readFileSync(path.join(dir, 'pending', file), 'utf8')) as Message[];
    const user = messages.at(-1)?.content ?? '';
    const kind: Kind = messages[0].content.startsWith('You plan') ? 'plan' : /Your paragraph had these problems/.test(user) ? 're-ask' : 'paragraph';
    return { key: file.replace(/\.json$/, ''), kind, user, works: abstractStarts(user) };
  });
  const plans = pending.filter((p) => p.kind === 'plan').map((p) => p.user);
  const awaitsPlan = (works: string[]) => works.length > 0 && plans.some((plan) => works.every((w) => plan.includes(w)));
  const paragraphs = pending.filter((p) => p.kind === 'paragraph' && !awaitsPlan(p.works));
  const firstAsked = new Set(paragraphs.map((p) => p.works.join('\n')));
  const reAsks = pending.filter((p) => p.kind === 're-ask' && !awaitsPlan(p.works) && !firstAsked.has(p.works.join('\n')));
  return [...pending.filter((p) => p.kind === 'plan'), ...paragraphs, ...reAsks].map((p) => p.key);
}

async function main(): Promise<void> {
  const [dir, data, out] = process.argv.slice(2);
  if (!dir || !data || !out) throw new Error('usage: npx tsx scripts/model-stand-in.ts DIR CITEBENCH.json OUT.jsonl');
  if (!fs.existsSync(data)) {
    console.log(`skipped: ${data} is absent`);
    return;
  }
  for (const sub of ['answers', 'pending']) fs.mkdirSync(path.join(dir, sub), { recursive: true });
  for (const file of fs.readdirSync(path.join(dir, 'pending'))) fs.rmSync(path.join(dir, 'pending', file));
  const server = standIn(dir);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const engine = new ServerEngine({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, model: 'stand-in', maxRetries: 0 });
  const items = JSON.parse(fs.readFileSync(data, 'utf8')) as { target: string; input: string[] }[];
  const rows: string[] = [];
  try {
    for (const [id, item] of items.entries()) {
      const { keys, records, ownAbstract, targetWords } = relatedWorkTask(item);
      const library = await libraryOfPapers(records.map((r) => ({ paper_id: r.key, title: r.title ?? '', abstract: r.abstract ?? '' })));
      try {
        const draft = await engine.draft({ keys, ownAbstract, targetWords, format: 'latex', syntax: 'cite' }, library.store);
        const prediction = latexCitesToNumbered(draft.text).split(/\n{2,}/).map(plainText).join('\n\n');
        rows.push(JSON.stringify({ id, prediction, flags: draft.flags ?? [] }));
      } finally {
        library.dispose();
      }
    }
  } finally {
    server.closeAllConnections();
    server.close();
  }
  fs.writeFileSync(out, rows.join('\n') + '\n');
  const next = worthAnswering(dir);
  fs.writeFileSync(path.join(dir, 'to-answer.txt'), next.map((k) => `${k}\n`).join(''));
  const recorded = fs.readdirSync(path.join(dir, 'pending')).length;
  console.log(`${rows.length} drafts → ${out}; ${recorded} prompts without an answer, ${next.length} worth answering now (${path.join(dir, 'to-answer.txt')})`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
