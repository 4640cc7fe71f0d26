// The Check Citations panel: every key the document cites, with its support bar, the cited work's closest sentence and,
// for a weak one, the library work that fits better. A citation judged among the works of its paragraph says so; a
// misattributed one is marked and explained ("This sentence describes zhu2017, not huang2018"), with both works'
// sentences and a button that cites the better work instead. Clicking a key asks the extension to show it.
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
  misattributed: 'misattributed',
  unsupported: 'unsupported by its paragraph',
  'title-only': 'title only: cannot be judged',
  'not-in-library': 'not in the library',
  'no-sentence': 'no sentence to judge',
};

function evidenceText(e: { text: string; source: string; page?: number }): string {
  return `${e.source === 'pdf' ? `PDF${e.page ? ` p. ${e.page}` : ''}` : e.source}: “${e.text}”`;
}

/** Verdicts with a support worth showing as a bar. */
const JUDGED = new Set<CitationCheckView['verdict']>(['supported', 'weak', 'misattributed', 'unsupported']);

/** A row the author should look at: the wrong work, or a number or name the work does not hold. */
function flagged(c: CitationCheckView): boolean {
  return c.verdict === 'misattributed' || c.verdict === 'unsupported' || !!c.unsupportedDetails?.length;
}

/** What the row says beyond its verdict: the evidence, and why it is flagged. */
function explanation(c: CitationCheckView, index: number, post: (m: CheckToExtension) => void): (HTMLElement | null)[] {
  const details = c.unsupportedDetails?.length
    ? h('p', { class: 'details', 'data-testid': `check-${index}-details` }, `Not in ${c.key}: ${c.unsupportedDetails.join(', ')}`)
    : null;
  if (c.verdict === 'misattributed' && c.better) {
    const better = c.better;
    return [
      h('p', { class: 'why', 'data-testid': `check-${index}-why` }, 'This sentence describes ', h('strong', {}, better.key), ', not ', h('strong', {}, c.key), '.'),
      h('p', { class: 'evidence', 'data-testid': `check-${index}-better` }, `${better.key}: ${evidenceText(better.evidence)}`),
      c.evidence ? h('p', { class: 'evidence', 'data-testid': `check-${index}-evidence` }, `${c.key}: ${evidenceText(c.evidence)}`) : null,
      details,
      h('button', { class: 'swap', type: 'button', 'data-testid': `check-${index}-swap`, onclick: () => post({ type: 'swapCitation', index }) }, `Cite ${better.key} instead of ${c.key}`),
    ];
  }
  return [
    c.verdict === 'unsupported'
      ? h('p', { class: 'why', 'data-testid': `check-${index}-why` }, 'No work this paragraph cites says what this sentence says.')
      : null,
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
    details,
  ];
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
        { class: `check verdict-${c.verdict}${flagged(c) ? ' flagged' : ''}`, 'data-testid': `check-${index}` },
        h(
          'div',
          { class: 'check-head' },
          h('button', { class: 'link key', type: 'button', 'aria-label': `Go to ${c.key}, line ${c.line + 1}`, onclick: () => api.postMessage({ type: 'revealCitation', index }) }, c.key),
          h('span', { class: 'verdict', 'data-testid': `check-${index}-verdict` }, `${flagged(c) ? '⚠ ' : ''}${VERDICT_LABEL[c.verdict]}`),
          // A title-only work's number would only look like a judgement.
          c.support !== undefined && JUDGED.has(c.verdict) ? bar(`check-${index}-support`, `Support of ${c.key}`, '', c.support, 'part-f') : null,
        ),
        h('p', { class: 'hint sentence' }, c.sentence),
        c.paragraphKeys?.length ? h('p', { class: 'hint', 'data-testid': `check-${index}-paragraph` }, `Judged against the other works of its paragraph: ${c.paragraphKeys.join(', ')}`) : null,
        ...explanation(c, index, (m) => api.postMessage(m)),
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
            `${count('supported')} supported · ${count('weak')} weak · ` +
            // Flags only the paragraph judgement gives: shown when there are any.
            (['misattributed', 'unsupported'] as const).map((v) => (count(v) ? `${count(v)} ${v} · ` : '')).join('') +
            `${count('title-only')} title only`,
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
