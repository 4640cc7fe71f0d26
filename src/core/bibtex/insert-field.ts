// Where and how to add a field to an entry of a .bib file, as the one edit "Write abstract into .bib" makes:
// before the entry's closing brace, indented like its other fields, with the value's TeX specials escaped.

/** Plain text as a braced BibTeX value: % & # _ $ escaped, stray braces dropped so the entry stays balanced. */
export function bibtexValue(text: string): string {
  let depth = 0;
  let out = '';
  for (const c of text.replace(/\s+/g, ' ').trim()) {
    if (c === '{') depth++;
    else if (c === '}') {
      if (depth === 0) continue;
      depth--;
    }
    out += /[%&#_$]/.test(c) ? `\\${c}` : c;
  }
  return out + '}'.repeat(depth);
}

/**
 * The insertion that adds `name = {value}` to the entry starting on `line` (1-based), or undefined when no entry
 * starts there or it does not close. Example: "@article{k,\n  title = {T}\n}" → ",\n  abstract = {…}" after "{T}".
 */
export function fieldInsertion(bibText: string, line: number, name: string, value: string): { offset: number; text: string } | undefined {
  let start = 0;
  for (let l = 1; l < line; l++) {
    const newline = bibText.indexOf('\n', start);
    if (newline < 0) return undefined;
    start = newline + 1;
  }
  const lineEnd = bibText.indexOf('\n', start) < 0 ? bibText.length : bibText.indexOf('\n', start);
  const at = bibText.slice(start, lineEnd).indexOf('@') < 0 ? -1 : start + bibText.slice(start, lineEnd).indexOf('@');
  const open = /@\s*[a-zA-Z]+\s*([{(])/y;
  open.lastIndex = at;
  const m = at >= 0 ? open.exec(bibText) : null;
  if (!m) return undefined;
  const closer = m[1] === '{' ? '}' : ')';
  let depth = 0;
  let close = -1;
  for (let i = at + m[0].length - 1; i < bibText.length; i++) {
    const c = bibText[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '{' || (c === '(' && depth === 0 && m[1] === '(')) depth++;
    else if (c === '}' || (c === ')' && depth === 1 && closer === ')')) {
      depth--;
      if (depth === 0) {
        close = i;
        break;
      }
    }
  }
  if (close < 0) return undefined;
  // Indent like the entry's last field; the new field goes after it, keeping a trailing comma style.
  const body = bibText.slice(at, close);
  const indent = /\n([ \t]+)[a-zA-Z-]+\s*=/.exec(body)?.[1] ?? '  ';
  let end = close;
  while (end > at && /\s/.test(bibText[end - 1])) end--;
  const trailingComma = bibText[end - 1] === ',';
  const field = `${indent}${name} = {${bibtexValue(value)}}`;
  return trailingComma ? { offset: end, text: `\n${field},` } : { offset: end, text: `,\n${field}` };
}
