// listed: works that the length leaves no sentence of their own, each said in a short clause of one shared sentence
// ("[5] proposed a selective encoding model, [1] described a dynamic convolutional neural network, and [3] introduced
// a sparse coding scheme"), not only listed: a blind reader marked "Other work on neural networks includes [4, 3, 5,
// 0, 1]" and "See also [2]" in 26 of 52 drafts, and asked what each listed work contributes.
import { type CiteSyntax, type DraftSentence, type SourceSentence } from '../types';
import { citeMarker, workSubject } from '../rewrite/authors';
import { plainText } from '../text/plain';
import { contentTerms, wordCount } from '../text/tokens';
import { type WorkPlan } from './plan';
import { CLAIM_WORDS } from './relation';
import { CONTRIBUTION_VERBS } from '../lexicon/method-kinds';
import { alternation, SECOND_PREDICATE_VERBS } from '../lexicon';
import { type ScoredCandidate, writtenText } from '../engine/citation';
import { compressToClause, objectReadsWhole, POINTS_ELSEWHERE, withoutPraise } from './clause';

/** Where an object ends: at what qualifies it ("that", "by", ", which", "trained on", a dash), at a second verb ("and
 * show that …", not "the roadblocks and solutions"), and at the words in `more` ("for", "of": the complement kept
 * where the object alone names too little). */
const objectEnd = (more: string) =>
  String.raw`(?=\s+(?:${more}that|which|who|where|by|using|based|with|while|and\s+(?:we|also|then|thereby|(?:${alternation(SECOND_PREDICATE_VERBS)})s?))\b|` +
  String.raw`\s+\w+ed\s+(?:on|by|with|from|in|for|to|as)\b|\s*(?:--|[–—])|[,;:.()]|$)`;
/** A purpose opener before the work's "we", whose pointer goes with it: "To address this limitation, ", "To this end, ".
 * Not any opener: "Finally, we illustrate the model with data on …" tells a side detail, not the contribution. */
const SCENE_OPENER = String.raw`to\s+(?:address|solve|overcome|tackle|remedy|this\s+end)(?:\s+(?:this|these|such|the|those)(?:\s+\w+){0,2})?,\s+`;
/** What a work's abstract says it contributes, as its verb and object: "In this paper, we propose a selective encoding
 * model to …" → propose, "a selective encoding model". A short opener before "we" sets the scene and is left out with
 * it ("To address this limitation, we present an adaptive denoising autoencoder" → presented "an adaptive denoising
 * autoencoder"): a work whose contribution follows "To address this, " was otherwise only listed ("See also [8, 3, 7]"). */
const CONTRIBUTION = new RegExp(
  String.raw`^(?:(?:in|with) this (?:paper|work|article|study|note),?\s+|${SCENE_OPENER})?(?:we|this (?:paper|work|article|study|note))\s+(?:(?:also|first|further|then|here)\s+)?` +
    String.raw`(${Object.keys(CONTRIBUTION_VERBS).join('|')})[sd]?\s+((?:(?:a|an|the)\s+)?.+?)${objectEnd('to|in|on|from|as|for|of|')}`,
  'i',
);
/** Its object extended by what it is for or of, where the object alone names too little ("a new method for X"). */
const WITH_COMPLEMENT = new RegExp(String.raw`^((?:\S+\s+){0,9}?\S+?)${objectEnd('')}`, 'i');

/** The work's contribution as a clause ("proposed a selective encoding model"), from the first of its ranked sentences
 * that states one in a short object naming something beyond a "new method"; else from the first sentence the draft
 * would write for it that compresses to a clause (clause.ts: "\cite{k} took one step forward by investigating the
 * construction of deep denoising networks to embrace …" → "investigated the construction of deep denoising
 * networks"); none where no sentence does. */
export function contributionClause(work: WorkPlan, syntax: CiteSyntax = 'cite'): { clause: string; source: SourceSentence } | undefined {
  return objectOfContribution(work) ?? compressedSentence(work, syntax);
}

function objectOfContribution(work: WorkPlan): { clause: string; source: SourceSentence } | undefined {
  for (const option of work.options) {
    const clause = sentenceObjects.get(option.source.text) ?? objectOfSentence(option.source.text);
    if (sentenceObjects.size >= 100_000) sentenceObjects.clear();
    sentenceObjects.set(option.source.text, clause);
    if (clause) return { clause, source: option.source };
  }
  return undefined;
}

/** Each source sentence's clause ('' for none), made once: the length stages ask after every change. */
const sentenceObjects = new Map<string, string>();

function objectOfSentence(text: string): string {
  // "Quantized Neural Networks (QNNs)": the abbreviation is not needed in a clause, and its brackets cut the object.
  const sentence = plainText(text).replace(/\s*\([^()]*\)/g, '').trim();
  const m = CONTRIBUTION.exec(sentence);
  if (!m) return '';
  let object = m[2];
  const names = (phrase: string) => contentTerms(phrase).some((t) => !CLAIM_WORDS.has(t));
  // "two efficient approximations" says little without "to standard convolutional neural networks".
  if (!names(object) || wordCount(object) <= 3) {
    const rest = sentence.slice(m.index + m[0].length - m[2].length);
    object = WITH_COMPLEMENT.exec(rest)?.[1] ?? object;
  }
  object = withoutPraise(object);
  // "introduced a new type", "developed a framework for learning generic": cut before they name anything.
  if (!names(object) || wordCount(object) < 2 || wordCount(object) > 10 || POINTS_ELSEWHERE.test(object) || !objectReadsWhole(object)) return '';
  return withoutPraise(`${CONTRIBUTION_VERBS[m[1].toLowerCase()]} ${object}`);
}

/** Each written candidate's clause, made once: the length stages ask for the listed works' sentence after every change. */
const clauseOfCandidate = new WeakMap<ScoredCandidate, Map<string, string | null>>();

/** How many of a work's ranked sentences are tried for a clause. */
const MAX_SENTENCES_TRIED = 12;

/** The first of the work's sentences, as the draft would write them, that compresses to a clause (clause.ts). */
function compressedSentence(work: WorkPlan, syntax: CiteSyntax): { clause: string; source: SourceSentence } | undefined {
  const subject = workSubject(work.record, syntax).text;
  // The best-ranked sentences only: a work with a long PDF has hundreds, and each one tried is tagged (compromise).
  for (const option of work.options.slice(0, MAX_SENTENCES_TRIED)) {
    if (!option.text || option.lastResort) continue;
    let bySubject = clauseOfCandidate.get(option);
    if (!bySubject) clauseOfCandidate.set(option, (bySubject = new Map()));
    let clause = bySubject.get(subject);
    if (clause === undefined) bySubject.set(subject, (clause = compressToClause(writtenText(option), subject) ?? null));
    if (clause) return { clause, source: option.source };
  }
  return undefined;
}

/** How many listed works one sentence says: more clauses read as a catalogue again. */
const MAX_CLAUSES = 3;
/** How many words one sentence of clauses runs to before the next clause opens a sentence of its own. */
const MAX_SENTENCE_WORDS = 40;

/** How many words, past the length the stages fitted, a draft may add to say its listed works in clauses compressed
 * from their sentences (a share of the target): a reader marks a work with an abstract only listed as a defect ("Other
 * work on neural networks includes [4, 5, 0]"), and does not count words. */
export const LISTED_CLAUSE_OVERFLOW = 1 / 3;

/** The fewest words a compressed clause adds in place of a citation. */
const MIN_CLAUSE_COST = 3;
/**
 * How many listed works of a group the fitted length says in a clause of a "we propose X" of a few words, as before
 * compressed clauses: beyond them, such a clause takes its words from the budget too. Without a bound, a draft of 120
 * works at 150 words had counted 115 clauses and run to 515 words.
 */
const MAX_FITTED_CLAUSES = 4;

/** The words a draft has left for compressed clauses (`words`), spent by listedClauses group by group. */
export interface ClauseBudget {
  words: number;
}

/**
 * Sentences of short clauses for the listed works that state their contribution ("[5] proposed X, [1] described Y,
 * and [3] introduced Z."), and the works left for a plain list. Three clauses or about forty words to a sentence: "[4]
 * showed that X, [5] introduced Y, [0] showed that Z and [2] proposed W" read as a catalogue again. Without a
 * `budget`, only the contributions an abstract names in a few words ("we propose X"), as the length stages count them
 * (fit.ts); with one, also the clauses compressed from a whole sentence, each while its words fit the budget.
 */
export function listedClauses(works: readonly WorkPlan[], syntax: CiteSyntax, budget?: ClauseBudget): { sentences: DraftSentence[]; rest: WorkPlan[] } {
  const said: { work: WorkPlan; clause: string; source: SourceSentence }[][] = [];
  const rest: WorkPlan[] = [];
  let fitted = 0;
  for (const work of works) {
    let found = work.titleOnly || fitted >= MAX_FITTED_CLAUSES ? undefined : objectOfContribution(work);
    if (found) fitted++;
    // Fewer words left than the shortest clause takes ("\\cite{k} proposed X Y"): no sentence is tried.
    else if (!work.titleOnly && budget && budget.words >= MIN_CLAUSE_COST) {
      found = objectOfContribution(work) ?? compressedSentence(work, syntax);
      // Its words in place of its citation in a list.
      const cost = found ? wordCount(`${workSubject(work.record, syntax).text} ${found.clause}`) - 1 : 0;
      if (found && cost <= budget.words) budget.words -= cost;
      else found = undefined;
    }
    if (!found) {
      rest.push(work);
      continue;
    }
    const last = said.at(-1);
    const words = (last ?? []).reduce((n, s) => n + wordCount(s.clause) + 2, 0) + wordCount(found.clause);
    if (last && last.length < MAX_CLAUSES && words <= MAX_SENTENCE_WORDS) last.push({ work, ...found });
    else said.push([{ work, ...found }]);
  }
  const sentences = said.map((group): DraftSentence => {
    const clauses = group.map((s) => `${workSubject(s.work.record, syntax).text} ${s.clause}`);
    const joined = clauses.length === 1 ? clauses[0] : `${clauses.slice(0, -1).join(', ')}${clauses.length > 2 ? ',' : ''} and ${clauses[clauses.length - 1]}`;
    return { text: `${joined[0].toUpperCase()}${joined.slice(1)}.`, keys: group.map((s) => s.work.record.key), sources: group.map((s) => s.source), role: 'topic' };
  });
  return { sentences, rest };
}

/** How many titles one "See also" names: more read as a bibliography. */
const MAX_TITLES_NAMED = 3;

/**
 * "See also" for the works no clause says, naming what a work known by its title alone is about: "See also “Coupled
 * Generative Adversarial Networks” \cite{k}." told the reader what "See also \cite{k}" did not. A work with no title
 * either is cited as it is, and so is every work without a `budget` (as the length stages count them, fit.ts).
 */
export function seeAlsoSentence(works: readonly WorkPlan[], syntax: CiteSyntax, budget?: ClauseBudget): DraftSentence | undefined {
  if (!works.length) return undefined;
  const titleOf = (w: WorkPlan) => (w.titleOnly ? plainText(w.record.title ?? '').replace(/[\s.]+$/, '').trim() : '');
  // Titles, like compressed clauses, come past the length the stages fitted, while the budget lasts (and count in it).
  const titled: WorkPlan[] = [];
  for (const w of works) {
    const words = wordCount(titleOf(w)) + 1;
    if (!budget || words <= 1 || titled.length >= MAX_TITLES_NAMED || words > budget.words) continue;
    budget.words -= words;
    titled.push(w);
  }
  const bare = works.filter((w) => !titled.includes(w));
  const parts = [...(bare.length ? [citeMarker(bare.map((w) => w.record.key), syntax)] : []), ...titled.map((w) => `“${titleOf(w)}” ${citeMarker([w.record.key], syntax)}`)];
  const joined = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  return { text: `See also ${joined}.`, keys: [...bare, ...titled].map((w) => w.record.key), sources: [], role: 'topic' };
}
