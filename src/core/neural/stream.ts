// Streamed chat replies, read as they come: the OpenAI API's server-sent events ("data: {choices:[{delta:{content}}]}"
// … "data: [DONE]") and Ollama's NDJSON ({"message":{"content":…},"done":false} per line). The reader stops as soon
// as the caller has what it needs — the engines keep one sentence, so a model that goes on for pages is not read
// to the end — and keeps what came when a stream stops mid-sentence.

import { firstSentence } from './output-check';

export type StreamFormat = 'sse' | 'ndjson';

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

export interface StreamResult {
  text: string;
  /** How the reading ended: the end marker, the caller had enough, the size cap, or the stream just stopped. */
  ended: 'done' | 'enough' | 'cap' | 'cut-off';
}

/**
 * Reads `body` as `format`, appending each delta; stops when `enough(text)` says so or the text passes `maxChars`.
 * `onChunk` is called on every chunk (a watchdog resets its idle timer there).
 */
export async function readStream(
  body: ReadableStream<Uint8Array>,
  format: StreamFormat,
  options: { enough?: (text: string) => boolean; maxChars: number; onChunk?: () => void },
): Promise<StreamResult> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  let text = '';
  const finish = async (ended: StreamResult['ended']): Promise<StreamResult> => {
    if (ended !== 'done' && ended !== 'cut-off') await reader.cancel().catch(() => undefined);
    return { text, ended };
  };
  for (;;) {
    const { done, value } = await reader.read();
    options.onChunk?.();
    if (done) {
      // A last event without its newline still counts.
      if (pending.trim()) {
        const delta = deltaOf(format, format === 'sse' ? pending.replace(/^data:\s?/, '') : pending);
        if (delta === 'done') return finish('done');
        if (delta) text += delta;
      }
      return finish('cut-off');
    }
    pending += decoder.decode(value, { stream: true });
    // SSE events end at a blank line and carry "data:" lines; NDJSON has one object per line.
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const raw of lines) {
      let payload = raw.replace(/\r$/, '');
      if (format === 'sse') {
        if (!payload.startsWith('data:')) continue; // comments (": keep-alive"), event names, ids
        payload = payload.slice(5);
      }
      const delta = deltaOf(format, payload);
      if (delta === 'done') return finish('done');
      if (delta) text += delta;
      if (text.length > options.maxChars) {
        text = text.slice(0, options.maxChars);
        return finish('cap');
      }
      if (options.enough?.(text)) return finish('enough');
    }
  }
}
