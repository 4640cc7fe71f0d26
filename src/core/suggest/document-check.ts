// Check Citations on a whole document (the editor's command and `citescribe check --tex`): each cited key judged for the
// sentence around it. A key whose paragraph cites other works is judged among them, by the judgement `check --pairs`
// gives a line with a group (attribution.ts): "Cycle-consistent translation \cite{huang2018munit}" in a paragraph that
// also cites zhu2017unpaired is misattributed, with zhu2017unpaired as the better work and both works' closest
// sentences. A key alone in its paragraph is judged by its library-wide support (check.ts: checkPair), as before.
// Either way, the numbers and names of datasets or systems that the sentence gives and the cited work does not hold
// are listed. With an embedding model (embedding-check.ts) the sentences come ranked with it and the judgements read
// the cosines: they withdraw flags the words raised, never raise one.
import { parseCitations, type CiteLanguage } from '../cites';
import { sentenceAround } from '../cites/completion';
import { paragraphGroups } from '../cites/paragraphs';
import { checkPair, inShare, nearestInMeaning, WHOLE, wordRanking, type CheckLibrary, type CheckShare, type CitationCheck, type RankSentence } from './check';
import { detailsNotInWork, judgeAttribution } from './attribution';
import type { Suggestion } from './suggest';

type KeyCheck = Omit<CitationCheck, 'start' | 'end' | 'sentence'>;

/**
 * How a document's sentences are ranked: by their words (suggestCitations), or with an embedding model
 * (embedding-check.ts: every sentence ranked beforehand, and its cosine with each work of its paragraph).
 */
export interface SentenceRanking {
  rank: RankSentence;
  /** The cosine of the sentence with each work of its paragraph; undefined without a model (or once it failed). */
  cosines?: (sentence: string) => ReadonlyMap<string, number> | undefined;
}

/**
 * A "paragraph" citing more works than this is a list, or text written without blank lines (a whole section as one
 * paragraph): its citations are judged alone. CiteBench's related-work paragraphs cite at most 16 works; judging each
 * citation against hundreds of works would cost a scoring of every one of them per citation.
 */
export const MAX_PARAGRAPH_WORKS = 24;

/** The sentence's details (numbers, names) that none of `keys` holds; a work without a text holds none. */
function detailsNoneHolds(library: CheckLibrary, sentence: string, keys: readonly string[]): string[] {
  let missing: string[] | undefined;
  // The family names of every cited work's authors are left out: "McDonald and Pereira \cite{a}" names a's authors.
  const cited = keys.flatMap((k) => library.getPaper(k) ?? []);
  for (const key of keys) {
    const paper = library.getPaper(key);
    const lacks = paper && (paper.abstract || paper.sections?.length) ? detailsNotInWork(sentence, paper, cited) : undefined;
    if (lacks) missing = missing ? missing.filter((d) => lacks.includes(d)) : lacks;
  }
  return missing ?? [];
}

/**
 * Checks citing `key` for `sentence` among `rivals`, the other works of its paragraph that the sentence does not
 * cite itself: a sentence citing [a, b] is not misattributed to a because b says it better, b is cited too.
 * Without a rival with a text to compare, the key is judged alone (checkPair). `coCited`: the other keys the
 * sentence cites; a detail one of them holds is not flagged ("DSSM [a] and CLSM [b]": a holds DSSM, b CLSM).
 */
function checkInParagraph(
  library: CheckLibrary,
  sentence: string,
  key: string,
  rivals: readonly string[],
  ranked: readonly Suggestion[],
  coCited: readonly string[] = [],
  cosines?: ReadonlyMap<string, number>,
): KeyCheck {
  const alone = checkPair(library, sentence, key, ranked);
  const paper = library.getPaper(key);
  const held = paper && (paper.abstract || paper.sections?.length);
  const details = held ? detailsNoneHolds(library, sentence, [key, ...coCited]) : [];
  const withDetails = <T extends KeyCheck>(c: T): T => (details.length ? { ...c, unsupportedDetails: details } : c);
  if (!rivals.length) return withDetails(alone);
  const judged = judgeAttribution(library, sentence, key, rivals, undefined, ranked, cosines);
  // Fewer than two works of the paragraph with a text (the others unknown or known by title): nothing to compare.
  if ((judged.fits?.length ?? 0) < 2 || judged.verdict === 'title-only') return withDetails(alone);
  // The paragraph judgement adds flags; it never clears the library-wide one. Their thresholds differ: a work the
  // support score calls weak (below WEAK_SUPPORT) may still be above the paragraph judgement's saysBelow.
  let verdict = judged.verdict === 'supported' && alone.verdict === 'weak' ? 'weak' : judged.verdict;
  // With an embedding model, a cited work nearer the sentence in meaning than every work ranked for it and every work
  // of its paragraph is supported, as it is alone (checkPair): "Drone images of breakwaters … show boat departures
  // \cite{ferries}" has the words of a gull survey, so the words call the ferry work weak alone and unsupported among
  // its paragraph; the model, which puts the ferry work nearest, withdraws both flags, never adds one.
  if ((verdict === 'weak' || verdict === 'unsupported') && nearestOfParagraph(key, rivals, ranked, cosines)) verdict = 'supported';
  // The evidence of a supported or weak citation is the work's closest sentence to the whole sentence (checkPair): the
  // paragraph judgement picks its sentence by the words only that work holds among the paragraph's, which can be a
  // side remark ("people cannot reach") rather than the sentence the citation rests on.
  const evidence = verdict === 'supported' || verdict === 'weak' ? (alone.evidence ?? judged.evidence) : judged.evidence;
  const check: KeyCheck = {
    key,
    verdict,
    ...(judged.support !== undefined && { support: judged.support }),
    ...(evidence && { evidence }),
    paragraphKeys: [...rivals],
  };
  if (judged.better) check.better = judged.better;
  // Weak or unsupported among its paragraph: the library may hold the work the sentence describes.
  else if ((verdict === 'weak' || verdict === 'unsupported') && alone.better) check.better = alone.better;
  return withDetails(check);
}

/** Whether the embedding model puts `key` nearest the sentence of all the works ranked for it and of its paragraph. */
function nearestOfParagraph(key: string, rivals: readonly string[], ranked: readonly Suggestion[], cosines: ReadonlyMap<string, number> | undefined): boolean {
  const own = ranked.find((s) => s.key === key);
  if (!cosines || !nearestInMeaning(own, ranked)) return false;
  const ownCosine = cosines.get(key) ?? own!.cosine!;
  return rivals.every((r) => (cosines.get(r) ?? -Infinity) <= ownCosine);
}

/** Every cited key of a document with its check, in document order. */
export function checkDocument(library: CheckLibrary, text: string, language: CiteLanguage): CitationCheck[] {
  return checkDocumentShare(library, text, language, WHOLE).map((c) => c.check);
}

/** checkDocument of one share of the document's sentences, each check with its position among all the document's. */
export function checkDocumentShare(
  library: CheckLibrary,
  text: string,
  language: CiteLanguage,
  share: CheckShare,
  ranking: SentenceRanking = { rank: wordRanking(library) },
): { at: number; check: CitationCheck }[] {
  const commands = parseCitations(text, language);
  const groups = paragraphGroups(text, language, commands);
  const sentences = commands.map((c) => (c.keys.length ? sentenceAround(text, c.start) : ''));
  // The keys each sentence cites (a sentence may hold several citations), per paragraph.
  const citedBySentence = new Map<string[], Map<string, Set<string>>>();
  commands.forEach((c, i) => {
    const bySentence = citedBySentence.get(groups[i]) ?? new Map<string, Set<string>>();
    citedBySentence.set(groups[i], bySentence);
    const keys = bySentence.get(sentences[i]) ?? new Set<string>();
    bySentence.set(sentences[i], keys);
    for (const k of c.keys) keys.add(k.key);
  });
  const out: { at: number; check: CitationCheck }[] = [];
  // Two citations in one sentence share its ranking.
  const rankings = new Map<string, Suggestion[]>();
  const mine = inShare(share);
  let at = 0;
  commands.forEach((cite, i) => {
    if (!cite.keys.length) return;
    const sentence = sentences[i];
    if (!mine(sentence)) {
      at += cite.keys.length;
      return;
    }
    let ranked = rankings.get(sentence);
    if (!ranked) rankings.set(sentence, (ranked = ranking.rank(sentence)));
    const cosines = ranking.cosines?.(sentence);
    const citedHere = citedBySentence.get(groups[i])!.get(sentence)!;
    const rivals = groups[i].length > MAX_PARAGRAPH_WORKS ? [] : groups[i].filter((k) => !citedHere.has(k));
    for (const k of cite.keys) {
      const coCited = [...citedHere].filter((other) => other !== k.key);
      out.push({ at: at++, check: { ...checkInParagraph(library, sentence, k.key, rivals, ranked, coCited, cosines), start: k.start, end: k.end, sentence } });
    }
  });
  return out;
}
