// What the ONNX and server engines share: turning one raw model sentence into a checked citation sentence with
// provenance, and assembling drafts for many keys from those sentences.
import type {
  CitationRequest,
  CitationSentence,
  CiteSyntax,
  Draft,
  DraftParagraph,
  DraftRequest,
  DraftSentence,
  EmbedTexts,
  Engine,
  EngineOptions,
  PaperLookup,
  PaperRecord,
  SourceSentence,
} from '../types';
import { throwIfCancelled } from '../types';
import { splitSentences } from '../text/sentences';
import { headlineCase } from '../text/titles';
import { contentTerms, cosine } from '../text/tokens';
import { plainText } from '../text/plain';
import {
  citationForDocument,
  clusterWorks,
  contrastAgainst,
  type ContrastGroup,
  draftForDocument,
  formatForSyntax,
  groupKeyphrases,
  planningText,
  planVectors,
  renderDraft,
  termVectors,
  topicGroupCount,
  WORDS_PER_WORK_DEFAULT,
} from '../drafting';
import { DEFAULT_CITATION_TENSE, firstPersonPlural, TITLE_ONLY_FLAG, titleOnlySentence, workSubject } from '../rewrite';
import { checkCitations, firstSentence, inCitationSyntax, toCitationStyle } from './output-check';
import { boundedRecord, capLongTokens } from '../text/long-tokens';
import { alternation, SELF_NOUNS } from '../lexicon';
import { paperSource, type ChatMessage, type PaperSource } from './prompts';
import { writeParagraphs } from './paragraph-writer';
import { checkLibraryOf } from './paragraph-check';
import { MODEL_PLAN_ABOVE, proposeModelPlan } from './model-plan';
import { DefaultEngine } from '../engines/default-engine';

/** The author's own contribution sentence ("In this thesis, we …", "Our model …"): what a contrast sets apart. A single author's "I" is read as "we" first. */
const OWN_CONTRIBUTION_OPENING = new RegExp(String.raw`^(?:(?:here|in this (?:${alternation(SELF_NOUNS)})),?\s+)?(?:we|our|this (?:${alternation(SELF_NOUNS)}))\b`, 'i');

export interface RawSentence {
  text: string;
  /** Extra visible notes (e.g. output cut at the length limit), added to the sentence's flags. */
  notes?: string[];
}

/** The source sentence sharing most content terms with `text` (the neural output's nearest provenance). */
function nearestSource(text: string, sentences: readonly SourceSentence[]): SourceSentence | undefined {
  const terms = new Set(contentTerms(text));
  if (terms.size === 0) return undefined;
  let best: SourceSentence | undefined;
  let bestScore = 0;
  for (const s of sentences) {
    const st = new Set(contentTerms(s.text));
    if (st.size === 0) continue;
    let shared = 0;
    for (const t of st) if (terms.has(t)) shared++;
    const score = shared / Math.sqrt(st.size * terms.size);
    if (score > bestScore) {
      bestScore = score;
      best = s;
    }
  }
  return bestScore >= 0.2 ? best : undefined;
}

export class UnknownKeyError extends Error {
  constructor(readonly key: string) {
    super(`Unknown citation key '${key}': it is not in the library.`);
    this.name = 'UnknownKeyError';
  }
}

/**
 * The paper without the sentences already written from (regenerating): the model is given the rest of its abstract
 * or PDF text, so that it writes about something else. Unchanged when nothing would be left.
 */
function withoutSentences(paper: PaperRecord, avoid: readonly string[] | undefined): { paper: PaperRecord; source: PaperSource } {
  const whole = { paper, source: paperSource(paper) };
  if (!avoid?.length) return whole;
  const skip = new Set(avoid.map((s) => s.trim()));
  const keep = (s: { text: string }) => !skip.has(s.text.trim());
  const abstract = paper.abstract?.trim() ? splitSentences(paper.abstract) : [];
  const reduced: PaperRecord = {
    ...paper,
    abstract: abstract.length ? abstract.filter((text) => keep({ text })).join(' ') : paper.abstract,
    sections: paper.sections?.map((section) => ({ ...section, sentences: section.sentences.filter(keep) })),
  };
  const source = paperSource(reduced);
  return source.titleOnly && !whole.source.titleOnly ? whole : { paper: reduced, source };
}

/** Base for engines whose model writes one sentence per work (ONNX summarisers/LLMs, OpenAI-compatible servers). */
export abstract class SentenceWriterEngine implements Engine {
  abstract readonly id: string;
  /** How many works a draft writes at once. */
  protected draftConcurrency = 1;
  /** A sentence encoder that plans drafts (citescribe.embeddings.path); TF-IDF without one. */
  embed?: EmbedTexts;

  /** Frees what the engine loaded (the embedding model here; subclasses add their own). */
  async dispose(): Promise<void> {
    await this.embed?.dispose?.();
  }

  /** The model's raw sentence for one work (before any citation checks). */
  protected abstract writeRaw(
    paper: PaperRecord,
    source: PaperSource,
    req: CitationRequest,
    options: EngineOptions,
  ): Promise<RawSentence>;

  async citationSentence(req: CitationRequest, library: PaperLookup, options: EngineOptions = {}): Promise<CitationSentence> {
    return citationForDocument(await this.plainCitationSentence(req, library, options), req.format ?? formatForSyntax(req.syntax));
  }

  /** The sentence as plain text with its citation marker; the draft escapes whole paragraphs at the end. */
  private async plainCitationSentence(req: CitationRequest, library: PaperLookup, options: EngineOptions): Promise<CitationSentence> {
    throwIfCancelled(options.signal);
    const stored = library.getPaper(req.key);
    if (!stored) throw new UnknownKeyError(req.key);
    // The work's text and the model's reply are outside text: no word longer than MAX_TOKEN_CHARS reaches a pattern.
    const found = boundedRecord(stored);
    const { paper, source } = withoutSentences(found, req.avoidSources);
    let raw = await this.writeRaw(paper, source, req, options);
    raw = { ...raw, text: capLongTokens(raw.text) };
    throwIfCancelled(options.signal);
    if (checkCitations(firstSentence(raw.text), [paper.key], paper.authors).dropped) {
      // The answer compared the work with one the model invented: nothing of it can be kept. Ask once more; a second
      // such answer ends as the title sentence, flagged.
      const again = await this.writeRaw(paper, source, req, options);
      throwIfCancelled(options.signal);
      raw = { ...again, text: capLongTokens(again.text), notes: [...(again.notes ?? []), `asked again: the first answer compared the work with an invented citation ('${firstSentence(raw.text)}')`] };
    }
    return this.finish(paper, source, req, raw);
  }

  /** Output check + citation style + provenance for one raw model sentence. */
  protected finish(paper: PaperRecord, source: PaperSource, req: CitationRequest, raw: RawSentence): CitationSentence {
    const flags: string[] = [...(raw.notes ?? [])];
    if (source.titleOnly) flags.push(TITLE_ONLY_FLAG);
    const checked = checkCitations(firstSentence(raw.text), [paper.key], paper.authors);
    for (const r of checked.removed) flags.push(`removed invented ${r}`);
    // The same default as the default engine, so that a draft reads alike whichever engine wrote it.
    const tense = req.tense ?? DEFAULT_CITATION_TENSE;
    let text = toCitationStyle(checked.text, paper, req.style, req.syntax, tense);
    if (!/[\p{L}\p{N}]{3}/u.test(text.replace(/\\\w+\{[^}]*\}/g, ''))) {
      // Nothing usable came back: say what the work is called rather than invent anything, in the default engine's
      // words (“Title” in typographic quotes: a straight " prints as a closing quote in LaTeX).
      text = titleOnlySentence(paper, plainText(paper.title ?? ''), req.style, req.syntax, tense).text;
      flags.push('model output empty: title used');
    }
    // Re-check after styling: only the requested key may remain, whatever the model wrote; and it is written as the
    // document cites (a \cite{k} in a Markdown draft is [@k]).
    const final = checkCitations(inCitationSyntax(text, [paper.key], req.syntax), [paper.key], paper.authors);
    const nearest = source.titleOnly ? source.sentences[0] : nearestSource(final.text, source.sentences);
    return {
      key: paper.key,
      text: final.text,
      spans: [{ text: final.text, source: nearest }],
      grounded: !source.titleOnly,
      flags,
      engine: this.id,
    };
  }

  /**
   * The model's whole reply to a paragraph prompt. Engines that can hold a conversation (a server, vscode.lm, a GGUF
   * session) define it, and their drafts are written paragraph by paragraph to our plan; a summariser writes one
   * sentence per work.
   */
  protected chatParagraph?(messages: ChatMessage[], signal?: AbortSignal): Promise<RawSentence>;

  /** Whether a paragraph prompt fits the model's context (characters, as the sentence prompts are fitted). */
  protected paragraphPromptFits(messages: ChatMessage[]): boolean {
    return messages.reduce((n, m) => n + m.content.length, 0) <= 12000;
  }

  async draft(req: DraftRequest, library: PaperLookup, options: EngineOptions = {}): Promise<Draft> {
    if (this.chatParagraph) return this.draftByParagraphs(req, library, options);
    return this.draftBySentences(req, library, options);
  }

  /**
   * Plan, then write: the planner's paragraphs (groups of works, their order, their subject) are the plan; the model
   * writes each paragraph citing its works by placeholder, and we verify and put the citations in (paragraph-writer).
   */
  private async draftByParagraphs(req: DraftRequest, library: PaperLookup, options: EngineOptions): Promise<Draft> {
    const known: PaperRecord[] = [];
    const unknownKeys: string[] = [];
    const requested = req.plan ? req.plan.flatMap((p) => p.keys) : req.keys;
    for (const key of [...new Set(requested.map((k) => k.trim()).filter(Boolean))]) {
      const paper = library.getPaper(key);
      if (paper) known.push(paper);
      else unknownKeys.push(key);
    }
    const format = req.format ?? 'latex';
    const syntax: CiteSyntax = req.syntax ?? (format === 'markdown' ? 'pandoc' : 'cite');
    const { plan, notes } = req.plan
      ? { plan: req.plan.map((p) => ({ papers: p.keys.flatMap((k) => known.filter((w) => w.key === k.trim())), subject: p.subject })), notes: [] }
      : await this.paragraphPlan(known, req, options.signal);
    const headed = req.subsections && plan.length > 1;
    const headingOf = (index: number) => (headed ? headlineCase(plan[index].subject ?? `Topic ${index + 1}`) : undefined);
    const fallbackEngine = new DefaultEngine();
    const written = await writeParagraphs({
      plan,
      syntax,
      ownAbstract: req.ownAbstract,
      targetWords: req.targetWords,
      chat: (messages, signal) => this.chatParagraph!(messages, signal),
      fits: (messages) => this.paragraphPromptFits(messages),
      fallback: async (paper) => {
        const s = await fallbackEngine.citationSentence(
          { key: paper.key, style: 'citation', syntax, tense: req.tense, ownAbstract: req.ownAbstract, format: 'plain' },
          library,
          { signal: options.signal },
        );
        return { text: s.text, keys: [paper.key], sources: s.spans.flatMap((sp) => (sp.source ? [sp.source] : [])), role: 'work' };
      },
      library: checkLibraryOf(library),
      onlyParagraph: req.onlyParagraph,
      signal: options.signal,
      progress: options.progress,
      onParagraph: (paragraph, index) => {
        const one = draftForDocument({ text: '', paragraphs: [{ ...paragraph, heading: headingOf(index) }], citedKeys: [], unknownKeys: [], engine: this.id }, format);
        options.onParagraph?.(one.paragraphs[0], index, one.text);
      },
    });
    const indices = req.onlyParagraph === undefined ? plan.map((_, i) => i) : [req.onlyParagraph];
    const paragraphs = written.paragraphs.map((p, i) => ({ ...p, heading: headingOf(indices[i]) }));
    const draft: Draft = {
      text: renderDraft(paragraphs, format),
      paragraphs,
      citedKeys: paragraphs.flatMap((p) => p.keys),
      unknownKeys,
      engine: this.id,
      flags: [...notes, ...written.flags],
    };
    return draftForDocument(draft, format);
  }

  /**
   * The paragraphs to write: for a long list (more than MODEL_PLAN_ABOVE works) the model's grouping when it passes
   * every check (model-plan.ts), else our planner's, with a note saying why the model's was not used.
   */
  private async paragraphPlan(known: PaperRecord[], req: DraftRequest, signal?: AbortSignal): Promise<{ plan: { papers: PaperRecord[]; subject?: string }[]; notes: string[] }> {
    const ours = async () => orderAsTheDefaultDraft(await planParagraphs(known, req, this.embed, signal), req).map((g) => ({ papers: g.papers, subject: g.keyphrase }));
    if (known.length <= MODEL_PLAN_ABOVE) return { plan: await ours(), notes: [] };
    const proposal = await proposeModelPlan({
      papers: known,
      groups: topicGroupCount(known.length, req.targetWords ?? 35 * known.length, req.subsections),
      ownAbstract: req.ownAbstract,
      chat: (messages, s) => this.chatParagraph!(messages, s),
      fits: (messages) => this.paragraphPromptFits(messages),
      signal,
    });
    if (proposal.ok) return { plan: proposal.groups.map((g) => ({ papers: g.papers, subject: g.name })), notes: [] };
    return { plan: await ours(), notes: [`plan: the model's grouping was not used (${proposal.reason}); the works are grouped by our planner`] };
  }

  /** One model sentence per work, wrapped in the default engine's grouping and contrast (engines that cannot chat). */
  private async draftBySentences(req: DraftRequest, library: PaperLookup, options: EngineOptions): Promise<Draft> {
    const known: PaperRecord[] = [];
    const unknownKeys: string[] = [];
    for (const key of [...new Set(req.keys.map((k) => k.trim()).filter(Boolean))]) {
      const paper = library.getPaper(key);
      if (paper) known.push(boundedRecord(paper));
      else unknownKeys.push(key);
    }
    const syntax: CiteSyntax = req.syntax ?? (req.format === 'markdown' ? 'pandoc' : 'cite');
    const sentences = new Map<string, CitationSentence>();
    let next = 0;
    let done = 0;
    // A local model runs one work at a time; a server may take several requests at once.
    const worker = async () => {
      while (next < known.length) {
        const paper = known[next++];
        throwIfCancelled(options.signal);
        options.progress?.report(done, known.length, `Writing about ${paper.key}`);
        const sentence = await this.plainCitationSentence(
          { key: paper.key, style: 'citation', syntax, ownAbstract: req.ownAbstract, tense: req.tense },
          library,
          { signal: options.signal },
        );
        sentences.set(paper.key, sentence);
        options.onSentence?.(paper.key, sentence.text);
        done++;
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(this.draftConcurrency, known.length)) }, worker));
    options.progress?.report(known.length, known.length, 'Draft assembled');
    const groups = await planParagraphs(known, req, this.embed, options.signal);
    const paragraphs = groups.map<DraftParagraph>((group, gi) => {
      const written: DraftSentence[] = group.papers.map((p) => {
        const s = sentences.get(p.key)!;
        return { text: s.text, keys: [p.key], sources: s.spans.flatMap((sp) => (sp.source ? [sp.source] : [])), role: 'work' };
      });
      // The default engine's contrast stage: set against the group only where a difference can be stated.
      const lone = group.papers.length === 1 ? group.papers[0] : undefined;
      const against: ContrastGroup = { texts: group.texts, sharedPhrase: lone ? undefined : group.sharedPhrase, lone: lone && { subject: workSubject(lone, syntax).text, key: lone.key } };
      const contrast = group.contrasts.map((c) => contrastAgainst(against, gi, c.text, c.index)).find((c) => c !== undefined);
      if (contrast) written.push(contrast);
      return {
        // One group gets no heading: a lone subsection divides nothing.
        heading: req.subsections && groups.length > 1 ? headlineCase(group.keyphrase ?? `Topic ${gi + 1}`) : undefined,
        keys: group.papers.map((p) => p.key),
        sentences: written,
      };
    });
    const draft: Draft = {
      text: renderDraft(paragraphs, req.format),
      paragraphs,
      citedKeys: known.map((p) => p.key),
      unknownKeys,
      engine: this.id,
    };
    return draftForDocument(draft, req.format);
  }
}

/**
 * The default engine's order (drafting/write.ts): paragraphs closest to the author's abstract last, next to where the
 * paper's own contribution is stated; within a paragraph, the works closest to it first, or the oldest first with
 * `workOrder: 'year'`. Without an own abstract the planner's order stays (larger paragraphs first, works by year).
 */
export function orderAsTheDefaultDraft(groups: ParagraphPlan[], req: Pick<DraftRequest, 'ownAbstract' | 'workOrder'>): ParagraphPlan[] {
  const own = req.ownAbstract ? plainText(req.ownAbstract) : '';
  if (!own) return groups;
  const papers = groups.flatMap((g) => g.papers);
  // The default draft's TF-IDF closeness to the author's abstract (its ownSimilarity without a sentence encoder).
  const { vectors, own: ownVector } = termVectors(papers.map((p) => planningText(p)), own);
  const closeness = new Map(papers.map((p, i) => [p, cosine(vectors[i], ownVector!)]));
  const byYear = (a: PaperRecord, b: PaperRecord) => (a.year ?? 9999) - (b.year ?? 9999);
  const ordered = groups.map((g) => {
    const order = g.papers.map((p, i) => ({ p, i })).sort((a, b) => (req.workOrder === 'year' ? byYear(a.p, b.p) : closeness.get(b.p)! - closeness.get(a.p)! || byYear(a.p, b.p)) || a.i - b.i);
    return { ...g, papers: order.map((o) => o.p), texts: order.map((o) => g.texts[o.i]) };
  });
  const mean = (g: ParagraphPlan) => g.papers.reduce((n, p) => n + closeness.get(p)!, 0) / g.papers.length;
  return ordered.map((g, i) => ({ g, i, m: mean(g) })).sort((a, b) => a.m - b.m || a.i - b.i).map((x) => x.g);
}

interface ParagraphPlan {
  papers: PaperRecord[];
  keyphrase?: string;
  /** What each of its works says of itself (title and abstract, or PDF text), as the contrast compares it. */
  texts: string[];
  /** A phrase at least two of its works write (no phrase: no contrast with the group as a whole). */
  sharedPhrase?: string;
  /** The author's contribution sentences, in the order this group tries them for its contrast. */
  contrasts: SourceSentence[];
}

/**
 * Topic groups with the default engine's planner pieces (TF-IDF over title + abstract or the linked PDF's text, or
 * their embeddings when a sentence encoder is given; Ward clustering, keyphrase headings, contrast sentences from the
 * author's abstract); the model writes the sentence of each work. Groups are ordered larger first; works within a
 * group by year.
 */
export async function planParagraphs(
  papers: readonly PaperRecord[],
  req: Pick<DraftRequest, 'targetWords' | 'ownAbstract' | 'subsections'>,
  embed?: EmbedTexts,
  signal?: AbortSignal,
): Promise<ParagraphPlan[]> {
  if (papers.length === 0) return [];
  const texts = papers.map((p) => planningText(p));
  // The default draft's plan vectors, without the author's abstract: the groups are ordered by size here.
  const tfidf = termVectors(texts, '');
  const { vectors } = await planVectors(texts, tfidf.termLists, '', { vectors: tfidf.vectors }, embed, signal);
  const targetWords = req.targetWords ?? WORDS_PER_WORK_DEFAULT * papers.length;
  const clusters = clusterWorks(vectors, topicGroupCount(papers.length, targetWords, req.subsections)).sort((a, b) => b.length - a.length || a[0] - b[0]);
  const own = req.ownAbstract
    ? splitSentences(req.ownAbstract)
        .map<SourceSentence>((text, index) => ({ text, section: 'abstract', index }))
        // A single author's "I propose …" is a contribution sentence too.
        .filter((s) => OWN_CONTRIBUTION_OPENING.test(firstPersonPlural(s.text)))
    : [];
  return clusters.map((members, gi) => ({
    papers: members
      .map((i) => papers[i])
      .sort((a, b) => (a.year ?? 9999) - (b.year ?? 9999) || papers.indexOf(a) - papers.indexOf(b)),
    keyphrase: groupKeyphrases(
      members.map((i) => texts[i]),
      texts.filter((_, i) => !members.includes(i)),
      (t) => tfidf.model.idf(t),
      1,
      members.map((i) => papers[i].title),
      papers.flatMap((p, i) => (members.includes(i) ? [] : [p.title])),
    )[0],
    texts: members.map((i) => texts[i]),
    // Asked only where a contrast with the group as a whole can be written: the author has sentences, the group works.
    sharedPhrase: !own.length || members.length < 2 ? undefined : groupKeyphrases(
      members.map((i) => texts[i]),
      texts.filter((_, i) => !members.includes(i)),
      (t) => tfidf.model.idf(t),
      1,
      members.map((i) => papers[i].title),
      papers.flatMap((p, i) => (members.includes(i) ? [] : [p.title])),
      undefined,
      2,
    )[0],
    // Each group starts from another of the author's sentences, so that two groups do not repeat one contrast.
    contrasts: own.map((_, k) => own[(gi + k) % own.length]),
  }));
}

