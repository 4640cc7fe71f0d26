// `citescribe enrich`: abstracts (and, with --pdfs, open-access PDFs) for entries that lack them, from OpenAlex,
// Semantic Scholar, Crossref and arXiv. `citescribe zotero`: the same from a local Zotero data directory, offline.
import * as path from 'node:path';
import { UsageError, type CliIO } from '../args';
import { defineCommand } from '../command';
import { REQUIRED_DB_OPTION, SERVICE_OPTIONS } from '../shared-options';
import { DEFAULT_ENDPOINTS, DEFAULT_ENRICH_DEADLINE_MS, enrichLibrary, ONLINE_SOURCES, SOURCE_LABELS, type EndpointName, type EnrichReport, type OnlineSourceName } from '../../core/enrich/enrich';
import type { FetchLike } from '../../core/enrich/http';
import { indexLibrary } from '../../core/library/indexer';
import { openLibraryStore, type LibraryStore } from '../../core/library/store';
import { defaultZoteroDataDirectory } from '../../core/zotero/reader';
import { importFromZotero } from '../../core/zotero/import';
import { KEY_OPTIONS, selectKeys } from './document-keys';

function parseSources(value: string | undefined): OnlineSourceName[] | undefined {
  if (value === undefined) return undefined;
  const names = value.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  for (const n of names) if (!ONLINE_SOURCES.includes(n as OnlineSourceName)) throw new UsageError(`unknown source '${n}' (known: ${ONLINE_SOURCES.join(', ')})`);
  if (!names.length) throw new UsageError('--source is empty');
  return names as OnlineSourceName[];
}

export function parseEndpoints(values: readonly string[] | undefined): Partial<Record<EndpointName, string>> {
  const out: Partial<Record<EndpointName, string>> = {};
  for (const v of values ?? []) {
    const m = /^([a-z-]+)=(.+)$/.exec(v);
    if (!m || !(m[1] in DEFAULT_ENDPOINTS)) throw new UsageError(`--endpoint must be NAME=URL with NAME one of ${Object.keys(DEFAULT_ENDPOINTS).join(', ')}, got '${v}'`);
    try {
      const url = new URL(m[2]);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error();
    } catch {
      throw new UsageError(`--endpoint ${m[1]}: '${m[2]}' is not an http(s) URL`);
    }
    out[m[1] as EndpointName] = m[2];
  }
  return out;
}

function openForWrite(db: string | undefined): LibraryStore {
  if (!db) throw new UsageError('--db DB is required');
  return openLibraryStore(path.resolve(db), 'index');
}

/** Index again so that new PDFs (downloaded, or in Zotero's storage) are read and linked. */
async function indexFoundPdfs(store: LibraryStore): Promise<number> {
  const before = store.stats().linked;
  const result = await indexLibrary({ store, bibPaths: store.bibFilePaths(), pdfPaths: store.pdfFilePaths(), lockWaitMs: 10 * 60_000 });
  return result.linked - before;
}

function printEnrichReport(report: EnrichReport, io: CliIO): void {
  const bySource = new Map<string, number>();
  for (const f of report.found) bySource.set(SOURCE_LABELS[f.source], (bySource.get(SOURCE_LABELS[f.source]) ?? 0) + 1);
  const sources = [...bySource].map(([s, n]) => `${n} from ${s}`).join(', ');
  io.out(
    `${report.found.length} of ${report.considered} entries without an abstract now have one${sources ? ` (${sources})` : ''}; ` +
      `${report.alreadyGrounded} had one already` +
      (report.skippedTried ? `; ${report.skippedTried} lookup(s) skipped where an earlier run found nothing (--retry asks again)` : ''),
  );
  for (const f of report.found) io.out(`  ${f.key}: ${SOURCE_LABELS[f.source]}, by ${f.matchedBy}`);
  if (report.notFound.length) io.out(`not found: ${report.notFound.join(', ')}`);
  if (report.notLookedUp.length) io.out(`not looked up (${report.stoppedBecause ?? 'no service could be reached'}): ${report.notLookedUp.join(', ')}`);
  for (const r of report.rejected) io.out(`rejected for ${r.key}: ${SOURCE_LABELS[r.source]}'s “${r.title}” (${r.why})`);
  for (const p of report.pdfs) io.out(`PDF for ${p.key}: ${p.path}`);
  for (const p of report.problems) io.err(`problem: ${p}`);
  if (report.cancelled) io.err('cancelled: what was found before is kept');
}

export const enrichCommand = defineCommand(
  {
    name: 'enrich',
    summary: 'find missing abstracts (and open-access PDFs) online: OpenAlex, Semantic Scholar, Crossref, arXiv',
    synopsis: [
      'citescribe enrich --db DB [--source openalex,semanticscholar,crossref,arxiv] [--keys LIST | --tex FILE [--section T]]',
      '                         [--pdfs [--pdf-folder DIR]] [--endpoint NAME=URL]... [--contact EMAIL] [--retry] [--json]',
    ],
    about: `Looks up the abstract of each entry that has none — by DOI, arXiv id or ACL Anthology id, by title as the last
resort (accepted only when the title is at least 0.9 alike and the year or first author agrees) — and keeps it in
the library database with its source, URL and date. Your .bib files are not changed.

What is sent: each entry's DOI, arXiv or anthology id, or its title, to the services named; with --contact, your
address in the User-Agent (and as mailto for OpenAlex and Crossref), as their polite pools ask. Nothing else.`,
    options: {
      ...REQUIRED_DB_OPTION,
      source: { type: 'string', valueName: 'LIST', description: `services to ask, in order (when not given: ${ONLINE_SOURCES.join(',')})` },
      ...KEY_OPTIONS,
      keys: { ...KEY_OPTIONS.keys, description: `${KEY_OPTIONS.keys.description}: only these entries (when neither --keys nor --tex: every entry without an abstract)` },
      pdfs: {
        type: 'boolean',
        description: 'also download open-access PDFs (arXiv, ACL Anthology, the OA URL a service names) of entries without a PDF, then index and link them',
      },
      'pdf-folder': { type: 'string', valueName: 'DIR', description: 'where downloaded PDFs go (when not given: pdf-cache beside the database)' },
      endpoint: { type: 'string', valueName: 'NAME=URL', multiple: true, description: `another base URL for a service: ${Object.keys(DEFAULT_ENDPOINTS).join(', ')}` },
      ...SERVICE_OPTIONS,
      retry: { type: 'boolean', description: 'ask again where an earlier run found nothing' },
      deadline: {
        type: 'string',
        valueName: 'SECONDS',
        number: { above: 0, unit: 'seconds' },
        default: DEFAULT_ENRICH_DEADLINE_MS / 1000,
        description: 'the longest the whole run may take; entries left are listed as not looked up, and the next run carries on from them',
      },
      json: { type: 'boolean', description: 'print the report as JSON' },
    },
  },
  async ({ values }, io) => {
    const sources = parseSources(values.source);
    const endpoints = parseEndpoints(values.endpoint);
    if (values['pdf-folder'] && !values.pdfs) throw new UsageError('--pdf-folder needs --pdfs');
    const deadlineSeconds = values.deadline;
    const selection = selectKeys(values);
    const store = openForWrite(values.db);
    const controller = new AbortController();
    const onSigint = () => controller.abort();
    process.once('SIGINT', onSigint);
    try {
      const pdfFolder = values.pdfs ? path.resolve(values['pdf-folder'] ?? path.join(path.dirname(store.path), 'pdf-cache')) : undefined;
      const showProgress = !values.json && process.stderr.isTTY;
      const report = await enrichLibrary({
        store,
        fetch: globalThis.fetch as unknown as FetchLike,
        ...(sources && { sources }),
        endpoints,
        ...(values.contact && { contact: values.contact }),
        ...(selection && { keys: selection.keys }),
        ...(pdfFolder && { pdfFolder }),
        retry: !!values.retry,
        deadlineMs: Math.round(deadlineSeconds * 1000),
        rateLimit: !values['no-rate-limit'],
        signal: controller.signal,
        onProgress: (done, total, key) => showProgress && process.stderr.write(`\r[${done}/${total}] ${(key ?? '').slice(0, 60).padEnd(60)}`),
      });
      if (showProgress) process.stderr.write('\r' + ' '.repeat(80) + '\r');
      const linked = report.pdfs.length ? await indexFoundPdfs(store) : 0;
      if (values.json) io.out(JSON.stringify({ ...report, pdfsLinked: linked }));
      else {
        printEnrichReport(report, io);
        if (report.pdfs.length) io.out(`${report.pdfs.length} PDF(s) downloaded into ${pdfFolder}; ${linked} newly linked`);
      }
      // Every service unreachable, or a database that refused a write, is a failure to do what was asked; a partial
      // result (cancelled, or stopped at the deadline) is not.
      if (report.stoppedBecause === 'the library database refused a write') return 1;
      return report.found.length === 0 && report.considered > 0 && report.problems.some((p) => /no service could be reached/.test(p)) ? 1 : 0;
    } finally {
      process.removeListener('SIGINT', onSigint);
      store.close();
    }
  },
);

export const zoteroCommand = defineCommand(
  {
    name: 'zotero',
    summary: 'take abstracts and PDFs from a local Zotero library (offline)',
    synopsis: ['citescribe zotero --db DB [--data-dir DIR] [--json]'],
    about: `Matches the library's entries to the items of a Zotero library — by citation key (Better BibTeX's, or Zotero's
own "Citation Key"), then DOI, then title (at least 0.9 alike, the years within one) — and keeps Zotero's abstract
(where the .bib has none) and the PDFs in Zotero's storage, then indexes and links those PDFs. Offline. Zotero's
database is copied and the copy read, so Zotero may keep running; nothing of Zotero's is ever written.`,
    options: {
      ...REQUIRED_DB_OPTION,
      'data-dir': { type: 'string', valueName: 'DIR', description: 'the Zotero data directory (when not given: ~/Zotero, where Zotero keeps it on every platform)' },
      json: { type: 'boolean', description: 'print the report as JSON' },
    },
  },
  async ({ values }, io) => {
    const dataDir = values['data-dir'] ?? defaultZoteroDataDirectory();
    if (!dataDir) throw new Error('no Zotero data directory at ~/Zotero: give its place with --data-dir (Zotero shows it under Settings → Advanced → Files and Folders)');
    const store = openForWrite(values.db);
    try {
      const report = importFromZotero(store, dataDir);
      const linked = report.pdfs ? await indexFoundPdfs(store) : 0;
      if (values.json) io.out(JSON.stringify({ ...report, pdfsLinked: linked }));
      else {
        const m = report.matched;
        io.out(
          `${m['citation-key'] + m.doi + m.title} of ${report.entries} entries matched to ${report.items} Zotero items ` +
            `(${m['citation-key']} by citation key${report.citationKeysFrom === 'better-bibtex' ? ' from Better BibTeX' : ''}, ${m.doi} by DOI, ${m.title} by title); ` +
            `${report.abstracts} abstract(s) and ${report.pdfs} PDF(s) taken, ${linked} PDF(s) newly linked`,
        );
      }
      return 0;
    } finally {
      store.close();
    }
  },
);
