// arXiv's API (https://info.arxiv.org/help/api/user-manual.html): /api/query?id_list= and ?search_query=ti:"…",
// answered as an Atom feed. An id arXiv does not know comes back as an empty feed or one "Error" entry.
import { XMLParser } from 'fast-xml-parser';
import { normalizeArxivId } from '../../library/link';
import { ServiceError } from '../http';
import { cleanAbstract } from '../text';
import { asString, asYear, joinUrl, queryTitle, type FoundWork, type OnlineSource, type SourceSettings } from './types';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['entry', 'author', 'link'].includes(name) });

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && '#text' in value) return String((value as { '#text': unknown })['#text']);
  return undefined;
}

function worksFromAtom(xml: string, url: string): FoundWork[] {
  let feed: { feed?: { entry?: Record<string, unknown>[] } };
  try {
    feed = parser.parse(xml) as typeof feed;
  } catch {
    throw new ServiceError('arXiv', `the answer for ${url} is not an Atom feed`);
  }
  if (!feed?.feed) throw new ServiceError('arXiv', `the answer for ${url} is not an Atom feed`);
  const works: FoundWork[] = [];
  for (const entry of feed.feed.entry ?? []) {
    const title = asString(text(entry.title))?.replace(/\s+/g, ' ');
    const id = asString(text(entry.id));
    if (!title || !id || title === 'Error' || !/arxiv\.org\/abs\//.test(id)) continue;
    const authors = ((entry.author as { name?: unknown }[] | undefined) ?? []).map((a) => asString(text(a.name))).filter((n): n is string => !!n);
    const work: FoundWork = { title, authors, url, venue: 'arXiv', venueKind: 'repository' };
    const abstract = cleanAbstract(text(entry.summary));
    if (abstract) work.abstract = abstract;
    const year = asYear(asString(text(entry.published)));
    if (year) work.year = year;
    const doi = asString(text(entry['arxiv:doi']));
    if (doi) work.doi = doi;
    const pdf = (entry.link as { href?: string; title?: string; type?: string }[] | undefined)?.find((l) => l.title === 'pdf' || l.type === 'application/pdf');
    if (pdf?.href) work.pdfUrl = pdf.href;
    work.arxivId = normalizeArxivId(id.replace(/^.*\/abs\//, ''));
    works.push(work);
  }
  return works;
}

export function arxivSource(settings: SourceSettings): OnlineSource {
  const feed = async (query: string) => {
    const url = joinUrl(settings.base, `/api/query?${query}`);
    const answer = await settings.client.get(url, 'application/atom+xml');
    if (answer.status === 404 || answer.status === 400) return [];
    if (answer.status < 200 || answer.status >= 300) throw new ServiceError('arXiv', `HTTP ${answer.status} for ${url}`);
    return worksFromAtom(answer.body.toString('utf8'), url);
  };
  return {
    name: 'arxiv',
    label: 'arXiv',
    async lookup(ids) {
      if (!ids.arxiv) return undefined;
      const works = await feed(`id_list=${encodeURIComponent(ids.arxiv)}&max_results=1`);
      const work = works.find((w) => w.arxivId === ids.arxiv) ?? works[0];
      return work && { work, via: 'arxiv' };
    },
    async searchTitle(title, limit = 5) {
      const words = queryTitle(title);
      return feed(`search_query=${encodeURIComponent(`ti:"${words}"`)}&max_results=${limit}`);
    },
  };
}
