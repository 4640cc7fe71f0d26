import { strict as assert } from 'assert';
import { citedKeys, parseCitations, type CiteCommand } from '../../../src/core/cites';

/** command name, its exact source text, and its keys — the three things the editor relies on. */
function summary(text: string, commands: CiteCommand[]) {
  return commands.map((c) => ({
    command: c.command + (c.starred ? '*' : ''),
    source: text.slice(c.start, c.end),
    keys: c.keys.map((k) => k.key),
  }));
}

describe('parseCitations (LaTeX)', () => {
  it('reads natbib and biblatex commands with their optional arguments', () => {
    const text = String.raw`A \cite{a} B \citep[see][p.~3]{b1, b2} C \citet*{c} D \Citet{d} E \autocite[pre][post]{e1,e2}
F \parencite{f} G \textcite{g} H \footcite[12]{h} I \citeauthor{i} J \citeyear{j} K \nocite{k} L \citealp{l}`;
    assert.deepEqual(summary(text, parseCitations(text, 'latex')), [
      { command: 'cite', source: String.raw`\cite{a}`, keys: ['a'] },
      { command: 'citep', source: String.raw`\citep[see][p.~3]{b1, b2}`, keys: ['b1', 'b2'] },
      { command: 'citet*', source: String.raw`\citet*{c}`, keys: ['c'] },
      { command: 'Citet', source: String.raw`\Citet{d}`, keys: ['d'] },
      { command: 'autocite', source: String.raw`\autocite[pre][post]{e1,e2}`, keys: ['e1', 'e2'] },
      { command: 'parencite', source: String.raw`\parencite{f}`, keys: ['f'] },
      { command: 'textcite', source: String.raw`\textcite{g}`, keys: ['g'] },
      { command: 'footcite', source: String.raw`\footcite[12]{h}`, keys: ['h'] },
      { command: 'citeauthor', source: String.raw`\citeauthor{i}`, keys: ['i'] },
      { command: 'citeyear', source: String.raw`\citeyear{j}`, keys: ['j'] },
      { command: 'nocite', source: String.raw`\nocite{k}`, keys: ['k'] },
      { command: 'citealp', source: String.raw`\citealp{l}`, keys: ['l'] },
    ]);
  });

  it('reads biblatex multicite commands with (pre)(post) and several [..]{keys} groups', () => {
    const text = String.raw`\cites(Global pre)(global post)[p. 1]{a}[see][]{b, c}{d} and \parencites{e}[f. 2]{f}. Next {x}`;
    assert.deepEqual(summary(text, parseCitations(text, 'latex')), [
      {
        command: 'cites',
        source: String.raw`\cites(Global pre)(global post)[p. 1]{a}[see][]{b, c}{d}`,
        keys: ['a', 'b', 'c', 'd'],
      },
      { command: 'parencites', source: String.raw`\parencites{e}[f. 2]{f}`, keys: ['e', 'f'] },
    ]);
  });

  it('reads apacite’s <prefix> argument', () => {
    const text = String.raw`\cite<e.g.,>[p. 3]{apa2020} and \citeA{b}`;
    assert.deepEqual(summary(text, parseCitations(text, 'latex')), [
      { command: 'cite', source: String.raw`\cite<e.g.,>[p. 3]{apa2020}`, keys: ['apa2020'] },
      { command: 'citeA', source: String.raw`\citeA{b}`, keys: ['b'] },
    ]);
  });

  it('reads keys spread over lines with % comments and gives each key’s exact offsets', () => {
    const text = 'See \\citep{first,\n  second % a comment, not a key\n  , third}.';
    const [command] = parseCitations(text, 'latex');
    assert.deepEqual(
      command.keys.map((k) => [k.key, text.slice(k.start, k.end)]),
      [
        ['first', 'first'],
        ['second', 'second'],
        ['third', 'third'],
      ],
    );
    assert.equal(command.start, text.indexOf('\\citep'));
    assert.equal(command.end, text.indexOf('}.') + 1);
  });

  it('allows spaces and line breaks between the macro and its arguments', () => {
    const text = '\\citep [p. 4]\n  {spaced}';
    assert.deepEqual(
      parseCitations(text, 'latex').map((c) => c.keys.map((k) => k.key)),
      [['spaced']],
    );
  });

  it('skips commented-out cites, escaped percent signs, verbatim and \\verb', () => {
    const text = String.raw`50\% of work \cite{kept} % \cite{commented}
\begin{verbatim}\cite{inVerbatim}\end{verbatim} \verb|\cite{inVerb}| \cite{alsoKept}`;
    assert.deepEqual(citedKeys(text, 'latex'), ['kept', 'alsoKept']);
  });

  it('ignores macros that contain "cite" but cite nothing, and cite macros without a key group', () => {
    const text = String.raw`\citestyle{authoryear} \let\mycite\cite \renewcommand{\cite}{x} \cite{real}`;
    assert.deepEqual(citedKeys(text, 'latex'), ['real']);
  });

  it('flags \\nocite{*} as citing everything instead of listing a "*" key', () => {
    const [command] = parseCitations(String.raw`\nocite{*}`, 'latex');
    assert.equal(command.citesAll, true);
    assert.deepEqual(command.keys, []);
  });

  it('does not read a following brace group into a non-multicite command', () => {
    const text = String.raw`\cite{a} {\em emphasis}`;
    const [command] = parseCitations(text, 'latex');
    assert.equal(text.slice(command.start, command.end), String.raw`\cite{a}`);
  });

  it('lists cited keys once, in order of first appearance', () => {
    assert.deepEqual(citedKeys(String.raw`\cite{b,a} \citep{a,c} \cite{b}`, 'latex'), ['b', 'a', 'c']);
  });
});
