// Text from the user's files (keys, titles, abstracts) shown in VS Code's Markdown (hovers, completion docs). A key
// written as ``x` ![](https://host/p.png) [Open](command:…)`` in a .tex file must read as those characters, not load a
// remote image or become a command link, so every user string goes through escapeMarkdown.

/**
 * Characters that make inline Markdown (code spans, emphasis, links, images, autolinks, HTML, tables, theme icons
 * need "$(" so escaping "(" is enough), each escaped with "\". Other punctuation stays as written, so a title reads
 * the same in the raw hover text ("Image-to-Image Translation").
 */
const MARKDOWN_SPECIAL = /[\\`*_{}[\]()#+!|<>~&]/g;

/**
 * Escapes every character that could start Markdown or HTML, and makes bare URLs and addresses inert: a linkifier
 * turns "https://…" or "www.…" into a link even when its punctuation is escaped, so a zero-width space is put after
 * the scheme's colon and after "www" ("https:\u200b//…" reads the same and is no link).
 */
export function escapeMarkdown(text: string): string {
  const inert = text.replace(/([a-z][a-z0-9+.-]*):(?=\/\/)/gi, '$1:\u200b').replace(/\bwww\./gi, 'www\u200b.');
  const escaped = inert.replace(MARKDOWN_SPECIAL, (c) => '\\' + c).replace(/\r?\n/g, ' ');
  // At the start, "- x" or "1. x" would open a list.
  return escaped.replace(/^(\s*)(-|\d+\.)/, (_m, space: string, mark: string) => space + mark.replace(/[-.]$/, (c) => '\\' + c));
}
