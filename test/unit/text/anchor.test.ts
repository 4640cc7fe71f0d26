import { strict as assert } from 'assert';
import { anchorAt, findAnchor } from '../../../src/core/text/anchor';

const DOC = [
  '\\section{Introduction}',
  'We translate images between domains without pairs \\cite{zhu2017unpaired}.',
  '',
  '\\section{Related Work}',
  'Placeholder paragraph to be replaced by the generated draft.',
  '',
  '\\section{Method}',
  'Our method uses a cycle loss.',
].join('\n');

describe('finding an insertion point again after the document changed', () => {
  const start = DOC.indexOf('Placeholder');
  const end = DOC.indexOf('draft.') + 'draft.'.length;
  const anchor = anchorAt(DOC, start, end);

  it('keeps the range when nothing changed', () => {
    assert.deepEqual(findAnchor(DOC, anchor), { start, end });
  });

  it('follows the selection when the author typed above it', () => {
    const edited = DOC.replace('\\section{Introduction}', '\\section{Introduction}\nA new first paragraph, typed while the draft was written.');
    const found = findAnchor(edited, anchor)!;
    assert.equal(edited.slice(found.start, found.end), 'Placeholder paragraph to be replaced by the generated draft.');
  });

  it('refuses when the selected text was changed or deleted', () => {
    assert.equal(findAnchor(DOC.replace('Placeholder paragraph', 'My own paragraph'), anchor), undefined);
    assert.equal(findAnchor(DOC.replace('Placeholder paragraph to be replaced by the generated draft.\n', ''), anchor), undefined);
  });

  it('finds a cursor again by the text around it, and refuses when that is gone', () => {
    const line = DOC.indexOf('\\section{Method}');
    const cursor = anchorAt(DOC, line, line);
    const edited = 'Abstract typed later.\n' + DOC;
    const found = findAnchor(edited, cursor)!;
    assert.ok(edited.slice(found.start).startsWith('\\section{Method}'));
    assert.equal(findAnchor('A different document altogether, shorter.', cursor), undefined);
  });

  it('finds the end of a citing line after the lines above it changed (CodeLens insert)', () => {
    const lineEnd = DOC.indexOf('\n', DOC.indexOf('zhu2017unpaired'));
    const at = anchorAt(DOC, lineEnd, lineEnd);
    const shorter = DOC.replace('\\section{Introduction}\n', '');
    const found = findAnchor(shorter, at)!;
    assert.ok(shorter.slice(0, found.start).endsWith('\\cite{zhu2017unpaired}.'));
  });
});
