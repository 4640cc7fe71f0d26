// measures: what a reader of a draft notices and ROUGE does not — works cited only in a list, topic sentences that
// name what one work alone says, the author's own abstract pasted in, one work filling the section. Reported by
// `citescribe eval related-work` beside ROUGE and citation F1 (issue 54).
import type { Draft, DraftSentence } from '../types';
import { splitSentences } from '../text/sentences';
import { phraseOccursIn } from './keyphrases';
import { isContrast } from './contrast';

export interface DraftMeasures {
  /** Input works with text of their own (an abstract or a PDF). */
  grounded: number;
  /** Of those, the works a sentence citing at most two works describes ("Roe \cite{k} showed …"). */
  described: number;
  topicSentences: number;
  /** Topic sentences that name a phrase fewer than two of their paragraph's works write ("studies X" for one work's X). */
  unsharedTopics: number;
  /** Sentences of the author's own abstract in the draft other than a paragraph's one contrast. */
  ownOutsideContrast: number;
  /** The most sentences any one work has to itself. */
  maxSentencesOnOneWork: number;
}

/** A cited work as the measures see it: its key and its own text ('' when it has none). */
export interface MeasuredWork {
  key: string;
  text: string;
}

/** Whether the sentence is one of the author's, quoted or set against the works: its source is their abstract. */
function fromOwnAbstract(s: DraftSentence, own: ReadonlySet<string>): boolean {
  return s.sources.some((src) => own.has(src.text.trim()));
}

export function measureDraft(draft: Pick<Draft, 'paragraphs'>, works: readonly MeasuredWork[], ownAbstract = ''): DraftMeasures {
  const own = new Set(splitSentences(ownAbstract).map((s) => s.trim()));
  const grounded = works.filter((w) => w.text.trim());
  const sentences = draft.paragraphs.flatMap((p) => p.sentences);
  const describing = new Set(sentences.filter((s) => s.keys.length >= 1 && s.keys.length <= 2 && !fromOwnAbstract(s, own) && s.role === 'work').flatMap((s) => s.keys));
  const onOne = new Map<string, number>();
  for (const s of sentences) if (s.role === 'work' && s.keys.length === 1) onOne.set(s.keys[0], (onOne.get(s.keys[0]) ?? 0) + 1);
  const textOf = new Map(works.map((w) => [w.key, w.text]));
  let topicSentences = 0;
  let unsharedTopics = 0;
  let ownOutsideContrast = 0;
  for (const p of draft.paragraphs) {
    const texts = p.keys.map((k) => textOf.get(k) ?? '').filter(Boolean);
    let contrasts = 0;
    for (const s of p.sentences) {
      if (s.role === 'topic' && s.phrases?.length) {
        topicSentences++;
        if (s.phrases.some((phrase) => texts.filter((t) => phraseOccursIn(phrase, t)).length < 2)) unsharedTopics++;
      }
      if (!fromOwnAbstract(s, own)) continue;
      if (s.role === 'contrast' && isContrast(s.text) && contrasts++ === 0) continue;
      ownOutsideContrast++;
    }
  }
  return {
    grounded: grounded.length,
    described: grounded.filter((w) => describing.has(w.key)).length,
    topicSentences,
    unsharedTopics,
    ownOutsideContrast,
    maxSentencesOnOneWork: Math.max(0, ...onOne.values()),
  };
}
