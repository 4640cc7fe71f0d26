// Writes resources/latex-macros.json: for each character that LaTeX's own UTF-8 input does not set in text (Greek,
// math symbols, ligatures …), the LaTeX that needs no package. Source: the biblatex table of unicode2latex (Better
// BibTeX's mapping), a devDependency; its CommonJS build cannot be loaded (it requires undeclared and ESM-only
// modules), so the engine reads this file instead of the package. Rerun after updating unicode2latex:
//   npm run make-latex-macros        (needs pdflatex: Debian's texlive-latex-base)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { biblatex } from 'unicode2latex';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const version = JSON.parse(readFileSync(join(root, 'node_modules/unicode2latex/package.json'), 'utf8')).version;
// Kept in step with LATEX_TEXT_CHARS in src/core/engine/document-text.ts: written as they are, never looked up.
const TEXT_CHARS = /^[\x00-\x7f\u00a0-\u024f\u2010-\u2027\u2030-\u203a\u20ac\u2122]$/u;

// Each character's renderings in order of preference: its math macro, then its text macro. Text macros often need a
// package (\\texttheta is tipa's, \\ding pifont's) and so do some math macros in the base table (wasysym's
// \\mercury): each is set in a bare pdfLaTeX article, and the first that sets without error is kept.
const options = new Map();
for (const [ch, entry] of Object.entries(biblatex.base)) {
  // Combining marks never stand alone in our text (it is NFC); a macro for one would need an argument.
  if ([...ch].length !== 1 || TEXT_CHARS.test(ch) || /\p{M}/u.test(ch)) continue;
  const tries = [];
  if (entry.math) tries.push({ mode: 'math', latex: entry.math });
  if (entry.text) tries.push({ mode: 'text', latex: entry.text });
  if (tries.length) options.set(ch, tries);
}
const chosen = firstThatCompiles(options);
const math = {};
const text = {};
for (const [ch, { mode, latex }] of chosen) (mode === 'math' ? math : text)[ch] = latex;
const out = { source: `unicode2latex ${version}, biblatex table (base)`, math, text };
writeFileSync(join(root, 'resources/latex-macros.json'), JSON.stringify(out, null, 0) + '\n');
console.log(`resources/latex-macros.json: ${Object.keys(math).length} math, ${Object.keys(text).length} text`);

/** Tries each character's renderings in turn, one per line of a pdfLaTeX run; a line with an error moves it on. */
function firstThatCompiles(options) {
  const dir = mkdtempSync(join(tmpdir(), 'latex-macros-'));
  const attempt = new Map([...options.keys()].map((ch) => [ch, 0]));
  try {
    for (let round = 0; round < 10; round++) {
      const pending = [...attempt].filter(([ch, i]) => i < options.get(ch).length);
      const header = ['\\documentclass{article}', '\\begin{document}'];
      const lines = pending.map(([ch, i]) => {
        const { mode, latex } = options.get(ch)[i];
        // A text macro is followed by "x" as in running text, so that one that eats its argument shows.
        return mode === 'math' ? `$${latex}$\\par` : `${latex}{}x\\par`;
      });
      writeFileSync(join(dir, 'm.tex'), [...header, ...lines, '\\end{document}', ''].join('\n'));
      try {
        execFileSync('pdflatex', ['-interaction=nonstopmode', 'm.tex'], { cwd: dir, stdio: 'ignore' });
      } catch {
        // Errors are read from the log.
      }
      const log = readFileSync(join(dir, 'm.log'), 'latin1');
      if (!/Output written|No pages of output/.test(log)) throw new Error('pdflatex did not finish: see its log');
      const bad = new Set([...log.matchAll(/^l\.(\d+) /gm)].map((m) => Number(m[1]) - header.length - 1));
      // Characters whose every rendering failed are left out: they stay as written.
      if (!bad.size) return new Map(pending.map(([ch, i]) => [ch, options.get(ch)[i]]));
      for (const i of bad) if (pending[i]) attempt.set(pending[i][0], pending[i][1] + 1);
    }
    throw new Error('pdflatex still reports errors after 10 rounds');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
