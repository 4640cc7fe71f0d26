// A local stand-in for OpenAlex, Semantic Scholar, Crossref, arXiv and the PDF hosts, on 127.0.0.1: it answers in
// each service's documented format (OpenAlex work objects with abstract_inverted_index, the Graph API's paper
// objects, Crossref's {status, message} with a JATS abstract, arXiv's Atom feed) with records the test writes.
// Faults are switched on per path prefix: 429 with Retry-After, 500s, malformed JSON, a hang, an answer without end,
// and it logs every request.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeWork {
  title: string;
  abstract?: string;
  year?: number;
  /** Display names, first author first. */
  authors: string[];
  doi?: string;
  arxiv?: string;
  acl?: string;
  /** Serve a PDF for this work (arXiv and anthology copies, and as the services' open-access URL). */
  pdf?: boolean;
}

export type Fault =
  | { kind: 'status'; status: number; times: number; retryAfter?: string }
  | { kind: 'malformed' }
  | { kind: 'hang' }
  /** 200 and a JSON answer that never ends (blank padding, as fast as the client reads); `sent` counts its bytes. */
  | { kind: 'endless'; sent: number };

export interface ScholarlyServer {
  url: string;
  /** Base URLs for EnrichOptions.endpoints. */
  endpoints: Record<'openalex' | 'semanticscholar' | 'crossref' | 'arxiv' | 'arxiv-pdf' | 'aclanthology', string>;
  requests: { path: string; userAgent: string }[];
  works: FakeWork[];
  /** Requests whose path starts with the prefix meet the fault (`times` of them, for status faults). */
  faults: Map<string, Fault>;
  close(): Promise<void>;
}

function invertedIndex(text: string): Record<string, number[]> {
  const index: Record<string, number[]> = {};
  text.split(/\s+/).forEach((w, i) => (index[w] ??= []).push(i));
  return index;
}

function xml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A minimal valid PDF whose page says the work's title. */
export function tinyPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 18 Tf 72 700 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 18 Tf 72 700 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

function similarTitle(work: FakeWork, query: string): boolean {
  const words = (s: string) => new Set(s.toLowerCase().replace(/[^a-z0-9 ]/g, ' ').split(/\s+/).filter(Boolean));
  const q = words(query);
  const t = words(work.title);
  let shared = 0;
  for (const w of q) if (t.has(w)) shared++;
  return shared / Math.max(q.size, 1) >= 0.6;
}

export async function startScholarlyServer(works: FakeWork[] = []): Promise<ScholarlyServer> {
  const state = { requests: [] as ScholarlyServer['requests'], works, faults: new Map<string, Fault>() };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const pathname = decodeURIComponent(url.pathname);
    state.requests.push({ path: decodeURIComponent(url.pathname + url.search), userAgent: String(req.headers['user-agent'] ?? '') });
    for (const [prefix, fault] of state.faults) {
      if (!pathname.startsWith(prefix)) continue;
      if (fault.kind === 'hang') return; // never answers: the client's timeout must end it
      if (fault.kind === 'endless') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"results": [');
        const padding = ' '.repeat(64 * 1024);
        const more = () => {
          while (!res.destroyed && res.write(padding)) fault.sent += padding.length;
          if (!res.destroyed) res.once('drain', more);
        };
        return more();
      }
      if (fault.kind === 'malformed') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"results": [ {"display_name": "trunc');
      }
      if (fault.times > 0) {
        fault.times--;
        res.writeHead(fault.status, { 'content-type': 'application/json', ...(fault.retryAfter && { 'retry-after': fault.retryAfter }) });
        return res.end('{"error": "fault injected"}');
      }
    }
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const base = `http://${req.headers.host}`;
    const byDoi = (doi: string) => state.works.find((w) => w.doi?.toLowerCase() === doi.toLowerCase() || (w.arxiv && doi.toLowerCase() === `10.48550/arxiv.${w.arxiv}`) || (w.acl && doi.toLowerCase() === `10.18653/v1/${w.acl.toLowerCase()}`));
    const pdfUrl = (w: FakeWork) => (w.pdf ? `${base}/oa/${encodeURIComponent(w.title)}.pdf` : null);

    // ---- OpenAlex
    const openAlex = (w: FakeWork) => ({
      id: `https://openalex.org/W${state.works.indexOf(w) + 1}`,
      doi: w.doi ? `https://doi.org/${w.doi}` : null,
      display_name: w.title,
      title: w.title,
      publication_year: w.year ?? null,
      authorships: w.authors.map((name) => ({ author: { display_name: name } })),
      abstract_inverted_index: w.abstract ? invertedIndex(w.abstract) : null,
      best_oa_location: w.pdf ? { pdf_url: pdfUrl(w) } : null,
    });
    if (pathname.startsWith('/openalex/works/doi:')) {
      const w = byDoi(pathname.slice('/openalex/works/doi:'.length));
      return w ? json(200, openAlex(w)) : json(404, { error: 'Not Found' });
    }
    if (pathname === '/openalex/works') {
      const q = url.searchParams.get('search') ?? '';
      return json(200, { meta: { count: 0 }, results: state.works.filter((w) => similarTitle(w, q)).slice(0, 5).map(openAlex) });
    }
    // ---- Semantic Scholar
    const s2 = (w: FakeWork) => ({
      paperId: `p${state.works.indexOf(w) + 1}`,
      title: w.title,
      abstract: w.abstract ?? null,
      year: w.year ?? null,
      authors: w.authors.map((name, i) => ({ authorId: String(i), name })),
      externalIds: { ...(w.doi && { DOI: w.doi }), ...(w.arxiv && { ArXiv: w.arxiv }), ...(w.acl && { ACL: w.acl }) },
      openAccessPdf: w.pdf ? { url: pdfUrl(w), status: 'GREEN' } : null,
    });
    if (pathname.startsWith('/s2/graph/v1/paper/search')) {
      const q = url.searchParams.get('query') ?? '';
      const data = state.works.filter((w) => similarTitle(w, q)).slice(0, 5).map(s2);
      return json(200, { total: data.length, offset: 0, data });
    }
    if (pathname.startsWith('/s2/graph/v1/paper/')) {
      const id = pathname.slice('/s2/graph/v1/paper/'.length);
      const [kind, value] = [id.slice(0, id.indexOf(':')), id.slice(id.indexOf(':') + 1)];
      const w = state.works.find(
        (x) => (kind === 'DOI' && x.doi?.toLowerCase() === value.toLowerCase()) || (kind === 'ARXIV' && x.arxiv === value) || (kind === 'ACL' && x.acl === value),
      );
      return w ? json(200, s2(w)) : json(404, { error: `Paper with id ${id} not found` });
    }
    // ---- Crossref
    const crossref = (w: FakeWork) => ({
      DOI: w.doi,
      title: [w.title],
      author: w.authors.map((name) => ({ given: name.split(' ').slice(0, -1).join(' '), family: name.split(' ').slice(-1)[0], sequence: 'first' })),
      issued: { 'date-parts': [[w.year ?? null]] },
      ...(w.abstract && { abstract: `<jats:title>Abstract</jats:title><jats:p>${xml(w.abstract)}</jats:p>` }),
      type: 'journal-article',
    });
    if (pathname.startsWith('/crossref/works/')) {
      const w = state.works.find((x) => x.doi && x.doi.toLowerCase() === pathname.slice('/crossref/works/'.length).toLowerCase());
      if (!w) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        return res.end('Resource not found.');
      }
      return json(200, { status: 'ok', 'message-type': 'work', 'message-version': '1.0.0', message: crossref(w) });
    }
    if (pathname === '/crossref/works') {
      const q = url.searchParams.get('query.bibliographic') ?? '';
      const items = state.works.filter((w) => w.doi && similarTitle(w, q)).slice(0, 5).map(crossref);
      return json(200, { status: 'ok', 'message-type': 'work-list', message: { 'total-results': items.length, items } });
    }
    // ---- arXiv
    if (pathname === '/arxiv/api/query') {
      const ids = (url.searchParams.get('id_list') ?? '').split(',').filter(Boolean);
      const q = (url.searchParams.get('search_query') ?? '').replace(/^ti:"?|"$/g, '');
      const found = ids.length ? state.works.filter((w) => w.arxiv && ids.includes(w.arxiv)) : state.works.filter((w) => w.arxiv && similarTitle(w, q));
      const entries = found
        .map(
          (w) => `<entry><id>http://arxiv.org/abs/${w.arxiv}v1</id><published>${w.year ?? 2000}-01-15T00:00:00Z</published>
<title>${xml(w.title)}</title><summary>  ${xml(w.abstract ?? '')}\n</summary>
${w.authors.map((a) => `<author><name>${xml(a)}</name></author>`).join('')}
<link href="http://arxiv.org/abs/${w.arxiv}v1" rel="alternate" type="text/html"/><link title="pdf" href="${base}/arxiv-pdf/pdf/${w.arxiv}v1" rel="related" type="application/pdf"/></entry>`,
        )
        .join('\n');
      res.writeHead(200, { 'content-type': 'application/atom+xml' });
      return res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" xmlns:arxiv="http://arxiv.org/schemas/atom"><title>ArXiv Query</title>${entries}</feed>`);
    }
    // ---- PDFs
    const pdfWork =
      (pathname.startsWith('/arxiv-pdf/pdf/') && state.works.find((w) => w.pdf && w.arxiv && pathname.slice('/arxiv-pdf/pdf/'.length).replace(/v\d+$/, '') === w.arxiv)) ||
      (pathname.startsWith('/acl/') && state.works.find((w) => w.pdf && w.acl && pathname === `/acl/${w.acl}.pdf`)) ||
      (pathname.startsWith('/oa/') && state.works.find((w) => w.pdf && pathname === `/oa/${w.title}.pdf`));
    if (pdfWork) {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      return res.end(tinyPdf(pdfWork.title));
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    endpoints: {
      openalex: `${url}/openalex`,
      semanticscholar: `${url}/s2`,
      crossref: `${url}/crossref`,
      arxiv: `${url}/arxiv`,
      'arxiv-pdf': `${url}/arxiv-pdf`,
      aclanthology: `${url}/acl`,
    },
    get requests() {
      return state.requests;
    },
    works: state.works,
    faults: state.faults,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A base URL on which nothing listens (a port bound and released): requests there are refused. */
export async function refusedUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
