// How many small breakages of the default engine the tests notice (issue 53's measure: rules and lexicon ≥ 90%).
//   rules:   each rewrite rule switched off in turn (CITESCRIBE_DISABLE_RULES=id) — does a test fail?
//   lexicon: one word deleted from a lexicon list with probes (a WordList of src/core/lexicon: words: ['paper', …]) in
//            a seeded random sample — does a test fail?
//   words:   the same for the word alternations still spelled inside patterns ("(?:paper|study|work)") under
//            src/core/rewrite and src/core/engine, and for the lexicon's lists without probes (PatternWords, the
//            alternations issue 64 moved out of long patterns) — words no example of their own stands for yet.
// The engine's tests (test/unit/ engine, engines, drafting, rewrite, lexicon) run on a copy of the tree for each
// mutant, two at a time.
//   npx tsx scripts/mutation-check.ts [rules|lexicon|words|all] [--sample 100] [--seed 53]
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { RULES } from '../src/core/rewrite';

const root = path.resolve(__dirname, '..');
const TESTS = ['test/unit/engine/**/*.test.ts', 'test/unit/engines/**/*.test.ts', 'test/unit/drafting/**/*.test.ts', 'test/unit/rewrite/**/*.test.ts', 'test/unit/lexicon/**/*.test.ts'];
/** Where the engine's word lists are spelled. */
const WORD_LIST_DIRS = ['src/core/rewrite', 'src/core/engine'];

function argValue(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}

/** A copy of what the tests read, with node_modules linked: mutants never touch the working tree. */
function copyTree(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mutant-'));
  for (const p of ['src', 'test', 'resources', 'tsconfig.json', 'package.json', 'README.md']) fs.cpSync(path.join(root, p), path.join(dir, p), { recursive: true });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

/** Whether the engine's tests fail in the tree (exit code ≠ 0). */
function testsFail(dir: string, env: NodeJS.ProcessEnv = {}): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/mocha/bin/mocha.js'), '--no-config', '-r', 'tsx', '--reporter', 'dot', '--bail', ...TESTS], {
      cwd: dir,
      env: { ...process.env, ...env },
      stdio: 'ignore',
    });
    child.on('exit', (code) => resolve(code !== 0));
  });
}

interface WordSite {
  file: string;
  /** Offset of the word in the file. */
  at: number;
  word: string;
  /** The text to cut: the word with the bar before or after it. */
  cut: { from: number; to: number };
}

/** Words of a regular-expression alternation of plain words: "(?:paper|study|work)", "\b(?:is|are)\b". */
function wordSites(): WordSite[] {
  const sites: WordSite[] = [];
  const filesIn = (d: string) =>
    fs.readdirSync(path.join(root, d), { recursive: true }).map(String).filter((f) => f.endsWith('.ts')).map((f) => path.join(d, f));
  const files = WORD_LIST_DIRS.flatMap((d) => (fs.existsSync(path.join(root, d)) ? filesIn(d) : []));
  for (const file of files.sort()) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const group = /\(\?:((?:[a-z][a-z' -]*\|)+[a-z][a-z' -]*)\)/g;
    for (let m = group.exec(text); m; m = group.exec(text)) {
      const start = m.index + 3;
      let offset = start;
      const words = m[1].split('|');
      words.forEach((word, i) => {
        const cut = i < words.length - 1 ? { from: offset, to: offset + word.length + 1 } : { from: offset - 1, to: offset + word.length };
        sites.push({ file, at: offset, word, cut });
        offset += word.length + 1;
      });
    }
  }
  return sites;
}

/** The words of the lexicon's lists of one kind (with probes or without): each quoted word inside a `words: [ … ]`. */
function lexiconSites(kind: 'WordList' | 'PatternWords'): WordSite[] {
  const sites: WordSite[] = [];
  const dir = 'src/core/lexicon';
  for (const name of fs.readdirSync(path.join(root, dir)).filter((f) => f.endsWith('.ts')).sort()) {
    const file = path.join(dir, name);
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const list = /words: \[(.*?)\],\n/g;
    for (let m = list.exec(text); m; m = list.exec(text)) {
      // The list's kind is the type of the last declaration before its words ("export const X: PatternWords = {").
      if ([...text.slice(0, m.index).matchAll(/: (WordList|PatternWords) = \{/g)].pop()?.[1] !== kind) continue;
      const start = m.index + 'words: ['.length;
      const quoted = /'([^']*)'(, )?/g;
      for (let q = quoted.exec(m[1]); q; q = quoted.exec(m[1])) {
        const at = start + q.index;
        // "'a', 'b'" → "'b'"; the last word takes the comma before it with it.
        const cut = q[2] ? { from: at, to: at + q[0].length } : { from: at - 2, to: at + q[0].length };
        sites.push({ file, at, word: q[1], cut });
      }
    }
  }
  return sites;
}

/** A small seeded generator, so that a sample can be drawn again. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function pool<T>(items: readonly T[], workers: number, run: (item: T, dir: string) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      const dir = copyTree();
      try {
        while (next < items.length) await run(items[next++], dir);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }),
  );
}

async function checkRules(): Promise<[number, number]> {
  let caught = 0;
  const missed: string[] = [];
  await pool(RULES, 2, async (rule, dir) => {
    if (await testsFail(dir, { CITESCRIBE_DISABLE_RULES: rule.id })) caught++;
    else missed.push(rule.id);
  });
  console.log(`rules: ${caught} of ${RULES.length} switched off were caught (${((100 * caught) / RULES.length).toFixed(0)}%)`);
  if (missed.length) console.log(`  not caught: ${missed.sort().join(', ')}`);
  return [caught, RULES.length];
}

async function checkWords(label: string, all: readonly WordSite[], sample: number, seed: number): Promise<[number, number]> {
  const draw = random(seed);
  const picked = new Set<number>();
  while (picked.size < Math.min(sample, all.length)) picked.add(Math.floor(draw() * all.length));
  const sites = [...picked].map((i) => all[i]);
  let caught = 0;
  const missed: string[] = [];
  await pool(sites, 2, async (site, dir) => {
    const file = path.join(dir, site.file);
    const original = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, original.slice(0, site.cut.from) + original.slice(site.cut.to));
    try {
      if (await testsFail(dir)) caught++;
      else missed.push(`${site.file}: "${site.word}"`);
    } finally {
      fs.writeFileSync(file, original);
    }
  });
  console.log(`${label}: ${caught} of ${sites.length} deleted (of ${all.length} words) were caught (${((100 * caught) / sites.length).toFixed(0)}%)`);
  for (const m of missed.sort()) console.log(`  not caught: ${m}`);
  return [caught, sites.length];
}

async function run(): Promise<void> {
  const mode = process.argv[2] ?? 'all';
  const baseline = copyTree();
  const broken = await testsFail(baseline);
  fs.rmSync(baseline, { recursive: true, force: true });
  if (broken) throw new Error('the engine tests fail without any mutation: fix them first');
  const sample = argValue('--sample', 100);
  const seed = argValue('--seed', 53);
  if (mode === 'rules' || mode === 'all') await checkRules();
  if (mode === 'lexicon' || mode === 'all') await checkWords('lexicon', lexiconSites('WordList'), sample, seed);
  if (mode === 'words' || mode === 'all') {
    await checkWords('words in patterns and lists without probes', [...wordSites(), ...lexiconSites('PatternWords')], sample, seed);
  }
}

run().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
