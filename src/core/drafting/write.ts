// Related-work drafts (after OARelatedWork): plan topic groups over the cited works, order them, and write each
// paragraph as a topic sentence, grounded sentences per work (MMR against redundancy), grouped citations for works
// that get no sentence of their own, and a contrasting sentence from the author's own abstract. The stages live in
// plan, keyphrases, topics, contrast, fit and render; writeDraft runs them for the default engine.
import { type CiteSyntax, type Draft, type DraftParagraph, type DraftRequest, type DraftSentence, type PaperRecord } from '../types';
import { throwIfCancelled } from '../types';
import { headlineCase } from '../text/titles';
import { contentTerms, cosine, termFrequencies, TfIdfModel, wordCount, type SparseVector } from '../text/tokens';
import { repeatedSubject, workSubject } from '../rewrite/authors';
import { saysName, subjectWithName } from '../rewrite/system-name';
import { sourceDocument } from '../engine/candidates';
import { plainText } from '../text/plain';
import { boundedRecord, capLongTokens } from '../text/long-tokens';
import { describesTheWork, DRAFT_OWN_RELEVANCE, firstDescribingSentence, rankCandidates, saysOnlyThatItWorks, writtenText, type ScoredCandidate } from '../engine/citation';
import { titleOnlySentence, withoutLinkingAdverb } from '../rewrite';
import { buildsOn, follows, groupContrast, ownContributionSentences, ownWorkIntroducer, pointsOutside, standsAlone } from './contrast';
import { paragraphWords } from './fit';
import { groupKeyphrases, type Phrase, phrasesOf, speaksForGroup } from './keyphrases';
import { closeness, clusterWorks, type DraftContext, type GroupPlan, knowsNothingOf, LENGTH_TOLERANCE, MAX_SENTENCES_PER_WORK, MMR_LAMBDA, NEAR_COPY_SIMILARITY, planningText, planVectors, SAME_THING_SIMILARITY, saysNothingNew, topicGroupCount, WORDS_PER_WORK_DEFAULT, type WorkPlan } from './plan';
import { citeMarkerOf, renderDraft, sentenceOf } from './render';
import { allTopicSentences, seeAlso } from './topics';
import { smoothParagraph } from './flow';
import { contributionFirst, selfContainedFirst } from './contribution';

/** Words a draft needs per work before a listed work may take room from the others' sentences (a short clause each). */
const MIN_WORDS_PER_LISTED_WORK = 12;
/** How far past the target a draft may run to give its listed works a sentence each (a share of the target). */
const LISTED_OVERFLOW = 0.35;

/** Why a work has no sentence of its own in a draft. */
export const LISTED_ONLY_FLAG = 'only listed in a grouped citation: the target length holds no sentence of its own';

export async function writeDraft(req: DraftRequest, ctx: DraftContext): Promise<Draft> {
  const { library, scorer, options } = ctx;
  const syntax: CiteSyntax = req.syntax ?? (req.format === 'markdown' ? 'pandoc' : 'cite');
  const seen = new Set<string>();
  const keys = req.keys.map((k) => k.trim()).filter((k) => k && !seen.has(k) && seen.add(k));
  const unknownKeys = keys.filter((k) => !library.hasKey(k));
  const found = keys.filter((k) => library.hasKey(k)).map((k) => library.getPaper(k)).filter((r): r is PaperRecord => !!r);
  for (const k of keys) if (library.hasKey(k) && !found.some((r) => r.key === k)) unknownKeys.push(k);
  // Where the works' text enters the engine: no pattern after this point sees a word longer than MAX_TOKEN_CHARS.
  const records = found.map(boundedRecord);
  if (records.length === 0) return { text: '', paragraphs: [], citedKeys: [], unknownKeys, engine: 'default' };

  // Plan: vectors over title + abstract (or the linked PDF's text), similarity to the author's own abstract.
  const docs = records.map((r) => sourceDocument(r));
  const texts = records.map((r, i) => planningText(r, docs[i]));
  const ownText = req.ownAbstract ? plainText(capLongTokens(req.ownAbstract)) : '';
  const termLists = texts.map((t) => contentTerms(t));
  const model = new TfIdfModel(ownText ? [...termLists, contentTerms(ownText)] : termLists);
  const tfidfVectors = termLists.map((t) => model.vector(t));
  // The query focus of sentences below stays TF-IDF: it compares one sentence with the abstract, word for word.
  const ownVector = ownText ? model.vector(contentTerms(ownText)) : undefined;
  // A sentence encoder may load, or even download, its model first: say so rather than sit at 0 of n.
  if (ctx.embed) options?.progress?.report(0, records.length, 'Embedding titles and abstracts…');
  const planned = await planVectors(texts, termLists, ownText, { vectors: tfidfVectors, own: ownVector }, ctx.embed, options?.signal);
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
        if (list.length < 3) list.push(c);
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
      plan.options = selfContainedFirst(contributionFirst([...bySentence.values()].map((l) => l[0])));
      plan.shorter = new Map([...bySentence.entries()].map(([k, l]) => [k, l.slice(1).sort((a, b) => wordCount(a.text) - wordCount(b.text))]));
      plan.chosen = [0];
    }
    works.push(plan);
  }
  options?.progress?.report(records.length, records.length);

  const targetWords = req.targetWords ?? Math.max(60, WORDS_PER_WORK_DEFAULT * records.length);
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
    const keyphrases = groupKeyphrases(
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
    );
    return {
      works: ws,
      keyphrases,
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

  // Contrast sentences from the author's abstract, one per group while distinct sentences last.
  const ownContributions = ownText ? ownContributionSentences(ownText) : [];
  const introducesOwnWork = ownWorkIntroducer(ownContributions);
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
      ranked.sort((a, b) => Number(buildsOn(g, b.s, b.i, syntax) !== undefined) - Number(buildsOn(g, a.s, a.i, syntax) !== undefined));
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

  // Fit the target length (±15%).
  const topicsFor = () => allTopicSentences(groups, syntax);
  let hi = targetWords * (1 + LENGTH_TOLERANCE);
  const allWorks = groups.flatMap((g) => g.works);
  // Content-word counts of a candidate's extract, made once: the length fitting below compares them work by work and
  // round by round.
  const vectorByCandidate = new Map<ScoredCandidate, SparseVector>();
  const extractVector = (c: ScoredCandidate): SparseVector => {
    let vector = vectorByCandidate.get(c);
    if (!vector) vectorByCandidate.set(c, (vector = termFrequencies(contentTerms(c.extract))));
    return vector;
  };
  // Too long: first shorter variants, then drop contrasts beyond the first, then fold the weakest works into
  // grouped citations.
  for (const w of [...allWorks].sort((a, b) => wordCount(b.options[0]?.text ?? '') - wordCount(a.options[0]?.text ?? ''))) {
    if (paragraphWords(groups, topicsFor(), syntax) <= hi) break;
    const current = w.options[w.chosen[0]];
    // A shorter variant can lose what set the work apart and say only what another work's sentence says ("presented
    // an approach to X" beside "presented an approach to X problems that combines …"), once the clauses that differed
    // are cut.
    const saidElsewhere = allWorks.filter((x) => x !== w && !x.groupedOnly).flatMap((x) => x.chosen.map((c) => extractVector(x.options[c])));
    const repeats = (c: ScoredCandidate) => {
      const terms = extractVector(c);
      return saidElsewhere.some((other) => saysNothingNew(terms, other));
    };
    const shorter = current ? w.shorter?.get(current.sentenceIndex)?.find((c) => wordCount(c.text) < wordCount(current.text) && !repeats(c)) : undefined;
    if (current && shorter) {
      w.options[w.chosen[0]] = shorter;
    }
  }
  // Contrasts beyond one go, those with the groups least like the author's work first: "Unlike these works, we track
  // hive weight" after two works on sourdough relates nothing. The one left, with the closest group, says what the
  // author's work is.
  const contrasted = groups.flatMap((g, gi) => (g.contrast ? [gi] : [])).sort((a, b) => closeness(groups[a]) - closeness(groups[b]));
  const dropped: DraftSentence[] = [];
  for (const gi of contrasted.slice(0, -1)) {
    if (paragraphWords(groups, topicsFor(), syntax) <= hi) break;
    dropped.push(groups[gi].contrast!);
    groups[gi].contrast = undefined;
  }
  const firstContrast = groups.findIndex((g) => g.contrast);
  const introduction = dropped.find((d) => introducesOwnWork(d.sources[0].text));
  if (firstContrast >= 0 && introduction && !introducesOwnWork(groups[firstContrast].contrast!.sources[0].text)) {
    const g = groups[firstContrast];
    g.contrast = groupContrast(g, firstContrast, introduction.sources[0].text, introduction.sources[0].index, syntax, ownText) ?? g.contrast;
  }
  const byWeakness = [...allWorks].filter((w) => !w.groupedOnly).sort((a, b) => (a.options[0]?.score ?? -Infinity) - (b.options[0]?.score ?? -Infinity));
  for (const w of byWeakness) {
    if (paragraphWords(groups, topicsFor(), syntax) <= hi) break;
    const group = groups.find((g) => g.works.includes(w));
    // Keep at least one written sentence per group so every paragraph says something grounded.
    if (group && group.works.filter((x) => !x.groupedOnly).length <= 1) continue;
    w.groupedOnly = true;
    w.chosen = [];
  }
  // Works folded into a grouped citation get a sentence of their own again while the budget allows: a work should
  // not be cited only in a topic sentence when there is room to say what it does. Grounded works first (best score
  // first, the shortest compression of their least redundant sentence), then title-only works.
  const folded = allWorks.filter((w) => w.groupedOnly).sort((a, b) => (b.options[0]?.score ?? -Infinity) - (a.options[0]?.score ?? -Infinity));
  // `anyFitting`: not only the work's best new sentence but any that fits, as long as it tells what the work does and
  // reads on its own.
  const restore = (w: WorkPlan, anyFitting: boolean): void => {
    const group = groups.find((g) => g.works.includes(w))!;
    const said = group.works.flatMap((x) => x.chosen.map((c) => extractVector(x.options[c])));
    for (let i = 0; i < w.options.length; i++) {
      const original = w.options[i];
      if (anyFitting && (original.lastResort || !describesTheWork(original.source.text, w.record))) continue;
      const versions = [original, ...(w.shorter?.get(original.sentenceIndex) ?? [])].sort((a, b) => wordCount(a.text) - wordCount(b.text));
      // "Based on this idea, we propose Match-SRNN …" reads on its own once its opener is cut ("Roe \cite{k} proposed
      // Match-SRNN …"): what must stand alone is the version written, not the source sentence.
      const shortest = anyFitting ? versions.find((v) => standsAlone(v.extract)) : versions[0];
      if (!shortest) continue;
      const terms = extractVector(shortest);
      // A work's only sentence may share words with another work's ("proposed a deep architecture to model the
      // matching structure" beside "proposed a latent semantic model with a pooling structure"): it still tells what
      // this work did. Only a near copy (the same abstract twice) says nothing of it.
      if (said.some((other) => (anyFitting ? cosine(terms, other) >= NEAR_COPY_SIMILARITY : saysNothingNew(terms, other)))) continue;
      w.groupedOnly = false;
      w.options[i] = shortest;
      w.chosen = [i];
      if (paragraphWords(groups, topicsFor(), syntax) <= hi) return;
      w.options[i] = original;
      w.chosen = [];
      w.groupedOnly = true;
      if (!anyFitting) return;
    }
  };
  for (const w of folded) if (!w.titleOnly) restore(w, false);
  // Then a work still without a sentence may say less than its best: a grouped citation tells the reader nothing of it,
  // while the words left over would otherwise go to a second sentence of another work.
  for (const w of folded) if (w.groupedOnly && !w.titleOnly) restore(w, true);
  // A work known by its title alone comes after those with text: "Liu and Tuzel \cite{k} presented “Coupled
  // Generative Adversarial Networks”" had taken the room of a work whose abstract says what it did.
  for (const w of folded) {
    if (!w.titleOnly || knowsNothingOf(w)) continue;
    w.groupedOnly = false;
    if (paragraphWords(groups, topicsFor(), syntax) > hi) w.groupedOnly = true;
  }
  // Describing a work comes before setting the author's work against it: while a work is still only listed, a
  // contrast gives way (the group least like the author's work first) if that lets the work have its sentence. The
  // contrast with the closest group stays: it is what places the author's work among the others.
  const waiting = () => folded.filter((w) => w.groupedOnly && !w.titleOnly);
  for (const g of groups.filter((x) => x.contrast).sort((a, b) => closeness(a) - closeness(b)).slice(0, -1)) {
    const before = waiting().length;
    if (!before) break;
    const contrast = g.contrast;
    g.contrast = undefined;
    for (const w of waiting()) restore(w, true);
    if (waiting().length === before) g.contrast = contrast;
  }

  // Works still only listed ("See also \cite{a,b}") where the length holds a short clause for each get their sentence
  // past the length's upper bound, up to LISTED_OVERFLOW of the target: a reader marks a listed work whose abstract
  // says what it does as a defect (21 of 48 drafts), and does not count words. The shortest version that reads on
  // its own, closest to the author's work first.
  if (waiting().length && targetWords >= MIN_WORDS_PER_LISTED_WORK * allWorks.length) {
    hi = targetWords * (1 + LISTED_OVERFLOW);
    for (const w of [...waiting()].sort((a, b) => b.ownSimilarity - a.ownSimilarity)) restore(w, true);
    hi = targetWords * (1 + LENGTH_TOLERANCE);
  }

  // Too short: add further sentences per work, by MMR against what the paragraph already says, at most
  // MAX_SENTENCES_PER_WORK on one work. The author's own abstract does not fill the length: pasted in, it read as the
  // draft's body (20 of 26 CiteBench dev drafts) and claimed the author's results as the field's.
  let grew = true;
  // What each group has said so far, in the order it was said, and per candidate the largest cosine to it: a round
  // folds in only the sentences added since the candidate was last scored (the same maximum as over the whole list,
  // which grew quadratically with the works: 57% of an 800-work draft's time).
  const saidByGroup = new Map(groups.map((g) => [g, g.works.flatMap((w) => w.chosen.map((c) => extractVector(w.options[c])))]));
  const redundancyOf = new Map<ScoredCandidate, { upTo: number; max: number }>();
  const redundancy = (said: readonly SparseVector[], c: ScoredCandidate, v: SparseVector): number => {
    let r = redundancyOf.get(c);
    if (!r) redundancyOf.set(c, (r = { upTo: 0, max: 0 }));
    for (; r.upTo < said.length; r.upTo++) r.max = Math.max(r.max, cosine(said[r.upTo], v));
    return r.max;
  };
  const maxPerWork = req.maxSentencesPerWork ?? MAX_SENTENCES_PER_WORK;
  while (paragraphWords(groups, topicsFor(), syntax) < targetWords && grew) {
    grew = false;
    for (const g of groups) {
      const said = saidByGroup.get(g)!;
      let bestWork: WorkPlan | undefined;
      let bestIndex = -1;
      let bestValue = -Infinity;
      for (const w of g.works) {
        if (w.groupedOnly || !w.options.length || w.chosen.length >= maxPerWork) continue;
        const top = w.options[0].score;
        // A further sentence fills the length: never one the citation would take only as a last resort (about other
        // work, a plan, the work calling itself "this article"), and "They are both elaborated to …", which points at
        // the sentence before it in the paper, only after that sentence.
        // Asked once per candidate and round: the scene check below needs the answers for all of them first.
        // Nor one that says only that the work works ("Trials confirm the value of the proposed method"): it fills the
        // length and tells the reader nothing.
        const eligible = w.options.map((c, i) => !w.chosen.includes(i) && !c.lastResort && !saysOnlyThatItWorks(c.source.text) && !pointsOutside(c.source.text) && (standsAlone(c.source.text) || w.chosen.some((k) => follows(c, w.options[k]))));
        // The scene an abstract sets before it says what the work does ("Short-video platforms have become part of our
        // daily lives", "X has been described as diglossic") is not the work's to be cited for, while its method and
        // findings after that are: the scene only when the work has nothing else left to say.
        const firstDescribing = firstDescribingSentence(w.options);
        const setsScene = (c: ScoredCandidate) => !c.describesWork && c.sentenceIndex < firstDescribing;
        // Within the two sentences a work gets by default, never the scene: "Road verges cover a large area \cite{k}"
        // took the place of another work's finding.
        const onlyScene = maxPerWork > MAX_SENTENCES_PER_WORK && !w.options.some((c, i) => eligible[i] && !setsScene(c));
        w.options.forEach((c, i) => {
          if (!eligible[i] || (setsScene(c) && !onlyScene)) return;
          const value = MMR_LAMBDA * (c.score - top) - (1 - MMR_LAMBDA) * redundancy(said, c, extractVector(c));
          // Rounds: no work gets another sentence while a work of the group has fewer (a long PDF would otherwise
          // win every round, having many sentences close to its best).
          if (bestWork === undefined || w.chosen.length < bestWork.chosen.length || (w.chosen.length === bestWork.chosen.length && value > bestValue)) {
            bestValue = value;
            bestWork = w;
            bestIndex = i;
          }
        });
      }
      if (bestWork && paragraphWords(groups, topicsFor(), syntax) + wordCount(writtenText(bestWork.options[bestIndex])) <= hi) {
        bestWork.chosen.push(bestIndex);
        said.push(extractVector(bestWork.options[bestIndex]));
        grew = true;
      }
      if (paragraphWords(groups, topicsFor(), syntax) >= targetWords) break;
    }
  }

  // Write.
  const topics = topicsFor();
  const paragraphs: DraftParagraph[] = groups.map((g, gi) => {
    const sentences: DraftSentence[] = [...topics[gi]];
    for (const w of g.works) {
      if (w.groupedOnly) continue;
      if (w.titleOnly) sentences.push(w.titleOnly);
      // Sentences of one work in the order they appear in its source; once cited, the work is named again briefly.
      const picked = [...w.chosen].sort((a, b) => w.options[a].sentenceIndex - w.options[b].sentenceIndex);
      const subject = `${workSubject(w.record, syntax).text} `;
      // The system the title names ("Brants (TnT) \cite{k}") is written once, in the first sentence that can carry it.
      const system = w.options[0]?.systemName;
      const namedSubject = system && `${subjectWithName(system)} `;
      let systemNamed = false;
      picked.forEach((c, k) => {
        const sentence = sentenceOf(w.options[c], w.record.key, !systemNamed);
        systemNamed ||= system !== undefined && saysName(sentence.text, system.name);
        const previous = sentences[sentences.length - 1];
        // "Roe \cite{k} additionally proposed X" right after another work's sentence would add to that work.
        if (!previous?.keys.includes(w.record.key) || previous.role !== 'work') {
          sentence.text = withoutLinkingAdverb(sentence.text, subject.trimEnd());
          if (namedSubject) sentence.text = withoutLinkingAdverb(sentence.text, namedSubject.trimEnd());
        }
        // "They" only after a sentence that named the authors: after "Tides turn at dusk \cite{k}." it would point at
        // nobody ("Roe and Poe believed …" instead).
        const namedTheAuthors = previous !== undefined && (previous.text.includes(subject) || (namedSubject !== undefined && previous.text.includes(namedSubject)));
        const again = repeatedSubject(w.record, namedTheAuthors || (previous !== undefined && /^They\s/.test(previous.text)));
        const justCited = k > 0 && again && previous?.keys.includes(w.record.key) && previous.text.includes(citeMarkerOf(w.record.key, syntax));
        const ofWork = /^The ([a-z]+) of /.exec(sentence.text);
        if (justCited && sentence.text.startsWith(subject)) {
          sentence.text = again + ' ' + sentence.text.slice(subject.length);
        } else if (justCited && ofWork && sentence.text.startsWith(subject, ofWork[0].length)) {
          // "The book of Seroul and Levy \cite{k} contained …" right after the book was cited: "The book contained …".
          sentence.text = `The ${ofWork[1]} ${sentence.text.slice(ofWork[0].length + subject.length)}`;
        } else if (justCited && sentence.text.includes(`, ${subject}`)) {
          // "Using recordings from 18 speakers, Olsen \cite{k} showed …" right after Olsen was cited: "…, Olsen showed".
          sentence.text = sentence.text.replace(`, ${subject}`, `, ${again === 'They' ? 'they' : again} `);
        }
        sentences.push(sentence);
      });
    }
    sentences.push(...seeAlso(g, syntax, groups));
    if (g.contrast) sentences.push(g.contrast);
    return {
      // Groups of unrelated works come last, under one "Other Related Work" heading. One group gets no heading: a
      // lone subsection divides nothing.
      heading: !req.subsections || groups.length < 2 || (g.mixed && groups[gi - 1]?.mixed) ? undefined : g.mixed ? 'Other Related Work' : headlineCase(g.keyphrases[0] ?? `Topic ${gi + 1}`),
      keys: g.works.map((w) => w.record.key),
      sentences: smoothParagraph(sentences, syntax),
    };
  });
  const citedKeys = records.map((r) => r.key);
  const flags = works.filter((w) => w.titleOnly).map((w) => `${w.record.key}: ${w.titleOnlyFlag}`);
  // A work the library knows nothing of is flagged as such already; the others had text the length left no room for.
  const listed = works.filter((w) => w.groupedOnly && !knowsNothingOf(w));
  // A title-only work's own flag says already why it has no sentence to itself.
  for (const w of listed) if (!w.titleOnly) flags.push(`${w.record.key}: ${LISTED_ONLY_FLAG}`);
  return { text: renderDraft(paragraphs, req.format), paragraphs, citedKeys, unknownKeys, engine: 'default', flags, listedOnly: listed.map((w) => w.record.key) };
}
