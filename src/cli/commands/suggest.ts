// `citescribe suggest` and `citescribe check`: which works of the library support a sentence, and whether the works a
// document cites support the sentences that cite them, each answer with the work's closest sentence.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseCommandArgs, UsageError, type CliCommand, type CliIO } from '../args';
import { openLibraryStore, type LibraryStore } from '../../core/library/store';
import { citeLanguageFor } from '../../core/cites';
import { suggestWithEmbeddings } from '../../core/suggest/embedding-rank';
import { checkDocumentWithEmbeddings, checkPairsWithEmbeddings, EmbeddedRankings } from '../../core/suggest/embedding-check';
import { EMBEDDING_OPTIONS, EMBEDDING_USAGE, embeddingRanking, type EngineFlags } from '../engine-options';
import { checkDocumentInThreads, checkPairsInThreads } from '../check-threads';
import { decodeTextBuffer } from '../../core/bibtex';
import { readInputFile } from '../../core/util/input-file';
import { attributionLine, ATTRIBUTION_USAGE, isPair } from './check-attribution';

const suggestUsage = `Usage: citescribe suggest "SENTENCE" --db DB [--k 10] [--embeddings …] [--json]
       citescribe suggest --db DB --queries Q.jsonl [--k 10] [--embeddings …] --json

The works of the library that best support the sentence, best first, each with a score and its evidence: the
sentence of its abstract (or linked PDF, with the page) that says most of what the sentence says. Citation markers
("(Brants, 2000)", "[3]") are ignored. --queries reads lines {id, text} and prints lines {id, ranked: [{key, score,
evidence: {text, source, page}}]}. With --embeddings, each work also has its "cosine" with the sentence.
${EMBEDDING_USAGE}`;

const checkUsage = `Usage: citescribe check --db DB --tex FILE [--embeddings …] [--json]
       citescribe check --db DB --pairs P.jsonl [--embeddings …] --json

For every key cited in FILE (.tex or .md), its support (0–1) for the sentence around the citation and the work's
closest sentence; "weak" below the calibrated threshold, with a clearly better work of the library when there is one;
"title-only" when the library has no abstract or text for the work (its support cannot be judged). --pairs reads lines
{id, text, key} and prints lines {id, key, support, verdict, evidence}.
${ATTRIBUTION_USAGE}
With --embeddings, a citation the words call weak is supported when its work is the sentence's nearest in meaning,
and a work is named misattributed only when the better work is also nearer in meaning (one thread).
${EMBEDDING_USAGE}`;

function openLibrary(db: unknown, io: CliIO, command: string): LibraryStore | undefined {
  if (typeof db !== 'string') throw new UsageError('--db DB is required');
  const dbPath = path.resolve(db);
  if (!fs.existsSync(dbPath)) {
    io.err(`citescribe ${command}: no database at ${dbPath} (build one with \`citescribe index --db ${db} --bib …\`)`);
    return undefined;
  }
  return openLibraryStore(dbPath, 'read');
}

function readJsonLines<T>(file: string, check: (x: T) => boolean, shape: string): T[] {
  return readInputFile(file)
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l, i) => {
      let value: T;
      try {
        value = JSON.parse(l) as T;
      } catch (err) {
        throw new UsageError(`${file} line ${i + 1}: ${(err as Error).message}`);
      }
      if (!check(value)) throw new UsageError(`${file} line ${i + 1}: expected ${shape}`);
      return value;
    });
}

function positiveInt(raw: unknown, fallback: number, flag: string): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${flag} must be a positive integer, got '${raw}'`);
  return n;
}

export const suggestCommand: CliCommand = {
  name: 'suggest',
  summary: 'the works of your library that support a sentence, with the evidence',
  usage: suggestUsage,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, { db: { type: 'string' }, k: { type: 'string' }, queries: { type: 'string' }, json: { type: 'boolean' }, ...EMBEDDING_OPTIONS });
    const k = positiveInt(values.k, 10, '--k');
    const sentence = positionals.join(' ').trim();
    if (!values.queries && !sentence) throw new UsageError('a SENTENCE or --queries Q.jsonl is required');
    const ranking = embeddingRanking(values as EngineFlags, io);
    const store = openLibrary(values.db, io, 'suggest');
    if (!store) return 1;
    try {
      if (values.queries) {
        const queries = readJsonLines<{ id: unknown; text: unknown }>(values.queries as string, (q) => q !== null && typeof q === 'object' && typeof q.text === 'string', '{id, text}');
        for (const q of queries) {
          const ranked = await suggestWithEmbeddings(store, q.text as string, k, ranking);
          io.out(JSON.stringify({ id: q.id, ranked: ranked.map((s) => ({ key: s.key, score: Number(s.score.toFixed(4)), evidence: s.evidence, ...(s.cosine !== undefined && { cosine: Number(s.cosine.toFixed(4)) }) })) }));
        }
        return 0;
      }
      const ranked = await suggestWithEmbeddings(store, sentence, k, ranking);
      if (values.json) io.out(JSON.stringify(ranked));
      else if (!ranked.length) io.out('no work of the library shares a content word with this sentence');
      else for (const s of ranked) io.out(`${s.key}\t${(100 * s.support).toFixed(0)}%\t${s.titleOnly ? '(title only) ' : ''}${s.evidence.source}${s.evidence.page ? ` p. ${s.evidence.page}` : ''}: ${s.evidence.text}`);
      return 0;
    } finally {
      store.close();
      await ranking?.embed.dispose?.();
    }
  },
};

export const checkCommand: CliCommand = {
  name: 'check',
  summary: 'whether the works a document cites support the sentences that cite them',
  usage: checkUsage,
  async run(argv, io) {
    const { values } = parseCommandArgs(argv, { db: { type: 'string' }, tex: { type: 'string' }, pairs: { type: 'string' }, json: { type: 'boolean' }, ...EMBEDDING_OPTIONS });
    if (!values.tex && !values.pairs) throw new UsageError('--tex FILE or --pairs P.jsonl is required');
    const ranking = embeddingRanking(values as EngineFlags, io);
    const store = openLibrary(values.db, io, 'check');
    if (!store) return 1;
    const dbPath = path.resolve(values.db as string);
    try {
      if (values.pairs) {
        const pairs = readJsonLines<{ id: unknown; text: unknown; key: unknown; group?: unknown }>(values.pairs as string, isPair, '{id, text, key} with an optional group: an array of keys');
        // Lines without a group are checked as before, in order, sharing each sentence's ranking (checkPairs, on every core).
        const plainPairs = pairs.filter((p) => p.group === undefined).map((p) => ({ sentence: p.text as string, key: p.key as string }));
        // With an embedding model the sentences are ranked in this thread, one model for all (workers would each load it).
        const rankings = ranking && new EmbeddedRankings(store, ranking);
        const plain = (rankings ? await checkPairsWithEmbeddings(store, plainPairs, rankings) : await checkPairsInThreads(store, dbPath, plainPairs))[Symbol.iterator]();
        for (const p of pairs) {
          if (p.group !== undefined) {
            io.out(JSON.stringify(await attributionLine(store, p.id, p.text as string, p.key as string, p.group as string[], rankings)));
            continue;
          }
          const r = plain.next().value!;
          io.out(JSON.stringify({ id: p.id, key: p.key, support: r.support === undefined ? null : Number(r.support.toFixed(4)), verdict: r.verdict, evidence: r.evidence ?? null }));
        }
        return 0;
      }
      const file = values.tex as string;
      const text = decodeTextBuffer(readInputFile(file));
      const checks = ranking ? await checkDocumentWithEmbeddings(store, text, citeLanguageFor(file), ranking) : await checkDocumentInThreads(store, dbPath, text, citeLanguageFor(file));
      if (values.json) {
        io.out(JSON.stringify(checks));
        return 0;
      }
      for (const c of checks) {
        const support = c.support === undefined ? '' : ` ${(100 * c.support).toFixed(0)}%`;
        io.out(`${c.key}\t${c.verdict}${support}${c.evidence ? `\t${c.evidence.source}${c.evidence.page ? ` p. ${c.evidence.page}` : ''}: ${c.evidence.text}` : ''}`);
        if (c.better) io.out(`\tbetter match in your library: ${c.better.key} (${(100 * c.better.support).toFixed(0)}%): ${c.better.evidence.text}`);
      }
      return 0;
    } finally {
      store.close();
      await ranking?.embed.dispose?.();
    }
  },
};
