// The prompts of the paragraph writer, in one place. A model writes one related-work paragraph to our plan: the works
// of the paragraph are given as placeholders [W1], [W2] … with what we know of each, and the model cites them only by
// placeholder, so that every citation key in the draft is put in by us, never written by the model.
import type { PaperRecord } from '../types';
import { plainText } from '../text/plain';
import { splitSentences } from '../text/sentences';
import { systemNameOfTitle, saysName } from '../rewrite/system-name';
import { pdfSentences, type ChatMessage } from './prompts';

/**
 * Why a system prompt at all: small local models (3–8B) otherwise answer with a heading, a bullet list or a
 * bibliography; naming the form (one paragraph of prose) and the one way to cite keeps the reply parseable.
 */
const PARAGRAPH_SYSTEM_PROMPT =
  'You write one paragraph of the related-work section of a scientific paper. You only use the information given. ' +
  'You cite a work only by its placeholder ([W1], [W2], …) exactly where a citation belongs; you never write a citation ' +
  'key, an author-year citation, a reference number, or any work that is not given.';

/**
 * Why these four asks: a related-work paragraph is worth reading for its topic sentence, for how the works relate to
 * each other and for where the author's work stands; a model asked for "a summary of each paper" writes a list of
 * isolated sentences, which the per-sentence writer already does.
 */
const PARAGRAPH_INSTRUCTION = [
  'Write ONE paragraph (about {words} words) of plain prose:',
  '1. a topic sentence that names what these works have in common;',
  '2. what each work does, relating the works to each other (extends, differs from, compares with);',
  '3. {stance}',
  // The example is content-free (X, Y): small models copy an example's topic into their answer.
  'Cite EVERY work listed ({placeholders}), each at least once, and only by its placeholder, e.g. "Several works ' +
    'learn X [W1, W2]; [W2] extend [W1] to Y." Never write \\cite, [@key], numbers in brackets or author names as ' +
    'citations. Answer with the paragraph only.',
].join('\n');

/**
 * Why the stance depends on the paragraph's place: each paragraph is written alone, and asked everywhere for "where the
 * citing paper stands", a strong model closed every paragraph by restating the citing paper's contribution ("Unlike
 * these model-driven methods, we …" twice in one draft; a blind reader counted it in 6 drafts of 26). The last
 * paragraph says where the paper stands; the others say in a clause what it takes from or changes in their works.
 */
const STANCE_LAST =
  'where the citing paper stands with respect to them (builds on, differs from), when its abstract says so, in the ' +
  'first person plural ("we", "our work").';
const STANCE_EARLIER =
  'at most one clause on what the citing paper takes from or changes in these works, when its abstract says so, in ' +
  'the first person plural; do not restate the citing paper\'s contribution: the last paragraph of the section does.';

/** Why the reasons are given back: a second answer that knows what was wrong fixes it more often than a blind retry. */
const REPAIR_INSTRUCTION =
  'Your paragraph had these problems:\n{reasons}\nWrite the paragraph again, citing every work listed only by its placeholder.';

const TITLE_ONLY = '  (only the title is known: say no more of it than its title does, and never cite it as support for a claim about other works)';
const NOTHING_KNOWN = '  (nothing is known of this work: cite it only in a "see also" clause, never as support for a claim)';

/** What the model is told of one work of the paragraph. */
export interface PlaceholderWork {
  placeholder: string;
  paper: PaperRecord;
}

interface ParagraphPromptInput {
  works: PlaceholderWork[];
  /** This paragraph's place in the plan: its number, its subject, the subjects of the others. */
  index: number;
  subject?: string;
  otherSubjects: (string | undefined)[];
  ownAbstract?: string;
  /** Words the paragraph should have. */
  words: number;
  /** The problems of the previous answer, when asking again. */
  reasons?: string[];
}

function authorLine(paper: PaperRecord): string {
  const names = (paper.authors ?? []).map((a) => (a.family || a.literal || '').replace(/[{}]/g, '')).filter(Boolean);
  if (!names.length) return '';
  return names.length > 4 || paper.authorsTruncated ? `${names.slice(0, 3).join(', ')} et al.` : names.join(', ');
}

/**
 * What we know of how the citing paper relates to a work: its abstract names the work's system ("we extend
 * TextRunner …"). Stated as a fact the model may use; a guess of ours would become the model's claim.
 */
function relationOf(paper: PaperRecord, ownAbstract: string | undefined): string | undefined {
  if (!ownAbstract) return undefined;
  const name = systemNameOfTitle(paper.title);
  if (!name || !saysName(ownAbstract, name)) return undefined;
  return `the citing paper's abstract names ${name}: the citing work builds on it or compares with it`;
}

/** The plan line: which paragraph this is, what it is about, and what the others cover (so that it does not repeat them). */
function planLine(input: Pick<ParagraphPromptInput, 'index' | 'subject' | 'otherSubjects' | 'works'>): string {
  const total = input.otherSubjects.length + 1;
  const about = input.subject ? ` on ${input.subject}` : '';
  const others = input.otherSubjects.filter((s): s is string => !!s);
  const rest = others.length ? ` The other paragraphs cover: ${others.join('; ')}.` : '';
  return `Plan: paragraph ${input.index + 1} of ${total}${about}, citing ${input.works.map((w) => w.placeholder).join(', ')}.${rest}`;
}

/** The longest a quote in a re-ask reason is kept when the prompt is too long: enough to recognise the sentence. */
const SHORT_QUOTE_CHARS = 100;

/**
 * Cuts the quotes of the reasons to SHORT_QUOTE_CHARS ('the sentence "GANs learn … many words" describes [W2]' keeps
 * the sentence's start and "…"); false when no quote was longer.
 */
function shortenQuotes(reasons: string[]): boolean {
  let changed = false;
  for (const [i, reason] of reasons.entries()) {
    reasons[i] = reason.replace(/"([^"]*)"/g, (whole, quote: string) => {
      if (quote.length <= SHORT_QUOTE_CHARS) return whole;
      changed = true;
      return `"${quote.slice(0, SHORT_QUOTE_CHARS - 1).trimEnd()}…"`;
    });
  }
  return changed;
}

/**
 * The messages for one paragraph, fitted to `fits` (the model's context): titles, authors, years and relations always;
 * abstracts shortened sentence by sentence from the longest when even they do not fit; then PDF sentences, one per
 * work in turn, while they fit (the abstracts come from the .bib, the PDF adds detail).
 */
export function paragraphMessages(input: ParagraphPromptInput, fits: (messages: ChatMessage[]) => boolean): ChatMessage[] {
  const abstracts = input.works.map((w) => (w.paper.abstract?.trim() ? splitSentences(plainText(w.paper.abstract)) : []));
  const fromPdf = input.works.map((w) => pdfSentences(w.paper, 40).map((s) => s.text));
  const added = input.works.map(() => [] as string[]);
  // Where each work's PDF reading stands: a sentence the abstract has already, or one that did not fit, is passed over.
  const cursor = input.works.map(() => 0);
  const own = input.ownAbstract ? plainText(input.ownAbstract).slice(0, 1500) : undefined;
  const reasons = [...(input.reasons ?? [])];
  const build = (): ChatMessage[] => {
    const blocks = input.works.map((w, i) => {
      const lines = [`${w.placeholder}: "${plainText(w.paper.title ?? '')}"`];
      const authors = authorLine(w.paper);
      if (authors || w.paper.year) lines.push(`  ${[authors, w.paper.year].filter(Boolean).join(', ')}`);
      if (abstracts[i].length) lines.push(`  Abstract: ${abstracts[i].join(' ')}`);
      if (added[i].length) lines.push(`  From the paper: ${added[i].join(' ')}`);
      // A work known by its title alone carried claims about its neighbours ("… forward invariance [1, 6, 10]", a blind
      // reader: support nobody can check); one known by nothing at all was cited for whole topic sentences.
      if (!abstracts[i].length && !added[i].length) lines.push(plainText(w.paper.title ?? '').trim() ? TITLE_ONLY : NOTHING_KNOWN);
      const relation = relationOf(w.paper, input.ownAbstract);
      if (relation) lines.push(`  Relation: ${relation}`);
      return lines.join('\n');
    });
    const last = input.index === input.otherSubjects.length;
    const instruction = PARAGRAPH_INSTRUCTION.replace('{words}', String(input.words))
      .replace('{stance}', last ? STANCE_LAST : STANCE_EARLIER)
      .replace('{placeholders}', input.works.map((w) => w.placeholder).join(', '));
    const repair = reasons.length ? ['', REPAIR_INSTRUCTION.replace('{reasons}', reasons.map((r) => `- ${r}`).join('\n'))] : [];
    const user = [planLine(input), '', 'The works of this paragraph:', ...blocks, '', ...(own ? [`The citing paper's abstract: ${own}`, ''] : []), instruction, ...repair].join('\n');
    return [
      { role: 'system', content: PARAGRAPH_SYSTEM_PROMPT },
      { role: 'user', content: user },
    ];
  };
  let messages = build();
  // Too long even with the abstracts: the longest abstract loses its last sentence, until it fits or one is left each;
  // then a re-ask's reasons are shortened (their quoted sentences and evidence cut), then dropped from the last.
  while (!fits(messages)) {
    const longest = abstracts.reduce((best, a, i) => (a.length > 1 && (best < 0 || a.join(' ').length > abstracts[best].join(' ').length) ? i : best), -1);
    if (longest >= 0) abstracts[longest].pop();
    else if (!shortenQuotes(reasons)) {
      if (!reasons.length) return messages;
      reasons.pop();
    }
    messages = build();
  }
  // PDF sentences round-robin, so that one long PDF does not take the whole context.
  let grew = true;
  while (grew) {
    grew = false;
    for (let i = 0; i < input.works.length; i++) {
      const next = fromPdf[i][cursor[i]++];
      if (next === undefined) continue;
      grew = true;
      if (abstracts[i].includes(next)) continue;
      added[i].push(next);
      const trial = build();
      if (fits(trial)) messages = trial;
      else added[i].pop();
    }
  }
  return messages;
}

/** Why JSON and placeholders: a plan we can check mechanically (every work once, no invented one) or refuse. */
export const GROUPING_SYSTEM_PROMPT =
  'You plan the related-work section of a scientific paper. You answer with JSON only, no prose and no code fence.';

/**
 * Why these rules: a paragraph per topic reads better than one per work, and a short name per group becomes the plan
 * line (and the subsection heading) the paragraph is written to; the example is content-free (small models copy topics).
 */
export const GROUPING_INSTRUCTION = [
  'Group the {count} works above into about {groups} paragraphs of the related-work section, one topic per paragraph.',
  'Put EVERY work ({placeholders}) in exactly one group; use only these placeholders. Give each group a short topic name ' +
    '(at most 6 words). Order the groups as the section should read.',
  'Answer with JSON only, in this form: {"groups": [{"name": "topic X", "works": ["[W1]", "[W3]"]}, {"name": "topic Y", "works": ["[W2]"]}]}',
].join('\n');

/**
 * The messages asking the model for the grouping, fitted to `fits`: each work by title, year and abstract; when that
 * is too long, abstracts lose their last sentence, longest first, down to titles alone (the titles always go).
 * Undefined when even the titles alone do not fit (150 works in a 12000-character context): a prompt the model cannot
 * read would be cut or refused (HTTP 400), so the model is not asked.
 */
export function groupingMessages(works: readonly PlaceholderWork[], groups: number, ownAbstract: string | undefined, fits: (messages: ChatMessage[]) => boolean): ChatMessage[] | undefined {
  const abstracts = works.map((w) => (w.paper.abstract?.trim() ? splitSentences(plainText(w.paper.abstract)) : []));
  const own = ownAbstract ? plainText(ownAbstract).slice(0, 1000) : undefined;
  const build = (): ChatMessage[] => {
    const blocks = works.map((w, i) => {
      const head = `${w.placeholder}: "${plainText(w.paper.title ?? '')}"${w.paper.year ? ` (${w.paper.year})` : ''}`;
      return abstracts[i].length ? `${head}\n  ${abstracts[i].join(' ')}` : head;
    });
    const instruction = GROUPING_INSTRUCTION.replace('{count}', String(works.length)).replace('{groups}', String(groups)).replace('{placeholders}', works.map((w) => w.placeholder).join(', '));
    const user = ['The works to cite:', ...blocks, '', ...(own ? [`The citing paper's abstract: ${own}`, ''] : []), instruction].join('\n');
    return [
      { role: 'system', content: GROUPING_SYSTEM_PROMPT },
      { role: 'user', content: user },
    ];
  };
  let messages = build();
  while (!fits(messages)) {
    const longest = abstracts.reduce((best, a, i) => (a.length && (best < 0 || a.join(' ').length > abstracts[best].join(' ').length) ? i : best), -1);
    if (longest < 0) return undefined;
    abstracts[longest].pop();
    messages = build();
  }
  return messages;
}
