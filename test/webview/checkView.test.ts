// The Check Citations panel in a real browser: what each row says and where a click takes the author.
import { strict as assert } from 'node:assert';
import type { CitationCheckView } from '../../src/protocol/webview';
import { browserSuite, screenshotPath } from './harness';

const CHECKS: CitationCheckView[] = [
  {
    key: 'goodfellow2014generative',
    line: 0,
    sentence: 'A generator and a discriminator are trained against each other',
    verdict: 'supported',
    support: 0.94,
    evidence: { text: 'The generator is trained to make the discriminator err.', source: 'abstract' },
  },
  {
    key: 'huang2018munit',
    line: 1,
    sentence: 'A generator and a discriminator are trained against each other',
    verdict: 'weak',
    support: 0.011,
    evidence: { text: 'Multimodal Unsupervised Image-to-Image Translation', source: 'title' },
    better: { key: 'goodfellow2014generative', support: 0.94, evidence: { text: 'The generator is trained to make the discriminator err.', source: 'pdf', page: 2 } },
  },
  { key: 'notitle2019', line: 2, sentence: 'Nothing is known of this work beyond its title', verdict: 'title-only', support: 0.01, evidence: { text: 'A Work Known Only by Its Title', source: 'title' } },
];

describe('check view (browser)', function () {
  const suite = browserSuite();

  it('lists each citation with its verdict, support bar, evidence and a better match; a key jumps to the document', async () => {
    const v = await suite.open({ view: 'check' }, { width: 900, height: 700 });
    await v.send({ type: 'checks', documentLabel: 'paper.tex', checks: CHECKS });
    const { page } = v;
    await page.getByTestId('check-0').waitFor();
    assert.equal(await page.getByTestId('check-summary').innerText(), 'paper.tex: 3 citations · 1 supported · 1 weak · 1 title only');
    assert.deepEqual(
      await Promise.all([0, 1, 2].map((i) => page.getByTestId(`check-${i}-verdict`).innerText())),
      ['supported', 'weak support', 'title only: cannot be judged'],
    );
    assert.equal(await page.getByRole('meter', { name: 'Support of goodfellow2014generative' }).getAttribute('aria-valuetext'), '94.0%');
    assert.equal(await page.getByTestId('check-0-evidence').innerText(), 'abstract: “The generator is trained to make the discriminator err.”');
    assert.equal(
      await page.getByTestId('check-1-better').innerText(),
      'Better match in your library: goodfellow2014generative (94%) — PDF p. 2: “The generator is trained to make the discriminator err.”',
    );
    assert.equal(await page.getByTestId('check-0-better').count(), 0);
    assert.equal(await page.getByTestId('check-2-support').count(), 0, 'no support bar for a work known by its title alone');
    await page.screenshot({ path: screenshotPath('webview-check.png'), fullPage: true });
    await page.getByRole('button', { name: 'Go to huang2018munit, line 2' }).click();
    assert.deepEqual(await v.waitForPosted('revealCitation'), { type: 'revealCitation', index: 1 });
  });

  it('marks a misattributed citation and explains it with both works\' sentences; its button asks for the swap', async () => {
    const v = await suite.open({ view: 'check' }, { width: 900, height: 700 });
    const misattributed: CitationCheckView = {
      key: 'huang2018munit',
      line: 4,
      sentence: 'A cycle consistency loss asks the round trip to return the input',
      verdict: 'misattributed',
      support: 0.08,
      evidence: { text: 'We propose a framework that decomposes an image into a content code and a style code.', source: 'abstract' },
      better: { key: 'zhu2017unpaired', support: 0.91, evidence: { text: 'Our approach adds a cycle consistency loss.', source: 'abstract' } },
      paragraphKeys: ['zhu2017unpaired', 'isola2017image'],
      unsupportedDetails: ['CycleSet'],
    };
    await v.send({ type: 'checks', documentLabel: 'paper.tex', checks: [CHECKS[0], misattributed] });
    const { page } = v;
    await page.getByTestId('check-1').waitFor();
    assert.equal(await page.getByTestId('check-summary').innerText(), 'paper.tex: 2 citations · 1 supported · 0 weak · 1 misattributed · 0 title only');
    assert.equal(await page.getByTestId('check-1-verdict').innerText(), '⚠ misattributed');
    assert.equal(await page.getByTestId('check-0-verdict').innerText(), 'supported');
    assert.match((await page.getByTestId('check-1').getAttribute('class'))!, /\bflagged\b/);
    assert.equal(await page.getByTestId('check-1-why').innerText(), 'This sentence describes zhu2017unpaired, not huang2018munit.');
    assert.equal(await page.getByTestId('check-1-better').innerText(), 'zhu2017unpaired: abstract: “Our approach adds a cycle consistency loss.”');
    assert.equal(await page.getByTestId('check-1-evidence').innerText(), 'huang2018munit: abstract: “We propose a framework that decomposes an image into a content code and a style code.”');
    assert.equal(await page.getByTestId('check-1-paragraph').innerText(), 'Judged against the other works of its paragraph: zhu2017unpaired, isola2017image');
    assert.equal(await page.getByTestId('check-1-details').innerText(), 'Not in huang2018munit: CycleSet');
    assert.equal(await page.getByTestId('check-0-swap').count(), 0, 'no swap on a supported citation');
    await page.screenshot({ path: screenshotPath('webview-check-misattributed.png'), fullPage: true });
    await page.getByRole('button', { name: 'Cite zhu2017unpaired instead of huang2018munit' }).click();
    assert.deepEqual(await v.waitForPosted('swapCitation'), { type: 'swapCitation', index: 1 });
  });

  it('says what to do before any check, and shows an error it is sent', async () => {
    const v = await suite.open({ view: 'check' });
    assert.match(await v.page.getByTestId('check-report').innerText(), /Run "CiteScribe: Check Citations" on a document/);
    await v.send({ type: 'error', message: 'The library is not indexed yet.' });
    assert.equal(await v.page.getByTestId('error').innerText(), 'The library is not indexed yet.');
  });
});
