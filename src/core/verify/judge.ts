// One entry against one record: is the record this entry's work, and where do they differ? A record found by the
// entry's DOI that carries another title and other authors is another work ("DOI 10.… is the DOI of “…”"); one
// found by title is this work only when the titles agree, or nearly agree with the authors and year confirming.
import { normalizeDoi } from '../library/link';
import {
  authorsText,
  compareAuthors,
  compareTitles,
  compareYears,
  entryVenueKind,
  isPreprintVenue,
  recordAuthorsText,
  sameDoi,
  venuesAgree,
} from './compare';
import type { ComparedField, FieldDifference, FoundBy, SourceRecord, VerifyEntry } from './types';

export interface RecordJudgement {
  /** 'other-work': a title search hit that is not this entry's work (ignored); by identifier, it is a mismatch. */
  outcome: 'verified' | 'mismatch' | 'other-work';
  fields: FieldDifference[];
  notes: string[];
  /** The fields both sides had and were compared. */
  compared: Set<ComparedField>;
  decidedBy: ComparedField;
  /** How much of the entry the record confirms, to rank title-search hits. */
  score: number;
}

/** Below this word overlap a record found by title is another work even when authors and year agree. */
const NEAR_TITLE = 0.5;

function isPreprintEntry(entry: VerifyEntry): boolean {
  return !!entry.arxiv || isPreprintVenue(entry.venue) || (entry.type === 'misc' && !entry.venue) || entry.type === 'unpublished';
}

export function judgeRecord(entry: VerifyEntry, record: SourceRecord, foundBy: FoundBy): RecordJudgement {
  const fields: FieldDifference[] = [];
  const notes: string[] = [];
  const compared = new Set<ComparedField>();
  const preprint = isPreprintEntry(entry);

  const title = compareTitles(entry.title, record.title);
  const authors = compareAuthors(entry.authors, entry.authorsTruncated, record.authors);
  const year = entry.year !== undefined && record.year !== undefined ? compareYears(entry.year, record.year, preprint) : undefined;
  if (entry.title) compared.add('title');
  if (authors.compared) compared.add('authors');
  if (year) compared.add('year');

  // An entry without a title, found by its DOI: the title decides nothing; authors and year still can.
  if (!entry.title) notes.push('the entry has no title: compared by its identifier, authors and year');
  else if (!title.same) {
    const nearlySame = title.similarity >= NEAR_TITLE && authors.compared && authors.agree && (!year || year.agree);
    if (!nearlySame) {
      if (foundBy === 'title') return { outcome: 'other-work', fields, notes, compared, decidedBy: 'title', score: 0 };
      const field: ComparedField = foundBy === 'doi' ? 'doi' : 'eprint';
      const id = foundBy === 'doi' ? `DOI ${entry.doi}` : foundBy === 'arxiv' ? `arXiv ${entry.arxiv}` : `anthology id ${entry.acl}`;
      fields.push({
        field,
        ours: (foundBy === 'doi' ? entry.doi : foundBy === 'arxiv' ? entry.arxiv : entry.acl) ?? '',
        theirs: record.title,
        why: `${id} is the identifier of another work: “${record.title}” by ${recordAuthorsText(record.authors) || 'unnamed authors'}${record.year ? ` (${record.year})` : ''}`,
      });
      return { outcome: 'mismatch', fields, notes, compared, decidedBy: field, score: 0 };
    }
    const changed = title.changedWords;
    fields.push({
      field: 'title',
      ours: entry.title,
      theirs: record.title,
      why: `the titles differ${changed ? ` (the entry's “${changed.ours.join(' ')}” where the record has “${changed.theirs.join(' ')}”)` : ''}`,
    });
  } else if (title.note) notes.push(title.note);

  if (!authors.agree) fields.push({ field: 'authors', ours: authorsText(entry.authors, entry.authorsTruncated), theirs: recordAuthorsText(record.authors), why: authors.why ?? 'the authors differ' });
  notes.push(...authors.notes);

  if (year && !year.agree) fields.push({ field: 'year', ours: String(entry.year), theirs: String(record.year), why: `year ${entry.year} vs ${record.year}` });
  else if (year?.note) notes.push(year.note);

  // Venue: only like with like. A preprint entry and a published record, or a conference paper and its journal
  // version, name different venues by right.
  const ourKind = entryVenueKind(entry.type);
  const theirKind = record.venueKind;
  if (entry.venue && record.venue && !preprint && theirKind !== 'repository') {
    if (ourKind && theirKind && (theirKind === 'journal' || theirKind === 'proceedings') && ourKind !== theirKind) {
      notes.push(`the entry is the ${ourKind === 'journal' ? 'journal' : 'conference'} version; the record is the ${theirKind === 'journal' ? 'journal' : 'conference'} version (${record.venue})`);
    } else if (theirKind === 'book' || theirKind === 'other') {
      // A paper of a proceedings printed in a book series: the record names the series ("Lecture Notes in Computer
      // Science") where the entry names the conference. Two names of one place, not two places.
      notes.push(`the record names the series or book “${record.venue}”, the entry “${entry.venue}”`);
    } else {
      compared.add('venue');
      if (!venuesAgree(entry.venue, record.venue)) {
        const why = `${entry.venueField ?? 'venue'} “${entry.venue}” vs “${record.venue}”`;
        fields.push({ field: 'venue', ours: entry.venue, theirs: record.venue, why });
      }
    }
  } else if (preprint && record.venue && theirKind !== 'repository' && !isPreprintVenue(record.venue)) {
    notes.push(`the entry is a preprint; the record is the published version (${record.venue}${record.year ? `, ${record.year}` : ''})`);
  }

  // A record found by title whose DOI is not the entry's.
  const ourDoi = normalizeDoi(entry.doi);
  if (foundBy === 'title' && ourDoi && record.doi) {
    compared.add('doi');
    if (!sameDoi(ourDoi, record.doi)) {
      const arxivDoi = /^10\.48550\//.test(ourDoi) || /^10\.48550\//i.test(record.doi);
      if (arxivDoi) notes.push(`DOI ${ourDoi} vs ${record.doi}: the preprint's and the published version's`);
      else fields.push({ field: 'doi', ours: ourDoi, theirs: record.doi.toLowerCase(), why: `DOI ${ourDoi}, the record's is ${record.doi.toLowerCase()}` });
    }
  }
  if (foundBy === 'title' && entry.arxiv && record.arxivId && entry.arxiv !== record.arxivId) {
    compared.add('eprint');
    fields.push({ field: 'eprint', ours: entry.arxiv, theirs: record.arxivId, why: `arXiv ${entry.arxiv}, the record's is ${record.arxivId}` });
  }

  // The order a reader weighs: the identifier, then title, authors, year, venue.
  const order: ComparedField[] = ['doi', 'eprint', 'title', 'authors', 'year', 'venue'];
  fields.sort((x, y) => order.indexOf(x.field) - order.indexOf(y.field));
  const score = title.similarity + (authors.compared && authors.agree ? 1 : 0) + (year?.agree ? 1 : 0) - fields.length;
  if (fields.length) return { outcome: 'mismatch', fields, notes, compared, decidedBy: fields[0].field, score };
  const decidedBy: ComparedField = foundBy === 'doi' ? 'doi' : foundBy === 'title' ? 'title' : 'eprint';
  return { outcome: 'verified', fields, notes, compared, decidedBy, score };
}
