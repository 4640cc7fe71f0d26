// Entries no document cites, in the bibliographies the documents use. A bibliography counts as used when a citing
// document names it (`\bibliography{refs}`, `\addbibresource{refs.bib}`, Pandoc's `bibliography:`); the keys cited
// are those of every citing document of the workspace, because a chapter pulled in by `\input` cites into the main
// file's bibliography without naming it.
import * as path from 'node:path';
import { bibliographyFilesFromMarkdown, bibliographyFilesFromTex } from '../library/discovery';
import { parseCitations } from './index';
import { bibEntryKeys, type BibKeySpan } from './bib-keys';
import type { CiteLanguage } from './types';

interface CitingSource {
  path: string;
  language: CiteLanguage;
  text: string;
}

/** What the citing documents of a workspace cite, and which bibliographies they name. */
interface CitationUsage {
  cited: Set<string>;
  /** Absolute paths of the .bib files some document names. */
  named: Set<string>;
  /** .bib files named by a document with `\nocite{*}`: every entry counts as cited. */
  citedWhole: Set<string>;
}

/** What one citing document cites and names: kept per file, so a change re-reads that file alone. */
export interface DocumentUsage {
  cited: string[];
  /** Absolute paths of the .bib files it names. */
  named: string[];
  /** It has `\nocite{*}`. */
  citesAll: boolean;
}

export function documentUsage(s: CitingSource): DocumentUsage {
  const named = (s.language === 'latex' ? bibliographyFilesFromTex(s.text, s.path) : bibliographyFilesFromMarkdown(s.text, s.path)).map((p) => path.resolve(p));
  const cited = new Set<string>();
  let citesAll = false;
  for (const cite of parseCitations(s.text, s.language)) {
    if (cite.citesAll) citesAll = true;
    for (const k of cite.keys) cited.add(k.key);
  }
  return { cited: [...cited], named, citesAll };
}

export function mergeUsage(documents: Iterable<DocumentUsage>): CitationUsage {
  const usage: CitationUsage = { cited: new Set(), named: new Set(), citedWhole: new Set() };
  for (const d of documents) {
    for (const k of d.cited) usage.cited.add(k);
    for (const b of d.named) {
      usage.named.add(b);
      if (d.citesAll) usage.citedWhole.add(b);
    }
  }
  return usage;
}

export function citationUsage(sources: readonly CitingSource[]): CitationUsage {
  return mergeUsage(sources.map(documentUsage));
}

/**
 * The entries of one .bib file that no document cites, by key or by an `ids` alias; none when no document names the
 * file (nothing says it belongs to this workspace's papers) or one cites it whole.
 */
export function unusedEntries(bibPath: string, bibText: string, usage: CitationUsage): BibKeySpan[] {
  const file = path.resolve(bibPath);
  if (!usage.named.has(file) || usage.citedWhole.has(file)) return [];
  const out: BibKeySpan[] = [];
  for (const e of bibEntryKeys(bibText)) {
    if (usage.cited.has(e.key) || e.aliases.some((a) => usage.cited.has(a.key))) continue;
    // A parent only reached through a child's crossref is used when the child is.
    out.push({ key: e.key, start: e.start, end: e.end });
  }
  const parentsOfCited = new Set(bibEntryKeys(bibText).filter((e) => usage.cited.has(e.key)).flatMap((e) => e.references.map((r) => r.key)));
  return out.filter((s) => !parentsOfCited.has(s.key));
}
