// The title is the authors' shortest statement of what a work contributes: of a work's sentences, the one that carries
// the title's words (or the system name it opens with) describes the work. Our own fixtures.
import { strict as assert } from 'assert';
import shippedModel from '../../../resources/models/sentence-scorer.json';
import { LinearScorer, type LinearModel } from '../../../src/core/engine/scorer';
import { MemoryLibrary } from '../../../src/core/engine/memory-library';
import { gatherRecords, measureWorks } from '../../../src/core/drafting/draft-state';
import { rankWorkSentences } from '../../../src/core/drafting/work-sentences';
import { titleShare } from '../../../src/core/drafting/contribution';
import type { DraftRequest, PaperRecord } from '../../../src/core/types';

const scorer = new LinearScorer(shippedModel as LinearModel);

/** The sentence a draft first describes the one work of a library by. */
async function chosenSentence(record: PaperRecord): Promise<string> {
  const library = new MemoryLibrary([record]);
  const req: DraftRequest = { keys: [record.key], format: 'latex', syntax: 'cite', targetWords: 60 };
  const { records } = gatherRecords(req, library);
  const draft = await measureWorks(req, { library, scorer }, records);
  const [work] = rankWorkSentences(draft);
  return work.options[work.chosen[0]].text;
}

const ABSTRACT =
  'Tide tables for silted harbours are often wrong by an hour. We propose a new score, the berth delay, to evaluate and compare the tide tables that different ports publish. ' +
  'We compute this berth delay for a wide class of published tables. Second, we propose a harmonic forecast based on a weighted sum of the constituents of each silted harbour. ' +
  'Finally, we present trials comparing the forecast and the published tables.';

describe('a work is described by the sentence that carries its title', () => {
  it('describes a work by the method its title names, not by a side measure it also proposes', async () => {
    const titled: PaperRecord = { key: 'marsh2019', type: 'article', title: 'Harmonic tide forecasts for silted harbours', authors: [{ family: 'Marsh' }], abstract: ABSTRACT };
    assert.match(await chosenSentence(titled), /harmonic forecast based on a weighted sum/);
  });

  it('counts the title\'s words hyphenated or not, and a system name the title opens with as all of it', () => {
    assert.equal(titleShare('We propose a nonlocal filter for tide gauges.', 'A non-local filter for tide gauges'), 1);
    assert.equal(titleShare('We present TideNet, a network trained on gauge logs.', 'TideNet: Forecasting Harbour Tides from Gauge Logs'), 1);
    assert.equal(titleShare('We compare the tables of different ports.', 'Harmonic tide forecasts for silted harbours'), 0);
    assert.equal(titleShare('We propose harmonic forecasts.', ''), 0);
  });
});
