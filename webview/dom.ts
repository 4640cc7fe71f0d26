// A tiny element builder: the views render with plain DOM so the bundle carries no framework beyond the components.

type Child = Node | string | number | false | null | undefined;
type Attrs = Record<string, string | number | boolean | undefined | null | EventListener>;

/**
 * h('div', { class: 'x', 'data-testid': 'y', onclick: fn }, child…). `on*` keys become listeners, boolean true
 * becomes an empty attribute, false/null/undefined are left out. Property-style values (e.g. `.value`) are set
 * as properties, which custom elements need for non-string state.
 */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs?: Attrs, ...children: Child[]): HTMLElementTagNameMap[K];
export function h(tag: string, attrs?: Attrs, ...children: Child[]): HTMLElement;
export function h(tag: string, attrs: Attrs = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') {
      el.addEventListener(name.slice(2), value as EventListener);
    } else if (name.startsWith('.')) {
      (el as unknown as Record<string, unknown>)[name.slice(1)] = value;
    } else {
      el.setAttribute(name, value === true ? '' : String(value));
    }
  }
  append(el, children);
  return el;
}

export function append(parent: Node, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    parent.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
}

/** Swaps the children of `el` for `children` in one step. */
export function replaceChildren(el: Element, ...children: Child[]): void {
  el.textContent = '';
  append(el, children);
}

/** 0.4567 → "45.7%": every score in the panels is a ratio shown as a percentage with one decimal. */
export function percent(ratio: number): string {
  if (!Number.isFinite(ratio)) return '–';
  return `${(ratio * 100).toFixed(1)}%`;
}

/** Words a reader sees: citation commands (\citep[..]{a,b}, [@a; @b]) and LaTeX headings' commands do not count. */
export function wordCount(text: string): number {
  const prose = text
    .replace(/\\[A-Za-z]*cite[A-Za-z]*\*?(\[[^\]]*\])*\{[^}]*\}/g, ' ')
    .replace(/\[@[^\]]*\]/g, ' ')
    .replace(/\\[A-Za-z]+\*?/g, ' ')
    .replace(/[{}]/g, ' ');
  return prose.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}
