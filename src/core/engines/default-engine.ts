// The default engine: model-free (a small shipped linear scorer), offline, milliseconds per sentence.
import type { CitationRequest, CitationSentence, Draft, DraftRequest, EmbedTexts, Engine, EngineOptions, PaperLookup } from '../types';
import { throwIfCancelled } from '../types';
import shippedModel from '../../../resources/models/sentence-scorer.json';
import { writeCitationSentence } from '../engine/citation';
import { citationForDocument, draftForDocument, formatForSyntax } from '../drafting/document-text';
import { writeDraft } from '../drafting';
import { LinearScorer, type LinearModel } from '../engine/scorer';

export const DEFAULT_ENGINE_ID = 'default';

export class DefaultEngine implements Engine {
  readonly id = DEFAULT_ENGINE_ID;
  private readonly scorer: LinearScorer;

  /** A sentence encoder for planning drafts (`citescribe.embeddings.path`); without one, TF-IDF plans them. */
  readonly embed: EmbedTexts | undefined;

  constructor(model: LinearModel = shippedModel as LinearModel, options: { embed?: EmbedTexts } = {}) {
    this.scorer = new LinearScorer(model);
    this.embed = options.embed;
  }

  /** Frees the embedding model, if one was loaded. */
  async dispose(): Promise<void> {
    await this.embed?.dispose?.();
  }

  /** The linear model in use (the shipped one unless another was passed). */
  get scorerModel(): LinearModel {
    return this.scorer.model;
  }

  async citationSentence(req: CitationRequest, library: PaperLookup, options?: EngineOptions): Promise<CitationSentence> {
    throwIfCancelled(options?.signal);
    const record = library.getPaper(req.key);
    if (!record) throw new Error(`unknown key '${req.key}': not in the library`);
    const sentence = writeCitationSentence(record, this.scorer, { style: req.style, syntax: req.syntax, ownAbstract: req.ownAbstract, tense: req.tense, avoidSources: req.avoidSources });
    return citationForDocument(sentence, req.format ?? formatForSyntax(req.syntax));
  }

  async draft(req: DraftRequest, library: PaperLookup, options?: EngineOptions): Promise<Draft> {
    return draftForDocument(await writeDraft(req, { library, scorer: this.scorer, options, embed: this.embed }), req.format);
  }
}
