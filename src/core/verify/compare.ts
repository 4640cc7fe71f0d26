// Field by field, as a careful human compares an entry with a record: differences of spelling that every .bib and
// every service has (accents written {\"u} or ü, braces protecting capitals, "Knuth, D. E." vs "Donald Ervin
// Knuth", "and others", a subtitle left off, "Trans." for "Transactions") are not differences; a changed word, an
// author who is not there, a year two off, another journal are.
import { decodeHTML } from 'entities';
import { GENERATION, parseName } from '../bibtex/names';
import { normalizeDoi, normalizeTitle, titleSimilarity } from '../library/link';
import type { Author } from '../types';

// ---------------------------------------------------------------------------------------------------------------
// Titles

/** A title folded for comparison: HTML (<i>, &amp;) out, "&" as "and", accents and case folded, punctuation gone. */
export function foldTitle(title: string): string {
  const plain = decodeHTML(title.replace(/<[^>]+>/g, ''))
    .replace(/&/g, ' and ')
    // "pre-training" and "pretraining" are one word; so are "Schrödinger's" and "Schrodingers".
    .replace(/(\p{L})[-‐‑'’](\p{L})/gu, '$1$2');
  return normalizeTitle(plain);
}

const compact = (folded: string) => folded.replace(/ /g, '');

/** The title before its subtitle: "BERT: Pre-training of …" → "BERT"; "A. Title — and more" → "A. Title". */
function mainTitle(title: string): string {
  const m = /^(.{8,}?)(?:\s*[:?!]\s+|\.\s+(?=[A-Z])|\s+[-–—]{1,2}\s+)/u.exec(title);
  return m ? m[1] : title;
}

const SMALL_WORDS = new Set(['a', 'an', 'the', 'of', 'on', 'in', 'for', 'and', 'to', 'with', 'by', 'at', 'from']);

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length];
}

/** Spelling variants, not other words: "modeling"/"modelling", "optimisation"/"optimization", "colour"/"color". */
function spellingVariant(a: string, b: string): boolean {
  return a.length >= 5 && b.length >= 5 && editDistance(a, b) <= 2 && a[0] === b[0];
}

interface TitleComparison {
  same: boolean;
  /** Word overlap (the linker's measure), 0–1. */
  similarity: number;
  /** Set when the titles count as the same although they are not written alike. */
  note?: string;
  /** The words only one side has, when they differ ("ours: fast; theirs: efficient"). */
  changedWords?: { ours: string[]; theirs: string[] };
}

export function compareTitles(ours: string, theirs: string): TitleComparison {
  const a = foldTitle(ours);
  const b = foldTitle(theirs);
  const similarity = titleSimilarity(a, b);
  if (!a || !b) return { same: false, similarity };
  if (compact(a) === compact(b)) return { same: true, similarity: 1 };
  const aMain = compact(foldTitle(mainTitle(ours)));
  const bMain = compact(foldTitle(mainTitle(theirs)));
  if ((aMain.length >= 8 && aMain === compact(b)) || (bMain.length >= 8 && bMain === compact(a))) {
    return { same: true, similarity, note: 'the subtitle is written on one side only' };
  }
  // Word by word: what is left after equal words and spelling variants pair off.
  const onlyOurs = a.split(' ');
  const onlyTheirs: string[] = [];
  for (const word of b.split(' ')) {
    const i = onlyOurs.indexOf(word);
    if (i >= 0) onlyOurs.splice(i, 1);
    else onlyTheirs.push(word);
  }
  for (const word of [...onlyTheirs]) {
    const i = onlyOurs.findIndex((w) => spellingVariant(w, word));
    if (i >= 0) {
      onlyOurs.splice(i, 1);
      onlyTheirs.splice(onlyTheirs.indexOf(word), 1);
    }
  }
  const substantive = [...onlyOurs, ...onlyTheirs].filter((w) => !SMALL_WORDS.has(w));
  const smallOnly = [...onlyOurs, ...onlyTheirs].length - substantive.length;
  if (!substantive.length && smallOnly <= 1) return { same: true, similarity, note: 'the titles differ in spelling or a small word only' };
  return { same: false, similarity, changedWords: { ours: onlyOurs, theirs: onlyTheirs } };
}

// ---------------------------------------------------------------------------------------------------------------
// Authors

const PARTICLES = new Set(['van', 'von', 'der', 'den', 'de', 'del', 'della', 'di', 'da', 'du', 'la', 'le', 'dos', 'das', 'ter', 'ten', 'zu', 'y', 'al', 'el', 'bin', 'ibn']);

function foldName(name: string): string {
  return normalizeTitle(name.replace(/(\p{L})[-'’](\p{L})/gu, '$1$2'));
}

/** The words of a family name without particles, folded: "van der Maaten" → ["maaten"], "García-Márquez" → ["garcia", "marquez"]. */
function familyWords(family: string, umlautAsE: boolean): string[] {
  // "Müller" is "Mueller" in German transliteration and "Muller" once accents are folded: when one side writes the
  // umlaut, "ue" on the other is read as "u" — only then, so that "Hoe" stays apart from "Ho".
  const plain = family.replace(/ä/g, 'a').replace(/ö/g, 'o').replace(/ü/g, 'u').replace(/Ä/g, 'A').replace(/Ö/g, 'O').replace(/Ü/g, 'U');
  return plain
    .split(/[\s-]+/)
    .map((w) => foldName(w).replace(/\s+/g, ''))
    .map((w) => (umlautAsE ? w.replace(/([aou])e/g, '$1') : w))
    .filter((w) => w && !PARTICLES.has(w));
}

function givenInitial(given: string | undefined): string | undefined {
  const folded = given ? foldName(given) : '';
  return folded ? folded[0] : undefined;
}

/** "William Paterson III" read First-Last makes "III" the family name: the generation is not a name. */
function withoutGeneration(author: Author): Author {
  const family = author.family.split(/\s+/).filter((w) => !GENERATION.test(w)).join(' ');
  if (family) return { ...author, family };
  const given = (author.given ?? '').split(/\s+/).filter((w) => w && !GENERATION.test(w));
  return given.length ? { family: given[given.length - 1], given: given.slice(0, -1).join(' ') } : author;
}

/** `part` is the first or the last words of `whole` ("Márquez" of "García Márquez", "of TeX" of "Island of TeX"). */
function isEndOf(part: readonly string[], whole: readonly string[]): boolean {
  if (part.length === 0 || part.length >= whole.length) return false;
  const same = (offset: number) => part.every((w, i) => w === whole[offset + i]);
  return same(0) || same(whole.length - part.length);
}

/** The same person, as far as names tell: family names alike (particles aside), or given and family swapped. */
function sameAuthor(oursWritten: Author, theirsWritten: Author): boolean {
  const ours = withoutGeneration(oursWritten);
  const theirs = withoutGeneration(theirsWritten);
  const umlautAsE = /[äöüÄÖÜ]/.test(`${ours.family} ${theirs.family} ${ours.given ?? ''} ${theirs.given ?? ''}`);
  const key = (name: string | undefined) => (name ? familyWords(name, umlautAsE) : []);
  const aw = key(ours.family);
  const bw = key(theirs.family);
  const a = aw.join('');
  const b = bw.join('');
  if (!a || !b) return false;
  if (a === b) return true;
  // Compound family names written in part ("García Márquez" vs "Márquez"): the first or last whole words of the other
  // side, never a word that only starts like one (Chen is not Cheng, Zhan is not Zhang).
  if (isEndOf(aw, bw) || isEndOf(bw, aw)) return true;
  // Name order: "Wang Wei" written family-first on one side.
  const ag = key(ours.given).join('');
  const bg = key(theirs.given).join('');
  return !!ag && !!bg && ag === b && bg === a;
}

interface AuthorComparison {
  agree: boolean;
  compared: boolean;
  why?: string;
  notes: string[];
}

function recordAuthors(names: readonly string[]): Author[] {
  return names.map((n) => parseName(n.replace(/[{}\\]/g, '')));
}

const familyList = (authors: readonly Author[], max = 4) =>
  authors.slice(0, max).map((a) => a.family).join(', ') + (authors.length > max ? `, … (${authors.length})` : '');

export function compareAuthors(ours: readonly Author[], oursTruncated: boolean, theirNames: readonly string[]): AuthorComparison {
  const notes: string[] = [];
  if (!ours.length || !theirNames.length) return { agree: true, compared: false, notes: ours.length ? ['the record lists no authors'] : [] };
  const theirs = recordAuthors(theirNames);
  const used = new Set<number>();
  let matched = 0;
  let firstMatched = false;
  ours.forEach((author, i) => {
    const j = theirs.findIndex((t, k) => !used.has(k) && sameAuthor(author, t));
    if (j < 0) return;
    used.add(j);
    matched++;
    // The first author first: allowed one place of slack for a record that orders two first authors otherwise.
    if (i === 0 && j <= 1) firstMatched = true;
    const ai = givenInitial(author.given);
    const ti = givenInitial(theirs[j].given);
    if (ai && ti && ai !== ti && !notes.length) notes.push(`given names differ for ${author.family}: ${author.given} vs ${theirs[j].given}`);
  });
  const missing = ours.length - matched;
  if (!firstMatched || matched * 3 < ours.length * 2) {
    const why = !firstMatched ? `first author ${ours[0].family}, the record's is ${theirs[0]?.family ?? 'none'}` : `${missing} of ${ours.length} authors are not in the record`;
    return { agree: false, compared: true, why: `${why} (${familyList(ours)} vs ${familyList(theirs)})`, notes };
  }
  if (missing) notes.push(`${missing} of the entry's authors are not in the record`);
  if (!oursTruncated && theirs.length > ours.length) notes.push(`the entry lists ${ours.length} of the record's ${theirs.length} authors without "and others"`);
  return { agree: true, compared: true, notes };
}

export function authorsText(authors: readonly Author[], truncated: boolean): string {
  return familyList(authors, 6) + (truncated ? ', et al.' : '');
}

export function recordAuthorsText(names: readonly string[]): string {
  return familyList(recordAuthors(names), 6);
}

// ---------------------------------------------------------------------------------------------------------------
// Years, venues, identifiers

/** A preprint (arXiv, CoRR, bioRxiv…) as the entry names it: its venue or its type. */
export function isPreprintVenue(venue: string | undefined): boolean {
  return /\b(arxiv|corr|preprint|biorxiv|medrxiv|ssrn|techrxiv|openreview)\b/i.test(venue ?? '');
}

interface YearComparison {
  agree: boolean;
  note?: string;
}

/**
 * Online-first and print years are often one apart; a preprint may be two or three years older than the version a
 * record holds ("arXiv 2017" for the 2019 journal paper).
 */
export function compareYears(ours: number, theirs: number, oursIsPreprint: boolean): YearComparison {
  const gap = theirs - ours;
  if (gap === 0) return { agree: true };
  if (Math.abs(gap) <= 1) return { agree: true, note: `year ${ours} vs ${theirs}: within one (online-first and print years differ)` };
  if (oursIsPreprint && gap > 0 && gap <= 3) return { agree: true, note: `year ${ours} vs ${theirs}: the preprint is older than the published version` };
  return { agree: false };
}

const VENUE_GENERIC = new Set([
  'proceedings', 'proc', 'conference', 'conf', 'international', 'intl', 'int', 'annual', 'journal', 'j', 'jour', 'symposium', 'symp',
  'workshop', 'meeting', 'the', 'of', 'on', 'and', 'in', 'for', 'at', 'a', 'an', 'to', 'st', 'nd', 'rd', 'th', 'first', 'second', 'third',
  'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'part', 'vol', 'volume', 'series', 'ser',
]);
const VENUE_SMALL = new Set(['the', 'of', 'on', 'and', 'in', 'for', 'at', 'a', 'an', 'to', 'de', 'des', 'der', 'und', 'fur', 'et']);

/** Venues renamed while their papers keep being cited under either name. */
const RENAMED_VENUES: Array<[RegExp, string]> = [[/\bneurips\b/gi, 'NIPS']];

function venueWords(venue: string): string[] {
  return foldName(venue).split(' ').filter((w) => w && !/^\d+(st|nd|rd|th)?$/.test(w) && !/^(19|20)\d\d$/.test(w));
}

/** Capitals that abbreviate: "NeurIPS", "ACL", "IEEE TPAMI" → ['neurips', 'acl', 'ieee', 'tpami']. */
function acronyms(venue: string): string[] {
  return (venue.match(/\b[A-Za-z]*[A-Z][A-Za-z]*[A-Z][A-Za-z]*\b/g) ?? []).map((w) => w.toLowerCase());
}

function initialsOf(words: string[]): string {
  return words.filter((w) => !VENUE_SMALL.has(w)).map((w) => w[0]).join('');
}

function tokensAgree(x: string, y: string): boolean {
  return x === y || (x.length >= 3 && y.startsWith(x)) || (y.length >= 3 && x.startsWith(y));
}

/** Share of `a`'s distinctive words that the other venue has, abbreviations ("Trans.", "Comput.") allowed. */
function coverage(a: string[], b: string[]): number {
  const distinctive = a.filter((w) => !VENUE_GENERIC.has(w) && w.length > 1);
  if (!distinctive.length) return 1;
  return distinctive.filter((w) => b.some((v) => tokensAgree(w, v))).length / distinctive.length;
}

/** The same venue, as far as names tell: shared distinctive words (abbreviated or not), or an acronym of the other. */
export function venuesAgree(oursWritten: string, theirsWritten: string): boolean {
  const renamed = (v: string) => RENAMED_VENUES.reduce((text, [pattern, name]) => text.replace(pattern, name), v);
  const ours = renamed(oursWritten);
  const theirs = renamed(theirsWritten);
  const a = venueWords(ours);
  const b = venueWords(theirs);
  if (!a.length || !b.length) return true;
  if (coverage(a, b) >= 0.5 || coverage(b, a) >= 0.5) return true;
  const aInitials = initialsOf(a);
  const bInitials = initialsOf(b);
  for (const acronym of acronyms(ours)) if (acronym.length >= 3 && (bInitials.includes(acronym) || b.includes(acronym))) return true;
  for (const acronym of acronyms(theirs)) if (acronym.length >= 3 && (aInitials.includes(acronym) || a.includes(acronym))) return true;
  // "NIPS" and "NeurIPS": the venue renamed, its acronym's letters kept in order.
  return false;
}

/** The venue kind an entry type promises: an @article a journal, an @inproceedings a proceedings volume. */
export function entryVenueKind(type: string): 'journal' | 'proceedings' | undefined {
  if (type === 'article') return 'journal';
  if (type === 'inproceedings' || type === 'conference' || type === 'proceedings') return 'proceedings';
  return undefined;
}

export function sameDoi(a: string | undefined, b: string | undefined): boolean {
  const x = normalizeDoi(a);
  const y = normalizeDoi(b);
  return !!x && x === y;
}
