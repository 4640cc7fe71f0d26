// Fabricated entries, one kind at a time, made from real ones as the invented references found in published papers
// are: a plausible title by authors who exist, a real title under other names, a real work a few years off, the DOI
// of another work, another journal, an arXiv id that was never issued, a real title with two words changed. Seeded:
// the same entries on every run. A DOI is kept on about half of those that would carry one, since a fabricator
// sometimes copies one and sometimes leaves it out.
import { BibEntry } from '../../bibtex';
import type { Rng } from './random';

export const FABRICATION_KINDS = [
  'invented-title',
  'real-title-other-authors',
  'wrong-year',
  'doi-of-another-work',
  'wrong-venue',
  'nonexistent-arxiv-id',
  'title-two-words-changed',
] as const;
export type FabricationKind = (typeof FABRICATION_KINDS)[number];

interface Fabricated {
  kind: FabricationKind;
  entry: BibEntry;
  /** The real entry it was made from. */
  from: string;
}

function words(title: string): string[] {
  return title.split(/\s+/).filter(Boolean);
}

function plainWords(text: string): Set<string> {
  return new Set(text.toLowerCase().replace(/[^a-z0-9 ]/g, ' ').split(/\s+/).filter((w) => w.length > 2));
}

function venueField(entry: BibEntry): 'journal' | 'booktitle' | undefined {
  return entry.fields.journal ? 'journal' : entry.fields.booktitle ? 'booktitle' : undefined;
}

function copy(entry: BibEntry, key: string, change: (fields: Record<string, string>) => void): BibEntry {
  const fields = { ...entry.fields };
  delete fields.fjournal;
  change(fields);
  return new BibEntry(key, entry.type, entry.line, fields, entry.file);
}

function maybeDropDoi(fields: Record<string, string>, rng: Rng): void {
  if (rng.chance(0.5)) delete fields.doi;
}

/** Content words of the corpus's titles, for replacing words with plausible ones. */
function vocabulary(real: readonly BibEntry[]): string[] {
  const all = new Set<string>();
  for (const e of real) for (const w of words(e.fields.title ?? '')) if (/^[a-z]{5,}$/.test(w)) all.add(w);
  return [...all].sort();
}

function differentFrom(rng: Rng, real: readonly BibEntry[], entry: BibEntry, accept: (other: BibEntry) => boolean): BibEntry | undefined {
  for (let tries = 0; tries < 200; tries++) {
    const other = rng.pick(real);
    if (other !== entry && accept(other)) return other;
  }
  return undefined;
}

export function fabricate(kind: FabricationKind, real: readonly BibEntry[], count: number, rng: Rng): Fabricated[] {
  const out: Fabricated[] = [];
  const vocab = vocabulary(real);
  const realTitles = new Set(real.map((e) => (e.fields.title ?? '').toLowerCase()));
  const sources = rng.shuffle(real);
  for (const entry of sources) {
    if (out.length >= count) break;
    const key = `fab-${kind}-${out.length + 1}`;
    let made: BibEntry | undefined;
    const title = entry.fields.title ?? '';
    switch (kind) {
      case 'invented-title': {
        // The front of one real title and the back of another, by the first one's authors: reads like a paper they
        // could have written.
        const other = differentFrom(rng, real, entry, (o) => words(o.fields.title ?? '').length >= 4);
        const a = words(title);
        const b = words(other?.fields.title ?? '');
        if (a.length < 3 || b.length < 4) continue;
        const invented = [...a.slice(0, Math.ceil(a.length / 2)), ...b.slice(Math.floor(b.length / 2))].join(' ');
        if (realTitles.has(invented.toLowerCase())) continue;
        made = copy(entry, key, (f) => {
          f.title = invented;
          delete f.doi;
        });
        break;
      }
      case 'real-title-other-authors': {
        const first = (e: BibEntry) => e.authors[0]?.family.toLowerCase();
        const other = differentFrom(rng, real, entry, (o) => !!o.fields.author && first(o) !== first(entry) && !o.authors.some((a) => entry.authors.some((b) => a.family === b.family)));
        if (!other) continue;
        made = copy(entry, key, (f) => {
          f.author = other.fields.author;
          maybeDropDoi(f, rng);
        });
        break;
      }
      case 'wrong-year': {
        const year = entry.year;
        if (!year) continue;
        const shift = rng.int(2, 5) * (rng.chance(0.5) ? 1 : -1);
        made = copy(entry, key, (f) => {
          f.year = String(year + shift);
          delete f.date;
          maybeDropDoi(f, rng);
        });
        break;
      }
      case 'doi-of-another-work': {
        const other = differentFrom(rng, real, entry, (o) => !!o.fields.doi && o.fields.doi !== entry.fields.doi && (o.fields.title ?? '').toLowerCase() !== title.toLowerCase());
        if (!other) continue;
        made = copy(entry, key, (f) => {
          f.doi = other.fields.doi;
        });
        break;
      }
      case 'wrong-venue': {
        const field = venueField(entry);
        if (!field) continue;
        const ours = plainWords(entry.fields[field]);
        const other = differentFrom(rng, real, entry, (o) => {
          const theirs = o.fields[field];
          return !!theirs && o.type === entry.type && ![...plainWords(theirs)].some((w) => ours.has(w));
        });
        if (!other) continue;
        made = copy(entry, key, (f) => {
          f[field] = other.fields[field];
          maybeDropDoi(f, rng);
        });
        break;
      }
      case 'nonexistent-arxiv-id': {
        const year = entry.year ?? 2020;
        const id = `${String(Math.max(year, 2008) % 100).padStart(2, '0')}${String(rng.int(1, 12)).padStart(2, '0')}.${String(rng.int(10000, 99999))}`;
        made = copy(entry, key, (f) => {
          delete f.doi;
          delete f.url;
          f.eprint = id;
          f.archiveprefix = 'arXiv';
        });
        break;
      }
      case 'title-two-words-changed': {
        const ws = words(title);
        const replaceable = ws.map((w, i) => (/^[A-Za-z]{4,}$/.test(w) ? i : -1)).filter((i) => i >= 0);
        if (replaceable.length < 2) continue;
        const [i, j] = rng.shuffle(replaceable);
        const swap = (w: string) => {
          for (let t = 0; t < 50; t++) {
            const v = rng.pick(vocab);
            if (v.toLowerCase() !== w.toLowerCase() && v.slice(0, 3) !== w.toLowerCase().slice(0, 3)) return /^[A-Z]/.test(w) ? v[0].toUpperCase() + v.slice(1) : v;
          }
          return w;
        };
        ws[i] = swap(ws[i]);
        ws[j] = swap(ws[j]);
        made = copy(entry, key, (f) => {
          f.title = ws.join(' ');
          maybeDropDoi(f, rng);
        });
        break;
      }
    }
    if (made) out.push({ kind, entry: made, from: entry.key });
  }
  return out;
}
