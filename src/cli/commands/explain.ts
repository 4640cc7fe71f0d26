// `citescribe explain "SENTENCE"`: which rewrite rules turned a sentence of an abstract into its citation.
import { UsageError } from '../args';
import { defineCommand } from '../command';
import { DB_OPTION, STYLE_OPTION, SYNTAX_OPTION, TENSE_OPTION } from '../shared-options';
import { DefaultEngine } from '../../core/engines/default-engine';
import { LinearScorer } from '../../core/engine/scorer';
import { EXAMPLE_RECORD, explainCitation } from '../../core/engine/explain';
import { openDatabase } from './engine-common';

const about = `Writes the citation the default engine makes when SENTENCE (one or more sentences) is a work's abstract, then every
rewrite rule that fired, stage by stage, with the text after it, e.g.
  citescribe explain "In this paper, we present here a novel parser."
    read → compress → name → clean → voice → subject → finish → write-out
    compress.leading-discourse   we present here a novel parser.
    clean.here-after-verb        we present a novel parser.
    subject.authors              Doe and Roe \\cite{doe2020} presented a novel parser.
    …
The work is a made-up one by Doe and Roe (key doe2020) unless --key names an entry of the library in --db, whose
authors, type and title are then used (its own abstract is not). Rules are in src/core/rewrite/rules/<stage>.ts.`;

export const explainCommand = defineCommand(
  {
    name: 'explain',
    summary: 'show which rewrite rules made the citation of a sentence',
    synopsis: [
      'citescribe explain "SENTENCE …" [--key KEY --db DB] [--style citation|tldr] [--syntax cite|citet|citep|pandoc]',
      '                                  [--tense past|present] [--json]',
    ],
    about,
    positional: { name: 'SENTENCE', kind: 'words', required: 'a SENTENCE to explain is required', description: "the sentence(s) to take as a work's abstract" },
    options: {
      key: { type: 'string', valueName: 'KEY', description: "cite this library entry's names (needs --db)" },
      ...DB_OPTION,
      style: { ...STYLE_OPTION.style, default: 'citation' },
      syntax: { ...SYNTAX_OPTION.syntax, default: 'cite' },
      ...TENSE_OPTION,
      json: { type: 'boolean', description: 'print {citation, source, titled, steps:[{rule, stage, text}]}' },
    },
  },
  async ({ values, positional }, io) => {
    const text = positional!;
    const { style, syntax, tense } = values;
    if (values.db && !values.key) throw new UsageError('--db is for --key: name the entry whose authors to cite');
    let record = EXAMPLE_RECORD;
    if (values.key) {
      const store = openDatabase(values.db, 'explain');
      try {
        const found = store.getPaper(values.key);
        if (!found) {
          io.err(`citescribe explain: unknown key '${values.key}': not in the library`);
          return 1;
        }
        record = found;
      } finally {
        store.close();
      }
    }
    const scorer = new LinearScorer(new DefaultEngine().scorerModel);
    const explained = explainCitation(text, scorer, record, { style, syntax, tense });
    if (values.json) {
      io.out(JSON.stringify({ citation: explained.citation.text, source: explained.source, titled: explained.titled, steps: explained.steps }));
      return 0;
    }
    io.out(explained.citation.text);
    if (!explained.citation.grounded) {
      io.out('  (no sentence could be quoted: written from the title alone)');
      return 0;
    }
    if (explained.source && explained.source !== text) io.out(`  from the sentence: ${explained.source}`);
    if (explained.titled) io.out('  written around the title (engine/citation.ts titledCitation); the rules below made the sentence it quotes');
    const width = Math.max(0, ...explained.steps.map((s) => s.rule.length));
    for (const step of explained.steps) io.out(`  ${step.rule.padEnd(width)}  ${step.text}`);
    if (!explained.steps.length) io.out('  (no rule changed the sentence)');
    return 0;
  },
);
