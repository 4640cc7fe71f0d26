// What identifies an entry to the services that hold abstracts: its DOI, arXiv id and ACL Anthology id, from
// whichever fields carry them (doi, eprint/archivePrefix, url, the DOIs arXiv and the anthology mint).
import { arxivIdFromFields, normalizeArxivId, normalizeDoi } from '../library/link';
import type { StoredEntry } from '../library/store-types';

export interface WorkIds {
  doi?: string;
  arxiv?: string;
  acl?: string;
}

/** arXiv's DOIs (DataCite): 10.48550/arXiv.1706.03762. */
const ARXIV_DOI = /^10\.48550\/arxiv\.(.+)$/i;
/** The ACL Anthology's DOIs (Crossref): 10.18653/v1/2020.acl-main.1, 10.18653/v1/P19-1001. */
const ACL_DOI = /^10\.18653\/v1\/(.+)$/i;
/** An anthology id: new style "2020.acl-main.1", old style "P19-1001", "W18-5446". */
const ACL_ID = /^(?:\d{4}\.[a-z0-9]+-[a-z0-9]+\.\d+|[A-Z]\d{2}-\d{4})$/i;

function aclIdFromUrl(url: string | undefined): string | undefined {
  const m = /aclanthology\.org\/([^\s/?#]+?)(?:\.pdf)?\/?(?:[?#]|$)|aclweb\.org\/anthology\/([^\s/?#]+?)(?:\.pdf)?\/?(?:[?#]|$)/i.exec(url ?? '');
  const id = m?.[1] ?? m?.[2];
  return id && ACL_ID.test(id) ? id : undefined;
}

export function workIds(entry: Pick<StoredEntry, 'doi' | 'fields'>): WorkIds {
  const f = entry.fields;
  const doi = normalizeDoi(entry.doi ?? f.doi) ?? normalizeDoi(/doi\.org\/(\S+)/i.exec(f.url ?? '')?.[1]);
  const ids: WorkIds = {};
  if (doi) ids.doi = doi;
  const arxiv =
    arxivIdFromFields({ eprint: f.eprint, archivePrefix: f.archiveprefix, eprinttype: f.eprinttype, url: f.url }) ??
    normalizeArxivId(doi && ARXIV_DOI.exec(doi)?.[1]);
  if (arxiv) ids.arxiv = arxiv;
  const aclFromDoi = doi && ACL_DOI.exec(doi)?.[1];
  const acl = (aclFromDoi && ACL_ID.test(aclFromDoi) ? aclFromDoi : undefined) ?? aclIdFromUrl(f.url);
  if (acl) ids.acl = acl;
  return ids;
}

/** The DOI a service that knows only DOIs can look an arXiv or anthology id up by. */
export function doiForLookup(ids: WorkIds): { doi: string; via: 'doi' | 'arxiv' | 'acl' } | undefined {
  if (ids.doi) return { doi: ids.doi, via: ids.arxiv && ARXIV_DOI.test(ids.doi) ? 'arxiv' : ids.acl && ACL_DOI.test(ids.doi) ? 'acl' : 'doi' };
  if (ids.arxiv) return { doi: `10.48550/arxiv.${ids.arxiv}`, via: 'arxiv' };
  // Anthology DOIs exist from 2012 on (P12-…, 2020.acl-main.…); older ids have none and fall to the title search.
  if (ids.acl && /^(?:\d{4}\.|[A-Z](1[2-9]|[2-9]\d)-)/i.test(ids.acl)) return { doi: `10.18653/v1/${ids.acl}`, via: 'acl' };
  return undefined;
}
