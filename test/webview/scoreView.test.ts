// The score panel in a real browser: the numbers it shows and the jumps it asks the extension for.
import { strict as assert } from 'node:assert';
import type { ScoreReportView } from '../../src/protocol/webview';
import { REPORT } from './fixtures';
import { browserSuite, screenshotPath, type WebviewPage } from './harness';

describe('score view (browser)', function () {
  const suite = browserSuite();

  async function openReport(report: ScoreReportView = REPORT): Promise<WebviewPage> {
    const view = await suite.open({ view: 'score' }, { width: 1000, height: 900 });
    await view.send({ type: 'report', report });
    await view.page.getByTestId('bar-rouge1-f').waitFor();
    return view;
  }

  it('shows ROUGE-1/2/L/Lsum precision, recall and F1 as bars labelled in percent with one decimal', async () => {
    const { page } = await openReport();
    const expected: Record<string, string> = {
      'rouge1-p': '51.2%', 'rouge1-r': '45.7%', 'rouge1-f': '48.3%',
      'rouge2-p': '20.0%', 'rouge2-r': '18.8%', 'rouge2-f': '19.4%',
      'rougeL-p': '33.3%', 'rougeL-r': '30.0%', 'rougeL-f': '31.6%',
      'rougeLsum-p': '41.0%', 'rougeLsum-r': '39.0%', 'rougeLsum-f': '39.9%',
    };
    for (const [id, text] of Object.entries(expected)) {
      assert.equal(await page.getByTestId(`bar-${id}-value`).innerText(), text, id);
    }
    // The filled part of each bar is as long as its value.
    const fill = async (id: string) =>
      page.getByTestId(id).evaluate((el) => {
        const track = el.querySelector('.bar-track')!.getBoundingClientRect().width;
        return el.querySelector('.bar-fill')!.getBoundingClientRect().width / track;
      });
    assert.ok(Math.abs((await fill('bar-rouge1-p')) - 0.51234) < 0.01);
    assert.ok(Math.abs((await fill('bar-rouge2-r')) - 0.1875) < 0.01);
    assert.equal(await page.getByRole('meter', { name: 'ROUGE-L F1' }).getAttribute('aria-valuetext'), '31.6%');
    assert.match(await page.getByTestId('score-labels').innerText(), /related-work\.tex §2 compared with reference\.tex · Porter stemming/);
  });

  it('shows citation coverage and the missing and unknown keys; clicking one with a line posts revealLine', async () => {
    const v = await openReport();
    const { page } = v;
    assert.equal(await page.getByTestId('bar-coverage-recall-value').innerText(), '75.0%');
    assert.equal(await page.getByTestId('bar-coverage-precision-value').innerText(), '60.0%');
    assert.equal(await page.getByTestId('bar-coverage-f1-value').innerText(), '66.7%');

    await page.getByRole('button', { name: 'Go to vaswani2017attention in the reference, line 12' }).click();
    assert.deepEqual(await v.waitForPosted('revealLine'), { type: 'revealLine', target: 'reference', line: 11 });

    await page.getByTestId('unknown-keys-smith2099ghost').click();
    assert.deepEqual(await v.waitForPosted('revealLine', 2), { type: 'revealLine', target: 'draft', line: 4 });

    // A key without a known line is listed but is not a link.
    const noLine = page.getByTestId('missing-keys-raffel2020t5');
    assert.equal(await noLine.evaluate((el) => el.tagName), 'CODE');
    await noLine.click();
    assert.equal((await v.postedOfType('revealLine')).length, 2);
  });

  it('shows the BlockMatch pairing, and a matched draft paragraph jumps to its line', async () => {
    const v = await openReport();
    const { page } = v;
    assert.equal(await page.getByTestId('bar-blockmatch-p-value').innerText(), '43.2%');
    assert.equal(await page.getByTestId('bar-blockmatch-r-value').innerText(), '28.8%');
    assert.equal(await page.getByTestId('bar-blockmatch-f-value').innerText(), '34.6%');

    const first = await page.getByTestId('block-pair-0').innerText();
    assert.match(first, /¶ 1\s+¶ 2\s+51\.2%\s+Extreme summarization[\s\S]*TLDR generation/);
    await page.getByTestId('block-pair-0').click();
    assert.deepEqual(await v.waitForPosted('revealLine'), { type: 'revealLine', target: 'draft', line: 3 });
    await page.getByRole('button', { name: 'Go to draft paragraph 1, line 4' }).press('Enter');
    assert.deepEqual(await v.waitForPosted('revealLine', 2), { type: 'revealLine', target: 'draft', line: 3 });

    // The second pair has no draft line: nothing to click.
    await page.getByTestId('block-pair-1').click();
    assert.equal((await v.postedOfType('revealLine')).length, 2);
  });

  it('re-renders when a new report arrives and shows errors inline', async () => {
    const v = await openReport();
    const { page } = v;
    await v.send({ type: 'report', report: { ...REPORT, rouge: { ...REPORT.rouge, rouge1: { p: 1, r: 0.9995, f: 0.99975 } } } });
    assert.equal(await page.getByTestId('bar-rouge1-r-value').innerText(), '100.0%');
    await v.send({ type: 'error', message: 'The reference file could not be read.' });
    assert.equal(await page.getByRole('alert').innerText(), 'The reference file could not be read.');
    assert.equal(await page.getByTestId('bar-rouge1-p-value').innerText(), '100.0%', 'the last report stays visible');
  });

  it('shows the whole report at once (dark theme), as the screenshot records', async () => {
    const { page } = await openReport();
    await page.screenshot({ path: screenshotPath('webview-score.png'), fullPage: true });
    // What the picture is meant to show: every ROUGE bar, coverage with its missing and unknown keys, the pairing.
    for (const id of ['rouge1', 'rouge2', 'rougeL', 'rougeLsum']) {
      for (const part of ['p', 'r', 'f']) assert.equal(await page.getByTestId(`bar-${id}-${part}`).isVisible(), true, `${id} ${part}`);
    }
    assert.equal(await page.getByTestId('bar-coverage-recall').isVisible(), true);
    assert.equal(await page.getByTestId('missing-keys-raffel2020t5').isVisible(), true);
    assert.equal(await page.getByTestId('unknown-keys-smith2099ghost').isVisible(), true);
    assert.equal(await page.getByTestId('block-pair-0').isVisible(), true);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r, g, b] = background.match(/\d+/g)!.map(Number);
    assert.ok(r + g + b < 3 * 80, `a dark theme background, got ${background}`);
  });
});
