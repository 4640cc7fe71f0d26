// One parsed .bib entry. Raw field values are what the file says (macros expanded, `#` joined, outer delimiters
// removed) and are kept for output; Unicode renderings are computed on first use and cached per field.
import type { Author } from '../types';
import { latexToUnicode } from './latex';
import { parseNames } from './names';

export class BibEntry {
  // Created on first use: a large .bib has thousands of entries and most are never asked for more than a few fields.
  private inheritedFields?: Set<string>;
  private unicodeCache?: Map<string, string>;
  private nameCache?: Map<string, { authors: Author[]; others: boolean }>;

  constructor(
    readonly key: string,
    /** Entry type, lower case ('article', 'inproceedings', …). */
    readonly type: string,
    /** 1-based line of the entry's '@'. */
    readonly line: number,
    /** Raw field values by lower-case field name. */
    readonly fields: Record<string, string>,
    readonly file?: string,
  ) {}

  /** Fields copied from a crossref/xdata parent (names, lower case). */
  get inherited(): ReadonlySet<string> {
    return this.inheritedFields ?? NO_FIELDS;
  }

  /** Sets a field taken from a parent entry (crossref, xdata). */
  inherit(name: string, value: string): void {
    this.fields[name] = value;
    (this.inheritedFields ??= new Set()).add(name);
    this.unicodeCache?.delete(name);
    this.nameCache?.delete(name);
  }

  /** Display/search text of a field: LaTeX accents and commands → Unicode, braces stripped. */
  unicode(name: string): string | undefined {
    const raw = this.fields[name];
    if (raw === undefined) return undefined;
    const cache = (this.unicodeCache ??= new Map());
    let text = cache.get(name);
    if (text === undefined) {
      text = latexToUnicode(raw);
      cache.set(name, text);
    }
    return text;
  }

  private names(field: string) {
    const cache = (this.nameCache ??= new Map());
    let parsed = cache.get(field);
    if (!parsed) {
      parsed = parseNames(this.fields[field]);
      cache.set(field, parsed);
    }
    return parsed;
  }

  get title(): string {
    return this.unicode('title') ?? '';
  }

  get authors(): Author[] {
    return this.names('author').authors;
  }

  get editors(): Author[] {
    return this.names('editor').authors;
  }

  /** Authors, or editors for an edited volume without authors. */
  get creators(): Author[] {
    return this.authors.length ? this.authors : this.editors;
  }

  /** The author list ended in "and others". */
  get authorsTruncated(): boolean {
    return this.authors.length ? this.names('author').others : this.names('editor').others;
  }

  /** Four-digit year from `year`, or from biblatex's `date` (2020-05-01, 2020/2021). */
  get year(): number | undefined {
    const text = this.fields.year ?? this.fields.date;
    if (!text) return undefined;
    const m = /(?:^|[^0-9])(\d{4})(?![0-9])/.exec(text);
    return m ? Number(m[1]) : undefined;
  }

  /** Where it appeared: journal, proceedings, school, publisher… the first one present. */
  get venue(): string | undefined {
    for (const f of VENUE_FIELDS) {
      const v = this.unicode(f);
      if (v) return v;
    }
    return undefined;
  }

  get abstract(): string | undefined {
    return this.unicode('abstract') || undefined;
  }

  /** DOI without resolver prefix ("10.1145/…"). */
  get doi(): string | undefined {
    const raw = this.fields.doi;
    if (!raw) return undefined;
    const doi = raw
      .replace(/[{}]/g, '')
      .replace(/\\_/g, '_')
      .trim()
      .replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i, '');
    return doi || undefined;
  }

  /** biblatex `ids`: other keys this entry may be cited by. */
  get ids(): string[] {
    return splitKeyList(this.fields.ids);
  }
}

const NO_FIELDS: ReadonlySet<string> = new Set();

const VENUE_FIELDS = [
  'journal', 'journaltitle', 'booktitle', 'eventtitle', 'series', 'school', 'institution', 'organization',
  'publisher', 'howpublished',
];

/** "a, b ,c" → ['a', 'b', 'c'] (crossref, xdata, ids). */
export function splitKeyList(raw: string | undefined): string[] {
  if (!raw) return [];
  return raw
    .replace(/[{}]/g, '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
}
