// fit: the words a draft has so far, asked after every change while the length is fitted to the target (±15%).
import { type CiteSyntax, type DraftSentence } from '../types';
import { wordCount } from '../text/tokens';
import { writtenText } from '../engine/citation';
import { type GroupPlan } from './plan';
import { seeAlso } from './topics';

/** Word counts of sentences: the length fitting asks for the whole draft's count after every change. */
const sentenceWords = new Map<string, number>();
function wordsOf(text: string): number {
  let n = sentenceWords.get(text);
  if (n === undefined) {
    if (sentenceWords.size >= 100_000) sentenceWords.clear();
    sentenceWords.set(text, (n = wordCount(text)));
  }
  return n;
}

export function paragraphWords(groups: readonly GroupPlan[], topics: readonly DraftSentence[][], syntax: CiteSyntax): number {
  const wordCount = wordsOf;
  let n = 0;
  groups.forEach((g, gi) => {
    for (const t of topics[gi]) n += wordCount(t.text);
    // The length stages count a listed work's clause only where its abstract names its contribution in a few words
    // ("we propose X"); the clauses compressed from a whole sentence are added after them, by up to a third of the
    // target (compose.ts, listed.ts). Counted here, they had the stages fold more works and give the others their
    // shortest, vaguest sentences ("demonstrated this approach on …", CiteBench dev case 10).
    for (const s of seeAlso(g, syntax, groups)) n += wordCount(s.text);
    for (const w of g.works) {
      if (w.titleOnly && !w.groupedOnly) n += wordCount(w.titleOnly.text);
      // As written out: a resolved pointer ("such problems" → "problems in …") adds words.
      for (const c of w.chosen) n += wordCount(writtenText(w.options[c]));
    }
    if (g.contrast) n += wordCount(g.contrast.text);
  });
  return n;
}
