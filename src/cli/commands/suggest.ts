// `citescribe suggest` and `citescribe check`: which works of the library support a sentence, and whether the works a
// document cites support the sentences that cite them, each answer with the work's closest sentence.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { UsageError, type CliIO } from '../args';
import { defineCommand } from '../command';
import { REQUIRED_DB_OPTION } from '../shared-options';
import { openLibraryStore, type LibraryStore } from '../../core/library/store';
import { citeLanguageFor } from '../../core/cites';
import { suggestWithEmbeddings } from '../../core/suggest/embedding-rank';
import { checkDocumentWithEmbeddings, checkPairsWithEmbeddings, EmbeddedRankings } from '../../core/suggest/embedding-check';
import { EMBEDDING_OPTIONS, embeddingRanking } from '../engine-options';
import { checkDocumentInThreads, checkPairsInThreads } from '../check-threads';
import { decodeTextBuffer } from '../../core/bibtex';
import { readInputFile } from '../../core/util/input-file';
import { attributionLine, ATTRIBUTION_USAGE, isPair } from './check-attribution';

const suggestAbout = `The works of the library that best support the sentence, best first, each with a score and its evidence: the
sentence of its abstract (or linked PDF, with the page) that says most of what the sentence says. Citation markers
("(Brants, 2000)", "[3]") are ignored. --queries reads lines {id, text} and prints lines {id, ranked: [{key, score,
evidence: {text, source, page}}]}. With --embeddings, the works are also ranked by meaning (see --embeddings below) and
each has its "cosine" with the sentence.`;

const checkAbout = `For every key cited in FILE (.tex or .md), its support (0–1) for the sentence around the citation and the work's
closest sentence; "title-only" when the library has no abstract or text for the work (its support cannot be judged).
A key whose paragraph (text between blank lines) cites other works is judged among them, as a --pairs line with a
group is (the keys its own sentence cites are not its rivals): "misattributed" when another work of the paragraph fits
the sentence clearly better (that work is "better", with its closest sentence), "unsupported" when no work of the
paragraph says it, "weak" or "supported" otherwise. A key alone in its paragraph is "weak" below the calibrated
threshold. A weak or unsupported key names a clearly better work of the library when there is one. Numbers,
percentages and names of datasets or systems in the sentence that the cited work's text does not hold are listed
("unsupportedDetails"). --json prints the list of checks: {key, start, end, sentence, verdict, support, evidence,
better, paragraphKeys, unsupportedDetails}, absent fields left out.
--pairs reads lines {id, text, key} and prints lines {id, key, support, verdict, evidence}.
${ATTRIBUTION_USAGE}
With --embeddings, each sentence is also ranked by meaning, and the cosines only withdraw flags (one thread): a citation
the words call weak (or, in its paragraph, unsupported) is supported when its work is nearer the sentence in meaning
than every work ranked for it and every work of its paragraph, and a work is misattributed only when the better work is
also nearer in meaning.`;

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

export const suggestCommand = defineCommand(
  {
    name: 'suggest',
    summary: 'the works of your library that support a sentence, with the evidence',
    synopsis: [
      'citescribe suggest "SENTENCE" --db DB [--k 10] [--embeddings DIR|ID|URL …] [--json]',
      'citescribe suggest --db DB --queries Q.jsonl [--k 10] [--embeddings DIR|ID|URL …] --json',
    ],
    about: suggestAbout,
    positional: { name: 'SENTENCE', kind: 'words', description: 'the sentence to find support for (or --queries)' },
    options: {
      ...REQUIRED_DB_OPTION,
      k: { type: 'string', number: { integer: true, min: 1 }, default: 10, description: 'how many works to list' },
      queries: { type: 'string', valueName: 'Q.jsonl', description: 'lines {id, text}: one ranked list per line, as JSON' },
      json: { type: 'boolean', description: 'print the ranked works as JSON' },
      ...EMBEDDING_OPTIONS,
    },
  },
  async ({ values, positional }, io) => {
    const k = values.k;
    const sentence = positional ?? '';
    if (!values.queries && !sentence) throw new UsageError('a SENTENCE or --queries Q.jsonl is required');
    const ranking = embeddingRanking(values, io);
    const store = openLibrary(values.db, io, 'suggest');
    if (!store) return 1;
    try {
      if (values.queries) {
        const queries = readJsonLines<{ id: unknown; text: unknown }>(values.queries, (q) => q !== null && typeof q === 'object' && typeof q.text === 'string', '{id, text}');
        for (const q of queries) {
          const ranked = (await suggestWithEmbeddings(store, q.text as string, k, ranking)).map((s) => ({
            key: s.key,
            score: Number(s.score.toFixed(4)),
            evidence: s.evidence,
            ...(s.cosine !== undefined && { cosine: Number(s.cosine.toFixed(4)) }),
          }));
          io.out(JSON.stringify({ id: q.id, ranked }));
        }
        return 0;
      }
      const ranked = await suggestWithEmbeddings(store, sentence, k, ranking);
      if (values.json) io.out(JSON.stringify(ranked));
      else if (!ranked.length) io.out('no work of the library shares a content word with this sentence');
      else {
        for (const s of ranked) {
          const where = `${s.evidence.source}${s.evidence.page ? ` p. ${s.evidence.page}` : ''}`;
          io.out(`${s.key}\t${(100 * s.support).toFixed(0)}%\t${s.titleOnly ? '(title only) ' : ''}${where}: ${s.evidence.text}`);
        }
      }
      return 0;
    } finally {
      store.close();
      await ranking?.embed.dispose?.();
    }
  },
);

export const checkCommand = defineCommand(
  {
    name: 'check',
    summary: 'whether the works a document cites support the sentences that cite them',
    synopsis: ['citescribe check --db DB --tex FILE [--embeddings DIR|ID|URL …] [--json]', 'citescribe check --db DB --pairs P.jsonl [--embeddings DIR|ID|URL …] --json'],
    about: checkAbout,
    options: {
      ...REQUIRED_DB_OPTION,
      tex: { type: 'string', valueName: 'FILE', description: 'the document (.tex or .md) whose citations to check' },
      pairs: { type: 'string', valueName: 'P.jsonl', description: 'lines {id, text, key} (and perhaps group): one verdict per line, as JSON' },
      json: { type: 'boolean', description: 'print the verdicts as JSON' },
      ...EMBEDDING_OPTIONS,
    },
  },
  async ({ values }, io) => {
    if (!values.tex && !values.pairs) throw new UsageError('--tex FILE or --pairs P.jsonl is required');
    const ranking = embeddingRanking(values, io);
    const store = openLibrary(values.db, io, 'check');
    if (!store) return 1;
    const dbPath = path.resolve(values.db);
    try {
      if (values.pairs) {
        const pairs = readJsonLines<{ id: unknown; text: unknown; key: unknown; group?: unknown }>(values.pairs, isPair, '{id, text, key} with an optional group: an array of keys');
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
      const file = values.tex!;
      const text = decodeTextBuffer(readInputFile(file));
      const language = citeLanguageFor(file);
      const checks = ranking ? await checkDocumentWithEmbeddings(store, text, language, ranking) : await checkDocumentInThreads(store, dbPath, text, language);
      if (values.json) {
        io.out(JSON.stringify(checks));
        return 0;
      }
      for (const c of checks) {
        const support = c.support === undefined ? '' : ` ${(100 * c.support).toFixed(0)}%`;
        io.out(`${c.key}\t${c.verdict}${support}${c.evidence ? `\t${c.evidence.source}${c.evidence.page ? ` p. ${c.evidence.page}` : ''}: ${c.evidence.text}` : ''}`);
        const better = c.better && `${c.better.key} (${(100 * c.better.support).toFixed(0)}%): ${c.better.evidence.text}`;
        if (c.verdict === 'misattributed' && c.better) io.out(`\tthis sentence describes ${c.better.key}, not ${c.key}: ${better}`);
        else if (better) io.out(`\tbetter match in your library: ${better}`);
        if (c.unsupportedDetails?.length) io.out(`\tnot in ${c.key}: ${c.unsupportedDetails.join(', ')}`);
      }
      return 0;
    } finally {
      store.close();
      await ranking?.embed.dispose?.();
    }
  },
);
