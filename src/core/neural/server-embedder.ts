// Sentence embeddings from the model server the user already runs: the OpenAI API's POST /v1/embeddings
// ({model, input} → {data: [{index, embedding}]}) or Ollama's native POST /api/embed ({model, input} →
// {embeddings}). Usable wherever an ONNX sentence encoder is (draft planning): vectors come back unit length,
// cached per text for the session, in batches.
import type { EmbedTexts } from '../types';
import { CancelledError } from '../types';
import { assertKeyTransport } from './api-key';
import { cachedEmbeddings, unitLength } from './embedder';
import { ServerError } from './errors';
import { describeCut, limitsFor, readReplyBytes, type ReplyLimits } from '../util/bounded-read';

interface ServerEmbedderOptions {
  /** `http://127.0.0.1:11434/api/embed` (Ollama), or an OpenAI-compatible base (`…/v1`) or `…/v1/embeddings`. */
  url: string;
  model: string;
  apiKey?: string;
  /** Texts per request. Default 64. */
  batchSize?: number;
  /** The longest silence, waiting for the reply or within it (default 60000). */
  timeoutMs?: number;
  /** The longest one batch may take, from the request to the reply's last byte (default 120000). */
  deadlineMs?: number;
  /** The size limits of a batch's reply, where a test needs small ones (default REPLY_LIMITS['embedding-batch']). */
  limits?: Partial<ReplyLimits>;
  fetchImpl?: typeof fetch;
}

/** Where to POST, and in which format. */
export function embeddingsEndpoint(url: string): { endpoint: string; native: boolean } {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new ServerError(`embeddings URL '${url}' is not a valid URL`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new ServerError(`embeddings URL '${url}' must be http(s)`);
  const p = u.pathname.replace(/\/+$/, '');
  u.pathname = /\/api\/embed$|\/embeddings$/.test(p) ? p : p === '' ? '/v1/embeddings' : `${p}/embeddings`;
  if (/\/api\/embed$/.test(p)) return { endpoint: u.toString(), native: true };
  return { endpoint: u.toString(), native: false };
}

function isVector(v: unknown): v is number[] {
  return Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'number' && Number.isFinite(x));
}

export function serverEmbedder(options: ServerEmbedderOptions): EmbedTexts {
  const { endpoint, native } = embeddingsEndpoint(options.url);
  if (options.apiKey) assertKeyTransport(endpoint);
  const fetchImpl = options.fetchImpl ?? fetch;
  const batchSize = Math.max(1, options.batchSize ?? 64);
  const embedBatch = async (texts: readonly string[], signal?: AbortSignal): Promise<number[][]> => {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
    const limits = limitsFor('embedding-batch', { silenceMs: options.timeoutMs, deadlineMs: options.deadlineMs, ...options.limits });
    const startedAt = Date.now();
    // Until the headers come, the limit is the silence (and the deadline); then the body reader keeps both.
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), Math.min(limits.silenceMs, limits.deadlineMs));
    let response: Response;
    try {
      response = await fetchImpl(endpoint, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: options.model, input: texts }),
        signal: signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal,
      });
    } catch (err) {
      if (signal?.aborted) throw new CancelledError();
      if (!timeout.signal.aborted) throw new ServerError(`${endpoint} could not be reached: ${(err as Error).message}`);
      // The run's deadline can pass before the headers come (a busy server, a slow first connection): say so in the
      // same words as when it passes mid-body, e.g. "did not finish a batch of embeddings within 400 ms".
      if (limits.deadlineMs <= limits.silenceMs) throw new ServerError(`${endpoint} ${describeCut('deadline', 'embedding-batch', limits)} (${texts.length} texts, model '${options.model}')`);
      throw new ServerError(`${endpoint} did not answer in time`);
    } finally {
      clearTimeout(timer);
    }
    let read: Awaited<ReturnType<typeof readReplyBytes>>;
    try {
      // The reader keeps its own times: the headers' timer must not cut the body.
      read = await readReplyBytes(response.body, limits, { startedAt, declaredBytes: Number(response.headers.get('content-length')) || null });
    } catch (err) {
      if (signal?.aborted) throw new CancelledError();
      throw new ServerError(`${endpoint} broke off its reply: ${(err as Error).message}`);
    }
    if (read.cut) throw new ServerError(`${endpoint} ${describeCut(read.cut, 'embedding-batch', limits)} (${texts.length} texts, model '${options.model}')`);
    const raw = read.bytes.toString('utf8');
    if (!response.ok) throw new ServerError(`${endpoint} answered HTTP ${response.status}: ${raw.slice(0, 120)}`, response.status);
    let body: { embeddings?: unknown[]; data?: { index?: number; embedding?: unknown }[] };
    try {
      body = JSON.parse(raw);
    } catch {
      throw new ServerError(`${endpoint} sent a reply that is not JSON`);
    }
    const vectors = native
      ? body.embeddings
      : [...(body.data ?? [])].sort((a, b) => (a.index ?? 0) - (b.index ?? 0)).map((d) => d.embedding);
    if (!Array.isArray(vectors) || vectors.length !== texts.length || !vectors.every(isVector)) {
      throw new ServerError(`${endpoint} did not send one embedding per text (${texts.length} asked, model '${options.model}')`);
    }
    const width = vectors[0].length;
    if (!vectors.every((v) => v.length === width)) throw new ServerError(`${endpoint} sent embeddings of different widths`);
    return vectors.map(unitLength);
  };
  return cachedEmbeddings(async (texts, signal) => {
    const out: number[][] = [];
    for (let i = 0; i < texts.length; i += batchSize) out.push(...(await embedBatch(texts.slice(i, i + batchSize), signal)));
    return out;
  });
}
