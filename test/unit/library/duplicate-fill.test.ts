import { strict as assert } from 'assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { indexLibrary } from '../../../src/core/library/indexer';
import { openLibraryStore, type LibraryStore } from '../../../src/core/library/store';
import { DefaultEngine } from '../../../src/core/engines';

// Two .bib files of one project define the same keys, as a paper's own .bib and a shared group bibliography do. The
// first by path ("a-paper.bib") is the copy used; the other has what it lacks.
const PAPER_BIB = `
@article{tide2019,
  author = {Quay, Ann and Pier, Bo},
  title = {Harbour Tides from Buoy Logs},
  journal = {Coastal Notes},
  year = 2019,
}
@article{reused2020,
  author = {Roe, Tam},
  title = {Sourdough Acidity},
  year = 2020,
}
@article{complete2018,
  author = {Level, Cy},
  title = {Tide Gauge Datum Checks},
  year = 2018,
  abstract = {We check harbour tide gauges against the harbour datum with a levelling survey.},
}
`;
const GROUP_BIB = `
@article{tide2019,
  author = {Quay, A. and Pier, B.},
  title = {Harbour tides from {B}uoy logs.},
  journal = {Coastal Notes},
  year = 2019,
  doi = {10.9999/tides.2019.7},
  abstract = {We predict harbour tides from the logs of three buoys with a small recurrent network.},
}
@article{reused2020,
  author = {Roe, Tam},
  title = {Crust Colour of Rye Bread},
  year = 2020,
  abstract = {We relate the crust colour of rye bread to its oven temperature.},
}
@article{complete2018,
  author = {Level, Cy},
  title = {Tide Gauge Datum Checks},
  year = 2018,
  abstract = {A different wording of the same abstract.},
  doi = {10.9999/datum.2018.1},
}
`;

describe('a key defined in two .bib files', () => {
  let dir: string;
  let store: LibraryStore;
  const paperBib = () => path.join(dir, 'a-paper.bib');
  const groupBib = () => path.join(dir, 'b-group.bib');

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-dupfill-'));
    fs.writeFileSync(paperBib(), PAPER_BIB);
    fs.writeFileSync(groupBib(), GROUP_BIB);
    store = openLibraryStore(':memory:', 'index');
    await indexLibrary({ store, bibPaths: [dir], pdfPaths: [] });
  });
  afterEach(() => {
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the first copy and fills its missing abstract and DOI from a later copy of the same work, saying where from', () => {
    const paper = store.getPaper('tide2019')!;
    assert.equal(paper.bibFile, paperBib(), 'the first copy by path is the one used, as BibTeX would');
    assert.equal(paper.title, 'Harbour Tides from Buoy Logs');
    assert.equal(paper.abstract, 'We predict harbour tides from the logs of three buoys with a small recurrent network.');
    assert.equal(paper.doi, '10.9999/tides.2019.7');
    assert.deepEqual(paper.filledFrom, [{ fields: ['abstract', 'doi'], file: groupBib(), line: 2 }]);
  });

  it('says so on the duplicate-key warning of the copy that filled it', () => {
    const warning = store.errors().find((e) => e.file === groupBib() && e.line === 2)!;
    assert.equal(warning.message, "duplicate key 'tide2019' (also defined in a-paper.bib on line 2, which is used; its abstract and DOI fill what that entry lacks)");
  });

  it('takes nothing from a copy with another title (a reused key is another work)', () => {
    const paper = store.getPaper('reused2020')!;
    assert.equal(paper.title, 'Sourdough Acidity');
    assert.equal(paper.abstract, undefined);
    assert.equal(paper.filledFrom, undefined);
    const warning = store.errors().find((e) => e.file === groupBib() && /reused2020/.test(e.message))!;
    assert.match(warning.message, /this entry is ignored\)$/);
  });

  it('never replaces what the first copy has: only a missing field is filled', () => {
    const paper = store.getPaper('complete2018')!;
    assert.equal(paper.abstract, 'We check harbour tide gauges against the harbour datum with a levelling survey.');
    assert.equal(paper.doi, '10.9999/datum.2018.1');
    assert.deepEqual(paper.filledFrom, [{ fields: ['doi'], file: groupBib(), line: 16 }]);
    const warning = store.errors().find((e) => e.file === groupBib() && /complete2018/.test(e.message))!;
    assert.match(warning.message, /; its DOI fills what that entry lacks\)$/);
  });

  it('writes the citation from the filled abstract, not from the title alone', async () => {
    const sentence = await new DefaultEngine().citationSentence({ key: 'tide2019', style: 'citation' }, store);
    assert.match(sentence.text, /^Quay and Pier \\cite\{tide2019\} predicted harbour tides from the logs of three buoys/, sentence.text);
  });
});
