// `citescribe cite KEY`: one citation sentence (or TLDR) for a library entry, with the sentence it came from.
import { parseCommandArgs, UsageError, type CliCommand } from '../args';
import type { CitationStyle, CiteSyntax } from '../../core/types';
import { openDatabase, parseTense } from './engine-common';
import { ENGINE_OPTIONS, ENGINE_USAGE, engineFromFlags, type EngineFlags } from '../engine-options';

const usage = `Usage: citescribe cite KEY --db DB [--style citation|tldr] [--syntax cite|citet|citep|pandoc] [--tense past|present]
                          [--engine default|onnx|server [--model DIR|NAME] [--device auto|cuda|cpu] [--url URL]] [--json]

Writes one sentence about the entry KEY from its abstract (and linked PDF), e.g.
  Zhu et al. \\cite{zhu2017cyclegan} presented a method that learns to translate an image … without paired examples.
An entry with neither abstract nor PDF text gets a sentence from its title only, flagged "ungrounded: title only".

Options:
  --db DB          the library database (built by \`citescribe index\`)
  --style S        citation (default: third person, names and citation command) or tldr ("This paper …")
  --syntax S       citation command: cite (default), citet, citep or pandoc ([@key])
  --tense T        reporting verb of a citation sentence: past (default: "proposed") or present ("propose")
${ENGINE_USAGE}
  --json           print {key, text, spans:[{text, source}], grounded, flags, engine}`;

export const citeCommand: CliCommand = {
  name: 'cite',
  summary: 'write a citation sentence for one library entry',
  usage,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, {
      db: { type: 'string' },
      style: { type: 'string' },
      syntax: { type: 'string' },
      tense: { type: 'string' },
      ...ENGINE_OPTIONS,
      json: { type: 'boolean' },
    });
    const key = positionals[0];
    if (!key || positionals.length > 1) throw new UsageError('exactly one KEY is required');
    const style = (values.style ?? 'citation') as CitationStyle;
    if (style !== 'citation' && style !== 'tldr') throw new UsageError(`--style must be citation or tldr, got '${style}'`);
    const syntax = (values.syntax ?? 'cite') as CiteSyntax;
    if (!['cite', 'citet', 'citep', 'pandoc'].includes(syntax)) throw new UsageError(`--syntax must be cite, citet, citep or pandoc, got '${syntax}'`);
    const tense = parseTense(values.tense as string | undefined);
    const engine = await engineFromFlags(values as EngineFlags, io);
    const store = openDatabase(values.db as string | undefined, 'cite');
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
};
