// An engine over any chat function that streams text: the extension passes one that talks to a chat model VS Code
// offers (vscode.lm), so the core stays free of `vscode`. Same prompt, same output checks, same one-sentence reading
// as the server engine: fragments are read until the first sentence is complete, then the request is cancelled.
import type { CitationRequest, EngineOptions, PaperRecord } from '../types';
import { throwIfCancelled } from '../types';
import { endsMidSentence, firstSentenceComplete } from './stream';
import { chatMessages, type ChatMessage, type PaperSource } from './prompts';
import { SentenceWriterEngine, type RawSentence } from './writer-engine';

/** Streams the reply to `messages` as text fragments; stops when `signal` aborts. */
export type ChatGenerate = (messages: ChatMessage[], signal: AbortSignal) => AsyncIterable<string>;

interface ChatEngineOptions {
  /** Characters of prompt (abstract, PDF sections) the model is given at most. Default 12,000. */
  maxPromptChars?: number;
  /** Characters of reply read at most (a model that never ends a sentence). Default 1,536 (96 tokens). */
  maxReplyChars?: number;
  /** Characters of a paragraph's reply read at most. Default 6,000. */
  maxParagraphChars?: number;
  /** Works written at once in a draft. Default 2. */
  concurrency?: number;
}

export class ChatFunctionEngine extends SentenceWriterEngine {
  constructor(
    readonly id: string,
    private readonly generate: ChatGenerate,
    private readonly options: ChatEngineOptions = {},
  ) {
    super();
    this.draftConcurrency = Math.max(1, options.concurrency ?? 2);
  }

  /** A paragraph of a draft: the reply is read to its end (or the paragraph limit), not only to its first sentence. */
  protected override async chatParagraph(messages: ChatMessage[], signal?: AbortSignal): Promise<RawSentence> {
    const maxChars = this.options.maxParagraphChars ?? 6000;
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    let text = '';
    let cut = false;
    try {
      for await (const fragment of this.generate(messages, controller.signal)) {
        throwIfCancelled(signal);
        text += fragment;
        if (text.length > maxChars) {
          cut = true;
          break;
        }
      }
    } finally {
      controller.abort();
      signal?.removeEventListener('abort', onAbort);
    }
    throwIfCancelled(signal);
    const answer = text.replace(/<think>[\s\S]*?<\/think>/g, '').trim().slice(0, maxChars);
    return { text: answer, ...(cut ? { notes: [`the reply was cut short: it passed ${maxChars} characters`] } : {}) };
  }

  protected override paragraphPromptFits(messages: ChatMessage[]): boolean {
    return messages.reduce((n, m) => n + m.content.length, 0) <= (this.options.maxPromptChars ?? 12000);
  }

  protected async writeRaw(paper: PaperRecord, _source: PaperSource, req: CitationRequest, options: EngineOptions): Promise<RawSentence> {
    const limit = this.options.maxPromptChars ?? 12000;
    const messages = chatMessages(paper, req.style, (m) => m.reduce((n, x) => n + x.content.length, 0) <= limit, req.ownAbstract);
    const maxChars = this.options.maxReplyChars ?? 1536;
    // Our own controller: reading stops at the first sentence, which cancels the model's request too.
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    let text = '';
    let complete = false;
    try {
      for await (const fragment of this.generate(messages, controller.signal)) {
        throwIfCancelled(options.signal);
        text += fragment;
        if (firstSentenceComplete(text)) {
          complete = true;
          break;
        }
        if (text.length > maxChars) break;
      }
    } finally {
      controller.abort();
      options.signal?.removeEventListener('abort', onAbort);
    }
    throwIfCancelled(options.signal);
    const answer = text.replace(/<think>[\s\S]*?<\/think>/g, '').trim().slice(0, maxChars);
    return { text: answer, ...(!complete && endsMidSentence(answer) ? { notes: ['the reply stopped mid-sentence'] } : {}) };
  }
}
