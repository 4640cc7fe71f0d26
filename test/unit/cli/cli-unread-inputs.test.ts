// Paths named on the command line that are not read: each is a warning, the exit status says when none could be
// read, and input files are read with a size cap (`--queries /dev/zero` read 3 GB before it was killed).
import { strict as assert } from 'assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../../src/cli/main';
import { captureCli } from '../../support/cli-capture';

const BIB = `@article{ada2020,
  author = {Lovelace, Ada},
  title = {Analytical Engines for Sparse Gadgets},
  journal = {J. Gadgets}, year = 2020,
  abstract = {We propose an analytical engine that computes sparse gadgets in linear time.},
}
`;

describe('CLI paths that cannot be read', function () {
  this.timeout(60_000);
  let dir: string;
  let bib: string;
  let fifo: string;
  before(function () {
    if (process.platform !== 'linux') this.skip();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-unread-'));
    bib = path.join(dir, 'refs.bib');
    fs.writeFileSync(bib, BIB);
    fifo = path.join(dir, 'paper.pdf');
    execFileSync('mkfifo', [fifo]);
  });
  after(() => dir && fs.rmSync(dir, { recursive: true, force: true }));

  const index = async (...args: string[]) => {
    const io = captureCli();
    const code = await main(['index', '--db', path.join(dir, 'library.db'), ...args, '--json'], io);
    return { code, stderr: io.stderr.join('\n'), result: JSON.parse(io.stdout.join('\n')) as { bibFiles: number; entries: number; errors: Array<{ file: string; message: string }> } };
  };

  it('index --bib /proc/self/environ: a warning naming it, nothing read, exit 1', async () => {
    const { code, stderr, result } = await index('--bib', '/proc/self/environ');
    assert.equal(code, 1);
    assert.match(stderr, /warning: \/proc\/self\/environ: not read: .* is a system pseudo-file/);
    assert.match(stderr, /none of the 1 path\(s\) given could be read/);
    assert.equal(result.entries, 0);
    assert.ok(result.errors.some((e) => e.file === '/proc/self/environ'), JSON.stringify(result.errors));
  });

  it('index --pdf FIFO --pdf /dev/zero beside a good .bib: a warning for each, the .bib indexed, exit 0', async () => {
    const { code, stderr, result } = await index('--bib', bib, '--pdf', fifo, '--pdf', '/dev/zero');
    assert.equal(code, 0, stderr);
    assert.match(stderr, /warning: .*paper\.pdf: not read: a FIFO \(named pipe\), not a file/);
    assert.match(stderr, /warning: \/dev\/zero: not read: a device, not a file/);
    assert.equal(result.entries, 1);
  });

  it('index --pdf FIFO --pdf /dev/zero alone: exit 1', async () => {
    const { code, stderr } = await index('--pdf', fifo, '--pdf', '/dev/zero');
    assert.equal(code, 1);
    assert.match(stderr, /none of the 2 path\(s\) given could be read/);
  });

  it('suggest --queries /dev/zero fails at once with the reason, and so do the other commands\' input files', async () => {
    const db = path.join(dir, 'library.db');
    assert.equal((await index('--bib', bib)).code, 0);
    const started = Date.now();
    for (const argv of [
      ['suggest', '--db', db, '--queries', '/dev/zero', '--json'],
      ['check', '--db', db, '--pairs', '/dev/zero'],
      ['check', '--db', db, '--tex', '/proc/self/environ'],
      ['draft', '--db', db, '--tex', '/dev/zero'],
      ['score', '--pairs', '/dev/zero'],
      ['eval', 'citation', '--data', '/dev/zero', '--out', path.join(dir, 'out.jsonl')],
    ]) {
      const io = captureCli();
      assert.equal(await main(argv, io), 1, `${argv.join(' ')}: ${io.stderr.join('\n')}`);
      assert.match(io.stderr.join('\n'), /(\/dev\/zero: not read: a device, not a file|environ is a system pseudo-file)/, argv.join(' '));
    }
    assert.ok(Date.now() - started < 5000, `took ${Date.now() - started} ms`);
  });
});
