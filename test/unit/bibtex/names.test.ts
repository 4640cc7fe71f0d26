import { strict as assert } from 'assert';
import { parseName, parseNames, splitNameList } from '../../../src/core/bibtex';
import { nameParts } from '../../../src/core/bibtex/names';

const fg = (raw: string) => {
  const a = parseName(raw);
  return [a.family, a.given];
};

describe('BibTeX names', () => {
  it('"First Last" and "First Middle Last"', () => {
    assert.deepEqual(fg('Donald E. Knuth'), ['Knuth', 'Donald E.']);
    assert.deepEqual(fg('Knuth'), ['Knuth', undefined]);
  });

  it('"First von Last": the von part belongs to the family name', () => {
    assert.deepEqual(fg('Ludwig van Beethoven'), ['van Beethoven', 'Ludwig']);
    assert.deepEqual(fg('Jean de la Fontaine'), ['de la Fontaine', 'Jean']);
  });

  it('"von Last, First" and "von Last, Jr, First"', () => {
    assert.deepEqual(fg('van Beethoven, Ludwig'), ['van Beethoven', 'Ludwig']);
    assert.deepEqual(fg('King, Jr., Martin Luther'), ['King', 'Martin Luther']);
    assert.equal(parseName('King, Jr., Martin Luther').literal, 'King, Jr., Martin Luther');
  });

  it('braces protect: corporate names and braced lower-case words', () => {
    assert.deepEqual(fg('{World Health Organization}'), ['World Health Organization', undefined]);
    assert.deepEqual(fg('{van} Gogh, Vincent'), ['van Gogh', 'Vincent']);
  });

  it('decides case by the accented letter inside {\\"o}-style specials', () => {
    assert.deepEqual(fg('Ahmet {\\"O}zt{\\"u}rk'), ['Öztürk', 'Ahmet']);
    assert.deepEqual(fg('Jos{\\\'e} {\\\'a}lvarez Ruiz'), ['álvarez Ruiz', 'José']);
  });

  it('a generation after "First Last" is the Jr part, not the family name a citation prints', () => {
    assert.deepEqual(fg('Guy L. Steele III'), ['Steele', 'Guy L.']);
    assert.deepEqual(fg('John Smith Jr.'), ['Smith', 'John']);
    assert.deepEqual(nameParts('Guy L. Steele III'), { first: ['Guy', 'L.'], von: [], last: ['Steele'], jr: ['III'] });
    assert.deepEqual(nameParts('King, Jr., Martin Luther'), { first: ['Martin', 'Luther'], von: [], last: ['King'], jr: ['Jr.'] });
    assert.deepEqual(fg('Sherry, John F., Jr.'), ['Sherry', 'John F.']);
    // Two words are a person named so, as BibTeX reads them ("Henry Jr." is not a generation of nobody).
    assert.deepEqual(fg('Henry Jr.'), ['Jr.', 'Henry']);
  });

  it('"Ii" and "Iv" after a name are family names, not generations (only II, III, IV in capitals are)', () => {
    assert.deepEqual(fg('Naoki Tanaka Ii'), ['Ii', 'Naoki Tanaka']);
    assert.deepEqual(fg('Anna Maria Iv'), ['Iv', 'Anna Maria']);
    assert.deepEqual(fg('John Smith Sr.'), ['Smith', 'John']);
    assert.deepEqual(fg('Tran Van II'), ['Van', 'Tran']);
  });

  it('hyphenated given names stay whole', () => {
    assert.deepEqual(fg('Jean-Paul Sartre'), ['Sartre', 'Jean-Paul']);
  });

  it('splits lists on "and" in any case, but not inside braces or words', () => {
    assert.deepEqual(splitNameList('A and B AND C\nand D'), ['A', 'B', 'C', 'D']);
    assert.deepEqual(splitNameList('{Barnes and Noble} and Alexander Anderson'), ['{Barnes and Noble}', 'Alexander Anderson']);
  });

  it('"and others" marks the list as truncated instead of becoming an author', () => {
    const r = parseNames('Alice Smith and Bob Jones and others');
    assert.deepEqual(
      r.authors.map((a) => a.family),
      ['Smith', 'Jones'],
    );
    assert.equal(r.others, true);
  });

  it('empty or missing lists yield no authors', () => {
    assert.deepEqual(parseNames(undefined).authors, []);
    assert.deepEqual(parseNames('  ').authors, []);
  });
});
