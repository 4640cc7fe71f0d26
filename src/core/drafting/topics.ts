// topics: the topic sentence of each group ("A first line of work studies X, including …") and the grouped citation of
// works that get no sentence of their own, only where the topic speaks for them.
import { type CiteSyntax, type DraftSentence } from '../types';
import { contentTerms, wordCount } from '../text/tokens';
import { citeMarker } from '../rewrite/authors';
import { plainText } from '../text/plain';
import { type GroupPlan, knowsNothingOf, type WorkPlan, workText } from './plan';
import { isBroadField, phraseOccursIn } from './keyphrases';
import { type ClauseBudget, listedClauses, seeAlsoSentence } from './listed';

/**
 * Whether the group's topic sentence may carry the work's grouped citation: it claims the work studies the topic. A
 * work known by its title alone backs that claim only when its title names part of the topic ("Prior work studies
 * salt marshes and sediment supply" does not speak for "Guidance on Monitoring Restored Coastal Habitats").
 */
function topicSpeaksFor(work: WorkPlan, group: GroupPlan): boolean {
  if (knowsNothingOf(work)) return false;
  if (!group.keyphrases.length) return true;
  if (work.titleOnly) {
    const title = new Set(contentTerms(plainText(work.record.title ?? '')));
    return namedPhrases(group).some((phrase) => contentTerms(phrase).some((t) => title.has(t)));
  }
  // A work with text backs the claim only where it writes a phrase the sentence names: "studies neural networks and
  // Gaussian dropout, including \cite{thinet}" had put a filter-pruning work under dropout.
  return namedPhrases(group).some((phrase) => phraseOccursIn(phrase, workText(work)));
}

/**
 * The phrase a topic sentence names: the group's first keyphrase alone. Two joined ("neural networks and Gaussian
 * dropout", "hands and kinematic") read as lifted words: the second was often one work's, or not a noun phrase.
 */
function namedPhrases(group: GroupPlan): string[] {
  const a = group.topicName ?? group.keyphrases[0];
  return a ? [a] : [];
}

/**
 * The works of a group that get no sentence of their own and that no topic sentence carries: "Other work on image
 * denoising includes \cite{a,b}." where the group's phrase is written by each of them (a draft of one paragraph has no
 * topic sentence to carry them), else "See also \cite{k}.": a work the topic sentence cannot speak for is cited
 * without a topic claimed for it ("Prior work studies joint angles \cite{k}" had said what the other works of its group
 * do). A group of unrelated works already lists it under "Other related work includes". Without a `budget` only the
 * works whose abstract names their contribution in a few words are said in clauses, as the length stages count them
 * (fit.ts); with one, also works whose clause is compressed from a whole sentence (listed.ts), while the words last.
 */
export function seeAlso(group: GroupPlan, syntax: CiteSyntax, groups: readonly GroupPlan[], budget?: ClauseBudget): DraftSentence[] {
  if (group.mixed) return [];
  const named = namedGroups(groups).includes(group);
  const listed = group.works.filter((w) => w.groupedOnly && (!named || !topicSpeaksFor(w, group)));
  // Those whose abstract states a contribution in a short phrase are said in clauses of one sentence, not listed.
  const { sentences: described, rest: works } = listedClauses(listed, syntax, budget);
  const [phrase] = namedPhrases(group);
  const speaking = named || !phrase ? [] : works.filter((w) => topicSpeaksFor(w, group)).map((w) => w.record.key);
  // One list, not two in a row ("Other work on X includes [8]. See also [3, 7]."): on the topic only if all are.
  const onTopic = speaking.length === works.length ? speaking : [];
  const others = seeAlsoSentence(works.filter((w) => !onTopic.includes(w.record.key)), syntax, budget);
  const out: DraftSentence[] = [...described];
  if (onTopic.length) out.push({ text: `Other work on ${phrase} includes ${citeMarker(onTopic, syntax)}.`, keys: onTopic, sources: [], role: 'topic' });
  if (others) out.push(others);
  return out;
}

/**
 * Whether a group could open with a sentence that names its topic ("A first line of work studies …"): with a phrase
 * that two of its works write (keyphrases), never for a lone work or a group of unrelated works.
 */
function namesItsTopic(group: GroupPlan): boolean {
  const grouped = group.works.some((w) => w.groupedOnly);
  // "A first line of work studies dynamical systems": a field's name says nothing of what the works do (a blind
  // reader marked it vague); groups.ts looks for a more specific phrase (topicName) first.
  const [phrase] = namedPhrases(group);
  return phrase !== undefined && !isBroadField(phrase) && (grouped || group.works.length >= 2) && !group.mixed;
}

/**
 * The groups whose paragraphs open with their topic: two at least, or none. The topic tells one line of work from
 * another; a draft of one paragraph opens with its first work. "Prior work studies image denoising." told the reader
 * nothing the works do not say (a blind reader marked such openings as filler in 33 of 48 drafts), and so does a lone
 * "Prior work studies font size." in a section whose other paragraphs name nothing.
 */
function namedGroups(groups: readonly GroupPlan[]): GroupPlan[] {
  // Under "\subsection{Production Systems}", "A first line of work studies production systems." says it twice.
  if (groups.some((g) => g.headed)) return [];
  const named = groups.filter(namesItsTopic);
  return named.length >= 2 ? named : [];
}

/**
 * Topic sentences of every group; "first", "another" and "further" count only the groups whose topic is named. With a
 * `budget` (as the paragraphs are written), works the topic would list are said in clauses while the words last;
 * without one (as the length stages count the draft), they are listed.
 */
export function allTopicSentences(groups: readonly GroupPlan[], syntax: CiteSyntax, budget?: ClauseBudget): DraftSentence[][] {
  const named = namedGroups(groups);
  return groups.map((g) => topicSentences(g, named.indexOf(g), syntax, budget));
}

/**
 * listedClauses, each clause's words charged to the budget: a clause listed.ts gives free ("proposed a cellular
 * automaton", its abstract's own short object) is free there because the length stages counted it in "See also"'s
 * place; in a topic sentence's place they counted a citation only.
 */
function clausesWithin(works: readonly WorkPlan[], syntax: CiteSyntax, budget: ClauseBudget): ReturnType<typeof listedClauses> {
  const before = budget.words;
  const said = listedClauses(works, syntax, budget);
  const words = said.sentences.reduce((n, s) => n + wordCount(s.text), 0);
  budget.words = Math.min(budget.words, before - words);
  return said;
}

/**
 * The opening of a paragraph: a sentence naming the topic (keyphrases) that carries the grouped citations of works
 * without a sentence of their own. A carried work with an abstract is said in a clause after it, where one reads
 * (listed.ts): "A first line of work studies systemic risk, including [14, 3]." had only listed two works whose
 * abstracts say what they argue and model; "[14] argued that …, and [3] proposed a simple model of inter-bank
 * borrowing and lending." tells the reader.
 * `line` is the paragraph's place among the paragraphs that name their topic (-1: it names none).
 */
function topicSentences(group: GroupPlan, line: number, syntax: CiteSyntax, budget?: ClauseBudget): DraftSentence[] {
  const carried = group.works.filter((w) => w.groupedOnly && ((group.mixed && line < 0) || (line >= 0 && topicSpeaksFor(w, group))));
  // Said in clauses only as the paragraphs are written (with a budget): the length stages count the topic sentence
  // as listing them, so that no work with a sentence of its own is folded to make room for these clauses.
  const { sentences: described, rest } = budget ? clausesWithin(carried.filter((w) => !w.titleOnly), syntax, budget) : { sentences: [], rest: carried };
  const grouped = carried.filter((w) => w.titleOnly || rest.includes(w)).map((w) => w.record.key);
  const out: DraftSentence[] = [];
  if (line < 0) {
    // A group of unrelated works has no topic to name; its grouped citations still need a sentence.
    if (group.mixed && grouped.length) out.push({ text: `Other related work includes ${citeMarker(grouped, syntax)}.`, keys: grouped, sources: [], role: 'topic' });
    return [...out, ...described];
  }
  const phrases = namedPhrases(group);
  const topic = phrases.join(' and ');
  // "A first line of work" promises a second one, which namedGroups guarantees.
  const opener = line === 0 ? 'A first line of work studies' : line === 1 ? 'Another line of work addresses' : 'Further work considers';
  let text: string;
  if (grouped.length) {
    const cite = citeMarker(grouped, syntax);
    // "including" names examples: it needs more than one of them.
    text = grouped.length === group.works.length || grouped.length === 1 ? `${opener} ${topic} ${cite}.` : `${opener} ${topic}, including ${cite}.`;
  } else {
    text = `${opener} ${topic}.`;
  }
  out.push({ text, keys: grouped, sources: [], role: 'topic', phrases });
  return [...out, ...described];
}
