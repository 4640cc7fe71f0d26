// `citescribe draft`: a related-work section for a set of keys (a list, or every key a .tex file cites).
import { parseCommandArgs, UsageError, type CliCommand } from '../args';
import { decodeTextBuffer } from '../../core/bibtex/decode';
import { readInputFile } from '../../core/util/input-file';
import { KEY_OPTIONS, selectKeys } from './document-keys';
import type { CiteSyntax } from '../../core/types';
import { openDatabase, parseTense } from './engine-common';
import { ENGINE_OPTIONS, ENGINE_USAGE, engineFromFlags, type EngineFlags } from '../engine-options';

const usage = `Usage: citescribe draft --db DB (--keys k1,k2,… | --tex FILE [--section TITLE|all]) [--own-abstract FILE] [--words N] [--subsections]
                        [--format latex|markdown] [--syntax cite|citet|citep|pandoc] [--tense past|present]
                        [--order relevance|year] [--engine default|onnx|server [--model DIR|NAME] [--device auto|cuda|cpu] [--url URL]] [--json]

Drafts a related-work section: the works are grouped into topics, each paragraph has a topic sentence, grounded
sentences per work and, with --own-abstract, a sentence contrasting the group with your own contribution.
Every requested key in the library is cited; keys not in the library are reported and never written.
With --engine server or gguf the model writes each paragraph of this plan, citing the works only by placeholder; the
citations are put in by CiteScribe, and a work the model would not cite gets the default engine's sentence (a warning
says so). Paragraphs are printed as they are written.

Options:
  --db DB              the library database (built by \`citescribe index\`)
  --keys LIST          comma-separated citation keys
  --tex FILE           take the keys FILE cites (\\cite, \\citep, \\citet, … and biblatex variants, or Pandoc in .md): those of
                       its related-work section (titled "related work", "background" or "prior work") when it has one
  --section TITLE      with --tex: the keys cited in this section (case-insensitive, up to the next section of the same
                       or a higher level); "all" for every key of the document
  --own-abstract FILE  your abstract (plain text or LaTeX); with --tex, the file's abstract environment is used by default
  --words N            target length in words (±15%)
  --subsections        one named subsection per topic
  --format F           latex (default) or markdown
  --syntax S           citation command (default: cite for LaTeX, pandoc for Markdown)
  --tense T            what the cited works did: past (default: "proposed") or present ("propose")
  --order O            the works within a paragraph: relevance (closest to your abstract first; default) or year
                       (oldest first)
${ENGINE_USAGE}
  --json               print the draft object {text, paragraphs, citedKeys, unknownKeys, engine}`;

function abstractOfTex(tex: string): string | undefined {
  return /\\begin\{abstract\}([\s\S]*?)\\end\{abstract\}/.exec(tex)?.[1]?.trim();
}

export const draftCommand: CliCommand = {
  name: 'draft',
  summary: 'draft a related-work section from library entries',
  usage,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, {
      db: { type: 'string' },
      ...KEY_OPTIONS,
      'own-abstract': { type: 'string' },
      words: { type: 'string' },
      subsections: { type: 'boolean' },
      format: { type: 'string' },
      syntax: { type: 'string' },
      tense: { type: 'string' },
      order: { type: 'string' },
      ...ENGINE_OPTIONS,
      json: { type: 'boolean' },
    });
    if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'`);
    const format = (values.format ?? 'latex') as 'latex' | 'markdown';
    if (format !== 'latex' && format !== 'markdown') throw new UsageError(`--format must be latex or markdown, got '${format}'`);
    const syntax = values.syntax as CiteSyntax | undefined;
    if (syntax && !['cite', 'citet', 'citep', 'pandoc'].includes(syntax)) throw new UsageError(`--syntax must be cite, citet, citep or pandoc, got '${syntax}'`);
    const tense = parseTense(values.tense as string | undefined);
    const workOrder = values.order as 'relevance' | 'year' | undefined;
    if (workOrder !== undefined && workOrder !== 'relevance' && workOrder !== 'year') throw new UsageError(`--order must be relevance or year, got '${workOrder}'`);
    let targetWords: number | undefined;
    if (values.words !== undefined) {
      targetWords = Number(values.words);
      if (!Number.isInteger(targetWords) || targetWords < 10) throw new UsageError(`--words must be an integer ≥ 10, got '${values.words}'`);
    }
    const selection = selectKeys(values as { keys?: string; tex?: string; section?: string }, { relatedWorkByDefault: true, required: true })!;
    const keys = selection.keys;
    let ownAbstract = selection.text !== undefined ? abstractOfTex(selection.text) : undefined;
    if (values.tex) io.err(`keys from ${selection.scope}`);
    if (values['own-abstract']) ownAbstract = decodeTextBuffer(readInputFile(values['own-abstract'] as string));
    const engine = await engineFromFlags(values as EngineFlags, io);
    const store = openDatabase(values.db as string | undefined, 'draft');
    try {
      // A model engine writes paragraph by paragraph: each is printed as it comes (the same text the draft ends with).
      let streamed = 0;
      const onParagraph = values.json ? undefined : (_p: unknown, _i: number, text: string) => io.out(`${streamed++ ? '\n' : ''}${text}`);
      const draft = await engine.draft({ keys, ownAbstract, targetWords, subsections: !!values.subsections, format, syntax, tense, workOrder }, store, { onParagraph });
      if (values.json) {
        io.out(JSON.stringify(draft));
      } else {
        if (!streamed) io.out(draft.text);
        if (draft.unknownKeys.length) io.err(`not in the library (not cited): ${draft.unknownKeys.join(', ')}`);
        for (const flag of draft.flags ?? []) io.err(`warning: ${flag}`);
      }
      return 0;
    } finally {
      store.close();
    }
  },
};
