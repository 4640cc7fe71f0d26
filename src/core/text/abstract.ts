// The author's own abstract, read from their paper: the LaTeX abstract environment, a Markdown "Abstract" section,
// or Pandoc's `abstract:` front matter. Drafts contrast the cited works with it.

export function ownAbstractOf(text: string, language: 'latex' | 'markdown'): string | undefined {
  if (language === 'latex') {
    const env = /\\begin\{abstract\}([\s\S]*?)\\end\{abstract\}/.exec(text);
    return env ? env[1].trim() || undefined : undefined;
  }
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  if (front) {
    const field = /^abstract:[ \t]*(?:[|>][-+]?[ \t]*)?(.*)\r?\n?((?:[ \t]+.*\r?\n?)*)/m.exec(front[1]);
    if (field) {
      const value = [field[1], ...field[2].split('\n').map((l) => l.trim())].filter(Boolean).join(' ').replace(/^["']|["']$/g, '');
      if (value) return value;
    }
  }
  const section = /^#{1,6}[ \t]*Abstract[ \t]*\r?\n([\s\S]*?)(?=^#{1,6}[ \t]|(?![\s\S]))/im.exec(text);
  return section ? section[1].trim() || undefined : undefined;
}
