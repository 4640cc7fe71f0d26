// The last stage of a default-engine draft (write.ts: writeDraft): the paragraphs as the reader sees them. Each
// group's topic sentence, its works' chosen sentences in source order (a work cited again is named briefly: "They …"),
// its grouped citations ("See also \cite{a,b}"), its contrast, and its heading when the draft has subsections.
import { type CiteSyntax, type DraftParagraph, type DraftSentence } from '../types';
import { headlineCase } from '../text/titles';
import { wordCount } from '../text/tokens';
import { repeatedSubject, workSubject } from '../rewrite/authors';
import { saysName, subjectWithName } from '../rewrite/system-name';
import { withoutLinkingAdverb } from '../rewrite';
import type { DraftState } from './draft-state';
import { citeMarkerOf, sentenceOf } from './render';
import { allTopicSentences, seeAlso } from './topics';
import { smoothParagraph } from './flow';
import { LENGTH_TOLERANCE, type WorkPlan, workText } from './plan';
import { phraseOccursIn } from './keyphrases';
import { arrangeWorks } from './subgroups';
import { LISTED_CLAUSE_OVERFLOW } from './listed';

export function composeParagraphs(draft: DraftState): DraftParagraph[] {
  const { req, groups, syntax, targetWords } = draft;
  // Listed works said in clauses compressed from their sentences, past the length the stages fitted, by up to a
  // third of the target (listed.ts): first those a topic sentence would list, then those in "See also".
  const clauseBudget = { words: Math.floor(targetWords * LISTED_CLAUSE_OVERFLOW) };
  const topics = allTopicSentences(groups, syntax, clauseBudget);
  // What the subgroups ask of each work: its sentences as first written, the cited abstracts, the terms' weights.
  const firstWritten = new Map<WorkPlan, DraftSentence[]>();
  const sentencesOf = (w: WorkPlan): DraftSentence[] => {
    let found = firstWritten.get(w);
    if (!found) {
      const picked = [...w.chosen].sort((a, b) => w.options[a].sentenceIndex - w.options[b].sentenceIndex);
      firstWritten.set(w, (found = w.titleOnly ? [w.titleOnly] : picked.map((c) => sentenceOf(w.options[c], w.record.key))));
    }
    return found;
  };
  // A phrase a topic sentence names is a whole line of work's: "A first line of work studies barrier certificates" is
  // not split, in the next paragraph, into a subgroup of works on barrier certificates.
  const topicPhrases = topics.flat().flatMap((s) => s.phrases ?? []);
  const arranged = groups.map((g, gi) => {
    const [topic] = topics[gi].flatMap((s) => s.phrases ?? []);
    const onTopic = topic === undefined ? undefined : (w: WorkPlan) => phraseOccursIn(topic, workText(w));
    const idf = (t: string) => draft.model.idf(t);
    const keepOrder = req.workOrder === 'year';
    return arrangeWorks(g.works.filter((w) => !w.groupedOnly), { syntax, sentencesOf, allTexts: draft.texts, idf, topicPhrases, onTopic, keepOrder });
  });
  return groups.map((g, gi) => {
    const sentences: DraftSentence[] = [...topics[gi]];
    for (const block of arranged[gi]) {
      for (const part of block.parts) {
        if (part.joint) sentences.push(part.joint);
        else for (const w of part.works) writeWork(w, sentences, syntax);
      }
    }
    sentences.push(...seeAlso(g, syntax, groups, clauseBudget));
    if (g.contrast) sentences.push(g.contrast);
    return {
      // Groups of unrelated works come last, under one "Other Related Work" heading. One group gets no heading: a
      // lone subsection divides nothing.
      heading: !req.subsections || groups.length < 2 || (g.mixed && groups[gi - 1]?.mixed) ? undefined : g.mixed ? 'Other Related Work' : headlineCase(g.keyphrases[0] ?? `Topic ${gi + 1}`),
      keys: g.works.map((w) => w.record.key),
      sentences: smoothParagraph(sentences, syntax),
    };
  });
}

/** A work's sentences, appended to the paragraph's: once cited, the work is named again briefly ("They …"). */
function writeWork(w: WorkPlan, sentences: DraftSentence[], syntax: CiteSyntax): void {
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
