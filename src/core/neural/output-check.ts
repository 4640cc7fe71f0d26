// Model output is never trusted with citations: every citation key and author mention that is not the requested
// work's is removed, and CiteSum's "REF" placeholder becomes the work's own authors and citation command.
import type { Author, CiteSyntax, PaperRecord, Tense } from '../types';
import { parseLatexCitations } from '../cites/latex';
import { citeMarker, workSubject } from '../engine/authors';
import { agreeVerb as reportInTense } from '../engine/rewrite';

export interface CheckedText {
  text: string;
  /** What was removed, for the visible flags ("removed invented citation \cite{foo}"). */
  removed: string[];
}

/** Pandoc citations: [@a; @b, p. 3] and bare @key in text. */
const PANDOC_BRACKET = /\[((?:[^\]]*?)@[^\]]*)\]/g;
const PANDOC_BARE = /(^|[\s(])@([A-Za-z0-9_][\w:.#$%&\-+?<>~/]*)/g;
/** Numeric or author-year markers a model may invent: [12], [3, 4], [1-3], [Smith 2019]. */
const BRACKET_MARKER = /\s?\[(?:\d+(?:\s*[-–,]\s*\d+)*|[A-Z][A-Za-z-]+(?: et al\.?)?,? \d{4}[a-z]?)\]/g;
/** "Smith et al.", "Smith and Lee", "Smith (2019)", "(Smith et al., 2019)", "Smith et al. (2019)". */
const AUTHOR_YEAR_PAREN = /\(([A-Z][\p{L}'-]+)(?:\s+(?:et al\.?|and|&)\s*(?:[A-Z][\p{L}'-]+)?)?,?\s+\d{4}[a-z]?\)/gu;
const AUTHOR_MENTION =
  /\b([A-Z][\p{L}'-]+)(?:\s+(?:and|&)\s+([A-Z][\p{L}'-]+))?\s+et\s+al\.?(?:\s*\(\d{4}[a-z]?\))?|\b([A-Z][\p{L}'-]+)(?:\s+(?:and|&)\s+([A-Z][\p{L}'-]+))?\s+\(\d{4}[a-z]?\)/gu;

function familyNames(authors: readonly Author[]): Set<string> {
  const names = new Set<string>();
  for (const a of authors) {
    const family = (a.family || a.literal || '').replace(/[{}]/g, '').trim();
    if (!family) continue;
    names.add(family.toLowerCase());
    // "van der Berg" is often written "Berg" or "van der Berg"; accept the last word too.
    const last = family.split(/\s+/).pop();
    if (last) names.add(last.toLowerCase());
  }
  return names;
}

function tidy(text: string): string {
  return text
    .replace(/\(\s*[,;]?\s*\)/g, '')
    .replace(/\[\s*[,;]?\s*\]/g, '')
    .replace(/\s+([,.;:])/g, '$1')
    .replace(/([,;])\1+/g, '$1')
    .replace(/,\s*\./g, '.')
    .replace(/(?<!\.)\.\.(?!\.)/g, '.')
    .replace(/\s{2,}/g, ' ')
    .replace(/^\s*[,;:]\s*/, '')
    .trim();
}

/**
 * Keeps only allowed keys in every LaTeX cite command the editor's parser knows (\\Citet, \\smartcite, \\cites{a}{b},
 * apacite's \\citeA<e.g.>[p. 3]{k}, …): a command that keeps none is removed; one that keeps some loses the others
 * with their commas, and a multicite group left empty goes with its notes.
 */
function filterLatexCitations(text: string, allowed: ReadonlySet<string>, removed: string[]): string {
  // Model output is not a .tex file: "%" is a percent sign there, not a comment.
  const commands = parseLatexCitations(text, { comments: false });
  for (const command of commands) {
    for (const k of command.keys) if (!allowed.has(k.key)) removed.push(`citation key '${k.key}'`);
    if (command.citesAll) removed.push(`citation of every entry '${text.slice(command.start, command.end)}'`);
  }
  // Edits from the end, so the offsets of the commands before stay valid.
  let out = text;
  for (const command of [...commands].reverse()) {
    const banned = command.keys.filter((k) => !allowed.has(k.key));
    if (banned.length === 0 && !command.citesAll) continue;
    const kept = command.keys.filter((k) => allowed.has(k.key));
    if (kept.length === 0 || command.citesAll) {
      out = out.slice(0, command.start) + out.slice(command.end);
      continue;
    }
    let whole = text.slice(command.start, command.end);
    for (const k of [...banned].reverse()) {
      const at = k.start - command.start;
      const after = /^\s*,\s*/.exec(whole.slice(at + k.key.length));
      if (after) whole = whole.slice(0, at) + whole.slice(at + k.key.length + after[0].length);
      else {
        const before = /\s*,\s*$/.exec(whole.slice(0, at));
        const from = before ? at - before[0].length : at;
        whole = whole.slice(0, from) + whole.slice(at + k.key.length);
      }
    }
    // A multicite group emptied of keys goes with its optional notes: \cites[see][]{}{b} → \cites{b}.
    whole = whole.replace(/(?:\([^)]*\)){0,2}(?:\[[^\]]*\]|<[^>]*>){0,2}\{\s*\}/g, '');
    out = out.slice(0, command.start) + whole + out.slice(command.end);
  }
  return out;
}

/**
 * Removes citation keys other than `allowedKeys` (dropping a command that keeps none), invented numeric markers, and
 * mentions of authors who are not among `allowedAuthors` (an invented "Smith et al." becomes "prior work").
 */
export function checkCitations(text: string, allowedKeys: readonly string[], allowedAuthors: readonly Author[]): CheckedText {
  const allowed = new Set(allowedKeys);
  const families = familyNames(allowedAuthors);
  const removed: string[] = [];
  let out = filterLatexCitations(text, allowed, removed);
  out = out.replace(PANDOC_BRACKET, (whole, inner: string) => {
    const items = inner.split(';').map((s) => s.trim());
    const kept = items.filter((item) => {
      const key = /@([^\s,;\]]+)/.exec(item)?.[1];
      if (key === undefined) return true;
      if (allowed.has(key)) return true;
      removed.push(`citation key '${key}'`);
      return false;
    });
    if (kept.length === items.length) return whole;
    return kept.some((i) => i.includes('@')) ? `[${kept.join('; ')}]` : '';
  });
  out = out.replace(PANDOC_BARE, (whole, lead: string, key: string) => {
    const bare = key.replace(/[.,;:]+$/, '');
    if (allowed.has(bare)) return whole;
    removed.push(`citation key '${bare}'`);
    return lead + key.slice(bare.length);
  });
  out = out.replace(BRACKET_MARKER, (marker) => {
    removed.push(`citation marker '${marker.trim()}'`);
    return '';
  });
  out = out.replace(AUTHOR_YEAR_PAREN, (whole, first: string) => {
    if (families.has(first.toLowerCase())) return whole;
    removed.push(`author citation '${whole}'`);
    return '';
  });
  out = out.replace(AUTHOR_MENTION, (whole, a1?: string, a2?: string, b1?: string, b2?: string) => {
    const names = [a1 ?? b1, a2 ?? b2].filter((n): n is string => !!n);
    // A capitalised word before "(2019)" may just start the sentence ("This (2019) …" is rare, but be careful).
    if (names.every((n) => families.has(n.toLowerCase()))) return whole;
    if (!(a1 || a2) && /^(?:This|The|These|Our|In|We|It)$/.test(names[0])) return whole;
    removed.push(`author mention '${whole.trim()}'`);
    return 'prior work';
  });
  return { text: tidy(out), removed };
}

/** First sentence of a model answer: stops at the first sentence end that is not "et al." or an initial. */
export function firstSentence(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  const re = /[.!?](?=\s+[A-Z("\\]|\s*$)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(t))) {
    const before = t.slice(Math.max(0, m.index - 6), m.index + 1);
    if (/\bet al\.$|\b[A-Z]\.$|\b(?:e\.g|i\.e|cf|vs|Fig|Eq)\.$/.test(before)) continue;
    return t.slice(0, m.index + 1);
  }
  return t;
}

/** "proposes" ↔ "propose" for the first word of `rest`, when the subject's number changed. */
function agreeVerb(rest: string, from: 'singular' | 'plural', to: 'singular' | 'plural'): string {
  if (from === to) return rest;
  const m = /^([a-z]+)\b/.exec(rest);
  if (!m) return rest;
  const verb = m[1];
  const NOT_VERBS = /^(?:also|then|first|further|here|now|thus|successfully|recently|additionally)$/;
  if (NOT_VERBS.test(verb)) {
    const after = rest.slice(verb.length).trimStart();
    return `${verb} ${agreeVerb(after, from, to)}`;
  }
  let changed = verb;
  if (to === 'plural') {
    if (/ies$/.test(verb)) changed = verb.slice(0, -3) + 'y';
    else if (/(?:ss|sh|ch|x|o)es$/.test(verb)) changed = verb.slice(0, -2);
    else if (/[^s]s$/.test(verb)) changed = verb.slice(0, -1);
    if (verb === 'has') changed = 'have';
    if (verb === 'is') changed = 'are';
  } else {
    if (verb === 'have') changed = 'has';
    else if (verb === 'are') changed = 'is';
    else if (/[^aeiou]y$/.test(verb)) changed = verb.slice(0, -1) + 'ies';
    else if (/(?:ss|sh|ch|x|o)$/.test(verb)) changed = verb + 'es';
    else if (!/s$/.test(verb)) changed = verb + 's';
  }
  return changed + rest.slice(verb.length);
}

const SELF_REFERENCE = /^(?:in this (?:paper|work|article|study),?\s+)?(?:this (?:paper|work|article|study)|the authors|we)\b/i;

/**
 * Puts the work into citation style: "REF" (CiteSum's placeholder) becomes `Smith et al. \cite{key}`; a sentence
 * starting "This paper"/"We" gets the authors as subject in `citation` style; `tldr` keeps "This paper …" and
 * drops REF. Ends with a period.
 */
export function toCitationStyle(
  text: string,
  paper: Pick<PaperRecord, 'key' | 'authors'>,
  style: 'citation' | 'tldr',
  syntax: CiteSyntax = 'cite',
  tense: Tense = 'present',
): string {
  let t = text.trim();
  const { text: subject, plurality } = workSubject(paper, syntax);
  if (style === 'tldr') {
    // CiteSum writes "REF propose …" (plural); "This paper" takes the singular verb.
    const leading = /^REF\s+/.exec(t);
    if (leading) t = `This paper ${agreeVerb(t.slice(leading[0].length), 'plural', 'singular')}`;
    t = t.replace(/\bREF's\b/g, 'its').replace(/\bREF\b/g, 'this paper');
  } else if (/\bREF\b/.test(t)) {
    // CiteSum's "REF propose …" is written in the base form; the past tense is the default engine's citation style.
    const leading = /^REF\s+/.exec(t);
    if (leading && tense === 'past') t = `REF ${reportInTense(t.slice(leading[0].length), plurality, 'base', 'past')}`;
    let first = true;
    t = t.replace(/\bREF\b('s)?/g, (_m, possessive?: string) => {
      const replacement = first ? subject : citeMarker([paper.key], syntax === 'citet' ? 'citep' : syntax);
      first = false;
      return possessive ? `${replacement}'s` : replacement;
    });
  } else if (SELF_REFERENCE.test(t)) {
    const wasPlural = /^(?:in this (?:paper|work|article|study),?\s+)?(?:we|the authors)\b/i.test(t);
    const rest = t.replace(SELF_REFERENCE, '').trimStart();
    t =
      tense === 'past'
        ? `${subject} ${reportInTense(rest, plurality, wasPlural ? 'base' : 'third-singular', 'past')}`
        : `${subject} ${agreeVerb(rest, wasPlural ? 'plural' : 'singular', plurality)}`;
  } else if (t) {
    const marker = citeMarker([paper.key], syntax === 'citet' ? 'citep' : syntax);
    t = /[.!?]$/.test(t) ? `${t.slice(0, -1)} ${marker}${t.slice(-1)}` : `${t} ${marker}`;
  }
  t = t.replace(/\s+/g, ' ').trim();
  if (t && !/[.!?]$/.test(t)) t += '.';
  return t ? t[0].toUpperCase() + t.slice(1) : t;
}
