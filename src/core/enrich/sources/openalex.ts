// OpenAlex (https://docs.openalex.org): /works/doi:{DOI} for one work, /works?search= for titles. The abstract comes
// as `abstract_inverted_index`; arXiv and anthology ids are looked up through the DOIs arXiv and the anthology mint.
import { doiForLookup } from '../identifiers';
import { textFromInvertedIndex } from '../text';
import { asString, asYear, joinUrl, queryTitle, venueKindOf, type FoundWork, type OnlineSource, type SourceSettings } from './types';

const SELECT = 'select=id,doi,display_name,publication_year,authorships,abstract_inverted_index,best_oa_location,open_access,primary_location,type';

function toWork(record: unknown, url: string): FoundWork | undefined {
  const r = record as Record<string, unknown> | undefined;
  const title = asString(r?.display_name) ?? asString(r?.title);
  if (!r || !title) return undefined;
  const authors = Array.isArray(r.authorships)
    ? r.authorships.map((a) => asString((a as { author?: { display_name?: unknown } })?.author?.display_name)).filter((n): n is string => !!n)
    : [];
  const work: FoundWork = { title, authors, url };
  const abstract = textFromInvertedIndex(r.abstract_inverted_index);
  if (abstract) work.abstract = abstract;
  const year = asYear(r.publication_year);
  if (year) work.year = year;
  const doi = asString(r.doi)?.replace(/^https?:\/\/doi\.org\//i, '');
  if (doi) work.doi = doi;
  const pdf = asString((r.best_oa_location as { pdf_url?: unknown } | undefined)?.pdf_url);
  if (pdf) work.pdfUrl = pdf;
  const venue = (r.primary_location as { source?: { display_name?: unknown; type?: unknown } } | undefined)?.source;
  if (asString(venue?.display_name)) work.venue = asString(venue!.display_name);
  const kind = venueKindOf(venue?.type);
  if (kind) work.venueKind = kind;
  return work;
}

export function openAlexSource(settings: SourceSettings): OnlineSource {
  const mailto = settings.mailto ? `&mailto=${encodeURIComponent(settings.mailto)}` : '';
  return {
    name: 'openalex',
    label: 'OpenAlex',
    async lookup(ids) {
      const target = doiForLookup(ids);
      if (!target) return undefined;
      const url = joinUrl(settings.base, `/works/doi:${encodeURI(target.doi)}?${SELECT}${mailto}`);
      const work = toWork(await settings.client.getJson(url), url);
      return work && { work, via: target.via };
    },
    async searchTitle(title, limit = 5) {
      const url = joinUrl(settings.base, `/works?search=${encodeURIComponent(queryTitle(title))}&per-page=${limit}&${SELECT}${mailto}`);
      const answer = (await settings.client.getJson(url)) as { results?: unknown[] } | undefined;
      return (answer?.results ?? []).map((r) => toWork(r, url)).filter((w): w is FoundWork => !!w);
    },
  };
}
