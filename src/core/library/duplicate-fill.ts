// A key defined in two .bib files: BibTeX takes the first copy, and so does the library, but a later copy of the same
// work often carries what the first lacks — Beebe's Holkner:2006:GMO came out title-only because only its second
// copy had an abstract. The later copy's abstract and DOI fill the gaps of the first, and the record says where from.
import { plainText } from '../text/plain';

/** One definition of a key: its title, what it has, and where it is. */
export interface KeyCopy {
  title: string;
  abstract: string | null;
  doi: string | null;
  path: string;
  line: number;
}

/** What a later copy gave: the field names, and the copy they came from. */
interface FilledFrom {
  fields: Array<'abstract' | 'doi'>;
  file: string;
  line: number;
}

/** Titles compared as words: "{L}iterate {P}rogramming" and "Literate programming." are one title. */
function sameTitle(a: string, b: string): boolean {
  const norm = (t: string) => plainText(t).toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  return norm(a) !== '' && norm(a) === norm(b);
}

/**
 * The first copy's abstract and DOI, each filled from the first later copy of the same work (same title) that has it.
 * A copy with another title is another work under a reused key: it fills nothing.
 */
export function fillFromLaterCopies(first: KeyCopy, later: readonly KeyCopy[]): { abstract: string | null; doi: string | null; filledFrom: FilledFrom[] } {
  let { abstract, doi } = first;
  const filledFrom: FilledFrom[] = [];
  for (const copy of later) {
    if (!sameTitle(first.title, copy.title)) continue;
    const fields: FilledFrom['fields'] = [];
    if (abstract === null && copy.abstract !== null) {
      abstract = copy.abstract;
      fields.push('abstract');
    }
    if (doi === null && copy.doi !== null) {
      doi = copy.doi;
      fields.push('doi');
    }
    if (fields.length) filledFrom.push({ fields, file: copy.path, line: copy.line });
  }
  return { abstract, doi, filledFrom };
}
