// listed: works that the length leaves no sentence of their own, each said in a short clause of one shared sentence
// ("[5] proposed a selective encoding model, [1] described a dynamic convolutional neural network, and [3] introduced
// a sparse coding scheme"), not only listed: a blind reader marked "Other work on neural networks includes [4, 3, 5,
// 0, 1]" and "See also [2]" in 26 of 52 drafts, and asked what each listed work contributes.
import { type CiteSyntax, type DraftSentence, type SourceSentence } from '../types';
import { workSubject } from '../rewrite/authors';
import { plainText } from '../text/plain';
import { contentTerms, wordCount } from '../text/tokens';
import { type WorkPlan } from './plan';
import { CLAIM_WORDS } from './relation';
import { CONTRIBUTION_VERBS } from '../lexicon/method-kinds';

/** Where an object ends: at what qualifies it ("that", "by", ", which", "trained on", a dash), and at the words in
 * `more` ("for", "of": the complement kept where the object alone names too little). */
const objectEnd = (more: string) =>
  String.raw`(?=\s+(?:${more}that|which|who|where|by|using|based|with|while|and)\b|\s+\w+ed\s+(?:on|by|with|from|in|for|to|as)\b|\s*(?:--|[–—])|[,;:.()]|$)`;
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
/** An object that points at what the abstract said before it, which the draft leaves out ("this problem", "their
 * method"). */
const POINTS_ELSEWHERE = /\b(?:this|these|those|such|its|their|our|it|they|same|above|following|former|latter|aforementioned)\b/i;

/** The work's contribution as a clause ("proposed a selective encoding model"), from the first of its ranked sentences
 * that states one in a short object naming something beyond a "new method"; none where no sentence does. */
export function contributionClause(work: WorkPlan): { clause: string; source: SourceSentence } | undefined {
  for (const option of work.options) {
    // "Quantized Neural Networks (QNNs)": the abbreviation is not needed in a clause, and its brackets cut the object.
    const sentence = plainText(option.source.text).replace(/\s*\([^()]*\)/g, '').trim();
    const m = CONTRIBUTION.exec(sentence);
    if (!m) continue;
    let object = m[2];
    const names = (phrase: string) => contentTerms(phrase).some((t) => !CLAIM_WORDS.has(t));
    // "two efficient approximations" says little without "to standard convolutional neural networks".
    if (!names(object) || wordCount(object) <= 3) {
      const rest = sentence.slice(m.index + m[0].length - m[2].length);
      object = WITH_COMPLEMENT.exec(rest)?.[1] ?? object;
    }
    if (!names(object) || wordCount(object) < 2 || wordCount(object) > 10 || POINTS_ELSEWHERE.test(object)) continue;
    return { clause: `${CONTRIBUTION_VERBS[m[1].toLowerCase()]} ${object}`, source: option.source };
  }
  return undefined;
}

/** How many listed works one sentence says: more clauses read as a catalogue again. */
const MAX_CLAUSES = 4;

/**
 * One sentence of short clauses for the listed works that state their contribution ("[5] proposed X, [1] described Y,
 * and [3] introduced Z."), and the works left for a plain list.
 */
export function listedClauses(works: readonly WorkPlan[], syntax: CiteSyntax): { sentence?: DraftSentence; rest: WorkPlan[] } {
  const said: { work: WorkPlan; clause: string; source: SourceSentence }[] = [];
  const rest: WorkPlan[] = [];
  for (const work of works) {
    const found = said.length < MAX_CLAUSES ? contributionClause(work) : undefined;
    if (found) said.push({ work, ...found });
    else rest.push(work);
  }
  if (!said.length) return { rest };
  const clauses = said.map((s) => `${workSubject(s.work.record, syntax).text} ${s.clause}`);
  const joined = clauses.length === 1 ? clauses[0] : `${clauses.slice(0, -1).join(', ')}${clauses.length > 2 ? ',' : ''} and ${clauses[clauses.length - 1]}`;
  const text = `${joined[0].toUpperCase()}${joined.slice(1)}.`;
  return { sentence: { text, keys: said.map((s) => s.work.record.key), sources: said.map((s) => s.source), role: 'topic' }, rest };
}
