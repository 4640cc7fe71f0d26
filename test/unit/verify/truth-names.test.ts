import { strict as assert } from 'assert';
import { splitPeople } from '../../../src/core/verify/benchmark/truth';

// The benchmark's "service record" people come from a .bib author field; they must be the people BibTeX reads there,
// or the stand-in services print a family name no real service would (e.g. "Society" for a braced committee).
describe('eval verify-references: the true records\' people', () => {
  it('splits names as BibTeX does: corporate names, Jr parts, particles, "and others"', () => {
    const { people, others } = splitPeople('{IEEE Computer Society} and King, Jr., Martin Luther and Jan van der Berg and Guy L. Steele III and Sherry, John F., Jr. and others');
    assert.deepEqual(people, [
      { family: 'IEEE Computer Society', given: '' },
      { family: 'King', given: 'Martin Luther' },
      { family: 'van der Berg', given: 'Jan' },
      { family: 'Steele', given: 'Guy L.' },
      { family: 'Sherry', given: 'John F.' },
    ]);
    assert.equal(others, true);
  });

  it('writes accents as the publisher does', () => {
    assert.deepEqual(splitPeople('G{\\"o}del, Kurt').people, [{ family: 'Gödel', given: 'Kurt' }]);
  });
});
