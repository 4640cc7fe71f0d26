// Reading a network reply within bounds. A server — broken, hostile, or a proxy gone wrong — can send a body without
// end: 6 GB of "embeddings", one line of 1.6 GB without a newline, ": ping" keep-alives forever, a 100 MB model list.
// Every reader of a network reply goes through here, with the limits of its purpose from REPLY_LIMITS: a byte cap,
// a line cap (for line-based streams), a deadline for the whole reply next to the silence timer, and a count cap
// for lists. A reply stopped at a limit comes back marked `cut`, so that no caller takes it for a complete one.
//
//   const { bytes, cut } = await readReplyBytes(response.body, limitsFor('model-list', { silenceMs: 600 }));
//   if (cut) throw new ReplyCutError(cut, 'model-list', limits);   // "the model list passed its 4 MiB cap"

/** What a reply is read for: each has its own limits. */
export type ReplyPurpose = 'chat-reply' | 'chat-stream' | 'embedding-batch' | 'metadata-record' | 'pdf' | 'model-list';

export interface ReplyLimits {
  /** Bytes read at most; more is not read (the connection is closed). */
  maxBytes: number;
  /** Longest line (bytes between two newlines) of a line-based reply (SSE, NDJSON). */
  maxLineBytes: number;
  /** Entries taken from a list the reply holds (models, search results). */
  maxItems: number;
  /** The whole body must have come within this, however steadily it trickles (keep-alives included). */
  deadlineMs: number;
  /** The longest wait for the next chunk. */
  silenceMs: number;
}

const KiB = 1024;
const MiB = 1024 * KiB;

/**
 * The limits of each purpose, declared once. Callers may tighten the times from their own settings (a `--timeout`),
 * and tests inject small ones; the sizes are fixed here.
 */
export const REPLY_LIMITS: Readonly<Record<ReplyPurpose, Readonly<ReplyLimits>>> = {
  // One chat completion as JSON: a sentence, or a reasoning model's thoughts and a sentence. 1 MiB is ~250k tokens.
  'chat-reply': { maxBytes: 1 * MiB, maxLineBytes: 1 * MiB, maxItems: 1, deadlineMs: 300_000, silenceMs: 60_000 },
  // A streamed reply is read only to its first sentence (a few KiB of events); an event line of 256 KiB is no token.
  // Five minutes leaves a slow CPU-only model its prompt and 96 tokens.
  'chat-stream': { maxBytes: 1 * MiB, maxLineBytes: 256 * KiB, maxItems: 1, deadlineMs: 300_000, silenceMs: 60_000 },
  // 64 texts × a 4,096-wide vector as JSON is about 6 MiB.
  'embedding-batch': { maxBytes: 32 * MiB, maxLineBytes: 32 * MiB, maxItems: 4096, deadlineMs: 120_000, silenceMs: 60_000 },
  // One OpenAlex / Crossref / Semantic Scholar / arXiv record or page of search results: well under 1 MiB, even with
  // every author and reference listed.
  'metadata-record': { maxBytes: 8 * MiB, maxLineBytes: 8 * MiB, maxItems: 50, deadlineMs: 15_000, silenceMs: 15_000 },
  // A scanned book is large; a larger "PDF" is a mistake or an attack.
  pdf: { maxBytes: 200 * MiB, maxLineBytes: 200 * MiB, maxItems: 1, deadlineMs: 300_000, silenceMs: 15_000 },
  // Ollama's /api/tags or /v1/models: ~300 bytes a model, so 4 MiB holds thousands; nobody lists more than 1,000.
  'model-list': { maxBytes: 4 * MiB, maxLineBytes: 4 * MiB, maxItems: 1000, deadlineMs: 5_000, silenceMs: 5_000 },
};

/** The limits of `purpose`, with the times (or, in tests, the sizes) the caller sets. */
export function limitsFor(purpose: ReplyPurpose, overrides: Partial<ReplyLimits> = {}): ReplyLimits {
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)) as Partial<ReplyLimits>;
  return { ...REPLY_LIMITS[purpose], ...defined };
}

/** Why a reply was stopped before its end. */
export type CutReason = 'bytes' | 'line' | 'deadline' | 'silence';

const PURPOSE_NAMES: Record<ReplyPurpose, string> = {
  'chat-reply': 'a chat reply',
  'chat-stream': 'a streamed chat reply',
  'embedding-batch': 'a batch of embeddings',
  'metadata-record': 'a metadata record',
  pdf: 'a PDF',
  'model-list': 'a model list',
};

function size(bytes: number): string {
  return bytes >= MiB ? `${+(bytes / MiB).toFixed(1)} MiB` : bytes >= KiB ? `${+(bytes / KiB).toFixed(1)} KiB` : `${bytes} bytes`;
}

function duration(ms: number): string {
  return ms >= 1000 ? `${+(ms / 1000).toFixed(1)} s` : `${ms} ms`;
}

/** "passed the 4 MiB cap for a model list; stopped reading" and the like. */
export function describeCut(reason: CutReason, purpose: ReplyPurpose, limits: ReplyLimits): string {
  const what = PURPOSE_NAMES[purpose];
  switch (reason) {
    case 'bytes':
      return `passed the ${size(limits.maxBytes)} cap for ${what}; stopped reading`;
    case 'line':
      return `sent a line longer than the ${size(limits.maxLineBytes)} cap for ${what}; stopped reading`;
    case 'deadline':
      return `did not finish ${what} within ${duration(limits.deadlineMs)}; stopped reading`;
    case 'silence':
      return `went silent for ${duration(limits.silenceMs)} in the middle of ${what}; stopped reading`;
  }
}

/** A reply stopped at one of its limits: never a complete one. */
export class ReplyCutError extends Error {
  constructor(
    readonly reason: CutReason,
    readonly purpose: ReplyPurpose,
    limits: ReplyLimits,
    who = 'the server',
  ) {
    super(`${who} ${describeCut(reason, purpose, limits)}`);
    this.name = 'ReplyCutError';
  }
}

type Body = ReadableStream<Uint8Array> | null | undefined;

interface ReadOptions {
  /** When the request was sent (Date.now()): the deadline counts from there, the wait for headers included. */
  startedAt?: number;
  /** The Content-Length the server declared: over the cap, nothing is read. */
  declaredBytes?: number | null;
}

/** Reads chunks until the end, a limit, or `onChunk` says stop; the reader is cancelled (connection closed) on a cut. */
async function readChunks(
  body: Body,
  limits: ReplyLimits,
  options: ReadOptions,
  onChunk: (chunk: Uint8Array) => 'stop' | CutReason | void,
): Promise<{ cut?: CutReason; stopped: boolean }> {
  if (!body) return { stopped: false };
  const reader = body.getReader();
  const started = options.startedAt ?? Date.now();
  const close = async () => void (await reader.cancel().catch(() => undefined));
  if (options.declaredBytes !== undefined && options.declaredBytes !== null && options.declaredBytes > limits.maxBytes) {
    await close();
    return { cut: 'bytes', stopped: false };
  }
  let total = 0;
  for (;;) {
    const left = started + limits.deadlineMs - Date.now();
    if (left <= 0) {
      await close();
      return { cut: 'deadline', stopped: false };
    }
    const wait = Math.min(left, limits.silenceMs);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), wait)));
    let next: ReadableStreamReadResult<Uint8Array> | 'timeout';
    try {
      next = await Promise.race([reader.read(), timedOut]);
    } finally {
      clearTimeout(timer);
    }
    if (next === 'timeout') {
      await close();
      return { cut: wait < limits.silenceMs ? 'deadline' : 'silence', stopped: false };
    }
    if (next.done) return { stopped: false };
    let chunk = next.value;
    const room = limits.maxBytes - total;
    const over = chunk.byteLength > room;
    if (over) chunk = chunk.subarray(0, room);
    total += chunk.byteLength;
    let said: ReturnType<typeof onChunk>;
    try {
      said = onChunk(chunk);
    } catch (err) {
      // A malformed event ends the read: the connection is closed, not left to stream on.
      await close();
      throw err;
    }
    if (said === 'stop') {
      await close();
      return { stopped: true };
    }
    if (said) {
      await close();
      return { cut: said, stopped: false };
    }
    if (over) {
      await close();
      return { cut: 'bytes', stopped: false };
    }
  }
}

/** The whole body as bytes, up to the limits; `cut` says why it stopped short (the bytes so far come with it). */
export async function readReplyBytes(body: Body, limits: ReplyLimits, options: ReadOptions = {}): Promise<{ bytes: Buffer; cut?: CutReason }> {
  const chunks: Uint8Array[] = [];
  const { cut } = await readChunks(body, limits, options, (chunk) => void chunks.push(chunk));
  return { bytes: Buffer.concat(chunks), ...(cut && { cut }) };
}

/**
 * The body line by line (without "\n" or "\r\n"; a last line without its newline included), up to the limits.
 * `onLine` returns true to stop reading there (the connection is closed). `cut` says why it stopped short.
 */
export async function readReplyLines(
  body: Body,
  limits: ReplyLimits,
  onLine: (line: string) => boolean | void,
  options: ReadOptions = {},
): Promise<{ cut?: CutReason; stopped: boolean }> {
  const decoder = new TextDecoder();
  // The bytes of the line begun but not ended. A newline byte is never inside a UTF-8 sequence, so each line
  // decodes on its own.
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const emit = (parts: Uint8Array[]): boolean => onLine(decoder.decode(Buffer.concat(parts)).replace(/\r$/, '')) === true;
  const result = await readChunks(body, limits, options, (chunk) => {
    let start = 0;
    for (let nl = chunk.indexOf(0x0a); nl >= 0; nl = chunk.indexOf(0x0a, start)) {
      const line = [...pending, chunk.subarray(start, nl)];
      if (pendingBytes + nl - start > limits.maxLineBytes) return 'line';
      pending = [];
      pendingBytes = 0;
      start = nl + 1;
      if (emit(line)) return 'stop';
    }
    if (start < chunk.byteLength) {
      pending.push(chunk.slice(start));
      pendingBytes += chunk.byteLength - start;
      if (pendingBytes > limits.maxLineBytes) return 'line';
    }
  });
  if (result.cut || result.stopped) return result;
  // A last line without its newline still counts.
  if (pendingBytes > 0 && emit(pending)) return { stopped: true };
  return result;
}
