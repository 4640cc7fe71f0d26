// Online enrichment: for each entry without an abstract, ask the chosen services in order — by DOI, arXiv id or
// anthology id first, by title last (accepted only when the title, year and first author agree) — and keep the
// first abstract found in the library database with its source, URL and date. Opt-in and never silent: the caller
// decides to run it; nothing here runs on its own, and the .bib files are never written.
import * as path from 'node:path';
import type { EnrichTarget, FoundSource, LibraryStore } from '../library/store-types';
import { CancelledError, throwIfCancelled } from '../types';
import { OfflineError, PoliteClient, ServiceError, type FetchLike } from './http';
import { workIds } from './identifiers';
import { judgeTitleMatch } from './match';
import { downloadPdf, pdfCandidates } from './pdfs';
import { arxivSource } from './sources/arxiv';
import { crossrefSource } from './sources/crossref';
import { openAlexSource } from './sources/openalex';
import { semanticScholarSource } from './sources/semantic-scholar';
import type { FoundWork, OnlineSource } from './sources/types';
import { SOURCE_LABELS } from './labels';
import type { EndpointName, OnlineSourceName } from './endpoint-names';
import { REPLY_LIMITS } from '../util/bounded-read';

export type { EndpointName, OnlineSourceName } from './endpoint-names';
export const ONLINE_SOURCES: readonly OnlineSourceName[] = ['openalex', 'semanticscholar', 'crossref', 'arxiv'];
export const DEFAULT_ENDPOINTS: Readonly<Record<EndpointName, string>> = {
  openalex: 'https://api.openalex.org',
  semanticscholar: 'https://api.semanticscholar.org',
  crossref: 'https://api.crossref.org',
  arxiv: 'https://export.arxiv.org',
  'arxiv-pdf': 'https://arxiv.org',
  aclanthology: 'https://aclanthology.org',
};
export { SOURCE_LABELS } from './labels';

/**
 * Least time between requests to each service, from their published limits: OpenAlex 10/s, Semantic Scholar's
 * shared pool about 1/s, Crossref's public pool 5/s, arXiv one request every 3 s.
 */
const MIN_INTERVAL_MS: Readonly<Record<EndpointName | 'open-access', number>> = {
  openalex: 100,
  semanticscholar: 1000,
  crossref: 200,
  arxiv: 3000,
  'arxiv-pdf': 3000,
  aclanthology: 500,
  'open-access': 1000,
};

export interface EnrichOptions {
  store: LibraryStore;
  fetch: FetchLike;
  /** Services to ask, in order (default: all four). */
  sources?: readonly OnlineSourceName[];
  endpoints?: Partial<Record<EndpointName, string>>;
  /** Contact address sent in the User-Agent and as `mailto` (OpenAlex, Crossref). */
  contact?: string;
  semanticScholarApiKey?: string;
  /** Only these entries (e.g. the keys a document cites); default every entry. */
  keys?: readonly string[];
  /** Download open-access PDFs of entries without one into this folder. */
  pdfFolder?: string;
  /** Ask again where an earlier run found nothing (default: those entries are skipped for that service). */
  retry?: boolean;
  /** False only for benchmarks against a local server. */
  rateLimit?: boolean;
  /** Per request (default 15 s; a service that does not answer is asked three times). */
  timeoutMs?: number;
  /**
   * The whole run (default 30 minutes, DEFAULT_ENRICH_DEADLINE_MS): an unresponsive service costs 45 s an entry, so
   * without one a run over a library of such entries never ends in practice. Entries left when it passes are reported
   * as not looked up, and a second run carries on from them (what was found is kept; what was asked, skipped).
   */
  deadlineMs?: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number, message?: string) => void;
  /** YYYY-MM-DD stamped on what is found (default today, UTC). */
  today?: string;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface EnrichReport {
  /** Entries (of those asked for) that had no abstract. */
  considered: number;
  /** Of those, the ones never looked up: the run was cancelled, or no service could be reached. */
  notLookedUp: string[];
  /** Entries that already had one (from their .bib, Zotero or an earlier run). */
  alreadyGrounded: number;
  found: { key: string; source: FoundSource; matchedBy: string; url: string }[];
  /** Entries no service had an abstract for. */
  notFound: string[];
  /** Title-search results turned down, with why: the false friends. */
  rejected: { key: string; source: FoundSource; title: string; why: string }[];
  /** Lookups skipped because an earlier run found nothing there (run with retry to ask again). */
  skippedTried: number;
  pdfs: { key: string; path: string; url: string }[];
  /** One line per service error (timeouts, 5xx, malformed answers), and services that could not be reached. */
  problems: string[];
  cancelled: boolean;
  /** The run stopped before the end: why, in words ("the 30-minute deadline of the run passed"). */
  stoppedBecause?: string;
}

/**
 * 30 minutes: a library of 300 entries asked of all four services at their polite rates (arXiv: one request every
 * 3 s) takes about 20; a run that has not finished by then is waiting on services that do not answer.
 */
export const DEFAULT_ENRICH_DEADLINE_MS = 30 * 60_000;

/** The library database refused a write (locked past its busy timeout, the disk full…): the run stops there. */
class StoreWriteFailed extends Error {}

/** Runs a write to the library database; a failure stops the run (with what was saved so far reported). */
function saving<T>(key: string, write: () => T): T {
  try {
    return write();
  } catch (err) {
    const e = err as { code?: unknown; message?: string };
    if (typeof e.code === 'string' && e.code.startsWith('SQLITE_')) {
      throw new StoreWriteFailed(`${key}: the library database refused the write (${e.message}); stopped there — what was saved before is kept, run enrich again for the rest`);
    }
    throw err;
  }
}

function minutes(ms: number): string {
  return ms >= 60_000 ? `${+(ms / 60_000).toFixed(1)}-minute` : `${+(ms / 1000).toFixed(1)}-second`;
}

export function userAgent(contact?: string): string {
  return `CiteScribe/0.1 (VS Code extension; https://github.com/citescribe/citescribe${contact ? `; mailto:${contact}` : ''})`;
}

function makeSource(name: OnlineSourceName, options: EnrichOptions, endpoints: Record<EndpointName, string>): OnlineSource {
  const client = makeClient(name, options);
  const settings = { client, base: endpoints[name], ...(options.contact && { mailto: options.contact }) };
  switch (name) {
    case 'openalex':
      return openAlexSource(settings);
    case 'semanticscholar':
      return semanticScholarSource(settings);
    case 'crossref':
      return crossrefSource(settings);
    case 'arxiv':
      return arxivSource(settings);
  }
}

export function makeClient(
  name: EndpointName | 'open-access',
  options: Pick<EnrichOptions, 'fetch' | 'contact' | 'rateLimit' | 'timeoutMs' | 'signal' | 'sleep' | 'semanticScholarApiKey'>,
): PoliteClient {
  return new PoliteClient({
    service: name === 'arxiv-pdf' ? 'arXiv' : name === 'open-access' ? 'open-access PDF host' : SOURCE_LABELS[name],
    fetch: options.fetch,
    userAgent: userAgent(options.contact),
    minIntervalMs: options.rateLimit === false ? 0 : MIN_INTERVAL_MS[name],
    ...(options.timeoutMs && { timeoutMs: options.timeoutMs }),
    ...(options.signal && { signal: options.signal }),
    ...(options.sleep && { sleep: options.sleep }),
    ...(name === 'semanticscholar' && options.semanticScholarApiKey && { headers: { 'x-api-key': options.semanticScholarApiKey } }),
  });
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The record for one entry from one source: by identifier, else by title with the match judged. */
async function askSource(source: OnlineSource, entry: EnrichTarget, report: EnrichReport): Promise<{ work: FoundWork; matchedBy: 'doi' | 'arxiv' | 'acl' | 'title' } | undefined> {
  const ids = workIds(entry);
  const byId = await source.lookup(ids);
  if (byId?.work.abstract) return { work: byId.work, matchedBy: byId.via };
  if (!entry.title.trim()) return undefined;
  // A search answers a handful; a service that lists thousands is read to the count cap of a metadata record.
  for (const work of (await source.searchTitle(entry.title)).slice(0, REPLY_LIMITS['metadata-record'].maxItems)) {
    const verdict = judgeTitleMatch(entry, work);
    if (verdict.accepted) {
      if (work.abstract) return { work, matchedBy: 'title' };
      continue;
    }
    if (verdict.similarity >= 0.9) report.rejected.push({ key: entry.key, source: source.name, title: work.title, why: verdict.why });
  }
  // An identifier match without an abstract still names a PDF.
  return byId ? { work: byId.work, matchedBy: byId.via } : undefined;
}

export async function enrichLibrary(callerOptions: EnrichOptions): Promise<EnrichReport> {
  const { store } = callerOptions;
  // Every request and every wait ends at the run's deadline as at a Cancel.
  const deadlineMs = callerOptions.deadlineMs ?? DEFAULT_ENRICH_DEADLINE_MS;
  const deadline = AbortSignal.timeout(deadlineMs);
  const signal = callerOptions.signal ? AbortSignal.any([callerOptions.signal, deadline]) : deadline;
  const options: EnrichOptions = { ...callerOptions, signal };
  const endpoints = { ...DEFAULT_ENDPOINTS, ...options.endpoints };
  const stamp = options.today ?? today();
  const names = options.sources?.length ? options.sources : ONLINE_SOURCES;
  const sources = names.map((n) => makeSource(n, options, endpoints));
  const reachable = new Set(sources.map((s) => s.name));
  const report: EnrichReport = { considered: 0, notLookedUp: [], alreadyGrounded: 0, found: [], notFound: [], rejected: [], skippedTried: 0, pdfs: [], problems: [], cancelled: false };
  const targets = store.enrichTargets(options.keys);
  const pdfClients = options.pdfFolder ? new Map<string, PoliteClient>() : undefined;
  const work = targets.filter((t) => !t.abstractFrom || (pdfClients && !t.hasPdf && !store.foundFiles(t.key).length));
  report.alreadyGrounded = targets.filter((t) => t.abstractFrom).length;
  report.considered = targets.length - report.alreadyGrounded;
  const lookedUp = new Set<string>();
  try {
    for (const [i, entry] of work.entries()) {
      throwIfCancelled(signal);
      options.onProgress?.(i, work.length, entry.key);
      if (!reachable.size) break;
      const pdfUrls: { url: string; source: FoundSource }[] = [];
      if (!entry.abstractFrom) {
        let found = false;
        const tried = new Map(store.enrichAttempts(entry.key).map((a) => [a.source, a.outcome]));
        for (const source of sources) {
          if (!reachable.has(source.name)) continue;
          if (!options.retry && tried.has(source.name) && tried.get(source.name) !== 'found') {
            report.skippedTried++;
            continue;
          }
          let answer: Awaited<ReturnType<typeof askSource>>;
          const rejectedBefore = report.rejected.length;
          try {
            answer = await askSource(source, entry, report);
          } catch (err) {
            if (err instanceof OfflineError) {
              reachable.delete(source.name);
              report.problems.push(err.message);
              continue;
            }
            if (err instanceof ServiceError) {
              report.problems.push(`${entry.key}: ${err.message}`);
              continue;
            }
            throw err;
          }
          if (answer?.work.pdfUrl) pdfUrls.push({ url: answer.work.pdfUrl, source: source.name });
          if (answer?.work.abstract) {
            const work = answer.work;
            saving(entry.key, () =>
              store.saveFoundAbstract({
                key: entry.key,
                abstract: work.abstract!,
                source: source.name,
                url: work.url,
                retrieved: stamp,
                matchedBy: answer.matchedBy,
                workTitle: work.title,
              }),
            );
            saving(entry.key, () => store.recordEnrichAttempt({ key: entry.key, source: source.name, outcome: 'found', tried: stamp }));
            report.found.push({ key: entry.key, source: source.name, matchedBy: answer.matchedBy, url: answer.work.url });
            found = true;
            break;
          }
          const outcome = report.rejected.length > rejectedBefore ? 'rejected' : 'not-found';
          saving(entry.key, () => store.recordEnrichAttempt({ key: entry.key, source: source.name, outcome, tried: stamp }));
        }
        if (!found && reachable.size) report.notFound.push(entry.key);
        if (found || reachable.size) lookedUp.add(entry.key);
      }
      if (pdfClients && options.pdfFolder && !entry.hasPdf && !store.foundFiles(entry.key).length) {
        for (const candidate of pdfCandidates(workIds(entry), pdfUrls, endpoints)) {
          const client = pdfClients.get(candidate.host) ?? pdfClients.set(candidate.host, makeClient(candidate.host, options)).get(candidate.host)!;
          try {
            const file = await downloadPdf(client, candidate.url, path.join(options.pdfFolder, `${safeFileName(entry.key)}.pdf`));
            if (!file) continue;
            saving(entry.key, () => store.saveFoundFile({ key: entry.key, path: file, source: candidate.source, url: candidate.url, retrieved: stamp }));
            report.pdfs.push({ key: entry.key, path: file, url: candidate.url });
            break;
          } catch (err) {
            if (err instanceof OfflineError || err instanceof ServiceError) {
              report.problems.push(`${entry.key}: ${err.message}`);
              continue;
            }
            throw err;
          }
        }
      }
    }
    options.onProgress?.(work.length, work.length);
  } catch (err) {
    // OnlineLookupsOff (untrusted workspace, lookups not turned on) ends the run and reaches the caller as it is.
    if (err instanceof StoreWriteFailed) {
      report.problems.push(err.message);
      report.stoppedBecause = 'the library database refused a write';
    } else if (err instanceof CancelledError && deadline.aborted && !callerOptions.signal?.aborted) {
      report.stoppedBecause = `the ${minutes(deadlineMs)} deadline of the run passed`;
    } else if (err instanceof CancelledError) {
      report.cancelled = true;
      report.stoppedBecause = 'cancelled';
    } else throw err;
  }
  report.notLookedUp = work.filter((e) => !e.abstractFrom && !lookedUp.has(e.key)).map((e) => e.key);
  if (report.stoppedBecause?.includes('deadline')) {
    const entries = `${report.notLookedUp.length} entr${report.notLookedUp.length === 1 ? 'y' : 'ies'}`;
    report.problems.push(
      `${report.stoppedBecause} (--deadline): ${entries} not looked up; run enrich again to carry on — what was found is kept`,
    );
  }
  if (!reachable.size && sources.length) report.problems.push('no service could be reached: check the network, a proxy, or citescribe.enrich.endpoints');
  return report;
}

/** A key as a file name: "Smith:2020/a" → "Smith_2020_a". */
function safeFileName(key: string): string {
  return key.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 120) || 'entry';
}
