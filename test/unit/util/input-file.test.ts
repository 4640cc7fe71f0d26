import { strict as assert } from 'assert';
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { InputFileError, readInputFile } from '../../../src/core/util/input-file';

describe('reading a file the user named', () => {
  let dir: string;
  before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-input-'))));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const refusal = (file: string, options?: Parameters<typeof readInputFile>[1]): string => {
    try {
      readInputFile(file, options);
    } catch (err) {
      assert.ok(err instanceof InputFileError, String(err));
      return err.message;
    }
    assert.fail(`${file} was read`);
  };

  it('reads a regular file whole', () => {
    const file = path.join(dir, 'queries.jsonl');
    fs.writeFileSync(file, '{"id":1,"text":"tide tables"}\n');
    assert.equal(readInputFile(file).toString('utf8'), '{"id":1,"text":"tide tables"}\n');
  });

  it('refuses a file over the cap before reading it, and says the cap', () => {
    const file = path.join(dir, 'big.jsonl');
    fs.writeFileSync(file, Buffer.alloc(3 * 1024 * 1024, 'x'));
    assert.match(refusal(file, { maxBytes: 1024 * 1024 }), /big\.jsonl: larger than the 1 MB CiteScribe reads from one input file/);
  });

  it('refuses /dev/zero at once instead of reading it until memory runs out', function () {
    if (process.platform !== 'linux') this.skip();
    const started = Date.now();
    assert.match(refusal('/dev/zero'), /^\/dev\/zero: not read: a device, not a file$/);
    assert.ok(Date.now() - started < 1000);
  });

  it('refuses a pseudo-file of /proc, which claims to be an empty regular file', function () {
    if (process.platform !== 'linux') this.skip();
    assert.match(refusal('/proc/self/environ'), /not read: \/proc\/\d+\/environ is a system pseudo-file/);
  });

  it('reads a pipe up to the cap and no further', function () {
    if (process.platform === 'win32') this.skip();
    const fifo = path.join(dir, 'endless.fifo');
    execFileSync('mkfifo', [fifo]);
    // A writer that would go on for 64 MB; the reader stops one byte past its 1 MB cap.
    const writer = spawn('sh', ['-c', `head -c 67108864 /dev/zero > '${fifo}'`], { stdio: 'ignore' });
    try {
      assert.match(refusal(fifo, { maxBytes: 1024 * 1024 }), /larger than the 1 MB/);
    } finally {
      writer.kill();
    }
  });

  it('says a folder or a missing path is not a file', () => {
    assert.match(refusal(dir), /is a folder, not a file/);
    assert.match(refusal(path.join(dir, 'nope.jsonl')), /nope\.jsonl: file not found/);
  });
});
