// "Cite B instead of A": the one edit that makes a citation name the work a sentence describes. It replaces the key in
// place (`\cite{a,x}` → `\cite{b,x}`, `[@a; @x]` → `[@b; @x]`); when the citation already names B it drops A with its
// separator instead (`\cite{a,b}` → `\cite{b}`), since citing a work twice in one bracket is not what anyone means.
import { parseCitations } from './index';
import type { CiteCommand, CiteKey, CiteLanguage } from './types';

/** Replace text[start, end) by newText (UTF-16 offsets, as VS Code's). */
interface TextEdit {
  start: number;
  end: number;
  newText: string;
}

/** A Pandoc key written without braces: a letter, digit or _, then those and internal punctuation before one of them. */
const BARE_PANDOC_KEY = /^[\p{L}\p{N}_](?:[\p{L}\p{N}_]|[:.#$%&\-+?<>~/](?=[\p{L}\p{N}_]))*$/u;

/**
 * The edit that makes the citation of `cited` whose key starts at `keyStart` cite `better`; undefined when no such
 * key is there (the document changed since it was checked) or the two keys are the same.
 */
export function swapCitedKey(text: string, language: CiteLanguage, keyStart: number, cited: string, better: string): TextEdit | undefined {
  if (cited === better || !better) return undefined;
  for (const command of parseCitations(text, language)) {
    if (keyStart < command.start || keyStart > command.end) continue;
    const index = command.keys.findIndex((k) => k.start === keyStart && k.key === cited);
    if (index < 0) return undefined;
    if (command.keys.some((k) => k.key === better)) return dropKey(text, command, index);
    return { start: keyStart, end: command.keys[index].end, newText: keyText(text, command, command.keys[index], better) };
  }
  return undefined;
}

/** `better` as it must be written where `key` is: a Pandoc key that is not bare needs braces (`@{doe:2020.}`). */
function keyText(text: string, command: CiteCommand, key: CiteKey, better: string): string {
  const bare = command.syntax === 'pandoc' && text[key.start - 1] !== '{';
  return bare && !BARE_PANDOC_KEY.test(better) ? `{${better}}` : better;
}

/** Removes the key at `index` of the command with the separator that joins it to its neighbour. */
function dropKey(text: string, command: CiteCommand, index: number): TextEdit {
  const keys = command.keys;
  const key = keys[index];
  if (command.syntax === 'latex') {
    const open = text.lastIndexOf('{', key.start);
    const close = text.indexOf('}', key.end);
    const inGroup = keys.filter((k) => k.start > open && (close < 0 || k.end <= close));
    // `\cites[p.~2]{a}[p.~3]{b}`: a multicite key alone in its {..} group goes with the group and the [..] locators
    // before it ("\cites[p.~3]{b}"), never leaving its locator to the other key.
    if (inGroup.length === 1 && close >= 0) {
      let start = open;
      while (text[start - 1] === ']') {
        const bracket = text.lastIndexOf('[', start - 1);
        if (bracket <= command.start) break;
        start = bracket;
      }
      return { start, end: close + 1, newText: '' };
    }
    // `\cite{a, b}` (or one group of a multicite): "a, " goes; the group's last key takes the ", " before it.
    const at = inGroup.indexOf(key);
    return at === inGroup.length - 1 ? { start: inGroup[at - 1].end, end: key.end, newText: '' } : { start: key.start, end: inGroup[at + 1].start, newText: '' };
  }
  // Pandoc `[see @a, p. 3; @b]`: an item (prefix, key, locator) runs from after a ';' (or the '[') to the next ';'.
  const itemStart = (i: number) => {
    const from = i === 0 ? command.start + 1 : text.lastIndexOf(';', keys[i].start) + 1;
    let at = from;
    while (/\s/.test(text[at] ?? '')) at++;
    return at;
  };
  if (index < keys.length - 1) return { start: itemStart(index), end: itemStart(index + 1), newText: '' };
  // The last item takes the ';' before it, up to the closing ']'.
  return { start: text.lastIndexOf(';', key.start), end: command.end - 1, newText: '' };
}

/** The text with the edit made. */
export function applyEdit(text: string, edit: TextEdit): string {
  return text.slice(0, edit.start) + edit.newText + text.slice(edit.end);
}
