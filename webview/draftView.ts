// The draft side bar: pick keys, set the length/structure/engine, generate with progress and cancel, edit the draft
// sentence by sentence, regenerate parts, inspect each sentence's grounding, and insert.
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-radio-group/index.js';
import '@vscode-elements/elements/dist/vscode-radio/index.js';
import '@vscode-elements/elements/dist/vscode-progress-bar/index.js';

import type {
  DraftPanelState,
  DraftParagraphView,
  DraftSentenceView,
  DraftSettings,
  DraftToExtension,
  DraftView,
  ExtensionToDraft,
  KeyGroup,
  KeyOption,
  KeyScope,
  SourceRef,
} from '../src/protocol/webview';
import { renderDraftText } from './draftText';
import { h, replaceChildren, wordCount } from './dom';
import type { WebviewApi } from './vscodeApi';

const DEFAULT_TARGET_WORDS = 250;
/** Typing posts `stateChanged` at most this often; webview state itself is saved on every keystroke. */
const STATE_POST_DELAY_MS = 300;
const SEARCH_DELAY_MS = 250;

/** The request in flight; replies with another id are for a request the author has since replaced, and ignored. */
type Pending = { id: string } & ({ kind: 'generate' } | { kind: 'paragraph'; paragraph: number } | { kind: 'sentence'; paragraph: number; sentence: number });

interface Progress {
  done: number;
  total: number;
  message?: string;
}

/** Custom elements the view reads values from. */
type ValueElement = HTMLElement & { value: string; disabled: boolean };
type CheckElement = HTMLElement & { checked: boolean; disabled: boolean };

export function mountDraftView(root: HTMLElement, api: WebviewApi<DraftPanelState, DraftToExtension>): (msg: ExtensionToDraft) => void {
  const restored = validState(api.getState());
  let panel: DraftPanelState = restored ?? { keys: [], settings: { targetWords: DEFAULT_TARGET_WORDS, subsections: false, engine: '' } };
  let engines: string[] = [];
  let documentKeys: KeyOption[] = [];
  /** Keys the author added from a search; they stay listed when unticked so a mis-click is easy to undo. */
  const addedKeys: string[] = [];
  /** Every key option seen, so a restored or added key still shows its title. */
  const keyInfo = new Map<string, KeyOption>();
  let searchQuery = '';
  let searchResults: KeyOption[] | undefined;
  let pending: Pending | undefined;
  let progress: Progress | undefined;
  let cancelling = false;

  const post = (m: DraftToExtension) => api.postMessage(m);
  let requestCounter = 0;
  const newRequestId = () => `r${++requestCounter}`;

  // ------------------------------------------------------------------------------------------------ persistence
  let statePostTimer: ReturnType<typeof setTimeout> | undefined;
  function persist(options: { debounce?: boolean } = {}): void {
    api.setState(panel);
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
    post({ type: 'stateChanged', state: panel });
  }
  /** Sends any typing still waiting for the debounce, so the extension never acts on a stale draft. */
  function flushPendingState(): void {
    if (statePostTimer !== undefined) flushState();
  }

  // ------------------------------------------------------------------------------------------------ layout
  const keyList = h('ul', { class: 'key-list', 'data-testid': 'key-list', 'aria-label': 'Keys to cite' });
  const keySummary = h('p', { class: 'hint', 'data-testid': 'key-summary', 'aria-live': 'polite' });
  /** Where the document's keys came from ("section “Related Work”: 9 of 39 cited keys"), with the other choice. */
  const scopeLine = h('p', { class: 'hint', 'data-testid': 'key-scope', hidden: true });
  let scope: KeyScope | undefined;
  const searchField = h('vscode-textfield', {
    class: 'search-field',
    'data-testid': 'search-field',
    label: 'Search the library',
    placeholder: 'Search the library (title, author, key)',
    type: 'search',
  }) as ValueElement;
  const searchList = h('ul', { class: 'key-list search-results', 'data-testid': 'search-results', 'aria-label': 'Search results' });
  const groupBox = h('div', { class: 'groups', 'data-testid': 'groups', hidden: true });

  const targetWordsField = h('vscode-textfield', {
    'data-testid': 'target-words',
    id: 'target-words',
    label: 'Target length in words',
    type: 'number',
    min: 50,
    max: 5000,
    step: 50,
  }) as ValueElement;
  const paragraphsRadio = h('vscode-radio', { name: 'structure', value: 'paragraphs', 'data-testid': 'structure-paragraphs' }, 'Paragraphs') as CheckElement;
  const subsectionsRadio = h('vscode-radio', { name: 'structure', value: 'subsections', 'data-testid': 'structure-subsections' }, 'Subsections') as CheckElement;
  const engineSlot = h('div', { class: 'engine-slot' });
  let engineSelect: ValueElement | undefined;

  const generateButton = h('vscode-button', { 'data-testid': 'generate', 'aria-label': 'Generate draft', block: true }, 'Generate') as ValueElement;
  const progressBar = h('vscode-progress-bar', { 'aria-label': 'Generation progress' }) as HTMLElement & { value?: number; max: number; indeterminate: boolean };
  const progressText = h('span', { class: 'progress-text', 'data-testid': 'progress-text' });
  const cancelButton = h('vscode-button', { secondary: true, 'data-testid': 'cancel', 'aria-label': 'Cancel generation' }, 'Cancel') as ValueElement;
  /** Sentences already written while a draft is being generated, as they come. */
  const streamedList = h('ol', { class: 'streamed', 'data-testid': 'streamed', 'aria-label': 'Sentences written so far', hidden: true });
  const progressBox = h('div', { class: 'progress', 'data-testid': 'progress', role: 'status', hidden: true }, progressBar, h('div', { class: 'progress-row' }, progressText, cancelButton), streamedList);
  const errorBox = h('div', { class: 'message error', role: 'alert', 'data-testid': 'error', hidden: true });
  const noticeBox = h('div', { class: 'message notice', role: 'status', 'data-testid': 'notice', hidden: true });
  const draftBox = h('section', { class: 'draft', 'data-testid': 'draft', 'aria-label': 'Draft' });

  replaceChildren(
    root,
    h(
      'section',
      { class: 'panel-section', 'aria-labelledby': 'keys-heading' },
      h('h2', { id: 'keys-heading' }, 'Keys'),
      h(
        'vscode-button',
        { secondary: true, block: true, 'data-testid': 'use-document-keys', 'aria-label': 'Use keys from the current document', onclick: () => post({ type: 'useDocumentKeys' }) },
        'Use keys from the current document',
      ),
      scopeLine,
      keyList,
      keySummary,
      searchField,
      searchList,
      groupBox,
    ),
    h(
      'section',
      { class: 'panel-section settings', 'aria-labelledby': 'settings-heading' },
      h('h2', { id: 'settings-heading' }, 'Settings'),
      h('label', { class: 'field-label', for: 'target-words' }, 'Length (words)'),
      targetWordsField,
      h('span', { class: 'field-label', id: 'structure-label' }, 'Structure'),
      h('vscode-radio-group', { 'aria-labelledby': 'structure-label', 'data-testid': 'structure' }, paragraphsRadio, subsectionsRadio),
      h('span', { class: 'field-label', id: 'engine-label' }, 'Engine'),
      engineSlot,
    ),
    h('div', { class: 'panel-section actions' }, generateButton, progressBox, errorBox, noticeBox),
    draftBox,
  );

  // ------------------------------------------------------------------------------------------------ keys
  function rememberKeys(options: KeyOption[]): void {
    for (const o of options) keyInfo.set(o.key, o);
  }

  function listedKeys(): string[] {
    const seen = new Set<string>();
    const out: string[] = [];
    for (const k of [...documentKeys.map((o) => o.key), ...addedKeys, ...panel.keys]) {
      if (!seen.has(k)) {
        seen.add(k);
        out.push(k);
      }
    }
    return out;
  }

  /** Adds every key of a BibTeX group the library knows, ticked, in one go. */
  function addGroup(group: KeyGroup): void {
    rememberKeys(group.keys);
    const known = group.keys.filter((o) => o.known).map((o) => o.key);
    for (const k of known) if (!addedKeys.includes(k)) addedKeys.push(k);
    panel.keys = orderBy(uniq([...panel.keys, ...known]), listedKeys());
    persist();
    renderKeys();
    renderSearchResults();
    renderActions();
  }

  function renderGroups(groups: KeyGroup[]): void {
    groupBox.hidden = groups.length === 0;
    replaceChildren(
      groupBox,
      h('span', { class: 'hint' }, 'BibTeX groups:'),
      ...groups.map((g) =>
        h(
          'vscode-button',
          { secondary: true, 'data-testid': `group-${g.name}`, 'aria-label': `Add the ${g.keys.length} keys of group ${g.name}`, onclick: () => addGroup(g) },
          `${g.name} (${g.keys.length})`,
        ),
      ),
    );
  }

  function setKeySelected(key: string, selected: boolean): void {
    const has = panel.keys.includes(key);
    if (selected && !has) panel.keys = orderBy([...panel.keys, key], listedKeys());
    if (!selected && has) panel.keys = panel.keys.filter((k) => k !== key);
    persist();
    renderKeys();
    renderSearchResults();
    renderActions();
  }

  function keyLabel(option: KeyOption | undefined, key: string): HTMLElement {
    const meta = option ? [option.authors, option.year].filter((x) => x !== undefined && x !== '').join(', ') : '';
    return h(
      'span',
      { class: 'key-label' },
      h('span', { class: 'key' }, key),
      option?.title ? h('span', { class: 'key-title' }, option.title) : null,
      meta ? h('span', { class: 'key-meta' }, meta) : null,
    );
  }

  function renderKeys(): void {
    const rows = listedKeys().map((key) => {
      const option = keyInfo.get(key);
      const unknown = option !== undefined && !option.known;
      if (unknown) {
        // A key missing from the library cannot be drafted from: show it, but offer no checkbox.
        return h(
          'li',
          { class: 'key-row unknown', 'data-testid': `key-${key}`, title: 'Cited in the document but not in the library' },
          h('span', { class: 'warn-icon', 'aria-hidden': 'true' }, '⚠'),
          h('span', { class: 'key-label' }, h('span', { class: 'key' }, key), h('span', { class: 'key-meta' }, 'not in the library')),
        );
      }
      const checkbox = h(
        'vscode-checkbox',
        {
          'data-testid': `key-checkbox-${key}`,
          '.checked': panel.keys.includes(key),
          onchange: (e: Event) => setKeySelected(key, (e.currentTarget as CheckElement).checked),
        },
        keyLabel(option, key),
      );
      // A title-only work can only be named by the draft: say so before generating, so the author can ground it.
      const titleOnly =
        option?.grounding === 'title-only'
          ? h('span', { class: 'badge warning', 'data-testid': `title-only-${key}`, title: 'No abstract or PDF in the library: the draft can only name this work. Find Abstracts Online or link its PDF.' }, 'title only')
          : null;
      return h('li', { class: 'key-row', 'data-testid': `key-${key}` }, checkbox, titleOnly);
    });
    replaceChildren(keyList, ...rows);
    keyList.hidden = rows.length === 0;
    const unknownCount = listedKeys().filter((k) => keyInfo.get(k)?.known === false).length;
    const titleOnlyCount = panel.keys.filter((k) => keyInfo.get(k)?.grounding === 'title-only').length;
    keySummary.textContent =
      rows.length === 0
        ? 'No keys yet: use the current document’s citations or search the library.'
        : `${panel.keys.length} selected` + (unknownCount ? ` · ${unknownCount} not in the library` : '') + (titleOnlyCount ? ` · ${titleOnlyCount} title only` : '');
    renderScope();
  }

  function renderScope(): void {
    scopeLine.hidden = !scope;
    if (!scope) return;
    const count = documentKeys.length;
    const other = scope.all
      ? h('a', { href: '#', 'data-testid': 'use-section-keys', onclick: (e: Event) => (e.preventDefault(), post({ type: 'useDocumentKeys' })) }, 'only the section at the cursor')
      : h('a', { href: '#', 'data-testid': 'use-all-keys', onclick: (e: Event) => (e.preventDefault(), post({ type: 'useDocumentKeys', all: true })) }, `use all ${scope.total} keys of the document`);
    replaceChildren(scopeLine, scope.all ? `From the whole document: ${count} cited keys · ` : `From ${scope.label}: ${count} of ${scope.total} cited keys · `, other);
  }

  function renderSearchResults(): void {
    if (searchResults === undefined) {
      replaceChildren(searchList);
      searchList.hidden = true;
      return;
    }
    searchList.hidden = false;
    if (searchResults.length === 0) {
      replaceChildren(searchList, h('li', { class: 'hint' }, `No library entries match “${searchQuery}”.`));
      return;
    }
    replaceChildren(
      searchList,
      ...searchResults.map((option) => {
        const added = panel.keys.includes(option.key);
        return h(
          'li',
          { class: 'key-row search-row', 'data-testid': `search-result-${option.key}` },
          keyLabel(option, option.key),
          h(
            'vscode-button',
            {
              secondary: true,
              disabled: added || !option.known,
              'data-testid': `add-key-${option.key}`,
              'aria-label': `Add ${option.key}`,
              onclick: () => {
                if (!addedKeys.includes(option.key)) addedKeys.push(option.key);
                setKeySelected(option.key, true);
              },
            },
            added ? 'Added' : 'Add',
          ),
        );
      }),
    );
  }

  let searchTimer: ReturnType<typeof setTimeout> | undefined;
  function runSearch(): void {
    clearTimeout(searchTimer);
    const query = searchField.value.trim();
    searchQuery = query;
    if (!query) {
      searchResults = undefined;
      renderSearchResults();
      return;
    }
    post({ type: 'searchKeys', query });
  }
  searchField.addEventListener('input', () => {
    clearTimeout(searchTimer);
    searchTimer = setTimeout(runSearch, SEARCH_DELAY_MS);
  });
  searchField.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') runSearch();
  });

  // ------------------------------------------------------------------------------------------------ settings
  function renderSettings(): void {
    targetWordsField.value = String(panel.settings.targetWords);
    paragraphsRadio.checked = !panel.settings.subsections;
    subsectionsRadio.checked = panel.settings.subsections;
    // Rebuilt rather than patched: the select only picks up its options reliably when they exist before its value.
    engineSelect = h(
      'vscode-single-select',
      { 'data-testid': 'engine-select', label: 'Engine', 'aria-labelledby': 'engine-label', disabled: engines.length === 0 },
      ...engines.map((e) => h('vscode-option', { value: e, selected: e === panel.settings.engine }, e)),
    ) as ValueElement;
    engineSelect.addEventListener('change', () => {
      if (engineSelect && engineSelect.value !== panel.settings.engine) {
        panel.settings = { ...panel.settings, engine: engineSelect.value };
        persist();
      }
    });
    replaceChildren(engineSlot, engines.length ? engineSelect : h('span', { class: 'hint' }, 'No engine available yet.'));
  }

  targetWordsField.addEventListener('input', () => {
    const words = Number(targetWordsField.value);
    const valid = Number.isInteger(words) && words > 0;
    targetWordsField.toggleAttribute('invalid', !valid);
    if (valid && words !== panel.settings.targetWords) {
      panel.settings = { ...panel.settings, targetWords: words };
      persist({ debounce: true });
    }
  });
  for (const radio of [paragraphsRadio, subsectionsRadio]) {
    radio.addEventListener('change', () => {
      const subsections = subsectionsRadio.checked;
      if (subsections !== panel.settings.subsections) {
        panel.settings = { ...panel.settings, subsections };
        persist();
      }
    });
  }

  // ------------------------------------------------------------------------------------------------ actions
  generateButton.addEventListener('click', () => {
    if (generateButton.disabled || pending) return;
    flushPendingState();
    const settings: DraftSettings = { ...panel.settings, targetWords: panel.settings.targetWords };
    const id = newRequestId();
    startPending({ id, kind: 'generate' }, 'Starting…');
    post({ type: 'generate', id, keys: panel.keys.slice(), settings });
  });
  cancelButton.addEventListener('click', () => {
    if (!pending || cancelling) return;
    cancelling = true;
    post({ type: 'cancel', id: pending.id });
    renderActions();
  });

  function startPending(p: Pending, message: string): void {
    replaceChildren(streamedList);
    streamedList.hidden = true;
    pending = p;
    cancelling = false;
    progress = { done: 0, total: 0, message };
    showError(undefined);
    showNotice(undefined);
    renderActions();
    markPendingTargets();
  }

  function endPending(): void {
    replaceChildren(streamedList);
    streamedList.hidden = true;
    pending = undefined;
    progress = undefined;
    cancelling = false;
    renderActions();
    markPendingTargets();
  }

  function renderActions(): void {
    const noKeys = panel.keys.length === 0;
    generateButton.disabled = noKeys || pending !== undefined;
    generateButton.title = noKeys ? 'Select at least one key to cite' : '';
    progressBox.hidden = pending === undefined;
    if (progress) {
      const determinate = progress.total > 0;
      progressBar.indeterminate = !determinate;
      progressBar.max = determinate ? progress.total : 100;
      progressBar.value = determinate ? progress.done : undefined;
      const count = determinate ? ` ${progress.done}/${progress.total}` : '';
      progressText.textContent = cancelling ? 'Cancelling…' : `${progress.message ?? 'Working…'}${count}`;
    }
    cancelButton.disabled = cancelling;
    draftBox.querySelectorAll<HTMLButtonElement>('button.regenerate, vscode-button.insert').forEach((b) => {
      b.disabled = pending !== undefined;
    });
  }

  function showError(message: string | undefined): void {
    errorBox.hidden = message === undefined;
    replaceChildren(
      errorBox,
      message === undefined
        ? null
        : h('span', { class: 'message-text' }, message),
      message === undefined ? null : h('button', { class: 'link dismiss', 'aria-label': 'Dismiss error', onclick: () => showError(undefined) }, 'Dismiss'),
    );
  }
  function showNotice(message: string | undefined): void {
    noticeBox.hidden = message === undefined;
    noticeBox.textContent = message ?? '';
  }

  // ------------------------------------------------------------------------------------------------ draft
  function renderDraft(): void {
    const draft = panel.draft;
    if (!draft) {
      replaceChildren(draftBox, h('p', { class: 'hint empty' }, 'Pick the keys to cite, then Generate. The draft appears here; every sentence can be edited, regenerated and traced to its source.'));
      return;
    }
    const paragraphs = draft.paragraphs.map((p, i) => renderParagraph(p, i));
    const unknown = draft.unknownKeys.length
      ? h(
          'div',
          { class: 'message warning', 'data-testid': 'unknown-keys', role: 'note' },
          h('span', { class: 'warn-icon', 'aria-hidden': 'true' }, '⚠ '),
          'Not in the library, so not cited: ',
          ...draft.unknownKeys.flatMap((k, i) => [i ? ', ' : '', h('code', {}, k)]),
        )
      : null;
    // Never silence: a work the length left without a sentence of its own is named, with what to do about it.
    const listed = draft.listedOnly?.length
      ? h(
          'div',
          { class: 'message', 'data-testid': 'listed-only', role: 'note' },
          'Only listed in a grouped citation, with no sentence of their own (a longer target holds them): ',
          ...draft.listedOnly.flatMap((k, i) => [i ? ', ' : '', h('code', {}, k)]),
        )
      : null;
    const footer = h(
      'div',
      { class: 'draft-footer' },
      h('span', { class: 'hint', 'data-testid': 'draft-stats' }),
      h(
        'vscode-button',
        {
          class: 'insert',
          'data-testid': 'insert',
          'aria-label': 'Insert draft into the document',
          onclick: (e: Event) => {
            if ((e.currentTarget as ValueElement).disabled || !panel.draft) return;
            flushPendingState();
            showNotice(undefined);
            post({ type: 'insert', draft: panel.draft });
          },
        },
        'Insert',
      ),
    );
    replaceChildren(draftBox, h('h2', {}, 'Draft'), unknown, listed, ...paragraphs, footer);
    renderStats();
    renderActions();
    markPendingTargets();
  }

  function renderStats(): void {
    const stats = draftBox.querySelector('[data-testid="draft-stats"]');
    const draft = panel.draft;
    if (!stats || !draft) return;
    const words = wordCount(renderDraftText(draft));
    const edited = draft.paragraphs.reduce((n, p) => n + p.sentences.filter((s) => s.edited).length, 0);
    const parts = [`${words} words`, draft.engine, draft.elapsedMs > 0 ? `${(draft.elapsedMs / 1000).toFixed(1)} s` : ''];
    if (edited) parts.push(`${edited} edited`);
    stats.textContent = parts.filter(Boolean).join(' · ');
  }

  function renderParagraph(p: DraftParagraphView, pi: number): HTMLElement {
    const label = `paragraph ${pi + 1}`;
    return h(
      'section',
      { class: 'paragraph', 'data-testid': `paragraph-${pi}`, 'data-paragraph': pi, 'aria-label': p.heading ?? `Paragraph ${pi + 1}` },
      h(
        'div',
        { class: 'paragraph-header' },
        p.heading ? h('h3', { 'data-testid': `heading-${pi}` }, p.heading) : h('span', { class: 'paragraph-number' }, `¶ ${pi + 1}`),
        h(
          'button',
          {
            class: 'tool regenerate',
            'data-testid': `regenerate-paragraph-${pi}`,
            'aria-label': `Regenerate ${label}`,
            title: `Regenerate ${label}`,
            onclick: () => {
              if (pending) return;
              flushPendingState();
              const id = newRequestId();
              startPending({ id, kind: 'paragraph', paragraph: pi }, `Regenerating ${label}…`);
              post({ type: 'regenerateParagraph', id, paragraph: pi });
            },
          },
          '↻ Regenerate',
        ),
      ),
      ...p.sentences.map((s, si) => renderSentence(s, pi, si)),
    );
  }

  function renderSentence(s: DraftSentenceView, pi: number, si: number): HTMLElement {
    const label = `paragraph ${pi + 1}, sentence ${si + 1}`;
    const groundingId = `grounding-${pi}-${si}`;
    const text = h('div', {
      class: 'sentence-text',
      contenteditable: 'plaintext-only',
      role: 'textbox',
      'aria-multiline': 'false',
      'aria-label': `Edit ${label}`,
      'data-testid': `sentence-text-${pi}-${si}`,
      spellcheck: 'true',
    });
    text.textContent = s.text;
    const editedBadge = h('span', { class: 'badge edited-badge', 'data-testid': `edited-${pi}-${si}`, hidden: !s.edited }, 'edited');
    const grounding = h('div', { class: 'grounding', id: groundingId, 'data-testid': `grounding-${pi}-${si}`, hidden: true }, ...renderSources(s.sources));
    const sourcesToggle = h(
      'button',
      {
        class: 'tool',
        'aria-expanded': 'false',
        'aria-controls': groundingId,
        'aria-label': `Show sources of ${label}`,
        'data-testid': `sources-toggle-${pi}-${si}`,
        onclick: (e: Event) => {
          const open = grounding.hidden;
          grounding.hidden = !open;
          (e.currentTarget as HTMLElement).setAttribute('aria-expanded', String(open));
        },
      },
      s.sources.length ? `❝ ${s.sources.length} source${s.sources.length > 1 ? 's' : ''}` : '❝ no source',
    );
    const row = h(
      'div',
      { class: `sentence role-${s.role}${s.edited ? ' edited' : ''}`, 'data-testid': `sentence-${pi}-${si}` },
      text,
      h(
        'div',
        { class: 'sentence-tools' },
        s.role === 'work' ? null : h('span', { class: `badge role-badge`, title: roleTitle(s.role) }, s.role),
        editedBadge,
        ...s.keys.map((k) => h('span', { class: 'badge key-badge' }, k)),
        h('span', { class: 'spacer' }),
        sourcesToggle,
        h(
          'button',
          {
            class: 'tool regenerate',
            'data-testid': `regenerate-sentence-${pi}-${si}`,
            'aria-label': `Regenerate ${label}`,
            title: `Regenerate ${label}`,
            onclick: () => {
              if (pending) return;
              flushPendingState();
              const id = newRequestId();
              startPending({ id, kind: 'sentence', paragraph: pi, sentence: si }, `Regenerating ${label}…`);
              post({ type: 'regenerateSentence', id, paragraph: pi, sentence: si });
            },
          },
          '↻',
        ),
      ),
      grounding,
    );

    // Editing in place: the text before this edit session, so Escape can undo it.
    let before: { text: string; edited: boolean } | undefined;
    text.addEventListener('focus', () => {
      const current = sentenceAt(pi, si);
      before = current ? { text: current.text, edited: current.edited === true } : undefined;
    });
    text.addEventListener('input', () => {
      const current = sentenceAt(pi, si);
      if (!current) return;
      // A sentence is one line in the document: newlines typed or pasted become spaces.
      current.text = (text.textContent ?? '').replace(/\s*\n\s*/g, ' ');
      current.edited = true;
      row.classList.add('edited');
      editedBadge.hidden = false;
      renderStats();
      persist({ debounce: true });
    });
    text.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        text.blur();
      } else if (e.key === 'Escape' && before) {
        e.preventDefault();
        const current = sentenceAt(pi, si);
        if (current) {
          current.text = before.text;
          current.edited = before.edited || undefined;
          text.textContent = before.text;
          row.classList.toggle('edited', before.edited);
          editedBadge.hidden = !before.edited;
          renderStats();
          persist();
        }
        text.blur();
      }
    });
    text.addEventListener('blur', () => {
      const current = sentenceAt(pi, si);
      if (current && current.text !== current.text.trim()) {
        current.text = current.text.trim();
        text.textContent = current.text;
      }
      flushPendingState();
    });
    return row;
  }

  function renderSources(sources: SourceRef[]): HTMLElement[] {
    if (sources.length === 0) return [h('p', { class: 'hint' }, 'No source sentence grounds this sentence; check it before inserting.')];
    return sources.map((src) =>
      h(
        'figure',
        { class: 'source' },
        h('blockquote', {}, src.text),
        h(
          'figcaption',
          {},
          h('code', {}, src.key),
          src.section ? ` · ${src.section}` : '',
          src.page !== undefined ? ` · p. ${src.page}` : '',
          ' ',
          h(
            'button',
            {
              class: 'link',
              'aria-label': `Open source ${src.key}${src.page !== undefined ? ` at page ${src.page}` : ''}`,
              onclick: () => post({ type: 'openSource', source: src }),
            },
            'Open',
          ),
        ),
      ),
    );
  }

  function sentenceAt(pi: number, si: number): DraftSentenceView | undefined {
    return panel.draft?.paragraphs[pi]?.sentences[si];
  }

  function markPendingTargets(): void {
    draftBox.querySelectorAll('.pending').forEach((el) => {
      el.classList.remove('pending');
      el.removeAttribute('aria-busy');
    });
    let target: Element | null = null;
    if (pending?.kind === 'paragraph') target = draftBox.querySelector(`[data-testid="paragraph-${pending.paragraph}"]`);
    if (pending?.kind === 'sentence') target = draftBox.querySelector(`[data-testid="sentence-${pending.paragraph}-${pending.sentence}"]`);
    if (target) {
      target.classList.add('pending');
      target.setAttribute('aria-busy', 'true');
    }
  }

  // ------------------------------------------------------------------------------------------------ messages
  function onMessage(msg: ExtensionToDraft): void {
    switch (msg.type) {
      case 'init': {
        engines = msg.engines.slice();
        documentKeys = msg.documentKeys.slice();
        scope = msg.scope;
        rememberKeys(documentKeys);
        renderGroups(msg.groups ?? []);
        // The webview's own state is newer than the workspace copy when both exist (the view was only hidden).
        const incoming = validState(msg.state);
        if (!restored && incoming) {
          panel = incoming;
        } else if (!restored && !incoming) {
          // A fresh panel starts with the current document's citations ticked.
          panel.keys = documentKeys.filter((o) => o.known).map((o) => o.key);
        }
        // Restored keys the document does not cite were added by hand earlier.
        for (const k of panel.keys) if (!documentKeys.some((o) => o.key === k) && !addedKeys.includes(k)) addedKeys.push(k);
        if (!engines.includes(panel.settings.engine)) panel.settings = { ...panel.settings, engine: engines[0] ?? '' };
        api.setState(panel);
        renderSettings();
        renderKeys();
        renderDraft();
        renderActions();
        break;
      }
      case 'documentKeys': {
        // The document's cites replace the previous document's; keys added by hand stay.
        const previousDocument = new Set(documentKeys.map((o) => o.key));
        documentKeys = msg.keys.slice();
        scope = msg.scope;
        rememberKeys(documentKeys);
        const manual = panel.keys.filter((k) => addedKeys.includes(k) || !previousDocument.has(k));
        panel.keys = orderBy(uniq([...documentKeys.filter((o) => o.known).map((o) => o.key), ...manual]), listedKeys());
        persist();
        renderKeys();
        renderSearchResults();
        renderActions();
        break;
      }
      case 'searchResults':
        if (msg.query !== searchQuery) return; // an answer to a query the author has since changed
        searchResults = msg.results;
        rememberKeys(msg.results);
        renderSearchResults();
        break;
      case 'progress':
        // A draft the extension started itself (the Draft Related Work command) is adopted as the pending request.
        if (!pending) pending = { id: msg.requestId, kind: 'generate' };
        if (msg.requestId !== pending.id) return;
        if (msg.sentence) {
          // A sentence written and checked: shown at once, the count and message stay as they were.
          streamedList.append(h('li', { 'data-testid': `streamed-${msg.sentence.key}` }, h('code', {}, msg.sentence.key), ' ', msg.sentence.text));
          streamedList.hidden = false;
          break;
        }
        progress = { done: msg.done, total: msg.total, message: msg.message };
        renderActions();
        break;
      case 'draft':
        // A full draft the extension started itself replaces whatever the panel showed; any other stale reply is dropped.
        if (pending && msg.requestId !== pending.id) return;
        panel.draft = msg.draft;
        // The engine that wrote the draft is the one the panel regenerates with (Draft Related Work uses the engine
        // of the settings, which the panel's own choice may not be).
        if (engines.includes(msg.draft.engine) && panel.settings.engine !== msg.draft.engine) {
          panel.settings = { ...panel.settings, engine: msg.draft.engine };
          renderSettings();
        }
        endPending();
        persist();
        renderDraft();
        break;
      case 'paragraph': {
        if (msg.requestId !== pending?.id) return;
        const draft = panel.draft;
        if (!draft || msg.paragraph >= draft.paragraphs.length) return;
        draft.paragraphs[msg.paragraph] = msg.value;
        endPending();
        persist();
        draftBox.querySelector(`[data-testid="paragraph-${msg.paragraph}"]`)?.replaceWith(renderParagraph(msg.value, msg.paragraph));
        renderStats();
        renderActions();
        break;
      }
      case 'sentence': {
        if (msg.requestId !== pending?.id) return;
        const paragraph = panel.draft?.paragraphs[msg.paragraph];
        if (!paragraph || msg.sentence >= paragraph.sentences.length) return;
        paragraph.sentences[msg.sentence] = msg.value;
        endPending();
        persist();
        draftBox.querySelector(`[data-testid="sentence-${msg.paragraph}-${msg.sentence}"]`)?.replaceWith(renderSentence(msg.value, msg.paragraph, msg.sentence));
        renderStats();
        renderActions();
        break;
      }
      case 'cancelled':
        if (msg.requestId !== pending?.id) return;
        endPending();
        showNotice('Generation cancelled.');
        break;
      case 'inserted':
        showNotice(`Inserted ${msg.where}.`);
        break;
      case 'error':
        // An error that completes another (stale) request is not this one's; an error about no request always shows.
        if (msg.requestId !== undefined && msg.requestId !== pending?.id) return;
        if (msg.requestId !== undefined) endPending();
        showError(msg.message);
        break;
    }
  }

  renderSettings();
  renderKeys();
  renderDraft();
  renderActions();
  post({ type: 'ready' });
  return onMessage;
}

function roleTitle(role: DraftSentenceView['role']): string {
  return role === 'topic' ? 'Topic sentence' : role === 'contrast' ? 'Contrast with this work' : 'Describes a cited work';
}

function uniq(keys: string[]): string[] {
  return [...new Set(keys)];
}

/** Sorts `keys` by their position in `order`; keys not in it keep their relative order at the end. */
function orderBy(keys: string[], order: string[]): string[] {
  const rank = new Map(order.map((k, i) => [k, i]));
  return keys
    .map((k, i) => ({ k, r: rank.get(k) ?? order.length + i }))
    .sort((a, b) => a.r - b.r)
    .map((x) => x.k);
}

/** Webview state is untrusted across versions: restore it only when it has the current shape. */
function validState(s: unknown): DraftPanelState | undefined {
  if (typeof s !== 'object' || s === null) return undefined;
  const st = s as Partial<DraftPanelState>;
  if (!Array.isArray(st.keys) || typeof st.settings !== 'object' || st.settings === null) return undefined;
  const settings = st.settings as Partial<DraftSettings>;
  const draft = st.draft && Array.isArray((st.draft as DraftView).paragraphs) ? st.draft : undefined;
  return {
    keys: st.keys.filter((k): k is string => typeof k === 'string'),
    settings: {
      targetWords: typeof settings.targetWords === 'number' && settings.targetWords > 0 ? settings.targetWords : DEFAULT_TARGET_WORDS,
      subsections: settings.subsections === true,
      engine: typeof settings.engine === 'string' ? settings.engine : '',
    },
    draft,
  };
}
