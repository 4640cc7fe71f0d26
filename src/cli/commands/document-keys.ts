// The keys a command works on: a list (--keys), or those a .tex/.md file cites (--tex), all of them or one
// section's (--section "Related Work"; `draft` takes a related-work section by default when the file has one).
import { UsageError } from '../args';
import { declareOptions } from '../options';
import { decodeTextBuffer } from '../../core/bibtex/decode';
import { readInputFile } from '../../core/util/input-file';
import { citedKeys } from '../../core/cites';
import { documentSections, findSection, keysCitedIn, relatedWorkSection } from '../../core/cites/sections';

interface KeySelection {
  keys: string[];
  /** Where they came from, for the user: "section “Related Work” of paper.tex (9 of 39 cited keys)". */
  scope: string;
  /** The document's text, when keys came from one. */
  text?: string;
}

export const KEY_OPTIONS = declareOptions({
  keys: { type: 'string', valueName: 'LIST', description: 'comma-separated citation keys' },
  tex: {
    type: 'string',
    valueName: 'FILE',
    description: "take the keys FILE cites (\\cite, \\citep, \\citet, … and biblatex variants, or Pandoc's [@key] in .md)",
  },
  section: {
    type: 'string',
    valueName: 'TITLE',
    description: 'with --tex: the keys cited in this section (case-insensitive, up to the next section of the same or a higher level)',
  },
});

export function selectKeys(
  values: { keys?: string; tex?: string; section?: string },
  options: { relatedWorkByDefault?: boolean; required?: boolean } = {},
): KeySelection | undefined {
  if (values.keys !== undefined && values.tex !== undefined) throw new UsageError('give --keys or --tex, not both');
  if (values.section !== undefined && values.tex === undefined) throw new UsageError('--section needs --tex FILE');
  if (values.keys !== undefined) {
    const keys = values.keys.split(',').map((k) => k.trim()).filter(Boolean);
    if (!keys.length) throw new UsageError('--keys is empty');
    return { keys, scope: `${keys.length} key(s) given` };
  }
  if (values.tex === undefined) {
    if (options.required) throw new UsageError('give --keys LIST or --tex FILE');
    return undefined;
  }
  const file = values.tex;
  const text = decodeTextBuffer(readInputFile(file));
  const language = /\.(md|markdown|qmd|rmd)$/i.test(file) ? 'markdown' : 'latex';
  const all = citedKeys(text, language);
  if (!all.length) throw new Error(`${file} cites no keys`);
  const sections = documentSections(text, language);
  const wanted = values.section;
  if (wanted !== undefined && wanted.toLowerCase() !== 'all') {
    const section = findSection(sections, wanted);
    if (!section) {
      const titles = sections.filter((s) => s.level >= 1).map((s) => `“${s.title}”`).join(', ');
      throw new Error(`${file} has no section titled “${wanted}”${titles ? `; its sections: ${titles}` : ''}`);
    }
    const keys = keysCitedIn(text, language, section);
    if (!keys.length) throw new Error(`section “${section.title}” of ${file} cites no keys`);
    return { keys, scope: `section “${section.title}” of ${file} (${keys.length} of ${all.length} cited keys)`, text };
  }
  const related = wanted === undefined && options.relatedWorkByDefault ? relatedWorkSection(sections) : undefined;
  const relatedKeys = related ? keysCitedIn(text, language, related) : [];
  if (related && relatedKeys.length) {
    return { keys: relatedKeys, scope: `section “${related.title}” of ${file} (${relatedKeys.length} of ${all.length} cited keys; --section all for every key)`, text };
  }
  return { keys: all, scope: `every key ${file} cites (${all.length})`, text };
}
