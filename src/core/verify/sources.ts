// The services verify asks, built on enrichment's clients (the same polite client, User-Agent, rate limits and base
// URLs), plus DBLP. Which identifiers each can look a work up by decides whether "no record for this DOI" from it
// is evidence: Crossref holds no arXiv DOIs (DataCite mints those) and DBLP looks nothing up by identifier.
import { DEFAULT_ENDPOINTS, makeClient, type EnrichOptions } from '../enrich/enrich';
import { doiForLookup, type WorkIds } from '../enrich/identifiers';
import type { FetchLike } from '../enrich/http';
import { arxivSource } from '../enrich/sources/arxiv';
import { crossrefSource } from '../enrich/sources/crossref';
import { dblpSource } from '../enrich/sources/dblp';
import { openAlexSource } from '../enrich/sources/openalex';
import { semanticScholarSource } from '../enrich/sources/semantic-scholar';
import type { FoundWork, LookupResult } from '../enrich/sources/types';
import { PoliteClient } from '../enrich/http';
import { userAgent } from '../enrich/enrich';
import { isPreprintVenue } from './compare';
import { VERIFY_LABELS, VERIFY_SOURCES, type VerifySourceName } from './names';
import type { VerifyEntry } from './types';

const always = () => true;

// The names and labels live apart (./names) so that the editor can name sources without loading the clients.
export { VERIFY_LABELS, VERIFY_SOURCES, type VerifySourceName };
export const VERIFY_ENDPOINTS: Readonly<Record<VerifySourceName, string>> = {
  openalex: DEFAULT_ENDPOINTS.openalex,
  crossref: DEFAULT_ENDPOINTS.crossref,
  semanticscholar: DEFAULT_ENDPOINTS.semanticscholar,
  dblp: 'https://dblp.org',
  arxiv: DEFAULT_ENDPOINTS.arxiv,
};

export interface VerifySource {
  readonly name: VerifySourceName;
  readonly label: string;
  /** The identifier this source would look the entry up by, if any. */
  idFor(ids: WorkIds): { kind: 'doi' | 'arxiv' | 'acl'; value: string } | undefined;
  lookup(ids: WorkIds): Promise<LookupResult | undefined>;
  searchTitle(title: string, limit?: number): Promise<FoundWork[]>;
  /** False for entries this source cannot hold (arXiv holds preprints only): its silence is then no evidence. */
  covers(entry: VerifyEntry): boolean;
}

interface SourceOptions {
  fetch: FetchLike;
  endpoints?: Partial<Record<VerifySourceName, string>>;
  contact?: string;
  rateLimit?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** Published limits: DBLP asks for no more than one request a second or so. */
const DBLP_INTERVAL_MS = 1000;

export function makeVerifySource(name: VerifySourceName, options: SourceOptions): VerifySource {
  const base = options.endpoints?.[name] ?? VERIFY_ENDPOINTS[name];
  const clientOptions: Pick<EnrichOptions, 'fetch' | 'contact' | 'rateLimit' | 'timeoutMs' | 'signal' | 'sleep'> = {
    fetch: options.fetch,
    ...(options.contact && { contact: options.contact }),
    rateLimit: options.rateLimit !== false,
    ...(options.timeoutMs && { timeoutMs: options.timeoutMs }),
    ...(options.signal && { signal: options.signal }),
    ...(options.sleep && { sleep: options.sleep }),
  };
  const mailto = options.contact ? { mailto: options.contact } : {};
  switch (name) {
    case 'openalex': {
      const source = openAlexSource({ client: makeClient('openalex', clientOptions), base, ...mailto });
      return { ...source, name, covers: always, idFor: (ids) => asId(doiForLookup(ids), ids) };
    }
    case 'crossref': {
      const source = crossrefSource({ client: makeClient('crossref', clientOptions), base, ...mailto });
      return { ...source, name, covers: always, idFor: (ids) => { const t = doiForLookup(ids); return t && t.via !== 'arxiv' ? asId(t, ids) : undefined; } };
    }
    case 'semanticscholar': {
      const source = semanticScholarSource({ client: makeClient('semanticscholar', clientOptions), base });
      return {
        ...source,
        name,
        covers: always,
        idFor: (ids) => (ids.doi ? { kind: 'doi', value: ids.doi } : ids.arxiv ? { kind: 'arxiv', value: ids.arxiv } : ids.acl ? { kind: 'acl', value: ids.acl } : undefined),
      };
    }
    case 'arxiv': {
      const source = arxivSource({ client: makeClient('arxiv', clientOptions), base });
      return { ...source, name, covers: (entry) => !!entry.arxiv || isPreprintVenue(entry.venue), idFor: (ids) => (ids.arxiv ? { kind: 'arxiv', value: ids.arxiv } : undefined) };
    }
    case 'dblp': {
      const client = new PoliteClient({
        service: 'DBLP',
        fetch: options.fetch,
        userAgent: userAgent(options.contact),
        minIntervalMs: options.rateLimit === false ? 0 : DBLP_INTERVAL_MS,
        ...(options.timeoutMs && { timeoutMs: options.timeoutMs }),
        ...(options.signal && { signal: options.signal }),
        ...(options.sleep && { sleep: options.sleep }),
      });
      const source = dblpSource({ client, base });
      return { name, label: source.label, covers: always, idFor: () => undefined, lookup: async () => undefined, searchTitle: (t, limit) => source.searchTitle(t, limit) };
    }
  }
}

function asId(target: ReturnType<typeof doiForLookup>, ids: WorkIds): { kind: 'doi' | 'arxiv' | 'acl'; value: string } | undefined {
  if (!target) return undefined;
  return { kind: target.via, value: target.via === 'arxiv' ? ids.arxiv! : target.via === 'acl' ? ids.acl! : target.doi };
}
