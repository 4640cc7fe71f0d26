// Which files feed the library: bibliographies named in .tex (\bibliography, \addbibresource) and Markdown
// (Pandoc's `bibliography:` front matter), and recursive walks of folders for .bib / .pdf files.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isSpecialPath, unreadableInputReason } from '../util/input-file';

export { isSpecialPath };

/** Strips TeX comments (an unescaped % to the end of the line) so commented-out bibliographies do not count. */
function stripTexComments(text: string): string {
  return text.replace(/(^|[^\\])%.*$/gm, '$1');
}

function withBibExtension(name: string): string {
  return /\.bib$/i.test(name) ? name : name + '.bib';
}

/**
 * .bib files named by `\bibliography{a, b}`, `\addbibresource[opts]{x.bib}`, `\addglobalbib`, `\addsectionbib`
 * and `\nobibliography`, resolved against the .tex file's folder. Arguments may span lines.
 */
export function bibliographyFilesFromTex(text: string, texPath: string): string[] {
  const dir = path.dirname(texPath);
  const found: string[] = [];
  const source = stripTexComments(text);
  const command = /\\(bibliography|nobibliography|addbibresource|addglobalbib|addsectionbib)\s*(?:\[[^\]]*\]\s*)?\{([^}]*)\}/g;
  for (const m of source.matchAll(command)) {
    const isBibtexStyle = m[1] === 'bibliography' || m[1] === 'nobibliography';
    // \bibliography takes a comma list; biblatex's commands take one resource (which may contain commas rarely).
    const names = isBibtexStyle ? m[2].split(',') : [m[2]];
    for (const raw of names) {
      const name = raw.replace(/\s+/g, ' ').trim();
      if (!name) continue;
      if (/^(https?|ftp):\/\//i.test(name)) continue; // remote resources are not indexed
      // biblatex wants the extension, but `\addbibresource{refs}` means refs.bib; other extensions are kept as written.
      const file = isBibtexStyle || !path.extname(name) ? withBibExtension(name) : name;
      found.push(path.resolve(dir, file));
    }
  }
  return unique(found);
}

/**
 * .bib files named by Pandoc front matter: `bibliography: refs.bib`, a flow list `[a.bib, b.bib]`, or a block list.
 * Relative paths resolve against the Markdown file's folder.
 */
export function bibliographyFilesFromMarkdown(text: string, mdPath: string): string[] {
  const front = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(text);
  if (!front) return [];
  const dir = path.dirname(mdPath);
  const lines = front[1].split(/\r?\n/);
  const names: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^bibliography\s*:\s*(.*)$/.exec(lines[i]);
    if (!m) continue;
    const value = m[1].trim();
    if (value.startsWith('[')) {
      // Flow list, possibly continued over several lines.
      let flow = value;
      while (!flow.includes(']') && i + 1 < lines.length) flow += ' ' + lines[++i].trim();
      for (const item of flow.replace(/^\[|\].*$/g, '').split(',')) names.push(unquote(item));
    } else if (value && !value.startsWith('#')) {
      names.push(unquote(value));
    } else {
      // Block list: "- a.bib" lines indented under the key.
      while (i + 1 < lines.length && /^\s*-\s+/.test(lines[i + 1])) names.push(unquote(lines[++i].replace(/^\s*-\s+/, '')));
    }
  }
  return unique(names.filter(Boolean).map((n) => path.resolve(dir, n)));
}

function unquote(s: string): string {
  const t = s.replace(/\s+#.*$/, '').trim();
  const m = /^(['"])(.*)\1$/.exec(t);
  return m ? m[2] : t;
}

function unique(paths: string[]): string[] {
  return [...new Set(paths)];
}

const SKIPPED_DIRS = new Set(['node_modules', '.git', '.hg', '.svn', '.vscode-test']);

function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * Files under `root` (recursively) whose names end with one of `extensions` (case-insensitive, with the dot),
 * skipping node_modules and VCS folders. A file path is returned as is when it matches. Sorted for stable runs.
 * Links are followed only where they stay inside `root`: a workspace's link to "/" found 9,152 files, and
 * "passwd.pdf → /etc/passwd" was read as a paper. Only regular files count (no FIFOs, devices or /proc entries).
 */
export function walkFiles(root: string, extensions: string[]): string[] {
  const wanted = extensions.map((e) => e.toLowerCase());
  const matches = (name: string) => wanted.some((e) => name.toLowerCase().endsWith(e));
  const out: string[] = [];
  let stat: fs.Stats;
  let realRoot: string;
  try {
    stat = fs.statSync(root);
    realRoot = fs.realpathSync(root);
  } catch {
    return out;
  }
  if (stat.isFile()) return matches(root) && !isSpecialPath(realRoot) ? [root] : [];
  const stack = [root];
  const seen = new Set<string>();
  while (stack.length) {
    const dir = stack.pop()!;
    let real: string;
    try {
      real = fs.realpathSync(dir);
    } catch {
      continue;
    }
    if (seen.has(real)) continue; // symlink loops
    seen.add(real);
    let items: fs.Dirent[];
    try {
      items = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const item of items) {
      const full = path.join(dir, item.name);
      let isDir = item.isDirectory();
      let isFile = item.isFile();
      if (item.isSymbolicLink()) {
        try {
          if (!isInside(fs.realpathSync(full), realRoot)) continue;
          const s = fs.statSync(full);
          isDir = s.isDirectory();
          isFile = s.isFile();
        } catch {
          continue;
        }
      }
      if (isDir) {
        if (!SKIPPED_DIRS.has(item.name)) stack.push(full);
      } else if (isFile && matches(item.name)) out.push(full);
    }
  }
  return out.sort();
}

/** A path the user named that is not read, and why ("not read: a device, not a file"). */
export interface SkippedInput {
  file: string;
  reason: string;
}

/**
 * Expands each path (file or folder) into the files with the given extensions. Missing paths are returned apart,
 * and so is every named path that exists but is not read (a FIFO, /dev/zero, /proc/self/environ, a folder under
 * /proc), with the reason: the user named it, so its absence from the index must not go unsaid.
 */
export function expandInputPaths(paths: string[], extensions: string[]): { files: string[]; missing: string[]; skipped: SkippedInput[] } {
  const files = new Set<string>();
  const missing: string[] = [];
  const skipped: SkippedInput[] = [];
  for (const p of paths) {
    const abs = path.resolve(p);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(abs);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') missing.push(abs);
      else skipped.push({ file: abs, reason: `not read: ${(err as Error).message}` });
      continue;
    }
    if (stat.isDirectory()) {
      let real = abs;
      try {
        real = fs.realpathSync(abs);
      } catch {
        // Unreadable on the way: walkFiles finds nothing there either.
      }
      if (isSpecialPath(real)) skipped.push({ file: abs, reason: `not read: ${real} is a system folder (/proc, /sys, /dev), not a folder of yours` });
      else for (const f of walkFiles(abs, extensions)) files.add(f);
      continue;
    }
    // Named explicitly: indexed whatever its extension, but never a device, a pipe or a pseudo-file.
    const reason = unreadableInputReason(abs, stat);
    if (reason) skipped.push({ file: abs, reason });
    else files.add(abs);
  }
  return { files: [...files].sort(), missing, skipped };
}
