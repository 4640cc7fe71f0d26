import { strict as assert } from 'assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../../src/cli/main';
import { indexLibrary } from '../../../src/core/library/indexer';
import { openLibraryStore, type LibraryStore } from '../../../src/core/library/store';
import { serverEmbedder } from '../../../src/core/neural/server-embedder';
import { judgeFromFits, type WorkFit } from '../../../src/core/suggest/attribution';
import type { CitationCheck } from '../../../src/core/suggest/check';
import { checkDocument } from '../../../src/core/suggest/document-check';
import { checkDocumentWithEmbeddings } from '../../../src/core/suggest/embedding-check';
import { rankKeysWithEmbeddings, reciprocalRankFusion, suggestWithEmbeddings, type EmbeddingRanking } from '../../../src/core/suggest/embedding-rank';
import { suggestCitations } from '../../../src/core/suggest/suggest';
import { CancelledError } from '../../../src/core/types';
import { embeddingServer, type EmbeddingServer } from '../../support/embedding-server';
import { lazyEmbedder } from '../../../src/core/neural/embedder';
import { tinyModels } from '../neural/tiny-models';

// A made-up library of harbour works; the stand-in server's vectors know which words mean the same (our toy
// embedding): "boat" is a ferry, "railway" a train, "sea level" a tide.
const BIB = `
@article{okafor2020tides, title = {Learning Tide Tables from Harbour Sensor Logs}, author = {Okafor, Ada}, year = 2020,
  abstract = {Harbour masters need tide tables for every berth. We predict tides from cheap pressure sensors bolted to the quay.}}
@article{berg2021ferries, title = {Scheduling Island Ferries with Integer Programs}, author = {Berg, Lin}, year = 2021,
  abstract = {Island ferries must meet trains and school hours. FerryOpt casts the timetable as an integer program over crossings.}}
@article{sato2019gulls, title = {Counting Gulls on Breakwaters from Drone Images}, author = {Sato, Ken}, year = 2019,
  abstract = {Gull colonies nest on breakwaters that people cannot reach. We count the birds in drone images.}}
`;

function meaningVector(text: string): number[] {
  const t = text.toLowerCase();
  return [/tide|sea level/.test(t) ? 3 : 0.1, /ferr|boat|timetable|train|railway|departure/.test(t) ? 3 : 0.1, /gull|bird|seabird/.test(t) ? 3 : 0.1, 1];
}

/** Shares no content word with any work: only its meaning (boat ≈ ferry, railway ≈ train) points at berg2021ferries. */
const PARAPHRASE = 'Boat departures are planned to fit the railway.';

describe('suggest and check with an embedding model', function () {
  this.timeout(60_000);
  let dir: string;
  let store: LibraryStore;
  let server: EmbeddingServer;
  let ranking: EmbeddingRanking;
  let notes: string[];

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-embed-rank-'));
    fs.writeFileSync(path.join(dir, 'lib.bib'), BIB);
    store = openLibraryStore(path.join(dir, 'lib.db'), 'owned');
    await indexLibrary({ store, bibPaths: [path.join(dir, 'lib.bib')], pdfPaths: [] });
    server = await embeddingServer(meaningVector);
  });

  beforeEach(() => {
    server.failWith = undefined;
    notes = [];
    ranking = { embed: serverEmbedder({ url: `${server.url}/v1`, model: 'toy-embed' }), onNote: (n) => notes.push(n) };
  });

  after(async () => {
    store.close();
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('fuses ranks so that agreement beats one first place, and ties share their rank', () => {
    const byValue = (...keys: [string, number][]) => keys.map(([key, value]) => ({ key, value }));
    const inOrder = (keys: string[]) => keys.map((key, i) => ({ key, value: -i }));
    const fillers = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
    // a: 1st by words, 40th by meaning (1/61 + 1/100); b: 10th by both (2/70): agreement wins.
    const words = inOrder(['a', ...fillers('f', 8), 'b', ...fillers('f', 38).slice(8)]);
    const meaning = inOrder([...fillers('g', 9), 'b', ...fillers('g', 38).slice(9), 'a']);
    const fused = reciprocalRankFusion([words, meaning]);
    assert.equal(fused[0], 'b', fused.slice(0, 5).join(' '));
    assert.equal(fused[1], 'a');
    // Four works the words cannot tell apart: the meaning alone orders them, not their keys.
    assert.deepEqual(reciprocalRankFusion([byValue(['a', 1], ['b', 1], ['c', 1], ['d', 1]), byValue(['a', 0.1], ['b', 0.2], ['c', 0.3], ['d', 0.9])]), ['d', 'c', 'b', 'a']);
  });

  it('finds a work the sentence names only by synonyms, which the words alone cannot', async () => {
    assert.deepEqual(suggestCitations(store, PARAPHRASE), [], 'no work shares a word with the sentence');
    const ranked = await suggestWithEmbeddings(store, PARAPHRASE, 10, ranking);
    assert.equal(ranked[0]?.key, 'berg2021ferries');
    assert.ok(ranked[0].cosine! > 0.9, String(ranked[0].cosine));
    assert.deepEqual(notes, []);
  });

  it('ranks the same as the words alone without a model', async () => {
    const sentence = 'Harbour masters need tide tables for every berth of the quay.';
    assert.deepEqual(await suggestWithEmbeddings(store, sentence, 10, undefined), suggestCitations(store, sentence));
  });

  it('falls back to the words\' ranking with a note when the server fails, losing nothing', async () => {
    server.failWith = 500;
    const sentence = 'Island ferries must meet the trains.';
    const ranked = await suggestWithEmbeddings(store, sentence, 10, ranking);
    assert.deepEqual(ranked, suggestCitations(store, sentence));
    assert.equal(notes.length, 1);
    assert.match(notes[0], /embedding model failed .*HTTP 500.*ranked by their words alone/);
  });

  it('completion: the words\' keys fused with the works nearest in meaning; the words\' keys alone when the model fails', async () => {
    const byWords = store.rankByWords(['harbour'], 20);
    assert.deepEqual(byWords, ['okafor2020tides']);
    const fused = await rankKeysWithEmbeddings(store, 'Boat departures from the harbour are planned to fit the railway.', byWords, 20, ranking);
    assert.deepEqual(fused.slice(0, 2).sort(), ['berg2021ferries', 'okafor2020tides'], fused.join(' '));
    server.failWith = 500;
    const fresh = { ...ranking, embed: serverEmbedder({ url: `${server.url}/v1`, model: 'other-model' }) };
    assert.deepEqual(await rankKeysWithEmbeddings(store, 'Boats meet the railway at the harbour.', byWords, 20, fresh), byWords);
    assert.equal(notes.length, 1);
  });

  it('stops when cancelled, rather than falling back', async () => {
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(suggestWithEmbeddings(store, PARAPHRASE, 10, { ...ranking, signal: controller.signal }), CancelledError);
    assert.deepEqual(notes, []);
  });

  it('check: a citation that paraphrases its work is supported with the model, a wrong one stays flagged', async () => {
    // "harbour" is the tide work's: the sentence has candidates, and the ferry work is scored as one retrieval missed.
    const ferries = 'Boat departures from the harbour are planned to fit the railway \\cite{berg2021ferries}.';
    const gulls = 'Seabirds nest on breakwaters where no one can reach them \\cite{okafor2020tides}.';
    const verdicts = (checks: CitationCheck[]) => checks.map((c) => [c.key, c.verdict]);
    // Two paragraphs: each citation is judged alone, by its support in the library.
    const apart = `${ferries}\n\n${gulls}`;
    assert.deepEqual(verdicts(checkDocument(store, apart, 'latex')), [['berg2021ferries', 'weak'], ['okafor2020tides', 'weak']]);
    assert.deepEqual(verdicts(await checkDocumentWithEmbeddings(store, apart, 'latex', ranking)), [['berg2021ferries', 'supported'], ['okafor2020tides', 'weak']]);
    // One paragraph: each is judged among the works of the paragraph too. By the words the ferry sentence describes the
    // tide work ("harbour"); the model, which puts the ferry work nearest, withdraws that flag and the words' weak one.
    const doc = `${ferries} ${gulls}`;
    const without = checkDocument(store, doc, 'latex');
    assert.deepEqual(verdicts(without), [['berg2021ferries', 'misattributed'], ['okafor2020tides', 'unsupported']]);
    const withModel = await checkDocumentWithEmbeddings(store, doc, 'latex', ranking);
    assert.deepEqual(verdicts(withModel), [['berg2021ferries', 'supported'], ['okafor2020tides', 'unsupported']]);
    // The model down: the same checks as without one, and one note for the whole document.
    server.failWith = 503;
    const fresh = { ...ranking, embed: serverEmbedder({ url: `${server.url}/api/embed`, model: 'toy-embed' }) };
    assert.deepEqual(await checkDocumentWithEmbeddings(store, doc, 'latex', fresh), without);
    assert.equal(notes.length, 1, notes.join('\n'));
  });

  it('check: a citation judged among its paragraph keeps the model\'s verdict of it alone', async () => {
    // By its words the sentence is the gull work's (drone images, breakwaters); by meaning (boat departures) the ferry
    // work's, which it cites. Alone, the model withdraws the words' weak flag; among its paragraph, the judgement's
    // unsupported one too, rather than flagging there what it supports alone.
    const sentence = 'Drone images of breakwaters that people cannot reach show boat departures \\cite{berg2021ferries}.';
    const verdicts = (checks: CitationCheck[]) => checks.map((c) => [c.key, c.verdict]);
    assert.deepEqual(verdicts(checkDocument(store, sentence, 'latex')), [['berg2021ferries', 'weak']]);
    assert.deepEqual(verdicts(await checkDocumentWithEmbeddings(store, sentence, 'latex', ranking)), [['berg2021ferries', 'supported']]);
    const paragraph = `${sentence} Tides are predicted from sensors on the quay \\cite{okafor2020tides}.`;
    assert.deepEqual(verdicts(checkDocument(store, paragraph, 'latex')), [['berg2021ferries', 'unsupported'], ['okafor2020tides', 'supported']]);
    assert.deepEqual(verdicts(await checkDocumentWithEmbeddings(store, paragraph, 'latex', ranking)), [['berg2021ferries', 'supported'], ['okafor2020tides', 'supported']]);
    assert.deepEqual(notes, []);
  });

  it('attribution: a work is misattributed only when the better work is also nearer in meaning', () => {
    const fit = (key: string, value: number, cosine?: number): WorkFit => ({
      key, support: 0.5, reach: 1, behindLibrary: 0, fit: value, features: [], evidence: { text: key, source: 'title' }, distinctive: [], ...(cosine !== undefined && { cosine }),
    });
    assert.equal(judgeFromFits([fit('other', 5), fit('cited', 1)], 'cited').verdict, 'misattributed');
    assert.equal(judgeFromFits([fit('other', 5, 0.9), fit('cited', 1, 0.3)], 'cited').verdict, 'misattributed');
    assert.equal(judgeFromFits([fit('other', 5, 0.3), fit('cited', 1, 0.9)], 'cited').verdict, 'supported');
  });

  it('citescribe suggest --embeddings URL ranks by meaning too; a failing server gives a note and the words\' ranking', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l), packageRoot: path.resolve(__dirname, '../../..') };
    const db = path.join(dir, 'lib.db');
    assert.equal(await main(['suggest', PARAPHRASE, '--db', db, '--embeddings', `${server.url}/v1`, '--embeddings-model', 'toy-embed'], io), 0);
    assert.match(out[0], /^berg2021ferries\t/);
    server.failWith = 500;
    out.length = 0;
    assert.equal(await main(['suggest', 'Island ferries must meet the trains.', '--db', db, '--embeddings', `${server.url}/v1`, '--embeddings-model', 'toy-embed'], io), 0);
    assert.match(out[0], /^berg2021ferries\t/);
    assert.ok(err.some((l) => /embedding model failed .*HTTP 500/.test(l)), err.join('\n'));
    // check --tex with the model: the paraphrasing citation is supported (without it: weak).
    server.failWith = undefined;
    const tex = path.join(dir, 'paper.tex');
    fs.writeFileSync(tex, 'Boat departures from the harbour are planned to fit the railway \\cite{berg2021ferries}.\n');
    out.length = 0;
    assert.equal(await main(['check', '--db', db, '--tex', tex], io), 0);
    assert.match(out[0], /^berg2021ferries\tweak/);
    out.length = 0;
    assert.equal(await main(['check', '--db', db, '--tex', tex, '--embeddings', `${server.url}/api/embed`, '--embeddings-model', 'toy-embed'], io), 0);
    assert.match(out[0], /^berg2021ferries\tsupported/);
    assert.equal(await main(['suggest', PARAPHRASE, '--db', db, '--embeddings-model', 'toy-embed'], io), 2);
    assert.match(err.at(-1)!, /--embeddings-model needs --embeddings/);
    // eval verify ranks ScisummNet citances with the model; CiteBench paragraphs it refuses rather than ignoring it.
    const citeBench = path.join(dir, 'citebench.json');
    fs.writeFileSync(citeBench, JSON.stringify([{ target: 'Ferries meet trains [0].', input: ['Our harbour study.', 'Island ferries must meet trains.'] }]));
    err.length = 0;
    assert.equal(await main(['eval', 'verify', '--data', citeBench, '--embeddings', `${server.url}/v1`, '--embeddings-model', 'toy-embed'], io), 2);
    assert.match(err[0], /--embeddings applies to eval verify on ScisummNet/);
  });

  it('with the tiny ONNX encoder: among works alike but for one word, the synonym\'s work ranks higher', async () => {
    // Four works alike but for one word; the tiny encoder reads "transfer" and "domain" as one concept. The words rank
    // the four by key (BM25 ties, and the word model's rank feature then follows that order), d-domain last; the
    // fusion moves it up (one first place by meaning against the words' order: not necessarily to the top).
    const bib = ['summarization', 'citation', 'text', 'domain']
      .map((topic, i) => `@article{${'abcd'[i]}-${topic}, title = {A Study}, author = {Moe, Ola}, year = 2020, abstract = {We propose a model for ${topic}.}}`)
      .join('\n');
    const tinyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-embed-tiny-'));
    fs.writeFileSync(path.join(tinyDir, 'lib.bib'), bib);
    const tiny = openLibraryStore(path.join(tinyDir, 'lib.db'), 'owned');
    const embed = lazyEmbedder(tinyModels().encoder, { device: 'cpu' });
    try {
      await indexLibrary({ store: tiny, bibPaths: [path.join(tinyDir, 'lib.bib')], pdfPaths: [] });
      const sentence = 'We propose a model for transfer.';
      const byWords = suggestCitations(tiny, sentence).map((s) => s.key);
      assert.deepEqual(byWords, ['a-summarization', 'b-citation', 'c-text', 'd-domain']);
      const withModel = await suggestWithEmbeddings(tiny, sentence, 10, { embed });
      const nearest = [...withModel].sort((x, y) => y.cosine! - x.cosine!)[0];
      assert.equal(nearest.key, 'd-domain', 'the encoder puts the synonym\'s work nearest');
      const byMeaning = withModel.map((s) => s.key);
      assert.ok(byMeaning.indexOf('d-domain') < byWords.indexOf('d-domain'), byMeaning.join(' '));
    } finally {
      await embed.dispose();
      tiny.close();
      fs.rmSync(tinyDir, { recursive: true, force: true });
    }
  });
});
