// What the editor says about each verdict of a real run against the stand-in: a warning for the invented entry and
// for a DOI that is another work's, information naming the differing fields for other mismatches, nothing for
// verified or unverifiable entries. The works are made up (./fixtures).
import { strict as assert } from 'node:assert';
import { parseBibtex } from '../../../src/core/bibtex';
import type { FetchLike } from '../../../src/core/enrich/http';
import { startStandIn, type StandIn } from '../../../src/core/verify/benchmark/standin-server';
import { verifyEntryFromBib } from '../../../src/core/verify/entries';
import { findingOf } from '../../../src/core/verify/findings';
import { changesFromVerdict } from '../../../src/core/verify/rewrite-entry';
import { makeVerifySource } from '../../../src/core/verify/sources';
import { verifyEntries } from '../../../src/core/verify/verify';
import { BIB, WORKS } from './fixtures';

describe('verify: findings shown in the editor', () => {
  let standIn: StandIn;
  before(async () => {
    standIn = await startStandIn(WORKS);
  });
  after(() => standIn.close());

  it('warns of the invented entry and the DOI of another work, informs of a wrong year, says nothing of the rest', async () => {
    const entries = parseBibtex(BIB).entries.map(verifyEntryFromBib);
    const fetch = globalThis.fetch as unknown as FetchLike;
    const report = await verifyEntries(entries, { sources: [makeVerifySource('crossref', { fetch, endpoints: standIn.endpoints, rateLimit: false, timeoutMs: 2000 })] });
    const finding = (key: string) => findingOf(report.entries.find((e) => e.key === key)!);
    const verdict = (key: string) => report.entries.find((e) => e.key === key)!;

    assert.equal(finding('invented')?.severity, 'warning');
    assert.match(finding('invented')!.message, /^invented: possibly invented — no record of “Quantum Annealing of Fern Spore Colour Charts” in Crossref \(asked by title\)$/);
    assert.equal(finding('otherdoi')?.kind, 'another-work');
    assert.equal(finding('otherdoi')?.severity, 'warning');
    assert.match(finding('otherdoi')!.message, /10\.5555\/gulls\.3 is the identifier of another work: “Harbour Noise and Gull Calls”/);
    // No rewrite from another work's record.
    assert.deepEqual(changesFromVerdict(verdict('otherdoi'), entries.find((e) => e.key === 'otherdoi')), []);
    assert.deepEqual(finding('wrongyear'), { kind: 'mismatch', severity: 'information', message: 'wrongyear: year: 2011 vs 2015 (Crossref, by DOI)' });
    assert.deepEqual(changesFromVerdict(verdict('wrongyear')), [{ name: 'year', value: '2015' }]);
    assert.equal(finding('ferns'), undefined);
    assert.equal(verdict('notitle').verdict, 'unverifiable');
    assert.equal(finding('notitle'), undefined);
  });
});
