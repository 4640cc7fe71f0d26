import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { enrichLibrary, type EnrichOptions } from '../../../src/core/enrich/enrich';
import type { FetchLike } from '../../../src/core/enrich/http';
import { retryAfterMs } from '../../../src/core/enrich/http';
import { workIds } from '../../../src/core/enrich/identifiers';
import { gatedFetch, OnlineLookupsOff } from '../../../src/core/enrich/policy';
import { indexLibrary } from '../../../src/core/library/indexer';
import { openLibraryStore, type LibraryStore } from '../../../src/core/library/store';
import { refusedUrl, startScholarlyServer, type FakeWork, type ScholarlyServer } from '../../support/scholarly-server';

// Our own made-up works: a DOI entry, an arXiv entry, an anthology entry, one found by title, a false friend, and
// one whose .bib has its abstract already.
const BIB = `
@article{lindqvist2019, author = {Lindqvist, Maja and Osei, Kwame}, title = {Spectral Clustering of Fern Spore Images},
  journal = {Journal of Imaginary Botany}, year = {2019}, doi = {10.5555/ferns.2019.17}}
@misc{okafor2021, author = {Okafor, Chidi}, title = {Sparse Tidal Models for Harbour Pilots}, year = {2021},
  eprint = {2103.01234}, archivePrefix = {arXiv}}
@inproceedings{tanaka2020, author = {Tanaka, Yui}, title = {Counting Syllables in Whistled Languages}, year = {2020},
  booktitle = {Proceedings of ACL}, url = {https://aclanthology.org/2020.acl-main.99}}
@article{moreau2018, author = {Moreau, Léa and Brandt, Jonas}, title = {Beekeeping Logs as a Corpus for Temporal Parsing}, year = {2018}}
@article{brandt2021, author = {Brandt, Jonas}, title = {Graph Kernels for Tiny Molecules}, year = {2021}}
@article{grounded2015, author = {Novak, Petra}, title = {Frost Patterns on Train Windows}, year = {2015},
  abstract = {We photograph frost on train windows every winter morning and classify the patterns we see into seven kinds.}}
`;

const ABSTRACTS = {
  ferns: 'We cluster microscope images of fern spores by their spectral signatures and recover nine species groups without labels.',
  tides: 'Sparse tidal models give harbour pilots a forecast of currents that fits on a phone and is accurate to ten minutes.',
  whistles: 'Whistled languages keep the syllable structure of their spoken source, and we count syllables from whistle contours alone.',
  bees: 'Beekeeping logs record events with vague times, and we annotate four thousand of them to train a temporal parser.',
  molecules: 'An unrelated study of graph kernels that happens to share the title of another work in the library.',
};

function works(): FakeWork[] {
  return [
    { title: 'Spectral clustering of fern spore images', abstract: ABSTRACTS.ferns, year: 2019, authors: ['Maja Lindqvist', 'Kwame Osei'], doi: '10.5555/ferns.2019.17' },
    { title: 'Sparse Tidal Models for Harbour Pilots', abstract: ABSTRACTS.tides, year: 2021, authors: ['Chidi Okafor'], arxiv: '2103.01234', pdf: true },
    { title: 'Counting Syllables in Whistled Languages', abstract: ABSTRACTS.whistles, year: 2020, authors: ['Yui Tanaka'], acl: '2020.acl-main.99', doi: '10.18653/v1/2020.acl-main.99' },
    { title: 'Beekeeping logs as a corpus for temporal parsing', abstract: ABSTRACTS.bees, year: 2018, authors: ['Léa Moreau', 'Jonas Brandt'], doi: '10.5555/bees.2018.3' },
    // The false friend: the same title, another author, another decade.
    { title: 'Graph kernels for tiny molecules', abstract: ABSTRACTS.molecules, year: 2008, authors: ['Ewa Kowalski'], doi: '10.5555/kernels.2008.1' },
  ];
}

describe('online enrichment against a local stand-in for the services', function () {
  let root: string;
  let store: LibraryStore;
  let server: ScholarlyServer;
  const waits: number[] = [];
  const fetch = globalThis.fetch as unknown as FetchLike;

  function options(extra: Partial<EnrichOptions> = {}): EnrichOptions {
    return { store, fetch, endpoints: server.endpoints, contact: 'researcher@example.org', rateLimit: false, today: '2026-11-27', sleep: async (ms) => void waits.push(ms), ...extra };
  }

  beforeEach(async function () {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-enrich-'));
    fs.writeFileSync(path.join(root, 'refs.bib'), BIB);
    store = openLibraryStore(path.join(root, 'library.db'), 'index');
    await indexLibrary({ store, bibPaths: [path.join(root, 'refs.bib')], pdfPaths: [] });
    server = await startScholarlyServer(works());
    waits.length = 0;
  });

  afterEach(async function () {
    store.close();
    await server.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('finds each entry\'s abstract by DOI, arXiv id, anthology id or title, records its source, and leaves the .bib as it was', async function () {
    const before = fs.readFileSync(path.join(root, 'refs.bib'));
    const report = await enrichLibrary(options());
    const by = Object.fromEntries(report.found.map((f) => [f.key, `${f.source}/${f.matchedBy}`]));
    assert.deepEqual(by, {
      lindqvist2019: 'openalex/doi',
      okafor2021: 'openalex/arxiv',
      tanaka2020: 'openalex/acl',
      moreau2018: 'openalex/title',
    });
    assert.equal(report.alreadyGrounded, 1);
    assert.deepEqual(report.notFound, ['brandt2021']);
    assert.deepEqual(report.problems, []);
    const paper = store.getPaper('okafor2021')!;
    assert.equal(paper.abstract, ABSTRACTS.tides);
    assert.equal(paper.abstractSource?.source, 'openalex');
    assert.equal(paper.abstractSource?.retrieved, '2026-11-27');
    assert.match(paper.abstractSource!.url!, /\/openalex\/works\/doi:10\.48550\/arxiv\.2103\.01234/);
    // Search and suggestion read the found abstract like a .bib one.
    assert.deepEqual(store.search('syllable whistle').map((h) => h.key), ['tanaka2020']);
    assert.equal(store.citationCandidates(['spores', 'microscope'], 5)[0]?.abstract, ABSTRACTS.ferns);
    assert.deepEqual(fs.readFileSync(path.join(root, 'refs.bib')), before);
    // Polite: every request names us and a contact.
    assert.ok(server.requests.length > 0);
    for (const r of server.requests) assert.match(r.userAgent, /^CiteScribe\/.*mailto:researcher@example\.org/);
  });

  it('turns down a title-search false friend (same title, other author and decade) and says why', async function () {
    const report = await enrichLibrary(options({ sources: ['openalex'], keys: ['brandt2021'] }));
    assert.deepEqual(report.found, []);
    assert.equal(report.rejected.length, 1);
    assert.equal(report.rejected[0].key, 'brandt2021');
    assert.match(report.rejected[0].why, /year 2008, the entry's is 2021/);
    assert.equal(store.getPaper('brandt2021')!.abstract, undefined);
  });

  for (const source of ['semanticscholar', 'crossref', 'arxiv'] as const) {
    it(`${source} alone finds what it can hold`, async function () {
      const report = await enrichLibrary(options({ sources: [source] }));
      const found = report.found.map((f) => `${f.key}:${f.matchedBy}`).sort();
      const expected = {
        // The Graph API takes DOI:, ARXIV: and ACL: ids itself.
        semanticscholar: ['lindqvist2019:doi', 'moreau2018:title', 'okafor2021:arxiv', 'tanaka2020:acl'],
        // arXiv's DOIs are not Crossref's: the arXiv-only work is left to others (Crossref has no record of it).
        crossref: ['lindqvist2019:doi', 'moreau2018:title', 'tanaka2020:acl'],
        arxiv: ['okafor2021:arxiv'],
      }[source];
      assert.deepEqual(found, expected);
      assert.deepEqual(report.problems, []);
      if (source === 'crossref') assert.equal(store.getPaper('lindqvist2019')!.abstract, ABSTRACTS.ferns, 'JATS tags and the "Abstract" title are gone');
    });
  }

  it('waits out a 429 for as long as Retry-After says, then goes on', async function () {
    server.faults.set('/openalex/works/doi:', { kind: 'status', status: 429, times: 1, retryAfter: '7' });
    const report = await enrichLibrary(options({ sources: ['openalex'], keys: ['lindqvist2019'] }));
    assert.deepEqual(waits, [7000]);
    assert.deepEqual(report.found.map((f) => f.key), ['lindqvist2019']);
  });

  it('retries a 500 with back-off, and reports a service that keeps failing without losing the other entries', async function () {
    server.faults.set('/openalex/works/doi:', { kind: 'status', status: 500, times: 2 });
    let report = await enrichLibrary(options({ sources: ['openalex'], keys: ['lindqvist2019'] }));
    assert.deepEqual(waits, [1000, 2000]);
    assert.deepEqual(report.found.map((f) => f.key), ['lindqvist2019']);

    server.faults.set('/s2/graph/v1/paper/ACL:', { kind: 'status', status: 502, times: 99 });
    report = await enrichLibrary(options({ sources: ['semanticscholar', 'arxiv'], keys: ['tanaka2020', 'okafor2021'] }));
    assert.equal(report.problems.length, 1);
    assert.match(report.problems[0], /^tanaka2020: Semantic Scholar: HTTP 502/);
    assert.deepEqual(report.found.map((f) => f.key), ['okafor2021']);
  });

  it('reports malformed JSON and asks the next service', async function () {
    server.faults.set('/openalex/', { kind: 'malformed' });
    const report = await enrichLibrary(options({ sources: ['openalex', 'crossref'], keys: ['lindqvist2019'] }));
    assert.match(report.problems[0], /OpenAlex: the answer for .* is not JSON/);
    assert.deepEqual(report.found.map((f) => `${f.key}:${f.source}`), ['lindqvist2019:crossref']);
  });

  it('gives up on a service that does not answer within the timeout', async function () {
    this.timeout(10_000);
    server.faults.set('/openalex/', { kind: 'hang' });
    const report = await enrichLibrary(options({ sources: ['openalex'], keys: ['lindqvist2019'], timeoutMs: 200 }));
    assert.match(report.problems[0], /OpenAlex: no answer within 200 ms/);
    assert.deepEqual(report.found, []);
  });

  it('offline: one clear message per service, no retries, nothing written', async function () {
    const dead = await refusedUrl();
    const report = await enrichLibrary(
      options({ endpoints: { openalex: dead, semanticscholar: dead, crossref: dead, arxiv: dead } }),
    );
    assert.equal(report.problems.filter((p) => /could not be reached at http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)/.test(p)).length, 4);
    assert.match(report.problems.at(-1)!, /no service could be reached/);
    assert.deepEqual(report.found, []);
    assert.deepEqual(report.notFound, []);
    assert.equal(report.notLookedUp.length, 5);
    for (const key of ['lindqvist2019', 'okafor2021', 'tanaka2020', 'moreau2018']) assert.equal(store.foundAbstract(key), undefined);
  });

  it('sends no request at all from an untrusted workspace or while online lookups are off', async function () {
    for (const policy of [{ trusted: false, enabled: true }, { trusted: true, enabled: false }]) {
      await assert.rejects(enrichLibrary(options({ fetch: gatedFetch(fetch, policy) })), (err: Error) => err instanceof OnlineLookupsOff);
    }
    assert.equal(server.requests.length, 0);
    assert.equal(store.foundAbstract('lindqvist2019'), undefined);
    // Both allowed: the same call goes through.
    const report = await enrichLibrary(options({ fetch: gatedFetch(fetch, { trusted: true, enabled: true }), keys: ['lindqvist2019'] }));
    assert.equal(report.found.length, 1);
  });

  it('a second run does not ask again where nothing was found, unless asked to retry', async function () {
    await enrichLibrary(options({ sources: ['arxiv'] }));
    const asked = server.requests.length;
    const again = await enrichLibrary(options({ sources: ['arxiv'] }));
    assert.equal(server.requests.length, asked, 'no request for entries arXiv had nothing for');
    assert.equal(again.skippedTried, 4);
    await enrichLibrary(options({ sources: ['arxiv'], retry: true }));
    assert.ok(server.requests.length > asked);
  });

  it('stops at once when cancelled, keeping what was found before', async function () {
    const controller = new AbortController();
    const report = await enrichLibrary(
      // Entries go in key order (brandt2021, lindqvist2019, moreau2018, …): cancel as the third starts.
      options({ signal: controller.signal, onProgress: (done) => done === 2 && controller.abort() }),
    );
    assert.equal(report.cancelled, true);
    assert.deepEqual(report.found.map((f) => f.key), ['lindqvist2019']);
    assert.equal(store.foundAbstract('moreau2018'), undefined);
    assert.deepEqual(report.notLookedUp, ['moreau2018', 'okafor2021', 'tanaka2020']);
    assert.deepEqual(report.notFound, ['brandt2021']);
  });

  it('downloads an open-access PDF into the cache folder; the next index run links it and reads its text', async function () {
    const cache = path.join(root, 'pdf-cache');
    const report = await enrichLibrary(options({ sources: ['openalex'], pdfFolder: cache }));
    assert.deepEqual(report.pdfs.map((p) => [p.key, path.basename(p.path)]), [['okafor2021', 'okafor2021.pdf']]);
    assert.ok(fs.readFileSync(path.join(cache, 'okafor2021.pdf')).subarray(0, 5).equals(Buffer.from('%PDF-')));
    assert.deepEqual(fs.readdirSync(cache), ['okafor2021.pdf'], 'no partial file left');
    await indexLibrary({ store, bibPaths: [path.join(root, 'refs.bib')], pdfPaths: [] });
    const paper = store.getPaper('okafor2021')!;
    assert.equal(paper.pdfPath, path.join(cache, 'okafor2021.pdf'));
  });

  it('forgets what was found when the entry becomes another work', async function () {
    await enrichLibrary(options({ sources: ['openalex'], keys: ['moreau2018'] }));
    assert.equal(store.getPaper('moreau2018')!.abstract, ABSTRACTS.bees);
    fs.writeFileSync(path.join(root, 'refs.bib'), BIB.replace('Beekeeping Logs as a Corpus for Temporal Parsing', 'Something Else Entirely'));
    await indexLibrary({ store, bibPaths: [path.join(root, 'refs.bib')], pdfPaths: [] });
    assert.equal(store.getPaper('moreau2018')!.abstract, undefined);
    assert.deepEqual(store.search('beekeeping'), []);
  });
});

describe('enrichment helpers', function () {
  it('reads Retry-After in seconds and as an HTTP date', function () {
    assert.equal(retryAfterMs('120'), 120_000);
    assert.equal(retryAfterMs('Fri, 27 Nov 2026 12:00:30 GMT', Date.parse('Fri, 27 Nov 2026 12:00:00 GMT')), 30_000);
    assert.equal(retryAfterMs('soon'), undefined);
  });

  it('finds the identifiers in the fields researchers put them', function () {
    assert.deepEqual(workIds({ fields: { url: 'https://aclanthology.org/P19-1001.pdf' } }), { acl: 'P19-1001' });
    assert.deepEqual(workIds({ fields: { doi: '10.48550/arXiv.1706.03762' } }), { doi: '10.48550/arxiv.1706.03762', arxiv: '1706.03762' });
    assert.deepEqual(workIds({ doi: 'https://doi.org/10.18653/v1/2020.acl-main.1', fields: {} }), { doi: '10.18653/v1/2020.acl-main.1', acl: '2020.acl-main.1' });
    assert.deepEqual(workIds({ fields: { url: 'https://arxiv.org/abs/2103.01234v2' } }), { arxiv: '2103.01234' });
  });
});
