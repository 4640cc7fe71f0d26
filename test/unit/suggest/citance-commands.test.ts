import { strict as assert } from 'assert';
import { contentWords, stripCitationMarkers } from '../../../src/core/suggest/citance';

describe('a citing sentence with cite commands as a query', () => {
  it('searches by what the sentence says, not by the cite command or its key', () => {
    assert.deepEqual(contentWords(stripCitationMarkers('Conditional random fields \\cite{lafferty2001crf} label sequences.')), ['conditional', 'random', 'fields', 'label', 'sequences']);
    assert.deepEqual(contentWords(stripCitationMarkers('Random fields label sequences [@lafferty2001crf].')), ['random', 'fields', 'label', 'sequences']);
  });
});
