// The services verify can ask, by name and as a user reads them. Apart from ./sources so that the editor can name a
// source ("Rewrite entry from OpenAlex record") without loading the network clients at activation.
export type VerifySourceName = 'openalex' | 'crossref' | 'semanticscholar' | 'dblp' | 'arxiv';
export const VERIFY_SOURCES: readonly VerifySourceName[] = ['openalex', 'crossref', 'semanticscholar', 'dblp', 'arxiv'];
export const VERIFY_LABELS: Readonly<Record<VerifySourceName | 'library', string>> = {
  openalex: 'OpenAlex',
  crossref: 'Crossref',
  semanticscholar: 'Semantic Scholar',
  dblp: 'DBLP',
  arxiv: 'arXiv',
  library: 'your library',
};
