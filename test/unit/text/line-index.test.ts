import { strict as assert } from 'assert';
import { LineIndex } from '../../../src/core/text/line-index';

describe('line index (text/line-index)', () => {
  const text = 'ab\ncd\n\nlast';
  const lines = new LineIndex(text);

  it('puts each offset on the line it is in, 0-based, a newline on the line it ends', () => {
    // offsets: a0 b1 \n2 | c3 d4 \n5 | \n6 | l7 a8 s9 t10
    assert.deepEqual(
      [0, 1, 2, 3, 4, 5, 6, 7, 10].map((offset) => lines.lineOf(offset)),
      [0, 0, 0, 1, 1, 1, 2, 3, 3],
    );
  });

  it('gives the character within the line', () => {
    assert.deepEqual(lines.positionOf(0), { line: 0, character: 0 });
    assert.deepEqual(lines.positionOf(4), { line: 1, character: 1 });
    assert.deepEqual(lines.positionOf(6), { line: 2, character: 0 });
    assert.deepEqual(lines.positionOf(9), { line: 3, character: 2 });
  });

  it('answers lookups in any order, and the end of the text on the last line', () => {
    assert.equal(lines.lineOf(text.length), 3);
    assert.equal(lines.lineOf(3), 1);
    assert.equal(lines.lineOf(0), 0);
  });

  it('counts a CRLF line as one line ending at its \\n', () => {
    const crlf = new LineIndex('x\r\ny');
    assert.deepEqual(crlf.positionOf(3), { line: 1, character: 0 });
    assert.deepEqual(crlf.positionOf(1), { line: 0, character: 1 });
  });

  it('has one line for a text without newlines, and for the empty text', () => {
    assert.deepEqual(new LineIndex('one line').positionOf(5), { line: 0, character: 5 });
    assert.deepEqual(new LineIndex('').positionOf(0), { line: 0, character: 0 });
  });
});
