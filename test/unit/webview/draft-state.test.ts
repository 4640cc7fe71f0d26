// The draft panel's saved state after a reload (or from the workspace copy in `init`): what fits the protocol is
// restored a part at a time, so one bad setting costs the author neither the keys nor the draft, and a draft the panel
// could not render is dropped instead of breaking the panel.
import { strict as assert } from 'assert';
import { DEFAULT_TARGET_WORDS, validState } from '../../../webview/draft/state';
import { DRAFT, SAVED_STATE } from '../../webview/fixtures';

describe('draft panel: restoring the saved state', () => {
  it('restores a whole state as it was saved', () => {
    assert.deepEqual(validState(structuredClone(SAVED_STATE)), SAVED_STATE);
  });

  it('replaces each setting that does not fit with the default, keeping the keys and the draft', () => {
    const saved = { keys: ['lewis2020bart', 7], settings: { targetWords: 0, subsections: 'yes', engine: 3 }, draft: DRAFT };
    assert.deepEqual(validState(saved), { keys: ['lewis2020bart'], settings: { targetWords: DEFAULT_TARGET_WORDS, subsections: false, engine: '' }, draft: DRAFT });
  });

  it('drops a draft the panel could not render (no engine, a sentence without text), keeping the keys and settings', () => {
    const noEngine: Record<string, unknown> = { ...DRAFT };
    delete noEngine.engine;
    const noText = { ...DRAFT, paragraphs: [{ keys: [], sentences: [{ keys: [], role: 'topic', sources: [] }] }] };
    for (const draft of [noEngine, noText, { paragraphs: [] }]) {
      const restored = validState({ ...SAVED_STATE, draft });
      assert.equal(restored?.draft, undefined, JSON.stringify(draft).slice(0, 80));
      assert.deepEqual(restored?.keys, SAVED_STATE.keys);
      assert.deepEqual(restored?.settings, SAVED_STATE.settings);
    }
  });

  it('is no state at all without a list of keys and a settings object', () => {
    for (const saved of [undefined, null, 'state', [], { keys: ['a'] }, { keys: 'a', settings: SAVED_STATE.settings }, { keys: [], settings: null }]) {
      assert.equal(validState(saved), undefined, JSON.stringify(saved));
    }
  });
});
