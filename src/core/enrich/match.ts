// When a record found by its title is the entry's work: titles at least 0.9 alike (the linker's measure), and the
// year or the first author confirming it with neither contradicting. "Attention Is All You Need" (2017, Vaswani)
// is not the 2021 survey "Attention is all you need?" by another author, however alike the titles.
import { normalizeTitle, titleSimilarity } from '../library/link';
import type { Author } from '../types';
import { familyOf } from './sources/types';

const TITLE_MATCH_THRESHOLD = 0.9;
/** A preprint and its published version are often a year apart. */
const MAX_YEAR_GAP = 1;

interface TitleCandidate {
  title: string;
  year?: number;
  /** Display names or family names, first author first. */
  authors: string[];
}

type TitleVerdict = { accepted: true; similarity: number } | { accepted: false; similarity: number; why: string };

function foldName(name: string): string {
  return normalizeTitle(name).replace(/\s+/g, '');
}

export function judgeTitleMatch(entry: { title: string; year?: number; authors: readonly Author[] }, record: TitleCandidate): TitleVerdict {
  const similarity = titleSimilarity(entry.title, record.title);
  if (similarity < TITLE_MATCH_THRESHOLD) return { accepted: false, similarity, why: `titles only ${similarity.toFixed(2)} alike` };
  let confirmed = false;
  if (entry.year !== undefined && record.year !== undefined) {
    if (Math.abs(entry.year - record.year) > MAX_YEAR_GAP) return { accepted: false, similarity, why: `year ${record.year}, the entry's is ${entry.year}` };
    confirmed = true;
  }
  const first = entry.authors[0]?.family;
  if (first && record.authors.length) {
    const want = foldName(first);
    const theirs = record.authors[0];
    const match = foldName(familyOf(theirs)) === want || foldName(theirs).includes(want);
    if (!match) return { accepted: false, similarity, why: `first author ${theirs}, the entry's is ${first}` };
    confirmed = true;
  }
  if (!confirmed) return { accepted: false, similarity, why: 'neither a year nor an author to confirm the title' };
  return { accepted: true, similarity };
}
