// A catalogue's blurb that a bibliography copies into each paper of a proceedings or journal issue ("The papers of this
// issue were given at …") says nothing about any one of those papers. An abstract that works under other titles, by
// other authors, carry as well is therefore not quoted as this work's.
import type { Author } from '../types';

export interface AbstractHolder {
  title: string;
  authors: readonly Author[];
}

function titleOf(work: AbstractHolder): string {
  return work.title.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

function firstAuthorOf(work: AbstractHolder): string | undefined {
  return work.authors[0]?.family.toLowerCase() || undefined;
}

/**
 * Whether `work`'s abstract is a collection's: some other entry with the same abstract has another title and another
 * first author. The same paper entered twice (same title), or its other version by the same authors (a journal
 * version under a new title that kept the abstract), still owns its abstract.
 */
export function isCollectionAbstract(work: AbstractHolder, othersWithSameAbstract: readonly AbstractHolder[]): boolean {
  const title = titleOf(work);
  const author = firstAuthorOf(work);
  return othersWithSameAbstract.some((other) => {
    if (titleOf(other) === title) return false;
    const otherAuthor = firstAuthorOf(other);
    return !author || !otherAuthor || otherAuthor !== author;
  });
}
