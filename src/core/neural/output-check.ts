// Model output is never trusted with citations: every citation key and author mention that is not the requested
// work's is removed, and CiteSum's "REF" placeholder becomes the work's own authors and citation command.
import type { Author, CiteSyntax, PaperRecord, Tense } from '../types';
import { parseLatexCitations } from '../cites/latex';
import { parsePandocCitations } from '../cites/pandoc';
import { citeMarker, workSubject } from '../rewrite/authors';
import { agreeVerb as reportInTense } from '../rewrite';
import { alternation, COMMON_SELF_NOUNS as COMMON_SELF_NOUN_LIST, REFERRING_PHRASES } from '../lexicon';
import { escapeRegExp } from '../text/regexp';

const COMMON_SELF_NOUNS = alternation(COMMON_SELF_NOUN_LIST);

interface CheckedText {
  text: string;
  /** What was removed, for the visible flags ("removed invented citation \cite{foo}"). */
  removed: string[];
  /**
   * The sentence compared the work with one it invented ("…, faster than \cite{invented}"): without that work the
   * claim is not the source's, so nothing of it is kept and the caller asks the model once more.
   */
  dropped?: boolean;
}

/**
 * Words that make a clause about the cited work rather than the one being described: "unlike \cite{x}", "as in
 * \cite{x}", "following \cite{x}". A clause they open is dropped with an invented citation; a sentence whose main
 * clause ends with one ("faster than \cite{x}") is dropped whole. Without this, removing the invented key left
 * "…, unlike \cite{doe2020}." once the work's own marker was placed: a false sentence about the user's source.
 */
const REFERRING = alternation(REFERRING_PHRASES);
const OPENS_WITH_REFERRING = new RegExp(String.raw`^\s*(?:[,;:]\s*)?(?:and\s+|but\s+|while\s+)?(?:${REFERRING})\b`, 'i');
const ENDS_WITH_REFERRING = new RegExp(String.raw`\b(?:${REFERRING})\s*(?:the\s+(?:work|method|approach|model)s?\s+(?:of|in)\s+)?$`, 'i');

/**
 * A referring word left with nothing to refer to once its citation went: "…; see.", "…, as in.", "…, unlike ,". What
 * is left is no sentence.
 */
const DANGLING_REFERRING = new RegExp(String.raw`(?:^|[\s,;:(])(?:${REFERRING})\s*(?=[,;:.!?)]|$)`, 'i');
/** Commands whose citation is the sentence's subject ("\citet{x} showed that …"): without it, no one did. */
const TEXTUAL_COMMAND = /^(?:[Cc]itet|[Tt]extcites?|[Cc]iteauthor|[Cc]iteA)$/;
/** "\\cite{k}": the backslash doubled, as a model escaping for a string writes it; LaTeX would read a line break. */
const DOUBLED_BACKSLASH_CITE = /\\{2,}(?=[A-Za-z]*[Cc]ite[A-Za-z]*\*?\s*[[{(<])/g;

/**
 * Citation-looking text of a reply read as the citation it looks like, before any check: "\\cite{k}" is \cite{k} (else
 * it became "\textbackslash{}\cite{k}", a live citation of an invented key), and a Pandoc citation whose keys are all
 * invented, [@a; @b] or in-text @a, is \cite{a,b} or \citet{a}, so that it goes with its clause as a LaTeX one does
 * ("As @fake showed, …" had left "As showed, …"; "…; see [@fake]." had left "…; see.").
 */
function asLatexCitations(text: string, allowed: ReadonlySet<string>): string {
  let out = text.replace(DOUBLED_BACKSLASH_CITE, '\\');
  const invented = parsePandocCitations(out).filter((c) => c.keys.length > 0 && c.keys.every((k) => !allowed.has(k.key)));
  for (const c of [...invented].reverse()) {
    const keys = c.keys.map((k) => k.key).join(',');
    out = out.slice(0, c.start) + (c.command === '@' ? `\\citet{${keys}}` : `\\cite{${keys}}`) + out.slice(c.end);
  }
  return out;
}

/** Where the clause holding `at` starts: after the last , ; : ( before it, or at the start of the text. */
function clauseStart(text: string, at: number): number {
  for (let i = at - 1; i >= 0; i--) if (',;:('.includes(text[i])) return text[i] === '(' ? i + 1 : i;
  return 0;
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
function filterLatexCitations(text: string, allowed: ReadonlySet<string>, removed: string[], drop: { sentence: boolean }): string {
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
      const start = clauseStart(text, command.start);
      const lead = text.slice(start, command.start);
      const rest = text.slice(command.end);
      const stop = /[,;:)]|[.!?]\s*$/.exec(rest);
      let end = command.end + (stop ? stop.index : rest.length);
      // Only a clause whose one citation is this one: a clause that also cites the work itself stays.
      const alone = !commands.some((other) => other !== command && other.start < end && other.end > start);
      if (alone && OPENS_WITH_REFERRING.test(lead)) {
        // "…, unlike \cite{x}" / "Unlike \cite{x}, …" / "; see \cite{x} for a survey": the clause is about the
        // invented work and goes with it, up to the next , ; : ) or the sentence's end.
        if (start === 0 && stop && stop[0] === ',') end += /^,\s*/.exec(text.slice(end))![0].length;
        removed.push(`clause '${text.slice(start, end).replace(/^[,;:]\s*/, '').replace(/,\s*$/, '').trim()}'`);
        out = out.slice(0, start) + out.slice(end);
        continue;
      }
      if (alone && ENDS_WITH_REFERRING.test(lead)) drop.sentence = true;
      // "\citet{x} showed that …": the invented work was the subject; what is left says nobody did it.
      if (alone && !lead.trim() && start === 0 && TEXTUAL_COMMAND.test(command.command)) drop.sentence = true;
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
  const drop = { sentence: false };
  let out = filterLatexCitations(asLatexCitations(text, allowed), allowed, removed, drop);
  if (drop.sentence) return { text: '', removed: [...removed, `sentence '${text.trim()}' (it compared the work with one the model invented)`], dropped: true };
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
  const tidied = tidy(out);
  // What is left must still be a sentence: "…; see." is not, and the caller asks again (then uses the title).
  if (removed.length > 0 && DANGLING_REFERRING.test(tidied)) {
    return { text: '', removed: [...removed, `sentence '${text.trim()}' (what was left of it once the invented citation went was no sentence)`], dropped: true };
  }
  return { text: tidied, removed };
}

/** Every citation of `allowedKeys` as the command `syntax` writes, which the document escaping keeps as a citation. */
const PLAIN_LATEX_MARKER = /^\\cite[tp]?\{[^{}]*\}$/;

/**
 * The reply's citations in the document's syntax: with Pandoc, a \cite{k} the model wrote is [@k] (escaped for
 * Markdown it was "\\cite{k}", no citation at all); in LaTeX, a [@k] or @k is \cite{k}, and a \parencite[p.~3]{k} is
 * \cite{k} (LaTeX escaping keeps only \cite, \citep and \citet whole). Citations of other keys are left to the check.
 */
export function inCitationSyntax(text: string, allowedKeys: readonly string[], syntax: CiteSyntax = 'cite'): string {
  const allowed = new Set(allowedKeys);
  const ours = (c: { keys: Array<{ key: string }> }) => c.keys.length > 0 && c.keys.every((k) => allowed.has(k.key));
  const commands = [...parseLatexCitations(text, { comments: false }), ...parsePandocCitations(text)].filter(ours).sort((a, b) => b.start - a.start);
  let out = text;
  let before = Infinity;
  for (const c of commands) {
    // A Pandoc reading inside a LaTeX command (or the reverse) overlaps one already rewritten.
    if (c.end > before) continue;
    const keys = c.keys.map((k) => k.key);
    const written = text.slice(c.start, c.end);
    let marker: string;
    if (syntax === 'pandoc') marker = citeMarker(keys, 'pandoc');
    else if (c.syntax === 'latex' && PLAIN_LATEX_MARKER.test(written)) marker = written;
    else if (c.command === '@' || TEXTUAL_COMMAND.test(c.command)) marker = syntax === 'cite' ? citeMarker(keys, 'cite') : `\\citet{${keys.join(',')}}`;
    else marker = citeMarker(keys, syntax === 'citet' ? 'citep' : syntax);
    out = out.slice(0, c.start) + marker + out.slice(c.end);
    before = c.start;
  }
  return out;
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

/** The text already cites `key` (a LaTeX command or a Pandoc citation): no second marker is added. */
function citesKey(text: string, key: string): boolean {
  return parseLatexCitations(text, { comments: false }).some((c) => c.keys.some((k) => k.key === key)) || new RegExp(`@${escapeRegExp(key)}\\b`).test(text);
}

const SELF_REFERENCE = new RegExp(String.raw`^(?:in this (?:${COMMON_SELF_NOUNS}),?\s+)?(?:this (?:${COMMON_SELF_NOUNS})|the authors|we)\b`, 'i');
const SPOKEN_BY_AUTHORS = new RegExp(String.raw`^(?:in this (?:${COMMON_SELF_NOUNS}),?\s+)?(?:we|the authors)\b`, 'i');

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
    const wasPlural = SPOKEN_BY_AUTHORS.test(t);
    const rest = t.replace(SELF_REFERENCE, '').trimStart();
    t =
      tense === 'past'
        ? `${subject} ${reportInTense(rest, plurality, wasPlural ? 'base' : 'third-singular', 'past')}`
        : `${subject} ${agreeVerb(rest, wasPlural ? 'plural' : 'singular', plurality)}`;
  } else if (t && !citesKey(t, paper.key)) {
    const marker = citeMarker([paper.key], syntax === 'citet' ? 'citep' : syntax);
    t = /[.!?]$/.test(t) ? `${t.slice(0, -1)} ${marker}${t.slice(-1)}` : `${t} ${marker}`;
  }
  t = t.replace(/\s+/g, ' ').trim();
  if (t && !/[.!?]$/.test(t)) t += '.';
  return t ? t[0].toUpperCase() + t.slice(1) : t;
}
