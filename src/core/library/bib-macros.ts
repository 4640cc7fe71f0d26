// @string macros across the .bib files of one bibliography. BibTeX and biber read `\bibliography{a,b}` as one
// stream, so b.bib may use a macro a.bib defines (Beebe's font.bib uses `ack-bnb` from texbook3.bib: 87 "undefined
// macro" warnings when each file was read alone). Each file is still parsed and stored on its own; what it needs
// from other files is looked up here, recorded with it, and a change there makes it read again.
import type { ExternalMacro } from '../bibtex/parser';
import type { BibMacroInfo, MacroEnv } from './store';

interface MacroSources {
  /** Own @string definitions of every indexed .bib, by path. */
  ownStrings: ReadonlyMap<string, Record<string, string>>;
  /** For each macro name, the files that define it, in path order (built once per run, not per file and name). */
  definers: ReadonlyMap<string, readonly string[]>;
  /** Ordered bibliography lists the documents name (`\bibliography{a,b}` → [a, b]); absolute paths. */
  bibliographies: readonly (readonly string[])[];
}

/**
 * What `file` gets for each macro it needs:
 * - a file that documents list: the definitions of the files before it in those lists (a later definition wins,
 *   as in BibTeX's single stream), and nothing else;
 * - a file no document lists: the first definition among the other indexed files (by path), marked unlisted so the
 *   parser adds a note instead of a warning.
 */
export function macroEnvFor(file: string, needed: readonly string[], sources: MacroSources): MacroEnv {
  const env: MacroEnv = {};
  if (!needed.length) return env;
  const lists = sources.bibliographies.filter((l) => l.includes(file));
  for (const name of needed) {
    let found: ExternalMacro | null = null;
    if (lists.length) {
      for (const list of lists) {
        for (const other of list.slice(0, list.indexOf(file))) {
          const value = sources.ownStrings.get(other)?.[name];
          if (value !== undefined) found = { value, file: other, listed: true };
        }
        if (found) break;
      }
    } else {
      const other = sources.definers.get(name)?.find((f) => f !== file);
      if (other !== undefined) found = { value: sources.ownStrings.get(other)![name], file: other, listed: false };
    }
    env[name] = found;
  }
  return env;
}

/** The env as the parser takes it: only the names someone defines. */
export function macroMap(env: MacroEnv): Map<string, ExternalMacro> {
  const map = new Map<string, ExternalMacro>();
  for (const [name, macro] of Object.entries(env)) if (macro) map.set(name, macro);
  return map;
}

/** True when two envs give the same values from the same files (key order aside). */
export function sameEnv(a: MacroEnv, b: MacroEnv): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    const x = a[k] ?? null;
    const y = b[k] ?? null;
    if (x === null || y === null ? x !== y : x.value !== y.value || x.file !== y.file || x.listed !== y.listed) return false;
  }
  return true;
}

/** The sources of one run: the stored definitions, with this run's fresh parses in place of the stored rows. */
export function macroSources(
  stored: readonly BibMacroInfo[],
  fresh: ReadonlyMap<string, Record<string, string>>,
  bibliographies: readonly (readonly string[])[],
): MacroSources {
  const ownStrings = new Map<string, Record<string, string>>();
  for (const info of stored) ownStrings.set(info.path, info.ownStrings);
  for (const [path, strings] of fresh) ownStrings.set(path, strings);
  const definers = new Map<string, string[]>();
  for (const path of [...ownStrings.keys()].sort()) {
    for (const name of Object.keys(ownStrings.get(path)!)) (definers.get(name) ?? definers.set(name, []).get(name)!).push(path);
  }
  return { ownStrings, definers, bibliographies };
}
