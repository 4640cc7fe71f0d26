// Title / authors / DOI / arXiv id / year guesses from page 1 and the PDF's info dictionary (and XMP metadata).
// The info dictionary is often wrong ("Microsoft Word - draft.docx", a journal name), so its title is used only
// when page 1 confirms it; otherwise the largest type near the top of page 1 is the title.
import type { PdfMetadataGuess } from './types';
import { joinLineText, type PageLayout, type TextLine } from './layout';

export interface InfoFields {
  title?: string;
  author?: string;
  subject?: string;
  keywords?: string;
  creationDate?: string;
  /** XMP values that may carry identifiers (dc:identifier, prism:doi, dc:title). */
  xmpTitle?: string;
  xmpIdentifiers?: string[];
}

const DOI_PATTERN = /\b(10\.\d{4,9}\/[^\s"<>{}]+)/i;
const ARXIV_NEW = /\barXiv\s*:\s*(\d{4}\.\d{4,5})(v\d+)?/i;
const ARXIV_OLD = /\barXiv\s*:\s*([a-z-]+(?:\.[A-Z]{2})?\/\d{7})(v\d+)?/i;
const ARXIV_URL = /arxiv\.org\/(?:abs|pdf)\/(\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?\/\d{7})(?:v\d+)?/i;

/** Lower-cased DOI without resolver prefix or trailing punctuation. */
export function normalizeDoi(raw: string): string | undefined {
  const m = DOI_PATTERN.exec(raw.replace(/\s+/g, ' '));
  if (!m) return undefined;
  let doi = m[1].replace(/[.,;:]+$/, '');
  // A closing bracket belongs to the DOI only when the DOI opened one ("10.1002/(SICI)…").
  while (/[)\]]$/.test(doi) && count(doi, '(') < count(doi, ')') + (doi.endsWith(']') ? 1 : 0)) doi = doi.slice(0, -1).replace(/[.,;:]+$/, '');
  return doi.toLowerCase();
}

function count(s: string, ch: string): number {
  return s.split(ch).length - 1;
}

/** arXiv identifier without version ("1706.03762", "hep-th/9901001"). */
export function findArxivId(text: string): string | undefined {
  const m = ARXIV_NEW.exec(text) ?? ARXIV_OLD.exec(text) ?? ARXIV_URL.exec(text);
  return m?.[1];
}

const CURRENT_YEAR = new Date().getUTCFullYear();
const YEAR = /(?<![\d./-])(19[5-9]\d|20\d\d)(?![\d/-]|\.\d)/g;

function yearsIn(text: string): number[] {
  return [...text.matchAll(YEAR)].map((m) => Number(m[1])).filter((y) => y <= CURRENT_YEAR + 1);
}

/** Lines of page 1 that are publication furniture rather than the title (venue, rights, identifiers). */
const FURNITURE = new RegExp(
  [
    // the venue
    String.raw`arxiv|proceedings|journal|conference|symposium|workshop|transactions|letters|\bvol\b|volume`,
    // identifiers and rights
    String.raw`issn|isbn|doi|https?:|www\.|©|\(c\)|copyright|preprint|accepted|submitted|published|received|available online|licen[cs]e|@`,
    // a publisher's page furniture
    String.raw`contents lists|homepage|research article|original article|review article|open access|check for updates|page \d`,
  ].join('|'),
  'i',
);

function titleBlock(page: PageLayout, bodySize: number): { text: string; end: number; size: number } | undefined {
  const lines = page.lines;
  const upper = (l: TextLine) => page.height <= 0 || l.y > page.height * 0.35;
  const candidates = lines
    .map((l, i) => ({ l, i }))
    .filter(({ l }) => upper(l) && /\p{L}{2}/u.test(l.text) && !FURNITURE.test(l.text) && l.fontSize > bodySize * 1.05);
  const sizes = [...new Set(candidates.map(({ l }) => Math.round(l.fontSize * 2) / 2))].sort((a, b) => b - a);
  for (const size of sizes.slice(0, 4)) {
    const first = candidates.find(({ l }) => Math.abs(l.fontSize - size) <= 0.6);
    if (!first) continue;
    // The title continues over following lines of (nearly) the same size, close below each other.
    let text = first.l.text;
    let end = first.i;
    for (let j = first.i + 1; j < lines.length; j++) {
      const prev = lines[j - 1];
      const l = lines[j];
      const close = Math.abs(prev.y - l.y) < size * 2.2;
      if (Math.abs(l.fontSize - first.l.fontSize) > Math.max(0.6, first.l.fontSize * 0.06) || !close || FURNITURE.test(l.text)) break;
      text = joinLineText(text, l.text, ' ');
      end = j;
    }
    text = text.replace(/\s+/g, ' ').replace(/[*∗†‡§¶]+$/u, '').replace(/\s*\d$/, '').trim();
    // A lead paragraph set large ("IN this paper, we …") is not a title.
    if (/-$/.test(text) || /^\p{Lu}{2,}\s\p{Ll}/u.test(text)) continue;
    const words = text.split(' ').filter((w) => /\p{L}/u.test(w));
    if (words.length >= 2 && text.length <= 300) return { text, end, size: first.l.fontSize };
    if (words.length === 1 && words[0].length >= 6 && text !== text.toUpperCase()) return { text, end, size: first.l.fontSize };
  }
  return undefined;
}

const NOT_A_NAME = new RegExp(
  // parts of an affiliation, anywhere in the line
  String.raw`universit|institut|department|dept\.|school|college|laborator|centre|center|research|corporation|inc\.|ltd|gmbh|abstract|@|\d` +
    // whole words of an affiliation or an address
    String.raw`|\b(?:systems?|lab|group|division|science|sciences|engineering|technology|computer|computing` +
    String.raw`|road|street|avenue|way|via|san|santa|los|new|ag|ibm|google|microsoft|labs|faculty|campus|hall|building|email` +
    String.raw`|usa|germany|china|france|italy|japan|canada|austria|india)\b`,
  'i',
);

/** Splits an author line ("A. Smith1, B. Jones2 and C. Lee∗") into names that look like person names. */
export function parseAuthorNames(text: string): string[] {
  const names: string[] = [];
  const cleaned = text
    .replace(/[*∗†‡§¶♯♮#]+/gu, ' ')
    .replace(/(\p{L})\d+(?:,\d+)*/gu, '$1')
    .replace(/\s+/g, ' ');
  for (const part of cleaned.split(/\s*(?:,|;|·|•|\band\b|&|\s{2,})\s*/)) {
    const name = part.trim().replace(/^[^\p{L}]+|[^\p{L}.]+$/gu, '');
    if (!name || NOT_A_NAME.test(name)) continue;
    const words = name.split(/\s+/);
    if (words.length < 2 || words.length > 5) continue;
    if (!words.every((w) => /^(?:\p{Lu}[\p{L}'’.-]*|van|von|der|de|da|del|di|le|la|dos|du|y)$/u.test(w))) continue;
    names.push(name);
  }
  return names;
}

function normalizedWords(s: string): string[] {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Whether most words of `candidate` occur in `text` (the info title is checked against page 1). */
function confirmedBy(candidate: string, text: string): boolean {
  const words = normalizedWords(candidate);
  if (words.length === 0) return false;
  const inText = new Set(normalizedWords(text));
  return words.filter((w) => inText.has(w)).length / words.length >= 0.8;
}

/** Harmonic mean of Jaccard and containment of the two word sets ≥ 0.75 (the measure link.ts uses). */
function titlesAgree(a: string, b: string): boolean {
  const wa = new Set(normalizedWords(a));
  const wb = new Set(normalizedWords(b));
  if (wa.size === 0 || wb.size === 0) return false;
  let shared = 0;
  for (const w of wa) if (wb.has(w)) shared++;
  const jaccard = shared / (wa.size + wb.size - shared);
  const containment = shared / Math.min(wa.size, wb.size);
  return (2 * jaccard * containment) / (jaccard + containment || 1) >= 0.75;
}

/** Info-dictionary titles that are really file names, tool output or placeholders. */
function plausibleInfoTitle(title: string | undefined): title is string {
  if (!title) return false;
  const t = title.trim();
  if (t.length < 6 || t.split(/\s+/).length < 2) return false;
  if (/\.(?:dvi|pdf|docx?|tex|ps|eps|rtf|odt|indd|qxd)\b/i.test(t)) return false;
  if (/^proceedings of\b|\.\.\.$|…$/i.test(t)) return false;
  if (/^(?:microsoft (?:word|powerpoint)|untitled|title|paper|manuscript|document|slide|template|main)\b/i.test(t)) return false;
  if (/^[\w-]+$/.test(t) || /_/.test(t)) return false;
  return true;
}

export function guessMetadata(first: PageLayout | undefined, bodySize: number, info: InfoFields): PdfMetadataGuess {
  const guess: PdfMetadataGuess = {};
  const firstText = first ? [...first.lines, ...first.marginalia].map((l) => l.text).join('\n') : '';
  const block = first ? titleBlock(first, bodySize) : undefined;

  const infoTitle = [info.title, info.xmpTitle].find(plausibleInfoTitle)?.replace(/\s+/g, ' ').trim();
  if (block && infoTitle && titlesAgree(infoTitle, block.text)) {
    // Both name the same title: the typed-in one is cleaner unless it is cut short.
    const infoWords = normalizedWords(infoTitle).length;
    const useInfo = infoWords >= normalizedWords(block.text).length;
    guess.title = useInfo ? infoTitle : block.text;
    guess.titleSource = useInfo ? 'pdf-info' : 'first-page';
  } else if (block) {
    guess.title = block.text;
    guess.titleSource = 'first-page';
  } else if (infoTitle && (firstText === '' || confirmedBy(infoTitle, firstText))) {
    guess.title = infoTitle;
    guess.titleSource = 'pdf-info';
  }

  // Authors: the info dictionary when it lists names, otherwise the lines under the title block.
  const infoAuthors = info.author ? parseAuthorNames(info.author.replace(/\s*;\s*/g, ', ')) : [];
  if (infoAuthors.length > 0) guess.authors = infoAuthors;
  else if (first && block) {
    const names: string[] = [];
    for (let j = block.end + 1; j < Math.min(first.lines.length, block.end + 8); j++) {
      const line = first.lines[j];
      if (/^a\s?b\s?s\s?t\s?r\s?a\s?c\s?t\b/i.test(line.text) || line.fontSize > block.size) break;
      names.push(...parseAuthorNames(line.text));
    }
    if (names.length > 0) guess.authors = [...new Set(names)];
  }

  const identifierSources = [...(info.xmpIdentifiers ?? []), info.subject ?? '', info.keywords ?? '', firstText];
  for (const source of identifierSources) {
    const doi = source ? normalizeDoi(source) : undefined;
    if (doi) {
      guess.doi = doi;
      break;
    }
  }
  for (const source of identifierSources) {
    const arxiv = source ? findArxivId(source) : undefined;
    if (arxiv) {
      guess.arxivId = arxiv;
      break;
    }
  }

  guess.year = guessYear(first, bodySize, info, guess.arxivId);
  return guess;
}

/** A line of page 1 that names the venue or the rights, where the publication year is printed. */
const VENUE_LINE = new RegExp(
  String.raw`©|\(c\)|copyright|proceedings|conference|workshop|symposium|journal|transactions|published|accepted|received|vol\.|volume|\bpp?\.|issue` +
    String.raw`|\b(?:ACL|NAACL|EMNLP|COLING|EACL|ICML|NIPS|NeurIPS|ICLR|AAAI|IJCAI|KDD|SIGIR|SIGMOD|VLDB|WWW|CHI|ICSE|FSE)\b`,
  'i',
);

function guessYear(first: PageLayout | undefined, bodySize: number, info: InfoFields, arxivId?: string): number | undefined {
  // The arXiv stamp carries the submission date; the identifier itself encodes year and month.
  if (first) {
    for (const m of first.marginalia) {
      if (/arxiv/i.test(m.text)) {
        const ys = yearsIn(m.text);
        if (ys.length) return ys[ys.length - 1];
      }
    }
  }
  if (arxivId && /^\d{4}\./.test(arxivId)) return 2000 + Number(arxivId.slice(0, 2));
  if (first) {
    // Venue lines, copyright lines, and page-margin lines name the publication year; body text on page 1 cites
    // older work, so it is not used.
    // Page-margin lines count when set smaller than the body (footers), not body text that reaches the margin.
    const marginal = (l: TextLine) =>
      first.height > 0 && (l.y > first.height * 0.9 || l.y < first.height * 0.1) && l.fontSize < bodySize * 0.95 && !/et al\.|\(\p{Lu}[^()]*\d{4}\)/u.test(l.text);
    const years = first.lines.filter((l) => VENUE_LINE.test(l.text) || marginal(l)).flatMap((l) => yearsIn(l.text));
    if (years.length) return Math.max(...years);
  }
  const created = /^(?:D:)?(\d{4})/.exec(info.creationDate ?? '');
  if (created) {
    const y = Number(created[1]);
    if (y >= 1950 && y <= CURRENT_YEAR + 1) return y;
  }
  return undefined;
}
