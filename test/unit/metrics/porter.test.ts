import { strict as assert } from 'assert';
import { porterStem } from '../../../src/core/metrics/porter';
import { tokenize } from '../../../src/core/metrics/tokenize';

// Expected stems traced by hand through NLTK's PorterStemmer (NLTK_EXTENSIONS) step by step; most words are the
// examples of Porter's 1980 paper, the rest exercise the NLTK-only rules.
describe('porterStem (NLTK default mode)', () => {
  const cases: Array<[string, string]> = [
    // Step 1a: plurals.
    ['caresses', 'caress'],
    ['ponies', 'poni'],
    ['caress', 'caress'],
    ['cats', 'cat'],
    // Step 1b: -ed / -ing and their repairs.
    ['feed', 'feed'],
    ['agreed', 'agre'],
    ['plastered', 'plaster'],
    ['bled', 'bled'],
    ['motoring', 'motor'],
    ['sing', 'sing'],
    ['conflated', 'conflat'],
    ['troubled', 'troubl'],
    ['sized', 'size'],
    ['hopping', 'hop'],
    ['running', 'run'],
    ['tanned', 'tan'],
    ['falling', 'fall'],
    ['hissing', 'hiss'],
    ['fizzed', 'fizz'],
    ['failing', 'fail'],
    ['filing', 'file'],
    // Step 1c and steps 2–5.
    ['happy', 'happi'],
    ['relational', 'relat'],
    ['conditional', 'condit'],
    ['rational', 'ration'],
    ['electrical', 'electr'],
    ['hopeful', 'hope'],
    ['goodness', 'good'],
    ['adoption', 'adopt'],
    ['controlling', 'control'],
    // 'generously' → 'generousli' (1c) → 'generous' (2) → 'gener' (4: -ous with m('gener') = 2).
    ['generously', 'gener'],
  ];
  for (const [word, stem] of cases) {
    it(`${word} → ${stem}`, () => assert.equal(porterStem(word), stem));
  }

  it('uses NLTK’s irregular forms where the original algorithm would not', () => {
    assert.equal(porterStem('dying'), 'die');
    assert.equal(porterStem('lying'), 'lie');
    assert.equal(porterStem('sky'), 'sky');
    assert.equal(porterStem('skies'), 'sky');
    assert.equal(porterStem('news'), 'news');
    assert.equal(porterStem('proceeding'), 'proceed');
  });

  it('applies NLTK’s -ies/-ied extensions: short words keep "ie", longer ones drop to "i"', () => {
    assert.equal(porterStem('ties'), 'tie');
    assert.equal(porterStem('dies'), 'die');
    assert.equal(porterStem('died'), 'die');
    assert.equal(porterStem('flies'), 'fli');
    assert.equal(porterStem('spied'), 'spi');
  });

  it('turns y into i only after a consonant that is not the whole stem', () => {
    assert.equal(porterStem('enjoy'), 'enjoy');
    assert.equal(porterStem('happy'), 'happi');
  });

  it('keeps the l of -logi with the stem (NLTK’s Barry Wilkins rule)', () => {
    assert.equal(porterStem('geology'), 'geolog');
    assert.equal(porterStem('archaeology'), 'archaeolog');
  });
});

describe('tokenize (rouge-score tokenizer)', () => {
  it('lower-cases and splits on every character outside [a-z0-9]', () => {
    assert.deepEqual(tokenize("Don't STOP—e.g. 3.5% of COVID-19's cases!"), [
      'don', 't', 'stop', 'e', 'g', '3', '5', 'of', 'covid', '19', 's', 'cases',
    ]);
  });

  it('treats non-ASCII letters as separators, as the reference implementation does', () => {
    assert.deepEqual(tokenize('naïve café'), ['na', 've', 'caf']);
  });

  it('returns no tokens for text without letters or digits', () => {
    assert.deepEqual(tokenize(' — … !! '), []);
  });

  it('stems only tokens longer than 3 characters', () => {
    // Porter alone would turn 'was' into 'wa'; rouge-score leaves 3-letter tokens alone.
    assert.equal(porterStem('was'), 'wa');
    assert.deepEqual(tokenize('Was running', { stem: true }), ['was', 'run']);
  });
});
