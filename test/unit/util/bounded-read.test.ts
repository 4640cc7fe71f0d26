// The one reader of network replies: lines split across chunks (a multi-byte character included), the caps, and a
// stream that never ends — each limit reported as the cut it is.
import { strict as assert } from 'node:assert';
import { limitsFor, readReplyBytes, readReplyLines, REPLY_LIMITS } from '../../../src/core/util/bounded-read';

/** A body of these chunks, then its end (or, with `endless`, nothing more: a server that went quiet). */
function body(chunks: string[], endless = false): { stream: ReadableStream<Uint8Array>; cancelled: () => boolean } {
  let cancelled = false;
  const bytes = chunks.map((c) => new TextEncoder().encode(c));
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = bytes.shift();
      if (next) controller.enqueue(next);
      else if (!endless) controller.close();
      else return new Promise(() => undefined);
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, cancelled: () => cancelled };
}

describe('bounded reads of network replies', function () {
  it('gives lines split across chunks whole, CRLF or LF, the last one without its newline too', async () => {
    // "é" is two bytes in UTF-8: split between two chunks here.
    const bytes = Buffer.from('caf\u00e9 one\r\ntwo\nthree');
    const split = bytes.indexOf(0xa9);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const c of [bytes.subarray(0, split), bytes.subarray(split)]) controller.enqueue(c);
        controller.close();
      },
    });
    const lines: string[] = [];
    const read = await readReplyLines(stream, limitsFor('chat-stream'), (l) => void lines.push(l));
    assert.deepEqual(lines, ['caf\u00e9 one', 'two', 'three']);
    assert.deepEqual(read, { stopped: false });
  });

  it('stops where the caller says, and closes the stream', async () => {
    const b = body(['a\nb\nc\n', 'd\n'], true);
    const lines: string[] = [];
    const read = await readReplyLines(b.stream, limitsFor('chat-stream'), (l) => (lines.push(l), l === 'b'));
    assert.deepEqual(lines, ['a', 'b']);
    assert.equal(read.stopped, true);
    assert.ok(b.cancelled());
  });

  it('cuts at the byte cap, at the line cap, and says which', async () => {
    const small = limitsFor('metadata-record', { maxBytes: 10, maxLineBytes: 4 });
    const bytes = await readReplyBytes(body(['0123456789', 'abc']).stream, small);
    assert.equal(bytes.cut, 'bytes');
    assert.equal(bytes.bytes.toString(), '0123456789');
    const lines: string[] = [];
    const long = await readReplyLines(body(['ab\nabcdefgh']).stream, small, (l) => void lines.push(l));
    assert.equal(long.cut, 'line');
    assert.deepEqual(lines, ['ab']);
    assert.equal((await readReplyBytes(body(['x']).stream, small, { declaredBytes: 500 })).cut, 'bytes', 'a declared length over the cap is refused unread');
  });

  it('tells silence from the deadline', async () => {
    const quiet = await readReplyBytes(body(['{"a":'], true).stream, limitsFor('model-list', { silenceMs: 50, deadlineMs: 10_000 }));
    assert.equal(quiet.cut, 'silence');
    const late = await readReplyBytes(body(['{"a":'], true).stream, limitsFor('model-list', { silenceMs: 10_000, deadlineMs: 50 }));
    assert.equal(late.cut, 'deadline');
  });

  it('declares the limits of each purpose once', () => {
    assert.equal(REPLY_LIMITS['embedding-batch'].maxBytes, 32 * 1024 * 1024);
    assert.equal(REPLY_LIMITS['model-list'].maxItems, 1000);
    assert.equal(limitsFor('pdf', { silenceMs: undefined }).silenceMs, REPLY_LIMITS.pdf.silenceMs, 'an undefined override keeps the default');
  });
});
