// Semantic Scholar's Graph API (https://api.semanticscholar.org/api-docs/graph): /graph/v1/paper/{DOI:|ARXIV:|ACL:}id
// and /graph/v1/paper/search. The abstract is plain text; `openAccessPdf.url` names a PDF when there is one.
import { asString, asYear, joinUrl, queryTitle, type FoundWork, type OnlineSource, type SourceSettings } from './types';

const FIELDS = 'fields=title,abstract,year,authors,externalIds,openAccessPdf,venue';

function toWork(record: unknown, url: string): FoundWork | undefined {
  const r = record as Record<string, unknown> | undefined;
  const title = asString(r?.title);
  if (!r || !title) return undefined;
  const authors = Array.isArray(r.authors) ? r.authors.map((a) => asString((a as { name?: unknown })?.name)).filter((n): n is string => !!n) : [];
  const work: FoundWork = { title, authors, url };
  const abstract = asString(r.abstract);
  if (abstract) work.abstract = abstract.replace(/\s+/g, ' ');
  const year = asYear(r.year);
  if (year) work.year = year;
  const doi = asString((r.externalIds as { DOI?: unknown } | undefined)?.DOI);
  if (doi) work.doi = doi;
  const pdf = asString((r.openAccessPdf as { url?: unknown } | undefined)?.url);
  if (pdf) work.pdfUrl = pdf;
  if (asString(r.venue)) work.venue = asString(r.venue);
  const arxivId = asString((r.externalIds as { ArXiv?: unknown } | undefined)?.ArXiv);
  if (arxivId) work.arxivId = arxivId;
  return work;
}

export function semanticScholarSource(settings: SourceSettings): OnlineSource {
  const paper = async (id: string) => {
    const url = joinUrl(settings.base, `/graph/v1/paper/${encodeURI(id)}?${FIELDS}`);
    return toWork(await settings.client.getJson(url), url);
  };
  return {
    name: 'semanticscholar',
    label: 'Semantic Scholar',
    async lookup(ids) {
      // Each identifier it knows, most specific first.
      const tries: Array<['doi' | 'arxiv' | 'acl', string | undefined]> = [
        ['doi', ids.doi && `DOI:${ids.doi}`],
        ['arxiv', ids.arxiv && `ARXIV:${ids.arxiv}`],
        ['acl', ids.acl && `ACL:${ids.acl}`],
      ];
      for (const [via, id] of tries) {
        if (!id) continue;
        const work = await paper(id);
        if (work) return { work, via };
      }
      return undefined;
    },
    async searchTitle(title, limit = 5) {
      const url = joinUrl(settings.base, `/graph/v1/paper/search?query=${encodeURIComponent(queryTitle(title))}&limit=${limit}&${FIELDS}`);
      const answer = (await settings.client.getJson(url)) as { data?: unknown[] } | undefined;
      return (answer?.data ?? []).map((r) => toWork(r, url)).filter((w): w is FoundWork => !!w);
    },
  };
}
