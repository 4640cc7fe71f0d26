import { strict as assert } from 'assert';
import { citationCoverage, findNumberedMarkers, stripCitationMarkers } from '../../../src/core/metrics';

describe('citationCoverage', () => {
  const reference = String.raw`Early work \cite{a, b} and later \citep{c}. As \citet{a} showed, \cite{a} again.`;

  it('compares the sets of cited keys: precision, recall, F1 and what is missing or extra', () => {
    const draft = String.raw`We follow \citep{a,d} and \cite{c}.`;
    const c = citationCoverage(draft, reference);
    assert.deepEqual(c.draftKeys, ['a', 'd', 'c']);
    assert.deepEqual(c.referenceKeys, ['a', 'b', 'c']);
    assert.deepEqual(c.set.matchedKeys, ['a', 'c']);
    assert.equal(c.set.precision, 2 / 3);
    assert.equal(c.set.recall, 2 / 3);
    assert.deepEqual(c.missingKeys, ['b']);
    assert.deepEqual(c.extraKeys, ['d']);
  });

  it('compares citation counts in the multiset version', () => {
    // Reference cites a×3, b, c (5 citations); draft cites a×2, c (3): matched min(2,3)+min(1,1) = 3.
    const draft = String.raw`\cite{a} \cite{a,c}`;
    const c = citationCoverage(draft, reference);
    assert.equal(c.multiset.matched, 3);
    assert.equal(c.multiset.precision, 3 / 3);
    assert.equal(c.multiset.recall, 3 / 5);
    assert.ok(Math.abs(c.multiset.f1 - 0.75) < 1e-12);
  });

  it('reports keys missing from the library with the line and column where the draft cites them', () => {
    const draft = 'Intro [@a].\nThen [@ghost; @c] and @phantom.';
    const c = citationCoverage(draft, ['a', 'c'], { library: new Set(['a', 'c']) });
    assert.deepEqual(c.unknownKeys, ['ghost', 'phantom']);
    assert.deepEqual(
      c.unknownKeyLocations.map(({ key, line, character }) => ({ key, line, character })),
      [
        { key: 'ghost', line: 1, character: 7 },
        { key: 'phantom', line: 1, character: 23 },
      ],
    );
  });

  it('accepts a PaperLookup-like library and lists requested keys the draft forgot', () => {
    const library = { hasKey: (key: string) => key !== 'nope' };
    const c = citationCoverage(String.raw`\cite{x,nope}`, ['x'], { library, requestedKeys: ['x', 'y', 'z'] });
    assert.deepEqual(c.unknownKeys, ['nope']);
    assert.deepEqual(c.forgottenKeys, ['y', 'z']);
  });

  it('reads numbered markers [3], [1,2], [3-5] through a mapping, and reports unmapped numbers', () => {
    const numbering = ['k0', 'k1', 'k2', 'k3', 'k4'];
    const draft = 'Prior work [0] and [1, 3-4] differ; see also [9].';
    const c = citationCoverage(draft, 'Gold cites [0] and [2].', { numbering });
    assert.deepEqual(c.draftKeys, ['k0', 'k1', 'k3', 'k4']);
    assert.deepEqual(c.referenceKeys, ['k0', 'k2']);
    assert.equal(c.set.recall, 1 / 2);
    assert.deepEqual(c.unmappedNumbers, [9]);
  });

  it('ignores numbered markers without a mapping, and locators inside cite commands', () => {
    assert.deepEqual(citationCoverage('See [3].', ['a']).draftKeys, []);
    const c = citationCoverage(String.raw`\citep[3]{a}`, ['a'], { numbering: { '3': 'c' } });
    assert.deepEqual(c.draftKeys, ['a']);
  });

  it('gives zeros rather than NaN when either side cites nothing', () => {
    const c = citationCoverage('No citations here.', reference);
    assert.deepEqual([c.set.precision, c.set.recall, c.set.f1], [0, 0, 0]);
    assert.deepEqual([c.multiset.precision, c.multiset.recall, c.multiset.f1], [0, 0, 0]);
  });
});

describe('findNumberedMarkers', () => {
  it('expands ranges (hyphen or en dash) and skips Markdown links', () => {
    const markers = findNumberedMarkers('a [2] b [4–6, 8] c [1](http://x) d [7]: def');
    assert.deepEqual(
      markers.map((m) => m.numbers),
      [[2], [4, 5, 6, 8]],
    );
  });
});

describe('stripCitationMarkers', () => {
  it('removes LaTeX cite commands with the space or ~ before them', () => {
    assert.equal(
      stripCitationMarkers(String.raw`Transformers~\citep[see][p.~2]{vaswani2017} dominate \cite{a,b}.`),
      'Transformers dominate.',
    );
  });

  it('removes Pandoc citations and numbered markers, keeping words apart and lines intact', () => {
    assert.equal(
      stripCitationMarkers('As @doe99 shows [@a; @b, p. 3], models [1, 2] improve.\nSecond line [3-5].'),
      'As shows, models improve.\nSecond line.',
    );
  });

  it('removes author–year parentheticals only when asked', () => {
    const text = 'Models improve (Smith et al., 2019; Doe and Roe, 2020a) on benchmarks (see Lee, 2018).';
    assert.equal(stripCitationMarkers(text), text);
    assert.equal(stripCitationMarkers(text, { authorYear: true }), 'Models improve on benchmarks.');
  });

  it('keeps ordinary parentheses and brackets', () => {
    const text = 'The model (a transformer) uses [CLS] tokens and (in 2019) won.';
    assert.equal(stripCitationMarkers(text, { authorYear: true }), text);
  });
});
