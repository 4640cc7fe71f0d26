// subgroup-sentence: two works that write one phrase said in one sentence that names it once, then each work's own
// part. A blind reader marked "Latent semantic models are studied in [4, 2]." followed by "[4] proposed a latent
// semantic model that …" and "[2] developed a series of latent semantic models with …" as filler: the opener said
// again what the next sentences say. Where both sentences have the phrase as their verb's object, they become
// "[4] and [2] proposed latent semantic models: [4] one that incorporates …, and [2] a series with a deep structure …";
// where they do not ("[7] took a low-rank approach toward simultaneous sparse coding"), no sentence can say the phrase
// once, and the works are written one after the other without an opener (subgroups.ts).
import type { CiteSyntax, DraftSentence } from '../types';
import { isPastForm } from '../text/verbs';
import { wordCount } from '../text/tokens';
import { workSubject } from '../rewrite/authors';
import type { WorkPlan } from './plan';
import { alternation, PREPOSITIONAL_STARTS, PUTTING_FORWARD_VERBS, RELATIVE_STARTS, SUBGROUP_DETERMINERS } from '../lexicon';

/** Verbs that say a work put something forward: two works "proposed" what one "developed" and one "proposed". */
const PUTTING_FORWARD: ReadonlySet<string> = new Set(PUTTING_FORWARD_VERBS.words);

/**
 * What may stand between the verb and the phrase, and what stands for the object in a work's own part: "a latent
 * semantic model that …" → "one that …"; "a series of latent semantic models with …" → "a series with …".
 */
// Longest first: "a series of" before "a".
const DETERMINER = new RegExp(`^(${alternation(SUBGROUP_DETERMINERS)})\\s+`, 'i');

/**
 * How a work's own part may open after the phrase: a relative clause or an infinitive needs the object stated ("one
 * that incorporates …"); a prepositional phrase or participle reads after the subject alone ("[2] with a deep
 * structure …"). A noun would mean the phrase was only a modifier ("a sparse coding scheme"): no part then.
 */
const RELATIVE_START = new RegExp(`^(?:${alternation(RELATIVE_STARTS)})\\s`);
const PREPOSITIONAL_START = new RegExp(`^(?:${alternation(PREPOSITIONAL_STARTS)})\\s`);

/** A merged sentence longer than this reads as two sentences glued: the works are written apart instead. */
const MAX_MERGED_WORDS = 60;

/** One work's sentence split around the subgroup's phrase: "[4] | proposed | a | latent semantic model | that …". */
interface Split {
  subject: string;
  verb: string;
  determiner: string;
  plural: boolean;
  rest: string;
}

/**
 * The singular and plural spellings a phrase may be written in, longest first: "models" → "models", "model"; the head
 * before "of" counts ("teams of mobile robots" → "team of mobile robots").
 */
function spellings(phrase: string): string[] {
  const [head, ...tail] = phrase.split(' of ');
  const heads = new Set([head, `${head}s`]);
  if (/ies$/.test(head)) heads.add(head.replace(/ies$/, 'y'));
  if (/(?:s|x|z|ch|sh)es$/.test(head)) heads.add(head.replace(/es$/, ''));
  if (/[^s]s$/.test(head)) heads.add(head.replace(/s$/, ''));
  return [...heads].map((h) => [h, ...tail].join(' of ')).sort((a, b) => b.length - a.length);
}

function splitAround(sentence: DraftSentence, work: WorkPlan, phrase: string, syntax: CiteSyntax): Split | undefined {
  const subject = workSubject(work.record, syntax).text;
  if (!sentence.text.startsWith(`${subject} `)) return undefined;
  const afterSubject = sentence.text.slice(subject.length + 1);
  const verb = /^[a-z]+/.exec(afterSubject)?.[0];
  // A past verb reads the same after two subjects; "was" and "had" would need agreeing.
  if (!verb || !isPastForm(verb) || /^(?:was|had|did)$/.test(verb)) return undefined;
  let object = afterSubject.slice(verb.length + 1);
  const determiner = DETERMINER.exec(object)?.[1] ?? '';
  object = object.slice(determiner ? determiner.length + 1 : 0);
  const lower = object.toLowerCase();
  const written = spellings(phrase.toLowerCase()).find((s) => lower.startsWith(s) && !/^[\p{L}\p{N}-]/u.test(object.slice(s.length)));
  if (!written) return undefined;
  const rest = object.slice(written.length).trim().replace(/\.$/, '');
  if (rest && !RELATIVE_START.test(rest) && !PREPOSITIONAL_START.test(rest)) return undefined;
  return { subject, verb, determiner: determiner.toLowerCase(), plural: /[^s]s$/.test(written.split(' of ')[0]), rest };
}

/**
 * What stands for the phrase in a work's own part: "one", "a series", "them", "it"; undefined where nothing reads
 * ("the model that incorporates …" → "it that incorporates …" would not).
 */
function objectWord(split: Split): string | undefined {
  const d = split.determiner;
  if (/^(?:a|an|one|a new|a novel)$/.test(d)) return 'one';
  if (/ of$/.test(d)) return d.replace(/ of$/, '');
  if (/^(?:several|two|three|four)$/.test(d)) return d;
  if (RELATIVE_START.test(split.rest)) return undefined;
  return split.plural ? 'them' : 'it';
}

/** Words after "that" that agree with a plural as well as with a singular: "models that can …" reads after "one" too. */
const AGREES_WITH_EITHER = /^(?:can|could|may|might|must|shall|should|will|would|also|not|only)$/;

/**
 * Whether a work's part reads whole once the phrase is said for both. A blind reader marked "[2] with a deep
 * structure that project queries …" (CiteBench dev case 22): the work's "models … that project" lost its plural head,
 * and the verb then agrees with nothing; and "[3] one to recover the clean image from noisy one" (case 9): an
 * abstract's own "noisy one" beside our "one" reads garbled. Such a work keeps its own sentence.
 */
function partReadsWhole(split: Split, part: string): boolean {
  if (split.plural && !/^(?:several|two|three|four|them)\s/.test(part)) {
    const verb = /\b(?:that|which|who)\s+([a-z]+)\b/.exec(split.rest)?.[1];
    // "that were trained" after "one" agrees no better than "that project": a plural's own verbs, past or present.
    if (verb && !AGREES_WITH_EITHER.test(verb) && (/^(?:are|were|have|do)$/.test(verb) || (!isPastForm(verb) && !/s$/.test(verb)))) return false;
  }
  return !(/^one\s/.test(part) && /\bone\b/.test(split.rest));
}

/**
 * "[4] and [2] proposed latent semantic models: [4] one that incorporates …, and [2] a series with …": the phrase
 * (`heading`, as the subgroup names it) said once, then what each work does with it. With different verbs each part
 * keeps its own ("[a] and [b] studied salt marsh accretion: [a] measured it with sediment pins …, and [b] modelled it
 * under rising sea level …"). Undefined where either sentence does not have the phrase as its verb's object, where
 * one says nothing beyond it and the other does (both saying nothing more is "[a] and [b] proposed X."), or where the sentence would run long.
 */
export function subgroupSentence(works: readonly [WorkPlan, WorkPlan], heading: string, sentencesOf: (w: WorkPlan) => DraftSentence[], syntax: CiteSyntax): DraftSentence | undefined {
  const sentences = works.map(sentencesOf);
  if (sentences.some((s) => s.length !== 1)) return undefined;
  const splits = works.map((w, i) => splitAround(sentences[i][0], w, heading, syntax));
  if (!splits[0] || !splits[1]) return undefined;
  const [a, b] = splits as [Split, Split];
  // "studied tide gauge model": a thing counted ("the tide gauge model") is named in the plural, or not at all.
  if (!/s$/.test(heading.split(' of ')[0]) && (a.determiner || b.determiner)) return undefined;
  const sameVerb = a.verb === b.verb || (PUTTING_FORWARD.has(a.verb) && PUTTING_FORWARD.has(b.verb));
  // "[3] and [8] proposed X: [3] one to recover …" leaves [8] with nothing to say: one sentence each then.
  if (Boolean(a.rest) !== Boolean(b.rest)) return undefined;
  const headVerb = sameVerb ? a.verb : 'studied';
  const partOf = (s: Split): string | undefined => {
    if (sameVerb) {
      if (!s.rest) return undefined;
      if (PREPOSITIONAL_START.test(s.rest)) return s.rest;
      const object = objectWord(s);
      return object && `${object} ${s.rest}`;
    }
    const object = objectWord(s);
    return object && [s.verb, object, s.rest].filter(Boolean).join(' ');
  };
  const parts = [partOf(a), partOf(b)];
  // A work whose own part cannot be written keeps its own sentence: the merged one would drop what it says.
  if ((a.rest || !sameVerb) && parts.some((p) => !p)) return undefined;
  if (parts.some((p, i) => p && !partReadsWhole([a, b][i], p))) return undefined;
  let text = `${a.subject} and ${b.subject} ${headVerb} ${heading}`;
  if (parts[0] && parts[1]) {
    // A part with a comma of its own would blur where the next begins: "; " then.
    const joiner = parts.some((p) => p?.includes(',')) ? '; ' : ', and ';
    text += `: ${a.subject} ${parts[0]}${joiner}${b.subject} ${parts[1]}`;
  }
  text += '.';
  if (wordCount(text) > MAX_MERGED_WORDS) return undefined;
  return { text, keys: works.map((w) => w.record.key), sources: sentences.flatMap((s) => s[0].sources), role: 'work' };
}
