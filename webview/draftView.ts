// The draft side bar: pick keys, set the length/structure/engine, generate with progress and cancel, edit the draft
// sentence by sentence, regenerate parts, inspect each sentence's grounding, and insert. The parts live in draft/:
// state.ts (what the panel remembers, how it is saved), layout.ts (the frame), keys.ts, settings.ts, requests.ts
// (what is in flight), render.ts (the draft itself), messages.ts (what the extension says); this file joins them.
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-radio-group/index.js';
import '@vscode-elements/elements/dist/vscode-radio/index.js';
import '@vscode-elements/elements/dist/vscode-progress-bar/index.js';

import type { DraftPanelState, DraftToExtension, ExtensionToDraft } from '../src/protocol/webview';
import type { DraftContext } from './draft/context';
import { listenToSearch, renderGroups, renderKeys, renderSearchResults } from './draft/keys';
import { buildLayout } from './draft/layout';
import { handleMessage } from './draft/messages';
import { markPendingTargets, renderDraft, renderParagraph, renderSentence, renderStats } from './draft/render';
import { endPending, listenToActions, renderActions, showError, showNotice } from './draft/requests';
import { listenToSettings, renderSettings } from './draft/settings';
import { createModel, createPersistence } from './draft/state';
import type { WebviewApi } from './vscodeApi';

export function mountDraftView(root: HTMLElement, api: WebviewApi<DraftPanelState, DraftToExtension>): (msg: ExtensionToDraft) => void {
  const model = createModel(api.getState());
  const post = (m: DraftToExtension) => api.postMessage(m);
  let requestCounter = 0;
  const ctx: DraftContext = {
    api,
    model,
    el: buildLayout(root, post),
    post,
    newRequestId: () => `r${++requestCounter}`,
    ...createPersistence(api, model),
    renderKeys: () => renderKeys(ctx),
    renderGroups: (groups) => renderGroups(ctx, groups),
    renderSearchResults: () => renderSearchResults(ctx),
    renderSettings: () => renderSettings(ctx),
    endPending: () => endPending(ctx),
    renderActions: () => renderActions(ctx),
    showError: (message) => showError(ctx, message),
    showNotice: (message) => showNotice(ctx, message),
    renderDraft: () => renderDraft(ctx),
    renderStats: () => renderStats(ctx),
    renderParagraph: (p, pi) => renderParagraph(ctx, p, pi),
    renderSentence: (s, pi, si) => renderSentence(ctx, s, pi, si),
    markPendingTargets: () => markPendingTargets(ctx),
  };
  listenToSearch(ctx);
  listenToSettings(ctx);
  listenToActions(ctx);

  renderSettings(ctx);
  renderKeys(ctx);
  renderDraft(ctx);
  renderActions(ctx);
  post({ type: 'ready' });
  return (msg) => handleMessage(ctx, msg);
}
