// DBLP's publication search (https://dblp.org/faq/How+to+use+the+dblp+search+API.html):
// /search/publ/api?q=…&format=json&h=N answers {result: {hits: {hit: [{info: {title, authors: {author}, venue, year,
// type, doi, ee, key}}]}}}. DBLP has no lookup by DOI, so it answers title searches only. Its records carry
// disambiguation numbers in names ("Wei Wang 0001") and end titles with a full stop ("Attention is All you Need."),
// both taken off here; `author` is an object, not a list, when a work has one author.
import { ServiceError } from '../http';
import { normalizeArxivId } from '../../library/link';
import { asString, asYear, joinUrl, queryTitle, type FoundWork, type SourceSettings } from './types';

interface TitleOnlySource {
  readonly name: 'dblp';
  readonly label: string;
  lookup(): Promise<undefined>;
  searchTitle(title: string, limit?: number): Promise<FoundWork[]>;
}

const DBLP_TYPES: Record<string, FoundWork['venueKind']> = {
  'Journal Articles': 'journal',
  'Conference and Workshop Papers': 'proceedings',
  'Informal and Other Publications': 'repository',
  'Books and Theses': 'book',
  'Parts in Books or Collections': 'book',
};

function authorName(author: unknown): string | undefined {
  const text = typeof author === 'string' ? author : asString((author as { text?: unknown } | undefined)?.text);
  return text?.replace(/\s+\d{4}$/, '');
}

export function worksFromDblp(answer: unknown, url: string): FoundWork[] {
  const result = (answer as { result?: { hits?: { hit?: unknown } } } | undefined)?.result;
  if (!result || typeof result !== 'object') throw new ServiceError('DBLP', `the answer for ${url} is not a DBLP search result`);
  const hits = result.hits?.hit;
  const list = Array.isArray(hits) ? hits : hits ? [hits] : [];
  const works: FoundWork[] = [];
  for (const hit of list) {
    const info = (hit as { info?: Record<string, unknown> })?.info;
    const title = asString(info?.title)?.replace(/\.$/, '');
    if (!info || !title) continue;
    const raw = (info.authors as { author?: unknown } | undefined)?.author;
    const authors = (Array.isArray(raw) ? raw : raw ? [raw] : []).map(authorName).filter((n): n is string => !!n);
    const work: FoundWork = { title, authors, url };
    const year = asYear(asString(info.year));
    if (year) work.year = year;
    const doi = asString(info.doi);
    if (doi) work.doi = doi;
    const venue = asString(info.venue);
    if (venue) work.venue = venue;
    const kind = DBLP_TYPES[asString(info.type) ?? ''];
    if (kind) work.venueKind = kind;
    // CoRR records: the arXiv id is in the electronic edition's URL ("https://arxiv.org/abs/1706.03762").
    const ee = asString(Array.isArray(info.ee) ? info.ee[0] : info.ee);
    const arxiv = /arxiv\.org\/abs\/(\S+)/i.exec(ee ?? '')?.[1];
    if (arxiv) work.arxivId = normalizeArxivId(arxiv);
    works.push(work);
  }
  return works;
}

export function dblpSource(settings: SourceSettings): TitleOnlySource {
  return {
    name: 'dblp',
    label: 'DBLP',
    async lookup() {
      return undefined;
    },
    async searchTitle(title, limit = 5) {
      const url = joinUrl(settings.base, `/search/publ/api?q=${encodeURIComponent(queryTitle(title))}&format=json&h=${limit}`);
      return worksFromDblp(await settings.client.getJson(url), url);
    },
  };
}
