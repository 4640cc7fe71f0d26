// Writes a large synthetic library for the scale benchmark: ENTRIES entries with abstracts spread over .bib files
// of 1,000 entries each, and PDFS one-page papers, each linked to its entry by a `file` field or by DOI (half each).
// Words come from a fixed vocabulary with a seeded generator, so every run writes the same bytes.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { paperPdf } from '../test/unit/library/minimal-pdf';

const VOCABULARY = (
  'sparse graph neural network translation image domain adversarial loss cycle consistency encoder decoder attention ' +
  'transformer summarization citation retrieval ranking corpus benchmark parser grammar tagger speech acoustic model ' +
  'language embedding clustering topic inference bayesian variational kernel regression classifier feature selection ' +
  'optimization gradient convex stochastic sampling markov chain monte carlo protein structure molecule dynamics ' +
  'compiler typesetting font glyph layout hyphenation bibliography database index query planner storage transaction'
).split(' ');
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
  const done = path.join(dir, '.complete');
  if (fs.existsSync(done)) return { dir, bibDir, pdfDir, keys };
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(bibDir, { recursive: true });
  fs.mkdirSync(pdfDir, { recursive: true });
  const random = rng(42);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const words = (n: number) => Array.from({ length: n }, () => pick(VOCABULARY)).join(' ');
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
        `@article{w${i},\n  author = {${authors}},\n  title = {${title[0].toUpperCase() + title.slice(1)}},\n  journal = {Journal of ${pick(VOCABULARY)}},\n  year = ${1980 + (i % 45)},\n  doi = {10.5555/scale.${i}},\n` +
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
