// crossref and xdata: an entry copies the fields it lacks from its parent, the way biblatex does for the common
// cases (an @inproceedings's `booktitle` from its @proceedings's `title`).
import { splitKeyList, type BibEntry } from './entry';

/** BibTeX allows one level of crossref; biber a few. Beyond this a chain is generated or hostile. */
const MAX_INHERITANCE_DEPTH = 32;

/** Fields that must never be copied from a crossref parent (biblatex's defaults). */
const NOT_INHERITED = new Set([
  'ids', 'crossref', 'xref', 'xdata', 'entryset', 'entrysubtype', 'execute', 'label', 'options', 'presort',
  'related', 'relatedoptions', 'relatedstring', 'relatedtype', 'shorthand', 'shorthandintro', 'sortkey',
]);
const CONTAINER_TYPES = new Set(['book', 'mvbook', 'collection', 'mvcollection', 'proceedings', 'mvproceedings', 'reference', 'mvreference']);
const CONTAINED_TYPES = new Set(['inbook', 'bookinbook', 'suppbook', 'incollection', 'suppcollection', 'inproceedings', 'conference', 'inreference']);

/**
 * Gives every entry (and every @xdata container) the fields its xdata and crossref parents provide, parents first.
 * A missing parent, a cycle or a chain deeper than MAX_INHERITANCE_DEPTH is reported through `warn` on the entry's line.
 */
export function resolveInheritance(entries: BibEntry[], xdata: ReadonlyMap<string, BibEntry>, warn: (line: number, message: string) => void): void {
  const byKey = new Map<string, BibEntry>();
  const byLowerKey = new Map<string, BibEntry>();
  for (const e of entries) {
    byKey.set(e.key, e);
    if (!byLowerKey.has(e.key.toLowerCase())) byLowerKey.set(e.key.toLowerCase(), e);
  }
  for (const e of entries) {
    for (const alias of e.ids) if (!byKey.has(alias)) byKey.set(alias, e);
  }
  const find = (key: string) => byKey.get(key) ?? byLowerKey.get(key.toLowerCase());
  const done = new Set<BibEntry>();
  let toldChain = false;

  const resolve = (entry: BibEntry, trail: Set<BibEntry>): void => {
    if (done.has(entry)) return;
    if (trail.has(entry)) {
      warn(entry.line, `circular crossref/xdata involving '${entry.key}'`);
      return;
    }
    if (trail.size >= MAX_INHERITANCE_DEPTH) {
      // A chain thousands long (generated or hostile) would overflow the stack and cost the whole file. Said once.
      if (!toldChain) {
        warn(entry.line, `crossref/xdata chain longer than ${MAX_INHERITANCE_DEPTH} at '${entry.key}': entries this deep inherit nothing further`);
      }
      toldChain = true;
      done.add(entry);
      return;
    }
    trail.add(entry);
    for (const xkey of splitKeyList(entry.fields.xdata)) {
      const parent = xdata.get(xkey) ?? find(xkey);
      if (!parent) {
        warn(entry.line, `xdata '${xkey}' of '${entry.key}' not found`);
        continue;
      }
      resolve(parent, trail);
      for (const [name, value] of Object.entries(parent.fields)) {
        if (name === 'xdata' || name in entry.fields) continue;
        entry.inherit(name, value);
      }
    }
    const crossref = entry.fields.crossref?.replace(/[{}]/g, '').trim();
    if (crossref) {
      const parent = find(crossref);
      if (!parent) {
        warn(entry.line, `crossref '${crossref}' of '${entry.key}' not found`);
      } else if (parent !== entry) {
        resolve(parent, trail);
        inheritFromCrossref(entry, parent);
      }
    }
    trail.delete(entry);
    done.add(entry);
  };
  for (const xd of xdata.values()) resolve(xd, new Set());
  for (const e of entries) resolve(e, new Set());
}

function inheritFromCrossref(child: BibEntry, parent: BibEntry): void {
  const mapsTitle = CONTAINED_TYPES.has(child.type) && CONTAINER_TYPES.has(parent.type);
  const periodical = child.type === 'article' && parent.type === 'periodical';
  for (const [name, value] of Object.entries(parent.fields)) {
    if (NOT_INHERITED.has(name)) continue;
    let target = name;
    if (mapsTitle && (name === 'title' || name === 'subtitle' || name === 'titleaddon')) target = 'book' + name;
    else if (periodical && (name === 'title' || name === 'subtitle')) target = 'journal' + name;
    if (target in child.fields) continue;
    child.inherit(target, value);
  }
}
