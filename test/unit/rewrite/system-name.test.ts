// The system a title names, carried into the citation and the draft: "Kowal and Imre (TideNet) \cite{k} presented …".
import { strict as assert } from 'assert';
import { DefaultEngine } from '../../../src/core/engines';
import { MemoryLibrary } from '../../../src/core/engine/memory-library';
import { systemNameOfTitle } from '../../../src/core/rewrite/system-name';
import type { PaperRecord } from '../../../src/core/types';

describe('the system a title names', () => {
  it('reads a coined name before a colon or a spaced dash', () => {
    assert.equal(systemNameOfTitle('TideNet: Forecasting Harbour Water Levels from Gauges'), 'TideNet');
    assert.equal(systemNameOfTitle('QKT - A Quay Knot Tagger'), 'QKT');
    assert.equal(systemNameOfTitle('{BerthBank}: A Corpus of Berth Schedules'), 'BerthBank');
    assert.equal(systemNameOfTitle('tide2vec: Embeddings of Tide Tables'), 'tide2vec');
    assert.equal(systemNameOfTitle('PilotNet 2 -- A Larger Boarding Corpus'), 'PilotNet 2');
  });

  it('finds none in ordinary words, a title in capitals, a label, a meeting, a disease or a surname', () => {
    for (const title of [
      'Seeing Tides: Forecasting Water Levels',
      'Harbour Pilotage at Night',
      'TIDEWATCH: A SYSTEM FOR HARBOUR GAUGES',
      'ERRATUM: Tide Tables of Small Harbours',
      'HTC 2007: Proceedings of the Harbour Technology Conference',
      'COVID-19: Harbour Closures in the Pandemic',
      'MacAllister: A Life at Sea',
      'TideNet',
    ]) assert.equal(systemNameOfTitle(title), undefined, title);
  });
});

const tideNet: PaperRecord = {
  key: 'kowal2019',
  type: 'inproceedings',
  title: 'TideNet: Forecasting Harbour Water Levels from Gauges',
  authors: [{ family: 'Kowal', given: 'Ada' }, { family: 'Imre', given: 'Bo' }],
  abstract:
    'Small harbours lack water level forecasts. We present a recurrent forecaster of harbour water levels trained on the readings of cheap pressure gauges. We also predict the hours at which ferries can berth from the forecasts.',
};

describe('the system name in citations and drafts', () => {
  it('writes the name after the authors when the chosen sentence does not say it', async () => {
    const cite = await new DefaultEngine().citationSentence({ key: 'kowal2019', style: 'citation', syntax: 'cite' }, new MemoryLibrary([tideNet]));
    assert.match(cite.text, /^Kowal and Imre \(TideNet\) \\cite\{kowal2019\} presented a recurrent forecaster/);
  });

  it('leaves a sentence that says the name as it is, and a work without authors without it', async () => {
    const says = { ...tideNet, abstract: 'We present TideNet, a recurrent forecaster of harbour water levels trained on the readings of cheap pressure gauges.' };
    const cite = await new DefaultEngine().citationSentence({ key: 'kowal2019', style: 'citation', syntax: 'cite' }, new MemoryLibrary([says]));
    assert.equal(cite.text.match(/TideNet/g)?.length, 1, cite.text);
    const anonymous = await new DefaultEngine().citationSentence({ key: 'kowal2019', style: 'citation', syntax: 'cite' }, new MemoryLibrary([{ ...tideNet, authors: [] }]));
    assert.doesNotMatch(anonymous.text, /\(TideNet\)/);
  });

  it('names the system once in a draft, then names the authors briefly', async () => {
    const draft = await new DefaultEngine().draft({ keys: ['kowal2019'], targetWords: 60, format: 'latex', syntax: 'cite' }, new MemoryLibrary([tideNet]));
    assert.equal(draft.text.match(/\(TideNet\)/g)?.length, 1, draft.text);
    assert.match(draft.text, /Kowal and Imre \(TideNet\) \\cite\{kowal2019\} presented/);
    assert.match(draft.text, /They (?:also )?predicted the hours/, draft.text);
  });
});
