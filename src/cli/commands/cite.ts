// `citescribe cite KEY`: one citation sentence (or TLDR) for a library entry, with the sentence it came from.
import { defineCommand } from '../command';
import { openDatabase } from './engine-common';
import { ENGINE_OPTIONS, engineFromFlags } from '../engine-options';
import { REQUIRED_DB_OPTION, STYLE_OPTION, SYNTAX_OPTION, TENSE_OPTION } from '../shared-options';

export const citeCommand = defineCommand(
  {
    name: 'cite',
    summary: 'write a citation sentence for one library entry',
    synopsis: [
      'citescribe cite KEY --db DB [--style citation|tldr] [--syntax cite|citet|citep|pandoc] [--tense past|present]',
      '                          [--engine default|onnx|server [--model DIR|NAME] [--device auto|cuda|cpu] [--url URL]] [--json]',
    ],
    about: `Writes one sentence about the entry KEY from its abstract (and linked PDF), e.g.
  Zhu et al. \\cite{zhu2017cyclegan} presented a method that learns to translate an image … without paired examples.
An entry with neither abstract nor PDF text gets a sentence from its title only, flagged "ungrounded: title only".`,
    positional: { name: 'KEY', kind: 'one', required: 'exactly one KEY is required', description: 'the citation key of a library entry' },
    options: {
      ...REQUIRED_DB_OPTION,
      style: { ...STYLE_OPTION.style, default: 'citation' },
      syntax: { ...SYNTAX_OPTION.syntax, default: 'cite' },
      ...TENSE_OPTION,
      ...ENGINE_OPTIONS,
      json: { type: 'boolean', description: 'print {key, text, spans:[{text, source}], grounded, flags, engine}' },
    },
  },
  async ({ values, positional }, io) => {
    const key = positional!;
    const { style, syntax, tense } = values;
    const engine = await engineFromFlags(values, io);
    const store = openDatabase(values.db, 'cite');
    try {
      if (!store.hasKey(key)) {
        io.err(`citescribe cite: unknown key '${key}': not in the library`);
        return 1;
      }
      const sentence = await engine.citationSentence({ key, style, syntax, tense }, store);
      if (values.json) {
        io.out(JSON.stringify(sentence));
      } else {
        io.out(sentence.text);
        for (const flag of sentence.flags) io.err(`warning: ${flag}`);
        for (const span of sentence.spans) {
          if (!span.source) continue;
          const where = span.source.page ? `${span.source.section}, page ${span.source.page}` : span.source.section;
          io.err(`source (${where}): ${span.source.text}`);
        }
      }
      return 0;
    } finally {
      store.close();
    }
  },
);
