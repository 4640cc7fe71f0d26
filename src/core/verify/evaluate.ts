// `citescribe eval verify-references`: real entries with DOIs from the .bib files given, their true records served
// by a stand-in for the services on 127.0.0.1 (derived by the services' own kinds of difference: Unicode names, full
// first names, their title case, full journal names, online-first years), the same entries to verify as the .bib
// files write them, and seeded fabrications of each kind. Per source alone and all together: how many fabrications
// of each kind were flagged (mismatch or not-found), how many intact entries were (false alarms), and whether every
// flag came with its evidence.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { decodeBibBuffer, parseBibtex, type BibEntry } from '../bibtex';
import { normalizeDoi, normalizeTitle } from '../library/link';
import { readInputFile } from '../util/input-file';
import type { FetchLike } from '../enrich/http';
import { fabricate, FABRICATION_KINDS, type FabricationKind } from './benchmark/fabricate';
import { Rng } from './benchmark/random';
import { startStandIn } from './benchmark/standin-server';
import { trueWorkOf, type TrueWork } from './benchmark/truth';
import { verifyEntryFromBib } from './entries';
import { makeVerifySource, type VerifySourceName } from './sources';
import type { EntryVerdict } from './types';
import { verifyEntries } from './verify';

interface VerifyBenchmarkOptions {
  /** .bib files or folders holding them. */
  paths: readonly string[];
  seed?: number;
  /** Intact entries verified (drawn from the eligible ones). */
  intact?: number;
  /** Fabrications of each kind. */
  perKind?: number;
  onProgress?: (line: string) => void;
}

interface ConfigResult {
  sources: string;
  intact: number;
  falseAlarms: number;
  /** Intact entries the sources could not decide on (unverifiable): neither flagged nor verified. */
  intactUnverifiable: number;
  flagged: Record<FabricationKind, { flagged: number; total: number }>;
  fabricatedFlagged: number;
  fabricatedTotal: number;
  flagsWithoutEvidence: number;
  /** A few false alarms, for reading. */
  falseAlarmExamples: { key: string; evidence: string }[];
  missedExamples: { key: string; kind: FabricationKind; evidence: string }[];
}

interface VerifyBenchmarkResult {
  files: number;
  eligible: number;
  seed: number;
  configs: ConfigResult[];
  requests: number;
}

function bibFiles(paths: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    const stat = fs.statSync(p);
    if (stat.isDirectory()) for (const name of fs.readdirSync(p).sort()) walk(path.join(p, name));
    else if (p.toLowerCase().endsWith('.bib')) out.push(p);
  };
  for (const p of paths) {
    if (!fs.existsSync(p)) throw new Error(`no such file or folder: ${p}`);
    walk(p);
  }
  return out;
}

/** Entries with a DOI, a title of three words or more, authors and a year: what a record can be compared with. */
function eligibleEntries(files: readonly string[]): BibEntry[] {
  const seenDoi = new Set<string>();
  const seenTitle = new Set<string>();
  const out: BibEntry[] = [];
  for (const file of files) {
    let parsed;
    try {
      parsed = parseBibtex(decodeBibBuffer(readInputFile(file)), file);
    } catch {
      continue;
    }
    for (const e of parsed.entries) {
      const doi = normalizeDoi(e.doi);
      const title = normalizeTitle(e.title);
      if (!doi || title.split(' ').length < 3 || !e.authors.length || !e.year || !e.fields.author) continue;
      if (seenDoi.has(doi) || seenTitle.has(title)) continue;
      seenDoi.add(doi);
      seenTitle.add(title);
      out.push(e);
    }
  }
  return out;
}

const CONFIGS: { label: string; sources: VerifySourceName[] }[] = [
  { label: 'openalex', sources: ['openalex'] },
  { label: 'crossref', sources: ['crossref'] },
  { label: 'semanticscholar', sources: ['semanticscholar'] },
  { label: 'dblp', sources: ['dblp'] },
  { label: 'all', sources: ['openalex', 'crossref', 'semanticscholar', 'dblp', 'arxiv'] },
];

const flaggedVerdict = (v: EntryVerdict) => v.verdict === 'mismatch' || v.verdict === 'not-found';

export async function runVerifyBenchmark(options: VerifyBenchmarkOptions): Promise<VerifyBenchmarkResult> {
  const seed = options.seed ?? 67;
  const rng = new Rng(seed);
  const files = bibFiles(options.paths);
  const eligible = eligibleEntries(files);
  if (eligible.length < 20) throw new Error(`only ${eligible.length} entries with a DOI, title, authors and year in ${options.paths.join(', ')}: too few for a benchmark`);
  const truths: TrueWork[] = [];
  const withTruth: BibEntry[] = [];
  for (const e of eligible) {
    const t = trueWorkOf(e, truths.length + 1, rng);
    if (t) {
      truths.push(t);
      withTruth.push(e);
    }
  }
  const intact = rng.shuffle(withTruth).slice(0, options.intact ?? 400);
  const fabricated = FABRICATION_KINDS.flatMap((kind) => fabricate(kind, withTruth, options.perKind ?? 60, rng));
  const kindOf = new Map(fabricated.map((f) => [f.entry.key, f.kind]));
  const toVerify = [...intact.map(verifyEntryFromBib), ...fabricated.map((f) => verifyEntryFromBib(f.entry))];
  const server = await startStandIn(truths);
  const configs: ConfigResult[] = [];
  try {
    for (const config of CONFIGS) {
      options.onProgress?.(`verifying ${toVerify.length} entries with ${config.label}`);
      const sources = config.sources.map((n) => makeVerifySource(n, { fetch: globalThis.fetch as unknown as FetchLike, endpoints: server.endpoints, rateLimit: false, timeoutMs: 10_000 }));
      const report = await verifyEntries(toVerify, { sources });
      const flagged = Object.fromEntries(FABRICATION_KINDS.map((k) => [k, { flagged: 0, total: 0 }])) as ConfigResult['flagged'];
      const result: ConfigResult = {
        sources: config.label,
        intact: 0,
        falseAlarms: 0,
        intactUnverifiable: 0,
        flagged,
        fabricatedFlagged: 0,
        fabricatedTotal: 0,
        flagsWithoutEvidence: 0,
        falseAlarmExamples: [],
        missedExamples: [],
      };
      for (const v of report.entries) {
        const kind = kindOf.get(v.key);
        const isFlagged = flaggedVerdict(v);
        if (isFlagged && (!v.evidence || (v.verdict === 'mismatch' && !v.fields.length))) result.flagsWithoutEvidence++;
        if (!kind) {
          result.intact++;
          if (isFlagged) {
            result.falseAlarms++;
            if (result.falseAlarmExamples.length < 8) result.falseAlarmExamples.push({ key: v.key, evidence: `${v.verdict}: ${v.evidence}` });
          } else if (v.verdict === 'unverifiable') result.intactUnverifiable++;
          continue;
        }
        flagged[kind].total++;
        result.fabricatedTotal++;
        if (isFlagged) {
          flagged[kind].flagged++;
          result.fabricatedFlagged++;
        } else if (result.missedExamples.filter((m) => m.kind === kind).length < 2) result.missedExamples.push({ key: v.key, kind, evidence: `${v.verdict}: ${v.evidence}` });
      }
      configs.push(result);
    }
  } finally {
    await server.close();
  }
  return { files: files.length, eligible: truths.length, seed, configs, requests: server.requests };
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '-');

export function benchmarkTable(result: VerifyBenchmarkResult): string[] {
  const lines: string[] = [];
  const header = ['kind'.padEnd(26), ...result.configs.map((c) => c.sources.padStart(16))].join('');
  lines.push(`verify-references: ${result.eligible} real works with DOIs from ${result.files} .bib files (seed ${result.seed}); flagged = mismatch or not-found`);
  lines.push(header);
  for (const kind of FABRICATION_KINDS) {
    lines.push([kind.padEnd(26), ...result.configs.map((c) => `${c.flagged[kind].flagged}/${c.flagged[kind].total} ${pct(c.flagged[kind].flagged, c.flagged[kind].total)}`.padStart(16))].join(''));
  }
  lines.push(['all fabricated'.padEnd(26), ...result.configs.map((c) => `${c.fabricatedFlagged}/${c.fabricatedTotal} ${pct(c.fabricatedFlagged, c.fabricatedTotal)}`.padStart(16))].join(''));
  lines.push(['false alarms (intact)'.padEnd(26), ...result.configs.map((c) => `${c.falseAlarms}/${c.intact} ${pct(c.falseAlarms, c.intact)}`.padStart(16))].join(''));
  lines.push(['intact unverifiable'.padEnd(26), ...result.configs.map((c) => `${c.intactUnverifiable}`.padStart(16))].join(''));
  lines.push(['flags without evidence'.padEnd(26), ...result.configs.map((c) => `${c.flagsWithoutEvidence}`.padStart(16))].join(''));
  return lines;
}
