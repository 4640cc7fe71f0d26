// Renaming a citation key: every place it stands in the .bib files (the entry's key, `ids` aliases, `crossref`,
// `xref`, `xdata`, `related`) and in the citing documents, planned as one list of edits so the editor can apply them
// as one undoable change. Refuses a new key that BibTeX cannot read or that some entry already has.
import { parseCitations } from './index';
import { bibEntryKeys, type BibKeySpan } from './bib-keys';
import type { CiteLanguage } from './types';

export interface RenameSource {
  path: string;
  kind: 'bib' | CiteLanguage;
  text: string;
}

export interface KeyEdit {
  path: string;
  start: number;
  end: number;
  newText: string;
}

type RenamePlan = { ok: true; edits: KeyEdit[] } | { ok: false; reason: string };

/**
 * Why a key cannot be used, or undefined when it can. BibTeX ends a key at a comma or white space and stops at braces;
 * biber also refuses quotes, `#`, `%`, `'`, `(`, `)`, `=` and `\` ("my key", "a,b" and "x{1}" are refused).
 */
export function invalidKeyReason(key: string): string | undefined {
  if (!key) return 'A key cannot be empty.';
  const bad = /[\s,{}()"#%'=\\~]/u.exec(key);
  if (bad) return `A key cannot contain ${bad[0].trim() ? `'${bad[0]}'` : 'white space'}.`;
  return undefined;
}

/** The edits that rename `from` to `to` in every source, or why not. */
export function planKeyRename(sources: readonly RenameSource[], from: string, to: string): RenamePlan {
  const invalid = invalidKeyReason(to);
  if (invalid) return { ok: false, reason: `'${to}' is not a valid key: ${invalid}` };
  if (from === to) return { ok: true, edits: [] };
  const edits: KeyEdit[] = [];
  for (const source of sources) {
    if (source.kind === 'bib') {
      // Most .bib files of a large library hold neither key: a substring test spares reading their entries.
      if (!source.text.includes(from) && !source.text.includes(to)) continue;
      for (const entry of bibEntryKeys(source.text)) {
        const owned = [entry, ...entry.aliases];
        const clash = owned.find((s) => s.key === to);
        if (clash) return { ok: false, reason: `'${to}' is already a key in ${baseName(source.path)}${clash === entry ? '' : ` (an alias of '${entry.key}')`}.` };
        for (const span of [...owned, ...entry.references]) if (span.key === from) edits.push(edit(source.path, span, to));
      }
    } else {
      if (!source.text.includes(from)) continue;
      for (const cite of parseCitations(source.text, source.kind)) {
        for (const k of cite.keys) {
          if (k.key !== from) continue;
          // Pandoc's `@{key}` spans the braces; the key is inside.
          const at = source.text.slice(k.start, k.end) === from ? k.start : source.text.indexOf(from, k.start);
          if (at >= 0 && at < k.end) edits.push({ path: source.path, start: at, end: at + from.length, newText: to });
        }
      }
    }
  }
  return { ok: true, edits };
}

function edit(path: string, span: BibKeySpan, newText: string): KeyEdit {
  return { path, start: span.start, end: span.end, newText };
}

function baseName(p: string): string {
  return p.split(/[\\/]/).pop() ?? p;
}
