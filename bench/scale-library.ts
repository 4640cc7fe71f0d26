// Writes a large synthetic library for the scale benchmark: ENTRIES entries with abstracts spread over .bib files
// of 1,000 entries each, and PDFS one-page papers, each linked to its entry by a `file` field or by DOI (half each).
// Words come from a fixed vocabulary with a seeded generator, so every run writes the same bytes.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { paperPdf } from '../test/unit/library/minimal-pdf';

// A vocabulary of a few thousand made-up words with Zipf-like frequencies, as real titles and abstracts have: a
// sixty-word vocabulary made every title share its words with thousands of others, which no library does and which
// sent the title linker through every entry for every PDF.
const SYLLABLES = 'ka lo mi ne ru sa te vo pi da ge bu fa ho ji ki la mo nu pe ri so tu va we xi yo za'.split(' ');
const VOCABULARY = Array.from({ length: 6000 }, (_, i) => {
  let word = '';
  for (let n = i + 1, k = 0; n > 0 || k < 2; n = Math.floor(n / SYLLABLES.length), k++) word += SYLLABLES[n % SYLLABLES.length];
  return word;
});
const SURNAMES = 'Knuth Lamport Beeton Mittelbach Goossens Rahtz Carlisle Hopper Lovelace Turing Noether Shannon Hamming Dijkstra Liskov Wirth'.split(' ');

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export interface ScaleLibrary {
  dir: string;
  bibDir: string;
  pdfDir: string;
  keys: string[];
}

/** Writes (or reuses, when already complete) the library under `dir`. */
export function writeScaleLibrary(dir: string, entries: number, pdfs: number): ScaleLibrary {
  const bibDir = path.join(dir, 'bib');
  const pdfDir = path.join(dir, 'pdf');
  const keys = Array.from({ length: entries }, (_, i) => `w${i}`);
  const done = path.join(dir, '.complete-v2');
  if (fs.existsSync(done)) return { dir, bibDir, pdfDir, keys };
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(bibDir, { recursive: true });
  fs.mkdirSync(pdfDir, { recursive: true });
  const random = rng(42);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  /** Rank r drawn with probability ∝ 1/(r+1): a few words everywhere, most words rare. */
  const zipf = () => VOCABULARY[Math.min(VOCABULARY.length - 1, Math.floor(Math.exp(random() * Math.log(VOCABULARY.length + 1))) - 1)];
  const words = (n: number) => Array.from({ length: n }, zipf).join(' ');
  const sentence = () => {
    const s = words(12 + Math.floor(random() * 10));
    return s[0].toUpperCase() + s.slice(1) + '.';
  };
  const perFile = 1000;
  for (let f = 0; f * perFile < entries; f++) {
    const lines: string[] = [];
    for (let i = f * perFile; i < Math.min(entries, (f + 1) * perFile); i++) {
      const title = words(6);
      const abstract = Array.from({ length: 5 }, sentence);
      const authors = `${pick(SURNAMES)}, A. and ${pick(SURNAMES)}, B.`;
      const hasPdf = i < pdfs;
      const byFileField = hasPdf && i % 2 === 0;
      lines.push(
        `@article{w${i},\n  author = {${authors}},\n  title = {${title[0].toUpperCase() + title.slice(1)}},\n  journal = {Journal of ${zipf()}},\n  year = ${1980 + (i % 45)},\n  doi = {10.5555/scale.${i}},\n` +
          (byFileField ? `  file = {:../pdf/w${i}.pdf:PDF},\n` : '') +
          `  abstract = {${abstract.join(' ')}},\n}\n`,
      );
      if (hasPdf) {
        const pdf = paperPdf({ title, authors, doi: byFileField ? undefined : `10.5555/scale.${i}`, abstract, intro: [sentence(), sentence(), sentence()] });
        fs.writeFileSync(path.join(pdfDir, `w${i}.pdf`), pdf);
      }
    }
    fs.writeFileSync(path.join(bibDir, `lib${String(f).padStart(3, '0')}.bib`), lines.join('\n'));
  }
  fs.writeFileSync(done, '');
  return { dir, bibDir, pdfDir, keys };
}
