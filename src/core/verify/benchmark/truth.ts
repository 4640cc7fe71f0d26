// The record a bibliographic service holds for a work, derived from a real .bib entry the way the services' records
// differ from .bib files: Unicode where the .bib writes LaTeX, full first names where it has initials, the
// publisher's title case, no protecting braces, the journal's full name, now and then the online-first year, every
// author where the .bib says "and others". This is written apart from the matching code on purpose (its own small
// LaTeX table): a benchmark whose stand-in echoed our own normalisation would measure nothing. Names alone are split
// by the BibTeX parser's rules, see `splitPeople`.
import type { BibEntry } from '../../bibtex';
import { nameParts, splitNameList } from '../../bibtex/names';
import type { Rng } from './random';

interface TruePerson {
  given: string;
  family: string;
}

export interface TrueWork {
  id: number;
  title: string;
  authors: TruePerson[];
  year: number;
  /** The year OpenAlex gives: the online-first one, a year earlier, for some works. */
  onlineYear: number;
  venue: string;
  venueKind: 'journal' | 'proceedings' | 'book' | 'other';
  doi: string;
  arxiv?: string;
  /** How the services' copies of this record differ from one another, as real ones do. */
  quirks?: {
    /** Crossref keeps the subtitle apart: title ["Main"], subtitle ["Sub"]. */
    crossrefSubtitle?: boolean;
    /** Crossref's title carries JATS/HTML face markup and entities ("<i>TeX</i> &amp; fonts"). */
    crossrefMarkup?: boolean;
    /** OpenAlex shows the names without their accents ("Hanna Schutze"). */
    openAlexPlainNames?: boolean;
  };
}

const ACCENTS: Record<string, string> = {
  '"': '\u0308', "'": '\u0301', '`': '\u0300', '^': '\u0302', '~': '\u0303', '=': '\u0304', '.': '\u0307',
  u: '\u0306', v: '\u030c', H: '\u030b', c: '\u0327', k: '\u0328', r: '\u030a',
};
const LETTERS: Record<string, string> = { aa: 'å', AA: 'Å', o: 'ø', O: 'Ø', ss: 'ß', l: 'ł', L: 'Ł', ae: 'æ', AE: 'Æ', oe: 'œ', OE: 'Œ', i: 'ı', j: 'ȷ' };
const SYMBOLS: Record<string, string> = {
  textendash: '–', textemdash: '—', cdot: '·', times: '×', pm: '±', alpha: 'α', beta: 'β', gamma: 'γ', delta: 'δ',
  mu: 'μ', pi: 'π', sigma: 'σ', lambda: 'λ', ldots: '…', dots: '…',
};
const LOGOS: Record<string, string> = {
  TeX: 'TeX', LaTeX: 'LaTeX', LaTeXe: 'LaTeX2ε', BibTeX: 'BibTeX', MF: 'Metafont', MP: 'MetaPost',
  METAFONT: 'METAFONT', AmS: 'AMS', AMS: 'AMS', ConTeXt: 'ConTeXt', XeTeX: 'XeTeX', LuaTeX: 'LuaTeX', eTeX: 'ε-TeX',
  PDF: 'PDF', TUB: 'TUGboat', TUG: 'TUG', pdfTeX: 'pdfTeX', TeXXeT: 'TeX--XeT', SliTeX: 'SliTeX', AMSTeX: 'AMS-TeX',
  PiCTeX: 'PiCTeX', BibTeXML: 'BibTeXML', mf: 'Metafont', MFbook: 'The METAFONTbook', TB: 'The TeXbook',
};

/** LaTeX as a publisher's database prints it: accents composed, logos spelled, markup and braces gone. */
function publisherText(latex: string): string {
  let s = latex
    .replace(/\\([\"'`^~=.])\s*\{?\\?([A-Za-z])\}?/g, (_, accent: string, letter: string) => (letter + ACCENTS[accent]).normalize('NFC'))
    .replace(/\\([uvHckr])\s*\{\\?([A-Za-z])\}/g, (_, accent: string, letter: string) => (letter + ACCENTS[accent]).normalize('NFC'))
    .replace(/\\([uvHckr]) ([A-Za-z])/g, (_, accent: string, letter: string) => (letter + ACCENTS[accent]).normalize('NFC'))
    .replace(/\\(aa|AA|ss|ae|AE|oe|OE|o|O|l|L|i|j)(?![A-Za-z])\s?/g, (_, name: string) => LETTERS[name])
    .replace(/\\(?:emph|textit|textbf|textsc|texttt|textsf|textsubscript|textsuperscript|mbox|url|path|cs|bf|it|tt|sc|rm|em|sf|mathrm|mathit|mathbf)\b\s*/g, '')
    .replace(/\\(textendash|textemdash|cdot|times|pm|alpha|beta|gamma|delta|mu|pi|sigma|lambda|ldots|dots)\b\s*/g, (_, name: string) => SYMBOLS[name])
    // Other commands are markup a publisher's record does not carry; the TeX logos it spells out.
    .replace(/\\([A-Za-z]+)(?:\{\})?\s*/g, (_, name: string) => (LOGOS[name] !== undefined ? `${LOGOS[name]} ` : /TeX|[A-Z]{2}/.test(name) ? `${name} ` : ''))
    .replace(/\\([&%$#_{}])/g, '$1')
    .replace(/``|''/g, '"')
    .replace(/---/g, '—')
    .replace(/--/g, '–')
    .replace(/~/g, ' ')
    .replace(/[{}$]/g, '')
    .replace(/\\/g, '');
  s = s.replace(/\s+/g, ' ').trim();
  return s;
}

const SMALL = new Set(['a', 'an', 'the', 'of', 'on', 'in', 'for', 'and', 'to', 'with', 'by', 'at', 'from', 'or', 'as', 'via', 'vs']);

/** Headline case as many publishers store titles ("A Study of the TeX Engine"). */
function publisherTitleCase(title: string): string {
  return title
    .split(' ')
    .map((w, i) => (i > 0 && SMALL.has(w.toLowerCase()) ? w.toLowerCase() : /^[a-z]/.test(w) ? w[0].toUpperCase() + w.slice(1) : w))
    .join(' ');
}

/**
 * The people of an author field, split by the BibTeX parser's own rules (`nameParts`): a publisher's record holds
 * each person's family and given names as the paper printed them, which is what BibTeX's split recovers — "van der"
 * particles with the family, "{IEEE Computer Society}" one name, "King, Jr., Martin Luther" → King / Martin Luther.
 * Splitting is not what this benchmark measures (test/unit/bibtex/names.test.ts does); the services' differences are.
 */
export function splitPeople(authorField: string): { people: TruePerson[]; others: boolean } {
  const people: TruePerson[] = [];
  let others = false;
  for (const raw of splitNameList(authorField)) {
    const name = publisherText(raw);
    if (!name) continue;
    if (name.toLowerCase() === 'others') {
      others = true;
      continue;
    }
    const { first, von, last } = nameParts(raw.trim());
    people.push({ family: publisherText([...von, ...last].join(' ')) || name, given: publisherText(first.join(' ')) });
  }
  return { people, others };
}

const FIRST_NAMES: Record<string, string[]> = {
  A: ['Andrew', 'Anna', 'Alexander'], B: ['Barbara', 'Benjamin'], C: ['Charles', 'Christina'], D: ['Donald', 'David', 'Daniel'],
  E: ['Edward', 'Elena'], F: ['Frank', 'Frederick'], G: ['George', 'Gerhard'], H: ['Hans', 'Helen'], I: ['Ian', 'Irene'], J: ['James', 'John', 'Jürgen'],
  K: ['Karl', 'Kathryn'], L: ['Leslie', 'Laura'], M: ['Michael', 'Maria'], N: ['Nelson', 'Nicola'], O: ['Oscar', 'Olga'], P: ['Peter', 'Paul'],
  R: ['Robert', 'Richard'], S: ['Stephen', 'Susan'], T: ['Thomas', 'Teresa'], V: ['Victor', 'Vera'], W: ['William', 'Walter'],
};

/** What a service shows where the .bib has initials: the full first name ("D. E." → "Donald E."). */
function fullGiven(given: string, rng: Rng): string {
  return given.replace(/^([A-Z])\.(?=\s|$|-)/, (m, initial: string) => {
    const names = FIRST_NAMES[initial];
    return names ? rng.pick(names) : m;
  });
}

const EXTRA_PEOPLE: TruePerson[] = [
  { given: 'Mei', family: 'Lin' }, { given: 'Tomás', family: 'Ortega' }, { given: 'Ingrid', family: 'Halvorsen' }, { given: 'Kwame', family: 'Mensah' },
];

/** ISO 4 abbreviations as the .bib files write them, and the journal's name as a publisher's record spells it. */
const JOURNAL_WORDS: Record<string, string> = {
  Trans: 'Transactions', Proc: 'Proceedings', J: 'Journal', Comput: 'Computational', Int: 'International', Conf: 'Conference',
  Syst: 'Systems', Commun: 'Communications', Appl: 'Applied', Phys: 'Physics', Lett: 'Letters', Rev: 'Review', Mater: 'Materials',
  Sci: 'Science', Technol: 'Technology', Electron: 'Electronics', Cryst: 'Crystal', Nat: 'Nature', Res: 'Research', Opt: 'Optics',
  Semicond: 'Semiconductor', Condens: 'Condensed', Sel: 'Selected', Top: 'Topics', Microstruct: 'Microstructures', Jpn: 'Japanese',
  Philos: 'Philosophical', Mag: 'Magazine', Crystallogr: 'Crystallography', Solid: 'Solid', Nanosci: 'Nanoscience', Chem: 'Chemistry',
  Soc: 'Society', Am: 'American', Eng: 'Engineering', Inf: 'Information', Math: 'Mathematics', Stat: 'Statistics', Mech: 'Mechanics',
  Struct: 'Structures', Biol: 'Biology', Med: 'Medicine', Quantum: 'Quantum', Devices: 'Devices', Growth: 'Growth',
};

function fullJournalName(venue: string): string {
  const expanded = venue.replace(/\b([A-Z][a-z]*)\.(?=\s|$|,|:)/g, (m, word: string) => JOURNAL_WORDS[word] ?? m);
  // "Applied Physics Letters", not "Applied. Physics. Letters": a full name has no abbreviating stops left.
  return expanded.replace(/\s+/g, ' ').trim();
}


export function trueWorkOf(entry: BibEntry, id: number, rng: Rng): TrueWork | undefined {
  const doiMatch = /10\.\d{4,9}\/[^\s}]+/.exec(entry.fields.doi ?? '');
  const titleRaw = entry.fields.title;
  const year = Number(/\d{4}/.exec(entry.fields.year ?? '')?.[0]);
  if (!doiMatch || !titleRaw || !year || !entry.fields.author) return undefined;
  const { people, others } = splitPeople(entry.fields.author);
  if (!people.length) return undefined;
  const authors = people.map((p) => ({ family: p.family, given: fullGiven(p.given, rng) }));
  // Some services drop middle initials ("Donald E. Knuth" → "Donald Knuth").
  for (const a of authors) if (rng.chance(0.2)) a.given = a.given.replace(/\s+[A-Z]\.$/, '');
  if (others) authors.push(...EXTRA_PEOPLE.slice(0, 1 + Math.floor(rng.next() * 3)));
  let title = publisherText(titleRaw).replace(/\.$/, '');
  if (rng.chance(0.5)) title = publisherTitleCase(title);
  const venueRaw = entry.fields.fjournal ?? entry.fields.journal ?? entry.fields.booktitle ?? entry.fields.publisher ?? '';
  let venue = publisherText(venueRaw);
  if (!entry.fields.fjournal) venue = fullJournalName(venue);
  const venueKind = entry.type === 'article' ? 'journal' : entry.type === 'inproceedings' ? 'proceedings' : /book/.test(entry.type) ? 'book' : 'other';
  const work: TrueWork = { id, title, authors, year, onlineYear: rng.chance(0.1) ? year - 1 : year, venue, venueKind, doi: doiMatch[0].replace(/[.,;]+$/, '') };
  work.quirks = { crossrefSubtitle: /: /.test(title) && rng.chance(0.5), crossrefMarkup: rng.chance(0.15), openAlexPlainNames: rng.chance(0.1) };
  const arxiv = /(\d{4}\.\d{4,5})/.exec(entry.fields.eprint ?? '')?.[1];
  if (arxiv) work.arxiv = arxiv;
  return work;
}
