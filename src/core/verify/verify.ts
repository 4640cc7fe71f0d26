// Verify a bibliography: each entry against the user's own copies and the chosen services, by identifier first and
// by title after, and one verdict per entry with the evidence that decided it. A source that cannot be reached, or
// answers garbage or never, costs only its own part: the run goes on with the others and says what it could not
// check; such an entry is `unverifiable`, never reported as invented.
import { OfflineError, ServiceError } from '../enrich/http';
import { CancelledError, throwIfCancelled } from '../types';
import type { AnswerCache } from './cache';
import { MemoryCache } from './cache';
import { judgeRecord, type RecordJudgement } from './judge';
import { VERIFY_LABELS, type VerifySource } from './sources';
import type { EntryVerdict, FoundBy, SourceRecord, VerifyEntry } from './types';
import type { FoundWork } from '../enrich/sources/types';

interface VerifyOptions {
  sources: readonly VerifySource[];
  /** The user's own other copies of an entry's work (other .bib files of the library), asked first. */
  libraryCopies?: (entry: VerifyEntry) => { record: SourceRecord; foundBy: FoundBy }[];
  cache?: AnswerCache;
  /** Ask again where the cache holds "nothing found". */
  retry?: boolean;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number, key?: string) => void;
  /** Stop asking a source after this many failures in a row (timeouts, garbage): default 3. */
  maxFailuresInARow?: number;
  today?: string;
}

export interface VerifyReport {
  entries: EntryVerdict[];
  counts: Record<EntryVerdict['verdict'], number>;
  /** Sources given up on, and why ("OpenAlex could not be reached …"). */
  problems: string[];
  cancelled: boolean;
  /** Keys not reached before a cancel. */
  notChecked: string[];
}

/** Title searches ask for this many hits: a generic title ("Editorial") has many works, the entry's among them. */
const SEARCH_HITS = 10;

type SourceOutcome =
  | { kind: 'judged'; source: string; judgement: RecordJudgement; record: SourceRecord; foundBy: FoundBy; idMissing?: string }
  | { kind: 'not-found'; source: string; asked: string }
  | { kind: 'failed'; source: string; why: string }
  | { kind: 'skipped'; source: string };

function toRecord(work: FoundWork): SourceRecord {
  const record: SourceRecord = { title: work.title, authors: work.authors, url: work.url };
  if (work.year !== undefined) record.year = work.year;
  if (work.venue) record.venue = work.venue;
  if (work.venueKind) record.venueKind = work.venueKind;
  if (work.doi) record.doi = work.doi;
  if (work.arxivId) record.arxivId = work.arxivId;
  return record;
}

class SourceRunner {
  private failuresInARow = 0;
  /** The source has answered in this run: a dropped connection now is a hiccup, not a wrong address. */
  private answered = false;
  stoppedBecause?: string;

  constructor(
    readonly source: VerifySource,
    private readonly cache: AnswerCache,
    private readonly options: VerifyOptions,
    private readonly stamp: string,
  ) {}

  private async cached(key: string, ask: () => Promise<FoundWork[]>): Promise<SourceRecord[]> {
    const hit = this.cache.get(key);
    if (hit && (hit.records.length || !this.options.retry)) return hit.records;
    const records = (await ask()).map(toRecord);
    this.cache.put({ key, records, retrieved: this.stamp });
    return records;
  }

  async check(entry: VerifyEntry): Promise<SourceOutcome> {
    const name = this.source.name;
    if (!this.source.covers(entry)) return { kind: 'skipped', source: name };
    if (this.stoppedBecause) return { kind: 'failed', source: name, why: this.stoppedBecause };
    try {
      const outcome = await this.askOnceMore(entry);
      this.failuresInARow = 0;
      this.answered = true;
      return outcome;
    } catch (err) {
      if (err instanceof OfflineError) {
        this.stoppedBecause = err.message;
        return { kind: 'failed', source: name, why: err.message };
      }
      if (err instanceof ServiceError) {
        if (++this.failuresInARow >= (this.options.maxFailuresInARow ?? 3)) {
          this.stoppedBecause = `${this.source.label} failed ${this.failuresInARow} times in a row (last: ${err.message}): stopped asking it`;
        }
        return { kind: 'failed', source: name, why: err.message };
      }
      throw err;
    }
  }

  /** A connection reset by a source that has answered before (a keep-alive race, a proxy) is asked again once. */
  private async askOnceMore(entry: VerifyEntry): Promise<SourceOutcome> {
    try {
      return await this.ask(entry);
    } catch (err) {
      if (!(err instanceof OfflineError) || !this.answered) throw err;
      return this.ask(entry);
    }
  }

  private async ask(entry: VerifyEntry): Promise<SourceOutcome> {
    const source = this.source;
    const ids = { ...(entry.doi && { doi: entry.doi }), ...(entry.arxiv && { arxiv: entry.arxiv }), ...(entry.acl && { acl: entry.acl }) };
    const id = source.idFor(ids);
    let idMissing: string | undefined;
    const asked: string[] = [];
    if (id) {
      asked.push(`${id.kind === 'doi' ? 'DOI' : id.kind === 'arxiv' ? 'arXiv id' : 'anthology id'} ${id.value}`);
      const records = await this.cached(`${source.name} ${id.kind} ${id.value}`, async () => {
        const found = await source.lookup(ids);
        return found ? [found.work] : [];
      });
      if (records[0]) {
        const judgement = judgeRecord(entry, records[0], id.kind);
        // A record by identifier that is another work: said so, and the title is still searched for below.
        if (judgement.outcome === 'verified' || judgement.fields.some((f) => f.field !== 'doi' && f.field !== 'eprint')) {
          return { kind: 'judged', source: source.name, judgement, record: records[0], foundBy: id.kind };
        }
        const byTitle = entry.title ? await this.searchTitle(entry) : undefined;
        if (byTitle && byTitle.judgement.outcome === 'verified') {
          byTitle.judgement.fields.unshift(...judgement.fields);
          byTitle.judgement.outcome = 'mismatch';
          byTitle.judgement.decidedBy = judgement.decidedBy;
          return { ...byTitle, record: records[0], foundBy: id.kind };
        }
        return { kind: 'judged', source: source.name, judgement, record: records[0], foundBy: id.kind };
      }
      idMissing = `${source.label} has no record for ${asked[0]}`;
    }
    if (!entry.title) return { kind: 'not-found', source: source.name, asked: asked.join(' or ') };
    asked.push('title');
    const byTitle = await this.searchTitle(entry);
    if (!byTitle) return { kind: 'not-found', source: source.name, asked: asked.join(' or ') };
    if (idMissing) {
      byTitle.idMissing = idMissing;
      // A DOI the record does not carry is a note (the service may not hold every DOI); an arXiv id that a service
      // resolving arXiv ids does not know, while the title is found, is an identifier that does not exist.
      if (id?.kind === 'arxiv' && byTitle.judgement.outcome === 'verified' && !byTitle.record.arxivId) {
        byTitle.judgement.outcome = 'mismatch';
        byTitle.judgement.decidedBy = 'eprint';
        const why = `${idMissing}; the title is that of a record without it${byTitle.record.doi ? ` (DOI ${byTitle.record.doi})` : ''}`;
        byTitle.judgement.fields.unshift({ field: 'eprint', ours: entry.arxiv!, theirs: byTitle.record.doi ?? '', why });
      } else byTitle.judgement.notes.push(idMissing);
    }
    return byTitle;
  }

  private async searchTitle(entry: VerifyEntry): Promise<Extract<SourceOutcome, { kind: 'judged' }> | undefined> {
    const query = entry.title.toLowerCase().replace(/\s+/g, ' ').trim();
    const records = await this.cached(`${this.source.name} title ${query}`, () => this.source.searchTitle(entry.title, SEARCH_HITS));
    let best: { judgement: RecordJudgement; record: SourceRecord } | undefined;
    for (const record of records) {
      const judgement = judgeRecord(entry, record, 'title');
      if (judgement.outcome === 'other-work') continue;
      const better = !best || (judgement.outcome === 'verified' && best.judgement.outcome !== 'verified') || (judgement.outcome === best.judgement.outcome && judgement.score > best.judgement.score);
      if (better) best = { judgement, record };
    }
    return best && { kind: 'judged', source: this.source.name, ...best, foundBy: 'title' };
  }
}

function label(source: string): string {
  return VERIFY_LABELS[source as keyof typeof VERIFY_LABELS] ?? source;
}

function evidenceOf(outcome: Extract<SourceOutcome, { kind: 'judged' }>): string {
  const how = outcome.foundBy === 'title' ? 'by title' : outcome.foundBy === 'doi' ? 'by DOI' : outcome.foundBy === 'arxiv' ? 'by arXiv id' : 'by anthology id';
  const where = `(${label(outcome.source)}, ${how})`;
  if (outcome.judgement.outcome === 'verified') {
    return `${[...outcome.judgement.compared].join(', ')} agree with “${outcome.record.title}” ${where}`;
  }
  return `${outcome.judgement.fields.map((f) => (f.field === 'doi' || f.field === 'eprint' || f.field === 'year' ? f.why : `${f.field}: ${f.why}`)).join('; ')} ${where}`;
}

/** Many sources' outcomes for one entry, to one verdict. */
function combineOutcomes(entry: VerifyEntry, online: SourceOutcome[], library: SourceOutcome[], asked: number): EntryVerdict {
  const base = {
    key: entry.key,
    fields: [],
    notes: [] as string[],
    unchecked: online.filter((o) => o.kind === 'failed').map((o) => (o as { why: string }).why),
    ...(entry.file && { file: entry.file }),
    ...(entry.line && { line: entry.line }),
  };
  const judged = online.filter((o): o is Extract<SourceOutcome, { kind: 'judged' }> => o.kind === 'judged');
  const verified = judged.filter((o) => o.judgement.outcome === 'verified');
  const mismatches = judged.filter((o) => o.judgement.outcome === 'mismatch');
  const verdictFrom = (o: Extract<SourceOutcome, { kind: 'judged' }>, extraNotes: string[] = []): EntryVerdict => ({
    ...base,
    verdict: o.judgement.outcome === 'verified' ? 'verified' : 'mismatch',
    fields: o.judgement.fields,
    source: o.source,
    foundBy: o.foundBy,
    record: o.record,
    decidedBy: o.judgement.decidedBy,
    evidence: evidenceOf(o),
    notes: [...o.judgement.notes, ...extraNotes],
  });
  // A mismatch stands against a verification that did not compare the field it is about (a record without a venue
  // does not clear a venue another record contradicts).
  const standing = mismatches.filter((m) => m.judgement.fields.some((f) => !verified.some((v) => v.judgement.compared.has(f.field))));
  const byId = (list: typeof judged) => list.find((o) => o.foundBy !== 'title') ?? list[0];
  if (standing.length) return verdictFrom(byId(standing)!, verified.map((v) => `${label(v.source)} agrees on ${[...v.judgement.compared].join(', ')}`));
  if (verified.length) return verdictFrom(byId(verified)!);
  if (mismatches.length) return verdictFrom(byId(mismatches)!);
  const notFound = online.filter((o): o is Extract<SourceOutcome, { kind: 'not-found' }> => o.kind === 'not-found');
  const libraryJudged = library.filter((o): o is Extract<SourceOutcome, { kind: 'judged' }> => o.kind === 'judged');
  if (notFound.length) {
    const what = entry.title ? `“${entry.title}”` : 'the entry';
    return {
      ...base,
      verdict: 'not-found',
      source: null,
      decidedBy: 'search',
      evidence: `no record of ${what} in ${notFound.map((o) => `${label(o.source)} (asked by ${o.asked})`).join(', ')}: possibly invented`,
      notes: libraryJudged.map((o) => `your library has a copy (${o.record.url}), which is no evidence that the work exists`),
    };
  }
  // Nothing online answered: the user's own copies are all there is.
  const libraryMismatch = libraryJudged.find((o) => o.judgement.outcome === 'mismatch');
  const libraryVerified = libraryJudged.find((o) => o.judgement.outcome === 'verified');
  const offlineNote = asked ? 'not checked online: no service could answer' : 'not checked online (no service asked)';
  if (libraryMismatch) return verdictFrom(libraryMismatch, [offlineNote]);
  if (libraryVerified && asked === 0) return verdictFrom(libraryVerified, [offlineNote]);
  const tooLittle = !entry.title && !entry.doi && !entry.arxiv && !entry.acl;
  return {
    ...base,
    verdict: 'unverifiable',
    source: null,
    decidedBy: 'search',
    evidence: tooLittle
      ? 'too little to look up: no title, DOI or arXiv id'
      : asked
        ? `no source could be asked: ${base.unchecked.join('; ') || 'none answered'}`
        : online.length
          ? `none of the sources asked holds this kind of entry (${online.map((o) => label(o.source)).join(', ')})`
          : 'no online source asked, and no other copy in your library',
    notes: [],
  };
}

export async function verifyEntries(entries: readonly VerifyEntry[], options: VerifyOptions): Promise<VerifyReport> {
  const cache = options.cache ?? new MemoryCache();
  const stamp = options.today ?? new Date().toISOString().slice(0, 10);
  const runners = options.sources.map((s) => new SourceRunner(s, cache, options, stamp));
  const report: VerifyReport = { entries: [], counts: { verified: 0, mismatch: 0, 'not-found': 0, unverifiable: 0 }, problems: [], cancelled: false, notChecked: [] };
  let done = 0;
  try {
    for (const entry of entries) {
      throwIfCancelled(options.signal);
      options.onProgress?.(done, entries.length, entry.key);
      const lookable = !!(entry.title || entry.doi || entry.arxiv || entry.acl);
      const online: SourceOutcome[] = [];
      if (lookable) for (const runner of runners) online.push(await runner.check(entry));
      const library: SourceOutcome[] = (options.libraryCopies?.(entry) ?? []).map(({ record, foundBy }) => {
        const judgement = judgeRecord(entry, record, foundBy);
        return judgement.outcome === 'other-work' ? { kind: 'not-found', source: 'library', asked: foundBy } : { kind: 'judged', source: 'library', judgement, record, foundBy };
      });
      const verdict = combineOutcomes(entry, online, library, online.filter((o) => o.kind !== 'skipped').length);
      if (entry.doiField && !entry.doi) {
        // "doi = {10.1000}" or "doi = {see paper}": not a DOI; the entry was looked up by title instead.
        verdict.notes.unshift(`the DOI field “${entry.doiField}” is not a DOI: looked up by title`);
        if (verdict.verdict === 'verified') {
          verdict.verdict = 'mismatch';
          verdict.decidedBy = 'doi';
          const why = `“${entry.doiField}” is not a DOI${verdict.record?.doi ? `; the record's is ${verdict.record.doi}` : ''}`;
          verdict.fields = [{ field: 'doi', ours: entry.doiField, theirs: verdict.record?.doi ?? '', why }];
          verdict.evidence = `${verdict.fields[0].why} (${label(verdict.source ?? '')}, by title)`;
        }
      }
      report.entries.push(verdict);
      report.counts[verdict.verdict]++;
      done++;
    }
    options.onProgress?.(done, entries.length);
  } catch (err) {
    if (!(err instanceof CancelledError)) throw err;
    report.cancelled = true;
    report.notChecked = entries.slice(done).map((e) => e.key);
  }
  for (const runner of runners) if (runner.stoppedBecause) report.problems.push(runner.stoppedBecause);
  return report;
}
