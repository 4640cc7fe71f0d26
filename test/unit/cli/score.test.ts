import { strict as assert } from 'assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { UsageError } from '../../../src/cli/args';
import { scoreCommand } from '../../../src/cli/commands/score';
import { captureCli } from '../../support/cli-capture';


describe('citescribe score', () => {
  let dir: string;
  const file = (name: string, text: string) => {
    const p = path.join(dir, name);
    writeFileSync(p, text);
    return p;
  };

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'citescribe-score-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('prints ROUGE, coverage and BlockMatch as JSON for one candidate', async () => {
    const candidate = file('draft.tex', 'The cat sat on the mat \\cite{a,b}.\n\nDogs bark \\citep{c}.');
    const reference = file('ref.md', 'The cat was on the mat [@a].\n\nDogs bark loudly [@c; @d].');
    const io = captureCli();
    assert.equal(await scoreCommand.run(['--candidate', candidate, '--reference', reference, '--json'], io), 0);
    const result = JSON.parse(io.stdout.join('\n'));
    assert.deepEqual(Object.keys(result.rouge1), ['p', 'r', 'f']);
    for (const metric of ['rouge2', 'rougeL', 'rougeLsum']) assert.ok(result[metric].f > 0, metric);
    assert.deepEqual(result.coverage.set.matchedKeys, ['a', 'c']);
    assert.deepEqual(result.coverage.missingKeys, ['d']);
    assert.deepEqual(result.coverage.extraKeys, ['b']);
    assert.equal(result.blockMatch.draftBlocks.length, 2);
    assert.deepEqual(
      result.blockMatch.pairs.map((p: { draft: number; reference: number }) => [p.draft, p.reference]),
      [
        [0, 0],
        [1, 1],
      ],
    );
  });

  it('prints a table with one row per ROUGE metric', async () => {
    const candidate = file('c.txt', 'a b c');
    const reference = file('r.txt', 'a b d');
    const io = captureCli();
    await scoreCommand.run(['--candidate', candidate, '--reference', reference], io);
    const rows = io.stdout.filter((l) => /^ROUGE-/.test(l));
    assert.deepEqual(
      rows.map((l) => l.split(/\s+/)),
      [
        ['ROUGE-1', '0.6667', '0.6667', '0.6667'],
        ['ROUGE-2', '0.5000', '0.5000', '0.5000'],
        ['ROUGE-L', '0.6667', '0.6667', '0.6667'],
        ['ROUGE-Lsum', '0.6667', '0.6667', '0.6667'],
      ],
    );
  });

  it('takes the best reference per metric when several are given', async () => {
    const candidate = file('c.txt', 'a b c d');
    const refA = file('a.txt', 'd c b a');
    const refB = file('b.txt', 'a b x y');
    const io = captureCli();
    await scoreCommand.run(['--candidate', candidate, '--reference', refA, '--reference', refB, '--json'], io);
    const result = JSON.parse(io.stdout.join('\n'));
    assert.equal(result.rouge1.f, 1);
    assert.equal(result.rougeL.f, 0.5);
  });

  it('scores a JSONL file of pairs, one JSON line per pair with its id', async () => {
    const pairs = file(
      'pairs.jsonl',
      [
        JSON.stringify({ id: 'p1', candidate: 'the cat sat', references: ['the cat sat on the mat', 'a dog'] }),
        '',
        JSON.stringify({ id: 7, candidate: 'running fast', references: ['runs fast'] }),
      ].join('\n'),
    );
    const io = captureCli();
    assert.equal(await scoreCommand.run(['--pairs', pairs, '--stem'], io), 0);
    const lines = io.stdout.map((l) => JSON.parse(l));
    assert.deepEqual(
      lines.map((l) => l.id),
      ['p1', 7],
    );
    assert.deepEqual(Object.keys(lines[0]), ['id', 'rouge1', 'rouge2', 'rougeL', 'rougeLsum']);
    assert.deepEqual(lines[0].rouge1, { p: 1, r: 0.5, f: 2 / 3 });
    // With --stem, running/runs both stem to "run".
    assert.equal(lines[1].rouge1.f, 1);
    assert.match(io.stderr.join('\n'), /scored 2 pairs/);
  });

  it('names the line of a malformed pair', async () => {
    const pairs = file('bad.jsonl', `${JSON.stringify({ id: 1, candidate: 'a', references: ['a'] })}\n{"id": 2, "candidate": "b"}`);
    await assert.rejects(scoreCommand.run(['--pairs', pairs], captureCli()), /line 2: "references"/);
  });

  it('explains missing or conflicting arguments as usage errors', async () => {
    await assert.rejects(scoreCommand.run([], captureCli()), UsageError);
    await assert.rejects(scoreCommand.run(['--candidate', 'x.txt'], captureCli()), /--reference/);
    await assert.rejects(scoreCommand.run(['--pairs', 'p.jsonl', '--candidate', 'x'], captureCli()), /either --pairs/);
    await assert.rejects(scoreCommand.run(['--candidate', 'x', '--reference', 'y', '--language', 'rst'], captureCli()), /--language/);
  });

  it('reports an unreadable file by name', async () => {
    const reference = file('r.txt', 'x');
    await assert.rejects(
      scoreCommand.run(['--candidate', path.join(dir, 'missing.tex'), '--reference', reference], captureCli()),
      /cannot read candidate .*missing\.tex: file not found/,
    );
  });
});
