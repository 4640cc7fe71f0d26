// The Keys section: the document's keys and those added by hand, ticked or not; BibTeX groups; the library search.
import type { KeyGroup, KeyOption } from '../../src/protocol/webview';
import { h, replaceChildren } from '../dom';
import type { DraftContext } from './context';
import { listedKeys, orderBy, rememberKeys, uniq, type CheckElement } from './state';

const SEARCH_DELAY_MS = 250;

/** Adds every key of a BibTeX group the library knows, ticked, in one go. */
function addGroup(ctx: DraftContext, group: KeyGroup): void {
  const { model } = ctx;
  rememberKeys(model, group.keys);
  const known = group.keys.filter((o) => o.known).map((o) => o.key);
  for (const k of known) if (!model.addedKeys.includes(k)) model.addedKeys.push(k);
  model.panel.keys = orderBy(uniq([...model.panel.keys, ...known]), listedKeys(model));
  ctx.persist();
  renderKeys(ctx);
  renderSearchResults(ctx);
  ctx.renderActions();
}

export function renderGroups(ctx: DraftContext, groups: KeyGroup[]): void {
  const { groupBox } = ctx.el;
  groupBox.hidden = groups.length === 0;
  replaceChildren(
    groupBox,
    h('span', { class: 'hint' }, 'BibTeX groups:'),
    ...groups.map((g) =>
      h(
        'vscode-button',
        {
          secondary: true,
          'data-testid': `group-${g.name}`,
          'aria-label': `Add the ${g.keys.length} keys of group ${g.name}`,
          onclick: () => addGroup(ctx, g),
        },
        `${g.name} (${g.keys.length})`,
      ),
    ),
  );
}

function setKeySelected(ctx: DraftContext, key: string, selected: boolean): void {
  const { model } = ctx;
  const has = model.panel.keys.includes(key);
  if (selected && !has) model.panel.keys = orderBy([...model.panel.keys, key], listedKeys(model));
  if (!selected && has) model.panel.keys = model.panel.keys.filter((k) => k !== key);
  ctx.persist();
  renderKeys(ctx);
  renderSearchResults(ctx);
  ctx.renderActions();
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

function keyRow(ctx: DraftContext, key: string): HTMLElement {
  const option = ctx.model.keyInfo.get(key);
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
      '.checked': ctx.model.panel.keys.includes(key),
      onchange: (e: Event) => setKeySelected(ctx, key, (e.currentTarget as CheckElement).checked),
    },
    keyLabel(option, key),
  );
  // A title-only work can only be named by the draft: say so before generating, so the author can ground it.
  const titleOnly =
    option?.grounding === 'title-only'
      ? h(
          'span',
          {
            class: 'badge warning',
            'data-testid': `title-only-${key}`,
            title: 'No abstract or PDF in the library: the draft can only name this work. Find Abstracts Online or link its PDF.',
          },
          'title only',
        )
      : null;
  return h('li', { class: 'key-row', 'data-testid': `key-${key}` }, checkbox, titleOnly);
}

export function renderKeys(ctx: DraftContext): void {
  const { model, el } = ctx;
  const rows = listedKeys(model).map((key) => keyRow(ctx, key));
  replaceChildren(el.keyList, ...rows);
  el.keyList.hidden = rows.length === 0;
  const unknownCount = listedKeys(model).filter((k) => model.keyInfo.get(k)?.known === false).length;
  const titleOnlyCount = model.panel.keys.filter((k) => model.keyInfo.get(k)?.grounding === 'title-only').length;
  el.keySummary.textContent =
    rows.length === 0
      ? 'No keys yet: use the current document’s citations or search the library.'
      : `${model.panel.keys.length} selected` +
        (unknownCount ? ` · ${unknownCount} not in the library` : '') +
        (titleOnlyCount ? ` · ${titleOnlyCount} title only` : '');
  renderScope(ctx);
}

function renderScope(ctx: DraftContext): void {
  const { scopeLine } = ctx.el;
  const { scope } = ctx.model;
  scopeLine.hidden = !scope;
  if (!scope) return;
  const count = ctx.model.documentKeys.length;
  const other = scope.all
    ? h(
        'a',
        { href: '#', 'data-testid': 'use-section-keys', onclick: (e: Event) => (e.preventDefault(), ctx.post({ type: 'useDocumentKeys' })) },
        'only the section at the cursor',
      )
    : h(
        'a',
        { href: '#', 'data-testid': 'use-all-keys', onclick: (e: Event) => (e.preventDefault(), ctx.post({ type: 'useDocumentKeys', all: true })) },
        `use all ${scope.total} keys of the document`,
      );
  replaceChildren(
    scopeLine,
    scope.all ? `From the whole document: ${count} cited keys · ` : `From ${scope.label}: ${count} of ${scope.total} cited keys · `,
    other,
  );
}

function searchRow(ctx: DraftContext, option: KeyOption): HTMLElement {
  const added = ctx.model.panel.keys.includes(option.key);
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
          if (!ctx.model.addedKeys.includes(option.key)) ctx.model.addedKeys.push(option.key);
          setKeySelected(ctx, option.key, true);
        },
      },
      added ? 'Added' : 'Add',
    ),
  );
}

export function renderSearchResults(ctx: DraftContext): void {
  const { searchList } = ctx.el;
  const { searchResults, searchQuery } = ctx.model;
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
  replaceChildren(searchList, ...searchResults.map((option) => searchRow(ctx, option)));
}

/** Searches as the author types (after a pause) or at once on Enter; an empty query clears the results. */
export function listenToSearch(ctx: DraftContext): void {
  const { searchField } = ctx.el;
  let searchTimer: ReturnType<typeof setTimeout> | undefined;
  function runSearch(): void {
    clearTimeout(searchTimer);
    const query = searchField.value.trim();
    ctx.model.searchQuery = query;
    if (!query) {
      ctx.model.searchResults = undefined;
      renderSearchResults(ctx);
      return;
    }
    ctx.post({ type: 'searchKeys', query });
  }
  searchField.addEventListener('input', () => {
    clearTimeout(searchTimer);
    searchTimer = setTimeout(runSearch, SEARCH_DELAY_MS);
  });
  searchField.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') runSearch();
  });
}
