// Issue 63, item 3: one very long word in an abstract made the engine quadratic (a 40,000-character word: `cite` 6 s;
// 100k: `draft` 35 s; a 1 MB word from an enrichment answer: over 10 minutes). Each case indexes a small .bib whose
// abstract holds such a word and runs `cite` or `draft` on it: it must finish in seconds and quote the word cut.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { HostileCase, HostileOutcome } from '../case';

function longWord(length: number, hyphenated: boolean): string {
  const piece = hyphenated ? 'abcdef-' : 'abcdefghij';
  return piece.repeat(Math.ceil(length / piece.length)).slice(0, length);
}

function bib(word: string): string {
  return [
    '@article{lovelace2020,',
    '  author = {Ada Lovelace}, title = {A Method for Parsing}, year = {2020}, journal = {J},',
    `  abstract = {We present a new method for parsing sentences. ${word} Our experiments show that it works well on three benchmarks.}`,
    '}',
    '@article{turing1950,',
    '  author = {Alan Turing}, title = {Computing Machinery and Intelligence}, year = {1950}, journal = {Mind},',
    '  abstract = {We propose a test of machine intelligence. The test compares the answers of a machine with those of a person.}',
    '}',
    '',
  ].join('\n');
}

function longWordCase(name: string, length: number, hyphenated: boolean, command: 'cite' | 'draft'): HostileCase {
  return {
    item: 3,
    name,
    limitSeconds: 30,
    prepare(dir, cli) {
      const bibPath = path.join(dir, 'long.bib');
      const db = path.join(dir, 'lib.db');
      writeFileSync(bibPath, bib(longWord(length, hyphenated)));
      execFileSync(process.execPath, [cli, 'index', '--db', db, '--bib', bibPath, '--quiet']);
      return { args: command === 'cite' ? ['cite', 'lovelace2020', '--db', db] : ['draft', '--db', db, '--keys', 'lovelace2020,turing1950'] };
    },
    check(o: HostileOutcome) {
      if (o.code !== 0) return `exit ${o.code}: ${o.stderr.trim().split('\n').pop()}`;
      if (!o.stdout.includes('\\cite{lovelace2020}')) return 'no citation of lovelace2020 in the output';
      // The word is quoted cut to 200 characters (and marked "…"), never whole.
      if (/[a-j-]{201}/.test(o.stdout)) return 'the long word is quoted whole';
      return null;
    },
  };
}

export default [
  longWordCase('cite-100k-word', 100_000, false, 'cite'),
  longWordCase('cite-40k-hyphenated-word', 40_000, true, 'cite'),
  longWordCase('draft-100k-word', 100_000, false, 'draft'),
  longWordCase('cite-1mb-word', 1_000_000, false, 'cite'),
];
