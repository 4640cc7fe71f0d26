// Server backend: any OpenAI-compatible chat-completions endpoint (vLLM, llama.cpp server, Ollama, LM Studio).
// Same prompts and output checks as the local LLM; retries 429/5xx with exponential backoff (honouring
// Retry-After), a timeout per attempt, and cancellation through the caller's AbortSignal.
import { describeCut, limitsFor, readReplyBytes, type ReplyLimits } from '../util/bounded-read';
import { retryAfterMs, sleep } from '../util/wait';
import type { CitationRequest, EngineOptions, PaperRecord } from '../types';
import { CancelledError } from '../types';
import { assertKeyTransport, redactKey } from './api-key';
import { ServerError } from './errors';
import { chatMessages, type ChatMessage, type PaperSource } from './prompts';
import { endsMidSentence, firstSentenceComplete, readStream, withoutThinking } from './stream';
import { SentenceWriterEngine, type RawSentence } from './writer-engine';

export interface ServerEngineOptions {
  /** Base URL (`http://localhost:8000/v1`) or the full `…/chat/completions` URL. */
  url: string;
  /** Model name as the server knows it. */
  model: string;
  /** Bearer token; the extension reads it from SecretStorage. Omitted for local servers without auth. */
  apiKey?: string;
  /** Per-attempt timeout (ms). Default 60000. */
  timeoutMs?: number;
  /** Retries after the first attempt for 429, 5xx, timeouts and network errors. Default 3. */
  maxRetries?: number;
  /** First backoff delay (ms), doubled each retry. Default 500. */
  backoffMs?: number;
  /** Longest wait between attempts, also caps Retry-After (ms). Default 30000. */
  maxBackoffMs?: number;
  maxTokens?: number;
  temperature?: number;
  /** Rough context size (characters) for the prompt; PDF sections are added while they fit. Default 12000. */
  maxPromptChars?: number;
  /** Tokens a paragraph of a draft may take (the draft is written paragraph by paragraph). Default 768. */
  paragraphMaxTokens?: number;
  /** Requests in flight at once while drafting many works. Default 4. */
  concurrency?: number;
  /** Largest reply read, in bytes (default 1 MiB): a server that streams without end must not fill the memory. */
  maxReplyBytes?: number;
  /**
   * The longest one attempt may take, from the request to the reply's last byte (default 300000): the silence limit
   * (`timeoutMs`) alone never ends a server that sends keep-alives forever.
   */
  deadlineMs?: number;
  /** The limits of a streamed reply, where a test needs small ones (default REPLY_LIMITS['chat-stream']). */
  streamLimits?: Partial<ReplyLimits>;
  /**
   * Ask for a streamed reply (default true): SSE from OpenAI-compatible servers, NDJSON from Ollama's native
   * /api/chat. The reply is read only until the first sentence is complete, and the time limit is per chunk, so a
   * slow first token or a long reply does not end the request.
   */
  stream?: boolean;
  /** Injected in tests. */
  fetchImpl?: typeof fetch;
}

/** A reply body read within the limits of its purpose; a cut one is refused (a partial JSON reply is no reply). */
async function readWhole(response: Response, endpoint: string, limits: ReplyLimits, startedAt: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  const { bytes, cut } = await readReplyBytes(response.body, limits, { startedAt, declaredBytes: Number.isFinite(declared) && declared > 0 ? declared : null });
  if (cut === 'silence') throw new SilentReply();
  if (cut) throw new ServerError(`${endpoint} ${describeCut(cut, 'chat-reply', limits)}`, cut === 'bytes' || cut === 'line' ? 413 : undefined);
  return new TextDecoder().decode(bytes);
}

/** `http://host:port` → `/v1/chat/completions`; `…/v1` → `…/v1/chat/completions`; a full URL stays as it is. */
export function chatCompletionsUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new ServerError(`citescribe.server.url '${url}' is not a valid URL.`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new ServerError(`citescribe.server.url '${url}' must be http(s).`);
  const p = u.pathname.replace(/\/+$/, '');
  // Ollama's native chat endpoint (NDJSON) is taken as it is too.
  if (/\/chat\/completions$/.test(p) || /\/api\/chat$/.test(p)) return u.toString();
  u.pathname = p === '' ? '/v1/chat/completions' : `${p}/chat/completions`;
  return u.toString();
}

export { retryAfterMs } from '../util/wait';

const REPLY_LIMITS_DEADLINE = limitsFor('chat-stream').deadlineMs;

/** A reply that went silent (a stream before its first word): retried, as a server that does not answer is. */
class SilentReply extends Error {}

interface ChatCompletionReply {
  choices?: { message?: { content?: unknown }; text?: unknown }[];
  /** Ollama's native /api/chat without streaming. */
  message?: { content?: unknown };
  error?: { message?: string } | string;
}

export class ServerEngine extends SentenceWriterEngine {
  readonly id = 'server';
  readonly endpoint: string;
  private readonly fetchImpl: typeof fetch;

  constructor(readonly options: ServerEngineOptions) {
    super();
    if (!options.model) throw new ServerError('The server backend needs a model name (citescribe.server.model / --model).');
    this.endpoint = chatCompletionsUrl(options.url);
    if (options.apiKey) assertKeyTransport(this.endpoint);
    this.fetchImpl = options.fetchImpl ?? fetch;
    this.draftConcurrency = Math.max(1, options.concurrency ?? 4);
  }

  protected async writeRaw(paper: PaperRecord, _source: PaperSource, req: CitationRequest, options: EngineOptions): Promise<RawSentence> {
    const limit = this.options.maxPromptChars ?? 12000;
    const messages = chatMessages(
      paper,
      req.style,
      (m) => m.reduce((n, x) => n + x.content.length, 0) <= limit,
      req.ownAbstract,
    );
    options.progress?.report(0, 1, `Asking ${new URL(this.endpoint).host}`);
    const reply = await this.completeWithNotes(messages, options.signal);
    options.progress?.report(1, 1);
    return reply;
  }

  /** A paragraph of a draft: the whole reply is read (to the paragraph's token limit), not only its first sentence. */
  protected override chatParagraph(messages: ChatMessage[], signal?: AbortSignal): Promise<RawSentence> {
    return this.completeWithNotes(messages, signal, { whole: true, maxTokens: this.options.paragraphMaxTokens ?? 768 });
  }

  protected override paragraphPromptFits(messages: ChatMessage[]): boolean {
    return messages.reduce((n, m) => n + m.content.length, 0) <= (this.options.maxPromptChars ?? 12000);
  }

  /** One chat completion with retries; returns the assistant message text. */
  async complete(messages: ChatMessage[], signal?: AbortSignal): Promise<string> {
    return (await this.completeWithNotes(messages, signal)).text;
  }

  private async completeWithNotes(messages: ChatMessage[], signal?: AbortSignal, reading: { whole?: boolean; maxTokens?: number } = {}): Promise<RawSentence> {
    const maxRetries = this.options.maxRetries ?? 3;
    const timeoutMs = this.options.timeoutMs ?? 60000;
    const stream = this.options.stream ?? true;
    const maxTokens = reading.maxTokens ?? this.options.maxTokens ?? 96;
    const native = /\/api\/chat$/.test(new URL(this.endpoint).pathname);
    const body = JSON.stringify(
      native
        ? { model: this.options.model, messages, stream, options: { temperature: this.options.temperature ?? 0, num_predict: maxTokens } }
        : { model: this.options.model, messages, max_tokens: maxTokens, temperature: this.options.temperature ?? 0, stream },
    );
    const accept = !stream ? 'application/json' : native ? 'application/x-ndjson' : 'text/event-stream';
    const headers: Record<string, string> = { 'content-type': 'application/json', accept };
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    let lastError: ServerError | undefined;
    for (let attempt = 0; attempt <= maxRetries; attempt++) {
      if (signal?.aborted) throw new CancelledError();
      const timeout = new AbortController();
      const startedAt = Date.now();
      const deadlineMs = this.options.deadlineMs ?? REPLY_LIMITS_DEADLINE;
      // Until the headers come the limit is the silence (and the deadline); then the body reader keeps both.
      const timer = setTimeout(() => timeout.abort(), Math.min(timeoutMs, deadlineMs));
      const combined = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal;
      let waitHint: number | undefined;
      try {
        const response = await this.fetchImpl(this.endpoint, { method: 'POST', headers, body, signal: combined });
        clearTimeout(timer);
        const type = response.headers.get('content-type') ?? '';
        if (response.ok && stream && response.body && /event-stream|ndjson/.test(type)) {
          const streamed = await readStream(response.body, /event-stream/.test(type) ? 'sse' : 'ndjson', {
            enough: reading.whole ? () => false : firstSentenceComplete,
            // A model that ignores max_tokens is read to what that many tokens could hold (about 16 characters each).
            maxChars: maxTokens * 16,
            limits: limitsFor('chat-stream', { silenceMs: timeoutMs, deadlineMs, ...this.options.streamLimits }),
            startedAt,
          });
          const text = withoutThinking(streamed.text).trim();
          if (streamed.ended === 'cut') {
            // Silence before any text is a server that did not answer: tried again, as a timeout is.
            if (!text && streamed.cutBy === 'silence') throw new SilentReply();
            // A reply cut at a limit is never taken for a complete one: without text it is an error, with text a flag.
            if (!text) throw new ServerError(`${this.endpoint}: ${streamed.cut}, and no text came`);
            return { text, notes: [`the reply was cut short: ${streamed.cut}`] };
          }
          const notes = streamed.ended === 'cut-off' && endsMidSentence(text) ? ['the reply stopped mid-sentence'] : [];
          return { text, notes };
        }
        const limits = limitsFor('chat-reply', { silenceMs: timeoutMs, deadlineMs, maxBytes: this.options.maxReplyBytes });
        const raw = await readWhole(response, this.endpoint, limits, startedAt);
        if (response.ok) return this.parseReply(raw, maxTokens);
        // A server that echoes the request would print the key in our error: such a body is not shown at all.
        const key = this.options.apiKey;
        const detail = key && raw.includes(key) ? ' (reply not shown: it contains the API key)' : errorDetail(raw);
        if (response.status === 429 || response.status >= 500) {
          waitHint = retryAfterMs(response.headers.get('retry-after'));
          lastError = new ServerError(`${this.endpoint} answered HTTP ${response.status}${detail}`, response.status);
        } else {
          const hint =
            response.status === 401 || response.status === 403
              ? ' (check the API key stored for citescribe.server)'
              : response.status === 404
                ? ` (check the URL and that the server serves model '${this.options.model}')`
                : '';
          throw new ServerError(`${this.endpoint} answered HTTP ${response.status}${detail}${hint}`, response.status);
        }
      } catch (err) {
        if (signal?.aborted) throw new CancelledError();
        if (err instanceof ServerError && err.status === 413) throw err;
        if (err instanceof SilentReply) {
          lastError = new ServerError(`${this.endpoint} did not answer within ${timeoutMs} ms`);
        } else if (err instanceof ServerError) {
          if (err.status === undefined || (err.status !== 429 && err.status < 500)) throw err;
        } else if (timeout.signal.aborted) {
          lastError = new ServerError(`${this.endpoint} did not answer within ${timeoutMs} ms`);
        } else {
          lastError = new ServerError(`${this.endpoint} could not be reached: ${(err as Error).message}`);
        }
      } finally {
        clearTimeout(timer);
      }
      if (attempt < maxRetries) {
        const backoff = (this.options.backoffMs ?? 500) * 2 ** attempt;
        await sleep(Math.min(waitHint ?? backoff, this.options.maxBackoffMs ?? 30000), signal);
      }
    }
    throw new ServerError(`${lastError?.message ?? 'request failed'} (gave up after ${maxRetries + 1} attempts)`, lastError?.status);
  }

  private parseReply(raw: string, maxTokens: number): RawSentence {
    let reply: ChatCompletionReply;
    try {
      reply = JSON.parse(raw) as ChatCompletionReply;
    } catch {
      throw new ServerError(`${this.endpoint} sent a malformed reply (not JSON): ${redactKey(raw.slice(0, 120), this.options.apiKey)}`);
    }
    const choice = reply?.choices?.[0];
    const content = choice?.message?.content ?? choice?.text ?? reply?.message?.content;
    if (typeof content !== 'string') {
      const why = reply?.error ? `: ${typeof reply.error === 'string' ? reply.error : reply.error.message}` : '';
      throw new ServerError(
        redactKey(`${this.endpoint} sent a malformed reply (no choices[0].message.content string)${why}: ${raw.slice(0, 120)}`, this.options.apiKey),
      );
    }
    // Reasoning models may wrap thoughts in <think>…</think>; only the answer counts. A model that ignores
    // max_tokens is cut to what that many tokens could hold (about 16 characters each, generously).
    const answer = content.replace(/<think>[\s\S]*?<\/think>/g, '').trim();
    const maxChars = maxTokens * 16;
    if (answer.length <= maxChars) return { text: answer };
    return { text: answer.slice(0, maxChars), notes: [`the reply was cut short: it passed ${maxChars} characters`] };
  }
}

function errorDetail(raw: string): string {
  try {
    const parsed = JSON.parse(raw) as { error?: { message?: string } | string; message?: string };
    const message = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    if (message) return `: ${message}`;
  } catch {
    // not JSON: fall through
  }
  return raw ? `: ${raw.slice(0, 120)}` : '';
}
