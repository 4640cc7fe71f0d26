// `citescribe eval verify` on human related-work paragraphs (CiteBench json): the attribution judgement where the
// paragraph is a real one, its works the ones its author cited together. The library is every cited abstract of the
// file; each sentence of a paragraph that cites exactly one of its works (markers removed, at least 3 content words)
// is judged twice against the works of its paragraph with an abstract: citing its own work (intact) and citing another
// work of the same paragraph (swapped, seeded). The intact paragraphs also go through Check Citations as LaTeX
// documents ([2] → \cite{p0w2}), every citation included. Small data (26 paragraphs in the dev sample): a figure to read.
import { splitSentences } from '../text/sentences';
import { plainText } from '../text/plain';
import { contentWords, stripCitationMarkers } from './citance';
import { libraryOfPapers, type SuggestPaper } from './evaluate';
import { groupFits, judgeFromFits, type AttributionVerdict } from './attribution';
import { checkDocument } from './document-check';
import type { CheckLibrary } from './check';

interface CiteBenchParagraph {
  /** The related-work paragraph, citing input[i] as [i-1]. */
  target: string;
  /** input[0]: the citing paper's abstract; input[1…]: the cited works' abstracts. */
  input: string[];
}

export interface ParagraphCase {
  /** "p3s2": paragraph 3, sentence 2. */
  id: string;
  text: string;
  cited: string;
  swapped: string;
  group: string[];
  intact: { verdict: AttributionVerdict; better?: string; fit: number };
  swappedJudged: { verdict: AttributionVerdict; better?: string; fit: number };
}

interface ParagraphFigures {
  paragraphs: number;
  /** Paragraphs citing fewer than two works with an abstract: nothing to swap with. */
  paragraphsWithoutRivals: number;
  sentences: number;
  /** Sentences not judged: citing nothing, several works, fewer than 3 content words, a work without an abstract, or alone in its paragraph. */
  skipped: { noCitation: number; severalWorks: number; tooShort: number; noAbstract: number; noRival: number };
  cases: number;
  /** Swapped citations given any verdict but supported. */
  swapsFlagged: number;
  /** Swapped citations called misattributed with the sentence's own work as the better one. */
  swapsRightBetter: number;
  /** Intact citations given any verdict but supported: false flags. */
  intactFlagged: number;
  /** The intact work's fit above the swapped one's, for the same sentence (ties count half). */
  pairwise: number;
  verdicts: { intact: Record<string, number>; swapped: Record<string, number> };
  /** The intact paragraphs checked as documents by Check Citations: every citation, its verdict, and those with details. */
  documents?: DocumentFigures;
}

interface DocumentFigures {
  citations: number;
  verdicts: Record<string, number>;
  /** Citations with a number or name that neither the cited work nor a work the same sentence cites holds. */
  withDetails: number;
}

const MARKER = /\[(\d+)\]/g;

export function parseCiteBench(text: string): CiteBenchParagraph[] {
  const items = JSON.parse(text) as CiteBenchParagraph[];
  if (!Array.isArray(items) || !items.every((i) => typeof i?.target === 'string' && Array.isArray(i.input) && i.input.every((x) => typeof x === 'string'))) {
    throw new Error('unrecognised data: expected CiteBench json, a list of {target, input}');
  }
  return items;
}

/** An abstract as CiteBench gives it ("<abs> Abstract Interaction in …"), as plain text. */
function abstractText(raw: string): string {
  return plainText(raw.replace(/<\/?[a-z]+>/gi, ' ')).replace(/^\s*abstract\b[:.]?\s*/i, '').trim();
}

function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

/** The works of each paragraph as library entries (`p3w0` for paragraph 3's [0]); works without an abstract left out. */
function paragraphLibrary(items: readonly CiteBenchParagraph[]): SuggestPaper[] {
  return items.flatMap((item, p) =>
    item.input.slice(1).flatMap((raw, w) => {
      const abstract = abstractText(raw);
      return contentWords(abstract).length >= 3 ? [{ paper_id: `p${p}w${w}`, title: '', abstract }] : [];
    }),
  );
}

/** Judges every single-citation sentence of every paragraph intact and swapped; `seed` picks the swaps. */
export async function evaluateParagraphAttribution(items: readonly CiteBenchParagraph[], seed = 7): Promise<{ figures: ParagraphFigures; cases: ParagraphCase[] }> {
  const papers = paragraphLibrary(items);
  const known = new Set(papers.map((p) => p.paper_id));
  const random = seeded(seed);
  const skipped = { noCitation: 0, severalWorks: 0, tooShort: 0, noAbstract: 0, noRival: 0 };
  let sentences = 0;
  let paragraphsWithoutRivals = 0;
  const library = await libraryOfPapers(papers);
  const cases: ParagraphCase[] = [];
  let documents: DocumentFigures | undefined;
  try {
    items.forEach((item, p) => {
      const group = [...new Set([...item.target.matchAll(MARKER)].map((m) => `p${p}w${m[1]}`))].filter((k) => known.has(k));
      if (group.length < 2) paragraphsWithoutRivals++;
      splitSentences(item.target).forEach((sentence, s) => {
        sentences++;
        const works = [...new Set([...sentence.matchAll(MARKER)].map((m) => `p${p}w${m[1]}`))];
        if (!works.length) return void skipped.noCitation++;
        if (works.length > 1) return void skipped.severalWorks++;
        const text = stripCitationMarkers(sentence);
        if (contentWords(text).length < 3) return void skipped.tooShort++;
        const cited = works[0];
        const rivals = group.filter((k) => k !== cited);
        if (!known.has(cited)) return void skipped.noAbstract++;
        if (!rivals.length) return void skipped.noRival++;
        const swapped = rivals[Math.floor(random() * rivals.length)];
        const fits = groupFits(library.store, text, group);
        const judged = (key: string) => {
          const j = judgeFromFits(fits, key);
          return { verdict: j.verdict, ...(j.better && { better: j.better.key }), fit: fits.find((f) => f.key === key)?.fit ?? -Infinity };
        };
        cases.push({ id: `p${p}s${s}`, text, cited, swapped, group, intact: judged(cited), swappedJudged: judged(swapped) });
      });
    });
    documents = checkAsDocuments(library.store, items);
  } finally {
    library.dispose();
  }
  return { figures: { ...paragraphFigures(cases, { paragraphs: items.length, paragraphsWithoutRivals, sentences, skipped }), documents }, cases };
}

/** Each paragraph as a LaTeX document, its markers as \cite commands, checked as the editor checks the author's. */
function checkAsDocuments(library: CheckLibrary, items: readonly CiteBenchParagraph[]): DocumentFigures {
  const verdicts: AttributionVerdict[] = [];
  let withDetails = 0;
  items.forEach((item, p) => {
    const tex = item.target.replace(/%/g, '\\%').replace(MARKER, (_m, w: string) => `\\cite{p${p}w${w}}`);
    for (const c of checkDocument(library, tex, 'latex')) {
      verdicts.push(c.verdict);
      if (c.unsupportedDetails?.length) withDetails++;
    }
  });
  return { citations: verdicts.length, verdicts: counts(verdicts), withDetails };
}

function counts(verdicts: readonly AttributionVerdict[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of verdicts) out[v] = (out[v] ?? 0) + 1;
  return out;
}

export function paragraphFigures(cases: readonly ParagraphCase[], sizes: Pick<ParagraphFigures, 'paragraphs' | 'paragraphsWithoutRivals' | 'sentences' | 'skipped'>): ParagraphFigures {
  const n = cases.length || 1;
  const flagged = (v: AttributionVerdict) => v !== 'supported';
  let pairwise = 0;
  for (const c of cases) pairwise += c.intact.fit > c.swappedJudged.fit ? 1 : c.intact.fit === c.swappedJudged.fit ? 0.5 : 0;
  return {
    ...sizes,
    cases: cases.length,
    swapsFlagged: cases.filter((c) => flagged(c.swappedJudged.verdict)).length,
    swapsRightBetter: cases.filter((c) => c.swappedJudged.verdict === 'misattributed' && c.swappedJudged.better === c.cited).length,
    intactFlagged: cases.filter((c) => flagged(c.intact.verdict)).length,
    pairwise: pairwise / n,
    verdicts: { intact: counts(cases.map((c) => c.intact.verdict)), swapped: counts(cases.map((c) => c.swappedJudged.verdict)) },
  };
}
