// The sections of a LaTeX or Markdown document, so that a draft takes the keys of the section being written
// ("Related Work": 9 keys) rather than every key of the paper (39, the Penn Treebank and AdamW included).
import type { CiteLanguage } from './types';
import { citedKeys } from './index';

interface DocumentSection {
  title: string;
  /** 0 part/chapter-like … deeper is larger: \part −1, \chapter 0, \section 1, \subsection 2, …; Markdown # is 1. */
  level: number;
  /** Offset of the heading's start. */
  start: number;
  /** Offset where the next heading of the same or a higher level starts (or the document ends). */
  end: number;
}

const LATEX_LEVELS: Record<string, number> = { part: -1, chapter: 0, section: 1, subsection: 2, subsubsection: 3, paragraph: 4, subparagraph: 5 };

/** "{Related {W}ork}" → "Related Work": braces and simple macros out. */
function plainTitle(title: string): string {
  return title
    .replace(/\\[a-zA-Z]+\*?(?:\[[^\]]*\])?/g, ' ')
    .replace(/[{}~]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A balanced {…} group starting at `open` (which must be "{"); returns its end offset after "}". */
function groupEnd(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

function latexHeadings(text: string): Omit<DocumentSection, 'end'>[] {
  const out: Omit<DocumentSection, 'end'>[] = [];
  const re = /\\(part|chapter|section|subsection|subsubsection|paragraph|subparagraph)\*?\s*(?:\[[^\]]*\]\s*)?\{/g;
  for (let m; (m = re.exec(text)); ) {
    // A heading commented out with % does not count.
    const lineStart = text.lastIndexOf('\n', m.index) + 1;
    if (/(^|[^\\])%/.test(text.slice(lineStart, m.index))) continue;
    const open = m.index + m[0].length - 1;
    const end = groupEnd(text, open);
    if (end < 0) continue;
    out.push({ title: plainTitle(text.slice(open + 1, end - 1)), level: LATEX_LEVELS[m[1]], start: m.index });
  }
  return out;
}

function markdownHeadings(text: string): Omit<DocumentSection, 'end'>[] {
  const out: Omit<DocumentSection, 'end'>[] = [];
  let inFence = false;
  let offset = 0;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const m = !inFence && /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (m) out.push({ title: m[2].replace(/\{[^}]*\}\s*$/, '').trim(), level: m[1].length, start: offset });
    offset += line.length + 1;
  }
  return out;
}

export function documentSections(text: string, language: CiteLanguage): DocumentSection[] {
  const headings = language === 'latex' ? latexHeadings(text) : markdownHeadings(text);
  return headings.map((h, i) => {
    const next = headings.slice(i + 1).find((n) => n.level <= h.level);
    // A LaTeX section also ends at the bibliography or \end{document}.
    let end = next ? next.start : text.length;
    if (language === 'latex') {
      const tail = /\\(?:bibliography\{|printbibliography|begin\{thebibliography\}|end\{document\}|appendix\b)/g;
      tail.lastIndex = h.start;
      const stop = tail.exec(text);
      if (stop && stop.index < end) end = stop.index;
    }
    return { ...h, end };
  });
}

/** The section named `title` (case-insensitive; an exact title first, then one that contains it). */
export function findSection(sections: readonly DocumentSection[], title: string): DocumentSection | undefined {
  const want = title.trim().toLowerCase().replace(/\s+/g, ' ');
  return sections.find((s) => s.title.toLowerCase() === want) ?? sections.find((s) => s.title.toLowerCase().includes(want));
}

/** The section a related-work draft is for: the first titled "related work", "background" or "prior work". */
export function relatedWorkSection(sections: readonly DocumentSection[]): DocumentSection | undefined {
  return sections.find((s) => /related work|background|prior work|previous work/i.test(s.title));
}

/**
 * The section around `offset`: the outermost section heading above it that is not a part or chapter (so a cursor in
 * "2.1 Neural models" of "2 Related Work" takes all of Related Work).
 */
export function sectionAround(sections: readonly DocumentSection[], offset: number): DocumentSection | undefined {
  const containing = sections.filter((s) => s.start <= offset && offset < s.end);
  const top = Math.min(...containing.map((s) => s.level).filter((l) => l >= 1), Infinity);
  return containing.find((s) => s.level === top) ?? containing.at(-1);
}

/** Keys cited between `start` and `end`, in order of first citation. */
export function keysCitedIn(text: string, language: CiteLanguage, range: { start: number; end: number }): string[] {
  // A section starts at a heading, outside any comment or verbatim block, so its text parses on its own.
  return citedKeys(text.slice(range.start, range.end), language);
}
