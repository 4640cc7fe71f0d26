// `citescribe explain "SENTENCE"`: which rewrite rules turned a sentence of an abstract into its citation.
import { parseCommandArgs, UsageError, type CliCommand } from '../args';
import type { CitationStyle, CiteSyntax } from '../../core/types';
import { DefaultEngine } from '../../core/engines/default-engine';
import { LinearScorer } from '../../core/engine/scorer';
import { EXAMPLE_RECORD, explainCitation } from '../../core/engine/explain';
import { openDatabase, parseTense } from './engine-common';

const usage = `Usage: citescribe explain "SENTENCE …" [--key KEY --db DB] [--style citation|tldr] [--syntax cite|citet|citep|pandoc]
                                  [--tense past|present] [--json]

Writes the citation the default engine makes when SENTENCE (one or more sentences) is a work's abstract, then every
rewrite rule that fired, stage by stage, with the text after it, e.g.
  citescribe explain "In this paper, we present here a novel parser."
    read → compress → name → clean → voice → subject → finish → write-out
    compress.leading-discourse   we present here a novel parser.
    clean.here-after-verb        we present a novel parser.
    subject.authors              Doe and Roe \\cite{doe2020} presented a novel parser.
    …
The work is a made-up one by Doe and Roe (key doe2020) unless --key names an entry of the library in --db, whose
authors, type and title are then used (its own abstract is not). Rules are in src/core/rewrite/rules/<stage>.ts.

Options:
  --key KEY        cite this library entry's names (needs --db)
  --db DB          the library database (built by \`citescribe index\`)
  --style S        citation (default) or tldr
  --syntax S       citation command: cite (default), citet, citep or pandoc
  --tense T        past (default) or present
  --json           print {citation, source, titled, steps:[{rule, stage, text}]}`;

export const explainCommand: CliCommand = {
  name: 'explain',
  summary: 'show which rewrite rules made the citation of a sentence',
  usage,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, {
      key: { type: 'string' },
      db: { type: 'string' },
      style: { type: 'string' },
      syntax: { type: 'string' },
      tense: { type: 'string' },
      json: { type: 'boolean' },
    });
    const text = positionals.join(' ').trim();
    if (!text) throw new UsageError('a SENTENCE to explain is required');
    const style = (values.style ?? 'citation') as CitationStyle;
    if (style !== 'citation' && style !== 'tldr') throw new UsageError(`--style must be citation or tldr, got '${style}'`);
    const syntax = (values.syntax ?? 'cite') as CiteSyntax;
    if (!['cite', 'citet', 'citep', 'pandoc'].includes(syntax)) throw new UsageError(`--syntax must be cite, citet, citep or pandoc, got '${syntax}'`);
    const tense = parseTense(values.tense as string | undefined);
    if (values.db && !values.key) throw new UsageError('--db is for --key: name the entry whose authors to cite');
    let record = EXAMPLE_RECORD;
    if (values.key) {
      const store = openDatabase(values.db as string | undefined, 'explain');
      try {
        const found = store.getPaper(values.key as string);
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
};
