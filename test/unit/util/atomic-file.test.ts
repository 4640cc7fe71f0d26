import { strict as assert } from 'assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { writeFileAtomic, writeJsonLinesAtomic } from '../../../src/core/util/atomic-file';

describe('atomic file writes', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-atomic-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('replaces the file whole and leaves no temporary file beside it', () => {
    const file = path.join(dir, 'pred.jsonl');
    fs.writeFileSync(file, 'old\n');
    writeJsonLinesAtomic(file, [{ id: 'a' }, { id: 'b' }]);
    assert.equal(fs.readFileSync(file, 'utf8'), '{"id":"a"}\n{"id":"b"}\n');
    assert.deepEqual(fs.readdirSync(dir), ['pred.jsonl']);
  });

  it('keeps the old file when the new content cannot be encoded', () => {
    const file = path.join(dir, 'pred.jsonl');
    fs.writeFileSync(file, 'old\n');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    assert.throws(() => writeJsonLinesAtomic(file, [{ id: 'a' }, cyclic]), /circular/i);
    assert.equal(fs.readFileSync(file, 'utf8'), 'old\n');
    assert.deepEqual(fs.readdirSync(dir), ['pred.jsonl']);
  });

  it('keeps the old file and cleans up when the rename fails', () => {
    // A folder where the file should be: the rename cannot replace it, and the temp file must not be left behind.
    const target = path.join(dir, 'busy');
    fs.mkdirSync(target);
    fs.writeFileSync(path.join(target, 'inside'), 'x');
    assert.throws(() => writeFileAtomic(target, 'new'));
    assert.deepEqual(fs.readdirSync(dir), ['busy']);
    assert.equal(fs.readFileSync(path.join(target, 'inside'), 'utf8'), 'x');
  });
});
