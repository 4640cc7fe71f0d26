// `citescribe grounding`: for the keys a document cites, what the library has to write from — a PDF, an abstract
// (and from where), or the title only — with the fix for each title-only work.
import { parseCommandArgs, UsageError, type CliCommand } from '../args';
import { groundingReport, groundingSummary } from '../../core/grounding/report';
import { openDatabase } from './engine-common';
import { KEY_OPTIONS, selectKeys } from './document-keys';

const usage = `Usage: citescribe grounding --db DB (--tex FILE [--section TITLE] | --keys LIST) [--json]

For each key the document cites (or the section, or the list): a linked PDF with text, an abstract and where it
came from (.bib, Zotero, OpenAlex, …), or the title only — what the engines can only name — with how to fix it.

Options:
  --db DB            the library database
  --tex FILE         a .tex or .md file: the keys it cites
  --section TITLE    only the keys of this section
  --keys LIST        comma-separated keys instead
  --json             print {lines:[{key, status, title, abstractFrom, hasPdf, fix}], total, grounded, counts, abstractSources}`;

export const groundingCommand: CliCommand = {
  name: 'grounding',
  summary: 'which cited works the library grounds (PDF, abstract) and which it knows by title only',
  usage,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, { db: { type: 'string' }, ...KEY_OPTIONS, json: { type: 'boolean' } });
    if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'`);
    const selection = selectKeys(values as { keys?: string; tex?: string; section?: string }, { required: true })!;
    const store = openDatabase(values.db as string | undefined, 'grounding');
    try {
      const report = groundingReport(store, selection.keys);
      if (values.json) {
        io.out(JSON.stringify(report));
        return 0;
      }
      io.out(`${groundingSummary(report)} — ${selection.scope}`);
      for (const line of report.lines) {
        if (line.status === 'title-only') io.out(`  title only  ${line.key}  “${line.title}”\n              fix: ${line.fix}`);
        else if (line.status === 'missing') io.out(`  missing     ${line.key}  ${line.fix}`);
      }
      return 0;
    } finally {
      store.close();
    }
  },
};
