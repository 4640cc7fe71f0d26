// Crossref's REST API (https://api.crossref.org/swagger-ui): /works/{DOI} and /works?query.bibliographic=. The
// abstract, when the publisher deposited one, is JATS XML. arXiv's DOIs are DataCite's, not Crossref's: an arXiv-only
// entry goes to the title search here; anthology DOIs are Crossref's.
import { doiForLookup } from '../identifiers';
import { textFromJats } from '../text';
import { asString, asYear, joinUrl, queryTitle, venueKindOf, type FoundWork, type OnlineSource, type SourceSettings } from './types';

function toWork(record: unknown, url: string): FoundWork | undefined {
  const r = record as Record<string, unknown> | undefined;
  const main = Array.isArray(r?.title) ? asString(r!.title[0]) : asString(r?.title);
  if (!r || !main) return undefined;
  // Crossref keeps a subtitle apart (title ["BERT"], subtitle ["Pre-training of …"]); the work's title is both.
  const subtitle = Array.isArray(r.subtitle) ? asString(r.subtitle[0]) : undefined;
  const title = subtitle && !main.includes(subtitle) ? `${main.replace(/[:\s]+$/, '')}: ${subtitle}` : main;
  const authors = Array.isArray(r.author)
    ? r.author
        .map((a) => {
          const x = a as { given?: unknown; family?: unknown; name?: unknown };
          return asString(x.family) ? [asString(x.given), asString(x.family)].filter(Boolean).join(' ') : asString(x.name);
        })
        .filter((n): n is string => !!n)
    : [];
  const work: FoundWork = { title: title.replace(/<[^>]+>/g, ''), authors, url };
  const abstract = textFromJats(asString(r.abstract));
  if (abstract) work.abstract = abstract;
  for (const dateField of ['issued', 'published', 'published-print', 'published-online', 'created']) {
    const parts = (r[dateField] as { 'date-parts'?: unknown[][] } | undefined)?.['date-parts'];
    const year = asYear(parts?.[0]?.[0]);
    if (year) {
      work.year = year;
      break;
    }
  }
  const doi = asString(r.DOI);
  if (doi) work.doi = doi;
  const venue = Array.isArray(r['container-title']) ? asString(r['container-title'][0]) : asString(r['container-title']);
  if (venue) work.venue = venue;
  const kind = venueKindOf(r.type);
  if (kind) work.venueKind = kind;
  return work;
}

export function crossrefSource(settings: SourceSettings): OnlineSource {
  const mailto = settings.mailto ? `mailto=${encodeURIComponent(settings.mailto)}` : '';
  return {
    name: 'crossref',
    label: 'Crossref',
    async lookup(ids) {
      const target = doiForLookup(ids);
      if (!target || target.via === 'arxiv') return undefined;
      const url = joinUrl(settings.base, `/works/${encodeURIComponent(target.doi)}${mailto && `?${mailto}`}`);
      const answer = (await settings.client.getJson(url)) as { message?: unknown } | undefined;
      const work = toWork(answer?.message, url);
      return work && { work, via: target.via };
    },
    async searchTitle(title, limit = 5) {
      const url = joinUrl(settings.base, `/works?query.bibliographic=${encodeURIComponent(queryTitle(title))}&rows=${limit}${mailto && `&${mailto}`}`);
      const answer = (await settings.client.getJson(url)) as { message?: { items?: unknown[] } } | undefined;
      return (answer?.message?.items ?? []).map((r) => toWork(r, url)).filter((w): w is FoundWork => !!w);
    },
  };
}
