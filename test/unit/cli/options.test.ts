// Each command's options are declared once (src/cli/options.ts, command.ts): the parsing, the checks and the --help
// text come from that declaration. These tests read the declarations themselves, so a command or an option added
// later is covered without a line here.
import { strict as assert } from 'assert';
import { main } from '../../../src/cli/main';
import { commands } from '../../../src/cli/commands/index';
import { flagOf } from '../../../src/cli/command';
import { EMBEDDING_OPTIONS, ENGINE_OPTIONS } from '../../../src/cli/engine-options';
import { KEY_OPTIONS } from '../../../src/cli/commands/document-keys';
import { STYLE_OPTION, SYNTAX_OPTION, TENSE_OPTION } from '../../../src/cli/shared-options';
import type { OptionDecls } from '../../../src/cli/options';
import { captureCli } from '../../support/cli-capture';

/** What a user sees: the exit code and the first line on stderr (the error; the usage follows it). */
async function run(argv: string[]): Promise<{ code: number; error: string; stdout: string }> {
  const io = captureCli();
  const code = await main(argv, io);
  return { code, error: (io.stderr.join('\n').split('\n')[0] ?? ''), stdout: io.stdout.join('\n') };
}

/** Every option a command declares, its own and those of the tables after (eval verify-references). */
function declaredOptions(command: (typeof commands)[number]): OptionDecls[] {
  return [command.spec.options, ...(command.spec.sections ?? []).map((s) => s.options)];
}

describe('CLI: options declared once', () => {
  describe('--help of every command', () => {
    for (const command of commands) {
      it(`${command.name} --help lists every option it declares, and its forms name no other`, async () => {
        const { code, stdout } = await run([command.name, '--help']);
        assert.equal(code, 0);
        const lines = stdout.split('\n');
        const declared = new Set<string>(['--help']);
        for (const options of declaredOptions(command)) {
          for (const [name, decl] of Object.entries(options)) {
            declared.add(`--${name}`);
            // The table row: the flag with its value name (`--db DB`, `--style citation|tldr`) at the start of a line.
            assert.ok(lines.some((l) => l.startsWith(`  ${flagOf(name, decl)} `) || l === `  ${flagOf(name, decl)}`), `${command.name} --help lacks ${flagOf(name, decl)}`);
            if (decl.choices) assert.ok(stdout.includes(decl.choices.join('|')), `${command.name} --help lacks the values of --${name}`);
          }
        }
        const positional = command.spec.positional;
        if (positional) {
          const row = lines.find((l) => l.startsWith(`  ${positional.name} `));
          assert.ok(row, `${command.name} --help lacks its argument`);
          for (const choice of positional.choices ?? []) assert.ok(row.includes(choice), `${command.name} --help lacks the ${positional.name} ${choice}`);
        }
        // The forms after "Usage:" are written by hand: each flag they show must be one the command takes.
        const forms = lines.slice(0, lines.indexOf(''));
        for (const flag of forms.join(' ').match(/--[a-z][a-z-]*/g) ?? []) assert.ok(declared.has(flag), `${command.name}'s usage shows ${flag}, which it does not take`);
      });
    }

    it('citescribe --help lists every command with its summary', async () => {
      const { code, stdout } = await run(['--help']);
      assert.equal(code, 0);
      for (const command of commands) assert.match(stdout, new RegExp(`^  ${command.name} +${command.summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
    });
  });

  describe('arguments a declaration refuses: one line naming the option and what it takes, exit 2', () => {
    it('an unknown option, with the options the command does take', async () => {
      const { code, error } = await run(['search', 'parsing', '--db', 'lib.db', '--limt', '5']);
      assert.equal(code, 2);
      assert.equal(error, "citescribe search: unknown option '--limt' (citescribe search takes --db, --limit, --json)");
    });

    it('a value outside the choices, with the choices, before any file is read', async () => {
      const format = await run(['draft', '--db', 'lib.db', '--keys', 'a', '--format', 'html']);
      assert.equal(format.code, 2);
      assert.equal(format.error, "citescribe draft: --format must be latex or markdown, got 'html'");
      // eval read the dataset before it looked at --style: a missing file hid the bad value (exit 1).
      const style = await run(['eval', 'citation', '--data', 'no-such-dataset.jsonl', '--out', 'pred.jsonl', '--style', 'long']);
      assert.equal(style.code, 2);
      assert.equal(style.error, "citescribe eval: --style must be citation or tldr, got 'long'");
    });

    it('a missing value, at the end or before the next option', async () => {
      const atEnd = await run(['grounding', '--keys', 'a', '--db']);
      assert.equal(atEnd.code, 2);
      assert.equal(atEnd.error, 'citescribe grounding: --db needs a value: DB');
      // Not a database named "--json": the value was forgotten.
      const beforeOption = await run(['index', '--db', '--json']);
      assert.equal(beforeOption.code, 2);
      assert.match(beforeOption.error, /^citescribe index: --db needs a value: DB \(got the option '--json'; write --db=--json/);
    });

    it('a value given to a flag that takes none', async () => {
      const { code, error } = await run(['index', '--db', 'lib.db', '--json=yes']);
      assert.equal(code, 2);
      assert.equal(error, "citescribe index: --json takes no value (got 'yes')");
    });

    it('a non-number, or a number out of range, for a numeric option, with the numbers allowed', async () => {
      const words = await run(['search', 'parsing', '--db', 'lib.db', '--limit', 'ten']);
      assert.equal(words.code, 2);
      assert.equal(words.error, "citescribe search: --limit must be a positive integer, got 'ten'");
      const small = await run(['models', '--timeout', '5']);
      assert.equal(small.code, 2);
      assert.equal(small.error, "citescribe models: --timeout must be an integer ≥ 50, got '5'");
      // demo's check was an ordinary error (exit 1) before it was declared.
      const demo = await run(['demo', '--words', '10']);
      assert.equal(demo.code, 2);
      assert.equal(demo.error, "citescribe demo: --words must be a number ≥ 40, got '10'");
      const seconds = await run(['verify', '--bib', 'refs.bib', '--timeout', 'soon']);
      assert.equal(seconds.code, 2);
      assert.equal(seconds.error, "citescribe verify: --timeout must be a number of seconds above 0, got 'soon'");
    });

    it('a missing required option or argument, and a stray argument', async () => {
      assert.deepEqual(await run(['index', '--bib', 'refs.bib']), { code: 2, error: 'citescribe index: --db DB is required', stdout: '' });
      assert.deepEqual(await run(['cite', '--db', 'lib.db']), { code: 2, error: 'citescribe cite: exactly one KEY is required', stdout: '' });
      assert.deepEqual(await run(['cite', 'a', 'b', '--db', 'lib.db']), { code: 2, error: "citescribe cite: unexpected argument 'b'", stdout: '' });
      assert.deepEqual(await run(['demo', 'now']), { code: 2, error: "citescribe demo: unexpected argument 'now'", stdout: '' });
      assert.deepEqual(await run(['eval', 'summaries', '--data', 'd.jsonl']), {
        code: 2,
        error: "citescribe eval: TASK must be citation, related-work, suggest, verify or verify-references, got 'summaries'",
        stdout: '',
      });
      assert.deepEqual(await run(['eval', 'verify-references', '--json']), {
        code: 2,
        error: 'citescribe eval: --data PATH is required (a .bib file or a folder of them)',
        stdout: '',
      });
    });
  });

  it('a default applied is not an option given: eval citation runs with --seed defaulted, and refuses it given', async () => {
    // (A guard of behaviour kept: --seed has a declared default, 7, that only eval verify may be given.)
    const given = await run(['eval', 'citation', '--data', 'd.jsonl', '--out', 'p.jsonl', '--seed', '3']);
    assert.deepEqual([given.code, given.error], [2, 'citescribe eval: --sample and --seed apply to eval verify only']);
    const defaulted = await run(['eval', 'citation', '--data', 'no-such-dataset.jsonl', '--out', 'p.jsonl']);
    assert.equal(defaulted.code, 1);
    assert.match(defaulted.error, /no-such-dataset\.jsonl/);
  });

  describe('shared groups: declared once, checked in one place', () => {
    /** The commands whose declaration holds the option `name`, and that declaration. */
    const takers = (name: string) => commands.flatMap((c) => declaredOptions(c).filter((o) => Object.hasOwn(o, name)).map((o) => ({ command: c.name, decl: o[name] })));

    it('--style: one set of values for cite, explain and eval, and one error', async () => {
      assert.deepEqual(takers('style').map((t) => t.command).sort(), ['cite', 'eval', 'explain']);
      for (const t of takers('style')) assert.equal(t.decl.choices, STYLE_OPTION.style.choices, `${t.command} --style is not the shared declaration`);
      const { code, error } = await run(['explain', '--style', 'summary', 'We propose a parser.']);
      assert.equal(code, 2);
      assert.equal(error, "citescribe explain: --style must be citation or tldr, got 'summary'");
    });

    it('--syntax and --tense: one set of values for cite, draft and explain, and one error each', async () => {
      for (const [name, shared] of [['syntax', SYNTAX_OPTION.syntax], ['tense', TENSE_OPTION.tense]] as const) {
        assert.deepEqual(takers(name).map((t) => t.command).sort(), ['cite', 'draft', 'explain']);
        for (const t of takers(name)) assert.equal(t.decl.choices, shared.choices, `${t.command} --${name} is not the shared declaration`);
      }
      assert.equal((await run(['explain', '--syntax', 'footcite', 'We propose a parser.'])).error, "citescribe explain: --syntax must be cite, citet, citep or pandoc, got 'footcite'");
      assert.equal((await run(['explain', '--tense', 'future', 'We propose a parser.'])).error, "citescribe explain: --tense must be past or present, got 'future'");
    });

    it('the engine flags: the same declarations in cite, draft and eval, checked before any engine loads', async () => {
      // (models has a --url and enrich a --deadline of their own: other options of the same name.) The embedding
      // model's flags are in the engine's group and in suggest and check too (the next test).
      for (const name of Object.keys(ENGINE_OPTIONS) as Array<keyof typeof ENGINE_OPTIONS>) {
        const shared = takers(name).filter((t) => t.decl === ENGINE_OPTIONS[name]);
        const expected = Object.hasOwn(EMBEDDING_OPTIONS, name) ? ['check', 'cite', 'draft', 'eval', 'suggest'] : ['cite', 'draft', 'eval'];
        assert.deepEqual(shared.map((t) => t.command).sort(), expected, `--${name}`);
      }
      assert.equal((await run(['cite', 'doe2020', '--db', 'lib.db', '--device', 'gpu'])).error, "citescribe cite: --device must be auto, cuda or cpu, got 'gpu'");
      assert.equal((await run(['draft', '--db', 'lib.db', '--keys', 'a', '--deadline', 'never'])).error, "citescribe draft: --deadline must be a number of seconds above 0, got 'never'");
    });

    it('the embedding model\'s flags: one declaration for draft and eval (in the engine\'s group), suggest and check', async () => {
      for (const name of Object.keys(EMBEDDING_OPTIONS) as Array<keyof typeof EMBEDDING_OPTIONS>) {
        assert.equal(ENGINE_OPTIONS[name], EMBEDDING_OPTIONS[name], `--${name} of the engine's group is not the embedding model's`);
        const shared = takers(name).filter((t) => t.decl === EMBEDDING_OPTIONS[name]);
        assert.deepEqual(shared.map((t) => t.command).sort(), ['check', 'cite', 'draft', 'eval', 'suggest'], `--${name}`);
      }
      // Checked by the declaration before the library is opened, and a flag that serves only a model needs one.
      assert.equal((await run(['suggest', 'A parser.', '--db', 'lib.db', '--device', 'gpu'])).error, "citescribe suggest: --device must be auto, cuda or cpu, got 'gpu'");
      assert.equal((await run(['check', '--db', 'lib.db', '--tex', 'paper.tex', '--deadline', '0'])).error, "citescribe check: --deadline must be a number of seconds above 0, got '0'");
      assert.deepEqual(await run(['check', '--db', 'lib.db', '--tex', 'paper.tex', '--embeddings-model', 'nomic-embed-text']), {
        code: 2,
        error: 'citescribe check: --embeddings-model needs --embeddings',
        stdout: '',
      });
    });

    it('the key selection (--keys, --tex, --section): one value name for every command that takes it', () => {
      for (const name of Object.keys(KEY_OPTIONS) as Array<keyof typeof KEY_OPTIONS>) {
        assert.deepEqual(takers(name).map((t) => t.command).sort(), (name === 'tex' ? ['check', 'draft', 'enrich', 'grounding', 'verify'] : ['draft', 'enrich', 'grounding', 'verify']), `--${name}`);
        for (const t of takers(name)) if (t.command !== 'check') assert.equal(t.decl.valueName, KEY_OPTIONS[name].valueName, `${t.command} --${name}`);
      }
    });
  });
});
