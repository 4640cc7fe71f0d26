// Stages of a default-engine draft (write.ts: writeDraft): the works grouped into topics and ordered, the works
// that would say nothing of their own folded into grouped citations, and a sentence of the author's abstract set
// against each group ("Unlike these works, we track hive weight …").
import { contentTerms, cosine, termFrequencies, type SparseVector } from '../text/tokens';
import { plainText } from '../text/plain';
import { buildsOn, groupContrast } from './contrast';
import type { DraftState } from './draft-state';
import { groupKeyphrases, isBroadField, type Phrase, phraseOccursIn, phrasesOf, speaksForGroup } from './keyphrases';
import { closeness, clusterWorks, type GroupPlan, knowsNothingOf, SAME_THING_SIMILARITY, topicGroupCount, type WorkPlan } from './plan';

/**
 * Topic groups (Ward clustering of the planning vectors), each with its keyphrases and its works in order, and the
 * groups in paragraph order: closest to the author's work last, "Other Related Work" at the end.
 */
export function groupWorks(draft: DraftState): GroupPlan[] {
  const { req, records, texts, model, ownVector, works, targetWords } = draft;
  const vectors = draft.planned.vectors;
  const clusters = clusterWorks(vectors, topicGroupCount(records.length, targetWords, req.subsections));
  const idf = (t: string) => model.idf(t);
  const titles = records.map((r) => plainText(r.title ?? ''));
  const phraseLists = new Map<string, Phrase[]>();
  const draftPhrases = (text: string): Phrase[] => {
    let found = phraseLists.get(text);
    if (!found) phraseLists.set(text, (found = phrasesOf(text)));
    return found;
  };
  const groups: GroupPlan[] = clusters.map((members) => {
    const ws = members.map((i) => works[i]);
    const byYear = (a: WorkPlan, b: WorkPlan) => (a.record.year ?? 9999) - (b.record.year ?? 9999);
    // A history of the idea reads oldest first; a survey of what bears on the author's work, closest first.
    ws.sort((a, b) => (req.workOrder === 'year' ? byYear(a, b) || b.ownSimilarity - a.ownSimilarity : b.ownSimilarity - a.ownSimilarity || byYear(a, b)));
    const groupTexts = members.map((i) => texts[i]);
    const keyphrasesOf = (skipBroad: boolean) =>
      groupKeyphrases(
        groupTexts,
        texts.filter((_, i) => !members.includes(i)),
        idf,
        2,
        members.map((i) => titles[i]),
        titles.filter((_, i) => !members.includes(i)),
        draftPhrases,
        // A topic sentence claims its works share the phrase: "Prior work studies neural networks and Gaussian dropout"
        // had put ThiNet under dropout on one work's word.
        2,
        skipBroad,
      );
    const keyphrases = keyphrasesOf(false);
    // "A first line of work studies dynamical systems" named the field of five works on barrier certificates: a more
    // specific phrase that half the group writes names it instead. Without one the topic sentence names nothing
    // (topics.ts). The keyphrases stay as they are for the contrast, where "these works on top-1 accuracy" would be
    // worse than the field's name.
    let topicName: string | undefined;
    if (keyphrases.length && isBroadField(keyphrases[0])) {
      const [specific] = keyphrasesOf(true);
      if (specific && 2 * groupTexts.filter((t) => phraseOccursIn(specific, t)).length >= groupTexts.length) topicName = specific;
    }
    return {
      works: ws,
      keyphrases,
      topicName,
      // "Other" needs another group to be other than. A group whose works share no phrase (a lone work among them)
      // has no topic to be named by.
      mixed: clusters.length > 1 && (!keyphrases.length || !speaksForGroup(keyphrases, groupTexts)),
      ownSimilarity: ws.reduce((a, w) => a + w.ownSimilarity, 0) / ws.length,
    };
  });
  // Groups closest to the author's work come last, next to where the paper's own contribution is stated; without an
  // own abstract, larger groups first. Groups of unrelated works ("Other Related Work") close the section.
  groups.sort((a, b) => Number(a.mixed) - Number(b.mixed) || (ownVector ? a.ownSimilarity - b.ownSimilarity : b.works.length - a.works.length));

  // Subsections are headed by their topic (see the paragraphs written below): no topic sentence repeats it.
  if (req.subsections && groups.length >= 2) for (const g of groups) g.headed = true;
  return groups;
}

/**
 * Works that get a grouped citation ("See also \cite{a,b}") instead of a sentence of their own: one the library knows
 * nothing of, and one whose best sentence says what an earlier work of its group says.
 */
export function foldWorksWithNothingNew(groups: readonly GroupPlan[]): void {
  // A work with neither title nor abstract has nothing to say: a grouped citation in its topic sentence, not a
  // "See \cite{k}." of its own (unless it is alone in its group).
  for (const g of groups) {
    if (g.works.length < 2) continue;
    for (const w of g.works) if (knowsNothingOf(w)) w.groupedOnly = true;
  }

  // Works that say the same thing as an earlier work of their group get a grouped citation instead of a sentence.
  for (const g of groups) {
    const written: SparseVector[] = [];
    for (const w of g.works) {
      if (!w.options.length) continue;
      const v = termFrequencies(contentTerms(w.options[0].extract));
      if (written.some((o) => cosine(o, v) >= SAME_THING_SIMILARITY)) {
        w.groupedOnly = true;
        w.chosen = [];
      } else written.push(v);
    }
  }
}

/**
 * Contrast sentences from the author's abstract, one per group while distinct sentences last: the group closest to
 * the author's work chooses first, and a sentence that says what the author's work is comes before one that only
 * adds to it.
 */
export function chooseContrasts(draft: DraftState): void {
  const { groups, syntax, ownText, ownContributions, introducesOwnWork } = draft;
  if (ownText) {
    const own = ownContributions;
    const used = new Set<number>();
    const statesContribution = own.some(introducesOwnWork);
    // What the author's work is ("we propose X") is set against the group closest to it: after two works on sourdough,
    // "Unlike these works, we present a hive scale" relates nothing. That group chooses first.
    const closest = groups.reduce((best, g, gi) => (best < 0 || closeness(g) > closeness(groups[best]) ? gi : best), -1);
    const order = groups.map((_, gi) => gi).sort((a, b) => Number(b === closest) - Number(a === closest));
    // The paragraph that first says what the author's work is. One before it may only say that too: a later sentence
    // ("Our method is also cheap to retrain", "We evaluate X on …") speaks of a work the reader has not met.
    let introducedAt = statesContribution ? Infinity : -1;
    for (const gi of order) {
      const g = groups[gi];
      const introduced = gi > introducedAt;
      const gv = termFrequencies(g.works.flatMap((w) => contentTerms(w.options[w.chosen[0] ?? 0]?.extract ?? w.record.title ?? '')));
      // The closest of the author's sentences that states a difference from this group's works.
      const ranked = own
        .map((s, i) => ({ s, i, score: cosine(gv, termFrequencies(contentTerms(s))) + (i === 0 ? 0.05 : 0) }))
        .filter(({ s, i }) => !used.has(i) && (introduced || introducesOwnWork(s)))
        .sort((a, b) => b.score - a.score);
      // A sentence that says the author's work uses one of the group's ("a modification of the pretrained BERT
      // network") relates the two best: it is tried first, whatever its similarity.
      // Asked once per sentence, not per comparison: buildsOn scans every work's title and abstract for names.
      const builds = new Set(ranked.filter(({ s, i }) => buildsOn(g, s, i, syntax) !== undefined));
      ranked.sort((a, b) => Number(builds.has(b)) - Number(builds.has(a)));
      for (const { s, i } of ranked) {
        const contrast = groupContrast(g, gi, s, i, syntax, ownText);
        if (!contrast) continue;
        used.add(i);
        if (introducesOwnWork(s)) introducedAt = Math.min(introducedAt, gi);
        g.contrast = contrast;
        break;
      }
    }
  }
}
