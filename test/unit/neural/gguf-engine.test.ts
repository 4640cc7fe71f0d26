// The gguf engine through the CLI, on a tiny random-weight GGUF written by scripts/make-tiny-gguf.mjs (no download),
// on the CPU. node-llama-cpp is optional: without it these tests say so and skip.
import { strict as assert } from 'assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../../src/cli/main';
import { ggufEmbedder, isGgufFile } from '../../../src/core/neural/gguf-engine';

const root = path.resolve(__dirname, '../../..');

function installed(): boolean {
  try {
    require.resolve('node-llama-cpp');
    return true;
  } catch {
    return false;
  }
}

describe('neural: gguf engine (node-llama-cpp, a tiny generated GGUF)', function () {
  this.timeout(60_000);
  let dir: string;
  let db: string;
  let blob: string;
  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    return { out: (l: string) => void out.push(l), err: (l: string) => void err.push(l), packageRoot: root, lines: { out, err } };
  };

  before(async function () {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-gguf-'));
    // Named like a blob of an Ollama models folder: no extension, the bytes say it is GGUF.
    blob = path.join(dir, 'blobs', 'sha256-6a0746a1ec1aef3e7ec53868f220ff6e389f6f8ef87a01d77c96807de94ca2aa');
    const made = spawnSync(process.execPath, [path.join(root, 'scripts', 'make-tiny-gguf.mjs'), blob], { encoding: 'utf8' });
    assert.equal(made.status, 0, made.stderr);
    fs.writeFileSync(
      path.join(dir, 'refs.bib'),
      '@article{doe2020, author={Doe, Jane and Roe, Rick}, title={A Tiny Method for Counting Leaves}, year=2020, abstract={We propose a tiny method for counting leaves. It runs on a phone.}}\n' +
        '@article{lee2021, author={Lee, Min}, title={Bees and Their Hives}, year=2021, abstract={We log the temperature of forty hives through a winter.}}\n',
    );
    db = path.join(dir, 'lib.db');
    assert.equal(await main(['index', '--db', db, '--bib', path.join(dir, 'refs.bib')], io()), 0);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('knows a GGUF file by its bytes, whatever its name', () => {
    assert.equal(isGgufFile(blob), true);
    assert.equal(isGgufFile(path.join(dir, 'refs.bib')), false);
  });

  it('writes a checked citation sentence and a draft through the CLI on the CPU', async function () {
    if (!installed()) {
      console.log('      (node-llama-cpp is not installed: the gguf engine is optional; skipped)');
      this.skip();
    }
    const cite = io();
    assert.equal(await main(['cite', 'doe2020', '--db', db, '--engine', 'gguf', '--model', blob, '--device', 'cpu'], cite), 0, cite.lines.err.join('\n'));
    // A random-weight model writes nonsense: what is checked is that it ran and that only the requested key is cited.
    const sentence = cite.lines.out[0];
    assert.match(sentence, /\\cite\{doe2020\}/);
    assert.deepEqual([...sentence.matchAll(/\\cite\{([^}]*)\}/g)].map((m) => m[1]), ['doe2020']);
    const draft = io();
    assert.equal(await main(['draft', '--db', db, '--keys', 'doe2020,lee2021', '--engine', 'gguf', '--model', blob, '--device', 'cpu', '--json'], draft), 0, draft.lines.err.join('\n'));
    const parsed = JSON.parse(draft.lines.out.join('')) as { citedKeys: string[]; engine: string };
    assert.deepEqual(parsed.citedKeys.sort(), ['doe2020', 'lee2021']);
    assert.equal(parsed.engine, 'gguf');
  });

  it('embeds with a GGUF file for draft planning (unit vectors, one per text)', async function () {
    if (!installed()) this.skip();
    const embed = ggufEmbedder(blob, { device: 'cpu' });
    try {
      const vectors = await embed(['We count leaves.', 'Bees in winter.']);
      assert.equal(vectors.length, 2);
      for (const v of vectors) assert.ok(Math.abs(Math.hypot(...v) - 1) < 1e-6 && v.length === 16);
    } finally {
      await embed.dispose();
    }
    const draft = io();
    assert.equal(await main(['draft', '--db', db, '--keys', 'doe2020,lee2021', '--embeddings', blob, '--device', 'cpu'], draft), 0, draft.lines.err.join('\n'));
  });

  it('says what is wrong with the model file before loading anything', async () => {
    const missing = io();
    assert.equal(await main(['cite', 'doe2020', '--db', db, '--engine', 'gguf', '--model', path.join(dir, 'nope.gguf')], missing), 1);
    assert.match(missing.lines.err.join('\n'), /nope\.gguf does not exist/);
    const notGguf = io();
    assert.equal(await main(['cite', 'doe2020', '--db', db, '--engine', 'gguf', '--model', path.join(dir, 'refs.bib')], notGguf), 1);
    assert.match(notGguf.lines.err.join('\n'), /is not a GGUF file/);
    const noModel = io();
    assert.equal(await main(['cite', 'doe2020', '--db', db, '--engine', 'gguf'], noModel), 2);
    assert.match(noModel.lines.err.join('\n'), /--engine gguf needs --model FILE/);
  });
});
