import { strict as assert } from 'assert';
import {
  PositionMapper,
  citationAt,
  citedKeys,
  citeLanguageFor,
  offsetToPosition,
  parseCitations,
  positionToOffset,
} from '../../../src/core/cites';

describe('parseCitations (Pandoc Markdown)', () => {
  it('reads a bracketed citation with prefixes, locators and several keys', () => {
    const text = 'Known [see @doe99, pp. 33-35; also @smith04, chap. 1].';
    const [command] = parseCitations(text, 'markdown');
    assert.equal(command.command, '[@]');
    assert.equal(text.slice(command.start, command.end), '[see @doe99, pp. 33-35; also @smith04, chap. 1]');
    assert.deepEqual(
      command.keys.map((k) => [k.key, text.slice(k.start, k.end)]),
      [
        ['doe99', 'doe99'],
        ['smith04', 'smith04'],
      ],
    );
  });

  it('marks [-@key] as author-suppressed', () => {
    const [command] = parseCitations('Smith says [-@smith04].', 'markdown');
    assert.deepEqual(command.keys.map((k) => [k.key, k.suppressAuthor]), [['smith04', true]]);
  });

  it('reads in-text @key with an optional [locator], and stops keys at trailing punctuation', () => {
    const text = '@knuth84 [p. 3] says so, as does @lamport:1994. Done.';
    const commands = parseCitations(text, 'markdown');
    assert.deepEqual(
      commands.map((c) => [c.command, text.slice(c.start, c.end), c.keys[0].key]),
      [
        ['@', '@knuth84 [p. 3]', 'knuth84'],
        ['@', '@lamport:1994', 'lamport:1994'],
      ],
    );
  });

  it('reads the @{braced key} form', () => {
    assert.deepEqual(citedKeys('As @{Doe, 2020 draft} argues.', 'markdown'), ['Doe, 2020 draft']);
  });

  it('ignores e-mail addresses, links, code spans, fenced code and HTML comments', () => {
    const text = [
      'Mail me@example.org or see [the docs @here](https://x.org/@user).',
      'Inline `@notakey` code <!-- [@hidden] -->.',
      '```',
      '[@fenced]',
      '```',
      'Real [@real].',
    ].join('\n');
    assert.deepEqual(citedKeys(text, 'markdown'), ['real']);
  });

  it('also reads raw LaTeX cite macros in Markdown, where % is not a comment', () => {
    assert.deepEqual(citedKeys('About 50% of \\citet{raw} and [@md].', 'markdown'), ['raw', 'md']);
  });
});

describe('positions', () => {
  it('converts offsets to 0-based line/character and back, with \\n, \\r\\n and \\r line breaks', () => {
    const text = 'ab\r\ncd\nef\rgh';
    const mapper = new PositionMapper(text);
    assert.deepEqual(mapper.positionAt(text.indexOf('c')), { line: 1, character: 0 });
    assert.deepEqual(mapper.positionAt(text.indexOf('f')), { line: 2, character: 1 });
    assert.deepEqual(mapper.positionAt(text.indexOf('h')), { line: 3, character: 1 });
    assert.equal(mapper.offsetAt({ line: 1, character: 1 }), text.indexOf('d'));
    // A column past the line's end stays on that line.
    assert.equal(mapper.offsetAt({ line: 0, character: 99 }), 2);
    assert.equal(positionToOffset(text, offsetToPosition(text, 9)), 9);
  });

  it('gives the line and column of each cited key, as hover and CodeLens need', () => {
    const text = 'Intro.\n\nWe build on \\citep{alpha,\n  beta}.';
    const positions = parseCitations(text, 'latex')[0].keys.map((k) => offsetToPosition(text, k.start));
    assert.deepEqual(positions, [
      { line: 2, character: 19 },
      { line: 3, character: 2 },
    ]);
  });
});

describe('citationAt', () => {
  it('finds the command and the key under a cursor offset', () => {
    const text = String.raw`See \cite{a,bb} here.`;
    const commands = parseCitations(text, 'latex');
    assert.equal(citationAt(commands, text.indexOf('bb') + 1)?.key?.key, 'bb');
    assert.equal(citationAt(commands, text.indexOf('\\cite'))?.key, undefined);
    assert.equal(citationAt(commands, text.indexOf('here')), undefined);
  });
});

describe('citeLanguageFor', () => {
  it('maps file names and language ids to the parser to use', () => {
    assert.equal(citeLanguageFor('paper.tex'), 'latex');
    assert.equal(citeLanguageFor('latex'), 'latex');
    assert.equal(citeLanguageFor('notes.md'), 'markdown');
    assert.equal(citeLanguageFor('markdown'), 'markdown');
    assert.equal(citeLanguageFor('chapter.qmd'), 'markdown');
  });
});
