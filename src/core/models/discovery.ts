// Local model servers as researchers run them, found by asking where they usually listen: Ollama (:11434,
// /api/tags), LM Studio (:1234), the llama.cpp server (:8080) and vLLM (:8000), the last three by the OpenAI API's
// GET /v1/models — plus any URL the user lists. Only 127.0.0.1 unless configured; short timeouts, so a machine with
// none of them answers in well under a second. Each server is given back with the OpenAI-compatible base URL the
// server engine talks to (Ollama's is /v1) and its models, with size and context length where the server says.

import { limitsFor, readReplyBytes, ReplyCutError, REPLY_LIMITS } from '../util/bounded-read';

type ServerKind = 'ollama' | 'lmstudio' | 'llamacpp' | 'vllm' | 'openai';

interface DiscoveredModel {
  /** The name the server knows it by ("llama3.2:3b", "qwen2.5-7b-instruct"). */
  id: string;
  sizeBytes?: number;
  contextLength?: number;
  /** "3.2B · Q4_K_M", where the server says. */
  details?: string;
}

export interface DiscoveredServer {
  kind: ServerKind;
  label: string;
  /** OpenAI-compatible base URL, for citescribe.server.url. */
  baseUrl: string;
  models: DiscoveredModel[];
  /** Set for a configured URL that did not answer as a model server, or a server whose list was cut at a limit. */
  error?: string;
  /** Models not listed: past the count cap (REPLY_LIMITS['model-list'].maxItems), or with an id no server gives. */
  modelsLeftOut?: number;
}

const SERVER_LABELS: Record<ServerKind, string> = {
  ollama: 'Ollama',
  lmstudio: 'LM Studio',
  llamacpp: 'llama.cpp server',
  vllm: 'vLLM',
  openai: 'OpenAI-compatible server',
};

/** Where each runtime listens by default. */
const DEFAULT_PROBES: ReadonlyArray<{ kind: ServerKind; url: string }> = [
  { kind: 'ollama', url: 'http://127.0.0.1:11434' },
  { kind: 'lmstudio', url: 'http://127.0.0.1:1234/v1' },
  { kind: 'llamacpp', url: 'http://127.0.0.1:8080/v1' },
  { kind: 'vllm', url: 'http://127.0.0.1:8000/v1' },
];

type FetchJson = (url: string, timeoutMs: number) => Promise<unknown>;

async function getJson(url: string, timeoutMs: number): Promise<unknown> {
  // The whole answer, headers and body, within the timeout; the body within the size cap of a model list.
  const limits = limitsFor('model-list', { silenceMs: timeoutMs, deadlineMs: timeoutMs });
  const startedAt = Date.now();
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { Accept: 'application/json' } });
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    throw new Error(e.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (e.cause?.code ?? e.message));
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new Error(`HTTP ${response.status}`);
  }
  let read: Awaited<ReturnType<typeof readReplyBytes>>;
  try {
    read = await readReplyBytes(response.body, limits, { startedAt, declaredBytes: Number(response.headers.get('content-length')) || null });
  } catch (err) {
    const e = err as Error;
    throw new Error(e.name === 'TimeoutError' || e.name === 'AbortError' ? `no answer within ${timeoutMs} ms` : e.message);
  }
  if (read.cut) throw new ReplyCutError(read.cut, 'model-list', limits, url);
  try {
    return JSON.parse(read.bytes.toString('utf8'));
  } catch {
    throw new Error('the answer is not JSON');
  }
}

/** Longest model id listed: real ones are tens of characters ("hf.co/bartowski/Qwen2.5-7B-Instruct-GGUF:Q4_K_M"). */
const MAX_MODEL_ID_CHARS = 256;

/** The first models of a list, to the count cap; ids no server gives (kilobytes long) are left out too. */
function withinCap(models: DiscoveredModel[]): { models: DiscoveredModel[]; modelsLeftOut?: number } {
  const sane = models.filter((m) => m.id.length <= MAX_MODEL_ID_CHARS);
  const kept = sane.slice(0, REPLY_LIMITS['model-list'].maxItems);
  const leftOut = models.length - kept.length;
  return leftOut ? { models: kept, modelsLeftOut: leftOut } : { models: kept };
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined;
}

/** Ollama's GET /api/tags: {models: [{name, size, details: {parameter_size, quantization_level}}]}. */
function modelsFromOllamaTags(body: unknown): DiscoveredModel[] | undefined {
  const models = (body as { models?: unknown })?.models;
  if (!Array.isArray(models)) return undefined;
  return models.flatMap((m) => {
    const r = m as { name?: unknown; model?: unknown; size?: unknown; details?: { parameter_size?: unknown; quantization_level?: unknown } };
    const id = typeof r.name === 'string' ? r.name : typeof r.model === 'string' ? r.model : undefined;
    if (!id) return [];
    const details = [r.details?.parameter_size, r.details?.quantization_level].filter((d): d is string => typeof d === 'string' && d !== '').join(' · ');
    return [{ id, ...(num(r.size) && { sizeBytes: num(r.size) }), ...(details && { details }) }];
  });
}

/** The OpenAI API's GET /v1/models: {data: [{id}]}, with llama.cpp's meta.n_ctx_train or vLLM's max_model_len. */
function modelsFromOpenAiList(body: unknown): DiscoveredModel[] | undefined {
  const data = (body as { data?: unknown })?.data;
  if (!Array.isArray(data)) return undefined;
  return data.flatMap((m) => {
    const r = m as { id?: unknown; max_model_len?: unknown; context_length?: unknown; meta?: { n_ctx_train?: unknown; size?: unknown } };
    if (typeof r.id !== 'string' || !r.id) return [];
    const contextLength = num(r.max_model_len) ?? num(r.context_length) ?? num(r.meta?.n_ctx_train);
    const sizeBytes = num(r.meta?.size);
    return [{ id: r.id, ...(contextLength && { contextLength }), ...(sizeBytes && { sizeBytes }) }];
  });
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** One server: Ollama's native list where the kind says so (or may: a configured URL), else /v1/models. */
async function probe(kind: ServerKind | undefined, url: string, fetchJson: FetchJson, timeoutMs: number): Promise<DiscoveredServer> {
  const base = trimSlash(url);
  const root = base.replace(/\/v1$/, '');
  if (kind === 'ollama' || kind === undefined) {
    try {
      const models = modelsFromOllamaTags(await fetchJson(`${root}/api/tags`, timeoutMs));
      if (models) return { kind: 'ollama', label: SERVER_LABELS.ollama, baseUrl: `${root}/v1`, ...withinCap(models) };
    } catch (err) {
      // A list cut at a limit came from a server that answered: said, not taken for a server that is not there.
      if (kind === 'ollama' || err instanceof ReplyCutError) throw err;
    }
  }
  const v1 = /\/v1$/.test(base) ? base : `${base}/v1`;
  const models = modelsFromOpenAiList(await fetchJson(`${v1}/models`, timeoutMs));
  if (!models) throw new Error('not a model server (no model list at /v1/models)');
  const k = kind === undefined || kind === 'ollama' ? 'openai' : kind;
  return { kind: k, label: SERVER_LABELS[k], baseUrl: v1, ...withinCap(models) };
}

interface DiscoveryOptions {
  /** More servers to ask (citescribe.server.urls); listed with their error when they do not answer. */
  urls?: readonly string[];
  /** The default places (default: DEFAULT_PROBES); tests point them at their own servers. */
  probes?: ReadonlyArray<{ kind: ServerKind; url: string }>;
  timeoutMs?: number;
  fetchJson?: FetchJson;
}

export async function discoverServers(options: DiscoveryOptions = {}): Promise<DiscoveredServer[]> {
  const timeoutMs = options.timeoutMs ?? 600;
  const fetchJson = options.fetchJson ?? getJson;
  const probes = options.probes ?? DEFAULT_PROBES;
  const failed = (url: string, err: unknown): DiscoveredServer => ({ kind: 'openai', label: SERVER_LABELS.openai, baseUrl: trimSlash(url), models: [], error: (err as Error).message });
  // An unanswered default place is not listed (nothing runs there); one whose list was cut at a limit is.
  const defaults = probes.map((p) => probe(p.kind, p.url, fetchJson, timeoutMs).catch((err) => (err instanceof ReplyCutError ? failed(p.url, err) : undefined)));
  const configured = (options.urls ?? []).map((url) => probe(undefined, url, fetchJson, timeoutMs).catch((err) => failed(url, err)));
  const found = (await Promise.all([...defaults, ...configured])).filter((s): s is DiscoveredServer => !!s);
  // A configured URL that is one of the default places is listed once.
  const seen = new Set<string>();
  return found.filter((s) => (seen.has(s.baseUrl) ? false : (seen.add(s.baseUrl), true)));
}

/** "2.0 GB · 3.2B · Q4_K_M · 8,192 tokens" */
export function describeModel(m: DiscoveredModel): string {
  const parts: string[] = [];
  if (m.sizeBytes) parts.push(`${(m.sizeBytes / 1e9).toFixed(1)} GB`);
  if (m.details) parts.push(m.details);
  if (m.contextLength) parts.push(`${m.contextLength.toLocaleString('en-US')} tokens`);
  return parts.join(' · ');
}
