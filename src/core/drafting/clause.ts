// clause: a work's contribution said in a short clause of a shared sentence ("\cite{k} proposed a storm surge
// correction for harbour forecasts"), compressed from the sentence a draft would write for it: the verb and its object
// (subject–verb–object), without the purpose, the means and the side details that follow them ("to …", "by …ing",
// ", which …", "during …", "such as …"). A blind reader marked works only listed ("Other work on neural networks
// includes [4, 5, 0]") in 10 of 52 drafts and asked what each contributes; a whole sentence each does not fit the
// length the draft is given, a clause does.
import { contentTerms, wordCount } from '../text/tokens';
import { baseFromGerund, isPastForm, oftenAnAdjective, pastTense, taggedTerms, hasOwnVerb } from '../text/verbs';
import { CLAIM_WORDS } from './relation';
import { alternation, CLAUSE_DANGLING_ENDS, CLAUSE_POINTERS, CLAUSE_TRAILING_PREPOSITIONS, GENERIC_HEAD_NOUNS, PRAISED_PROBLEM_QUALIFIERS, SIDE_DETAIL_VERBS } from '../lexicon';
import { dropSelfPraise } from '../rewrite';
import { indefiniteArticle } from '../text/articles';
import { escapeRegExp } from '../text/regexp';

/** The most words a clause (its verb and object) has: longer, it is a sentence of its own again. */
export const MAX_CLAUSE_WORDS = 22;
/** Fewer words name too little ("introduced BinaryConnect" tells a reader nothing of it). */
const MIN_CLAUSE_WORDS = 3;

/** Verbs that tell a side detail of a work, not what it contributes (a reader's "described by a side detail"). */
const SIDE_DETAIL = new RegExp(String.raw`^(?:${alternation(SIDE_DETAIL_VERBS)})$`, 'i');

/**
 * Where the core of a clause ends: what follows says why, how, when or with what examples ("to speed up training",
 * "by exploiting self-similarity", ", which …", "during the forward pass", "such as BM3D"), or a second predicate
 * (", and they obtained …").
 */
const TAIL = new RegExp(
  [
    String.raw`,\s*(?:which|while|where|whereby|thereby|resulting|leading|allowing|enabling|making|yielding|so that|as well as|` +
      String.raw`i\.e\.|e\.g\.|including|such as|like|especially|particularly|and (?:they|it|this|these|the authors|their|then)\b)`,
    String.raw`\s+(?:in order to|so as to|so that|while|whereas|during|because|since|although|as soon as|such as|e\.g\.|i\.e\.|based on|in terms of|with the aim|aiming)\b`,
    // How it was done, but not what a participle needs ("representations trained using NLI data"), nor a verb's "like".
    String.raw`(?<!ed)\s+(?:via|through|using)\b`,
    String.raw`(?<!would|ed)\s+like\b`,
    String.raw`\s+by\s+\w+ing\b`,
    String.raw`\s*[:;–—]`,
    String.raw`\s+--?\s+`,
  ].join('|'),
  'i',
);

const TAIL_ALL = new RegExp(TAIL.source, 'gi');
/** A phrase that ends on a kind of thing only ("DiscoGAN, a method", "a new approach"). */
const GENERIC_HEAD_AT_END = new RegExp(
  String.raw`\b(?:a|an|the|one|two|several|some|many|various|new|novel)\s+(?:(?:new|novel|simple|general|single)\s+)?(?:${alternation(GENERIC_HEAD_NOUNS)})s?\s*$`,
  'i',
);
/** Words a clause cannot end on: it was cut in the middle of a phrase ("explicitly maximize the region of"). */
const DANGLING = new RegExp(`\\b(?:${alternation(CLAUSE_DANGLING_ENDS)})$`, 'i');
/** A phrase that points at what the abstract said before it, which the clause leaves out ("this problem", "their method"). */
export const POINTS_ELSEWHERE = new RegExp(`\\b(?:${alternation(CLAUSE_POINTERS)})\\b`, 'i');
/** Prepositions whose phrase closes a clause and may go when it runs long ("… vectors on a wide range of tasks"). */
const TRAILING_PREPOSITION = new RegExp(`\\s+(?:${alternation(CLAUSE_TRAILING_PREPOSITIONS)})\\s+`, 'gi');

/**
 * What the work itself did, as the draft writes it: after an opener of its own ("Through extensive experiments, ",
 * dropped), the work's subject ("Roe \cite{k}", "In \cite{k}, the authors") and a verb in the past. "The experiments of
 * \cite{k} establish that X" says what the work showed: "showed that X".
 */
function predicateAfterSubject(sentence: string, subject: string): string | undefined {
  const s = escapeRegExp(subject);
  const marker = escapeRegExp(subject.replace(/^.*?(?=(?:\\cite|\[@|\[\d))/, ''));
  const direct = new RegExp(String.raw`^(?:[^,\\\[]{1,80},\s+)?(?:${s}|In ${marker}, the authors)\s+(.+)$`, 'i').exec(sentence);
  if (direct) return direct[1];
  const findings = String.raw`(?:experiments|results|analysis|analyses|findings|study|studies|evaluation)`;
  const verbs = String.raw`(?:establish|show|suggest|demonstrate|indicate|reveal)(?:s|ed)?`;
  const finding = new RegExp(String.raw`^The ${findings} of ${s}\s+${verbs}\s+that\s+(.+)$`, 'i').exec(sentence);
  return finding ? `showed that ${finding[1]}` : undefined;
}

/** Word offsets in a text: where each word of `taggedTerms` starts. */
function termStarts(text: string): { text: string; start: number; tags: string[] }[] {
  const out: { text: string; start: number; tags: string[] }[] = [];
  let at = 0;
  for (const t of taggedTerms(text)) {
    const start = text.indexOf(t.text, at);
    if (start < 0 || !t.text) continue;
    out.push({ text: t.text, start, tags: t.tags });
    at = start + t.text.length;
  }
  return out;
}

/**
 * Where a purpose or a second predicate starts after the object: "to embrace the progress …" (an infinitive, not "to
 * standard networks"), "and proposed a solution concept" (a second verb in the past, not "labelled and unlabelled").
 */
function secondPredicates(rest: string): number[] {
  const terms = termStarts(rest);
  const out: number[] = [];
  for (let i = 2; i < terms.length - 1; i++) {
    const [word, next] = [terms[i], terms[i + 1]];
    // "a method that learns | to translate images" needs its infinitive: only after a noun is "to …" a purpose.
    const afterVerb = terms[i - 1].tags.includes('Verb') && !terms[i - 1].tags.includes('Noun');
    if (/^to$/i.test(word.text) && next.tags.includes('Infinitive') && !afterVerb) out.push(word.start);
    // "and proposed a silt index": a verb with its object; "and unlabelled data", "and proposed methods": a noun's modifier.
    const opensObject = /^(?:a|an|the|two|three|four|several|many|new|its|their)$/i.test(terms[i + 2]?.text ?? '');
    if (/^and$/i.test(word.text) && isPastForm(next.text) && (opensObject || (!oftenAnAdjective(next.text) && next.tags.includes('PastTense')))) out.push(word.start);
  }
  return out;
}

/** Cuts a long clause at a closing prepositional phrase, never inside what leads to the clause's own verb. */
function withoutTrailingPhrases(clause: string, from: number): string {
  let out = clause;
  while (wordCount(out) > MAX_CLAUSE_WORDS) {
    const cuts = [...out.matchAll(TRAILING_PREPOSITION)].map((m) => m.index!).filter((i) => i > from);
    const cut = cuts.at(-1);
    if (cut === undefined) break;
    const before = out.slice(0, cut);
    // "networks trained | with stochastic gradients" leaves a participle that modified what came next.
    const last = before.split(/\s+/).at(-1) ?? '';
    if (/(?:ed|ing)$/i.test(last) || DANGLING.test(before)) break;
    out = before;
  }
  return out;
}

/**
 * The clause a listed work is said in, from the sentence the draft would write for it: "Through experiments, \cite{k}
 * took one step forward by investigating the construction of deep denoising networks to embrace …" → "investigated the
 * construction of deep denoising networks". Undefined where the sentence does not open on the work doing something, or
 * its core is a side detail, points elsewhere, or runs long.
 */
export function compressToClause(sentence: string, subject: string): string | undefined {
  const plain = sentence.replace(/\s*\([^()]*\)/g, '').replace(/\s+/g, ' ').trim().replace(/\.$/, '');
  let rest = predicateAfterSubject(plain, subject);
  if (!rest) return undefined;
  // "\\cite{k} also introduced X": the adverb linked the sentence to one the clause is not beside.
  rest = rest.replace(/^(?:also|further|then|first|additionally|here|finally|subsequently)\s+/i, '');
  const verb = /^[a-z]+/.exec(rest)?.[0];
  if (!verb || !isPastForm(verb) || SIDE_DETAIL.test(verb)) return undefined;
  // "took one step forward by investigating X" says "investigated X".
  const filler = /^(?:took|went|moved|made)\s+(?:one|a|another)\s+step\s+(?:forward|further)\s+by\s+(\w+ing)\b/i.exec(rest);
  if (filler) {
    const base = baseFromGerund(filler[1]);
    if (!base) return undefined;
    rest = `${pastTense(base)}${rest.slice(filler[0].length)}`;
  }
  // "showed how representations trained on X can outperform Y" claims what "showed that" does.
  rest = rest.replace(/^(showed|demonstrated)\s+how\s+(?!to\b)(?=.*\b(?:can|could|may)\b)/i, '$1 that ');
  // The first cut that leaves more than a kind of thing: "proposed DiscoGAN, a method | based on adversarial networks
  // that …" says nothing of DiscoGAN, so the cut moves on to the next tail, or none.
  // "proposed a technique | to reduce the parameters of a network" the same: the cut moves on to "by pruning".
  const tails = [...rest.slice(verb.length).matchAll(TAIL_ALL)].map((m) => verb.length + m.index!);
  const cuts = [...tails, ...secondPredicates(rest)].sort((a, b) => a - b);
  const cut = cuts.find((at) => !GENERIC_HEAD_AT_END.test(rest.slice(0, at).replace(/[\s,]+$/, ''))) ?? rest.length;
  let clause = rest.slice(0, cut).replace(/[\s,]+$/, '');
  // A clause on what the work found keeps the verb of its finding ("showed that X fit random labels").
  const that = /^\w+\s+that\s+/i.exec(clause);
  if (that) {
    const finding = clause.slice(that[0].length);
    if (!hasOwnVerb(finding)) return undefined;
    const verbAt = termStarts(finding).find((t) => t.tags.includes('Verb') && !t.tags.includes('Gerund') && !/ed$/i.test(t.text) || t.tags.includes('Modal'));
    clause = withoutTrailingPhrases(clause, that[0].length + (verbAt?.start ?? finding.length));
  } else {
    clause = withoutTrailingPhrases(clause, verb.length + 1);
  }
  clause = withoutPraise(clause);
  const words = wordCount(clause);
  if (words < MIN_CLAUSE_WORDS || words > MAX_CLAUSE_WORDS || POINTS_ELSEWHERE.test(clause.slice(verb.length))) return undefined;
  return objectReadsWhole(clause.slice(verb.length)) ? clause : undefined;
}

/**
 * Whether the object of a clause reads as a whole phrase that names something: not cut on a function word ("a
 * framework for learning generic"), an adjective or a participle ("representations trained"), nor only a kind of
 * thing ("a new type", "an algorithm"). Both kinds of clause are held to it (listed.ts).
 */
export function objectReadsWhole(object: string): boolean {
  const trimmed = object.trim();
  if (DANGLING.test(trimmed) || GENERIC_HEAD_AT_END.test(` ${trimmed}`)) return false;
  if (!contentTerms(trimmed).some((t) => !CLAIM_WORDS.has(t)) || /\\cite|\[@/.test(trimmed)) return false;
  // A quotation or bracket the cut left open.
  const count = (re: RegExp) => trimmed.match(re)?.length ?? 0;
  if (count(/"/g) % 2 || count(/\(/g) !== count(/\)/g) || count(/“/g) !== count(/”/g)) return false;
  // "showed that sentence representations trained" was cut before what they were trained on.
  const last = trimmed.split(/\s+/).at(-1) ?? '';
  if (isPastForm(last) && /ed$/i.test(last)) return false;
  const lastTerm = taggedTerms(trimmed).at(-1);
  return !lastTerm || !lastTerm.tags.includes('Adjective') || lastTerm.tags.includes('Noun');
}

const PRAISE_AFTER_DETERMINER = new RegExp(String.raw`\b([Aa]n?|[Tt]he|[Ss]everal|[Mm]any|[Ss]ome|[Tt]wo|[Tt]hree)\s+(?:${alternation(PRAISED_PROBLEM_QUALIFIERS)})\s+(?=[a-z])`, 'g');

/**
 * A clause without the authors' praise of their own work, which those who cite it do not repeat: "developed several
 * important extensions" → "developed several extensions", "presented a new safety feedback design" → "presented a
 * safety feedback design" (a reader's "copied praise").
 */
export function withoutPraise(clause: string): string {
  return dropSelfPraise(clause).replace(PRAISE_AFTER_DETERMINER, (_m, det: string, offset: number, whole: string) =>
    `${/^an?$/i.test(det) ? indefiniteArticle(whole.slice(offset + _m.length), det[0] === 'A') : det} `,
  );
}
