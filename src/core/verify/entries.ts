// Entries to verify, read from .bib files as BibTeX reads them (macros expanded, crossref inherited, LaTeX to
// Unicode), with the identifiers the services look works up by.
import { readInputFile } from '../util/input-file';
import { decodeBibBuffer, latexToUnicode, parseBibtex, type BibEntry } from '../bibtex';
import { workIds } from '../enrich/identifiers';
import { normalizeDoi } from '../library/link';
import type { VerifyEntry } from './types';

const VENUE_FIELDS = ['journal', 'journaltitle', 'booktitle'];

/**
 * The title in Unicode. Box commands inside math ("Radix-2\\({}^{\\mbox{k}}\\)") are unwrapped first: left in,
 * their name would read as a word of the title ("radix 2 mboxk").
 */
function entryTitle(bib: BibEntry): string {
  const raw = bib.fields.title;
  if (!raw) return '';
  const title = /\\(?:mbox|text|textrm|mathrm|hbox)\b/.test(raw) ? latexToUnicode(raw.replace(/\\(?:mbox|text|textrm|mathrm|hbox)\b\s*/g, '')) : bib.title;
  return title.replace(/\s+/g, ' ').trim();
}

export function verifyEntryFromBib(bib: BibEntry): VerifyEntry {
  const entry: VerifyEntry = {
    key: bib.key,
    type: bib.type,
    title: entryTitle(bib),
    authors: bib.creators,
    authorsTruncated: bib.authorsTruncated,
    line: bib.line,
  };
  if (bib.file) entry.file = bib.file;
  if (bib.year !== undefined) entry.year = bib.year;
  for (const field of VENUE_FIELDS) {
    const venue = bib.unicode(field)?.replace(/\s+/g, ' ').trim();
    if (venue) {
      entry.venue = venue;
      entry.venueField = field;
      break;
    }
  }
  // arXiv entries often name the repository in `journal` ("arXiv preprint arXiv:1706.03762") or `howpublished`.
  if (!entry.venue && bib.fields.howpublished && /arxiv/i.test(bib.fields.howpublished)) entry.venue = bib.unicode('howpublished');
  if (bib.doi) {
    entry.doiField = bib.doi;
    const doi = normalizeDoi(bib.doi);
    if (doi) entry.doi = doi;
  }
  const ids = workIds({ doi: entry.doi, fields: bib.fields });
  if (ids.arxiv) entry.arxiv = ids.arxiv;
  if (ids.acl) entry.acl = ids.acl;
  if (!entry.doi && ids.doi) entry.doi = ids.doi;
  return entry;
}

interface BibFileEntries {
  entries: VerifyEntry[];
  /** Parse errors of the file, one line each ("refs.bib:12: …"), for the report. */
  problems: string[];
}

export function readBibForVerify(file: string): BibFileEntries {
  // The shared reader: a size cap, and /dev/zero or /proc/… refused with the reason instead of read.
  const parsed = parseBibtex(decodeBibBuffer(readInputFile(file)), file);
  return {
    entries: parsed.entries.map(verifyEntryFromBib),
    problems: parsed.errors.filter((e) => e.severity === 'error').map((e) => `${file}:${e.line}: ${e.message}`),
  };
}
