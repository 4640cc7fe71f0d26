import { strict as assert } from 'assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { indexLibrary } from '../../../src/core/library/indexer';
import { openLibraryStore, type LibraryStore } from '../../../src/core/library/store';
import { checkPair, checkPairs, type CheckLibrary } from '../../../src/core/suggest/check';
import { checkDocument } from '../../../src/core/suggest/document-check';
import { auc } from '../../../src/core/suggest/evaluate';
import { suggestCitations } from '../../../src/core/suggest/suggest';
import { paperPdf } from '../library/minimal-pdf';

// A made-up library: three works with abstracts, one known by its title alone.
const BIB = `
@article{okafor2020tides, title = {Learning Tide Tables from Harbour Sensor Logs}, author = {Okafor, Ada}, year = 2020,
  abstract = {Harbour masters need tide tables for every berth. We predict tides from cheap pressure sensors bolted to the quay. A small recurrent network trained on two years of logs matches the official tables within four centimetres.}}
@article{berg2021ferries, title = {Scheduling Island Ferries with Integer Programs}, author = {Berg, Lin}, year = 2021,
  abstract = {Island ferries must meet trains and school hours. FerryOpt casts the timetable as an integer program over crossings. Solved nightly, it cuts waiting time on the mainland by a fifth.}}
@article{sato2019gulls, title = {Counting Gulls on Breakwaters from Drone Images}, author = {Sato, Ken}, year = 2019, file = {gulls.pdf},
  abstract = {Gull colonies nest on breakwaters that people cannot reach. We count the birds in drone images with a detector trained on hand-marked photographs.}}
@misc{vogel2018buoys, title = {Buoy Maintenance Schedules for Small Harbours}, author = {Vogel, Ute}, year = 2018}
`;

describe('suggest and check citations from the library', () => {
  let dir: string;
  let store: LibraryStore;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-suggest-test-'));
    fs.writeFileSync(path.join(dir, 'lib.bib'), BIB);
    // The gull paper's PDF says one thing its abstract does not: how high the drone flew.
    fs.writeFileSync(
      path.join(dir, 'gulls.pdf'),
      paperPdf({
        title: 'Counting Gulls on Breakwaters from Drone Images',
        authors: 'Ken Sato',
        abstract: ['Gull colonies nest on breakwaters that people cannot reach.'],
        intro: ['Every nest was geotagged from a drone hovering at twelve metres above the breakwater.'],
      }),
    );
    store = openLibraryStore(path.join(dir, 'lib.db'), 'owned');
    await indexLibrary({ store, bibPaths: [path.join(dir, 'lib.bib')], pdfPaths: [path.join(dir, 'gulls.pdf')] });
  });

  after(() => {
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('puts first the work whose abstract says what the sentence says, with that sentence as evidence', () => {
    const [first] = suggestCitations(store, 'Tides can be predicted from cheap pressure sensors on the quay (Okafor, 2020).');
    assert.equal(first.key, 'okafor2020tides');
    assert.deepEqual(first.evidence, { text: 'We predict tides from cheap pressure sensors bolted to the quay.', source: 'abstract' });
    assert.ok(first.support > 0.5, String(first.support));
  });

  it('shows the sentence of a linked PDF, with its page, where it says more than the abstract', () => {
    const [first] = suggestCitations(store, 'Nests on the breakwater were geotagged from a drone hovering at twelve metres.');
    assert.equal(first.key, 'sato2019gulls');
    assert.deepEqual(first.evidence, { text: 'Every nest was geotagged from a drone hovering at twelve metres above the breakwater.', source: 'pdf', page: 1 });
  });

  it('finds a work by the name of its system', () => {
    assert.equal(suggestCitations(store, 'Timetables were computed with FerryOpt [3] each night.')[0].key, 'berg2021ferries');
  });

  it('answers an empty sentence with nothing, and a 50,000-character selection without failing', () => {
    assert.deepEqual(suggestCitations(store, ''), []);
    assert.deepEqual(suggestCitations(store, '(Okafor, 2020) [3]'), []);
    const long = 'Gulls nest on breakwaters and are counted in drone images. '.repeat(900);
    assert.equal(long.length > 50_000, true);
    assert.equal(suggestCitations(store, long)[0].key, 'sato2019gulls');
  });

  it('flags a citation of a work that does not say it, and names the work that does', () => {
    // Two paragraphs: each citation is judged alone, by its support in the library.
    const tex = 'We count gulls on breakwaters in drone images \\cite{sato2019gulls}.\n\nFerry timetables are solved as integer programs \\cite{okafor2020tides}.';
    const [right, wrong] = checkDocument(store, tex, 'latex');
    assert.equal(right.verdict, 'supported', JSON.stringify(right));
    assert.equal(wrong.verdict, 'weak', JSON.stringify(wrong));
    assert.equal(wrong.better?.key, 'berg2021ferries');
    assert.equal(tex.slice(wrong.start, wrong.end), 'okafor2020tides');
    // One paragraph: neither of its works says the ferry sentence, and the library's work that does is named.
    const [, unsupported] = checkDocument(store, tex.replace('\n\n', ' '), 'latex');
    assert.equal(unsupported.verdict, 'unsupported', JSON.stringify(unsupported));
    assert.equal(unsupported.better?.key, 'berg2021ferries');
  });

  it('says a title-only work cannot be judged, and a key outside the library is not in it', () => {
    assert.equal(checkPair(store, 'Buoys in small harbours need maintenance schedules.', 'vogel2018buoys').verdict, 'title-only');
    assert.equal(checkPair(store, 'Buoys need maintenance.', 'nobody2000').verdict, 'not-in-library');
  });

  it('checks the pairs of one sentence against one ranking of it, each as checkPair would alone', () => {
    const tides = 'Tides can be predicted from cheap pressure sensors on the quay.';
    const ferries = 'Ferry timetables are solved as integer programs.';
    const pairs = [
      { sentence: tides, key: 'okafor2020tides' },
      { sentence: tides, key: 'berg2021ferries' },
      { sentence: ferries, key: 'berg2021ferries' },
      { sentence: ferries, key: 'vogel2018buoys' },
      { sentence: ferries, key: 'nobody2000' },
    ];
    let rankings = 0;
    const counting: CheckLibrary = {
      citationCandidates: (words, limit) => (rankings++, store.citationCandidates(words, limit)),
      termRarity: (word) => store.termRarity(word),
      termRarities: (words) => store.termRarities(words),
      getPaper: (key) => store.getPaper(key),
    };
    const checks = [...checkPairs(counting, pairs)];
    assert.equal(rankings, 2);
    assert.deepEqual(checks, pairs.map((p) => checkPair(store, p.sentence, p.key)));
    assert.deepEqual(checks.map((c) => c.verdict), ['supported', 'weak', 'supported', 'title-only', 'not-in-library']);
  });

  it('reads the PDF of a work shown only when one is linked to it', () => {
    const read: string[] = [];
    const watching: CheckLibrary = {
      citationCandidates: (words, limit) => store.citationCandidates(words, limit),
      termRarity: (word) => store.termRarity(word),
      getPaper: (key) => (read.push(key), store.getPaper(key)),
    };
    const ranked = suggestCitations(watching, 'Gulls on breakwaters, tides at the quay and ferries to the island.');
    assert.deepEqual(ranked.map((s) => s.key).sort(), ['berg2021ferries', 'okafor2020tides', 'sato2019gulls']);
    assert.deepEqual(read, ['sato2019gulls']);
    assert.deepEqual(
      store.citationCandidates(['gulls', 'tides'], 5).map((c) => [c.key, c.linkedPdf]).sort(),
      [['okafor2020tides', false], ['sato2019gulls', true]],
    );
  });

  it('measures AUC as the chance a true pair outscores a false one', () => {
    assert.equal(auc([3, 4], [1, 2]), 1);
    assert.equal(auc([1], [1]), 0.5);
    assert.equal(auc([1, 3], [2]), 0.5);
  });
});
