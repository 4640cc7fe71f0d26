// The Settings section: target length, paragraphs or subsections, and the engine.
import { h, replaceChildren } from '../dom';
import type { DraftContext } from './context';
import type { ValueElement } from './state';

export function renderSettings(ctx: DraftContext): void {
  const { model, el } = ctx;
  el.targetWordsField.value = String(model.panel.settings.targetWords);
  el.paragraphsRadio.checked = !model.panel.settings.subsections;
  el.subsectionsRadio.checked = model.panel.settings.subsections;
  // Rebuilt rather than patched: the select only picks up its options reliably when they exist before its value.
  el.engineSelect = h(
    'vscode-single-select',
    { 'data-testid': 'engine-select', label: 'Engine', 'aria-labelledby': 'engine-label', disabled: model.engines.length === 0 },
    ...model.engines.map((e) => h('vscode-option', { value: e, selected: e === model.panel.settings.engine }, e)),
  ) as ValueElement;
  el.engineSelect.addEventListener('change', () => {
    if (el.engineSelect && el.engineSelect.value !== model.panel.settings.engine) {
      model.panel.settings = { ...model.panel.settings, engine: el.engineSelect.value };
      ctx.persist();
    }
  });
  replaceChildren(el.engineSlot, model.engines.length ? el.engineSelect : h('span', { class: 'hint' }, 'No engine available yet.'));
}

/** A valid length is saved as the author types (debounced); an invalid one is marked and not saved. */
export function listenToSettings(ctx: DraftContext): void {
  const { model, el } = ctx;
  el.targetWordsField.addEventListener('input', () => {
    const words = Number(el.targetWordsField.value);
    const valid = Number.isInteger(words) && words > 0;
    el.targetWordsField.toggleAttribute('invalid', !valid);
    if (valid && words !== model.panel.settings.targetWords) {
      model.panel.settings = { ...model.panel.settings, targetWords: words };
      ctx.persist({ debounce: true });
    }
  });
  for (const radio of [el.paragraphsRadio, el.subsectionsRadio]) {
    radio.addEventListener('change', () => {
      const subsections = el.subsectionsRadio.checked;
      if (subsections !== model.panel.settings.subsections) {
        model.panel.settings = { ...model.panel.settings, subsections };
        ctx.persist();
      }
    });
  }
}
