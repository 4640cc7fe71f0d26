// Verifying a bibliography against local stand-ins for the services: each verdict, each source's request and
// answer format, a source that answers garbage or never, one that cannot be reached, and a run resumed from its
// cache. The works are made up.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseBibtex } from '../../../src/core/bibtex';
import type { FetchLike } from '../../../src/core/enrich/http';
import { worksFromDblp } from '../../../src/core/enrich/sources/dblp';
import { startStandIn, type StandIn } from '../../../src/core/verify/benchmark/standin-server';
import { FileCache } from '../../../src/core/verify/cache';
import { verifyEntryFromBib } from '../../../src/core/verify/entries';
import { makeVerifySource, type VerifySourceName } from '../../../src/core/verify/sources';
import type { EntryVerdict } from '../../../src/core/verify/types';
import { BIB, WORKS } from './fixtures';
import type { TrueWork } from '../../../src/core/verify/benchmark/truth';
import { verifyEntries } from '../../../src/core/verify/verify';

const entries = () => parseBibtex(BIB).entries.map(verifyEntryFromBib);
const fetch = globalThis.fetch as unknown as FetchLike;
const byKey = (list: EntryVerdict[]) => new Map(list.map((v) => [v.key, v]));

describe('verify: verdicts against a stand-in for the services', function () {
  let standIn: StandIn;
  before(async () => {
    standIn = await startStandIn(WORKS);
  });
  after(() => standIn.close());

  const sources = (names: VerifySourceName[]) => names.map((n) => makeVerifySource(n, { fetch, endpoints: standIn.endpoints, rateLimit: false, timeoutMs: 2000 }));

  it('gives each entry its verdict, the source and how it was found, with evidence naming the differing field', async () => {
    const report = await verifyEntries(entries(), { sources: sources(['openalex', 'crossref']) });
    const v = byKey(report.entries);
    assert.equal(v.get('ferns')!.verdict, 'verified', v.get('ferns')!.evidence);
    assert.equal(v.get('ferns')!.foundBy, 'doi');
    assert.equal(v.get('ferns')!.source, 'openalex');
    assert.equal(v.get('tides')!.verdict, 'verified', v.get('tides')!.evidence);
    assert.equal(v.get('tides')!.foundBy, 'title');
    assert.equal(v.get('invented')!.verdict, 'not-found', v.get('invented')!.evidence);
    assert.match(v.get('invented')!.evidence, /possibly invented/);
    assert.equal(v.get('wrongyear')!.verdict, 'mismatch');
    assert.deepEqual(v.get('wrongyear')!.fields.map((f) => [f.field, f.ours, f.theirs]), [['year', '2011', '2015']]);
    assert.match(v.get('wrongyear')!.evidence, /year 2011 vs 2015 \(OpenAlex, by DOI\)/);
    assert.equal(v.get('otherdoi')!.verdict, 'mismatch');
    assert.equal(v.get('otherdoi')!.decidedBy, 'doi');
    assert.match(v.get('otherdoi')!.evidence, /10\.5555\/gulls\.3 is the identifier of another work: “Harbour Noise and Gull Calls”/);
    assert.equal(v.get('pilots')!.verdict, 'verified', v.get('pilots')!.evidence);
    assert.equal(v.get('pilots')!.foundBy, 'arxiv');
    assert.equal(v.get('fakearxiv')!.verdict, 'mismatch', v.get('fakearxiv')!.evidence);
    assert.equal(v.get('fakearxiv')!.decidedBy, 'eprint');
    assert.match(v.get('fakearxiv')!.evidence, /OpenAlex has no record for arXiv id 2103\.99999/);
    assert.equal(v.get('notitle')!.verdict, 'unverifiable');
    assert.match(v.get('notitle')!.evidence, /too little to look up/);
    assert.equal(v.get('baddoi')!.verdict, 'mismatch');
    assert.match(v.get('baddoi')!.evidence, /“see the publisher” is not a DOI; the record's is 10\.5555\/gulls\.3/);
    assert.deepEqual(report.counts, { verified: 3, mismatch: 4, 'not-found': 1, unverifiable: 1 });
  });

  it('asks each service in its documented request format: by id first, then the title', async () => {
    const e = entries().filter((x) => x.key === 'ferns' || x.key === 'invented');
    standIn.log.length = 0;
    await verifyEntries(e, { sources: sources(['openalex', 'crossref', 'semanticscholar', 'dblp']) });
    const log = standIn.log.join('\n');
    assert.match(log, /^\/openalex\/works\/doi:10\.5555\/ferns\.2019\.17\?select=id,doi,display_name,publication_year,authorships,.*primary_location/m);
    assert.match(log, /^\/crossref\/works\/10\.5555\/ferns\.2019\.17$/m);
    assert.match(log, /^\/s2\/graph\/v1\/paper\/DOI:10\.5555\/ferns\.2019\.17\?fields=title,.*venue$/m);
    assert.match(log, /^\/openalex\/works\?search=Quantum Annealing of Fern Spore Colour Charts&per-page=10&select=/m);
    assert.match(log, /^\/crossref\/works\?query\.bibliographic=Quantum Annealing of Fern Spore Colour Charts&rows=10$/m);
    assert.match(log, /^\/dblp\/search\/publ\/api\?q=Quantum Annealing of Fern Spore Colour Charts&format=json&h=10$/m);
    // DBLP has no lookup by DOI: a DOI entry goes to its title search.
    assert.match(log, /^\/dblp\/search\/publ\/api\?q=Spectral clustering of fern spore images&format=json&h=10$/m);
  });

  it('each source alone reaches the same verdicts where it can (arXiv only for preprints)', async () => {
    for (const name of ['openalex', 'crossref', 'semanticscholar', 'dblp'] as const) {
      const v = byKey((await verifyEntries(entries(), { sources: sources([name]) })).entries);
      assert.equal(v.get('ferns')!.verdict, 'verified', `${name}: ${v.get('ferns')!.evidence}`);
      assert.equal(v.get('tides')!.verdict, 'verified', `${name}: ${v.get('tides')!.evidence}`);
      assert.equal(v.get('invented')!.verdict, 'not-found', name);
      assert.equal(v.get('wrongyear')!.verdict, 'mismatch', name);
    }
    const arxivOnly = byKey((await verifyEntries(entries(), { sources: sources(['arxiv']) })).entries);
    assert.equal(arxivOnly.get('pilots')!.verdict, 'verified');
    assert.equal(arxivOnly.get('fakearxiv')!.verdict, 'mismatch');
    // arXiv holds no journal articles: its silence on one is no evidence.
    assert.equal(arxivOnly.get('ferns')!.verdict, 'unverifiable');
    assert.match(arxivOnly.get('ferns')!.evidence, /none of the sources asked holds this kind of entry \(arXiv\)/);
  });

  it('reads Crossref\'s separate subtitle as part of the title: an invented subtitle is not the real work', async () => {
    const guide: TrueWork = { id: 9, title: 'Counting Whistled Syllables: A Field Guide', authors: [{ given: 'Yui', family: 'Tanaka' }], year: 2020, onlineYear: 2020, venue: 'Journal of Whistled Languages', venueKind: 'journal', doi: '10.5555/whistle.20', quirks: { crossrefSubtitle: true } };
    const own = await startStandIn([guide]);
    try {
      const bib = parseBibtex(String.raw`
@article{real, author = {Tanaka, Yui}, title = {Counting Whistled Syllables: A Field Guide}, journal = {Journal of Whistled Languages}, year = {2020}}
@article{invented, author = {Tanaka, Yui}, title = {Counting Whistled Syllables: Neural Transducers for Mountain Villages}, journal = {Journal of Whistled Languages}, year = {2020}}`).entries.map(verifyEntryFromBib);
      const crossref = makeVerifySource('crossref', { fetch, endpoints: own.endpoints, rateLimit: false });
      const v = byKey((await verifyEntries(bib, { sources: [crossref] })).entries);
      assert.equal(v.get('real')!.verdict, 'verified', v.get('real')!.evidence);
      assert.notEqual(v.get('invented')!.verdict, 'verified', v.get('invented')!.evidence);
    } finally {
      await own.close();
    }
  });

  it('reads DBLP hits with one author (an object, not a list) and numbered names', () => {
    const works = worksFromDblp({ result: { hits: { hit: { info: { title: 'Harbour Noise and Gull Calls.', authors: { author: { text: 'Petra Novak 0002' } }, year: '2015', type: 'Journal Articles', venue: 'Coast. Acoust.' } } } } }, 'u');
    assert.deepEqual(works.map((w) => [w.title, w.authors, w.year, w.venueKind]), [['Harbour Noise and Gull Calls', ['Petra Novak'], 2015, 'journal']]);
    assert.deepEqual(worksFromDblp({ result: { hits: { '@total': '0' } } }, 'u'), []);
    assert.throws(() => worksFromDblp({ error: 'x' }, 'u'), /not a DBLP search result/);
  });

  it('resumes from its cache: a second run asks nothing, --retry asks again where nothing was found', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verify-cache-'));
    const file = path.join(dir, 'cache.jsonl');
    const before = standIn.requests;
    const first = await verifyEntries(entries(), { sources: sources(['openalex']), cache: new FileCache(file), today: '2026-11-29' });
    const asked = standIn.requests - before;
    assert.ok(asked > 5);
    assert.match(fs.readFileSync(file, 'utf8'), /"retrieved":"2026-11-29"/);
    const second = await verifyEntries(entries(), { sources: sources(['openalex']), cache: new FileCache(file) });
    assert.equal(standIn.requests - before, asked, 'the second run sent no request');
    assert.deepEqual(second.entries.map((e) => e.verdict), first.entries.map((e) => e.verdict));
    await verifyEntries(entries(), { sources: sources(['openalex']), cache: new FileCache(file), retry: true });
    assert.ok(standIn.requests - before > asked, '--retry asked again');
  });
});

describe('verify: the answer cache', () => {
  it('keeps the first answer saved after a run killed mid-write (its cut line no longer swallows the next)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verify-cache-cut-'));
    const file = path.join(dir, 'cache.jsonl');
    const answer = (key: string) => ({ key, records: [], retrieved: '2026-11-29' });
    fs.writeFileSync(file, JSON.stringify(answer('openalex doi 10.5555/a')) + '\n' + '{"key":"openalex doi 10.55');
    const cache = new FileCache(file);
    assert.equal(cache.unreadableLines, 1);
    cache.put(answer('openalex doi 10.5555/b'));
    const reloaded = new FileCache(file);
    assert.ok(reloaded.get('openalex doi 10.5555/a'));
    assert.ok(reloaded.get('openalex doi 10.5555/b'), 'the answer saved after the cut line is read back');
  });
});

describe('verify: sources that fail', function () {
  let server: http.Server;
  let base: string;
  const hits: string[] = [];
  before(async () => {
    server = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url?.startsWith('/garbage/')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"results": [ {"display_name": "trunc');
      }
      // /hang/: never answers.
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  it('goes on past a source that answers garbage and one that never answers, says what it could not check, and calls nothing invented', async () => {
    const make = (name: VerifySourceName, prefix: string) => makeVerifySource(name, { fetch, endpoints: { [name]: `${base}/${prefix}` }, rateLimit: false, timeoutMs: 150 });
    const many = Array.from({ length: 6 }, (_, i) => parseBibtex(`@article{k${i}, author = {Novak, Petra}, title = {Gull Call Number ${i}}, year = {2015}}`).entries[0]).map(verifyEntryFromBib);
    const report = await verifyEntries(many, { sources: [make('openalex', 'garbage'), make('crossref', 'hang')] });
    assert.equal(report.entries.length, 6);
    assert.ok(report.entries.every((e) => e.verdict === 'unverifiable'), JSON.stringify(report.counts));
    assert.match(report.entries[0].unchecked.join('\n'), /OpenAlex: the answer for .* is not JSON/);
    assert.match(report.entries[0].unchecked.join('\n'), /Crossref: no answer within 150 ms/);
    // Three failures in a row and a source is left alone for the rest of the run.
    assert.ok(report.problems.some((p) => /OpenAlex failed 3 times in a row/.test(p)), report.problems.join('\n'));
    assert.ok(report.problems.some((p) => /Crossref failed 3 times in a row/.test(p)));
    assert.equal(hits.filter((h) => h.startsWith('/garbage/')).length, 3);
  });

  it('asks again once when a source that has answered drops a connection, instead of giving it up for the run', async () => {
    const works = new Map([0, 1, 2].map((i) => [`10.5555/gulls.${i}`, { id: `https://openalex.org/W${i}`, doi: `https://doi.org/10.5555/gulls.${i}`, display_name: `Harbour Noise and Gull Calls ${i}`, publication_year: 2015, authorships: [{ author: { display_name: 'Petra Novak' } }] }]));
    let served = 0;
    const flaky = http.createServer((req, res) => {
      // The second request's connection is dropped without an answer, as a proxy or a keep-alive race does.
      if (++served === 2) return req.socket.destroy();
      const doi = /\/works\/doi:([^?]+)/.exec(decodeURIComponent(req.url ?? ''))?.[1];
      const work = doi && works.get(doi);
      res.writeHead(work ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(work ?? { error: 'not found' }));
    });
    await new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', resolve));
    try {
      const source = makeVerifySource('openalex', { fetch, endpoints: { openalex: `http://127.0.0.1:${(flaky.address() as AddressInfo).port}` }, rateLimit: false });
      const three = [0, 1, 2].map((i) => parseBibtex(`@article{g${i}, author = {Novak, Petra}, title = {Harbour Noise and Gull Calls ${i}}, year = {2015}, doi = {10.5555/gulls.${i}}}`).entries[0]).map(verifyEntryFromBib);
      const report = await verifyEntries(three, { sources: [source] });
      assert.deepEqual(report.entries.map((e) => e.verdict), ['verified', 'verified', 'verified'], report.problems.join('\n'));
      assert.deepEqual(report.problems, []);
      assert.ok(served > 3, `the dropped request was asked again (${served} requests)`);
    } finally {
      flaky.closeAllConnections();
      flaky.close();
    }
  });

  it('calls an entry unverifiable, not invented, when no source can be reached', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const source = makeVerifySource('openalex', { fetch, endpoints: { openalex: `http://127.0.0.1:${port}` }, rateLimit: false });
    const report = await verifyEntries(entries().slice(0, 3), { sources: [source] });
    assert.deepEqual(report.entries.map((e) => e.verdict), ['unverifiable', 'unverifiable', 'unverifiable']);
    assert.match(report.problems[0], /OpenAlex could not be reached/);
  });
});
