// Sentence embeddings from the model server the user already runs: the OpenAI API's POST /v1/embeddings
// ({model, input} → {data: [{index, embedding}]}) or Ollama's native POST /api/embed ({model, input} →
// {embeddings}). Usable wherever an ONNX sentence encoder is (draft planning): vectors come back unit length,
// cached per text for the session, in batches.
import type { EmbedTexts } from '../types';
import { CancelledError } from '../types';
import { assertKeyTransport } from './api-key';
import { cachedEmbeddings, unitLength } from './embedder';
import { ServerError } from './errors';

export interface ServerEmbedderOptions {
  /** `http://127.0.0.1:11434/api/embed` (Ollama), or an OpenAI-compatible base (`…/v1`) or `…/v1/embeddings`. */
  url: string;
  model: string;
  apiKey?: string;
  /** Texts per request. Default 64. */
  batchSize?: number;
  timeoutMs?: number;
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
    const timeout = AbortSignal.timeout(options.timeoutMs ?? 60_000);
    let response: Response;
    try {
      response = await fetchImpl(endpoint, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: options.model, input: texts }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (err) {
      if (signal?.aborted) throw new CancelledError();
      throw new ServerError(timeout.aborted ? `${endpoint} did not answer in time` : `${endpoint} could not be reached: ${(err as Error).message}`);
    }
    const raw = await response.text();
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
