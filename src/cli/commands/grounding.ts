// `citescribe grounding`: for the keys a document cites, what the library has to write from — a PDF, an abstract
// (and from where), or the title only — with the fix for each title-only work.
import { defineCommand } from '../command';
import { REQUIRED_DB_OPTION } from '../shared-options';
import { groundingReport, groundingSummary } from '../../core/grounding/report';
import { openDatabase } from './engine-common';
import { KEY_OPTIONS, selectKeys } from './document-keys';

export const groundingCommand = defineCommand(
  {
    name: 'grounding',
    summary: 'which cited works the library grounds (PDF, abstract) and which it knows by title only',
    synopsis: ['citescribe grounding --db DB (--tex FILE [--section TITLE] | --keys LIST) [--json]'],
    about: `For each key the document cites (or the section, or the list): a linked PDF with text, an abstract and where it
came from (.bib, Zotero, OpenAlex, …), or the title only — what the engines can only name — with how to fix it.`,
    options: {
      ...REQUIRED_DB_OPTION,
      ...KEY_OPTIONS,
      json: { type: 'boolean', description: 'print {lines:[{key, status, title, abstractFrom, hasPdf, fix}], total, grounded, counts, abstractSources}' },
    },
  },
  async ({ values }, io) => {
    const selection = selectKeys(values, { required: true })!;
    const store = openDatabase(values.db, 'grounding');
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
);
