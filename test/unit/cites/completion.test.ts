import { strict as assert } from 'assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseBibtex } from '../../../src/core/bibtex';
import { citeCompletionContext, completionEntries, completionFilterText, FILTER_TEXT_LIMIT, orderCandidates, rankingTerms, sentenceAround, type CandidateOptions } from '../../../src/core/cites/completion';
import { openLibraryStore } from '../../../src/core/library/store';

/** The text with "|" marking the cursor → [text, offset]. */
function at(marked: string): [string, number] {
  const offset = marked.indexOf('|');
  return [marked.slice(0, offset) + marked.slice(offset + 1), offset];
}

describe('\\cite completion: where the cursor is', () => {
  const latex = (marked: string) => citeCompletionContext(...at(marked), 'latex');

  it('is inside the key group of every cite command the parser knows', () => {
    assert.deepEqual(latex('as shown \\citep{|'), { syntax: 'latex', keyStart: 16, typed: '', keysInCommand: [] });
    assert.deepEqual(latex('as shown \\citep{zhu2017, goo|'), { syntax: 'latex', keyStart: 25, typed: 'goo', keysInCommand: ['zhu2017'] });
    assert.equal(latex('see \\cites[see][p. 3]{a}[]{b, |')?.keysInCommand.join(), 'a,b');
    assert.equal(latex('\\parencite*[e.g.][]{|')?.typed, '');
    assert.equal(latex('\\citeA<e.g.>[p. 2]{ke|')?.typed, 'ke');
    assert.deepEqual(latex('\\cite{a,\n  % the second\n  |')?.keysInCommand, ['a']);
  });

  it('is not in an optional argument, after the command, in a comment, or in other commands', () => {
    assert.equal(latex('\\citep[see|'), undefined);
    assert.equal(latex('\\citep{a} and |'), undefined);
    assert.equal(latex('% \\cite{|'), undefined);
    assert.equal(latex('\\section{Related |'), undefined);
    assert.equal(latex('\\bibliographystyle{|'), undefined);
  });

  it('reads Pandoc citations in Markdown, but not an e-mail address', () => {
    const md = (marked: string) => citeCompletionContext(...at(marked), 'markdown');
    assert.deepEqual(md('as shown [@zhu2017; @goo|'), { syntax: 'pandoc', keyStart: 21, typed: 'goo', keysInCommand: ['zhu2017'] });
    assert.equal(md('see @|')?.syntax, 'pandoc');
    assert.equal(md('write to me@exam|'), undefined);
    assert.equal(md('raw \\citet{|')?.syntax, 'latex');
  });
});

describe('\\cite completion: what the sentence is about', () => {
  it('takes the sentence around the cursor without commands and citations', () => {
    const [text, offset] = at('First sentence here. Unpaired translation with a cycle consistency loss \\citep{|} works well. Next one.');
    assert.equal(sentenceAround(text, offset), 'Unpaired translation with a cycle consistency loss works well');
    assert.deepEqual(rankingTerms('Unpaired translation with a cycle consistency loss works well'), ['unpaired', 'translation', 'cycle', 'consistency', 'loss']);
  });

  it('starts the sentence after the previous one whether a space, a line break or a blank line follows it', () => {
    const [lines, offset] = at('Adversarial nets pit two networks \\cite{a}.\nA style code gives diverse outputs \\cite{|}.');
    assert.equal(sentenceAround(lines, offset), 'A style code gives diverse outputs');
    const [paragraphs, at2] = at('An earlier paragraph without an end\n\nCycle consistency \\cite{|} helps.');
    assert.equal(sentenceAround(paragraphs, at2), 'Cycle consistency helps');
  });

  it('ranks the library by that sentence: the work it is about first', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-complete-'));
    const store = openLibraryStore(path.join(dir, 'library.db'), 'index');
    try {
      store.writeBibFile(
        '/lib.bib',
        { contentHash: 'h', mtimeMs: 1, size: 1 },
        parseBibtex(
          [
            '@article{tides, title = {Learning Tide Tables from Harbour Sensor Logs}, author = {Okafor, Ada}, abstract = {We predict tides from cheap sensors.}}',
            '@article{cycle, title = {Unpaired Image Translation}, author = {Zhu, Jun-Yan}, abstract = {A cycle consistency loss couples two mappings between domains.}}',
            '@article{ferries, title = {Scheduling Island Ferries}, author = {Berg, Lin}}',
          ].join('\n'),
        ),
      );
      assert.deepEqual(store.rankByWords(rankingTerms('translation with a cycle consistency loss')), ['cycle']);
      assert.deepEqual(store.rankByWords(['harbour', 'ferries']).sort(), ['ferries', 'tides']);
      assert.deepEqual(store.rankByWords([]), []);
      assert.deepEqual(store.entryLocations('cycle'), [{ file: '/lib.bib', line: 2 }]);
    } finally {
      store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('\\cite completion: the filter text', () => {
  it('puts the key and every author before the title, and stays within what VS Code keeps', () => {
    const authors = Array.from({ length: 12 }, (_, i) => ({ family: `Author${i}`, given: 'A.' }));
    const text = completionFilterText({ key: 'big2020', authors, year: 2020, title: 'A Very Long Title '.repeat(10), venue: 'NeurIPS', aliases: ['bigalias'] });
    assert.ok(text.length <= FILTER_TEXT_LIMIT);
    assert.ok(text.startsWith('big2020 Author0 Author1'));
    assert.ok(text.includes('Author11'), 'the last author is still matched');
    assert.ok(text.includes('bigalias'));
  });
});

describe('\\cite completion: the order of the list', () => {
  const entries = completionEntries(
    [
      { key: 'zhu2017', filterText: 'zhu2017 Zhu Park Isola Efros 2017 Unpaired Image-to-Image Translation' },
      { key: 'Adams2019', filterText: 'Adams2019 Adams 2019 Tides', aliases: ['adams-tides'] },
      { key: 'berg2021', filterText: 'berg2021 Berg 2021 Island Ferries' },
      { key: 'chen2020', filterText: 'chen2020 Chen 2020 Harbour Sensors' },
    ].map((e) => ({ ...e })),
  );
  const base: CandidateOptions = { ranked: [], recent: [], taken: new Set(), typed: '', aliasItems: false, cap: 1000 };
  const order = (o: Partial<CandidateOptions>) => orderCandidates(entries, { ...base, ...o }).candidates.map((c) => c.insert);

  it('puts the works that fit the sentence first, then the recently cited, then the rest by key', () => {
    assert.deepEqual(order({}), ['Adams2019', 'berg2021', 'chen2020', 'zhu2017']);
    assert.deepEqual(order({ ranked: ['zhu2017'], recent: ['chen2020', 'zhu2017'] }), ['zhu2017', 'chen2020', 'Adams2019', 'berg2021']);
    const first = orderCandidates(entries, { ...base, ranked: ['zhu2017'] }).candidates[0];
    assert.equal(first.rank, 0);
  });

  it('leaves out keys already in the command, an entry cited by its alias included', () => {
    assert.deepEqual(order({ taken: new Set(['berg2021', 'adams-tides']) }), ['chen2020', 'zhu2017']);
  });

  it('offers aliases as their own items only when asked to', () => {
    assert.deepEqual(order({ aliasItems: true }), ['Adams2019', 'berg2021', 'chen2020', 'zhu2017', 'adams-tides']);
  });

  it('cuts a large library to what the typed letters can still match, and says the list is incomplete', () => {
    const small = orderCandidates(entries, { ...base, cap: 2, typed: 'berg' });
    assert.equal(small.incomplete, true);
    assert.deepEqual(small.candidates.map((c) => c.insert), ['berg2021']);
    // Nothing typed: the ranked work and the first keys.
    assert.deepEqual(order({ cap: 2, ranked: ['zhu2017'] }), ['zhu2017', 'Adams2019']);
    assert.equal(orderCandidates(entries, { ...base, cap: 10 }).incomplete, false);
  });
});
