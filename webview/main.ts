// Webview entry: one bundle for both views; the HTML shell says which one this page is (<body data-view>).
import type {
  CheckToExtension,
  DraftPanelState,
  DraftToExtension,
  ExtensionToCheck,
  ExtensionToDraft,
  ExtensionToScore,
  ExtensionToVerify,
  ScoreToExtension,
  VerifyToExtension,
} from '../src/protocol/webview';
import { mountCheckView, type CheckState } from './checkView';
import { mountDraftView } from './draftView';
import { mountScoreView, type ScoreState } from './scoreView';
import { mountVerifyView, type VerifyState } from './verifyView';
import { vscodeApi } from './vscodeApi';

function start(): void {
  const root = document.getElementById('app');
  if (!root) return;
  const view = document.body.dataset.view;
  let dispatch: (msg: { type: string }) => void;
  if (view === 'draft') {
    const onMessage = mountDraftView(root, vscodeApi<DraftPanelState, DraftToExtension>());
    dispatch = (msg) => onMessage(msg as ExtensionToDraft);
  } else if (view === 'score') {
    const onMessage = mountScoreView(root, vscodeApi<ScoreState, ScoreToExtension>());
    dispatch = (msg) => onMessage(msg as ExtensionToScore);
  } else if (view === 'check') {
    const onMessage = mountCheckView(root, vscodeApi<CheckState, CheckToExtension>());
    dispatch = (msg) => onMessage(msg as ExtensionToCheck);
  } else if (view === 'verify') {
    const onMessage = mountVerifyView(root, vscodeApi<VerifyState, VerifyToExtension>());
    dispatch = (msg) => onMessage(msg as ExtensionToVerify);
  } else {
    root.textContent = `Unknown CiteScribe view "${view ?? ''}".`;
    return;
  }
  window.addEventListener('message', (event: MessageEvent) => {
    const msg: unknown = event.data;
    // Only protocol messages: other frames' chatter has no string `type`.
    if (typeof msg === 'object' && msg !== null && typeof (msg as { type?: unknown }).type === 'string') dispatch(msg as { type: string });
  });
}

start();
