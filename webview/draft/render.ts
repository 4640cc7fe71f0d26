// The draft box: the draft's paragraphs and sentences, each sentence editable in place, regenerable and traced to
// its sources; the notes on keys left out; the word count; Insert.
import type { DraftParagraphView, DraftSentenceView, SourceRef } from '../../src/protocol/webview';
import { renderDraftText } from '../draftText';
import { h, replaceChildren, wordCount } from '../dom';
import type { DraftContext } from './context';
import { requestParagraph, requestSentence } from './requests';
import type { ValueElement } from './state';
import { checkBadge, checkEvidence, concernNote, notRecheckedBadge } from './checks';

export function renderDraft(ctx: DraftContext): void {
  const { draftBox } = ctx.el;
  const draft = ctx.model.panel.draft;
  if (!draft) {
    replaceChildren(
      draftBox,
      h(
        'p',
        { class: 'hint empty' },
        'Pick the keys to cite, then Generate. The draft appears here; every sentence can be edited, regenerated and traced to its source.',
      ),
    );
    return;
  }
  const paragraphs = draft.paragraphs.map((p, i) => renderParagraph(ctx, p, i));
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
  replaceChildren(draftBox, h('h2', {}, 'Draft'), unknown, listed, ...paragraphs, draftFooter(ctx));
  renderStats(ctx);
  ctx.renderActions();
  markPendingTargets(ctx);
}

function draftFooter(ctx: DraftContext): HTMLElement {
  return h(
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
          if ((e.currentTarget as ValueElement).disabled || !ctx.model.panel.draft) return;
          ctx.flushPendingState();
          ctx.showNotice(undefined);
          ctx.post({ type: 'insert', draft: ctx.model.panel.draft });
        },
      },
      'Insert',
    ),
  );
}

export function renderStats(ctx: DraftContext): void {
  const stats = ctx.el.draftBox.querySelector('[data-testid="draft-stats"]');
  const draft = ctx.model.panel.draft;
  if (!stats || !draft) return;
  const words = wordCount(renderDraftText(draft));
  const edited = draft.paragraphs.reduce((n, p) => n + p.sentences.filter((s) => s.edited).length, 0);
  const parts = [`${words} words`, draft.engine, draft.elapsedMs > 0 ? `${(draft.elapsedMs / 1000).toFixed(1)} s` : ''];
  if (edited) parts.push(`${edited} edited`);
  stats.textContent = parts.filter(Boolean).join(' · ');
}

export function renderParagraph(ctx: DraftContext, p: DraftParagraphView, pi: number): HTMLElement {
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
          onclick: () => requestParagraph(ctx, pi, label),
        },
        '↻ Regenerate',
      ),
    ),
    ...p.sentences.map((s, si) => renderSentence(ctx, s, pi, si)),
  );
}

export function renderSentence(ctx: DraftContext, s: DraftSentenceView, pi: number, si: number): HTMLElement {
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
  const grounding = h('div', { class: 'grounding', id: groundingId, 'data-testid': `grounding-${pi}-${si}`, hidden: true }, ...checkEvidence(s), ...renderSources(ctx, s.sources));
  const note = concernNote(s, pi, si);
  const badge = checkBadge(s, pi, si);
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
    { class: `sentence role-${s.role}${s.edited ? ' edited' : ''}${note ? ' flagged' : ''}`, 'data-testid': `sentence-${pi}-${si}` },
    text,
    h(
      'div',
      { class: 'sentence-tools' },
      s.role === 'work' ? null : h('span', { class: `badge role-badge`, title: roleTitle(s.role) }, s.role),
      editedBadge,
      badge,
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
          onclick: () => requestSentence(ctx, pi, si, label),
        },
        '↻',
      ),
    ),
    note,
    grounding,
  );
  editInPlace(ctx, { text, row, editedBadge, badge, note, grounding }, pi, si);
  return row;
}

type SentenceParts = { text: HTMLElement; row: HTMLElement; editedBadge: HTMLElement; badge: HTMLElement | null; note: HTMLElement | null; grounding: HTMLElement };

/**
 * Typing into a sentence edits the draft (one line: newlines become spaces) and marks it edited; Enter ends the
 * edit, Escape restores the text the sentence had when it took the focus. The check's verdict was of the old text
 * ("✓ supported" on a sentence now citing another claim): the first keystroke drops the checks and flags, and the
 * badge reads "not re-checked"; Escape brings them back with the text.
 */
function editInPlace(ctx: DraftContext, parts: SentenceParts, pi: number, si: number): void {
  const { text, row, editedBadge, badge, note, grounding } = parts;
  const sentenceAt = () => ctx.model.panel.draft?.paragraphs[pi]?.sentences[si];
  // The text before this edit session, so Escape can undo it.
  let before: { text: string; edited: boolean } | undefined;
  // The checks and flags this edit session dropped, so Escape can bring them back.
  let dropped: Pick<DraftSentenceView, 'checks' | 'flags'> | undefined;
  text.addEventListener('focus', () => {
    const current = sentenceAt();
    before = current ? { text: current.text, edited: current.edited === true } : undefined;
    dropped = undefined;
  });
  const dropChecks = (current: DraftSentenceView) => {
    if (!current.checks && !current.flags) return;
    dropped = { checks: current.checks, flags: current.flags };
    delete current.checks;
    delete current.flags;
    badge?.replaceWith(notRecheckedBadge(pi, si));
    note?.remove();
    grounding.querySelectorAll('.check-evidence').forEach((figure) => figure.remove());
    row.classList.remove('flagged');
  };
  text.addEventListener('input', () => {
    const current = sentenceAt();
    if (!current) return;
    // A sentence is one line in the document: newlines typed or pasted become spaces.
    current.text = (text.textContent ?? '').replace(/\s*\n\s*/g, ' ');
    current.edited = true;
    dropChecks(current);
    row.classList.add('edited');
    editedBadge.hidden = false;
    renderStats(ctx);
    ctx.persist({ debounce: true });
  });
  text.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      text.blur();
    } else if (e.key === 'Escape' && before) {
      e.preventDefault();
      const current = sentenceAt();
      if (current) {
        current.text = before.text;
        current.edited = before.edited || undefined;
        text.textContent = before.text;
        row.classList.toggle('edited', before.edited);
        editedBadge.hidden = !before.edited;
        renderStats(ctx);
        if (dropped?.checks) current.checks = dropped.checks;
        if (dropped?.flags) current.flags = dropped.flags;
        ctx.persist();
      }
      text.blur();
      // The checks are back: the row is drawn again with its badge, note and evidence.
      if (current && dropped) row.replaceWith(renderSentence(ctx, current, pi, si));
    }
  });
  text.addEventListener('blur', () => {
    const current = sentenceAt();
    if (current && current.text !== current.text.trim()) {
      current.text = current.text.trim();
      text.textContent = current.text;
    }
    ctx.flushPendingState();
  });
}

function renderSources(ctx: DraftContext, sources: SourceRef[]): HTMLElement[] {
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
            onclick: () => ctx.post({ type: 'openSource', source: src }),
          },
          'Open',
        ),
      ),
    ),
  );
}

/** Marks the paragraph or sentence being regenerated busy, and only it. */
export function markPendingTargets(ctx: DraftContext): void {
  const { draftBox } = ctx.el;
  const { pending } = ctx.model;
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

function roleTitle(role: DraftSentenceView['role']): string {
  return role === 'topic' ? 'Topic sentence' : role === 'contrast' ? 'Contrast with this work' : 'Describes a cited work';
}
