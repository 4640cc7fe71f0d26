// Each lexicon list's examples run through the whole pipeline (as `citescribe explain` runs a sentence) and must come
// out as the list promises; every word of a list has an example of its own. The examples are written out, not made
// from the list, so a word deleted from a list leaves its example behind, which then fails.
import { strict as assert } from 'assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DefaultEngine } from '../../../src/core/engines/default-engine';
import { LinearScorer } from '../../../src/core/engine/scorer';
import { EXAMPLE_RECORD, explainCitation } from '../../../src/core/engine/explain';
import { alternation, LEXICON, PATTERN_WORDS, type PatternWords, spelled } from '../../../src/core/lexicon';
import { compressOffers } from '../../../src/core/rewrite';

const scorer = new LinearScorer(new DefaultEngine().scorerModel);
const srcRoot = path.resolve(__dirname, '../../../src/core');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
}

/** A file of the core outside the lexicon that spells the list again, as a whole alternation or as quoted words. */
function filesSpelling(list: PatternWords): string[] {
  // As a whole alternation ("(?:paper|article)", not the first words of a longer one) or as a list of quoted
  // words ("'in', 'of'").
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const spellings = [
    new RegExp(`(?<![|\\w])${escape(alternation(list))}(?![|\\w])`),
    new RegExp(escape(list.words.map((w) => `'${w}'`).join(', '))),
  ];
  return sourceFiles(srcRoot).filter((f) => !f.includes(`${path.sep}lexicon${path.sep}`) && spellings.some((s) => s.test(fs.readFileSync(f, 'utf8'))));
}

/** The word in the sentence, also inflected ("detail" in "Details the history …"). */
const hasWord = (sentence: string, word: string) => new RegExp(`\\b${spelled(word)}(?:s|es|d|ed)?\\b`, 'i').test(sentence);

describe('lexicon', () => {
  // The lists that long patterns spelled inline (issue 64): no probes, but each word once and the list in one place.
  for (const list of PATTERN_WORDS) {
    it(`${list.name}: each word once, and no other file spells the list`, () => {
      assert.equal(new Set(list.words).size, list.words.length);
      assert.deepEqual(filesSpelling(list), []);
    });
  }
  for (const list of LEXICON) {
    describe(list.name, () => {
      it('has each word once, an example for each, and no other file spells the list', () => {
        assert.equal(new Set(list.words).size, list.words.length);
        assert.deepEqual(list.words.filter((w) => !list.probes.some((p) => p.examples.some((e) => hasWord(typeof e === 'string' ? e : `${e.previous ?? ''} ${e.input}`, w)))), [], 'words without an example');
        assert.deepEqual(filesSpelling(list), []);
      });
      for (const probe of list.probes) {
        for (const example of probe.examples) {
          const { input, previous = probe.previous, output = probe.output } = typeof example === 'string' ? { input: example } : example;
          it(previous ? `${previous} ${input}` : input, () => {
            if (probe.compress) {
              const offers = compressOffers(probe.compress, input);
              assert.ok(output !== undefined && offers.includes(output), `offered: ${JSON.stringify(offers)}`);
              return;
            }
            const text = explainCitation(input, scorer, EXAMPLE_RECORD, { style: probe.style, previous }).citation.text;
            if (output !== undefined) assert.equal(text, output);
            if (probe.opensWith !== undefined) assert.ok(text.startsWith(probe.opensWith), `got: ${text}`);
          });
        }
      }
    });
  }
});
