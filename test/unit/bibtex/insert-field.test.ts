import { strict as assert } from 'node:assert';
import { bibtexValue, fieldInsertion } from '../../../src/core/bibtex/insert-field';
import { parseBibtex } from '../../../src/core/bibtex';

function apply(text: string, line: number, value: string): string {
  const edit = fieldInsertion(text, line, 'abstract', value)!;
  return text.slice(0, edit.offset) + edit.text + text.slice(edit.offset);
}

describe('adding a field to a .bib entry', function () {
  it('adds the field after the last one, indented like the others, and the entry still parses with it', function () {
    const bib = '@string{acl = {ACL}}\n\n@article{a,\n    title = {One},\n    year = 2020\n}\n\n@article{b, title = {Two},}\n';
    const once = apply(bib, 3, 'We study 50% of cases & more_things {with braces}.');
    assert.match(once, /year = 2020,\n {4}abstract = \{We study 50\\% of cases \\& more\\_things \{with braces\}\.\}\n\}/);
    const twice = apply(once, 9, 'Second.');
    assert.match(twice, /@article\{b, title = \{Two\},\n {2}abstract = \{Second\.\},\}/);
    const parsed = parseBibtex(twice);
    assert.deepEqual(parsed.errors, []);
    assert.equal(parsed.entries.find((e) => e.key === 'a')!.abstract, 'We study 50% of cases & more_things with braces.');
    assert.equal(parsed.entries.find((e) => e.key === 'b')!.abstract, 'Second.');
  });

  it('handles parenthesised entries and refuses a line with no entry or an entry that never closes', function () {
    assert.match(apply('@misc(k,\n  title = {T (draft)}\n)\n', 1, 'X y.'), /title = \{T \(draft\)\},\n {2}abstract = \{X y\.\}\n\)/);
    assert.equal(fieldInsertion('no entry here\n', 1, 'abstract', 'x'), undefined);
    assert.equal(fieldInsertion('@article{k,\n  title = {never closed\n', 1, 'abstract', 'x'), undefined);
  });

  it('keeps a value balanced whatever braces the text has', function () {
    assert.equal(bibtexValue('a } b { c'), 'a  b { c}');
    assert.equal(bibtexValue('cost $5 #1'), 'cost \\$5 \\#1');
  });
});
