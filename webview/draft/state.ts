// What the draft panel remembers between renders: the saved panel state (keys, settings, draft), what the extension
// last said (engines, the document's keys, search results) and the request in flight; and how it is saved.
import { restoreDraftPanelState } from '../../src/protocol/guards';
import type { DraftPanelState, DraftToExtension, KeyOption, KeyScope } from '../../src/protocol/webview';
import type { WebviewApi } from '../vscodeApi';

export const DEFAULT_TARGET_WORDS = 250;
/** Typing posts `stateChanged` at most this often; webview state itself is saved on every keystroke. */
const STATE_POST_DELAY_MS = 300;

/** The request in flight; replies with another id are for a request the author has since replaced, and ignored. */
export type Pending = { id: string } & (
  | { kind: 'generate' }
  | { kind: 'paragraph'; paragraph: number }
  | { kind: 'sentence'; paragraph: number; sentence: number }
);

export interface Progress {
  done: number;
  total: number;
  message?: string;
}

/** Custom elements the view reads values from. */
export type ValueElement = HTMLElement & { value: string; disabled: boolean };
export type CheckElement = HTMLElement & { checked: boolean; disabled: boolean };

export interface DraftModel {
  /** The state the webview restored on mount, if it had a valid one (it is newer than the workspace copy). */
  readonly restored: DraftPanelState | undefined;
  panel: DraftPanelState;
  engines: string[];
  documentKeys: KeyOption[];
  /** Keys the author added from a search; they stay listed when unticked so a mis-click is easy to undo. */
  readonly addedKeys: string[];
  /** Every key option seen, so a restored or added key still shows its title. */
  readonly keyInfo: Map<string, KeyOption>;
  /** Where the document's keys came from ("section “Related Work”: 9 of 39 cited keys"). */
  scope: KeyScope | undefined;
  searchQuery: string;
  searchResults: KeyOption[] | undefined;
  pending: Pending | undefined;
  progress: Progress | undefined;
  cancelling: boolean;
}

export function createModel(saved: unknown): DraftModel {
  const restored = validState(saved);
  return {
    restored,
    panel: restored ?? { keys: [], settings: { targetWords: DEFAULT_TARGET_WORDS, subsections: false, engine: '' } },
    engines: [],
    documentKeys: [],
    addedKeys: [],
    keyInfo: new Map(),
    scope: undefined,
    searchQuery: '',
    searchResults: undefined,
    pending: undefined,
    progress: undefined,
    cancelling: false,
  };
}

export function rememberKeys(model: DraftModel, options: KeyOption[]): void {
  for (const o of options) model.keyInfo.set(o.key, o);
}

/** The keys the list shows, in order: the document's, then those added by hand, then any other selected. */
export function listedKeys(model: DraftModel): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const k of [...model.documentKeys.map((o) => o.key), ...model.addedKeys, ...model.panel.keys]) {
    if (!seen.has(k)) {
      seen.add(k);
      out.push(k);
    }
  }
  return out;
}

export interface Persistence {
  /** Saves the webview state now and posts it to the extension (after STATE_POST_DELAY_MS when debounced). */
  persist(options?: { debounce?: boolean }): void;
  /** Sends any typing still waiting for the debounce, so the extension never acts on a stale draft. */
  flushPendingState(): void;
}

export function createPersistence(api: WebviewApi<DraftPanelState, DraftToExtension>, model: DraftModel): Persistence {
  let statePostTimer: ReturnType<typeof setTimeout> | undefined;
  function persist(options: { debounce?: boolean } = {}): void {
    api.setState(model.panel);
    clearTimeout(statePostTimer);
    if (options.debounce) {
      statePostTimer = setTimeout(flushState, STATE_POST_DELAY_MS);
    } else {
      flushState();
    }
  }
  function flushState(): void {
    clearTimeout(statePostTimer);
    statePostTimer = undefined;
    api.postMessage({ type: 'stateChanged', state: model.panel });
  }
  function flushPendingState(): void {
    if (statePostTimer !== undefined) flushState();
  }
  return { persist, flushPendingState };
}

export function uniq(keys: string[]): string[] {
  return [...new Set(keys)];
}

/** Sorts `keys` by their position in `order`; keys not in it keep their relative order at the end. */
export function orderBy(keys: string[], order: string[]): string[] {
  const rank = new Map(order.map((k, i) => [k, i]));
  return keys
    .map((k, i) => ({ k, r: rank.get(k) ?? order.length + i }))
    .sort((a, b) => a.r - b.r)
    .map((x) => x.k);
}

/** Webview state is untrusted across versions: restored only in the current shape, a part at a time (guards.ts). */
export function validState(saved: unknown): DraftPanelState | undefined {
  return restoreDraftPanelState(saved, { targetWords: DEFAULT_TARGET_WORDS, subsections: false, engine: '' });
}
