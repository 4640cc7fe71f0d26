// Sentence splitting for scientific prose: abstracts from .bib files and text extracted from PDFs.
import { STOPWORDS } from './tokens';

// Rule-based on purpose (fast, deterministic, no model): a '.', '!' or '?' ends a sentence only when what follows
// looks like a new sentence and what precedes it is not an abbreviation, an initial, or part of a citation span.

/** Abbreviations after which a period never ends a sentence (compared lower-case, without the final period). */
const NEVER_FINAL = new Set([
  'e.g', 'i.e', 'cf', 'viz', 'vs', 'v', 'w.r.t', 'a.k.a', 'resp', 'approx', 'ca', 'esp', 'incl', 'excl',
  'fig', 'figs', 'eq', 'eqs', 'eqn', 'eqns', 'sec', 'secs', 'sect', 'tab', 'tbl', 'ref', 'refs',
  'vol', 'vols', 'pp', 'p', 'ch', 'chap', 'appx', 'alg', 'thm', 'lem', 'prop', 'cor',
  'dr', 'mr', 'mrs', 'ms', 'prof', 'jr', 'sr', 'inc', 'ltd', 'corp', 'dept', 'univ',
  'jan', 'feb', 'apr', 'jun', 'jul', 'aug', 'sept', 'oct', 'nov', 'dec',
  'proc', 'conf', 'intl', 'natl', 'assoc', 'trans', 'comput', 'eds', 'cit', 'ibid',
]);

/** Abbreviations that are only abbreviations when capitalised ("No. 5", but "the answer is no."). */
const CAPITALISED_ONLY = new Set([
  'No', 'Nos', 'St', 'Co', 'Mar', 'Sep', 'App', 'Def', 'Ed', 'Ex',
  // Journal abbreviations in a reference run into an abstract ("J. Chem. Phys. 98, 4410 (1993)").
  'Chem', 'Phys', 'Rev', 'Lett', 'Biol', 'Sci', 'Acad', 'Appl', 'Math', 'Nucl', 'Mol', 'Biochem', 'Geophys',
  'Astrophys', 'Theor', 'Stat', 'Bull', 'Commun', 'Mech', 'Soc',
]);

/** Words that plausibly open a sentence right after "et al." (otherwise "et al." continues the sentence). */
const SENTENCE_OPENERS_AFTER_ET_AL = new Set([
  'we', 'our', 'this', 'these', 'they', 'their', 'it', 'its', 'in', 'however', 'here', 'moreover', 'furthermore',
  'unlike', 'similarly', 'although', 'while', 'for', 'to', 'on', 'a', 'an', 'another', 'such', 'both', 'most',
  'recently', 'also', 'finally', 'thus', 'therefore', 'instead', 'other', 'some', 'many', 'several',
]);

/** Bullets that open a list item. */
const BULLETS = '•▪◦‣';
const LEADING_BULLET = new RegExp(`^[${BULLETS}]\\s*`);

/** Longest bracketed span treated as atomic; beyond this a stray '(' or '[' must not swallow the paragraph. */
const MAX_PROTECTED_BRACKET = 300;

/**
 * Undo PDF line layout: join hyphenated line breaks ("repre-\nsentation" → "representation"), turn single line
 * breaks into spaces, and keep blank lines as paragraph breaks (marked with '\n\n').
 */
export function normalizePdfText(text: string): string {
  let t = text.replace(/\r\n?/g, '\n').replace(/\u00ad/g, '').replace(/[\u00a0\u2009\u202f]/g, ' ');
  // A hyphen at a line end followed by a lower-case continuation is a layout hyphen, unless the word already
  // contains a hyphen (then it is a compound like "state-of-the-\nart").
  t = t.replace(/(\S*?)(\p{L})-[ \t]*\n[ \t]*(\p{Ll})/gu, (_m, before: string, last: string, next: string) =>
    before.includes('-') ? `${before}${last}-${next}` : `${before}${last}${next}`,
  );
  t = t.replace(/[ \t]*\n[ \t]*\n\s*/g, '\u0000');
  t = t.replace(/[ \t]*\n[ \t]*/g, ' ');
  t = t.replace(/[ \t]+/g, ' ');
  return t.replace(/\u0000/g, '\n\n');
}

/** Character ranges [start, end) that must not be split: short bracketed spans and URLs / DOIs / emails. */
function protectedRanges(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const stack: Array<{ ch: string; at: number }> = [];
  const closing: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '[' || c === '{') stack.push({ ch: c, at: i });
    else if (c in closing) {
      // Pop to the matching opener; unmatched closers are ignored.
      for (let s = stack.length - 1; s >= 0; s--) {
        if (stack[s].ch === closing[c]) {
          const open = stack[s].at;
          stack.length = s;
          if (i - open <= MAX_PROTECTED_BRACKET) ranges.push([open, i + 1]);
          break;
        }
      }
    } else if (c === '\n' && text[i + 1] === '\n') {
      stack.length = 0; // paragraphs never share a bracket
    }
  }
  const urlLike = /\b(?:https?:\/\/|ftp:\/\/|www\.|doi:\s?)\S+|\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+/gi;
  for (let m = urlLike.exec(text); m; m = urlLike.exec(text)) {
    // A URL's own final period ("see http://x.org.") still ends the sentence.
    const end = m.index + m[0].replace(/[.,;:!?)\]]+$/, '').length;
    ranges.push([m.index, end]);
  }
  return ranges;
}

function insideAny(pos: number, ranges: Array<[number, number]>): boolean {
  for (const [s, e] of ranges) if (pos > s && pos < e - 1) return true;
  return false;
}

/** The whitespace-delimited word that ends at `end` (exclusive), without leading brackets/quotes. */
function wordBefore(text: string, end: number): string {
  let s = end;
  while (s > 0 && !/\s/.test(text[s - 1])) s--;
  return text.slice(s, end).replace(/^[(["'“‘]+/, '');
}

function isAbbreviationPeriod(text: string, dot: number, nextWord: string): boolean {
  const word = wordBefore(text, dot); // without the period itself
  if (word === '') return false;
  const lower = word.toLowerCase();
  if (NEVER_FINAL.has(lower) || CAPITALISED_ONLY.has(word)) return true;
  if (lower === 'al' || lower.endsWith('et al')) {
    // "et al." ends a sentence only when a typical sentence opener follows.
    const prev = text.slice(Math.max(0, dot - 6), dot).toLowerCase();
    if (prev.endsWith('et al')) return !SENTENCE_OPENERS_AFTER_ET_AL.has(nextWord.toLowerCase());
  }
  // Initials: "J. Smith", "A. B. Jones"; and dotted acronyms "e.g.", "U.S." (letter.letter).
  if (/^\p{Lu}$/u.test(word)) return true;
  if (/^(?:\p{L}\.)+\p{L}$/u.test(word)) {
    if (/^(?:e\.g|i\.e|w\.r\.t|a\.k\.a)$/i.test(word) || nextWord === '' || /^\p{Ll}/u.test(nextWord)) return true;
    // "W.E.B. Du Bois", "U.S. Senate": capital initials before a name; a sentence opener after them starts a sentence.
    const lowerNext = nextWord.toLowerCase();
    return /^(?:\p{Lu}\.)+\p{Lu}$/u.test(word) && /^\p{Lu}/u.test(nextWord) && !STOPWORDS.has(lowerNext) && !SENTENCE_OPENERS_AFTER_ET_AL.has(lowerNext);
  }
  return false;
}

/**
 * Split text into sentences. Survives "et al.", "e.g.", "i.e.", "Fig. 3", "Eq. (2)", "vs.", initials ("J. Smith"),
 * decimals ("3.5"), citation spans ("[3-6]", "(Smith et al., 2019)"), URLs, and PDF line breaks.
 * Blank lines always end a sentence. Returns trimmed, non-empty sentences in order.
 */
export function splitSentences(text: string): string[] {
  if (!text) return [];
  const t = normalizePdfText(text);
  const ranges = protectedRanges(t);
  const out: string[] = [];
  let start = 0;
  const push = (end: number) => {
    // A list item's bullet is layout, not text.
    const s = t.slice(start, end).trim().replace(LEADING_BULLET, '');
    if (s) out.push(s);
    start = end;
  };
  for (let i = 0; i < t.length; i++) {
    const c = t[i];
    if (c === '\n' && t[i + 1] === '\n') {
      push(i);
      i++;
      continue;
    }
    // "… the following benefits: • It improves …": a bullet starts a list item of its own.
    if (BULLETS.includes(c) && i > start && /\s/.test(t[i - 1] ?? '')) {
      push(i);
      continue;
    }
    // "(The work by X builds on Y.) We compare …": a sentence of its own in brackets ends where its bracket closes.
    if (c === ')' && /[.!?]/.test(t[i - 1] ?? '') && t.slice(start, i).trimStart().startsWith('(') && /^\s+\p{Lu}/u.test(t.slice(i + 1, i + 4))) {
      push(i + 1);
      continue;
    }
    if (c !== '.' && c !== '!' && c !== '?') continue;
    if (insideAny(i, ranges)) continue;
    // Ellipsis or repeated punctuation: decide at the last mark.
    if (t[i + 1] === '.' || t[i + 1] === '!' || t[i + 1] === '?') continue;
    // Closing quotes / brackets that belong to this sentence.
    let j = i + 1;
    while (j < t.length && /["'”’)\]]/.test(t[j])) j++;
    // "… two algorithms.We show …": a sentence glued to the next by a lost space (abstracts pasted from PDFs).
    if (c === '.' && j === i + 1 && /(?:^|\s)\p{Ll}{3,}$/u.test(t.slice(Math.max(0, i - 40), i)) && /^\p{Lu}\p{Ll}+\b/u.test(t.slice(j, j + 40))) {
      push(j);
      continue;
    }
    if (j < t.length && !/\s/.test(t[j])) continue; // "3.5", "x.org", "a.b"
    let k = j;
    while (k < t.length && /[ \t]/.test(t[k])) k++;
    if (k >= t.length) break; // trailing punctuation: the final push takes it
    if (t[k] === '\n') continue; // paragraph break handled above
    const next = t.slice(k, k + 40);
    const nextWord = (/^[("'“‘[]*([\p{L}\p{N}][\p{L}\p{N}'-]*)/u.exec(next) ?? ['', ''])[1];
    // The next sentence must start like one: upper-case letter, digit, quote or opening bracket + one of those.
    // A name written with a lower-case first letter ("feynMF lays out …", "pdfTeX reads …") starts one too.
    if (!/^[("'“‘[]*[\p{Lu}\p{N}]/u.test(next) && !/^\\[a-zA-Z]/.test(next) && !/^\p{Ll}+\p{Lu}/u.test(nextWord)) continue;
    if (c === '.' && isAbbreviationPeriod(t, i, nextWord)) continue;
    // "… three questions: (1) what is X? (2) how to Y? …": the questions of an enumerated list are one sentence.
    if (c === '?' && /^\(?(?:\d{1,2}|[ivx]{1,4}|[a-h])\)\s+\p{Ll}/u.test(next) && /(?:^|\s)\(?(?:1|i|a)\)\s/.test(t.slice(start, i))) continue;
    // A lone number before '.' that is really a list marker such as "1." at the start is fine to split after.
    push(j);
  }
  push(t.length);
  return out;
}
