// Turns pdf.js text items (glyph runs with positions) into lines and page text.
// Items are kept in content-stream order, which for typeset papers is reading order (column by column); positions
// only decide where a line ends, where a space goes and where a paragraph breaks.
import type { PdfjsTextItem } from './pdfjs';
import type { WordList } from '../text/words';

export interface TextLine {
  text: string;
  /** 1-based page. */
  page: number;
  /** Left x and baseline y of the line's first glyph run (PDF units, y grows upwards). */
  x: number;
  y: number;
  /** Font size of most of the line's characters (a drop cap or a superscript does not change it). */
  fontSize: number;
  /** A vertical gap larger than normal line spacing precedes this line. */
  paragraphBreak: boolean;
  /** The line opens with a raised footnote mark ("¹http://…", "²See the appendix …"): how a footnote's text begins. */
  opensWithNoteMark?: boolean;
}

export interface PageLayout {
  page: number;
  width: number;
  height: number;
  /** Horizontal text in reading order. */
  lines: TextLine[];
  /** Rotated text (e.g. the arXiv stamp in the margin): kept for search and metadata, left out of sections. */
  marginalia: TextLine[];
}

function fontSizeOf(item: PdfjsTextItem): number {
  const [a, b, c, d] = item.transform;
  const size = Math.max(Math.hypot(a, b), Math.hypot(c, d));
  return size > 0 ? size : item.height || 1;
}

function isRotated(item: PdfjsTextItem): boolean {
  const [a, b] = item.transform;
  return Math.abs(b) > Math.abs(a) * 0.05;
}

interface Builder {
  text: string;
  x: number;
  y: number;
  fontSize: number;
  endX: number;
  lastY: number;
  lastSize: number;
  paragraphBreak: boolean;
  /** Characters set in each font size, to find the line's dominant size. */
  sizes: Map<number, number>;
  /** The line's first run, to tell a footnote that opens with its raised mark. */
  first: { str: string; size: number; y: number };
  /** What became of the last raised run, while the runs after it stay raised and touch it. */
  raised?: 'exponent' | 'dropped' | 'kept';
}

/** The size with the most characters (the first such, in insertion order); `fallback` when there are none. */
export function dominantSize(sizes: ReadonlyMap<number, number>, fallback: number): number {
  let best = fallback;
  let most = -1;
  for (const [size, chars] of sizes) {
    if (chars > most) {
      best = size;
      most = chars;
    }
  }
  return best;
}

function sizeMap(size: number, chars: number): Map<number, number> {
  const sizes = new Map<number, number>();
  addSize(sizes, size, chars);
  return sizes;
}

function addSize(sizes: Map<number, number>, size: number, chars: number): void {
  const key = Math.round(size * 10) / 10;
  sizes.set(key, (sizes.get(key) ?? 0) + chars);
}

/** A real word space is at least ~0.15 em even in tightly justified text; kerns are a few hundredths. */
const SPURIOUS_SPACE_MAX_GAP = 0.08;

/** A footnote or citation mark: "4", "1,2", "12–14", "*", "†", "a,b" (affiliations). */
const NOTE_MARK = /^(?:\d{1,3}(?:\s*[,–-]\s*\d{1,3})*|[*†‡§¶‖]{1,3}|[a-f](?:\s*,\s*[a-f])*)$/;
/** Where a raised run is part of the expression before it: after one letter ("n", "σ") or a function name. */
const EXPONENT_BASE = /(?:(?:^|[^\p{L}])\p{L}|\b(?:log|ln|lg|exp|sin|cos|tan|sinh|cosh|tanh|det|max|min|sup|inf|lim))$/u;
/**
 * After a number, a raised run is a power of 2 or 10 ("10^6", "2^k") or one that is signed or symbolic ("3^−1",
 * "5^n"); a digit after any other number is a footnote ("Task 1" + "1").
 */
const POWER_BASE = /(?:^|[^\d.,])(?:2|10)$/;
const SYMBOLIC_EXPONENT = /^[−+-]|^\p{L}/u;
/** Brackets that close an expression ("(1 + ε)", "[x]"), not an aside in prose ("(see below)", "(Smith, 2003)"). */
const CLOSED_EXPRESSION = /[([]([^()[\]]*)[)\]]$/u;
const PROSE = /\b[a-z]{4,}|\b[A-Z][a-z]{4,}|\b(?:1[89]|20)\d\d\b|^[A-Z][\w-]*[A-Z]s?$/u;
/**
 * What a footnote mark follows: a word ("tagger", "Wikipedia"), a full stop or other closing punctuation, a number.
 * Not an acronym: "ABC" + "2" may be the method's name (ABC²), so it is left as it is.
 */
const NOTE_BASE = /(?:(?:^|[^\p{L}])\p{Lu}?\p{Ll}{2,}|[.,;:)\]"”’]|\d)$/u;
const ORDINAL_SUFFIX = /^(?:st|nd|rd|th)$/;
/** "Table 10" + "3" is a footnote to the table's mention, not 10³. */
const NUMBERED_LABEL = /\b(?:Tables?|Figs?\.?|Figures?|Sections?|Sect?\.|Chapters?|Eqs?\.?|Equations?|Appendix|Steps?|Lines?|Algorithms?)\s+[\dA-Z][\d.]*$/;

/**
 * A raised, smaller run on a line (a superscript), by what it follows: "O(n" + "2" → "O(n^2)", "10" + "6" → "10^6";
 * a footnote or citation mark after a word or a full stop goes ("our tagger" + "4" → "our tagger"); anything else
 * is kept as it is. Plain text cannot raise a run, and a mark glued to a word ("tagger4") reads as part of it.
 */
function superscriptRun(before: string, str: string, continues: Builder['raised']): { text: string; raised: NonNullable<Builder['raised']> } {
  if (continues === 'dropped') return { text: '', raised: 'dropped' };
  if (continues) return { text: str, raised: continues };
  const mark = str.trim();
  const base = before.trimEnd();
  // A raised run set apart from the text before it is left as it is: neither an exponent nor a mark for sure.
  if (before !== base) return { text: str, raised: 'kept' };
  // Primes, stars and daggers read right as they are ("c′", "S∗", "B+tree"); so do ordinals ("1st", "ith").
  const plainMark = /^[^\p{L}\p{N}(]+$/u.test(mark) || ORDINAL_SUFFIX.test(mark);
  const bracket = CLOSED_EXPRESSION.exec(base);
  const expression = bracket
    ? !PROSE.test(bracket[1])
    : /\d$/.test(base)
      ? !NUMBERED_LABEL.test(base) && (POWER_BASE.test(base) || SYMBOLIC_EXPONENT.test(mark))
      : EXPONENT_BASE.test(base);
  if (!plainMark && expression) return { text: '^' + str, raised: 'exponent' };
  // The mark goes; a space set inside its run still parts the words around it ("pattern36 (S2" → "pattern (S2").
  if (NOTE_MARK.test(mark) && NOTE_BASE.test(base)) return { text: /\s$/.test(str) ? ' ' : '', raised: 'dropped' };
  return { text: str, raised: 'kept' };
}

/** A line that starts with the run `str` at (x, y). */
function startLine(str: string, x: number, y: number, size: number, width: number, paragraphBreak: boolean): Builder {
  return { text: str, x, y, fontSize: size, endX: x + width, lastY: y, lastSize: size, paragraphBreak, sizes: sizeMap(size, str.length), first: { str, size, y } };
}

/** The combining mark of each spacing accent that TeX typesets as a glyph of its own ("Sch¨utze", "Mart´ınez"). */
const COMBINING_ACCENT: Readonly<Record<string, string>> = {
  '¨': '\u0308',
  '´': '\u0301',
  '`': '\u0300',
  'ˆ': '\u0302',
  '˜': '\u0303',
  'ˇ': '\u030c',
  '¸': '\u0327',
  '˚': '\u030a',
  '˘': '\u0306',
  '¯': '\u0304',
  '˙': '\u0307',
  '˝': '\u030b',
};
const SPACING_ACCENTS = `[${Object.keys(COMBINING_ACCENT).join('')}]`;
/** A letter of a word; not a modifier letter such as the circumflex "ˆ" of math ("ˆZ´(θ)"). */
const LETTER_CLASS = String.raw`[\p{Lu}\p{Ll}\p{Lt}\p{Lo}]`;
const LETTER = new RegExp(LETTER_CLASS, 'u');
const HAS_SPACING_ACCENT = new RegExp(SPACING_ACCENTS, 'u');
/** An accent after a letter: before another letter, or at the end of the word. */
const ACCENT_IN_WORD = new RegExp(String.raw`(${LETTER_CLASS})(${SPACING_ACCENTS})(${LETTER_CLASS}|(?![\p{L}\p{N}]))`, 'gu');
/** An accent that opens a word; not the quote marks ` and ´, nor a cedilla (which follows its letter). */
const ACCENT_OPENING_WORD = new RegExp(String.raw`(?<![\p{L}\p{N}])(${SPACING_ACCENTS.replace(/[´`¸]/g, '')})([\p{Lu}\p{Ll}])`, 'gu');

/** A letter with the accent as one precomposed Latin letter ("o" + "¨" → "ö"), or undefined when there is none. */
function accented(letter: string, accent: string): string | undefined {
  if (!letter) return undefined;
  const composed = ((letter === 'ı' ? 'i' : letter) + COMBINING_ACCENT[accent]).normalize('NFC');
  const code = composed.codePointAt(0)!;
  // Latin-1 Supplement to Latin Extended-B: the letters of European names ("ö", "č", "ñ", "ç"), not "ḿ".
  return composed.length === 1 && code >= 0xc0 && code <= 0x24f ? composed : undefined;
}

/**
 * Glyphs that the text layer gives apart or wrong inside a word:
 * - an accent typeset before its letter ("Sch¨utze" → "Schütze", "Mart´ınez" → "Martínez"), or after it when the
 *   letter after cannot take it ("Go´mez" → "Gómez"); a cedilla comes after its letter ("Pas¸ca" → "Paşca",
 *   "Fa¸cade" → "Façade");
 * - an acute or grave accent set for an apostrophe ("author´s" → "author’s");
 * - the "ffi" ligature of old Type 1 fonts read through the wrong encoding as "Æ" ("diÆcult" → "difficult").
 * An accent that makes no Latin letter (math such as "˜s", "¯Φ", "0.08˚C") stays as it is, and so does a prime after a
 * variable ("m´").
 */
export function repairGlyphs(text: string): string {
  let out = text;
  // Two accents on one word overlap as matches ("Straˇn´ak"): a second pass takes the one the first skipped.
  for (let pass = 0; pass < 2 && HAS_SPACING_ACCENT.test(out); pass++) {
    out = out.replace(ACCENT_IN_WORD, (whole, before: string, accent: string, after: string, at: number, all: string) => {
      if (accent === '´' || accent === '`') {
        // An apostrophe ("author´s", "don´t"), a prime after a one-letter variable ("m´ and m´´").
        if (/^(?:s|t|d|m|ll|re|ve)\b/.test(all.slice(at + 2))) return `${before}’${after}`;
        if (/^\p{Ll}$/u.test(before) && !LETTER.test(all[at - 1] ?? '')) return whole;
        // At the end of a word: after one letter, a prime ("(R´)^n"); after a plural's "s", its apostrophe ("the
        // authors´ view"); after a vowel, its accent ("Chague´" → "Chagué", below).
        if (!after && !LETTER.test(all[at - 1] ?? '')) return whole;
        if (!after && before === 's') return `${before}’`;
      }
      const next = accented(after, accent);
      const previous = accented(before, accent);
      // A cedilla goes on the letter before it first, any other accent on the letter after it.
      const [first, second] = accent === '¸' ? [previous && previous + after, next && before + next] : [next && before + next, previous && previous + after];
      return first ?? second ?? whole;
    });
  }
  // An accent opening a word goes on its first letter ("ˇStˇep´anek" → "Štěpánek").
  if (HAS_SPACING_ACCENT.test(out)) out = out.replace(ACCENT_OPENING_WORD, (whole, accent: string, letter: string) => accented(letter, accent) ?? whole);
  return out.includes('Æ') ? out.replace(/(?<=\p{L})Æ(?=\p{Ll})/gu, 'ffi') : out;
}

/** Groups one page's items into lines, inserting spaces from horizontal gaps. */
export function layoutPage(
  items: ReadonlyArray<PdfjsTextItem | { type: string }>,
  page: number,
  width: number,
  height: number,
): PageLayout {
  const lines: TextLine[] = [];
  const marginalia: TextLine[] = [];
  let current: Builder | undefined;
  let pendingSpace = false;
  let forceBreak = false;

  const flush = (target: TextLine[]) => {
    if (current) {
      const text = repairGlyphs(current.text.replace(/\s+/g, ' ').trim());
      const fontSize = dominantSize(current.sizes, current.fontSize);
      const line: TextLine = { text, page, x: current.x, y: current.y, fontSize, paragraphBreak: current.paragraphBreak };
      const { first } = current;
      if (first.size < fontSize * 0.85 && first.size >= fontSize * 0.5 && first.y - current.lastY > 0.15 * fontSize && NOTE_MARK.test(first.str.trim())) line.opensWithNoteMark = true;
      if (text) target.push(line);
    }
    current = undefined;
  };

  let rotated: Builder | undefined;
  for (const raw of items) {
    if (!('str' in raw)) continue; // marked-content markers
    const item = raw;
    if (isRotated(item)) {
      // Rotated runs are rare and short; one line per contiguous run is enough for metadata.
      const size = fontSizeOf(item);
      if (rotated && Math.abs(rotated.x - item.transform[4]) < size) rotated.text += item.str;
      else {
        if (rotated?.text.trim()) marginalia.push({ text: rotated.text.trim(), page, x: rotated.x, y: rotated.y, fontSize: rotated.fontSize, paragraphBreak: true });
        rotated = {
          text: item.str, x: item.transform[4], y: item.transform[5], fontSize: size, endX: 0, lastY: 0, lastSize: size,
          paragraphBreak: true, sizes: new Map(), first: { str: item.str, size, y: item.transform[5] },
        };
      }
      continue;
    }
    const str = item.str;
    if (str.trim() === '') {
      // Explicit space runs (and empty runs that only carry hasEOL).
      if (str.length > 0) pendingSpace = true;
      if (item.hasEOL) forceBreak = true;
      continue;
    }
    const size = fontSizeOf(item);
    const x = item.transform[4];
    const y = item.transform[5];
    if (current) {
      const dy = current.lastY - y;
      const ref = Math.max(size, current.lastSize);
      // Same line: baselines close (superscripts/subscripts shift by < ~0.5em) and not jumping far back left.
      const sameLine = !forceBreak && Math.abs(dy) < 0.55 * ref && x > current.endX - ref * 1.5;
      if (sameLine) {
        const gap = x - current.endX;
        const em = Math.min(size, current.lastSize);
        // pdf.js inserts a space run at some kerns of Type 3 fonts (dvips-era papers: "Intro duction", "b est"); a
        // space whose glyphs on both sides touch is one of those, not a word break.
        const spuriousSpace = pendingSpace && current.endX > current.x && gap < SPURIOUS_SPACE_MAX_GAP * em;
        const needsSpace = (pendingSpace && !spuriousSpace) || gap > 0.18 * em;
        // A superscript: smaller than the line's main text, raised above its baseline, close to what it follows.
        // (A run under half the size follows a drop cap, not a base it is the superscript of: "I" + "N THIS PAPER".)
        const ratio = size / current.lastSize;
        const raised = ratio < 0.85 && ratio >= 0.5 && y - current.lastY > 0.2 * current.lastSize && gap < 0.3 * current.lastSize;
        let text = str;
        if (raised) {
          const run = superscriptRun(needsSpace ? current.text + ' ' : current.text, str, current.raised);
          text = run.text;
          current.raised = run.raised;
        } else current.raised = undefined;
        if (text && needsSpace && !/\s$/.test(current.text) && !/^\s/.test(text)) current.text += ' ';
        current.text += text;
        current.endX = Math.max(current.endX, x + item.width);
        current.fontSize = Math.max(current.fontSize, size);
        addSize(current.sizes, size, str.length);
        // Track the main baseline, not a superscript's.
        if (size >= current.lastSize * 0.9) {
          current.lastY = y;
          current.lastSize = size;
        }
      } else {
        const lineGap = dy; // positive when moving down the page
        const spacing = Math.max(current.lastSize, size);
        const paragraphBreak = lineGap > spacing * 1.75 || lineGap < -spacing * 3;
        flush(lines);
        current = startLine(str, x, y, size, item.width, paragraphBreak);
      }
    } else {
      // The first line of a page continues the previous page's paragraph unless a heading says otherwise.
      current = startLine(str, x, y, size, item.width, false);
    }
    pendingSpace = false;
    forceBreak = item.hasEOL;
  }
  flush(lines);
  if (rotated?.text.trim()) marginalia.push({ text: rotated.text.trim(), page, x: rotated.x, y: rotated.y, fontSize: rotated.fontSize, paragraphBreak: true });
  return { page, width, height, lines, marginalia };
}

const HYPHEN_AT_END = /(\S*?)(\p{L})[-\u00ad]$/u;

/**
 * How a document spells its words inside lines (where no line break interferes), to settle a hyphen at a line end
 * the way the document itself does elsewhere: "question-|focused" → "question-focused", "Page-|Rank" → "PageRank".
 */
export class DocumentSpelling {
  private readonly counts = new Map<string, number>();

  /** `wordList`: English words, for the words the document writes only at a line break. */
  private constructor(private readonly wordList?: Pick<WordList, 'has'>) {}

  static fromLines(lines: Iterable<TextLine>, wordList?: Pick<WordList, 'has'>): DocumentSpelling {
    const spelling = new DocumentSpelling(wordList);
    for (const line of lines) {
      const words = line.text.split(/\s+/);
      // The last word may be the first half of a hyphenated word: it is not a spelling.
      if (words.length && /[-\u00ad]$/.test(words[words.length - 1])) words.pop();
      for (const w of words) {
        const word = w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '').toLowerCase();
        if (word.length >= 4) spelling.counts.set(word, (spelling.counts.get(word) ?? 0) + 1);
      }
    }
    return spelling;
  }

  /** 'hyphen' or 'join' when the document writes one form more often than the other; undefined when it does not say. */
  prefer(hyphenated: string, joined: string): 'hyphen' | 'join' | undefined {
    const h = this.counts.get(hyphenated.toLowerCase()) ?? 0;
    const j = this.counts.get(joined.toLowerCase()) ?? 0;
    return h > j ? 'hyphen' : j > h ? 'join' : undefined;
  }

  /**
   * A compound of two words that is not one word itself ("graph-|based", "fine-|grained", "meaning-|representation"),
   * by the word list; a capitalised head of three letters or fewer is the first syllable of a name ("Cam-|bridge",
   * "Den-|mark") instead. In the 69 shared PDFs, where the document spells such a word elsewhere the list agrees with
   * it 98% of the time.
   */
  isCompound(head: string, tail: string): boolean {
    if (!this.wordList || (/^\p{Lu}/u.test(head) && head.length <= 3)) return false;
    const h = head.toLowerCase();
    const t = tail.toLowerCase();
    return this.wordList.has(h) && this.wordList.has(t) && !this.wordList.has(h + t);
  }
}

/**
 * Joins two consecutive lines. A hyphen at a line end is settled by how the document spells the word elsewhere when
 * it does; otherwise, before a lower-case continuation it is a layout hyphen and goes, unless the word already has a
 * hyphen (a compound such as "state-of-the-/art" keeps it), and before a capital or a digit it stays, without a space.
 */
export function joinLineText(previous: string, next: string, separator: string, spelling?: DocumentSpelling): string {
  const last = previous.charCodeAt(previous.length - 1);
  // A line broken after an en dash inside a word or a range ("co–|occurrence", "pages 604–|609") needs no space.
  if (last === 0x2013 && /[\p{L}\p{N}]–$/u.test(previous) && /^[\p{L}\p{N}]/u.test(next)) return previous + next;
  if (last !== 0x2d && last !== 0xad) return previous + separator + next; // fast path: no hyphen at the end
  // Only the last word matters; scanning the whole line from every start position is needlessly slow.
  const lastWord = previous.slice(previous.lastIndexOf(' ') + 1);
  const m = HYPHEN_AT_END.exec(lastWord);
  // A hyphen left hanging before "and"/"or" ("intra-|and inter-sentence") is the first of two compounds.
  if (m && previous.endsWith('-') && /^(?:and|or)\b(?!-)/.test(next)) return previous + separator + next;
  if (m && spelling && previous.endsWith('-')) {
    const head = lastWord.replace(/^[^\p{L}\p{N}]+/u, '').slice(0, -1);
    const tail = /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/u.exec(next)?.[0];
    const choice = tail ? spelling.prefer(`${head}-${tail}`, head + tail) : undefined;
    if (choice === 'hyphen') return previous + next;
    if (choice === 'join') return previous.slice(0, -1) + next;
    // Only the parts that meet at the break: "rule-|based" or "state-of-the-|art" → "the" and "art".
    if (!choice && tail && spelling.isCompound(head.slice(head.lastIndexOf('-') + 1), tail.split('-')[0])) return previous + next;
  }
  if (m && /^\p{Ll}/u.test(next)) {
    const keepHyphen = m[1].includes('-') && previous.endsWith('-');
    return previous.slice(0, previous.length - 1) + (keepHyphen ? '-' : '') + next;
  }
  // Before a capital or a digit the hyphen is part of the name: "Bag-/Of-Words", "GPT-/4".
  if (m && previous.endsWith('-') && /^[\p{Lu}\d]/u.test(next)) return previous + next;
  if (previous.endsWith('\u00ad')) return previous.slice(0, -1) + next;
  return previous + separator + next;
}

/** Plain text of a page: one line per line of text, hyphenated line ends joined, rotated marginalia last. */
export function pageText(layout: PageLayout, spelling?: DocumentSpelling): string {
  const out: string[] = [];
  for (const line of layout.lines) {
    if (out.length === 0) {
      out.push(line.text);
      continue;
    }
    const joined = joinLineText(out[out.length - 1], line.text, '\u0000', spelling);
    if (joined.includes('\u0000')) out.push((line.paragraphBreak ? '\n' : '') + line.text);
    else out[out.length - 1] = joined;
  }
  for (const line of layout.marginalia) out.push('\n' + line.text);
  return out.join('\n');
}
