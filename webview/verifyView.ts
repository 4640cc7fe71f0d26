// The Verify References panel: every entry checked, flags first, each with its verdict, the evidence, the fields
// that differ (ours vs theirs) and the notes. Clicking a key asks the extension to show the entry in its .bib.
import type { ExtensionToVerify, VerifyEntryView, VerifyToExtension } from '../src/protocol/webview';
import { h, replaceChildren } from './dom';
import { alertBox, reportOrError } from './reportPanel';
import type { WebviewApi } from './vscodeApi';

export interface VerifyState {
  report?: Extract<ExtensionToVerify, { type: 'report' }>;
}

const VERDICT_LABEL: Record<VerifyEntryView['verdict'], string> = {
  'not-found': 'possibly invented',
  mismatch: 'differs from the record',
  unverifiable: 'could not be checked',
  verified: 'verified',
};

/** Flags first: they are what the user came for. */
const ORDER: VerifyEntryView['verdict'][] = ['not-found', 'mismatch', 'unverifiable', 'verified'];

export function mountVerifyView(root: HTMLElement, api: WebviewApi<VerifyState, VerifyToExtension>): (msg: ExtensionToVerify) => void {
  const errorBox = alertBox();
  const content = h('div', { class: 'check-content', 'data-testid': 'verify-report' });
  replaceChildren(root, errorBox, content);

  function row(e: VerifyEntryView, index: number): HTMLElement {
    return h(
      'li',
      { class: `check verdict-${e.verdict}`, 'data-testid': `verify-${e.key}` },
      h(
        'div',
        { class: 'check-head' },
        h('button', { class: 'link key', type: 'button', 'aria-label': `Go to ${e.key} in ${e.fileLabel}`, onclick: () => api.postMessage({ type: 'revealEntry', index }) }, e.key),
        h('span', { class: 'verdict', 'data-testid': `verify-${e.key}-verdict` }, VERDICT_LABEL[e.verdict]),
        h('span', { class: 'hint' }, e.sourceLabel ?? ''),
      ),
      h('p', { class: 'evidence', 'data-testid': `verify-${e.key}-evidence` }, e.evidence),
      e.fields.length
        ? h(
            'ul',
            { class: 'fields', 'data-testid': `verify-${e.key}-fields` },
            ...e.fields.map((f) => h('li', {}, h('strong', {}, f.field), `: ${f.ours || '(none)'} — the record: ${f.theirs || '(none)'}`)),
          )
        : null,
      ...e.notes.map((n) => h('p', { class: 'hint note' }, `Note: ${n}`)),
    );
  }

  function render(state: VerifyState | undefined): void {
    const report = state?.report;
    if (!report) {
      replaceChildren(content, h('p', { class: 'hint empty' }, 'Run "CiteScribe: Verify References" on a .bib file or a document that cites entries.'));
      return;
    }
    const count = (v: VerifyEntryView['verdict']) => report.entries.filter((e) => e.verdict === v).length;
    const indexed = report.entries.map((e, index) => ({ e, index })).sort((a, b) => ORDER.indexOf(a.e.verdict) - ORDER.indexOf(b.e.verdict) || a.index - b.index);
    replaceChildren(
      content,
      h(
        'header',
        { class: 'score-header' },
        h('h1', {}, 'Verify References'),
        h(
          'p',
          { class: 'hint', 'data-testid': 'verify-summary' },
          `${report.scope}: ${report.entries.length} entries · ${count('not-found')} possibly invented · ${count('mismatch')} differ · ` +
            `${count('unverifiable')} unverifiable · ${count('verified')} verified`,
        ),
        report.cancelled ? h('p', { class: 'message', 'data-testid': 'verify-cancelled' }, `Cancelled: ${report.notChecked.length} entries not checked (${report.notChecked.join(', ')}).`) : null,
        ...report.problems.map((p) => h('p', { class: 'hint problem' }, `Not checked: ${p}`)),
      ),
      report.entries.length ? h('ol', { class: 'checks' }, ...indexed.map(({ e, index }) => row(e, index))) : h('p', { class: 'hint' }, 'No entries to verify.'),
    );
  }

  const onMessage = reportOrError(errorBox, 'report', (msg: Extract<ExtensionToVerify, { type: 'report' }>) => {
    const state = { report: msg };
    api.setState(state);
    render(state);
  });

  render(api.getState());
  api.postMessage({ type: 'ready' });
  return onMessage;
}
