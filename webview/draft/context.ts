// What every part of the draft panel is handed: the model, the frame's elements, the way to the extension, and the
// other parts' entry points. Parts that call each other both ways go through it (a request marks busy the sentence
// render.ts drew; a reply has render.ts redraw it), so the folder has no import cycle.
import type { DraftPanelState, DraftParagraphView, DraftSentenceView, DraftToExtension, KeyGroup } from '../../src/protocol/webview';
import type { WebviewApi } from '../vscodeApi';
import type { DraftElements } from './layout';
import type { DraftModel, Persistence } from './state';

export interface DraftContext extends Persistence {
  readonly api: WebviewApi<DraftPanelState, DraftToExtension>;
  readonly model: DraftModel;
  readonly el: DraftElements;
  post(m: DraftToExtension): void;
  /** r1, r2, …: the id a reply must carry to count. */
  newRequestId(): string;

  // keys.ts
  renderKeys(): void;
  renderGroups(groups: KeyGroup[]): void;
  renderSearchResults(): void;
  // settings.ts
  renderSettings(): void;
  // requests.ts
  endPending(): void;
  renderActions(): void;
  showError(message: string | undefined): void;
  showNotice(message: string | undefined): void;
  // render.ts
  renderDraft(): void;
  renderStats(): void;
  renderParagraph(p: DraftParagraphView, pi: number): HTMLElement;
  renderSentence(s: DraftSentenceView, pi: number, si: number): HTMLElement;
  markPendingTargets(): void;
}
