import { strict as assert } from 'assert';
import { isAllCapitals, readableTitle } from '../../../src/core/text/titles';

describe('readableTitle', () => {
  it('reads a title set in capitals as title case, hyphenated compounds and small words included', () => {
    assert.equal(readableTitle('CHARTING TIDES VIA HARBOUR GAUGES: A VIEW FROM SMALL-BOAT PILOTAGE'), 'Charting Tides via Harbour Gauges: A View From Small-Boat Pilotage');
  });

  it('keeps the acronyms: as the abstract writes them, without vowels, short non-words and roman numerals', () => {
    const abstract = 'We present TideNet, a CNN that reads GaugeML logs.';
    assert.equal(readableTitle('TIDENET: READING GAUGEML LOGS WITH CNNS FOR QA, PART VIII', () => abstract), 'TideNet: Reading GaugeML Logs with CNNs for QA, Part VIII');
    assert.equal(readableTitle('K-MEANS CLUSTERING OF 3D TIDE RECORDS WITH LSTM NETWORKS'), 'K-Means Clustering of 3D Tide Records with LSTM Networks');
  });

  it('leaves a title in ordinary case, and a short capitalised name, as it is', () => {
    assert.equal(readableTitle('Charting Tides with the TIDE Toolkit'), 'Charting Tides with the TIDE Toolkit');
    assert.equal(isAllCapitals('TIDENET'), false);
    assert.equal(isAllCapitals('IMPROVED TRAINING OF GANs FOR TIDES'), true);
  });
});
