// The paragraph writer of the LLM engines: our planner's paragraphs become the plan, the model writes each paragraph
// citing its works by placeholder ([W1], [W2] …), and we verify the reply before any citation goes in. Every sentence
// may cite only works of its own paragraph; a placeholder of no work of the paragraph, an invented key or other
// citation-looking text (\cite{…}, [@…], [12], "Smith et al. (2019)") is removed; a work the reply does not cite gets
// the paragraph asked again once with the reasons, and what is still missing is written by the default engine, marked.
import type { CitationJudgement, CiteSyntax, DraftParagraph, DraftSentence, PaperRecord, SourceSentence } from '../types';
import { throwIfCancelled } from '../types';
import { splitSentences } from '../text/sentences';
import { citeMarker, workSubject } from '../rewrite/authors';
import { agreeVerb, leadingVerb } from '../rewrite';
import { WORDS_PER_WORK_DEFAULT } from '../drafting';
import { checkCitations } from './output-check';
import { paperSource, type ChatMessage } from './prompts';
import { paragraphMessages, type PlaceholderWork } from './paragraph-prompts';
import { FIRST_PERSON, judgeSentence } from './paragraph-check';
import type { CheckLibrary } from '../suggest/check';

/** One model reply (the same shape as a sentence writer's raw answer: its text and visible notes). */
interface ParagraphReply {
  text: string;
  notes?: string[];
}

/** Asks the model; the engines pass their own transport (a server, vscode.lm, a GGUF session). */
type ParagraphChat = (messages: ChatMessage[], signal?: AbortSignal) => Promise<ParagraphReply>;

/** The flag on a work whose sentence the default engine wrote because the model's paragraph would not cite it. */
export const FALLBACK_FLAG = 'written by the default engine: the model\'s paragraph did not cite it';

/** A placeholder group as models write it: [W1], [W1, W3], [W1; W2], [W 2], [w2]. */
const PLACEHOLDER_GROUP = /\[\s*[Ww]\s*\d+(?:\s*[,;]\s*(?:[Ww]\s*)?\d+)*\s*\]/g;
/** Two groups side by side ("[W1][W2]", "[W1], [W2]") are one citation. */
const SENTINEL = (i: number) => `\u27e6${i}\u27e7`;
const SENTINEL_RUN = /\u27e6(\d+)\u27e7(?:\s*,?\s*\u27e6\d+\u27e7)*/g;

interface ReadSentence {
  text: string;
  keys: string[];
  /** The model's sentence as written (placeholders and all): what it is told back when asked again. */
  raw: string;
  /** The sentence without any citation: what the attribution check judges. */
  plain: string;
}

interface ReadParagraph {
  sentences: ReadSentence[];
  /** The works the paragraph cites. */
  cited: Set<string>;
  /** What was wrong with the reply, in words the model is told when asked again (and the user is shown). */
  problems: string[];
}

/**
 * The model's paragraph verified against its works: citations are the works' keys in `syntax`, put in by us where the
 * model put the placeholders. A sentence whose only citations were of no work of the paragraph is dropped: its claim
 * is about a work we do not have.
 */
export function readParagraph(reply: string, works: readonly PlaceholderWork[], syntax: CiteSyntax): ReadParagraph {
  const byNumber = new Map(works.map((w) => [Number(w.placeholder.slice(2, -1)), w.paper]));
  const authors = works.flatMap((w) => w.paper.authors ?? []);
  const problems: string[] = [];
  const cited = new Set<string>();
  const sentences: ReadSentence[] = [];
  // A heading or list marker the model added ("**Related work**", "- ") is not part of the paragraph.
  const body = reply
    .replace(/<think>[\s\S]*?<\/think>/g, '')
    .split(/\n+/)
    .map((line) => line.replace(/^\s*(?:[-*•]\s+|\d+[.)]\s+|#+\s*)/, '').trim())
    .filter((line) => line && !/^\*\*[^*]+\*\*:?$/.test(line))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  for (const raw of splitSentences(body)) {
    const groups: string[][] = [];
    let foreign = 0;
    const marked = raw.replace(PLACEHOLDER_GROUP, (group) => {
      const numbers = [...group.matchAll(/\d+/g)].map((m) => Number(m[0]));
      const keys: string[] = [];
      for (const n of numbers) {
        const paper = byNumber.get(n);
        if (paper) keys.push(paper.key);
        else {
          foreign++;
          problems.push(`[W${n}] is not a work of this paragraph (removed)`);
        }
      }
      if (!keys.length) return '';
      groups.push(keys);
      return SENTINEL(groups.length - 1);
    });
    // The model's own citations: every key is invented (the model never saw one), so all of them go.
    const checked = checkCitations(marked, [], authors);
    for (const r of checked.removed) problems.push(`wrote ${r} (removed): cite only by placeholder`);
    if (checked.dropped) {
      problems.push(`the sentence "${raw}" compared a work with one that is not given (removed)`);
      continue;
    }
    const invented = checked.removed.some((r) => /citation|marker/.test(r));
    if (!groups.length && (foreign || invented)) {
      if (!foreign) problems.push(`the sentence "${raw}" cites no work of this paragraph (removed)`);
      continue;
    }
    const keys: string[] = [];
    const plain = checked.text.replace(/\u27e6\d+\u27e7/g, ' ').replace(/\s+([,.;:])/g, '$1').replace(/\s{2,}/g, ' ').trim();
    let text = checked.text.replace(SENTINEL_RUN, (run: string, _first: string, offset: number) => {
      const runKeys = [...new Set([...run.matchAll(/\u27e6(\d+)\u27e7/g)].flatMap((m) => groups[Number(m[1])]))];
      keys.push(...runKeys.filter((k) => !keys.includes(k)));
      if (offset === 0) return `\u27e6S${runKeys.join(',')}\u27e7`;
      return citeMarker(runKeys, syntax === 'citet' ? 'citep' : syntax);
    });
    text = subjectFirst(text, works, syntax);
    text = text.replace(/\s+([,.;:])/g, '$1').replace(/\s{2,}/g, ' ').trim();
    if (!/[\p{L}\p{N}]{3}/u.test(text)) continue;
    if (!/[.!?]$/.test(text)) text += '.';
    for (const k of keys) cited.add(k);
    sentences.push({ text: text[0].toUpperCase() + text.slice(1), keys, raw: raw.trim(), plain });
  }
  for (const w of works) if (!cited.has(w.paper.key)) problems.push(`${w.placeholder} was not cited`);
  return { sentences, cited, problems };
}

/**
 * A sentence that opens with placeholders has them as its subject ("[W2] extend this …"): the authors are named, as the
 * default engine writes ("Roe et al. \cite{b} extend this …"), and the verb agrees with them.
 */
function subjectFirst(text: string, works: readonly PlaceholderWork[], syntax: CiteSyntax): string {
  const m = /^\u27e6S([^\u27e7]+)\u27e7\s*/.exec(text);
  if (!m) return text;
  const papers = m[1].split(',').map((k) => works.find((w) => w.paper.key === k)!.paper);
  const subjects = papers.map((p) => workSubject(p, syntax));
  const rest = text.slice(m[0].length);
  const subject = subjects.length === 1 ? subjects[0].text : `${subjects.slice(0, -1).map((s) => s.text).join(', ')} and ${subjects.at(-1)!.text}`;
  const plurality = subjects.length === 1 ? subjects[0].plurality : 'plural';
  // "[W11] and [W14] both find …": the subject goes on past the first work, and the model's verb already agrees with
  // both (agreeing it with the first made "[11] ands [14]").
  if (/^(?:and|or|nor|as well as)\b/i.test(rest)) return `${subject} ${rest}`;
  // "[W1] instead uses …": the form is the verb's, past the adverb.
  const verb = leadingVerb(rest);
  const from = /[^s]s$|ies$|(?:ss|sh|ch|x|o)es$/.test(verb) && verb !== 'has' ? 'third-singular' : 'base';
  return `${subject} ${verb ? agreeVerb(rest, plurality, from) : rest}`;
}

interface ParagraphWriterInput {
  /** The plan: each paragraph's works in order, and its subject (the group's keyphrase). */
  plan: { papers: PaperRecord[]; subject?: string }[];
  syntax: CiteSyntax;
  ownAbstract?: string;
  targetWords?: number;
  chat: ParagraphChat;
  /** Whether the messages fit the model's context. */
  fits: (messages: ChatMessage[]) => boolean;
  /** The default engine's sentence for a work the model would not cite (plain text, its citation in `syntax`). */
  fallback: (paper: PaperRecord) => Promise<DraftSentence>;
  /** The library index: each sentence's citations are judged against the paragraph's other works. None: not judged. */
  library?: CheckLibrary;
  /** Write only this paragraph of the plan (regenerating it); the others are the plan line's context. */
  onlyParagraph?: number;
  signal?: AbortSignal;
  /** Each paragraph as soon as it is verified, before the next is asked for. */
  onParagraph?: (paragraph: DraftParagraph, index: number) => void;
  progress?: { report(done: number, total: number, message?: string): void };
}

interface WrittenParagraphs {
  paragraphs: DraftParagraph[];
  /** Visible warnings: works the default engine wrote, what was removed from the model's paragraphs. */
  flags: string[];
  /** Keys whose sentence is the default engine's. */
  fellBack: string[];
}

/** The flag on a work whose only sentences in the model's paragraph failed the attribution check, even when asked again. */
export const ATTRIBUTION_FALLBACK_FLAG = "written by the default engine: the model's sentence citing it failed the attribution check";

function sourcesOf(text: string, papers: readonly PaperRecord[]): SourceSentence[] {
  return papers.flatMap((p) => {
    const source = paperSource(p);
    return source.titleOnly ? [source.sentences[0]] : source.sentences.slice(0, 1);
  }).filter((s) => s && text);
}

/** One reply read and judged: which sentences stay, which works they cite, and what to tell the model if asked again. */
interface Answer {
  read: ReadParagraph;
  notes: string[];
  /** The sentences that stay, each with its judgement. */
  kept: { sentence: ReadSentence; checks: CitationJudgement[] }[];
  /** The works a kept sentence cites. */
  covered: Set<string>;
  /** Works whose sentence failed the check and that no kept sentence is about alone, with the first reason (placeholders named). */
  failed: Map<string, string>;
  /** Everything wrong with the reply, in the model's terms. */
  reasons: string[];
  /** How many sentences failed the attribution check (another work's claim, an invented detail): worth asking again for. */
  failedSentences: number;
}

function assess(reply: ParagraphReply, works: readonly PlaceholderWork[], syntax: CiteSyntax, library: CheckLibrary | undefined, ownAbstract?: string): Answer {
  const read = readParagraph(reply.text, works, syntax);
  const notes = reply.notes ?? [];
  // A reply that cites none of the works (it ignored the placeholders) says nothing we can attribute: all of it goes.
  if (!read.cited.size) return { read, notes, kept: [], covered: new Set(), failed: new Map(), reasons: [...read.problems, 'no sentence cited any work by its placeholder'], failedSentences: 0 };
  const kept: Answer['kept'] = [];
  const failed = new Map<string, string>();
  const attribution: string[] = [];
  for (const sentence of read.sentences) {
    const verdict = library && sentence.keys.length ? judgeSentence(library, sentence, works, ownAbstract) : { checks: [], problems: [] };
    if (!verdict.problems.length) {
      kept.push({ sentence, checks: verdict.checks });
      continue;
    }
    attribution.push(...verdict.problems);
    for (const key of sentence.keys) if (!failed.has(key)) failed.set(key, verdict.problems[0]);
  }
  const covered = new Set(kept.flatMap((k) => k.sentence.keys));
  // A work whose own sentence failed keeps a sentence only if another kept sentence is about it alone: a topic
  // sentence citing the whole paragraph says nothing of what this work does.
  for (const k of kept) if (k.sentence.keys.length === 1) failed.delete(k.sentence.keys[0]);
  return { read, notes, kept, covered, failed, reasons: [...read.problems, ...attribution], failedSentences: read.sentences.length - kept.length };
}

/** How many works the answer describes: cited by a kept sentence, and none of its own sentences failed. */
function keptWorks(answer: Answer): number {
  return [...answer.covered].filter((k) => !answer.failed.has(k)).length;
}

/** "[W2]" → its key in what the user is shown: the user never saw the placeholders. */
function inKeys(text: string, works: readonly PlaceholderWork[]): string {
  return works.reduce((t, w) => t.split(w.placeholder).join(w.paper.key), text);
}

/**
 * One paragraph of the plan: asked, read and judged; asked again ONCE with every reason (works not cited, citations
 * of another work's claim, invented details); the answer that keeps more works stays, and each work it does not keep
 * is written by the default engine, marked with the reason.
 */
async function writeParagraph(input: ParagraphWriterInput, gi: number, words: number): Promise<Omit<WrittenParagraphs, 'paragraphs'> & { paragraph: DraftParagraph }> {
  const { plan, syntax, signal } = input;
  const group = plan[gi];
  const works: PlaceholderWork[] = group.papers.map((paper, i) => ({ placeholder: `[W${i + 1}]`, paper }));
  const prompt = { works, index: gi, subject: group.subject, otherSubjects: plan.filter((_, k) => k !== gi).map((g) => g.subject), ownAbstract: input.ownAbstract, words };
  const ask = async (reasons?: string[]) => {
    const reply = await input.chat(paragraphMessages({ ...prompt, reasons }, input.fits), signal);
    throwIfCancelled(signal);
    return assess(reply, works, syntax, input.library, input.ownAbstract);
  };
  const flags: string[] = [];
  let answer = await ask();
  if (answer.covered.size < works.length || answer.failedSentences) {
    const reasons = answer.reasons;
    const again = await ask(reasons);
    flags.push(`paragraph ${gi + 1}: asked again (${inKeys(reasons.join('; '), works)})`);
    // The answer that keeps more of the paragraph's works stays.
    if (keptWorks(again) >= keptWorks(answer)) answer = again;
  } else if (answer.reasons.length) flags.push(`paragraph ${gi + 1}: ${answer.reasons.join('; ')}`);
  for (const note of answer.notes) flags.push(`paragraph ${gi + 1}: ${note}`);
  const drafted = new Map(answer.kept.map(({ sentence: s, checks }, i) => {
    const papers = s.keys.map((k) => group.papers.find((p) => p.key === k)!);
    const role: DraftSentence['role'] = s.keys.length ? 'work' : i === 0 ? 'topic' : 'contrast';
    return [s, { text: s.text, keys: s.keys, sources: sourcesOf(s.text, papers), role, ...(checks.length && { checks }) } as DraftSentence];
  }));
  const fellBack: string[] = [];
  const fallbacks = new Map<string, DraftSentence>();
  for (const w of works) {
    if (answer.covered.has(w.paper.key) && !answer.failed.has(w.paper.key)) continue;
    const failure = answer.failed.get(w.paper.key);
    const flag = failure
      ? `${ATTRIBUTION_FALLBACK_FLAG} (${inKeys(failure, works)})`
      : `${FALLBACK_FLAG} (${answer.read.cited.size ? `${w.placeholder} was not cited` : 'the reply cited no work by its placeholder'})`;
    const fallback = await input.fallback(w.paper);
    throwIfCancelled(signal);
    fallbacks.set(w.paper.key, { ...fallback, flags: [...(fallback.flags ?? []), flag] });
    fellBack.push(w.paper.key);
    flags.push(`${w.paper.key}: ${flag}`);
  }
  return { paragraph: { keys: group.papers.map((p) => p.key), subject: group.subject, sentences: inReadingOrder(answer.read.sentences, drafted, fallbacks) }, flags, fellBack };
}

/**
 * The paragraph's sentences in the model's order, each default-engine sentence where the model's sentence on that work
 * stood: "[W1] … [W2] … Our work differs …" with [W2]'s sentence failing the check reads "[W1] … <[W2] by the default
 * engine> … Our work differs …", not with [W2] after the author's closing sentence. A work the model never cited goes
 * before the first sentence in the author's voice, or last when there is none.
 */
function inReadingOrder(read: readonly ReadSentence[], drafted: ReadonlyMap<ReadSentence, DraftSentence>, fallbacks: Map<string, DraftSentence>): DraftSentence[] {
  const ordered: DraftSentence[] = [];
  for (const sentence of read) {
    const kept = drafted.get(sentence);
    if (kept) {
      ordered.push(kept);
      continue;
    }
    for (const key of sentence.keys) {
      const fallback = fallbacks.get(key);
      if (!fallback) continue;
      ordered.push(fallback);
      fallbacks.delete(key);
    }
  }
  const closing = ordered.findIndex((s, i) => i > 0 && FIRST_PERSON.test(s.text));
  ordered.splice(closing < 0 ? ordered.length : closing, 0, ...fallbacks.values());
  return ordered;
}

/**
 * Writes the paragraphs of the plan one after another (so that they arrive in order), asking each again at most once;
 * with `onlyParagraph`, that one alone.
 */
export async function writeParagraphs(input: ParagraphWriterInput): Promise<WrittenParagraphs> {
  const { plan, signal } = input;
  const totalWorks = plan.reduce((n, g) => n + g.papers.length, 0);
  const targetWords = input.targetWords ?? WORDS_PER_WORK_DEFAULT * totalWorks;
  const written: WrittenParagraphs = { paragraphs: [], flags: [], fellBack: [] };
  const indices = input.onlyParagraph === undefined ? plan.map((_, i) => i) : [input.onlyParagraph];
  for (const gi of indices) {
    throwIfCancelled(signal);
    if (!plan[gi]) throw new Error(`There is no paragraph ${gi + 1} in a plan of ${plan.length}.`);
    input.progress?.report(gi, plan.length, `Writing paragraph ${gi + 1} of ${plan.length}`);
    // Regenerating one paragraph: the target is that paragraph's own length, not the whole draft's.
    const share = input.onlyParagraph === undefined ? (targetWords * plan[gi].papers.length) / Math.max(1, totalWorks) : (input.targetWords ?? WORDS_PER_WORK_DEFAULT * plan[gi].papers.length);
    const words = Math.max(60, Math.round(share));
    const one = await writeParagraph(input, gi, words);
    written.paragraphs.push(one.paragraph);
    written.flags.push(...one.flags);
    written.fellBack.push(...one.fellBack);
    input.onParagraph?.(one.paragraph, gi);
  }
  input.progress?.report(plan.length, plan.length, 'Draft written');
  return written;
}
