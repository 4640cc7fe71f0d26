import { strict as assert } from 'assert';
import { closestKeys, editDistance } from '../../../src/core/cites/closest-keys';

describe('closest keys for an undefined one', () => {
  const library = ['zhu2017unpaired', 'isola2017image', 'huang2018munit', 'liu2017unit', 'goodfellow2014generative', 'zhu2020sean'];

  it('finds a typo first, then a key with the same author and year', () => {
    assert.deepEqual(closestKeys('zhu2017unpiared', library), ['zhu2017unpaired']);
    assert.deepEqual(closestKeys('zhu2017cyclegan', library), ['zhu2017unpaired']);
    assert.deepEqual(closestKeys('Huang2018MUNIT', library), ['huang2018munit']);
  });

  it('suggests nothing for a key unlike any in the library', () => {
    assert.deepEqual(closestKeys('vaswani2017attention', library), []);
  });

  it('counts a swap of two letters as one edit', () => {
    assert.equal(editDistance('unpiared', 'unpaired'), 1);
    assert.equal(editDistance('kitten', 'sitting'), 3);
    assert.equal(editDistance('abc', 'abcdefgh', 2), 3, 'stops early past the limit');
  });
});
