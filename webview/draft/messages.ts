// What the extension tells the draft panel: its first state, the document's keys, search results, progress, and the
// replies to requests. A reply to a request the author has since replaced (another id) is dropped.
import type { ExtensionToDraft } from '../../src/protocol/webview';
import { h } from '../dom';
import type { DraftContext } from './context';
import { listedKeys, orderBy, rememberKeys, uniq, validState } from './state';

type Message<T extends ExtensionToDraft['type']> = Extract<ExtensionToDraft, { type: T }>;

export function handleMessage(ctx: DraftContext, msg: ExtensionToDraft): void {
  switch (msg.type) {
    case 'init':
      return onInit(ctx, msg);
    case 'documentKeys':
      return onDocumentKeys(ctx, msg);
    case 'searchResults':
      if (msg.query !== ctx.model.searchQuery) return; // an answer to a query the author has since changed
      ctx.model.searchResults = msg.results;
      rememberKeys(ctx.model, msg.results);
      ctx.renderSearchResults();
      return;
    case 'progress':
      return onProgress(ctx, msg);
    case 'draft':
      return onDraft(ctx, msg);
    case 'paragraph':
      return onParagraph(ctx, msg);
    case 'sentence':
      return onSentence(ctx, msg);
    case 'cancelled':
      if (msg.requestId !== ctx.model.pending?.id) return;
      ctx.endPending();
      ctx.showNotice('Generation cancelled.');
      return;
    case 'inserted':
      ctx.showNotice(`Inserted ${msg.where}.`);
      return;
    case 'error':
      // An error that completes another (stale) request is not this one's; an error about no request always shows.
      if (msg.requestId !== undefined && msg.requestId !== ctx.model.pending?.id) return;
      if (msg.requestId !== undefined) ctx.endPending();
      ctx.showError(msg.message);
      return;
  }
}

function onInit(ctx: DraftContext, msg: Message<'init'>): void {
  const { model } = ctx;
  model.engines = msg.engines.slice();
  model.documentKeys = msg.documentKeys.slice();
  model.scope = msg.scope;
  rememberKeys(model, model.documentKeys);
  ctx.renderGroups(msg.groups ?? []);
  // The webview's own state is newer than the workspace copy when both exist (the view was only hidden).
  const incoming = validState(msg.state);
  if (!model.restored && incoming) {
    model.panel = incoming;
  } else if (!model.restored && !incoming) {
    // A fresh panel starts with the current document's citations ticked.
    model.panel.keys = model.documentKeys.filter((o) => o.known).map((o) => o.key);
  }
  // Restored keys the document does not cite were added by hand earlier.
  for (const k of model.panel.keys) {
    if (!model.documentKeys.some((o) => o.key === k) && !model.addedKeys.includes(k)) model.addedKeys.push(k);
  }
  if (!model.engines.includes(model.panel.settings.engine)) model.panel.settings = { ...model.panel.settings, engine: model.engines[0] ?? '' };
  ctx.api.setState(model.panel);
  ctx.renderSettings();
  ctx.renderKeys();
  ctx.renderDraft();
  ctx.renderActions();
}

function onDocumentKeys(ctx: DraftContext, msg: Message<'documentKeys'>): void {
  const { model } = ctx;
  // The document's cites replace the previous document's; keys added by hand stay.
  const previousDocument = new Set(model.documentKeys.map((o) => o.key));
  model.documentKeys = msg.keys.slice();
  model.scope = msg.scope;
  rememberKeys(model, model.documentKeys);
  const manual = model.panel.keys.filter((k) => model.addedKeys.includes(k) || !previousDocument.has(k));
  model.panel.keys = orderBy(uniq([...model.documentKeys.filter((o) => o.known).map((o) => o.key), ...manual]), listedKeys(model));
  ctx.persist();
  ctx.renderKeys();
  ctx.renderSearchResults();
  ctx.renderActions();
}

function onProgress(ctx: DraftContext, msg: Message<'progress'>): void {
  const { model, el } = ctx;
  // A draft the extension started itself (the Draft Related Work command) is adopted as the pending request.
  if (!model.pending) model.pending = { id: msg.requestId, kind: 'generate' };
  if (msg.requestId !== model.pending.id) return;
  if (msg.sentence) {
    // A sentence written and checked: shown at once, the count and message stay as they were.
    el.streamedList.append(h('li', { 'data-testid': `streamed-${msg.sentence.key}` }, h('code', {}, msg.sentence.key), ' ', msg.sentence.text));
    el.streamedList.hidden = false;
    return;
  }
  model.progress = { done: msg.done, total: msg.total, message: msg.message };
  ctx.renderActions();
}

function onDraft(ctx: DraftContext, msg: Message<'draft'>): void {
  const { model } = ctx;
  // A full draft the extension started itself replaces whatever the panel showed; any other stale reply is dropped.
  if (model.pending && msg.requestId !== model.pending.id) return;
  model.panel.draft = msg.draft;
  // The engine that wrote the draft is the one the panel regenerates with (Draft Related Work uses the engine
  // of the settings, which the panel's own choice may not be).
  if (model.engines.includes(msg.draft.engine) && model.panel.settings.engine !== msg.draft.engine) {
    model.panel.settings = { ...model.panel.settings, engine: msg.draft.engine };
    ctx.renderSettings();
  }
  ctx.endPending();
  ctx.persist();
  ctx.renderDraft();
}

function onParagraph(ctx: DraftContext, msg: Message<'paragraph'>): void {
  if (msg.requestId !== ctx.model.pending?.id) return;
  const draft = ctx.model.panel.draft;
  if (!draft || msg.paragraph >= draft.paragraphs.length) return;
  draft.paragraphs[msg.paragraph] = msg.value;
  ctx.endPending();
  ctx.persist();
  ctx.el.draftBox.querySelector(`[data-testid="paragraph-${msg.paragraph}"]`)?.replaceWith(ctx.renderParagraph(msg.value, msg.paragraph));
  ctx.renderStats();
  ctx.renderActions();
}

function onSentence(ctx: DraftContext, msg: Message<'sentence'>): void {
  if (msg.requestId !== ctx.model.pending?.id) return;
  const paragraph = ctx.model.panel.draft?.paragraphs[msg.paragraph];
  if (!paragraph || msg.sentence >= paragraph.sentences.length) return;
  paragraph.sentences[msg.sentence] = msg.value;
  ctx.endPending();
  ctx.persist();
  ctx.el.draftBox
    .querySelector(`[data-testid="sentence-${msg.paragraph}-${msg.sentence}"]`)
    ?.replaceWith(ctx.renderSentence(msg.value, msg.paragraph, msg.sentence));
  ctx.renderStats();
  ctx.renderActions();
}
