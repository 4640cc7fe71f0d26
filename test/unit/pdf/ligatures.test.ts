import { strict as assert } from 'assert';
import { LigatureRepair } from '../../../src/core/pdf/ligatures';

const lines = (...texts: string[]) => texts.map((text) => ({ text }));

describe('lost ligatures', () => {
  const lost = lines(
    'We de ne a tide model and show its bene t for small harbours.',
    'The rst experiment identi es the gauges that di er most, with a signi cant e ect on the forecast.',
    'Speci cally, we use a ne grained grid and write x for the level in metres.',
    'The level x rises in x steps of the tide.',
  );

  it('mends words broken inside or at their start, in a document that lost them', () => {
    const repair = LigatureRepair.forDocument(lost);
    assert.ok(repair);
    assert.deepEqual(lost.map((l) => repair.repair(l.text)), [
      'We define a tide model and show its benefit for small harbours.',
      'The first experiment identifies the gauges that differ most, with a significant effect on the forecast.',
      // After the article, a word that opens with the ligature ("a fine"), not "affine".
      'Specifically, we use a fine grained grid and write x for the level in metres.',
      // "in x": two words the document writes on their own elsewhere, though "infix" is a word.
      'The level x rises in x steps of the tide.',
    ]);
  });

  it('completes a word hyphenated at the line before', () => {
    const repair = LigatureRepair.forDocument(lost)!;
    // Alone, "ti ed" would read as "tiffed".
    assert.equal(repair.repair('ti ed by its catchment', 'iden'), 'tified by its catchment');
  });

  it('leaves an ordinary paper alone, whatever its variables and abbreviations spell', () => {
    const ordinary = lines(
      'The first experiment identifies the gauges with a significant effect on the forecast.',
      'We write e for the error of x and in x steps the co occurrence of e s and o set counts.',
    );
    assert.equal(LigatureRepair.forDocument(ordinary), undefined);
  });
});
