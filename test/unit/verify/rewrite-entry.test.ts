// The quick fix's text: an entry rewritten from a record keeps the file's way of writing BibTeX. The entries are
// made up for these tests.
import { strict as assert } from 'node:assert';
import { parseBibtex } from '../../../src/core/bibtex';
import { changesFromVerdict, entrySpanAt, entrySpansOfKeys, familyFirst, latexEscaped, rewriteEntryText } from '../../../src/core/verify/rewrite-entry';
import type { EntryVerdict } from '../../../src/core/verify/types';

const ALIGNED = `@article{novak2011harbour,
  author  = {Novak, P.},
  title   = {{Harbour Noise and Gull Calls}},
  journal = "Coastal Acoustics",
  year    = 2011,
  pages   = {1--9}
}`;

const verdict = (over: Partial<EntryVerdict>): EntryVerdict => ({
  key: 'k',
  verdict: 'mismatch',
  fields: [],
  source: 'crossref',
  evidence: '',
  notes: [],
  unchecked: [],
  record: { title: 'Harbour Noise and Gull Calls', authors: ['Petra Novak', 'Hanna Schütze'], year: 2015, venue: 'Coastal Acoustics & Noise', doi: '10.5555/gulls.3', url: 'http://x' },
  ...over,
});

describe('verify: rewriting an entry from a record', () => {
  it('replaces only the differing fields, in place: order, braces, quotes and a bare year kept', () => {
    const out = rewriteEntryText(ALIGNED, [
      { name: 'year', value: '2015' },
      { name: 'journal', value: 'Coastal Acoustics Letters' },
      { name: 'title', value: 'Harbour Noise and the Calls of Gulls' },
    ]);
    assert.equal(
      out,
      `@article{novak2011harbour,
  author  = {Novak, P.},
  title   = {{Harbour Noise and the Calls of Gulls}},
  journal = "Coastal Acoustics Letters",
  year    = 2015,
  pages   = {1--9}
}`,
    );
  });

  it('writes accents in LaTeX and escapes TeX specials in an ASCII file, names family first when the entry does', () => {
    const changes = changesFromVerdict(verdict({ fields: [{ field: 'authors', ours: 'Novak', theirs: 'Novak, Schütze', why: '' }, { field: 'venue', ours: 'x', theirs: 'y', why: '' }] }), { venueField: 'journal' });
    const out = rewriteEntryText(ALIGNED, changes);
    assert.match(out, /author {2}= \{Novak, Petra and Sch\{\\"u\}tze, Hanna\},/);
    assert.match(out, /journal = "Coastal Acoustics \\& Noise",/);
    const parsed = parseBibtex(out).entries[0];
    assert.equal(parsed.fields.journal, 'Coastal Acoustics \\& Noise');
    assert.deepEqual(parsed.creators.map((c) => c.family), ['Novak', 'Schütze']);
  });

  it('keeps Unicode in a file that already writes Unicode', () => {
    const entry = '@article{k, author = {Østby, Lars}, title = {Old}}';
    assert.equal(rewriteEntryText(entry, [{ name: 'author', value: 'Lars Østby and Hanna Schütze' }]), '@article{k, author = {Østby, Lars and Schütze, Hanna}, title = {Old}}');
  });

  it('adds a field the entry lacks after its last one, aligned like it, keeping a trailing comma', () => {
    const entry = '@article{k,\n  title   = {T},\n  year    = {2015},\n}';
    assert.equal(rewriteEntryText(entry, [{ name: 'doi', value: '10.5555/x_1' }]), '@article{k,\n  title   = {T},\n  year    = {2015},\n  doi     = {10.5555/x\\_1},\n}');
  });

  it('replaces a macro or a concatenation with a braced value', () => {
    const entry = '@inproceedings{k, booktitle = cvpr # " 2017", year = {2017}}';
    assert.equal(rewriteEntryText(entry, [{ name: 'booktitle', value: 'Computer Vision and Pattern Recognition' }]), '@inproceedings{k, booktitle = {Computer Vision and Pattern Recognition}, year = {2017}}');
  });

  it('offers no change from the record of another work (a DOI pointing elsewhere)', () => {
    const other = verdict({ fields: [{ field: 'doi', ours: '10.5555/gulls.3', theirs: 'Harbour Noise and Gull Calls', why: 'DOI 10.5555/gulls.3 is the identifier of another work' }] });
    assert.deepEqual(changesFromVerdict(other), []);
    assert.deepEqual(changesFromVerdict(verdict({ verdict: 'not-found' })), []);
    assert.deepEqual(changesFromVerdict(verdict({ fields: [{ field: 'year', ours: '2011', theirs: '2015', why: '' }] })), [{ name: 'year', value: '2015' }]);
  });

  it('finds the entry on its header line, past braces and quotes in its values', () => {
    const text = `% refs\n@string{x = "y"}\n\n${ALIGNED}\n@misc{next, title = "A {"}quoted{"} word, {braced}"}\n`;
    const span = entrySpanAt(text, 4)!;
    assert.equal(text.slice(span.start, span.end), ALIGNED);
    assert.equal(span.key, 'novak2011harbour');
    assert.equal(text.slice(span.keyStart, span.keyStart + span.key.length), 'novak2011harbour');
    const next = entrySpanAt(text, 11)!;
    assert.equal(text.slice(next.start, next.end), '@misc{next, title = "A {"}quoted{"} word, {braced}"}');
    assert.equal(entrySpanAt(text, 5), undefined);
  });

  it('finds many keys\' entries in one pass over a large file, each by its own key (not a key it begins)', () => {
    const entries = Array.from({ length: 3000 }, (_, i) => `@article{work${i},\n  title = {Work {${i}}},\n  year = ${2000 + (i % 20)}\n}`);
    const text = entries.join('\n\n');
    const spans = entrySpansOfKeys(text, new Set(['work1', 'work2999', 'work10', 'absent']));
    assert.deepEqual([...spans.keys()].sort(), ['work1', 'work10', 'work2999']);
    assert.equal(text.slice(spans.get('work1')!.start, spans.get('work1')!.end), entries[1]);
    assert.equal(text.slice(spans.get('work2999')!.start, spans.get('work2999')!.end), entries[2999]);
  });

  it('turns display names around and accents into LaTeX', () => {
    assert.equal(familyFirst('Jan van der Berg'), 'van der Berg, Jan');
    assert.equal(familyFirst('Plato'), 'Plato');
    // A generation suffix is BibTeX's third part, never the family name a citation would print.
    assert.equal(familyFirst('Guy L. Steele III'), 'Steele, III, Guy L.');
    assert.equal(familyFirst('John Smith Jr.'), 'Smith, Jr., John');
    // Split as BibTeX splits, so the rewritten name reads back as the same person.
    assert.equal(familyFirst('Vincent van Gogh'), 'van Gogh, Vincent');
    assert.equal(familyFirst('van Gogh'), 'van Gogh');
    assert.equal(familyFirst('Ludwig van Beethoven Smith'), 'van Beethoven Smith, Ludwig');
    assert.equal(latexEscaped('Gödel, Ørsted & Dvořák 50%'), 'G{\\"o}del, {\\O}rsted \\& Dvo{\\v{r}}{\\\'a}k 50\\%');
  });
});
