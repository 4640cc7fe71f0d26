import { strict as assert } from 'assert';
import { citationUsage, unusedEntries } from '../../../src/core/cites/unused';

const REFS = `@article{used2020, title={Used}}
@article{unused2019, title={Never cited}}
@article{aliased2021, ids={old2021}, title={Cited by its old key}}
@proceedings{parent2018, title={Proceedings}}
@inproceedings{child2018, crossref={parent2018}, title={A paper in them}}
`;

describe('unused entries', () => {
  it('lists the entries of a named bibliography that no document of the workspace cites', () => {
    const usage = citationUsage([
      { path: '/w/main.tex', language: 'latex', text: '\\input{chapter}\n\\bibliography{refs}\n' },
      // The chapter cites into main.tex's bibliography without naming it.
      { path: '/w/chapter.tex', language: 'latex', text: 'See \\cite{used2020} and \\citep{old2021, child2018}.' },
    ]);
    const unused = unusedEntries('/w/refs.bib', REFS, usage);
    assert.deepEqual(unused.map((u) => u.key), ['unused2019']);
    assert.equal(REFS.slice(unused[0].start, unused[0].end), 'unused2019');
  });

  it('says nothing about a .bib no document names, or one cited whole by \\nocite{*}', () => {
    const named = citationUsage([{ path: '/w/main.tex', language: 'latex', text: '\\cite{used2020}\\bibliography{refs}' }]);
    assert.deepEqual(unusedEntries('/w/other.bib', REFS, named), []);
    const whole = citationUsage([{ path: '/w/main.tex', language: 'latex', text: '\\nocite{*}\\bibliography{refs}' }]);
    assert.deepEqual(unusedEntries('/w/refs.bib', REFS, whole), []);
  });

  it('reads Pandoc front matter and citations', () => {
    const usage = citationUsage([{ path: '/w/notes/paper.md', language: 'markdown', text: '---\nbibliography: ../refs.bib\n---\nAs [@used2020; @child2018] show.\n' }]);
    assert.deepEqual(unusedEntries('/w/refs.bib', REFS, usage).map((u) => u.key), ['unused2019', 'aliased2021']);
  });
});
