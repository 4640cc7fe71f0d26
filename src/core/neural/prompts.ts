// What the neural models are given for one work: the abstract for seq2seq summarisers (CiteSum/CITES style), and
// a chat prompt with the abstract (plus PDF sections while they fit) for instruction LLMs.
import type { CitationStyle, PaperRecord, PaperSection, SourceSentence } from '../types';
import { splitSentences } from '../text/sentences';

export interface PaperSource {
  /** The text the model summarises. */
  text: string;
  /** The sentences it consists of, for provenance. */
  sentences: SourceSentence[];
  /** Only the title was available: the result must be flagged 'ungrounded: title only'. */
  titleOnly: boolean;
}

const SECTION_PRIORITY: PaperSection['kind'][] = ['introduction', 'conclusion', 'method', 'experiments', 'other'];

/** The abstract when there is one; else the PDF's introduction/conclusion; else only the title. */
export function paperSource(paper: PaperRecord): PaperSource {
  if (paper.abstract?.trim()) {
    const sentences = splitSentences(paper.abstract).map<SourceSentence>((text, index) => ({ text, section: 'abstract', index }));
    return { text: sentences.map((s) => s.text).join(' '), sentences, titleOnly: false };
  }
  const fromPdf = pdfSentences(paper, 12);
  if (fromPdf.length) return { text: fromPdf.map((s) => s.text).join(' '), sentences: fromPdf, titleOnly: false };
  const title: SourceSentence = { text: paper.title, section: 'title', index: 0 };
  return { text: paper.title, sentences: [title], titleOnly: true };
}

/** Sentences of the linked PDF in a useful order (abstract section, introduction, conclusion, …), at most `limit`. */
export function pdfSentences(paper: PaperRecord, limit: number): SourceSentence[] {
  const sections = paper.sections ?? [];
  const ordered = [
    ...sections.filter((s) => s.kind === 'abstract'),
    ...SECTION_PRIORITY.flatMap((kind) => sections.filter((s) => s.kind === kind)),
  ];
  const out: SourceSentence[] = [];
  for (const s of ordered) {
    for (const sentence of s.sentences) {
      if (out.length >= limit) return out;
      out.push(sentence);
    }
  }
  return out;
}

const SYSTEM_PROMPT =
  'You write single sentences for the related-work section of a scientific paper. You only use the information given. ' +
  'You never mention or cite any other paper.';

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

/**
 * The instruction for an LLM: title, abstract, and PDF sentences added only while `fits(prompt)` holds.
 * The paper is called REF in the answer so that the citation is inserted by us, never written by the model.
 */
export function chatMessages(
  paper: PaperRecord,
  style: CitationStyle,
  fits: (messages: ChatMessage[]) => boolean,
  ownAbstract?: string,
): ChatMessage[] {
  const source = paperSource(paper);
  const instruction =
    style === 'tldr'
      ? 'Write ONE sentence (at most 35 words) that states the main contribution of this paper. Start with "This paper". Answer with the sentence only.'
      : 'Write ONE sentence (at most 35 words) describing what this paper does, as it would appear in the related-work section of another paper. ' +
        'Refer to this paper as REF (for example "REF propose …"). Do not name any other work, author or citation. Answer with the sentence only.';
  const head = [`Title: ${paper.title}`];
  if (paper.year) head.push(`Year: ${paper.year}`);
  const body = source.titleOnly ? [] : [`Abstract: ${source.text}`];
  const contrast = ownAbstract ? [`(The citing paper is about: ${ownAbstract.slice(0, 600)})`] : [];
  const build = (extra: string[]): ChatMessage[] => [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: [...head, ...body, ...extra, ...contrast, '', instruction].join('\n') },
  ];
  let messages = build([]);
  if (!fits(messages)) {
    // Even the abstract does not fit: shorten it sentence by sentence.
    const sentences = source.sentences.map((s) => s.text);
    while (sentences.length > 1 && !fits(messages)) {
      sentences.pop();
      body[0] = `Abstract: ${sentences.join(' ')}`;
      messages = build([]);
    }
    return messages;
  }
  // PDF sections are added while they fit (the abstract came from the .bib; the PDF adds detail).
  if (paper.abstract && paper.sections?.length) {
    const added: string[] = [];
    for (const s of pdfSentences(paper, 60)) {
      const trial = build([`From the paper: ${[...added, s.text].join(' ')}`]);
      if (!fits(trial)) break;
      added.push(s.text);
      messages = trial;
    }
  }
  return messages;
}

/** CiteSum's decoder prompt: a TLDR starts "This paper"; a citation sentence is left to the model (REF). */
export function forcedPrefixFor(style: CitationStyle): string | undefined {
  return style === 'tldr' ? 'This paper' : undefined;
}
