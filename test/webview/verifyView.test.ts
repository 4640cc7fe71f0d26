// The Verify References panel in a real browser: each entry's verdict and evidence, flags first, the differing
// fields, and a click on a key asking the extension to show the entry. The entries are made up.
import { strict as assert } from 'node:assert';
import type { ExtensionToVerify } from '../../src/protocol/webview';
import { browserSuite, screenshotPath } from './harness';

const REPORT: ExtensionToVerify = {
  type: 'report',
  scope: 'references.bib',
  cancelled: false,
  notChecked: [],
  problems: [],
  entries: [
    { key: 'marchetti2020eels', fileLabel: 'references.bib', verdict: 'verified', evidence: 'title, authors, year, venue agree with “Acoustic Mapping of Estuary Eel Migration” (OpenAlex, by DOI)', fields: [], notes: [], sourceLabel: 'OpenAlex' },
    {
      key: 'duarte2016lichen',
      fileLabel: 'references.bib',
      verdict: 'mismatch',
      evidence: 'year 2016 vs 2018 (OpenAlex, by DOI)',
      fields: [{ field: 'year', ours: '2016', theirs: '2018' }],
      notes: [],
      sourceLabel: 'OpenAlex',
    },
    { key: 'duarte2021moss', fileLabel: 'references.bib', verdict: 'not-found', evidence: 'no record of “Quantum Sensing of Moss Carpets in Alpine Bogs” in OpenAlex (asked by title): possibly invented', fields: [], notes: [] },
  ],
};

describe('verify view (browser)', function () {
  const suite = browserSuite();

  it('lists every entry with its verdict and evidence, flags first; a key asks to reveal its entry', async () => {
    const v = await suite.open({ view: 'verify' }, { width: 900, height: 600 });
    await v.send(REPORT);
    const { page } = v;
    await page.getByTestId('verify-duarte2021moss').waitFor();
    assert.equal(await page.getByTestId('verify-summary').innerText(), 'references.bib: 3 entries · 1 possibly invented · 1 differ · 0 unverifiable · 1 verified');
    // Flags first: the invented entry, then the mismatch, then the verified one.
    const order = await page.locator('li.check').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')));
    assert.deepEqual(order, ['verify-duarte2021moss', 'verify-duarte2016lichen', 'verify-marchetti2020eels']);
    assert.equal(await page.getByTestId('verify-duarte2021moss-verdict').innerText(), 'possibly invented');
    assert.match(await page.getByTestId('verify-duarte2021moss-evidence').innerText(), /no record of “Quantum Sensing of Moss Carpets in Alpine Bogs”/);
    assert.equal(await page.getByTestId('verify-duarte2016lichen-fields').innerText(), 'year: 2016 — the record: 2018');
    assert.equal(await page.getByTestId('verify-marchetti2020eels-fields').count(), 0);
    await page.screenshot({ path: screenshotPath('webview-verify.png'), fullPage: true });
    // The row's index is the entry's place in the report the extension sent, not its place on screen.
    await page.getByRole('button', { name: 'Go to duarte2016lichen in references.bib' }).click();
    assert.deepEqual(await v.waitForPosted('revealEntry'), { type: 'revealEntry', index: 1 });
  });

  it('says what to do before any run, and what a cancelled run did not check', async () => {
    const v = await suite.open({ view: 'verify' });
    assert.match(await v.page.getByTestId('verify-report').innerText(), /Run "CiteScribe: Verify References"/);
    await v.send({ ...REPORT, cancelled: true, notChecked: ['later2022key'], entries: REPORT.type === 'report' ? REPORT.entries.slice(0, 1) : [] });
    assert.equal(await v.page.getByTestId('verify-cancelled').innerText(), 'Cancelled: 1 entries not checked (later2022key).');
  });
});
