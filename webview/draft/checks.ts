// A sentence's citations as the attribution check judged them (LLM engines): a badge with the verdict, each cited
// work's support and evidence sentence in the sources panel, and for a doubtful sentence an explanation shown with it
// ("This describes roe2021, not doe2020: roe2021 says “…”"), so that nothing flagged goes into the paper unread.
import type { DraftSentenceView, SentenceCheckView } from '../../src/protocol/webview';
import { h } from '../dom';

/** Verdicts worth the author's look before inserting. */
const DOUBTFUL = new Set<SentenceCheckView['verdict']>(['weak', 'misattributed', 'unsupported']);

/**
 * Whether a citation's verdict needs the author's look. "Weak" only where the sentence is about that one work: a
 * topic sentence citing five works says little of each, and marking it would hide the sentences that matter.
 */
function doubtful(c: SentenceCheckView, s: DraftSentenceView): boolean {
  if (c.unsupportedDetails?.length) return true;
  return DOUBTFUL.has(c.verdict) && (c.verdict !== 'weak' || s.keys.length === 1);
}

/** What needs explaining of one citation, in the user's terms (keys), or nothing. */
function explain(c: SentenceCheckView, s: DraftSentenceView): string[] {
  if (!doubtful(c, s)) return [];
  const out: string[] = [];
  if (c.verdict === 'misattributed' && c.better) {
    out.push(`This describes ${c.better.key}, not ${c.key}: ${c.better.key} says “${c.better.evidence.text}”; ${c.key} says “${c.evidence?.text ?? ''}”.`);
  } else if (c.verdict === 'unsupported') out.push(`No work of this paragraph says this (cited: ${c.key}).`);
  else if (c.verdict === 'weak') out.push(`${c.key} supports this only weakly${c.evidence ? `; its closest sentence: “${c.evidence.text}”` : ''}.`);
  if (c.unsupportedDetails?.length) out.push(`${c.key}'s text does not hold: ${c.unsupportedDetails.join(', ')}.`);
  return out;
}

/** The explanations of a sentence: its own flags first (why the default engine wrote it), then its doubtful citations. */
export function sentenceConcerns(s: DraftSentenceView): string[] {
  return [...(s.flags ?? []), ...(s.checks ?? []).flatMap((c) => explain(c, s))];
}

/** The badge: the worst verdict of the sentence's citations (or "default engine" when it replaced the model's). */
export function checkBadge(s: DraftSentenceView, pi: number, si: number): HTMLElement | null {
  const checks = s.checks ?? [];
  if (!checks.length && !s.flags?.length) return null;
  const worst = checks.find((c) => doubtful(c, s));
  // A supported citation flagged only for a detail its work lacks reads "⚠ details", not "⚠ supported".
  const worstLabel = worst && (worst.unsupportedDetails?.length && worst.verdict === 'supported' ? 'details' : worst.verdict);
  const allSupported = checks.every((c) => c.verdict === 'supported');
  const label = s.flags?.length ? '⚠ replaced' : worstLabel ? `⚠ ${worstLabel}` : allSupported ? '✓ supported' : '✓ checked';
  const percent = (c: (typeof checks)[number]) => (c.support !== undefined ? ` ${Math.round(c.support * 100)}%` : '');
  const support = checks.map((c) => `${c.key}: ${c.verdict}${percent(c)}`).join(', ');
  return h(
    'span',
    {
      class: `badge check-badge${worst || s.flags?.length ? ' doubtful' : ''}`,
      'data-testid': `check-${pi}-${si}`,
      title: support ? `Checked against the works of this paragraph: ${support}` : 'Written by the default engine',
    },
    label,
  );
}

/** The badge of a checked sentence edited by hand: its verdict was of the old text. */
export function notRecheckedBadge(pi: number, si: number): HTMLElement {
  return h('span', { class: 'badge check-badge', 'data-testid': `check-${pi}-${si}`, title: 'Edited by hand after the attribution check: the verdict was of the old text' }, 'not re-checked');
}

/** The visible note under a doubtful sentence, or nothing. */
export function concernNote(s: DraftSentenceView, pi: number, si: number): HTMLElement | null {
  const concerns = sentenceConcerns(s);
  if (!concerns.length) return null;
  return h('div', { class: 'message warning check-note', role: 'note', 'data-testid': `check-note-${pi}-${si}` }, ...concerns.map((c) => h('p', {}, c)));
}

/** Each cited work's support and evidence, for the sources panel. */
export function checkEvidence(s: DraftSentenceView): HTMLElement[] {
  return (s.checks ?? []).map((c) =>
    h(
      'figure',
      { class: `source check-evidence verdict-${c.verdict}` },
      h('blockquote', {}, c.evidence?.text ?? '(no sentence of the work comes close)'),
      h(
        'figcaption',
        {},
        h('code', {}, c.key),
        ` · ${c.verdict}`,
        c.support !== undefined ? ` · support ${Math.round(c.support * 100)}%` : '',
        c.evidence ? ` · ${c.evidence.source}${c.evidence.page !== undefined ? ` p. ${c.evidence.page}` : ''}` : '',
      ),
    ),
  );
}
