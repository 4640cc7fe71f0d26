// Splits a paper's lines into sections by their headings, the way hierarchy parsers for scholarly PDFs do
// (OARelatedWork's among them): a heading is a short line of its own, either a known name ("Abstract",
// "References") or a numbered title ("1 Introduction", "2.1 Data", "II. RELATED WORK") whose number continues the
// sequence seen so far. Top-level headings start sections; sub-headings only break paragraphs.
import type { PaperSection, SectionKind, SourceSentence } from '../types';
import { splitSentences } from '../text/sentences';
import { DocumentSpelling, dominantSize, joinLineText, type PageLayout, type TextLine } from './layout';

/** Font size that most characters of the document are set in (the body text). */
export function bodyFontSize(pages: readonly PageLayout[]): number {
  const weight = new Map<number, number>();
  for (const p of pages) {
    for (const l of p.lines) {
      const key = Math.round(l.fontSize * 2) / 2;
      weight.set(key, (weight.get(key) ?? 0) + l.text.length);
    }
  }
  return dominantSize(weight, 10);
}

/** Lines that carry reading text: page numbers, running heads/feet and page-margin small print removed. */
export function contentLines(pages: readonly PageLayout[], bodySize: number): TextLine[] {
  const marginKey = (l: TextLine) => l.text.replace(/\d+/g, '#').toLowerCase();
  // The page's top and bottom lines count too (all runs on that baseline, as "74" and "Doe and Roe"): a small
  // page format sets its running head well inside the band.
  const edges = new Set<TextLine>();
  for (const p of pages) {
    if (!p.lines.length) continue;
    const top = Math.max(...p.lines.map((l) => l.y));
    const bottom = Math.min(...p.lines.map((l) => l.y));
    for (const l of p.lines) if (Math.abs(l.y - top) < 1 || Math.abs(l.y - bottom) < 1) edges.add(l);
  }
  const inBand = (l: TextLine, p: PageLayout) => p.height > 0 && (l.y > p.height * 0.92 || l.y < p.height * 0.08);
  const inMargin = (l: TextLine, p: PageLayout) => inBand(l, p) || edges.has(l);
  // Running heads repeat on several pages (modulo page numbers).
  const seen = new Map<string, Set<number>>();
  for (const p of pages) {
    for (const l of p.lines) {
      if (!inMargin(l, p)) continue;
      const key = marginKey(l);
      if (!seen.has(key)) seen.set(key, new Set());
      seen.get(key)!.add(p.page);
    }
  }
  const out: TextLine[] = [];
  for (const p of pages) {
    // A footnote (small print in the page's lower half that opens with a raised mark, and its small continuation
    // lines) sits in the content stream where the column ends, often inside a sentence that goes on in the next
    // column; it stays in the page text for search but is no part of the body's sentences.
    let inFootnote = false;
    for (const l of p.lines) {
      const smallPrint = l.fontSize < bodySize * 0.92;
      if (smallPrint && l.opensWithNoteMark && (p.height <= 0 || l.y < p.height * 0.5)) inFootnote = true;
      else if (!smallPrint) inFootnote = false;
      if (inFootnote) continue;
      if (inMargin(l, p)) {
        if (/^(?:page\s*)?[-–]?\s*\d{1,4}\s*[-–]?(?:\s*(?:of|\/)\s*\d+)?$/i.test(l.text)) continue;
        if (pages.length >= 3 && (seen.get(marginKey(l))?.size ?? 0) >= 2) continue;
        // Copyright notices and conference footers on page 1 are set smaller than the body.
        if (inBand(l, p) && l.fontSize < bodySize * 0.95 && !isHeadingCandidateText(l.text)) continue;
      }
      out.push(l);
    }
  }
  return out;
}

function isHeadingCandidateText(text: string): boolean {
  return text.length < 40 && /^[\p{L}\d]/u.test(text) && KNOWN_HEADING.test(headingName(text));
}

const KNOWN_HEADING = new RegExp(
  '^(?:abstract|introduction|related works?|background|background and related work|related work and background|' +
    'prior work|previous work|literature review|state of the art|conclusions?|conclusions? and future work|' +
    'concluding remarks|summary and conclusions?|discussion|discussion and conclusions?|references|bibliography|' +
    'literature cited|works cited|acknowledge?ments?|methods?|methodology|materials and methods|approach|' +
    'experiments?|experimental results|experimental setup|evaluation|results|results and discussion|appendix|' +
    'appendices|future work|limitations|ethics statement|keywords|index terms)$',
);

/** Heading text reduced to a comparable name: lower case, letter-spacing ("A B S T R A C T") and final ':' gone. */
export function headingName(text: string): string {
  let t = text.trim();
  if (/^(?:\p{L} ){3,}\p{L}$/u.test(t)) t = t.replace(/ /g, '');
  return t
    .replace(/[:.]+$/, '')
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

/** Coarse role of a section from its heading (already without its number). */
export function sectionKind(heading: string): SectionKind {
  const h = headingName(heading);
  if (/^abstract$/.test(h)) return 'abstract';
  if (/^(?:references|bibliography|literature cited|works cited|reference list)$/.test(h)) return 'references';
  if (/\bintroduction\b|^motivation$/.test(h)) return 'introduction';
  if (/related work|related research|related literature|prior work|previous work|background|literature review|state of the art/.test(h))
    return 'related-work';
  if (/conclu|future work|closing remarks|^summary$/.test(h)) return 'conclusion';
  if (/experiment|evaluation|results|empirical|case stud|user stud|benchmark|performance|ablation/.test(h)) return 'experiments';
  if (/method|approach|\bmodel|framework|algorithm|architecture|\bdesign|system|proposed|technique|formulation|implementation|problem|our |overview|preliminar|definition/.test(h))
    return 'method';
  return 'other';
}

const ROMAN: Record<string, number> = { I: 1, V: 5, X: 10 };
function romanValue(s: string): number {
  let total = 0;
  for (let i = 0; i < s.length; i++) {
    const v = ROMAN[s[i]];
    const next = ROMAN[s[i + 1]] ?? 0;
    total += v < next ? -v : v;
  }
  return total;
}

/** A plausible section title: short, starts with a capital, no sentence punctuation at the end, mostly letters. */
function isTitleText(t: string): boolean {
  if (t.length < 3 || t.length > 80) return false;
  if (!/^\p{Lu}/u.test(t)) return false;
  if (/[.,;]$/.test(t)) return false;
  // Table-of-contents entries end in a page number or dot leaders.
  if (/\s\d+$|\.{3,}|…/.test(t)) return false;
  // Numbered reference entries: "1. B. Charron-Bost, “Concerning …”".
  if (/^\p{Lu}\.\s|["“”]/u.test(t)) return false;
  if (t.split(/\s+/).length > 12) return false;
  const visible = t.replace(/\s/g, '');
  const letters = (visible.match(/\p{L}/gu) ?? []).length;
  return letters >= 3 && letters / visible.length >= 0.75 && !/[=%<>|@]/.test(t);
}

/** Unnumbered headings that papers with numbered sections also use without a number. */
const ALWAYS_UNNUMBERED = /^(?:abstract|references|bibliography|literature cited|works cited|acknowledge?ments?|appendix|appendices|keywords|index terms)$/;

type Candidate =
  | { type: 'known'; line: number; text: string; title: string; rest?: string }
  | { type: 'top'; line: number; text: string; title: string; scheme: 'arabic' | 'roman'; dotted: boolean; n: number }
  | { type: 'sub'; line: number; text: string; title: string; scheme: 'arabic' | 'lettered'; parent: number };

function headingCandidate(line: TextLine, index: number, bodySize: number): Candidate | undefined {
  const text = line.text.trim();
  if (line.fontSize < bodySize * 0.9) return undefined;

  const inline = /^(abstract|a b s t r a c t|index terms|keywords)\s*[—–\-:.]\s*(\S.*)$/i.exec(text);
  if (inline && /^\p{Lu}/u.test(text)) return { type: 'known', line: index, text: inline[1], title: inline[1], rest: inline[2] };
  if (text.length <= 60 && /^\p{Lu}/u.test(text) && (!text.endsWith('.') || /^abstract\.$/i.test(text)) && KNOWN_HEADING.test(headingName(text))) {
    return { type: 'known', line: index, text, title: text.replace(/[:.]+$/, '') };
  }

  const arabic = /^(\d{1,2})((?:\.\d{1,2}){0,3})(\.?)\s+(\S.*)$/.exec(text);
  if (arabic) {
    if (!isTitleText(arabic[4])) return undefined;
    if (arabic[2] === '') return { type: 'top', line: index, text, title: arabic[4], scheme: 'arabic', dotted: arabic[3] === '.', n: Number(arabic[1]) };
    return { type: 'sub', line: index, text, title: arabic[4], scheme: 'arabic', parent: Number(arabic[1]) };
  }

  const roman = /^(X{0,2}(?:IX|IV|V?I{0,3}))(\.?)\s+(\S.*)$/.exec(text);
  if (roman && roman[1] !== '' && isTitleText(roman[3])) {
    const letters = roman[3].replace(/[^\p{L}]/gu, '');
    // Without a dot ("I Introduction") only an all-caps title is trusted: "I think …" is prose.
    if (roman[2] === '.' || letters === letters.toUpperCase()) {
      return { type: 'top', line: index, text, title: roman[3], scheme: 'roman', dotted: roman[2] === '.', n: romanValue(roman[1]) };
    }
    return undefined;
  }

  // IEEE sub-headings "A. Data Sets" under a roman section.
  const lettered = /^([A-H])\.\s+(\S.*)$/.exec(text);
  if (lettered && isTitleText(lettered[2]) && lettered[2].split(/\s+/).length <= 8) {
    return { type: 'sub', line: index, text, title: lettered[2], scheme: 'lettered', parent: 0 };
  }
  return undefined;
}

/**
 * The paper's section numbering: the longest run of numbered headings 1, 2, 3, … in document order, of one
 * numbering style. Address lines ("1 University Station"), list items ("4. Periodically, …") and table rows fall
 * outside it because they do not continue the run.
 */
function numberingChain(candidates: readonly Candidate[]): Set<number> {
  const tops = candidates.filter((c): c is Extract<Candidate, { type: 'top' }> => c.type === 'top').slice(0, 2000);
  // Each heading counts 1, or 2 when its title is a known section name, so "1 Introduction" outweighs an address
  // line "1 University Station" that happens to start an equally long run.
  const value: number[] = [];
  const previous: number[] = [];
  const start: number[] = [];
  let best = -1;
  for (let k = 0; k < tops.length; k++) {
    const c = tops[k];
    const known = sectionKind(c.title) !== 'other';
    const own = known ? 2 : 1;
    value[k] = c.n <= 2 || (known && c.n <= 4) ? own : 0;
    previous[k] = -1;
    start[k] = c.line;
    for (let j = 0; j < k; j++) {
      const p = tops[j];
      if (value[j] === 0 || p.scheme !== c.scheme || p.dotted !== c.dotted) continue;
      if (!(c.n === p.n + 1 || (known && c.n === p.n + 2))) continue;
      if (value[j] + own > value[k] || (value[j] + own === value[k] && start[j] < start[k])) {
        value[k] = value[j] + own;
        previous[k] = j;
        start[k] = start[j];
      }
    }
    if (value[k] === 0) continue;
    // Heaviest run wins; on a tie the one spanning more of the document (a table of contents spans a few lines).
    if (best < 0 || value[k] > value[best] || (value[k] === value[best] && c.line - start[k] > tops[best].line - start[best])) best = k;
  }
  const chosen = new Set<number>();
  for (let k = best; k >= 0; k = previous[k]) chosen.add(tops[k].line);
  return chosen;
}

interface SectionDraft {
  heading: string;
  kind: SectionKind;
  lines: TextLine[];
}

/**
 * Builds sections with sentences from a paper's reading lines. Sentences carry their 1-based page.
 * Text before the first heading (title block, authors, affiliations) is dropped unless no heading is found at all.
 */
export function buildSections(lines: readonly TextLine[], bodySize: number, spelling = DocumentSpelling.fromLines(lines)): PaperSection[] {
  const candidates: Candidate[] = [];
  lines.forEach((line, i) => {
    const c = headingCandidate(line, i, bodySize);
    if (c) candidates.push(c);
  });
  const chain = numberingChain(candidates);
  const chainScheme = candidates.find((c) => c.type === 'top' && chain.has(c.line)) as Extract<Candidate, { type: 'top' }> | undefined;
  const byLine = new Map(candidates.map((c) => [c.line, c]));

  const drafts: SectionDraft[] = [];
  const preamble: SectionDraft = { heading: '', kind: 'other', lines: [] };
  let current = preamble;
  let currentNumber = -1;
  lines.forEach((line, i) => {
    const c = byLine.get(i);
    let top: { heading: string; title: string; rest?: string } | undefined;
    let sub = false;
    if (c?.type === 'top' && chain.has(i)) {
      top = { heading: c.text, title: c.title };
      currentNumber = c.n;
    } else if (c?.type === 'known' && (chain.size === 0 || ALWAYS_UNNUMBERED.test(headingName(c.title)))) {
      top = { heading: c.text, title: c.title, rest: c.rest };
      currentNumber = -1;
    } else if (c?.type === 'sub' && chainScheme) {
      sub = c.scheme === 'lettered' ? chainScheme.scheme === 'roman' && currentNumber > 0 : chainScheme.scheme === 'arabic' && c.parent === currentNumber;
    }
    if (top) {
      current = { heading: top.heading, kind: sectionKind(top.title), lines: [] };
      drafts.push(current);
      if (top.rest) current.lines.push({ ...line, text: top.rest, paragraphBreak: true });
    } else if (sub) {
      // A sub-heading ends the paragraph before it and is not itself a sentence.
      current.lines.push({ ...line, text: '', paragraphBreak: true });
    } else {
      current.lines.push(line);
    }
  });

  const sections: PaperSection[] = [];
  const preambleText = preamble.lines.reduce((n, l) => n + l.text.length, 0);
  if (drafts.length === 0 || preambleText > 2500) drafts.unshift(preamble);
  for (const d of drafts) {
    const sentences = sectionSentences(d.lines, d.kind, spelling);
    if (sentences.length === 0 && d.kind === 'other' && d.heading === '') continue;
    sections.push({ heading: d.heading, kind: d.kind, sentences });
  }
  return sections;
}

function sectionSentences(lines: readonly TextLine[], kind: SectionKind, spelling: DocumentSpelling): SourceSentence[] {
  // Join lines into one string (paragraph breaks as blank lines) and remember where each page starts.
  const parts: string[] = [];
  const pageStarts: Array<{ offset: number; page: number }> = [];
  let length = 0;
  let breakPending = false;
  for (const line of lines) {
    if (line.text === '') {
      breakPending = true;
      continue;
    }
    if (pageStarts.length === 0 || pageStarts[pageStarts.length - 1].page !== line.page) {
      pageStarts.push({ offset: parts.length === 0 ? 0 : length + 1, page: line.page });
    }
    if (parts.length === 0) {
      parts.push(line.text);
      length = line.text.length;
    } else {
      const last = parts[parts.length - 1];
      const separator = line.paragraphBreak || breakPending ? '\n\n' : ' ';
      const joined = joinLineText(last, line.text, separator, spelling);
      if (joined.length === last.length + separator.length + line.text.length) parts.push(separator + line.text);
      else parts[parts.length - 1] = joined;
      length += joined.length - last.length;
    }
    breakPending = false;
  }
  const text = parts.join('');
  const pieces = kind === 'references' ? splitReferences(text) : splitSentences(text);

  const sentences: SourceSentence[] = [];
  let cursor = 0;
  let pageIndex = 0;
  for (const piece of pieces) {
    if (!/\p{L}/u.test(piece)) continue;
    const at = text.indexOf(piece, cursor);
    const start = at >= 0 ? at : cursor;
    while (pageIndex + 1 < pageStarts.length && pageStarts[pageIndex + 1].offset <= start) pageIndex++;
    if (at >= 0) cursor = at + piece.length;
    sentences.push({ text: piece.replace(/\s+/g, ' '), section: kind, index: sentences.length, page: pageStarts[pageIndex]?.page });
  }
  return sentences;
}

/** A numbered reference list splits at its markers ("[12] …"); otherwise into sentences. Pieces are substrings of text. */
function splitReferences(text: string): string[] {
  const markers = [...text.matchAll(/(?:^|\s)\[\d{1,3}\]\s/g)];
  if (markers.length < 3) return splitSentences(text);
  const starts = markers.map((m) => m.index! + (/^\s/.test(m[0]) ? 1 : 0));
  const out: string[] = [];
  if (starts[0] > 0) out.push(text.slice(0, starts[0]).trim());
  for (let i = 0; i < starts.length; i++) out.push(text.slice(starts[i], starts[i + 1] ?? text.length).trim());
  return out.filter(Boolean);
}
