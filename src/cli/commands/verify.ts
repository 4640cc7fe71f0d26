// `citescribe verify`: each entry of a bibliography against the user's own copies and OpenAlex, Crossref, Semantic
// Scholar, DBLP and arXiv — verified, mismatch (which fields, ours vs theirs), not-found (possibly invented) or
// unverifiable (too little to look up, or no source answered) — with the evidence for each verdict.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { UsageError, type CliIO } from '../args';
import { defineCommand } from '../command';
import { DB_OPTION, SERVICE_OPTIONS } from '../shared-options';
import type { FetchLike } from '../../core/enrich/http';
import { FileCache, MemoryCache } from '../../core/verify/cache';
import { readBibForVerify } from '../../core/verify/entries';
import { libraryCopyFinder, zoteroCopies } from '../../core/verify/library-copies';
import { readZoteroLibrary } from '../../core/zotero/reader';
import { makeVerifySource, VERIFY_ENDPOINTS, VERIFY_LABELS, VERIFY_SOURCES, type VerifySourceName } from '../../core/verify/sources';
import type { EntryVerdict, VerifyEntry } from '../../core/verify/types';
import { verifyEntries, type VerifyReport } from '../../core/verify/verify';
import { openDatabase } from './engine-common';
import { KEY_OPTIONS, selectKeys } from './document-keys';

const ABOUT = `Checks that each entry is a real work as the entry describes it. Per entry a verdict with its evidence:
  verified      a record agrees on title, authors, year, and venue/DOI where both have them
  mismatch      a record of the work differs: the fields, ours vs theirs ("year 2019 vs 2021 (Crossref, by DOI)"),
                or the DOI is another work's
  not-found     no source asked has a record, by identifier or by title: possibly invented
  unverifiable  too little to look up, or no source could answer (never reported as invented)
A DOI or arXiv id is looked up by id first, then the title. Accents written in LaTeX or Unicode, braces, initials
vs full names, "and others", subtitles, title case, a preprint vs its published version, a conference vs a journal
version and years one apart (online-first) are not differences.

What is sent: each entry's DOI, arXiv or anthology id and its title, to the services named. Nothing else.`;

function parseSources(value: string | undefined): VerifySourceName[] {
  if (value === undefined) return [...VERIFY_SOURCES];
  const names = value.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  for (const n of names) if (!VERIFY_SOURCES.includes(n as VerifySourceName)) throw new UsageError(`unknown source '${n}' (known: ${VERIFY_SOURCES.join(', ')})`);
  if (!names.length) throw new UsageError('--source is empty');
  return names as VerifySourceName[];
}

function parseEndpoints(values: readonly string[] | undefined): Partial<Record<VerifySourceName, string>> {
  const out: Partial<Record<VerifySourceName, string>> = {};
  for (const v of values ?? []) {
    const m = /^([a-z-]+)=(.+)$/.exec(v);
    if (!m || !(m[1] in VERIFY_ENDPOINTS)) throw new UsageError(`--endpoint must be NAME=URL with NAME one of ${VERIFY_SOURCES.join(', ')}, got '${v}'`);
    try {
      const url = new URL(m[2]);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error();
    } catch {
      throw new UsageError(`--endpoint ${m[1]}: '${m[2]}' is not an http(s) URL`);
    }
    out[m[1] as VerifySourceName] = m[2];
  }
  return out;
}

interface Loaded {
  entries: VerifyEntry[];
  library: VerifyEntry[];
  problems: string[];
  scope: string;
}

function loadEntries(values: { db?: string; bib?: string; keys?: string; tex?: string; section?: string; zotero?: string }): Loaded {
  const selection = selectKeys(values);
  const problems: string[] = [];
  let library: VerifyEntry[] = [];
  if (values.db) {
    const store = openDatabase(values.db, 'verify');
    try {
      for (const file of store.bibFilePaths()) {
        if (!fs.existsSync(file)) continue;
        const read = readBibForVerify(file);
        library.push(...read.entries);
      }
    } finally {
      store.close();
    }
  }
  let entries: VerifyEntry[];
  let scope: string;
  if (values.bib) {
    const read = readBibForVerify(values.bib);
    problems.push(...read.problems);
    entries = read.entries;
    scope = values.bib;
  } else {
    if (!values.db) throw new UsageError('give --bib FILE, or --db DB with --keys LIST or --tex FILE');
    if (!selection) throw new UsageError('with --db, give --bib FILE, --keys LIST or --tex FILE');
    entries = library;
    scope = selection.scope;
  }
  if (selection) {
    const wanted = new Set(selection.keys);
    const chosen = new Map<string, VerifyEntry>();
    for (const e of entries) if (wanted.has(e.key) && !chosen.has(e.key)) chosen.set(e.key, e);
    const missing = selection.keys.filter((k) => !chosen.has(k));
    if (missing.length) problems.push(`not in ${values.bib ?? 'the library'}: ${missing.join(', ')}`);
    entries = selection.keys.filter((k) => chosen.has(k)).map((k) => chosen.get(k)!);
    scope = `${selection.scope}${values.bib ? ` in ${values.bib}` : ''}`;
  }
  if (values.zotero) {
    // Read-only: Zotero's database is copied and the copy read, as `citescribe zotero` does.
    const zotero = readZoteroLibrary(values.zotero);
    library.push(...zoteroCopies(zotero.items, zotero.dataDirectory));
  }
  if (values.bib && library.length) {
    // The file given is one of the library's own: its entries are not their own copies.
    const file = path.resolve(values.bib);
    library = library.filter((e) => !e.file || e.line === undefined || path.resolve(e.file) !== file);
  }
  return { entries, library, problems, scope };
}

const MARK: Record<EntryVerdict['verdict'], string> = { verified: 'verified    ', mismatch: 'MISMATCH    ', 'not-found': 'NOT FOUND   ', unverifiable: 'unverifiable' };

function printVerifyReport(report: VerifyReport, scope: string, io: CliIO): void {
  const c = report.counts;
  io.out(`${report.entries.length} entries of ${scope}: ${c.verified} verified, ${c.mismatch} mismatch, ${c['not-found']} not found, ${c.unverifiable} unverifiable`);
  // Flags first: they are what the user came for.
  const order = ['not-found', 'mismatch', 'unverifiable', 'verified'];
  const sorted = [...report.entries].sort((a, b) => order.indexOf(a.verdict) - order.indexOf(b.verdict));
  for (const e of sorted) {
    io.out(`  ${MARK[e.verdict]}  ${e.key}${e.line ? ` (line ${e.line})` : ''}: ${e.evidence}`);
    for (const note of e.notes) io.out(`                note: ${note}`);
    for (const u of e.unchecked) io.out(`                not checked: ${u}`);
  }
  if (report.cancelled) io.err(`cancelled: ${report.notChecked.length} entries not checked (the answers so far are kept in the cache)`);
  for (const p of report.problems) io.err(`problem: ${p}`);
}

export const verifyCommand = defineCommand(
  {
    name: 'verify',
    summary: 'check each entry of a bibliography against OpenAlex, Crossref, Semantic Scholar, DBLP, arXiv: invented or wrong references',
    synopsis: [
      'citescribe verify [--db DB] (--bib FILE | --tex FILE [--section T] | --keys LIST) [--source LIST | --offline]',
      '                         [--endpoint NAME=URL]... [--zotero DIR] [--contact EMAIL] [--cache FILE] [--retry] [--timeout S] [--json]',
    ],
    about: ABOUT,
    options: {
      bib: { type: 'string', valueName: 'FILE', description: 'the entries of this .bib file (no index needed); with --keys/--tex, only those of them' },
      db: {
        ...DB_OPTION.db,
        description:
          "the library database: entries by key from its .bib files, and its other .bib files' copies of each work compared first " +
          '(a copy that disagrees is reported when no service answers; one that agrees is no proof, since an invented entry ' +
          'copied twice agrees with itself)',
      },
      zotero: { type: 'string', valueName: 'DIR', description: 'also compare with the items of this Zotero data directory (read-only; e.g. ~/Zotero)' },
      ...KEY_OPTIONS,
      keys: { ...KEY_OPTIONS.keys, description: `${KEY_OPTIONS.keys.description}: only these entries` },
      source: { type: 'string', valueName: 'LIST', description: `services to ask, in order (when not given: ${VERIFY_SOURCES.join(',')})` },
      offline: { type: 'boolean', description: "ask no service: compare with the library's own copies only" },
      endpoint: { type: 'string', valueName: 'NAME=URL', multiple: true, description: `another base URL for a service: ${VERIFY_SOURCES.join(', ')}` },
      ...SERVICE_OPTIONS,
      cache: {
        type: 'string',
        valueName: 'FILE',
        description:
          'keep every answer here (JSON lines, with its date) and reuse it: an interrupted run resumes ' +
          '(when not given, with --db: verify-cache.jsonl beside the database; otherwise answers are not kept)',
      },
      retry: { type: 'boolean', description: 'ask again where the cache holds "nothing found"' },
      timeout: { type: 'string', valueName: 'S', number: { above: 0, unit: 'seconds' }, default: 15, description: 'seconds to wait for one answer' },
      json: {
        type: 'boolean',
        description:
          'print one JSON report: {entries: [{key, verdict, fields: [{field, ours, theirs, why}], source, foundBy, decidedBy, evidence, notes, unchecked, record}], counts, problems}',
      },
    },
  },
  async ({ values }, io) => {
    if (values.offline && values.source) throw new UsageError('give --source or --offline, not both');
    const names = values.offline ? [] : parseSources(values.source);
    const endpoints = parseEndpoints(values.endpoint);
    const timeoutS = values.timeout;
    const loaded = loadEntries(values);
    const cacheFile = values.cache ?? (values.db ? path.join(path.dirname(path.resolve(values.db)), 'verify-cache.jsonl') : undefined);
    const cache = cacheFile ? new FileCache(cacheFile) : new MemoryCache();
    const controller = new AbortController();
    const onSigint = () => controller.abort();
    process.once('SIGINT', onSigint);
    try {
      const sources = names.map((n) =>
        makeVerifySource(n, {
          fetch: globalThis.fetch as unknown as FetchLike,
          endpoints,
          ...(values.contact && { contact: values.contact }),
          rateLimit: !values['no-rate-limit'],
          timeoutMs: timeoutS * 1000,
          signal: controller.signal,
        }),
      );
      const showProgress = !values.json && process.stderr.isTTY;
      const report = await verifyEntries(loaded.entries, {
        sources,
        ...(loaded.library.length && { libraryCopies: libraryCopyFinder(loaded.library) }),
        cache,
        retry: !!values.retry,
        signal: controller.signal,
        onProgress: (done, total, key) => showProgress && process.stderr.write(`\r[${done}/${total}] ${(key ?? '').slice(0, 60).padEnd(60)}`),
      });
      if (showProgress) process.stderr.write('\r' + ' '.repeat(80) + '\r');
      report.problems.unshift(...loaded.problems);
      if (cache instanceof FileCache && cache.unreadableLines) report.problems.push(`${cache.unreadableLines} unreadable line(s) in ${cacheFile} skipped`);
      if (values.json) io.out(JSON.stringify({ scope: loaded.scope, sources: names.map((n) => VERIFY_LABELS[n]), ...report }));
      else printVerifyReport(report, loaded.scope, io);
      return 0;
    } finally {
      process.removeListener('SIGINT', onSigint);
    }
  },
);
