import { strict as assert } from 'assert';
import { contentWords, stripCitationMarkers } from '../../../src/core/suggest/citance';

describe('a citing sentence as a query', () => {
  it('drops author-year spans, names before a year and bracketed numbers', () => {
    assert.equal(stripCitationMarkers('We tag with TnT (Brants, 2000) on the corpus.'), 'We tag with TnT on the corpus.');
    assert.equal(stripCitationMarkers('As Collins et al. (1999) and Och and Ney (2003) showed, alignment helps [3].'), 'As and showed, alignment helps .');
    assert.equal(stripCitationMarkers('Phrase tables (e.g. Och and Ney 2003; Koehn 2005) and lattices [2, 5].'), 'Phrase tables and lattices .');
    assert.equal(stripCitationMarkers('Van der Berg (2007a) parsed it.'), 'parsed it.');
  });

  it('keeps parentheses without a year and numbers that are not citations', () => {
    assert.equal(stripCitationMarkers('A tagger (TnT) reaches 96.7% on 1,000 sentences.'), 'A tagger (TnT) reaches 96.7% on 1,000 sentences.');
  });

  it('counts content words', () => {
    assert.deepEqual(contentWords('It is used in the 2000 system.'), ['system']);
  });
});
