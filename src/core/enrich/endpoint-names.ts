// The names of the online services and of their base URLs. Apart from enrich.ts (which re-exports them) because
// pdfs.ts names them too, and enrich.ts imports pdfs.ts.
export type OnlineSourceName = 'openalex' | 'semanticscholar' | 'crossref' | 'arxiv';
/** Base URLs, each a setting and a CLI flag (mirrors, proxies, tests). */
export type EndpointName = OnlineSourceName | 'arxiv-pdf' | 'aclanthology';
