import { strict as assert } from 'assert';
import { applyEdit, swapCitedKey } from '../../../src/core/cites/swap';
import { paragraphGroups } from '../../../src/core/cites/paragraphs';
import { parseCitations, type CiteLanguage } from '../../../src/core/cites';

/** The document after "Cite `better` instead of `cited`" on the occurrence of `cited` after `marker`. */
function swapped(text: string, language: CiteLanguage, marker: string, cited: string, better: string): string | undefined {
  const keyStart = text.indexOf(cited, text.indexOf(marker));
  const edit = swapCitedKey(text, language, keyStart, cited, better);
  return edit && applyEdit(text, edit);
}

describe('swapping a cited key for the work the sentence describes', () => {
  it('replaces the key alone in a LaTeX list, keeping the other keys, the options and the spacing', () => {
    assert.equal(swapped('Cycles \\citep[see][p.~3]{kim, zhu2017}.', 'latex', 'citep', 'zhu2017', 'huang2018'), 'Cycles \\citep[see][p.~3]{kim, huang2018}.');
    assert.equal(swapped('A \\cite{zhu2017,kim}.', 'latex', 'cite', 'zhu2017', 'huang2018'), 'A \\cite{huang2018,kim}.');
  });

  it('replaces the occurrence it was asked about, not an earlier citation of the same key', () => {
    const text = 'First \\cite{zhu2017}. Second \\cite{zhu2017}.';
    assert.equal(swapped(text, 'latex', 'Second', 'zhu2017', 'huang2018'), 'First \\cite{zhu2017}. Second \\cite{huang2018}.');
  });

  it('drops the key with its separator when the citation already names the better work', () => {
    assert.equal(swapped('A \\cite{zhu2017, huang2018}.', 'latex', 'cite', 'zhu2017', 'huang2018'), 'A \\cite{huang2018}.');
    assert.equal(swapped('A \\cite{huang2018, zhu2017}.', 'latex', 'cite', 'zhu2017', 'huang2018'), 'A \\cite{huang2018}.');
    assert.equal(swapped('A \\cites{zhu2017}{huang2018}.', 'latex', 'cites', 'zhu2017', 'huang2018'), 'A \\cites{huang2018}.');
  });

  it('drops a multicite key with its own locators, so that the other key keeps its own', () => {
    assert.equal(swapped('A \\cites[p.~2]{huang2018}[p.~3]{zhu2017}.', 'latex', 'cites', 'zhu2017', 'huang2018'), 'A \\cites[p.~2]{huang2018}.');
    assert.equal(swapped('A \\cites[p.~2]{zhu2017}[p.~3]{huang2018}.', 'latex', 'cites', 'zhu2017', 'huang2018'), 'A \\cites[p.~3]{huang2018}.');
    assert.equal(swapped('A \\footcites(see)(more)[see][p.~2]{zhu2017}[p.~3]{huang2018}.', 'latex', 'cites', 'zhu2017', 'huang2018'), 'A \\footcites(see)(more)[p.~3]{huang2018}.');
    // A group of several keys in a multicite loses the key only, with its comma.
    assert.equal(swapped('A \\cites[p.~2]{kim,zhu2017}[p.~3]{huang2018}.', 'latex', 'cites', 'zhu2017', 'huang2018'), 'A \\cites[p.~2]{kim}[p.~3]{huang2018}.');
  });

  it('swaps Pandoc keys: bracketed, in-text, braced, and writes braces where a key needs them', () => {
    assert.equal(swapped('Cycles [see @kim; @zhu2017, p. 3].', 'markdown', 'Cycles', 'zhu2017', 'huang2018'), 'Cycles [see @kim; @huang2018, p. 3].');
    assert.equal(swapped('As @zhu2017 [p. 3] shows.', 'markdown', 'As', 'zhu2017', 'huang2018'), 'As @huang2018 [p. 3] shows.');
    assert.equal(swapped('See [@{zhu:2017.}].', 'markdown', 'See', 'zhu:2017.', 'huang2018'), 'See [@{huang2018}].');
    assert.equal(swapped('See [-@zhu2017].', 'markdown', 'See', 'zhu2017', 'huang:2018.'), 'See [-@{huang:2018.}].');
  });

  it('drops a Pandoc item whole (prefix and locator) when the bracket already cites the better work', () => {
    assert.equal(swapped('A [see @zhu2017, p. 3; @huang2018].', 'markdown', 'A', 'zhu2017', 'huang2018'), 'A [@huang2018].');
    assert.equal(swapped('A [@huang2018; @zhu2017, p. 3].', 'markdown', 'A', 'zhu2017', 'huang2018'), 'A [@huang2018].');
  });

  it('makes no edit when the key is no longer where it was checked, or names the same work', () => {
    assert.equal(swapCitedKey('A \\cite{kim}.', 'latex', 8, 'zhu2017', 'huang2018'), undefined);
    assert.equal(swapCitedKey('A \\cite{zhu2017}.', 'latex', 8, 'zhu2017', 'zhu2017'), undefined);
    assert.equal(swapCitedKey('A zhu2017 \\cite{kim}.', 'latex', 2, 'zhu2017', 'huang2018'), undefined);
  });
});

describe('the keys a citation\'s paragraph cites', () => {
  const groups = (text: string, language: CiteLanguage) => paragraphGroups(text, language, parseCitations(text, language));

  it('groups the keys of each paragraph, split by blank lines, in order of first appearance', () => {
    const tex = 'A \\cite{a}. B \\cite{b, a}.\n  \nC \\cite{c}.\n% a comment line does not end a paragraph\nD \\cite{d}.';
    assert.deepEqual(groups(tex, 'latex'), [['a', 'b'], ['a', 'b'], ['c', 'd'], ['c', 'd']]);
  });

  it('ends a LaTeX paragraph at \\par, and a Markdown one at a blank line only', () => {
    assert.deepEqual(groups('A \\cite{a}.\\par B \\cite{b}. \\parbox C \\cite{c}.', 'latex'), [['a'], ['b', 'c'], ['b', 'c']]);
    assert.deepEqual(groups('A [@a].\nB [@b].\n\nC @c.', 'markdown'), [['a', 'b'], ['a', 'b'], ['c']]);
  });
});
