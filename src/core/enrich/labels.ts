// How each source of a found abstract or PDF is named to the user ("abstract from OpenAlex, 2026-11-27").
import type { FoundSource } from '../library/store-types';

export const SOURCE_LABELS: Readonly<Record<FoundSource, string>> = {
  zotero: 'Zotero',
  openalex: 'OpenAlex',
  semanticscholar: 'Semantic Scholar',
  crossref: 'Crossref',
  arxiv: 'arXiv',
  aclanthology: 'ACL Anthology',
};
