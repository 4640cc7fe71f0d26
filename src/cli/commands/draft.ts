// `citescribe draft`: a related-work section for a set of keys (a list, or every key a .tex file cites).
import { defineCommand } from '../command';
import { decodeTextBuffer } from '../../core/bibtex/decode';
import { readInputFile } from '../../core/util/input-file';
import { KEY_OPTIONS, selectKeys } from './document-keys';
import { openDatabase } from './engine-common';
import { ENGINE_OPTIONS, engineFromFlags } from '../engine-options';
import { REQUIRED_DB_OPTION, SYNTAX_OPTION, TENSE_OPTION } from '../shared-options';

const about = `Drafts a related-work section: the works are grouped into topics, each paragraph has a topic sentence, grounded
sentences per work and, with --own-abstract, a sentence contrasting the group with your own contribution.
Every requested key in the library is cited; keys not in the library are reported and never written.
With --engine server or gguf the model writes each paragraph of this plan, citing the works only by placeholder; the
citations are put in by CiteScribe, and a work the model would not cite gets the default engine's sentence (a warning
says so). Paragraphs are printed as they are written.`;

function abstractOfTex(tex: string): string | undefined {
  return /\\begin\{abstract\}([\s\S]*?)\\end\{abstract\}/.exec(tex)?.[1]?.trim();
}

export const draftCommand = defineCommand(
  {
    name: 'draft',
    summary: 'draft a related-work section from library entries',
    synopsis: [
      'citescribe draft --db DB (--keys k1,k2,… | --tex FILE [--section TITLE|all]) [--own-abstract FILE] [--words N] [--subsections]',
      '                        [--format latex|markdown] [--syntax cite|citet|citep|pandoc] [--tense past|present]',
      '                        [--order relevance|year] [--engine default|onnx|server [--model DIR|NAME] [--device auto|cuda|cpu] [--url URL]] [--json]',
    ],
    about,
    options: {
      ...REQUIRED_DB_OPTION,
      ...KEY_OPTIONS,
      tex: {
        ...KEY_OPTIONS.tex,
        description: `${KEY_OPTIONS.tex.description}: those of its related-work section (titled "related work", "background" or "prior work") when it has one`,
      },
      section: { ...KEY_OPTIONS.section, description: `${KEY_OPTIONS.section.description}; "all" for every key of the document` },
      'own-abstract': { type: 'string', valueName: 'FILE', description: "your abstract (plain text or LaTeX); with --tex, the file's abstract environment is used by default" },
      words: { type: 'string', number: { integer: true, min: 10 }, description: 'target length in words (±15%)' },
      subsections: { type: 'boolean', description: 'one named subsection per topic' },
      format: { type: 'string', choices: ['latex', 'markdown'], default: 'latex', description: 'the markup of the draft' },
      syntax: { ...SYNTAX_OPTION.syntax, description: `${SYNTAX_OPTION.syntax.description} (when not given: cite for LaTeX, pandoc for Markdown)` },
      ...TENSE_OPTION,
      order: {
        type: 'string',
        choices: ['relevance', 'year'],
        description: 'the works within a paragraph: relevance (closest to your abstract first; the order when not given) or year (oldest first)',
      },
      ...ENGINE_OPTIONS,
      json: { type: 'boolean', description: 'print the draft object {text, paragraphs, citedKeys, unknownKeys, engine}' },
    },
  },
  async ({ values }, io) => {
    const { format, syntax, tense, order: workOrder, words: targetWords } = values;
    const selection = selectKeys(values, { relatedWorkByDefault: true, required: true })!;
    const keys = selection.keys;
    let ownAbstract = selection.text !== undefined ? abstractOfTex(selection.text) : undefined;
    if (values.tex) io.err(`keys from ${selection.scope}`);
    if (values['own-abstract']) ownAbstract = decodeTextBuffer(readInputFile(values['own-abstract']));
    const engine = await engineFromFlags(values, io);
    const store = openDatabase(values.db, 'draft');
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
);
