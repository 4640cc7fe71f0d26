// Requests to the extension that take time (generate, regenerate a paragraph or a sentence, cancel): the one in
// flight, its progress, the buttons it disables, and the error or notice it ends with.
import type { DraftSettings } from '../../src/protocol/webview';
import { h, replaceChildren } from '../dom';
import type { DraftContext } from './context';
import type { Pending } from './state';

function startPending(ctx: DraftContext, p: Pending, message: string): void {
  const { model, el } = ctx;
  replaceChildren(el.streamedList);
  el.streamedList.hidden = true;
  model.pending = p;
  model.cancelling = false;
  model.progress = { done: 0, total: 0, message };
  showError(ctx, undefined);
  showNotice(ctx, undefined);
  renderActions(ctx);
  ctx.markPendingTargets();
}

export function endPending(ctx: DraftContext): void {
  const { model, el } = ctx;
  replaceChildren(el.streamedList);
  el.streamedList.hidden = true;
  model.pending = undefined;
  model.progress = undefined;
  model.cancelling = false;
  renderActions(ctx);
  ctx.markPendingTargets();
}

/** Generate, the progress box and the draft's own buttons, as the selection and the request in flight allow. */
export function renderActions(ctx: DraftContext): void {
  const { model, el } = ctx;
  const { pending, progress, cancelling } = model;
  const noKeys = model.panel.keys.length === 0;
  el.generateButton.disabled = noKeys || pending !== undefined;
  el.generateButton.title = noKeys ? 'Select at least one key to cite' : '';
  el.progressBox.hidden = pending === undefined;
  if (progress) {
    const determinate = progress.total > 0;
    el.progressBar.indeterminate = !determinate;
    el.progressBar.max = determinate ? progress.total : 100;
    el.progressBar.value = determinate ? progress.done : undefined;
    const count = determinate ? ` ${progress.done}/${progress.total}` : '';
    el.progressText.textContent = cancelling ? 'Cancelling…' : `${progress.message ?? 'Working…'}${count}`;
  }
  el.cancelButton.disabled = cancelling;
  el.draftBox.querySelectorAll<HTMLButtonElement>('button.regenerate, vscode-button.insert').forEach((b) => {
    b.disabled = pending !== undefined;
  });
}

export function showError(ctx: DraftContext, message: string | undefined): void {
  const { errorBox } = ctx.el;
  errorBox.hidden = message === undefined;
  replaceChildren(
    errorBox,
    message === undefined ? null : h('span', { class: 'message-text' }, message),
    message === undefined ? null : h('button', { class: 'link dismiss', 'aria-label': 'Dismiss error', onclick: () => showError(ctx, undefined) }, 'Dismiss'),
  );
}

export function showNotice(ctx: DraftContext, message: string | undefined): void {
  ctx.el.noticeBox.hidden = message === undefined;
  ctx.el.noticeBox.textContent = message ?? '';
}

/** Regenerates one paragraph, unless a request is already in flight. */
export function requestParagraph(ctx: DraftContext, paragraph: number, label: string): void {
  if (ctx.model.pending) return;
  ctx.flushPendingState();
  const id = ctx.newRequestId();
  startPending(ctx, { id, kind: 'paragraph', paragraph }, `Regenerating ${label}…`);
  ctx.post({ type: 'regenerateParagraph', id, paragraph });
}

/** Regenerates one sentence, unless a request is already in flight. */
export function requestSentence(ctx: DraftContext, paragraph: number, sentence: number, label: string): void {
  if (ctx.model.pending) return;
  ctx.flushPendingState();
  const id = ctx.newRequestId();
  startPending(ctx, { id, kind: 'sentence', paragraph, sentence }, `Regenerating ${label}…`);
  ctx.post({ type: 'regenerateSentence', id, paragraph, sentence });
}

/** Generate starts a draft of the ticked keys; Cancel asks the extension to stop the request in flight. */
export function listenToActions(ctx: DraftContext): void {
  const { model, el } = ctx;
  el.generateButton.addEventListener('click', () => {
    if (el.generateButton.disabled || model.pending) return;
    ctx.flushPendingState();
    const settings: DraftSettings = { ...model.panel.settings, targetWords: model.panel.settings.targetWords };
    const id = ctx.newRequestId();
    startPending(ctx, { id, kind: 'generate' }, 'Starting…');
    ctx.post({ type: 'generate', id, keys: model.panel.keys.slice(), settings });
  });
  el.cancelButton.addEventListener('click', () => {
    if (!model.pending || model.cancelling) return;
    model.cancelling = true;
    ctx.post({ type: 'cancel', id: model.pending.id });
    renderActions(ctx);
  });
}
