// subgroups: the order of a paragraph's works and the small groups inside it. A blind reader marked paragraphs that
// list works one after another ("[3] proposed a blind image denoising algorithm … [8] proposed a blind image denoising
// algorithm.") in 22 of 52 drafts: works that do the same kind of thing should sit together and be introduced once.
// - Works whose sentences write one specific phrase ("barrier certificates", "latent semantic models") that the
//   draft's other works mostly do not form a subgroup and are written one after the other. Two of them whose sentences
//   have the phrase as their object are said in one sentence that names it once (subgroup-sentence.ts): "[4] and [2]
//   proposed latent semantic models: [4] one that …, and [2] a series with …". No sentence of its own names a
//   subgroup: "Latent semantic models are studied in [4, 2]." before the works' sentences was read as filler, since
//   they say it again. A phrase nearly every cited abstract writes ("image denoising" in a section on denoising) is
//   the section's subject, not a subgroup's.
// - Two works whose sentences say the same thing are said once: "[3] and [8] proposed a blind image denoising
//   algorithm to recover …" rather than that sentence and then "[8] proposed a blind image denoising algorithm."
// - The blocks (subgroups and single works) follow one another by likeness, each next to the one closest to it,
//   starting from the paragraph's first work (the closest to the author's), not in the order they were ranked.
import type { CiteSyntax, DraftSentence } from '../types';
import { contentTerms, cosine, termFrequencies, type SparseVector } from '../text/tokens';
import { hasInnerPredicate, isPastForm } from '../text/verbs';
import { workSubject } from '../rewrite/authors';
import { isBroadField, phrasesOf, textsWriting } from './keyphrases';
import { type WorkPlan, workText } from './plan';
import { subgroupSentence } from './subgroup-sentence';
import { escapeRegExp } from '../text/regexp';
import { pluralOf } from '../text/plural';

/** A run of works written together: a subgroup of works that write one phrase, or one work or pair. */
export interface WorkBlock {
  works: WorkPlan[];
  /** The works in the order written; a pair with a joint sentence is said in it instead of in theirs. */
  parts: Array<{ works: WorkPlan[]; joint?: DraftSentence }>;
}

/** What the arrangement needs of the draft: each work's written sentences, the cited abstracts and term weights. */
export interface ArrangeContext {
  syntax: CiteSyntax;
  /** The sentences the draft writes for a work, as the reader sees them (before the paragraph's flow rules). */
  sentencesOf: (work: WorkPlan) => DraftSentence[];
  /** Every cited work's planning text: a phrase most of them write is the section's subject, not a subgroup's. */
  allTexts: readonly string[];
  idf: (term: string) => number;
  /** Phrases the draft's topic sentences name already; a subgroup repeats none of them. */
  topicPhrases: readonly string[];
  /** Whether a work writes the topic the paragraph's topic sentence names: such works come first, right after it. */
  onTopic?: (work: WorkPlan) => boolean;
  /** The works' order is the user's (by year: a history of the idea): blocks keep it, each where its first work was. */
  keepOrder?: boolean;
}

/**
 * A phrase written by more than this share of the cited works' abstracts is what the whole section is about ("image
 * denoising" over eleven denoisers): grouping six of eleven denoisers by it would set nothing apart.
 */
const SECTION_SUBJECT_SHARE = 0.6;
/** A subgroup opened by a sentence has at most this many works: past that, it is the paragraph's topic. */
const SUBGROUP_MAX_SHARE = 0.75;
/** The shared phrases a paragraph's subgroups are chosen from, the best weighted first. */
const MAX_CANDIDATES = 40;
/** The share of the shorter sentence's content words the longer one writes for the two to be said as one. */
const SAME_SAYING_SHARE = 0.75;
/** How much of the fuller sentence the shared one must keep: past this the fuller work says too much of its own. */
const FULLER_KEPT_SHARE = 0.6;

/** "[3] proposed …": the subject a work's sentence opens with and the verb after it (in the past, not "was"). */
function openingVerb(sentence: DraftSentence, work: WorkPlan, syntax: CiteSyntax): { subject: string; verb: string; rest: string } | undefined {
  const subject = workSubject(work.record, syntax).text;
  if (!sentence.text.startsWith(`${subject} `)) return undefined;
  const rest = sentence.text.slice(subject.length + 1);
  const verb = /^[a-z]+/.exec(rest)?.[0];
  // A past verb reads the same after two subjects; "was" and "has" would need "were" and "have".
  if (!verb || !isPastForm(verb) || /^(?:was|had|did)$/.test(verb)) return undefined;
  return { subject, verb, rest };
}

/** A sentence's opening and the content words after it, asked once of each sentence (pairs ask it of every other). */
const openings = new WeakMap<DraftSentence, { subject: string; verb: string; rest: string; terms: SparseVector } | null>();
function openingOf(sentence: DraftSentence, work: WorkPlan, syntax: CiteSyntax): { subject: string; verb: string; rest: string; terms: SparseVector } | undefined {
  let found = openings.get(sentence);
  if (found === undefined) {
    const opening = openingVerb(sentence, work, syntax);
    openings.set(sentence, (found = opening ? { ...opening, terms: termsOf(opening.rest) } : null));
  }
  return found ?? undefined;
}

/** The content words of a sentence without its citation markers. */
function termsOf(text: string): SparseVector {
  return termFrequencies(contentTerms(text.replace(/\\cite[a-z]*\{[^}]*\}|\[[^\]]*\]/g, ' ')));
}

/** The share of `a`'s content words that `b` writes. */
function containedShare(a: SparseVector, b: SparseVector): number {
  if (!a.size) return 0;
  let shared = 0;
  for (const t of a.keys()) if (b.has(t)) shared++;
  return shared / a.size;
}

/**
 * One sentence for two works whose single sentences say the same thing, with the same verb: what both say, with both
 * as its subject ("[3] and [8] proposed a blind image denoising algorithm"). Undefined where either says much of its
 * own: the fuller sentence's extra claims are its work's alone ("… that reaches 99% accuracy on BSD68" would be
 * credited to both), and the sentence both share is the shorter one.
 */
export function jointSentence(a: WorkPlan, b: WorkPlan, ctx: ArrangeContext): DraftSentence | undefined {
  const [sa, sb] = [ctx.sentencesOf(a), ctx.sentencesOf(b)];
  if (sa.length !== 1 || sb.length !== 1) return undefined;
  const [oa, ob] = [openingOf(sa[0], a, ctx.syntax), openingOf(sb[0], b, ctx.syntax)];
  if (!oa || !ob || oa.verb !== ob.verb) return undefined;
  const [ta, tb] = [oa.terms, ob.terms];
  // The shorter must be (nearly) inside the longer and name something: "proposed a method" joins nothing. Both open
  // on the same thing ("a blind denoising algorithm …"): "a harmonic model of tide gauge records" shares most of its
  // words with "a blind denoising algorithm for tide gauge records" and is another work.
  const [short, long] = ta.size <= tb.size ? [ta, tb] : [tb, ta];
  if (short.size < 3 || containedShare(short, long) < SAME_SAYING_SHARE) return undefined;
  if (containedShare(long, short) < FULLER_KEPT_SHARE) return undefined;
  if ([...ta.keys()].slice(0, 2).join(' ') !== [...tb.keys()].slice(0, 2).join(' ')) return undefined;
  const shared = tb.size < ta.size ? ob : oa;
  return {
    text: `${oa.subject} and ${ob.subject} ${shared.rest}`,
    keys: [a.record.key, b.record.key],
    sources: [...sa[0].sources, ...sb[0].sources],
    role: 'work',
  };
}

/** Whether a phrase names several things ("barrier certificates", "CNNs"): its verb is "are". */
function isPlural(phrase: string): boolean {
  // "team of mobile robots": the head is before "of".
  const head = phrase.split(' of ')[0].split(' ').pop() ?? '';
  return /(?:[^su]s|\p{Lu}s)$/u.test(head) && !/(?:ss|us|is|ics)$/.test(head);
}

/**
 * A kind of thing reads in the plural ("[a] and [b] proposed control Lyapunov functions: …", not "… proposed control
 * Lyapunov function: …"): where the abstracts write the plural, or write the phrase after "a" ("a robust control Lyapunov function"),
 * which a mass noun never takes ("sparse coding" stays).
 */
function pluralWhereWritten(surface: string, texts: readonly string[]): string {
  if (isPlural(surface) || !/\p{Ll}$/u.test(surface)) return surface;
  const escaped = escapeRegExp(surface);
  const plural = new RegExp(`(?<![\\p{L}\\p{N}-])${escaped}(?:s|es)(?![\\p{L}\\p{N}-])`, 'iu');
  for (const t of texts) {
    const found = plural.exec(t);
    if (found) return surface + found[0].slice(surface.length);
  }
  // "a team of mobile robots" → "Teams of mobile robots are …": the head before "of" is the counted noun.
  const [head, ...rest] = surface.split(' of ');
  const counted = new RegExp(`(?<![\\p{L}\\p{N}-])an? (?:[\\p{L}-]+ )?${escaped}(?![\\p{L}\\p{N}-])`, 'iu');
  // "equilibrium", "criterion", "analysis": a learned plural the rule below would get wrong.
  if (/(?:ing|um|rion|menon|is)$/.test(head) || !texts.some((t) => counted.test(t))) return surface;
  return [pluralOf(head), ...rest].join(' of ');
}

/** A candidate subgroup: a phrase, its spellings, and the works whose sentences write it. */
interface SharedPhrase {
  key: string;
  surfaces: Map<string, number>;
  works: Set<WorkPlan>;
  weight: number;
}

/**
 * The spelling a subgroup's sentence names: lower case where a work writes it so ("Safety Barrier Certificates" in a
 * title-case sentence gives way to "barrier certificates"), the plural where one is written, else the most written.
 */
const chosenSurface = new WeakMap<SharedPhrase, string>();
function bestSurface(p: SharedPhrase): string {
  const known = chosenSurface.get(p);
  if (known !== undefined) return known;
  const score = ([s, n]: [string, number]) => Number(s === s.toLowerCase() || /\p{Lu}.*\p{Lu}/u.test(s.split(' ')[0])) * 100 + Number(isPlural(s)) * 50 + n;
  const best = [...p.surfaces.entries()].sort((a, b) => score(b) - score(a) || a[0].localeCompare(b[0]))[0][0];
  chosenSurface.set(p, best);
  return best;
}

/**
 * The phrases two or more of the works write in their sentences (or titles) that can name a subgroup: several words
 * or a name ("BERT"), no clause, not the paragraph's topic, and not what most of the cited works write.
 */
function sharedPhrases(works: readonly WorkPlan[], ctx: ArrangeContext): { candidates: SharedPhrase[]; specific: (p: SharedPhrase) => boolean } {
  const found = new Map<string, SharedPhrase>();
  for (const w of works) {
    // Read in the authors' voice, where "We tag rhyme schemes" shows "tag" is a verb: written as "Bard \cite{b} tagged
    // rhyme schemes", the sentence had named a subgroup "Tagged rhyme schemes".
    const text = [w.record.title ?? '', ...w.chosen.map((c) => w.options[c].extract)].join('. ');
    for (const p of phrasesOf(text)) {
      if (!p.key.includes(' ') && !/^\p{Lu}[\p{L}\p{N}-]*\p{Lu}/u.test(p.surface)) continue;
      const entry = found.get(p.key) ?? { key: p.key, surfaces: new Map<string, number>(), works: new Set<WorkPlan>(), weight: p.stems.reduce((a, t) => a + ctx.idf(t), 0) };
      entry.works.add(w);
      entry.surfaces.set(p.surface, (entry.surfaces.get(p.surface) ?? 0) + 1);
      found.set(p.key, entry);
    }
  }
  // "safety barrier" where the works write "safety barrier certificates": a phrase cut before its head names nothing;
  // nor does "language processing" where they write "natural language processing" (a field's name, then).
  const entries = [...found.values()];
  const cutBeforeHead = (p: SharedPhrase) =>
    entries.some((q) => (q.key.startsWith(`${p.key} `) || q.key.endsWith(` ${p.key}`)) && [...p.works].every((w) => q.works.has(w)));
  const withText = ctx.allTexts.filter((t) => t.trim());
  // "barrier certificate" is the topic "barrier certificates" too: compared without a plural's "s".
  const topics = ctx.topicPhrases.map((t) => t.toLowerCase().replace(/s$/, ''));
  const maxWorks = Math.max(2, Math.floor(works.length * SUBGROUP_MAX_SHARE));
  // The cheap tests first; what reads every abstract, or tags the phrase, only of the phrases the choice reaches.
  const checked = new Map<SharedPhrase, boolean>();
  let writing: ((phrase: string) => number) | undefined;
  const specific = (p: SharedPhrase): boolean => {
    let ok = checked.get(p);
    if (ok === undefined) {
      const surface = bestSurface(p);
      // Only a word in "-s" before the last can be a clause's verb ("model predicts waiting times"): the tagger, the
      // cost here, is asked of those alone.
      const mayBeClause = surface.split(' ').slice(0, -1).some((w) => /s$/i.test(w));
      ok = (writing ??= textsWriting(withText))(surface) <= withText.length * SECTION_SUBJECT_SHARE && !(mayBeClause && hasInnerPredicate(surface));
      checked.set(p, ok);
    }
    return ok;
  };
  const candidates = entries
    .filter((p) => p.works.size >= 2 && p.works.size <= maxWorks)
    .sort((a, b) => b.weight * b.works.size - a.weight * a.works.size || a.key.localeCompare(b.key))
    .filter((p) => {
      if (cutBeforeHead(p)) return false;
      const lower = bestSurface(p).toLowerCase();
      return !isBroadField(lower) && !topics.some((t) => t.includes(lower) || lower.includes(t));
    })
    // A library of near copies shares hundreds of phrases; the best few are all a paragraph's subgroups can use.
    .slice(0, MAX_CANDIDATES);
  return { candidates, specific };
}

/** A subgroup or a single work, with the joint sentences of works in it that say the same thing. */
interface Part {
  works: WorkPlan[];
  joint?: DraftSentence;
}

/**
 * Two works of a subgroup that write its phrase as their object, said in one sentence that names it once, then what
 * each does with it (subgroup-sentence.ts), first; the others after them, alone. The first such pair in the works'
 * order; none where two already share a joint sentence (they say the phrase once already).
 */
function withSubgroupSentence(parts: Part[], heading: string, ctx: ArrangeContext): Part[] {
  if (parts.some((q) => q.joint)) return parts;
  for (let i = 0; i < parts.length; i++) {
    for (let j = i + 1; j < parts.length; j++) {
      const pair: [WorkPlan, WorkPlan] = [parts[i].works[0], parts[j].works[0]];
      const joint = subgroupSentence(pair, heading, ctx.sentencesOf, ctx.syntax);
      if (joint) return [{ works: [...pair], joint }, ...parts.filter((_, k) => k !== i && k !== j)];
    }
  }
  return parts;
}

/** Pairs of works among `works` that one sentence can say together, each work in one pair at most; the rest alone. */
function pairSameSayings(works: readonly WorkPlan[], ctx: ArrangeContext): Part[] {
  const parts: Part[] = [];
  const used = new Set<WorkPlan>();
  for (const [i, a] of works.entries()) {
    if (used.has(a)) continue;
    used.add(a);
    const part: Part = { works: [a] };
    for (const b of works.slice(i + 1)) {
      if (used.has(b)) continue;
      const joint = jointSentence(a, b, ctx);
      if (!joint) continue;
      used.add(b);
      part.works.push(b);
      part.joint = joint;
      break;
    }
    parts.push(part);
  }
  return parts;
}

/**
 * The vector a block is compared by: the content words of its works' sentences, weighted by rarity. What the reader
 * sees decides what reads as related: "[6] defined a method for constructing Lyapunov functions" belongs next to the
 * works on control Lyapunov functions, however their abstracts differ otherwise.
 */
function blockVector(works: readonly WorkPlan[], ctx: ArrangeContext): SparseVector {
  const sum = new Map<string, number>();
  for (const w of works) for (const s of ctx.sentencesOf(w)) for (const [t, n] of termsOf(s.text)) sum.set(t, (sum.get(t) ?? 0) + n * ctx.idf(t));
  return sum;
}

/**
 * The paragraph's works (those written, in their ranked order) as blocks in the order they are written: subgroups named
 * by a phrase their sentences share, pairs said in one sentence, single works; each block next to the one most like it.
 */
export function arrangeWorks(works: readonly WorkPlan[], ctx: ArrangeContext): WorkBlock[] {
  if (works.length < 2) return works.map((w) => ({ works: [w], parts: [{ works: [w] }] }));
  const remaining = new Set(works);
  const { candidates, specific } = sharedPhrases(works, ctx);
  const blocks: WorkBlock[] = [];
  for (;;) {
    const live = candidates
      .map((p) => ({ p, members: works.filter((w) => p.works.has(w) && remaining.has(w)) }))
      .filter(({ members }) => members.length >= 2)
      .sort((a, b) => b.p.weight * b.members.length - a.p.weight * a.members.length || a.p.key.localeCompare(b.p.key));
    const chosen = live.find(({ p }) => specific(p));
    if (!chosen) break;
    const { p, members } = chosen;
    for (const w of members) remaining.delete(w);
    const parts = pairSameSayings(members, ctx);
    const heading = pluralWhereWritten(bestSurface(p), members.map(workText));
    blocks.push({ works: members, parts: withSubgroupSentence(parts, heading, ctx) });
  }
  const alone = works.filter((w) => remaining.has(w));
  for (const part of pairSameSayings(alone, ctx)) blocks.push({ works: part.works, parts: [part] });
  return orderByLikeness(blocks, works, ctx);
}

/**
 * Blocks in a chain of likeness: the one holding the paragraph's first work, then each time the one closest to the
 * last. Where the paragraph opens with a topic sentence, the blocks of works on that topic come first: "A first line
 * of work studies systemic risk" had been followed by a review of SCADA security, the works on systemic risk later.
 */
function orderByLikeness(blocks: WorkBlock[], works: readonly WorkPlan[], ctx: ArrangeContext): WorkBlock[] {
  const { onTopic } = ctx;
  const rank = (b: WorkBlock) => Math.min(...b.works.map((w) => works.indexOf(w)));
  const topical = (b: WorkBlock) => (onTopic && b.works.some(onTopic) ? 1 : 0);
  if (ctx.keepOrder) return [...blocks].sort((a, b) => rank(a) - rank(b));
  const left = [...blocks].sort((a, b) => topical(b) - topical(a) || rank(a) - rank(b));
  const vectors = new Map(left.map((b) => [b, blockVector(b.works, ctx)]));
  const out: WorkBlock[] = [left.shift() as WorkBlock];
  while (left.length) {
    const last = vectors.get(out[out.length - 1]) as SparseVector;
    const wanted = topical(left[0]);
    let best = 0;
    for (let i = 1; i < left.length; i++) {
      if (topical(left[i]) !== wanted) continue;
      if (cosine(last, vectors.get(left[i]) as SparseVector) > cosine(last, vectors.get(left[best]) as SparseVector)) best = i;
    }
    out.push(...left.splice(best, 1));
  }
  return out;
}
