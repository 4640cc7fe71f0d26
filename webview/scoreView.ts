// The score panel: ROUGE bars, citation coverage with the missing/unknown keys, and the BlockMatch pairing.
// Plain DOM and CSS bars; it renders a whole report at once, which arrives again whenever the draft changes.
import type { ExtensionToScore, ScoreReportView, ScoreToExtension } from '../src/protocol/webview';
import { h, percent, replaceChildren } from './dom';
import { alertBox, reportOrError } from './reportPanel';
import type { WebviewApi } from './vscodeApi';

const ROUGE_METRICS = [
  { id: 'rouge1', label: 'ROUGE-1' },
  { id: 'rouge2', label: 'ROUGE-2' },
  { id: 'rougeL', label: 'ROUGE-L' },
  { id: 'rougeLsum', label: 'ROUGE-Lsum' },
] as const;

const PRF_PARTS = [
  { id: 'p', label: 'Precision', short: 'P' },
  { id: 'r', label: 'Recall', short: 'R' },
  { id: 'f', label: 'F1', short: 'F' },
] as const;

export interface ScoreState {
  report?: ScoreReportView;
}

/** Asks the extension to show a line of the draft or of the reference. */
type Reveal = (target: 'draft' | 'reference', line: number) => void;

export function mountScoreView(root: HTMLElement, api: WebviewApi<ScoreState, ScoreToExtension>): (msg: ExtensionToScore) => void {
  const errorBox = alertBox();
  const content = h('div', { class: 'score-content', 'data-testid': 'score-report' });
  replaceChildren(root, errorBox, content);

  const reveal: Reveal = (target, line) => api.postMessage({ type: 'revealLine', target, line });

  const onMessage = reportOrError(errorBox, 'report', (msg: Extract<ExtensionToScore, { type: 'report' }>) => {
    api.setState({ report: msg.report });
    renderReport(content, msg.report, reveal);
  });

  renderReport(content, api.getState()?.report, reveal);
  api.postMessage({ type: 'ready' });
  return onMessage;
}

function renderReport(content: HTMLElement, report: ScoreReportView | undefined, reveal: Reveal): void {
  if (!report) {
    replaceChildren(content, h('p', { class: 'hint empty' }, 'Waiting for scores…'));
    return;
  }
  replaceChildren(
    content,
    h(
      'header',
      { class: 'score-header' },
      h('h1', {}, 'Draft scores'),
      h(
        'p',
        { class: 'hint', 'data-testid': 'score-labels' },
        h('strong', {}, report.draftLabel),
        ' compared with ',
        h('strong', {}, report.referenceLabel),
        report.stemmed ? ' · Porter stemming' : ' · no stemming',
      ),
    ),
    renderRouge(report),
    renderCoverage(report.coverage, reveal),
    renderBlockMatch(report.blockMatch, reveal),
  );
}

function renderRouge(report: ScoreReportView): HTMLElement {
  return h(
    'section',
    { class: 'score-section', 'aria-labelledby': 'rouge-heading' },
    h('h2', { id: 'rouge-heading' }, 'ROUGE'),
    legend(),
    h(
      'div',
      { class: 'metric-grid' },
      ...ROUGE_METRICS.map((m) =>
        h(
          'div',
          { class: 'metric', 'data-testid': `metric-${m.id}`, role: 'group', 'aria-label': m.label },
          h('h3', {}, m.label),
          ...PRF_PARTS.map((part) => bar(`bar-${m.id}-${part.id}`, `${m.label} ${part.label}`, part.short, report.rouge[m.id][part.id], `part-${part.id}`)),
        ),
      ),
    ),
  );
}

/** A list of keys, each a button to its line in the draft or the reference when its line is known. */
interface KeyListSpec {
  title: string;
  testid: string;
  keys: { key: string; line?: number }[];
  target: 'draft' | 'reference';
  where: string;
  empty: string;
}

function keyList({ title, testid, keys, target, where, empty }: KeyListSpec, reveal: Reveal): HTMLElement {
  return h(
    'div',
    { class: 'key-group' },
    h('h3', {}, `${title} (${keys.length})`),
    keys.length === 0
      ? h('p', { class: 'hint' }, empty)
      : h(
          'ul',
          { class: 'chip-list', 'data-testid': testid },
          ...keys.map((k) =>
            h(
              'li',
              {},
              k.line === undefined
                ? h('code', { class: 'chip', 'data-testid': `${testid}-${k.key}` }, k.key)
                : h(
                    'button',
                    {
                      class: 'chip link',
                      'data-testid': `${testid}-${k.key}`,
                      'aria-label': `Go to ${k.key} in the ${where}, line ${k.line + 1}`,
                      title: `${where}, line ${k.line + 1}`,
                      onclick: () => reveal(target, k.line!),
                    },
                    h('code', {}, k.key),
                    h('span', { class: 'line-ref' }, ` L${k.line + 1}`),
                  ),
            ),
          ),
        ),
  );
}

function renderCoverage(c: ScoreReportView['coverage'], reveal: Reveal): HTMLElement {
  return h(
    'section',
    { class: 'score-section', 'aria-labelledby': 'coverage-heading' },
    h('h2', { id: 'coverage-heading' }, 'Citation coverage'),
    h(
      'div',
      { class: 'metric coverage', 'data-testid': 'metric-coverage' },
      bar('bar-coverage-precision', 'Citation precision', 'P', c.precision, 'part-p'),
      bar('bar-coverage-recall', 'Citation recall', 'R', c.recall, 'part-r'),
      bar('bar-coverage-f1', 'Citation F1', 'F', c.f1, 'part-f'),
    ),
    h(
      'div',
      { class: 'key-groups' },
      keyList(
        {
          title: 'Missing from the draft',
          testid: 'missing-keys',
          keys: c.missing,
          target: 'reference',
          where: 'reference',
          empty: 'The draft cites every key the reference cites.',
        },
        reveal,
      ),
      keyList(
        {
          title: 'Not in the library',
          testid: 'unknown-keys',
          keys: c.unknown,
          target: 'draft',
          where: 'draft',
          empty: 'Every key the draft cites is in the library.',
        },
        reveal,
      ),
    ),
  );
}

type BlockPair = ScoreReportView['blockMatch']['pairs'][number];

/** One matched pair; a row whose draft paragraph has a line goes there when clicked. */
function pairRow(pair: BlockPair, i: number, reveal: Reveal): HTMLElement {
  const go = pair.draftLine !== undefined ? () => reveal('draft', pair.draftLine!) : undefined;
  return h(
    'tr',
    { 'data-testid': `block-pair-${i}`, class: go ? 'clickable' : undefined, onclick: go },
    h(
      'td',
      { class: 'num' },
      go
        ? h(
            'button',
            {
              class: 'link',
              'data-testid': `block-pair-${i}-draft`,
              'aria-label': `Go to draft paragraph ${pair.draftIndex + 1}, line ${pair.draftLine! + 1}`,
              // The row handles the click; the button is there for the keyboard.
              onclick: (e: Event) => {
                e.stopPropagation();
                go();
              },
            },
            `¶ ${pair.draftIndex + 1}`,
          )
        : `¶ ${pair.draftIndex + 1}`,
    ),
    h('td', { class: 'num' }, `¶ ${pair.referenceIndex + 1}`),
    h('td', { class: 'num score-cell' }, scoreCell(pair.score)),
    h('td', { class: 'preview' }, pair.draftPreview),
    h('td', { class: 'preview' }, pair.referencePreview),
  );
}

const PAIR_COLUMNS = ['Draft', 'Reference', 'Score', 'Draft text', 'Reference text'];

function renderBlockMatch(b: ScoreReportView['blockMatch'], reveal: Reveal): HTMLElement {
  const rows = b.pairs.map((pair, i) => pairRow(pair, i, reveal));
  return h(
    'section',
    { class: 'score-section', 'aria-labelledby': 'blockmatch-heading' },
    h('h2', { id: 'blockmatch-heading' }, 'BlockMatch'),
    h(
      'div',
      { class: 'metric coverage', 'data-testid': 'metric-blockmatch' },
      bar('bar-blockmatch-p', 'BlockMatch precision', 'P', b.precision, 'part-p'),
      bar('bar-blockmatch-r', 'BlockMatch recall', 'R', b.recall, 'part-r'),
      bar('bar-blockmatch-f', 'BlockMatch F1', 'F', b.f1, 'part-f'),
    ),
    rows.length === 0
      ? h('p', { class: 'hint' }, 'No draft paragraph was matched to a reference paragraph.')
      : h(
          'table',
          { class: 'pairs', 'data-testid': 'block-pairs' },
          h('caption', { class: 'hint' }, 'Each draft paragraph and the reference paragraph it was matched with (ROUGE-2 F1).'),
          h('thead', {}, h('tr', {}, ...PAIR_COLUMNS.map((column) => h('th', { scope: 'col' }, column)))),
          h('tbody', {}, ...rows),
        ),
  );
}

/** One horizontal bar: label, a track filled to the value, and the value as a percentage with one decimal. */
export function bar(testid: string, name: string, short: string, ratio: number, partClass: string): HTMLElement {
  const fill = h('span', { class: 'bar-fill' });
  fill.style.width = `${clampPercent(ratio)}%`;
  const text = percent(ratio);
  return h(
    'div',
    {
      class: `bar ${partClass}`,
      'data-testid': testid,
      role: 'meter',
      'aria-label': name,
      'aria-valuemin': 0,
      'aria-valuemax': 100,
      'aria-valuenow': Number.isFinite(ratio) ? Math.round(ratio * 1000) / 10 : undefined,
      'aria-valuetext': text,
    },
    h('span', { class: 'bar-label', title: name }, short),
    h('span', { class: 'bar-track' }, fill),
    h('span', { class: 'bar-value', 'data-testid': `${testid}-value` }, text),
  );
}

function scoreCell(ratio: number): HTMLElement {
  const fill = h('span', { class: 'bar-fill' });
  fill.style.width = `${clampPercent(ratio)}%`;
  return h('span', { class: 'mini-bar' }, h('span', { class: 'bar-track' }, fill), h('span', { class: 'bar-value' }, percent(ratio)));
}

function clampPercent(ratio: number): number {
  return Number.isFinite(ratio) ? Math.min(100, Math.max(0, ratio * 100)) : 0;
}

function legend(): HTMLElement {
  return h(
    'p',
    { class: 'legend hint', 'aria-hidden': 'true' },
    ...PRF_PARTS.flatMap((p) => [h('span', { class: `swatch part-${p.id}` }), `${p.short} = ${p.label}  `]),
  );
}
