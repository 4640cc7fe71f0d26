import { strict as assert } from 'assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { indexLibrary } from '../../../src/core/library/indexer';
import { openLibraryStore, type LibraryStore } from '../../../src/core/library/store';
import { judgeAttribution, unsupportedDetails } from '../../../src/core/suggest/attribution';
import { checkCommand } from '../../../src/cli/commands/suggest';
import { verifyFigures } from '../../../src/core/suggest/attribution-eval';
import { checkDocument, MAX_PARAGRAPH_WORKS } from '../../../src/core/suggest/document-check';
import { captureCli } from '../../support/cli-capture';

// A made-up library: a paragraph of three works on counting seabirds, each with something only it has (drones,
// microphones, a volunteers' app), two works on other harbour matters, and one known by its title alone.
const BIB = `
@article{sato2019gulls, title = {Counting Gulls on Breakwaters from Drone Images}, author = {Sato, Ken and DeWitt, Ann}, year = 2019,
  abstract = {Gull colonies nest on breakwaters that people cannot reach. We count the birds in drone images with a detector trained on hand-marked photographs. The detector finds nine in ten nests.}}
@article{lind2020terns, title = {Acoustic Monitoring of Tern Colonies}, author = {Lind, Eva and {McKay}, Ian}, year = 2020,
  abstract = {Tern colonies are loud. Microphones left on the islands record their calls, and a classifier counts the birds from 3,000 hours of audio. Counts from calls agree with counts made on foot.}}
@article{moreau2021puffins, title = {Citizen Science Counts of Puffin Burrows}, author = {Moreau, Lea}, year = 2021,
  abstract = {Puffins nest in burrows on steep slopes. Volunteers count the burrows with BurrowCount, a phone app that records each burrow with its position. The volunteers' counts match those of trained rangers.}}
@article{okafor2020tides, title = {Learning Tide Tables from Harbour Sensor Logs}, author = {Okafor, Ada}, year = 2020,
  abstract = {Harbour masters need tide tables for every berth. We predict tides from cheap pressure sensors bolted to the quay. A small recurrent network trained on two years of logs matches the official tables within four centimetres.}}
@article{berg2021ferries, title = {Scheduling Island Ferries with Integer Programs}, author = {Berg, Lin}, year = 2021,
  abstract = {Island ferries must meet trains and school hours. FerryOpt casts the timetable as an integer program over crossings. Solved nightly, it cuts waiting time on the mainland by a fifth.}}
@misc{vogel2018buoys, title = {Buoy Maintenance Schedules for Small Harbours}, author = {Vogel, Ute}, year = 2018}
`;

const PARAGRAPH = ['sato2019gulls', 'lind2020terns', 'moreau2021puffins'];
const PUFFIN_SENTENCE = 'Volunteers counted puffin burrows with a phone app that records where each burrow is.';

describe('attribution: a citation judged against the other works of its paragraph', () => {
  let dir: string;
  let db: string;
  let store: LibraryStore;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-attribution-test-'));
    fs.writeFileSync(path.join(dir, 'lib.bib'), BIB);
    db = path.join(dir, 'lib.db');
    const owned = openLibraryStore(db, 'owned');
    await indexLibrary({ store: owned, bibPaths: [path.join(dir, 'lib.bib')], pdfPaths: [] });
    owned.close();
    store = openLibraryStore(db, 'read');
  });

  after(() => {
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('calls a citation of the work that says the sentence supported, with that work\'s sentence as evidence', () => {
    const r = judgeAttribution(store, PUFFIN_SENTENCE, 'moreau2021puffins', PARAGRAPH);
    assert.equal(r.verdict, 'supported', JSON.stringify(r));
    assert.equal(r.better, undefined);
    assert.match(r.evidence!.text, /BurrowCount/);
  });

  it('calls a citation swapped with another work of the paragraph misattributed, naming the work that says it', () => {
    const r = judgeAttribution(store, PUFFIN_SENTENCE, 'sato2019gulls', PARAGRAPH);
    assert.equal(r.verdict, 'misattributed', JSON.stringify(r));
    assert.equal(r.better?.key, 'moreau2021puffins');
    assert.match(r.better!.evidence.text, /Volunteers count the burrows/);
    const terns = judgeAttribution(store, 'Microphones left on the islands recorded tern calls, and a classifier counted the birds from the audio.', 'moreau2021puffins', PARAGRAPH);
    assert.equal(terns.verdict, 'misattributed', JSON.stringify(terns));
    assert.equal(terns.better?.key, 'lind2020terns');
  });

  it('calls a sentence no work of the paragraph says unsupported, naming no better work', () => {
    const r = judgeAttribution(store, 'Ferry timetables are solved nightly as integer programs over the crossings.', 'sato2019gulls', PARAGRAPH);
    assert.equal(r.verdict, 'unsupported', JSON.stringify(r));
    assert.equal(r.better, undefined);
  });

  it('notes a number and a dataset name the cited work does not hold, and not those it does', () => {
    const r = judgeAttribution(store, 'Drone images of gull nests were counted with 97.5% accuracy on the GullSet benchmark.', 'sato2019gulls', PARAGRAPH);
    assert.deepEqual(r.unsupportedDetails, ['97.5%', 'GullSet']);
    const held = judgeAttribution(store, 'A classifier counted tern calls in 3,000 hours of audio.', 'lind2020terns', PARAGRAPH);
    assert.equal(held.unsupportedDetails, undefined, JSON.stringify(held.unsupportedDetails));
    // A year is when a work appeared, not a claim; a lone digit is as often "two systems" as a figure.
    assert.deepEqual(unsupportedDetails('Since 2019, 3 teams reached 12 points with BLEU.', 'BLEU was used.'), ['12']);
    // A factor ("100x") is read whole, never as a part of it ("10"): held where the work gives the number.
    assert.deepEqual(unsupportedDetails('It shrinks models by 40-100x and 12 layers.', 'Models shrink 40 to 100 times.'), ['12']);
    assert.deepEqual(unsupportedDetails('The model is 49x smaller and 3x faster in 3D.', 'The model is 35× smaller and 3 times faster.'), ['49x']);
    assert.deepEqual(unsupportedDetails('The model is 49× smaller.', 'It is 49x smaller.'), []);
  });

  it('a title-only work is title-only and a key outside the library is not in it, group or not', () => {
    assert.equal(judgeAttribution(store, 'Buoys in small harbours need maintenance schedules.', 'vogel2018buoys', PARAGRAPH).verdict, 'title-only');
    assert.equal(judgeAttribution(store, 'Buoys need maintenance.', 'nobody2000', PARAGRAPH).verdict, 'not-in-library');
  });

  it('check --pairs answers a line with a group in the documented fields, and a line without one as before', async () => {
    const pairs = path.join(dir, 'pairs.jsonl');
    fs.writeFileSync(
      pairs,
      [
        { id: 'intact', text: PUFFIN_SENTENCE, key: 'moreau2021puffins', group: PARAGRAPH },
        { id: 'swapped', text: PUFFIN_SENTENCE, key: 'sato2019gulls', group: PARAGRAPH },
        { id: 'outside', text: 'Ferry timetables are solved nightly as integer programs over the crossings.', key: 'lind2020terns', group: PARAGRAPH },
        { id: 'plain', text: PUFFIN_SENTENCE, key: 'moreau2021puffins' },
      ].map((l) => JSON.stringify(l)).join('\n'),
    );
    const io = captureCli();
    assert.equal(await checkCommand.run(['--db', db, '--pairs', pairs, '--json'], io), 0);
    const lines = io.stdout.map((l) => JSON.parse(l));
    assert.deepEqual(lines.map((l) => [l.id, l.verdict, l.better]), [
      ['intact', 'supported', null],
      ['swapped', 'misattributed', 'moreau2021puffins'],
      ['outside', 'unsupported', null],
      ['plain', 'supported', undefined],
    ]);
    assert.deepEqual(Object.keys(lines[1]).sort(), ['better', 'betterEvidence', 'evidence', 'id', 'key', 'support', 'unsupportedDetails', 'verdict']);
    assert.equal(typeof lines[1].support, 'number');
    assert.equal(typeof lines[1].evidence.text, 'string');
    assert.match(lines[1].betterEvidence.text, /Volunteers count the burrows/);
    assert.deepEqual(Object.keys(lines[3]).sort(), ['evidence', 'id', 'key', 'support', 'verdict']);
    assert.match(checkCommand.usage, /"group"/);
  });

  // A paragraph whose topic sentence cites all three works, then one sentence on each; the puffin sentence cites the
  // gull paper, as an author's slip does.
  const SWAPPED_PARAGRAPH =
    'Seabird colonies have been counted in several ways \\cite{sato2019gulls, lind2020terns, moreau2021puffins}. ' +
    'Gull nests on breakwaters were counted in drone images by a trained detector \\cite{sato2019gulls}. ' +
    'Microphones left on the islands recorded tern calls, and a classifier counted the birds \\cite{lind2020terns}. ' +
    `${PUFFIN_SENTENCE.slice(0, -1)} \\citep[see][]{sato2019gulls}.`;

  it('Check Citations judges a citation among the works of its paragraph: the swapped one is misattributed, naming the work it describes', () => {
    const checks = checkDocument(store, SWAPPED_PARAGRAPH, 'latex');
    assert.deepEqual(
      checks.map((c) => [c.key, c.verdict, c.better?.key]),
      [
        // The topic sentence cites every work of the paragraph: no rival is left, so each is judged alone.
        ['sato2019gulls', 'supported', undefined],
        ['lind2020terns', 'supported', undefined],
        ['moreau2021puffins', 'supported', undefined],
        ['sato2019gulls', 'supported', undefined],
        ['lind2020terns', 'supported', undefined],
        ['sato2019gulls', 'misattributed', 'moreau2021puffins'],
      ],
      JSON.stringify(checks, null, 1),
    );
    const swapped = checks[5];
    assert.equal(swapped.start, SWAPPED_PARAGRAPH.lastIndexOf('sato2019gulls'), 'the last citation, not the first of the key');
    assert.deepEqual(swapped.paragraphKeys, ['lind2020terns', 'moreau2021puffins']);
    assert.match(swapped.better!.evidence.text, /Volunteers count the burrows/);
    assert.equal(typeof swapped.evidence?.text, 'string');
    assert.equal(checks[0].paragraphKeys, undefined, 'judged alone');
  });

  it('flags a sentence no work of the paragraph says, naming the library work that says it', () => {
    const tex = 'Gull nests on breakwaters were counted in drone images by a trained detector \\cite{sato2019gulls}. Logs were kept for two years \\cite{lind2020terns}.';
    const [, flagged] = checkDocument(store, tex, 'latex');
    // Neither the gull nor the tern paper says anything of logs kept for two years; the tide paper does.
    assert.equal(flagged.verdict, 'unsupported', JSON.stringify(flagged));
    assert.deepEqual(flagged.paragraphKeys, ['sato2019gulls']);
    assert.equal(flagged.better?.key, 'okafor2020tides');
  });

  it('calls a sentence that shares no word with its cited work unsupported, though no work of the paragraph shares more', () => {
    // Before the "says" score, a cited work with nothing of the sentence was "supported" when its rivals had nothing
    // either: check --pairs answered a sentence of the tide paper cited to the tern paper as supported.
    const r = judgeAttribution(store, 'Logs were kept for two years.', 'lind2020terns', PARAGRAPH);
    assert.equal(r.verdict, 'unsupported', JSON.stringify({ ...r, fits: undefined }));
    assert.equal(r.better, undefined);
  });

  it('judges alone the citations of a "paragraph" that cites more works than a paragraph does (a section without blank lines)', () => {
    const crowded = `${SWAPPED_PARAGRAPH} Many more were surveyed \\cite{${Array.from({ length: MAX_PARAGRAPH_WORKS - 2 }, (_, i) => `other${i}`).join(',')}}.`;
    const checks = checkDocument(store, crowded, 'latex');
    assert.equal(checks[5].verdict, 'supported', JSON.stringify(checks[5]));
    assert.equal(checks[5].paragraphKeys, undefined);
    // One work fewer and the paragraph is judged as one.
    assert.equal(checkDocument(store, crowded.replace('other0,', ''), 'latex')[5].verdict, 'misattributed');
  });

  it('judges the same sentences alone when each is its own paragraph, as before', () => {
    const checks = checkDocument(store, SWAPPED_PARAGRAPH.replace(/\. /g, '.\n\n'), 'latex');
    assert.equal(checks.length, 6);
    assert.ok(checks.every((c) => c.verdict !== 'misattributed' && c.paragraphKeys === undefined), JSON.stringify(checks.map((c) => [c.key, c.verdict])));
  });

  it('lists a number and a dataset name the cited work does not hold, with or without a paragraph', () => {
    const [alone] = checkDocument(store, 'Drone images of gull nests were counted with 97.5\\% accuracy on the GullSet benchmark \\cite{sato2019gulls}.', 'latex');
    assert.deepEqual(alone.unsupportedDetails, ['97.5%', 'GullSet']);
    const held = checkDocument(store, 'A classifier counted tern calls in 3,000 hours of audio \\cite{lind2020terns}. Drones \\cite{sato2019gulls}.', 'latex');
    assert.equal(held[0].unsupportedDetails, undefined);
    // Each detail is held by one of the works the sentence cites together: none is flagged on either.
    const together = checkDocument(store, 'Birds were counted with BurrowCount and from 3,000 hours of audio \\cite{moreau2021puffins, lind2020terns}.', 'latex');
    assert.deepEqual(together.map((c) => c.unsupportedDetails), [undefined, undefined]);
    const oneLacks = checkDocument(store, 'Birds were counted with BurrowCount and from 4,000 hours of audio \\cite{moreau2021puffins, lind2020terns}.', 'latex');
    assert.deepEqual(oneLacks.map((c) => c.unsupportedDetails), [['4,000'], ['4,000']]);
  });

  it('shows as the evidence of a supported citation in a paragraph the cited work\'s closest sentence, not one matched on a side word', () => {
    // "people … reach" is held only by the gull paper's first sentence; counting birds with a trained detector is its second.
    const text =
      'The birds were counted by trained counters that people can reach \\cite{sato2019gulls}. ' +
      'Tern calls were recorded by microphones \\cite{lind2020terns}. Volunteers count puffin burrows \\cite{moreau2021puffins}.';
    const [gulls] = checkDocument(store, text, 'latex');
    assert.deepEqual([gulls.key, gulls.verdict, gulls.paragraphKeys], ['sato2019gulls', 'supported', ['lind2020terns', 'moreau2021puffins']]);
    assert.equal(gulls.evidence?.text, 'We count the birds in drone images with a detector trained on hand-marked photographs.');
  });

  it('does not list the family names of the cited or co-cited works\' authors as details they lack', () => {
    const [alone] = checkDocument(store, 'DeWitt \\cite{sato2019gulls} counted gull nests in drone images.', 'latex');
    assert.equal(alone.unsupportedDetails, undefined, JSON.stringify(alone.unsupportedDetails));
    const together = checkDocument(store, 'Sato and DeWitt \\cite{sato2019gulls} and McKay \\cite{lind2020terns} counted birds from drone images and from calls.', 'latex');
    assert.deepEqual(together.map((c) => c.unsupportedDetails), [undefined, undefined]);
    // A name no cited work's author has is still a detail the work lacks.
    const [other] = checkDocument(store, 'McKay \\cite{sato2019gulls} counted gull nests in drone images.', 'latex');
    assert.deepEqual(other.unsupportedDetails, ['McKay']);
  });

  it('check --tex reports the misattribution in its text and its --json', async () => {
    const tex = path.join(dir, 'paragraph.tex');
    fs.writeFileSync(tex, SWAPPED_PARAGRAPH);
    const text = captureCli();
    assert.equal(await checkCommand.run(['--db', db, '--tex', tex], text), 0);
    const out = text.stdout.join('\n');
    assert.match(out, /^sato2019gulls\tmisattributed \d+%\t.*\n\tthis sentence describes moreau2021puffins, not sato2019gulls: moreau2021puffins \(\d+%\): .*Volunteers count the burrows/m);
    const json = captureCli();
    assert.equal(await checkCommand.run(['--db', db, '--tex', tex, '--json'], json), 0);
    const checks = JSON.parse(json.stdout.join(''));
    assert.deepEqual([checks[5].verdict, checks[5].better.key, checks[5].paragraphKeys], ['misattributed', 'moreau2021puffins', ['lind2020terns', 'moreau2021puffins']]);
  });

  it('check --pairs refuses a group that is not a list of keys, naming the line', async () => {
    const pairs = path.join(dir, 'bad.jsonl');
    fs.writeFileSync(pairs, `${JSON.stringify({ id: 1, text: PUFFIN_SENTENCE, key: 'sato2019gulls', group: ['lind2020terns'] })}\n${JSON.stringify({ id: 2, text: PUFFIN_SENTENCE, key: 'sato2019gulls', group: 'lind2020terns' })}`);
    await assert.rejects(checkCommand.run(['--db', db, '--pairs', pairs, '--json'], captureCli()), /line 2: expected .*group/);
  });
});

describe('eval verify figures', () => {
  // Ten sentences, each with a paragraph of two works: "a" is the cited paper, "b" the swap. The fit of "a" is 1 in all
  // but the last, where the sentence says "b" better (an intact citation a scorer cannot defend).
  const fit = (key: string, value: number) => ({ key, support: 0.5, reach: 1, behindLibrary: 0, fit: value, features: [], evidence: { text: key, source: 'title' as const }, distinctive: [] });
  const cases = Array.from({ length: 10 }, (_, i) => {
    const fits = [fit('a', i === 9 ? 0 : 1), fit('b', i === 9 ? 2 : i < 5 ? 0.5 : 1)];
    return { id: String(i), cited: 'a', group: ['a', 'b'], swapped: 'b', fits, outside: { id: 'x', fits } };
  });

  it('counts the swaps flagged at the margin one intact citation in ten exceeds, and intact above swapped as pairwise', () => {
    const f = verifyFigures(cases);
    // Intact margins: nine of -0.5 or 0, one of 2; the threshold is the largest of the nine (0). Swapped margins: 0.5
    // in the first five (flagged), 0 in the next four (not above the threshold), -2 in the last.
    assert.equal(f.marginAtTenPercent, 0);
    assert.equal(f.swapsFlaggedAtTenPercent, 0.5);
    // Five wins, four ties (half each), one loss.
    assert.equal(f.pairwise, 0.7);
  });
});
