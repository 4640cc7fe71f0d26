import { strict as assert } from 'assert';
import { commandCall, commandUri, type CommandArgs } from '../../../src/extension/commands/args';

/** What VS Code hands the command for a `command:` link: the JSON array after the '?', decoded. */
function argumentsOfLink(uri: string): { command: string; args: unknown[] } {
  const match = /^command:([\w.]+)\?(.*)$/.exec(uri);
  assert.ok(match, uri);
  return { command: match[1], args: JSON.parse(decodeURIComponent(match[2])) };
}

describe('command arguments: one declaration for the command and whoever passes them', () => {
  it('a hover link carries its one argument intact, special characters and all', () => {
    const arg: CommandArgs['citescribe.openSource'] = { bibFile: '/home/a b/refs & more/lib?.bib', line: 12 };
    const link = commandUri('citescribe.openSource', arg);
    assert.doesNotMatch(link.slice('command:citescribe.openSource?'.length), /[ ?&]/, 'the argument is encoded');
    assert.deepEqual(argumentsOfLink(link), { command: 'citescribe.openSource', args: [arg] });
  });

  it('a lens or code action passes its argument as the only one, and nothing to a command without one', () => {
    const describe = commandCall('citescribe.citationSentence', { key: 'doe2020', uri: 'file:///p/paper.tex', line: 4 });
    assert.deepEqual(describe, { command: 'citescribe.citationSentence', arguments: [{ key: 'doe2020', uri: 'file:///p/paper.tex', line: 4 }] });
    assert.deepEqual(commandCall('citescribe.suggestCitation'), { command: 'citescribe.suggestCitation', arguments: [] });
    assert.deepEqual(commandCall('citescribe.rememberCitation', 'doe2020').arguments, ['doe2020']);
  });

  it('an argument the command does not take does not compile (tsc -p . checks the lines below)', () => {
    const wrong = [
      // @ts-expect-error Draft Related Work reads `keys` only: a lens asking for one paragraph would be ignored.
      () => commandCall('citescribe.draftRelatedWork', { keys: ['a'], paragraphs: 1 }),
      // @ts-expect-error a page is a number (the #page= fragment of the PDF viewer).
      () => commandUri('citescribe.openSource', { pdfPath: '/p/a.pdf', page: '3' }),
      // @ts-expect-error Suggest Citation takes no argument.
      () => commandCall('citescribe.suggestCitation', { query: 'x' }),
      // @ts-expect-error no such command.
      () => commandCall('citescribe.describe', { key: 'a' }),
    ];
    assert.equal(wrong.length, 4);
  });
});
