// Every rewrite rule's examples are its test: each runs through the whole pipeline (as `citescribe explain` runs a
// sentence) and must make the rule fire and give the example's output. A rule without an example, a rule filed under
// another stage, or two rules with one id fail here.
import { strict as assert } from 'assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { main } from '../../../src/cli/main';
import { DefaultEngine } from '../../../src/core/engines/default-engine';
import { LinearScorer } from '../../../src/core/engine/scorer';
import { runRuleExample } from '../../../src/core/engine/explain';
import { buildRegistry } from '../../../src/core/rewrite/registry';
import { RULES, STAGES } from '../../../src/core/rewrite';
import { captureCli } from '../../support/cli-capture';

const scorer = new LinearScorer(new DefaultEngine().scorerModel);

describe('rewrite rules: their examples', () => {
  for (const rule of RULES) {
    describe(rule.id, () => {
      it('has an example', () => assert.ok(rule.examples.length > 0, `${rule.id} has no example`));
      rule.examples.forEach((example, i) => {
        it(`example ${i + 1}: ${example.input}`, () => {
          const result = runRuleExample(rule, example, scorer);
          assert.ok(result.fired, `${rule.id} did not fire; the rules that did: ${result.steps.join(', ') || 'none'}`);
          assert.equal(result.output, example.output);
        });
      });
    });
  }
});

describe('rewrite rules: the registry', () => {
  it('lists the rules stage by stage, in the order of STAGES', () => {
    const order = RULES.map((r) => STAGES.indexOf(r.stage));
    assert.deepEqual(order, [...order].sort((a, b) => a - b));
    assert.ok(STAGES.every((stage) => RULES.some((r) => r.stage === stage)), 'every stage has a rule');
  });

  it('refuses a duplicate id and a rule filed under another stage', () => {
    const rule = RULES.find((r) => r.stage === 'clean')!;
    assert.throws(() => buildRegistry([['clean', [rule, rule]]]), /defined twice/);
    assert.throws(() => buildRegistry([['voice', [rule]]]), /is in the voice table/);
  });
});

describe('citescribe explain', () => {

  it('prints the citation, then each rule that fired with the text after it', async () => {
    const io = captureCli();
    assert.equal(await main(['explain', 'In this paper, we present here a novel parser for noisy text.'], io), 0);
    assert.equal(io.stdout[0], 'Doe and Roe \\cite{doe2020} presented a parser for noisy text.');
    const rules = io.stdout.slice(1).map((l) => l.trim().split(/\s+/)[0]);
    assert.deepEqual(rules, ['compress.leading-discourse', 'clean.here-after-verb', 'subject.authors', 'finish.self-praise']);
    assert.match(io.stdout[2], /clean\.here-after-verb\s+We present a novel parser for noisy text\./);
  });

  it('gives the steps as JSON, and says when no rule changed the sentence', async () => {
    const io = captureCli();
    assert.equal(await main(['explain', '--json', '--style', 'tldr', 'We propose a parser for noisy text.'], io), 0);
    const out = JSON.parse(io.stdout[0]);
    assert.equal(out.citation, 'This paper proposes a parser for noisy text.');
    assert.deepEqual(out.steps.map((s: { rule: string }) => s.rule), ['subject.tldr-authors']);
    const plain = captureCli();
    assert.equal(await main(['explain', '--style', 'tldr', 'Noisy text remains hard to tag.'], plain), 0);
    assert.deepEqual(plain.stdout, ['Noisy text remains hard to tag.', '  subject.tldr-sentence  Noisy text remains hard to tag.']);
  });

  it('refuses what it cannot explain, with the reason', async () => {
    const io = captureCli();
    assert.equal(await main(['explain'], io), 2);
    assert.match(io.stderr.join('\n'), /a SENTENCE to explain is required/);
    const noKey = captureCli();
    assert.equal(await main(['explain', '--db', 'x.db', 'We propose X.'], noKey), 2);
    assert.match(noKey.stderr.join('\n'), /--db is for --key/);
  });
});

describe('citescribe explain: the examples of the design notes', () => {
  // docs/design-notes.md (which the README links for explain) shows explain at work; each "$ citescribe explain …" line
  // without a library is run here, and where the notes print what follows, the output must be that.
  const readme = fs.readFileSync(path.resolve(__dirname, '../../../docs/design-notes.md'), 'utf8');
  const lines = readme.split('\n');
  const runs = lines.flatMap((line, i) => (/^\$ citescribe explain /.test(line) && !line.includes('--db') ? [i] : []));

  it('has examples to run', () => assert.ok(runs.length >= 2));
  for (const at of runs) {
    const args = (lines[at].replace(/^\$ citescribe /, '').replace(/\s+#.*$/, '').match(/"[^"]*"|\S+/g) ?? []).map((a) => a.replace(/^"|"$/g, ''));
    it(lines[at].slice(2, 90), async () => {
      const io = captureCli();
      const { stdout } = io;
      assert.equal(await main(args, io), 0);
      const shown: string[] = [];
      for (let i = at + 1; i < lines.length && !/^(?:\$|```)/.test(lines[i]); i++) shown.push(lines[i]);
      if (shown.length) assert.deepEqual(stdout, shown);
      else assert.ok(stdout.length >= 2, 'a citation and at least one rule');
    });
  }
});

describe('citescribe explain piped into a reader that stops early', () => {
  it('ends quietly when the pipe closes (| head -1), without a stack trace', async () => {
    const { spawn } = await import('node:child_process');
    const cli = path.resolve(__dirname, '../../../src/cli/main.ts');
    const long = Array.from({ length: 40 }, (_, i) => `We propose parser number ${i + 1} for noisy text from tweets.`).join(' ');
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ['--require', require.resolve('tsx/cjs'), cli, 'explain', '--json', long], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      // The reader takes nothing and closes its end at once, as `head -c0` would.
      child.stdout.destroy();
      child.once('exit', (code) => resolve({ code, stderr }));
    });
    assert.equal(result.stderr, '');
    assert.equal(result.code, 0);
  });
});
