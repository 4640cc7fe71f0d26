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
  const topics = allTopicSentences(groups, syntax);
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
  // not followed, in the next paragraph, by "Barrier certificates are studied in [8, 2, 12]".
  const topicPhrases = topics.flat().flatMap((s) => s.phrases ?? []);
  const named = new Set<string>();
  const arranged = groups.map((g, gi) => {
    const [topic] = topics[gi].flatMap((s) => s.phrases ?? []);
    const onTopic = topic === undefined ? undefined : (w: WorkPlan) => phraseOccursIn(topic, workText(w));
    const idf = (t: string) => draft.model.idf(t);
    const keepOrder = req.workOrder === 'year';
    return arrangeWorks(g.works.filter((w) => !w.groupedOnly), { syntax, sentencesOf, allTexts: draft.texts, idf, topicPhrases, named, onTopic, keepOrder });
  });
  const write = (keepOpener: (opener: DraftSentence) => boolean): DraftParagraph[] => {
    // Listed works said in clauses compressed from their sentences, past the length the stages fitted, by up to a
    // third of the target (listed.ts); each writing of the draft spends its own budget.
    const clauseBudget = { words: Math.floor(targetWords * LISTED_CLAUSE_OVERFLOW) };
    return groups.map((g, gi) => {
      const sentences: DraftSentence[] = [...topics[gi]];
      for (const block of arranged[gi]) {
        if (block.opener && keepOpener(block.opener)) sentences.push(block.opener);
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
  };
  const paragraphs = write(() => true);
  const openers = arranged.flat().flatMap((b) => (b.opener ? [b.opener] : []));
  const words = (ps: readonly DraftParagraph[]) => ps.reduce((a, p) => a + p.sentences.reduce((b, s) => b + wordCount(s.text), 0), 0);
  const withOpeners = words(paragraphs);
  if (!openers.length || withOpeners <= openerBound(draft.targetWords, 0)) return paragraphs;
  // Counted as written without them: an opener also breaks a run of "[k] verbed" that the flow rules would vary
  // ("In [k], the authors …"), so the draft without it is not simply its words shorter.
  let excess = withOpeners - openerBound(draft.targetWords, words(write(() => false)));
  if (excess <= 0) return paragraphs;
  // The last openers go first ("Sparse coding is studied in [4, 7]." is the first thing a reader would cut), so a
  // phrase named "also" never stays after its first naming went.
  const dropped = new Set<DraftSentence>();
  for (const opener of [...openers].reverse()) {
    if (excess <= 0) break;
    dropped.add(opener);
    excess -= wordCount(opener.text);
  }
  return write((opener) => !dropped.has(opener));
}

/**
 * The words a draft may run to with its subgroups' openers, which the length stages did not count. A draft they fitted
 * keeps the target +15% (the length a user asked for). One they left past it, to give each work its sentence (nine
 * works in 142 words), may add OPENER_ALLOWANCE of the target: a named subgroup reads better than the chain it opens.
 */
export function openerBound(targetWords: number, wordsWithoutOpeners: number): number {
  const hi = Math.round(targetWords * (1 + LENGTH_TOLERANCE));
  // Never past what listed works' clauses may already take (listed.ts): with both, a 150-word draft ran to 228 words.
  const ceiling = Math.floor(targetWords * (1 + LENGTH_TOLERANCE + LISTED_CLAUSE_OVERFLOW));
  return wordsWithoutOpeners <= hi ? hi : Math.min(ceiling, wordsWithoutOpeners + Math.round(targetWords * OPENER_ALLOWANCE));
}
/** What openers may add to a draft already past its bound, as a share of the target: one in a 100-word draft. */
const OPENER_ALLOWANCE = 0.1;

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
