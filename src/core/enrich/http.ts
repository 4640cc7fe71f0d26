// One polite HTTP client per service: a User-Agent with a contact address, at most one request per interval, waits
// out 429/503 with their Retry-After, backs off on 5xx, times out, and stops at once when cancelled. A refused
// connection (offline, a wrong base URL) is not retried: it ends the run with one message, since every later
// request would fail the same way.
import { CancelledError, throwIfCancelled } from '../types';
import { describeCut, limitsFor, readReplyBytes, type ReplyPurpose } from '../util/bounded-read';
import { retryAfterMs, sleep } from '../util/wait';

/**
 * The part of WHATWG fetch this client uses (Node's global fetch; tests may pass their own). The body is read as a
 * stream, within the limits of its purpose (util/bounded-read): never whole, whatever its size.
 */
export type FetchLike = (
  url: string,
  init: { headers: Record<string, string>; signal: AbortSignal },
) => Promise<{ status: number; headers: { get(name: string): string | null }; body: ReadableStream<Uint8Array> | null }>;

export class OfflineError extends Error {
  constructor(
    readonly service: string,
    readonly url: string,
    cause: string,
  ) {
    super(`${service} could not be reached at ${new URL(url).origin} (${cause}): no further requests were made`);
    this.name = 'OfflineError';
  }
}

export class ServiceError extends Error {
  constructor(
    readonly service: string,
    message: string,
  ) {
    super(`${service}: ${message}`);
    this.name = 'ServiceError';
  }
}

interface ClientOptions {
  service: string;
  fetch: FetchLike;
  userAgent: string;
  /** Least time between two requests' starts (0: no limit, for benchmarks against a local server). */
  minIntervalMs: number;
  timeoutMs?: number;
  /** Tries after the first, for 5xx answers and timeouts. */
  retries?: number;
  /** Longest Retry-After this client waits; a longer one ends this service's part of the run. */
  maxWaitMs?: number;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Injected in tests so that waits take no time. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

interface HttpAnswer {
  status: number;
  url: string;
  body: Buffer;
  contentType: string;
}

export { retryAfterMs, sleep };

const CONNECTION_FAILURES = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ENETUNREACH|EHOSTUNREACH|ECONNRESET|getaddrinfo|fetch failed/i;

function failureCause(err: unknown): string {
  const e = err as { message?: string; cause?: { code?: string; message?: string } };
  return e.cause?.code ?? e.cause?.message ?? e.message ?? String(err);
}

export class PoliteClient {
  private lastStart = -Infinity;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(private readonly options: ClientOptions) {
    this.sleep = options.sleep ?? sleep;
  }

  get service(): string {
    return this.options.service;
  }

  /**
   * GET `url`; 2xx and 404 come back as answers, anything else that persists throws. The body is read within the
   * limits of `purpose` (a metadata record: 8 MiB, the timeout; a PDF: 200 MiB, 5 minutes): one cut at a size limit
   * is a ServiceError that says so, never an answer.
   */
  async get(url: string, accept = 'application/json', purpose: ReplyPurpose = 'metadata-record'): Promise<HttpAnswer> {
    const { retries = 2, timeoutMs = 15_000, maxWaitMs = 60_000, signal } = this.options;
    // A metadata record comes whole within the timeout; a PDF may take longer, but not go silent for longer.
    const limits = limitsFor(purpose, { silenceMs: timeoutMs, ...(purpose === 'metadata-record' && { deadlineMs: timeoutMs }) });
    const noAnswer = () => new ServiceError(this.service, `no answer within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`} from ${url}`);
    let backoffMs = 1000;
    for (let attempt = 0; ; attempt++) {
      throwIfCancelled(signal);
      await this.waitForTurn();
      const startedAt = Date.now();
      // Until the headers come the limit is the timeout; then the body reader keeps the silence and the deadline.
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(), timeoutMs);
      const combined = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal;
      let response: Awaited<ReturnType<FetchLike>>;
      let body: Buffer;
      try {
        try {
          response = await this.options.fetch(url, {
            headers: { 'User-Agent': this.options.userAgent, Accept: accept, ...this.options.headers },
            signal: combined,
          });
        } finally {
          clearTimeout(timer);
        }
        const declared = Number(response.headers.get('content-length'));
        const read = await readReplyBytes(response.body, limits, { startedAt, declaredBytes: Number.isFinite(declared) && declared > 0 ? declared : null });
        if (read.cut === 'silence' || read.cut === 'deadline') {
          if (attempt < retries) continue;
          throw noAnswer();
        }
        if (read.cut) throw new ServiceError(this.service, `the answer for ${url} ${describeCut(read.cut, purpose, limits)}`);
        body = read.bytes;
      } catch (err) {
        if (signal?.aborted) throw new CancelledError();
        if (err instanceof ServiceError) throw err;
        // The policy gate refused before any connection: not a service failure, the end of the run.
        if ((err as Error).name === 'OnlineLookupsOff') throw err;
        if (timeout.signal.aborted) {
          if (attempt < retries) continue;
          throw noAnswer();
        }
        const cause = failureCause(err);
        if (CONNECTION_FAILURES.test(cause) || CONNECTION_FAILURES.test(String((err as Error).message))) {
          throw new OfflineError(this.service, url, cause);
        }
        throw new ServiceError(this.service, `${cause} for ${url}`);
      }
      const status = response.status;
      if (status === 429 || status === 503) {
        const wait = retryAfterMs(response.headers.get('retry-after')) ?? backoffMs;
        if (wait > maxWaitMs || attempt >= retries + 2) {
          throw new ServiceError(this.service, `rate limited (HTTP ${status}, retry after ${Math.round(wait / 1000)} s): stopped asking`);
        }
        await this.sleep(wait, signal);
        backoffMs *= 2;
        continue;
      }
      if (status >= 500) {
        if (attempt < retries) {
          await this.sleep(backoffMs, signal);
          backoffMs *= 2;
          continue;
        }
        throw new ServiceError(this.service, `HTTP ${status} for ${url}`);
      }
      return { status, url, body, contentType: response.headers.get('content-type') ?? '' };
    }
  }

  /** GET and parse JSON; undefined for 404 (and 400, which services answer for ids they cannot read). */
  async getJson(url: string): Promise<unknown | undefined> {
    const answer = await this.get(url);
    if (answer.status === 404 || answer.status === 400) return undefined;
    if (answer.status < 200 || answer.status >= 300) throw new ServiceError(this.service, `HTTP ${answer.status} for ${url}`);
    try {
      return JSON.parse(answer.body.toString('utf8'));
    } catch {
      throw new ServiceError(this.service, `the answer for ${url} is not JSON`);
    }
  }

  private async waitForTurn(): Promise<void> {
    const wait = this.lastStart + this.options.minIntervalMs - Date.now();
    if (wait > 0) await this.sleep(wait, this.options.signal);
    this.lastStart = Date.now();
  }
}
