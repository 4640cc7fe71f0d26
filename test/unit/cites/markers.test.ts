import { strict as assert } from 'assert';
import { stripCitationMarkers } from '../../../src/core/cites/markers';
import { stripCitationMarkers as scoringStrip } from '../../../src/core/metrics';

describe('citation markers stripped for scoring (the default)', () => {
  it('removes cite commands and numbered markers with the spaces before them, and keeps line breaks', () => {
    assert.equal(stripCitationMarkers('As shown~\\cite{a}.\nNext [3], then [1, 4-6].'), 'As shown.\nNext, then.');
    assert.equal(stripCitationMarkers('See [@doe2020; @roe2021] and @poe2019 for more.', { language: 'markdown' }), 'See and for more.');
  });

  it('keeps a narrative citation\'s names, and author-year parentheses unless asked', () => {
    assert.equal(stripCitationMarkers('Brants (2000) built TnT (Brants, 2000).'), 'Brants (2000) built TnT (Brants, 2000).');
    assert.equal(stripCitationMarkers('Brants (2000) built TnT (Brants, 2000).', { authorYear: true }), 'Brants (2000) built TnT.');
  });

  it('is the function the metrics import', () => {
    assert.equal(scoringStrip, stripCitationMarkers);
  });
});

describe('citation markers stripped from a citing sentence read as a query', () => {
  it('removes names with their year, any parenthesis holding a year, bracketed numbers, and tidies white space', () => {
    assert.equal(stripCitationMarkers('Och and Ney (2003) showed, alignment\nhelps [3; 5] (see the 2003 task).', { for: 'query' }), 'showed, alignment helps .');
  });

  it('removes LaTeX and Pandoc cite commands too: a typed sentence is searched by its words, not its keys', () => {
    assert.equal(stripCitationMarkers('Conditional random fields \\citep[see][]{lafferty2001} label sequences.', { for: 'query' }), 'Conditional random fields label sequences.');
    assert.equal(stripCitationMarkers('Random fields [@lafferty2001, p. 3] label sequences.', { for: 'query' }), 'Random fields label sequences.');
  });
});
