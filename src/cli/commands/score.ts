// `citescribe score`: ROUGE (rouge-score 0.1.2 numbers), citation coverage and BlockMatch of a draft against
// one or more references, or ROUGE for many pairs from a JSONL file.
import * as path from 'node:path';
import { decodeTextBuffer } from '../../core/bibtex/decode';
import { InputFileError, readInputFile } from '../../core/util/input-file';
import { UsageError, type CliIO } from '../args';
import { defineCommand } from '../command';
import {
  ROUGE_TYPES,
  RougeScorer,
  blockMatch,
  citationCoverage,
  stripCitationMarkers,
  type BlockMatchResult,
  type CitationCoverage,
  type MarkerLanguage,
  type RougeScores,
} from '../../core/metrics';

const ABOUT = `Scores a draft against references: ROUGE-1/2/L/Lsum (precision, recall, F1; identical to rouge-score 0.1.2,
several references = for each metric the best one, as score_multi), citation coverage and BlockMatch.`;

const METRIC_LABELS: Record<(typeof ROUGE_TYPES)[number], string> = {
  rouge1: 'ROUGE-1',
  rouge2: 'ROUGE-2',
  rougeL: 'ROUGE-L',
  rougeLsum: 'ROUGE-Lsum',
};

function readText(file: string, what: string): string {
  try {
    return decodeTextBuffer(readInputFile(file));
  } catch (err) {
    const reason = err instanceof InputFileError ? err.reason : (err as Error).message;
    throw new Error(`cannot read ${what} ${file}: ${reason}`);
  }
}

function languageOf(file: string, requested: MarkerLanguage | undefined): MarkerLanguage {
  if (requested !== undefined) return requested;
  const ext = path.extname(file).toLowerCase();
  if (ext === '.tex' || ext === '.ltx') return 'latex';
  if (['.md', '.markdown', '.rmd', '.qmd'].includes(ext)) return 'markdown';
  return 'auto';
}

interface PairLine {
  id: unknown;
  candidate: string;
  references: string[];
}

function parsePairLine(line: string, lineNumber: number): PairLine {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (err) {
    throw new Error(`line ${lineNumber}: not JSON (${(err as Error).message})`);
  }
  const record = value as { id?: unknown; candidate?: unknown; references?: unknown };
  if (typeof record !== 'object' || record === null || typeof record.candidate !== 'string') {
    throw new Error(`line ${lineNumber}: expected {"id", "candidate": string, "references": [string, ...]}`);
  }
  const references = typeof record.references === 'string' ? [record.references] : record.references;
  if (!Array.isArray(references) || references.length === 0 || !references.every((r) => typeof r === 'string')) {
    throw new Error(`line ${lineNumber}: "references" must be a non-empty array of strings`);
  }
  return { id: record.id ?? lineNumber, candidate: record.candidate, references };
}

function runPairs(file: string, stem: boolean, strip: boolean, io: CliIO): number {
  const scorer = new RougeScorer();
  const lines = readText(file, 'pairs file').split('\n');
  const sums = { rouge1: 0, rouge2: 0, rougeL: 0, rougeLsum: 0 };
  let count = 0;
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].trim()) continue;
    const pair = parsePairLine(lines[i], i + 1);
    const prepare = (text: string) => (strip ? stripCitationMarkers(text) : text);
    const scores = scorer.score(prepare(pair.candidate), pair.references.map(prepare), { stem });
    io.out(JSON.stringify({ id: pair.id, ...scores }));
    for (const type of ROUGE_TYPES) sums[type] += scores[type].f;
    count++;
  }
  const means = ROUGE_TYPES.map((t) => `${METRIC_LABELS[t]} ${(count ? sums[t] / count : 0).toFixed(4)}`).join(', ');
  io.err(`scored ${count} pair${count === 1 ? '' : 's'}; mean F1: ${means}`);
  return 0;
}

/** Index of the first item with the highest value (ties keep the earlier reference, as score_multi does). */
function bestIndex<T>(items: readonly T[], value: (item: T) => number): number {
  let best = 0;
  for (let i = 1; i < items.length; i++) if (value(items[i]) > value(items[best])) best = i;
  return best;
}

function formatTable(
  candidateFile: string,
  referenceFiles: string[],
  rouge: RougeScores,
  coverage: CitationCoverage & { reference: string },
  blocks: BlockMatchResult & { reference: string },
  stem: boolean,
): string[] {
  const f = (x: number) => x.toFixed(4);
  const out = [
    `candidate  ${candidateFile}`,
    `reference  ${referenceFiles.join(', ')}${referenceFiles.length > 1 ? '  (per metric: best reference)' : ''}`,
    `stemming   ${stem ? 'on' : 'off'}`,
    '',
    `${'metric'.padEnd(12)}${'precision'.padStart(10)}${'recall'.padStart(10)}${'F1'.padStart(10)}`,
  ];
  for (const type of ROUGE_TYPES) {
    const s = rouge[type];
    out.push(`${METRIC_LABELS[type].padEnd(12)}${f(s.p).padStart(10)}${f(s.r).padStart(10)}${f(s.f).padStart(10)}`);
  }
  const c = coverage;
  out.push(
    '',
    `citation coverage (vs ${c.reference}): ${c.draftKeys.length} keys in the draft, ${c.referenceKeys.length} in the reference`,
    `${'  set'.padEnd(12)}${f(c.set.precision).padStart(10)}${f(c.set.recall).padStart(10)}${f(c.set.f1).padStart(10)}`,
    `${'  multiset'.padEnd(12)}${f(c.multiset.precision).padStart(10)}${f(c.multiset.recall).padStart(10)}${f(c.multiset.f1).padStart(10)}`,
  );
  if (c.missingKeys.length) out.push(`  missing (cited by the reference only): ${c.missingKeys.join(', ')}`);
  if (c.extraKeys.length) out.push(`  extra (cited by the draft only): ${c.extraKeys.join(', ')}`);
  if (c.forgottenKeys.length) out.push(`  requested but not cited: ${c.forgottenKeys.join(', ')}`);
  if (c.unmappedNumbers.length) out.push(`  numbered markers without a key: ${c.unmappedNumbers.join(', ')}`);
  const b = blocks;
  out.push(
    '',
    `BlockMatch, ROUGE-2 F1 (vs ${b.reference}): ${b.draftBlocks.length} draft blocks, ${b.referenceBlocks.length} reference blocks`,
    `${'  blocks'.padEnd(12)}${f(b.precision).padStart(10)}${f(b.recall).padStart(10)}${f(b.f1).padStart(10)}`,
  );
  for (const pair of b.pairs) {
    out.push(`  draft block ${pair.draft + 1} ↔ reference block ${pair.reference + 1}: ${f(pair.score)}`);
  }
  return out;
}

export const scoreCommand = defineCommand(
  {
    name: 'score',
    summary: 'ROUGE-1/2/L/Lsum, citation coverage and BlockMatch of a draft against references',
    synopsis: ['citescribe score --candidate FILE --reference FILE [--reference FILE]... [options]', 'citescribe score --pairs FILE.jsonl [--stem] [--strip-citations]'],
    about: ABOUT,
    options: {
      candidate: { type: 'string', valueName: 'FILE', description: 'the draft (.tex, .md or plain text)' },
      reference: { type: 'string', valueName: 'FILE', multiple: true, description: 'a reference text' },
      pairs: {
        type: 'string',
        valueName: 'FILE.jsonl',
        description: 'lines {"id", "candidate", "references": [...]}; prints one JSON line per pair: {"id", "rouge1": {"p","r","f"}, "rouge2", "rougeL", "rougeLsum"}',
      },
      stem: { type: 'boolean', description: "Porter-stem tokens longer than 3 characters (rouge-score's use_stemmer)" },
      'strip-citations': { type: 'boolean', description: 'remove citation markers (\\cite{…}, [@key], [3]) from both sides before ROUGE' },
      language: { type: 'string', choices: ['latex', 'markdown', 'auto'], description: 'the markup of the files (when not given: from the file extension, else auto)' },
      requested: { type: 'string', valueName: 'KEYS', description: 'comma-separated keys the draft should cite (reported when forgotten)' },
      json: { type: 'boolean', description: 'print one JSON object instead of the table' },
    },
  },
  async ({ values }, io) => {
    const stem = values.stem === true;
    const strip = values['strip-citations'] === true;

    if (values.pairs !== undefined) {
      if (values.candidate !== undefined || values.reference !== undefined) {
        throw new UsageError('use either --pairs or --candidate/--reference, not both');
      }
      return runPairs(values.pairs, stem, strip, io);
    }
    if (values.candidate === undefined) throw new UsageError('--candidate FILE (or --pairs FILE.jsonl) is required');
    const referenceFiles = values.reference ?? [];
    if (referenceFiles.length === 0) throw new UsageError('at least one --reference FILE is required');

    const candidateLanguage = languageOf(values.candidate, values.language);
    const candidate = readText(values.candidate, 'candidate');
    const references = referenceFiles.map((file) => ({
      file,
      text: readText(file, 'reference'),
      language: languageOf(file, values.language),
    }));

    const prepare = (text: string, language: MarkerLanguage) =>
      strip ? stripCitationMarkers(text, { language }) : text;
    const rouge = new RougeScorer().score(
      prepare(candidate, candidateLanguage),
      references.map((r) => prepare(r.text, r.language)),
      { stem },
    );

    const requestedKeys = values.requested
      ?.split(',')
      .map((k) => k.trim())
      .filter(Boolean);
    // Coverage and BlockMatch follow score_multi: the reference with the highest F1 (first on ties).
    const coverages = references.map((r) =>
      citationCoverage(candidate, r.text, { language: candidateLanguage, referenceLanguage: r.language, requestedKeys }),
    );
    const bestCoverage = bestIndex(coverages, (c) => c.set.f1);
    const coverage = { reference: references[bestCoverage].file, ...coverages[bestCoverage] };
    const matches = references.map((r) => blockMatch(candidate, r.text, { stem, language: candidateLanguage }));
    const bestBlocks = bestIndex(matches, (m) => m.f1);
    const blocks = { reference: references[bestBlocks].file, ...matches[bestBlocks] };

    if (values.json) {
      io.out(
        JSON.stringify(
          {
            candidate: values.candidate,
            references: referenceFiles,
            stem,
            ...rouge,
            coverage,
            blockMatch: blocks,
          },
          null,
          2,
        ),
      );
    } else {
      for (const line of formatTable(values.candidate, referenceFiles, rouge, coverage, blocks, stem)) io.out(line);
    }
    return 0;
  },
);
