// A stand-in on 127.0.0.1 for OpenAlex, Crossref, DBLP, Semantic Scholar and arXiv, answering in each one's
// documented format (OpenAlex work objects, Crossref's {status, message}, DBLP's {result: {hits: {hit}}}, the Graph
// API's papers, arXiv's Atom) with the true records of the benchmark's works. Its title search ranks every work by
// the rare words it shares with the query and returns the best ones, as the services do: a query for an invented
// title still gets answers, the nearest real works.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TrueWork } from './truth';

export interface StandIn {
  url: string;
  endpoints: Record<'openalex' | 'crossref' | 'dblp' | 'semanticscholar' | 'arxiv', string>;
  requests: number;
  /** Every request's path and query, decoded, in order (for tests of the request formats). */
  log: string[];
  close(): Promise<void>;
}

function fold(text: string): string[] {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 1);
}

function xml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

class TitleIndex {
  private readonly df = new Map<string, number>();
  private readonly words: Set<string>[];

  constructor(private readonly works: readonly TrueWork[]) {
    this.words = works.map((w) => new Set(fold(w.title)));
    for (const set of this.words) for (const w of set) this.df.set(w, (this.df.get(w) ?? 0) + 1);
  }

  search(query: string, limit: number): TrueWork[] {
    const q = new Set(fold(query));
    const scored: { work: TrueWork; score: number }[] = [];
    this.works.forEach((work, i) => {
      let score = 0;
      for (const w of q) if (this.words[i].has(w)) score += Math.log(1 + this.works.length / (this.df.get(w) ?? 1));
      if (score > 0) scored.push({ work, score });
    });
    return scored.sort((a, b) => b.score - a.score).slice(0, limit).map((s) => s.work);
  }
}

const personName = (p: { given: string; family: string }) => (p.given ? `${p.given} ${p.family}` : p.family);
const name = personName;

function openAlexWork(w: TrueWork, select: string | null): Record<string, unknown> {
  const name = (p: { given: string; family: string }) => (w.quirks?.openAlexPlainNames ? plainName(personName(p)) : personName(p));
  const full: Record<string, unknown> = {
    id: `https://openalex.org/W${4000000000 + w.id}`,
    doi: `https://doi.org/${w.doi.toLowerCase()}`,
    title: w.title,
    display_name: w.title,
    publication_year: w.onlineYear,
    publication_date: `${w.onlineYear}-06-01`,
    type: w.venueKind === 'book' ? 'book-chapter' : 'article',
    authorships: w.authors.map((a, i) => ({
      author_position: i === 0 ? 'first' : 'middle',
      author: { id: `https://openalex.org/A${w.id * 100 + i}`, display_name: name(a) },
      raw_author_name: name(a),
    })),
    primary_location: {
      is_oa: false,
      source: w.venue
        ? {
            id: `https://openalex.org/S${w.id}`,
            display_name: w.venue,
            type: w.venueKind === 'proceedings' ? 'conference' : w.venueKind === 'journal' ? 'journal' : 'book series',
          }
        : null,
    },
    best_oa_location: null,
    open_access: { is_oa: false },
    abstract_inverted_index: null,
  };
  if (!select) return full;
  return Object.fromEntries(select.split(',').filter((k) => k in full).map((k) => [k, full[k]]));
}

function crossrefTitle(w: TrueWork): { title: string[]; subtitle?: string[] } {
  let title = w.title;
  if (w.quirks?.crossrefMarkup) {
    const words = title.split(' ');
    const longest = words.reduce((a, b) => (b.length > a.length ? b : a), '');
    title = words.map((x) => (x === longest ? `<i>${x}</i>` : x)).join(' ').replace(/&/g, '&amp;');
  }
  const colon = title.indexOf(': ');
  if (w.quirks?.crossrefSubtitle && colon > 0) return { title: [title.slice(0, colon)], subtitle: [title.slice(colon + 2)] };
  return { title: [title] };
}

function plainName(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
}

function crossrefWork(w: TrueWork): Record<string, unknown> {
  return {
    DOI: w.doi,
    type: w.venueKind === 'proceedings' ? 'proceedings-article' : w.venueKind === 'journal' ? 'journal-article' : 'book-chapter',
    ...crossrefTitle(w),
    author: w.authors.map((a, i) => ({ given: a.given || undefined, family: a.family, sequence: i === 0 ? 'first' : 'additional', affiliation: [] })),
    'container-title': w.venue ? [w.venue] : [],
    issued: { 'date-parts': [[w.year]] },
    'published-print': { 'date-parts': [[w.year]] },
    'published-online': { 'date-parts': [[w.onlineYear]] },
    URL: `https://doi.org/${w.doi}`,
  };
}

function dblpHit(w: TrueWork, i: number): Record<string, unknown> {
  const authors = w.authors.map((a) => ({ '@pid': `p/${w.id}`, text: name(a) }));
  return {
    '@score': String(10 - i),
    '@id': String(w.id),
    info: {
      authors: { author: authors.length === 1 ? authors[0] : authors },
      title: `${w.title}.`,
      venue: w.venue,
      year: String(w.year),
      type: w.venueKind === 'proceedings' ? 'Conference and Workshop Papers' : w.venueKind === 'journal' ? 'Journal Articles' : 'Parts in Books or Collections',
      doi: w.doi,
      ee: `https://doi.org/${w.doi}`,
      url: `https://dblp.org/rec/journals/x/${w.id}`,
    },
    url: `URL#${w.id}`,
  };
}

function s2Paper(w: TrueWork): Record<string, unknown> {
  return {
    paperId: `s2-${w.id}`,
    title: w.title,
    year: w.year,
    venue: w.venue,
    authors: w.authors.map((a, i) => ({ authorId: String(w.id * 100 + i), name: name(a) })),
    externalIds: { DOI: w.doi, ...(w.arxiv && { ArXiv: w.arxiv }) },
    abstract: null,
    openAccessPdf: null,
  };
}

function atomEntry(w: TrueWork): string {
  return `<entry><id>http://arxiv.org/abs/${w.arxiv}v1</id><published>${w.onlineYear}-01-15T00:00:00Z</published><title>${xml(w.title)}</title>
<summary>Summary.</summary>${w.authors.map((a) => `<author><name>${xml(name(a))}</name></author>`).join('')}<arxiv:doi>${xml(w.doi)}</arxiv:doi></entry>`;
}

export async function startStandIn(works: readonly TrueWork[]): Promise<StandIn> {
  const index = new TitleIndex(works);
  const byDoi = new Map(works.map((w) => [w.doi.toLowerCase(), w]));
  const byArxiv = new Map(works.filter((w) => w.arxiv).map((w) => [w.arxiv!, w]));
  const arxivIndex = new TitleIndex(works.filter((w) => w.arxiv));
  let requests = 0;
  const log: string[] = [];
  const server = http.createServer((req, res) => {
    requests++;
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const decode = (text: string) => {
      try {
        return decodeURIComponent(text);
      } catch {
        return text;
      }
    };
    if (log.length < 10_000) log.push(decode(url.pathname + url.search));
    const path = decode(url.pathname);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    const limit = (param: string, fallback: number) => Math.min(Number(url.searchParams.get(param) ?? fallback) || fallback, 50);
    // ---- OpenAlex: /works/doi:10.…, /works/https://doi.org/10.…, /works?search=
    if (path.startsWith('/openalex/works/')) {
      const id = path.slice('/openalex/works/'.length).replace(/^doi:|^https:\/\/doi\.org\//i, '');
      const w = byDoi.get(id.toLowerCase()) ?? (/^10\.48550\/arxiv\.(.+)$/i.exec(id) && byArxiv.get(/^10\.48550\/arxiv\.(.+)$/i.exec(id)![1]));
      return w ? json(200, openAlexWork(w, url.searchParams.get('select'))) : json(404, { error: 'NotFoundError', message: `No entity found with id ${id}` });
    }
    if (path === '/openalex/works') {
      const hits = index.search(url.searchParams.get('search') ?? '', limit('per-page', 25));
      return json(200, {
        meta: { count: hits.length, db_response_time_ms: 3, page: 1, per_page: limit('per-page', 25) },
        results: hits.map((w) => openAlexWork(w, url.searchParams.get('select'))),
        group_by: [],
      });
    }
    // ---- Crossref: /works/{DOI}, /works?query.bibliographic=
    if (path.startsWith('/crossref/works/')) {
      const w = byDoi.get(path.slice('/crossref/works/'.length).toLowerCase());
      if (!w) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        return res.end('Resource not found.');
      }
      return json(200, { status: 'ok', 'message-type': 'work', 'message-version': '1.0.0', message: crossrefWork(w) });
    }
    if (path === '/crossref/works') {
      const hits = index.search(url.searchParams.get('query.bibliographic') ?? '', limit('rows', 20));
      return json(200, {
        status: 'ok',
        'message-type': 'work-list',
        'message-version': '1.0.0',
        message: { 'total-results': hits.length, items: hits.map(crossrefWork), 'items-per-page': hits.length },
      });
    }
    // ---- DBLP: /search/publ/api?q=&format=json&h=
    if (path === '/dblp/search/publ/api') {
      const hits = index.search(url.searchParams.get('q') ?? '', limit('h', 30));
      const body = {
        result: {
          query: url.searchParams.get('q'),
          status: { '@code': '200', text: 'OK' },
          hits: { '@total': String(hits.length), '@sent': String(hits.length), '@first': '0', ...(hits.length && { hit: hits.map(dblpHit) }) },
        },
      };
      return json(200, body);
    }
    // ---- Semantic Scholar: /graph/v1/paper/search, /graph/v1/paper/DOI:…|ARXIV:…
    if (path === '/s2/graph/v1/paper/search') {
      const hits = index.search(url.searchParams.get('query') ?? '', limit('limit', 10));
      return json(200, { total: hits.length, offset: 0, data: hits.map(s2Paper) });
    }
    if (path.startsWith('/s2/graph/v1/paper/')) {
      const id = path.slice('/s2/graph/v1/paper/'.length);
      const w = id.startsWith('DOI:') ? byDoi.get(id.slice(4).toLowerCase()) : id.startsWith('ARXIV:') ? byArxiv.get(id.slice(6)) : undefined;
      return w ? json(200, s2Paper(w)) : json(404, { error: `Paper with id ${id} not found` });
    }
    // ---- arXiv: /api/query?id_list= | search_query=ti:"…"
    if (path === '/arxiv/api/query') {
      const ids = (url.searchParams.get('id_list') ?? '').split(',').filter(Boolean);
      const found = ids.length
        ? ids.map((i) => byArxiv.get(i.replace(/v\d+$/, ''))).filter((w): w is TrueWork => !!w)
        : arxivIndex.search((url.searchParams.get('search_query') ?? '').replace(/^ti:/, ''), limit('max_results', 10));
      res.writeHead(200, { 'content-type': 'application/atom+xml' });
      return res.end(
        `<?xml version="1.0" encoding="UTF-8"?>\n` +
          `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:arxiv="http://arxiv.org/schemas/atom"><title>ArXiv Query</title>` +
          `${found.map(atomEntry).join('\n')}</feed>`,
      );
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  // Longer than Node's 5 s: a benchmark run pauses between sources, and a socket the server closes just as the
  // client reuses it reads as a reset connection.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    endpoints: { openalex: `${url}/openalex`, crossref: `${url}/crossref`, dblp: `${url}/dblp`, semanticscholar: `${url}/s2`, arxiv: `${url}/arxiv` },
    get requests() {
      return requests;
    },
    log,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
