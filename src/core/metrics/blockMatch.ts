// BlockMatch (OARelatedWork §4.1): split draft and reference into blocks (paragraphs and headings), score every
// draft×reference pair with a block metric (ROUGE-2 F1 by default; an embedding cosine where one is available),
// find the best one-to-one pairing with the Hungarian algorithm, and report
// precision = total / |draft blocks|, recall = total / |reference blocks|, F1.
import { maxWeightAssignment } from './hungarian';
import { stripCitationMarkers, type MarkerLanguage } from './markers';
import { RougeScorer } from './rouge';

export interface Block {
  kind: 'heading' | 'paragraph';
  /** What gets scored: the paragraph text, or the heading's title (without '#' or \section{…}). */
  text: string;
  /** Range of the block in the original text. */
  start: number;
  end: number;
}

/** Scores a draft block against a reference block, in [0, 1]. */
export type BlockMetric = (draftBlock: string, referenceBlock: string) => number;

export interface BlockPair {
  draft: number;
  reference: number;
  score: number;
}

export interface BlockMatchResult {
  precision: number;
  recall: number;
  f1: number;
  /** Sum of the paired blocks' scores. */
  total: number;
  draftBlocks: Block[];
  referenceBlocks: Block[];
  /** The optimal pairing, by draft block index; blocks left over when the counts differ are unpaired. */
  pairs: BlockPair[];
}

export interface BlockMatchOptions {
  /** Default: ROUGE-2 F1 (rouge-score semantics). */
  metric?: BlockMetric;
  /** Stem tokens for the default metric. Default false. */
  stem?: boolean;
  /** Remove citation markers from both sides before scoring (as the papers do). Default true. */
  stripCitations?: boolean;
  language?: MarkerLanguage;
}

const LATEX_HEADING = /^[ \t]*\\(part|chapter|section|subsection|subsubsection|paragraph|subparagraph)\*?\s*(?:\[[^\]\n]*\])?\s*\{/;
const MARKDOWN_HEADING = /^[ \t]{0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$/;
const SETEXT_UNDERLINE = /^[ \t]{0,3}(=+|-+)[ \t]*$/;
const LATEX_COMMENT_LINE = /^[ \t]*%/;

/** Offset just past the '}' closing the brace group that opens at `open`; -1 when unclosed. */
function closeBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\') i++;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

/**
 * Splits text into blocks: paragraphs are separated by blank lines; Markdown headings (#, or text underlined with
 * === / ---) and LaTeX sectioning commands are blocks of their own. LaTeX comment lines are ignored.
 */
export function splitBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let paragraphStart = -1;
  let paragraphEnd = -1;
  const endParagraph = () => {
    if (paragraphStart >= 0) {
      const raw = text.slice(paragraphStart, paragraphEnd);
      if (raw.trim()) blocks.push({ kind: 'paragraph', text: raw.trim(), start: paragraphStart, end: paragraphEnd });
    }
    paragraphStart = -1;
  };

  let lineStart = 0;
  while (lineStart <= text.length) {
    const nl = text.indexOf('\n', lineStart);
    const lineEnd = nl < 0 ? text.length : nl;
    const line = text.slice(lineStart, lineEnd).replace(/\r$/, '');
    const contentEnd = lineStart + line.length;
    let md: RegExpExecArray | null;
    let latex: RegExpExecArray | null;
    if (!line.trim()) {
      endParagraph();
    } else if (LATEX_COMMENT_LINE.test(line)) {
      // A comment line neither ends nor extends a paragraph.
    } else if ((md = MARKDOWN_HEADING.exec(line))) {
      endParagraph();
      blocks.push({ kind: 'heading', text: md[2].trim(), start: lineStart, end: contentEnd });
    } else if (SETEXT_UNDERLINE.test(line) && paragraphStart >= 0 && !text.slice(paragraphStart, paragraphEnd).includes('\n')) {
      // "Title\n=====": the one-line paragraph above was a heading.
      const title = text.slice(paragraphStart, paragraphEnd).trim();
      blocks.push({ kind: 'heading', text: title, start: paragraphStart, end: contentEnd });
      paragraphStart = -1;
    } else if ((latex = LATEX_HEADING.exec(line))) {
      endParagraph();
      const open = lineStart + latex[0].length - 1;
      const close = closeBrace(text, open);
      const headingEnd = close < 0 ? contentEnd : close;
      blocks.push({ kind: 'heading', text: text.slice(open + 1, Math.max(open + 1, headingEnd - 1)).trim(), start: lineStart + line.search(/\S/), end: headingEnd });
      // Text after the heading on the same line (\paragraph{Title.} Text…) starts a paragraph.
      const restStart = Math.max(headingEnd, lineStart);
      const rest = text.slice(restStart, restStart <= contentEnd ? contentEnd : restStart);
      if (rest.trim()) {
        paragraphStart = restStart + rest.search(/\S/);
        paragraphEnd = contentEnd;
      }
      if (headingEnd > contentEnd) {
        // A title spread over several lines: continue after it.
        const next = text.indexOf('\n', headingEnd);
        const afterTitleLineEnd = next < 0 ? text.length : next;
        const tail = text.slice(headingEnd, afterTitleLineEnd);
        if (tail.trim()) {
          paragraphStart = headingEnd + tail.search(/\S/);
          paragraphEnd = afterTitleLineEnd;
        }
        lineStart = afterTitleLineEnd + 1;
        continue;
      }
    } else {
      if (paragraphStart < 0) paragraphStart = lineStart + line.search(/\S/);
      paragraphEnd = contentEnd;
    }
    if (nl < 0) break;
    lineStart = nl + 1;
  }
  endParagraph();
  return blocks;
}

/** ROUGE-2 F1 with rouge-score semantics, on its own scorer so it does not disturb other callers' buffers. */
export function rouge2F1Metric(options: { stem?: boolean } = {}): BlockMetric {
  const scorer = new RougeScorer();
  return (draftBlock, referenceBlock) =>
    scorer.score(draftBlock, [referenceBlock], { stem: options.stem, types: ['rouge2'] }).rouge2.f;
}

/** BlockMatch from a precomputed score matrix (scores[draft][reference]), e.g. embedding cosines computed async. */
export function matchBlockScores(
  scores: readonly (readonly number[])[],
  draftBlockCount: number,
  referenceBlockCount: number,
): Pick<BlockMatchResult, 'precision' | 'recall' | 'f1' | 'total' | 'pairs'> {
  const { pairs, total } = maxWeightAssignment(scores);
  const precision = draftBlockCount > 0 ? total / draftBlockCount : 0;
  const recall = referenceBlockCount > 0 ? total / referenceBlockCount : 0;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return {
    precision,
    recall,
    f1,
    total,
    pairs: pairs.map(([draft, reference]) => ({ draft, reference, score: scores[draft][reference] })),
  };
}

export function blockMatch(draft: string, reference: string, options: BlockMatchOptions = {}): BlockMatchResult {
  const draftBlocks = splitBlocks(draft);
  const referenceBlocks = splitBlocks(reference);
  const metric = options.metric ?? rouge2F1Metric({ stem: options.stem });
  const prepare = (text: string) =>
    options.stripCitations === false ? text : stripCitationMarkers(text, { language: options.language });
  const draftTexts = draftBlocks.map((b) => prepare(b.text));
  const referenceTexts = referenceBlocks.map((b) => prepare(b.text));
  const scores = draftTexts.map((d) => referenceTexts.map((r) => metric(d, r)));
  return { ...matchBlockScores(scores, draftBlocks.length, referenceBlocks.length), draftBlocks, referenceBlocks };
}
