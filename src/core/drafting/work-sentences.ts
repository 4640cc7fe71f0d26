// A stage of a default-engine draft (write.ts: writeDraft): each work's candidate sentences, ranked. A work with an
// abstract or a PDF gets the best rewritten variant of each source sentence, best first, plus the shorter variants the
// length fitting may swap in; a work known only by its title gets its flagged title sentence
// ("Liu and Tuzel \cite{k} presented “Coupled Generative Adversarial Networks”").
import { throwIfCancelled } from '../types';
import { contentTerms, cosine, wordCount } from '../text/tokens';
import { DRAFT_OWN_RELEVANCE, rankCandidates, type ScoredCandidate } from '../engine/citation';
import { titleOnlySentence } from '../rewrite';
import type { DraftState } from './draft-state';
import type { WorkPlan } from './plan';
import { contributionFirst, cutsADefinition, firstChosen, selfContainedFirst, withIntroducedMeans, withoutAddingClause, withoutMotivation } from './contribution';
import { DRAFT_TITLE_WEIGHT, titleShare } from './contribution';

/** One plan per record, in record order; `chosen` is the best sentence of a grounded work, none yet of the others. */
export function rankWorkSentences(draft: DraftState): WorkPlan[] {
  const { req, syntax, records, docs, model, ownVector, planned } = draft;
  const { scorer, options } = draft.ctx;
  const vectors = planned.vectors;
  const works: WorkPlan[] = [];
  for (let i = 0; i < records.length; i++) {
    throwIfCancelled(options?.signal);
    options?.progress?.report(i, records.length, records[i].key);
    const record = records[i];
    const doc = docs[i];
    const plan: WorkPlan = {
      record,
      vector: vectors[i],
      ownSimilarity: planned.own ? cosine(vectors[i], planned.own) : 0,
      options: [],
      chosen: [],
      groupedOnly: false,
    };
    if (!doc.grounded) {
      const t = titleOnlySentence(record, doc.title, 'citation', syntax, req.tense);
      plan.titleOnly = { text: t.text, keys: [record.key], sources: t.spans.flatMap((s) => (s.source ? [s.source] : [])), role: 'work' };
      plan.titleOnlyFlag = t.flags[0];
    } else {
      // Best variant per source sentence, plus a shorter variant of each, in score order.
      const ranked = rankCandidates(record, doc, scorer, { style: 'citation', syntax, tense: req.tense });
      const bySentence = new Map<number, ScoredCandidate[]>();
      for (const c of ranked) {
        const list = bySentence.get(c.sentenceIndex) ?? [];
        const earlier = doc.sentences.slice(0, c.sentenceIndex).map((s) => s.text);
        if (list.length < 3) list.push(withIntroducedMeans(withoutMotivation(c), earlier));
        bySentence.set(c.sentenceIndex, list);
      }
      // Query focus: among what a work says about itself, prefer what speaks to the author's own paper. Its scene
      // setting ("In unsupervised domain mapping, cycle constraints require …") shares the author's words more than
      // its contribution does, but says nothing about the work; it gets the focus only when no sentence describes it.
      if (ownVector) {
        const describing = new Set([...bySentence.keys()].filter((i) => bySentence.get(i)![0].describesWork));
        const focused = describing.size ? describing : new Set(bySentence.keys());
        for (const [i, list] of bySentence) {
          if (!focused.has(i)) continue;
          // Measured on the whole source sentence, so that relevance does not favour one compression over another.
          const relevance = cosine(model.vector(contentTerms(list[0].source.text)), ownVector);
          for (const c of list) c.score += DRAFT_OWN_RELEVANCE * relevance;
        }
      }
      // What the work says of itself, weighed by how much of its title it carries: the title's method over a side measure.
      for (const [, list] of bySentence) {
        if (!list[0].describesWork) continue;
        const share = titleShare(list[0].source.text, record.title);
        for (const c of list) c.score += DRAFT_TITLE_WEIGHT * share;
      }
      plan.options = selfContainedFirst(contributionFirst([...bySentence.values()].map((l) => l[0])));
      // A shorter version that cuts a noun from what defines it ("maximize the region." of "the region where …") is none.
      // And the best variant without the clause that only adds to its last noun (", in which …"), where none is as short.
      const shorterOf = (l: ScoredCandidate[]) => {
        const cuts = l.slice(1).filter((c) => !cutsADefinition(c, l[0]));
        const unclaused = withoutAddingClause(l[0]);
        return unclaused && !cuts.some((c) => wordCount(c.text) <= wordCount(unclaused.text)) ? [...cuts, unclaused] : cuts;
      };
      plan.shorter = new Map([...bySentence.entries()].map(([k, l]) => [k, shorterOf(l).sort((a, b) => wordCount(a.text) - wordCount(b.text))]));
      plan.chosen = firstChosen(plan.options);
      // The finding a second sentence extends ("… which have shown that control of the hand is low-dimensional. It
      // extended this concept to robotic hands") is not cut from it: "this concept" would point at nothing.
      if (plan.chosen.length > 1) plan.shorter.set(plan.options[plan.chosen[0]].sentenceIndex, []);
    }
    works.push(plan);
  }
  options?.progress?.report(records.length, records.length);
  return works;
}
