// The Check Citations panel: every key the document cites, with its support bar, the cited work's closest sentence and,
// for a weak one, the library work that fits better. Clicking a key asks the extension to show it in the document.
import type { CheckToExtension, CitationCheckView, ExtensionToCheck } from '../src/protocol/webview';
import { h, replaceChildren } from './dom';
import { alertBox, reportOrError } from './reportPanel';
import { bar } from './scoreView';
import type { WebviewApi } from './vscodeApi';

export interface CheckState {
  documentLabel?: string;
  checks?: CitationCheckView[];
}

const VERDICT_LABEL: Record<CitationCheckView['verdict'], string> = {
  supported: 'supported',
  weak: 'weak support',
  'title-only': 'title only: cannot be judged',
  'not-in-library': 'not in the library',
  'no-sentence': 'no sentence to judge',
};

function evidenceText(e: { text: string; source: string; page?: number }): string {
  return `${e.source === 'pdf' ? `PDF${e.page ? ` p. ${e.page}` : ''}` : e.source}: “${e.text}”`;
}

export function mountCheckView(root: HTMLElement, api: WebviewApi<CheckState, CheckToExtension>): (msg: ExtensionToCheck) => void {
  const errorBox = alertBox();
  const content = h('div', { class: 'check-content', 'data-testid': 'check-report' });
  replaceChildren(root, errorBox, content);

  function render(state: CheckState | undefined): void {
    if (!state?.checks) {
      replaceChildren(content, h('p', { class: 'hint empty' }, 'Run "CiteScribe: Check Citations" on a document.'));
      return;
    }
    const count = (v: CitationCheckView['verdict']) => state.checks!.filter((c) => c.verdict === v).length;
    const rows = state.checks.map((c, index) =>
      h(
        'li',
        { class: `check verdict-${c.verdict}`, 'data-testid': `check-${index}` },
        h(
          'div',
          { class: 'check-head' },
          h('button', { class: 'link key', type: 'button', 'aria-label': `Go to ${c.key}, line ${c.line + 1}`, onclick: () => api.postMessage({ type: 'revealCitation', index }) }, c.key),
          h('span', { class: 'verdict', 'data-testid': `check-${index}-verdict` }, VERDICT_LABEL[c.verdict]),
          // A title-only work's number would only look like a judgement.
          c.support !== undefined && (c.verdict === 'supported' || c.verdict === 'weak') ? bar(`check-${index}-support`, `Support of ${c.key}`, '', c.support, 'part-f') : null,
        ),
        h('p', { class: 'hint sentence' }, c.sentence),
        c.evidence ? h('p', { class: 'evidence', 'data-testid': `check-${index}-evidence` }, evidenceText(c.evidence)) : null,
        c.better
          ? h(
              'p',
              { class: 'better', 'data-testid': `check-${index}-better` },
              `Better match in your library: `,
              h('strong', {}, c.better.key),
              ` (${Math.round(100 * c.better.support)}%) — ${evidenceText(c.better.evidence)}`,
            )
          : null,
      ),
    );
    replaceChildren(
      content,
      h(
        'header',
        { class: 'score-header' },
        h('h1', {}, 'Citation check'),
        h(
          'p',
          { class: 'hint', 'data-testid': 'check-summary' },
          `${state.documentLabel ?? ''}: ${state.checks.length} citations · ` +
            `${count('supported')} supported · ${count('weak')} weak · ${count('title-only')} title only`,
        ),
      ),
      state.checks.length ? h('ol', { class: 'checks' }, ...rows) : h('p', { class: 'hint' }, 'The document cites nothing.'),
    );
  }

  const onMessage = reportOrError(errorBox, 'checks', (msg: Extract<ExtensionToCheck, { type: 'checks' }>) => {
    const state = { documentLabel: msg.documentLabel, checks: msg.checks };
    api.setState(state);
    render(state);
  });

  render(api.getState());
  api.postMessage({ type: 'ready' });
  return onMessage;
}
