// The draft panel's fixed frame: the Keys, Settings and actions sections and the draft box, built once on mount.
// The renderers fill these elements; nothing here reacts to the author.
import type { DraftToExtension } from '../../src/protocol/webview';
import { h, replaceChildren } from '../dom';
import type { CheckElement, ValueElement } from './state';

type ProgressBar = HTMLElement & { value?: number; max: number; indeterminate: boolean };

export interface DraftElements {
  keyList: HTMLElement;
  keySummary: HTMLElement;
  /** Where the document's keys came from ("section “Related Work”: 9 of 39 cited keys"), with the other choice. */
  scopeLine: HTMLElement;
  searchField: ValueElement;
  searchList: HTMLElement;
  groupBox: HTMLElement;
  targetWordsField: ValueElement;
  paragraphsRadio: CheckElement;
  subsectionsRadio: CheckElement;
  engineSlot: HTMLElement;
  /** Rebuilt by each renderSettings, so it changes over the panel's life. */
  engineSelect: ValueElement | undefined;
  generateButton: ValueElement;
  progressBar: ProgressBar;
  progressText: HTMLElement;
  cancelButton: ValueElement;
  /** Sentences already written while a draft is being generated, as they come. */
  streamedList: HTMLElement;
  progressBox: HTMLElement;
  errorBox: HTMLElement;
  noticeBox: HTMLElement;
  draftBox: HTMLElement;
}

/** Builds the frame into `root` (replacing what it held) and returns its elements. */
export function buildLayout(root: HTMLElement, post: (m: DraftToExtension) => void): DraftElements {
  const el = createElements();
  replaceChildren(
    root,
    h(
      'section',
      { class: 'panel-section', 'aria-labelledby': 'keys-heading' },
      h('h2', { id: 'keys-heading' }, 'Keys'),
      h(
        'vscode-button',
        {
          secondary: true,
          block: true,
          'data-testid': 'use-document-keys',
          'aria-label': 'Use keys from the current document',
          onclick: () => post({ type: 'useDocumentKeys' }),
        },
        'Use keys from the current document',
      ),
      el.scopeLine,
      el.keyList,
      el.keySummary,
      el.searchField,
      el.searchList,
      el.groupBox,
    ),
    h(
      'section',
      { class: 'panel-section settings', 'aria-labelledby': 'settings-heading' },
      h('h2', { id: 'settings-heading' }, 'Settings'),
      h('label', { class: 'field-label', for: 'target-words' }, 'Length (words)'),
      el.targetWordsField,
      h('span', { class: 'field-label', id: 'structure-label' }, 'Structure'),
      h('vscode-radio-group', { 'aria-labelledby': 'structure-label', 'data-testid': 'structure' }, el.paragraphsRadio, el.subsectionsRadio),
      h('span', { class: 'field-label', id: 'engine-label' }, 'Engine'),
      el.engineSlot,
    ),
    h('div', { class: 'panel-section actions' }, el.generateButton, el.progressBox, el.errorBox, el.noticeBox),
    el.draftBox,
  );
  return el;
}

function createElements(): DraftElements {
  const keyList = h('ul', { class: 'key-list', 'data-testid': 'key-list', 'aria-label': 'Keys to cite' });
  const keySummary = h('p', { class: 'hint', 'data-testid': 'key-summary', 'aria-live': 'polite' });
  const scopeLine = h('p', { class: 'hint', 'data-testid': 'key-scope', hidden: true });
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
  const radio = (value: string, label: string) =>
    h('vscode-radio', { name: 'structure', value, 'data-testid': `structure-${value}` }, label) as CheckElement;
  const paragraphsRadio = radio('paragraphs', 'Paragraphs');
  const subsectionsRadio = radio('subsections', 'Subsections');
  const engineSlot = h('div', { class: 'engine-slot' });

  const generateButton = h('vscode-button', { 'data-testid': 'generate', 'aria-label': 'Generate draft', block: true }, 'Generate') as ValueElement;
  const progressBar = h('vscode-progress-bar', { 'aria-label': 'Generation progress' }) as ProgressBar;
  const progressText = h('span', { class: 'progress-text', 'data-testid': 'progress-text' });
  const cancelButton = h('vscode-button', { secondary: true, 'data-testid': 'cancel', 'aria-label': 'Cancel generation' }, 'Cancel') as ValueElement;
  const streamedList = h('ol', { class: 'streamed', 'data-testid': 'streamed', 'aria-label': 'Sentences written so far', hidden: true });
  const progressBox = h(
    'div',
    { class: 'progress', 'data-testid': 'progress', role: 'status', hidden: true },
    progressBar,
    h('div', { class: 'progress-row' }, progressText, cancelButton),
    streamedList,
  );
  const errorBox = h('div', { class: 'message error', role: 'alert', 'data-testid': 'error', hidden: true });
  const noticeBox = h('div', { class: 'message notice', role: 'status', 'data-testid': 'notice', hidden: true });
  const draftBox = h('section', { class: 'draft', 'data-testid': 'draft', 'aria-label': 'Draft' });
  return {
    keyList,
    keySummary,
    scopeLine,
    searchField,
    searchList,
    groupBox,
    targetWordsField,
    paragraphsRadio,
    subsectionsRadio,
    engineSlot,
    engineSelect: undefined,
    generateButton,
    progressBar,
    progressText,
    cancelButton,
    streamedList,
    progressBox,
    errorBox,
    noticeBox,
    draftBox,
  };
}
