import { strict as assert } from 'assert';
import type { PageLayout, TextLine } from '../../../src/core/pdf/layout';
import { findArxivId, guessMetadata, normalizeDoi, parseAuthorNames } from '../../../src/core/pdf/metadata';

function page1(lines: Array<[string, number, number]>, marginalia: string[] = []): PageLayout {
  const toLine = ([text, fontSize, y]: [string, number, number]): TextLine => ({ text, fontSize, y, x: 72, page: 1, paragraphBreak: false });
  return {
    page: 1,
    width: 612,
    height: 792,
    lines: lines.map(toLine),
    marginalia: marginalia.map((text) => ({ text, fontSize: 10, y: 400, x: 20, page: 1, paragraphBreak: true })),
  };
}

describe('PDF metadata guesses', () => {
  it('cleans DOIs: resolver prefix, trailing punctuation, case', () => {
    assert.equal(normalizeDoi('https://doi.org/10.1002/SPE.3169.'), '10.1002/spe.3169');
    assert.equal(normalizeDoi('(doi:10.1145/3597503.3639130)'), '10.1145/3597503.3639130');
    assert.equal(normalizeDoi('DOI 10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-O'), '10.1002/(sici)1097-4571(199806)49:8');
    assert.equal(normalizeDoi('no identifier here'), undefined);
  });

  it('finds new- and old-style arXiv ids', () => {
    assert.equal(findArxivId('arXiv:1706.03762v5 [cs.CL] 6 Dec 2017'), '1706.03762');
    assert.equal(findArxivId('see arXiv: hep-th/9901001'), 'hep-th/9901001');
    assert.equal(findArxivId('https://arxiv.org/abs/2101.01234v2'), '2101.01234');
  });

  it('splits author lines and drops affiliations, markers and e-mail lines', () => {
    assert.deepEqual(parseAuthorNames('Maren Okafor1,2, Tomasz Lindqvist∗ and Ines Dubois†'), ['Maren Okafor', 'Tomasz Lindqvist', 'Ines Dubois']);
    assert.deepEqual(parseAuthorNames('Coastal Computing Group, Example University'), []);
    assert.deepEqual(parseAuthorNames('okafor@example.org'), []);
  });

  it('prefers the largest type near the top of page 1 over a journal name in the info dictionary', () => {
    const meta = guessMetadata(
      page1([
        ['Journal of Coastal Computing 12 (2021) 1–20', 8, 760],
        ['Learning Tide Tables from', 17, 700],
        ['Harbour Sensor Logs', 17, 680],
        ['Maren Okafor and Ines Dubois', 11, 650],
        ['Abstract', 10, 600],
        ['We predict tide tables.', 10, 585],
      ]),
      10,
      { title: 'Journal of Coastal Computing', creationDate: 'D:20210101' },
    );
    assert.equal(meta.title, 'Learning Tide Tables from Harbour Sensor Logs');
    assert.equal(meta.titleSource, 'first-page');
    assert.deepEqual(meta.authors, ['Maren Okafor', 'Ines Dubois']);
    assert.equal(meta.year, 2021);
  });

  it('ignores placeholder info titles such as a file name', () => {
    const meta = guessMetadata(undefined, 10, { title: 'Microsoft Word - draft7.docx' });
    assert.equal(meta.title, undefined);
  });

  it('reads the year from the arXiv stamp in the margin', () => {
    const meta = guessMetadata(page1([['Sparse Routing for Courier Drones', 18, 700]], ['arXiv:2101.01234v2 [cs.RO] 4 Jan 2021']), 10, {});
    assert.equal(meta.arxivId, '2101.01234');
    assert.equal(meta.year, 2021);
  });
});
