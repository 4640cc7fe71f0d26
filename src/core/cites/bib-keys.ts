// Where keys stand in a .bib file's text, with offsets: each entry's own key, its biblatex `ids` aliases, and the keys
// its `crossref`, `xref`, `xdata` and `related` fields point to. What rename edits and what unused-entry diagnostics
// underline. The full parser (core/bibtex) reads values, not places; this scanner reads places only.

export interface BibKeySpan {
  key: string;
  /** Offset of the key's first character in the file's text. */
  start: number;
  end: number;
}

interface BibEntryKeys extends BibKeySpan {
  /** biblatex `ids = {old1, old2}`: other keys this entry answers to. */
  aliases: BibKeySpan[];
  /** Keys named by `crossref`, `xref`, `xdata` and `related`: other entries this one leans on. */
  references: BibKeySpan[];
}

// `@article{key,` or `@book(key,`: what BibTeX and biber read as an entry's start. @string, @preamble and @comment
// are not entries.
const HEADER = /@[ \t]*([A-Za-z]+)[ \t\r\n]*[{(][ \t\r\n]*([^,\s{}()"#%'=\\]+)[ \t\r\n]*,/g;
const NOT_ENTRIES = new Set(['string', 'preamble', 'comment']);
// A field whose value is a list of keys. Values are braced, quoted or bare (`crossref = parent`).
const KEY_FIELD = /(^|[,\s])(crossref|xref|xdata|related|ids)[ \t\r\n]*=[ \t\r\n]*(?:\{([^{}]*)\}|"([^"]*)"|([^,\s{}"]+))/gi;

/** Every entry of a .bib text with the places of its key, aliases and key references, in file order. */
export function bibEntryKeys(text: string): BibEntryKeys[] {
  const headers = [...text.matchAll(HEADER)].filter((m) => !NOT_ENTRIES.has(m[1].toLowerCase()));
  return headers.map((m, i) => {
    const keyStart = m.index + m[0].lastIndexOf(m[2]);
    const bodyEnd = i + 1 < headers.length ? headers[i + 1].index : text.length;
    const body = text.slice(keyStart + m[2].length, bodyEnd);
    const offset = keyStart + m[2].length;
    const aliases: BibKeySpan[] = [];
    const references: BibKeySpan[] = [];
    for (const f of body.matchAll(KEY_FIELD)) {
      const value = f[3] ?? f[4] ?? f[5];
      const valueStart = offset + f.index + f[0].length - value.length - (f[5] === undefined ? 1 : 0);
      const into = f[2].toLowerCase() === 'ids' ? aliases : references;
      into.push(...listSpans(value, valueStart));
    }
    return { key: m[2], start: keyStart, end: keyStart + m[2].length, aliases, references };
  });
}

/** "a, b" at offset 10 → a at 10–11, b at 13–14. */
function listSpans(value: string, at: number): BibKeySpan[] {
  const out: BibKeySpan[] = [];
  for (const m of value.matchAll(/[^,\s]+/g)) out.push({ key: m[0], start: at + m.index, end: at + m.index + m[0].length });
  return out;
}

/** The key at `offset` in a .bib text (an entry's key, an alias or a reference), if the offset is on one. */
export function bibKeyAt(text: string, offset: number): BibKeySpan | undefined {
  for (const e of bibEntryKeys(text)) {
    for (const span of [e, ...e.aliases, ...e.references]) if (offset >= span.start && offset <= span.end) return { key: span.key, start: span.start, end: span.end };
  }
  return undefined;
}
