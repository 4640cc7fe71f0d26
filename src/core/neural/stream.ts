// Streamed chat replies, read as they come: the OpenAI API's server-sent events ("data: {choices:[{delta:{content}}]}"
// … "data: [DONE]") and Ollama's NDJSON ({"message":{"content":…},"done":false} per line). The reader stops as soon
// as the caller has what it needs — the engines keep one sentence, so a model that goes on for pages is not read
// to the end — and keeps what came when a stream stops mid-sentence.

import { describeCut, limitsFor, readReplyLines, type CutReason, type ReplyLimits } from '../util/bounded-read';
import { firstSentence } from './output-check';

type StreamFormat = 'sse' | 'ndjson';

/** The answer without a reasoning model's <think>…</think> (and without an unfinished one). */
export function withoutThinking(text: string): string {
  return text.replace(/<think>[\s\S]*?<\/think>/g, '').replace(/<think>[\s\S]*$/, '');
}

/** A sentence is complete once another has begun after it: the engines keep only the first, and stop reading there. */
export function firstSentenceComplete(text: string): boolean {
  const answer = withoutThinking(text).trim();
  return answer.length > 0 && firstSentence(answer).length < answer.length;
}

/** The reply ended before its sentence did ("REF propose a network that"): kept, and flagged. */
export function endsMidSentence(text: string): boolean {
  return text.length > 0 && !/[.!?]["”’)]?$/.test(text);
}

/** The text one event or line adds; undefined when it adds none; 'done' at the end marker. */
export function deltaOf(format: StreamFormat, payload: string): string | undefined | 'done' {
  const line = payload.trim();
  if (!line) return undefined;
  if (format === 'sse') {
    if (line === '[DONE]') return 'done';
    const event = JSON.parse(line) as { choices?: { delta?: { content?: unknown }; text?: unknown; finish_reason?: unknown }[] };
    const choice = event.choices?.[0];
    const content = choice?.delta?.content ?? choice?.text;
    return typeof content === 'string' ? content : undefined;
  }
  const event = JSON.parse(line) as { message?: { content?: unknown }; response?: unknown; done?: unknown; error?: unknown };
  if (typeof event.error === 'string') throw new Error(event.error);
  const content = event.message?.content ?? event.response;
  if (event.done === true) return typeof content === 'string' && content ? content : 'done';
  return typeof content === 'string' ? content : undefined;
}

interface StreamResult {
  text: string;
  /**
   * How the reading ended: the end marker, the caller had enough, the stream just stopped, or it was cut at a limit
   * (`cut` says which) — a cut reply is never complete, whatever it holds.
   */
  ended: 'done' | 'enough' | 'cut-off' | 'cut';
  /** Why a cut reply was cut: "it passed 1536 characters", or a limit of the read ("the server sent a line longer …"). */
  cut?: string;
  /** Which limit cut it: the characters the caller wanted at most, or a limit of the read. */
  cutBy?: 'chars' | CutReason;
}

/**
 * Reads `body` as `format`, appending each delta; stops when `enough(text)` says so, when the text passes
 * `maxChars`, or at a limit of `limits` (bytes, line length, deadline, silence; see util/bounded-read).
 */
export async function readStream(
  body: ReadableStream<Uint8Array>,
  format: StreamFormat,
  options: { enough?: (text: string) => boolean; maxChars: number; limits?: ReplyLimits; startedAt?: number },
): Promise<StreamResult> {
  const limits = options.limits ?? limitsFor('chat-stream');
  let text = '';
  let ended: StreamResult['ended'] | undefined;
  let cut: string | undefined;
  const read = await readReplyLines(
    body,
    limits,
    (line) => {
      let payload = line;
      if (format === 'sse') {
        // SSE events end at a blank line and carry "data:" lines; comments (": keep-alive"), event names and ids
        // carry no text.
        if (!payload.startsWith('data:')) return false;
        payload = payload.slice(5);
      }
      const delta = deltaOf(format, payload);
      if (delta === 'done') {
        ended = 'done';
        return true;
      }
      if (delta) text += delta;
      if (text.length > options.maxChars) {
        text = text.slice(0, options.maxChars);
        ended = 'cut';
        cut = `it passed ${options.maxChars} characters`;
        return true;
      }
      if (options.enough?.(text)) {
        ended = 'enough';
        return true;
      }
      return false;
    },
    { ...(options.startedAt !== undefined && { startedAt: options.startedAt }) },
  );
  if (read.cut) return { text, ended: 'cut', cutBy: read.cut, cut: `the server ${describeCut(read.cut, 'chat-stream', limits).replace(/; stopped reading$/, '')}` };
  return { text, ended: ended ?? 'cut-off', ...(cut && { cut, cutBy: 'chars' as const }) };
}
