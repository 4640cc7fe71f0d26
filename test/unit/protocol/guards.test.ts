// Every message a webview may send, valid and malformed: the extension acts only on what the protocol says.
import { strict as assert } from 'assert';
import { isCheckToExtension, isDraftToExtension, isScoreToExtension, isVerifyToExtension } from '../../../src/protocol/guards';
import type { CheckToExtension, DraftToExtension, VerifyToExtension } from '../../../src/protocol/webview';

const settings = { targetWords: 200, subsections: false, engine: 'default' };
const source = { key: 'k', text: 'A sentence.', section: 'abstract', page: 2, pdfPath: '/p.pdf' };
const sentence = { text: 'S \\cite{k}.', keys: ['k'], role: 'work', sources: [source] };
const draft = { paragraphs: [{ keys: ['k'], sentences: [sentence] }], format: 'latex', citedKeys: ['k'], unknownKeys: [], engine: 'default', elapsedMs: 5 };

/** Each valid message, with variants that break one field each. */
const CASES: Record<DraftToExtension['type'], { valid: Record<string, unknown>; invalid: Record<string, unknown>[] }> = {
  ready: { valid: { type: 'ready' }, invalid: [] },
  useDocumentKeys: { valid: { type: 'useDocumentKeys' }, invalid: [] },
  searchKeys: { valid: { type: 'searchKeys', query: 'gan' }, invalid: [{ type: 'searchKeys' }, { type: 'searchKeys', query: 3 }] },
  generate: {
    valid: { type: 'generate', id: 'r1', keys: ['a', 'b'], settings },
    invalid: [
      { type: 'generate', keys: ['a'], settings },
      { type: 'generate', id: 'r1 ; drop', keys: ['a'], settings },
      { type: 'generate', id: 'r1', keys: 'a', settings },
      { type: 'generate', id: 'r1', keys: ['a', 1], settings },
      { type: 'generate', id: 'r1', keys: ['a'], settings: { ...settings, targetWords: 0 } },
      { type: 'generate', id: 'r1', keys: ['a'], settings: { ...settings, subsections: 'no' } },
      { type: 'generate', id: 'r1', keys: ['a'] },
    ],
  },
  cancel: { valid: { type: 'cancel', id: 'r7' }, invalid: [{ type: 'cancel' }, { type: 'cancel', id: '' }, { type: 'cancel', id: 'x'.repeat(65) }, { type: 'cancel', id: 7 }] },
  regenerateParagraph: {
    valid: { type: 'regenerateParagraph', id: 'r2', paragraph: 0 },
    invalid: [{ type: 'regenerateParagraph', paragraph: 0 }, { type: 'regenerateParagraph', id: 'r2', paragraph: -1 }, { type: 'regenerateParagraph', id: 'r2', paragraph: 1.5 }, { type: 'regenerateParagraph', id: 'r2', paragraph: '0' }],
  },
  regenerateSentence: {
    valid: { type: 'regenerateSentence', id: 'r3', paragraph: 1, sentence: 2 },
    invalid: [{ type: 'regenerateSentence', id: 'r3', paragraph: 1 }, { type: 'regenerateSentence', paragraph: 1, sentence: 2 }, { type: 'regenerateSentence', id: 'r3', paragraph: 1, sentence: null }],
  },
  stateChanged: {
    valid: { type: 'stateChanged', state: { keys: ['k'], settings, draft } },
    invalid: [
      { type: 'stateChanged', state: { keys: ['k'] } },
      { type: 'stateChanged', state: { keys: ['k'], settings, draft: { ...draft, format: 'html' } } },
      { type: 'stateChanged', state: { keys: ['k'], settings, draft: { ...draft, paragraphs: [{ keys: ['k'], sentences: [{ ...sentence, sources: [{ ...source, page: -2 }] }] }] } } },
    ],
  },
  insert: {
    valid: { type: 'insert', draft },
    invalid: [{ type: 'insert' }, { type: 'insert', draft: { ...draft, citedKeys: 'k' } }, { type: 'insert', draft: { ...draft, paragraphs: [{ keys: ['k'], sentences: [{ ...sentence, text: 5 }] }] } }],
  },
  openSource: {
    valid: { type: 'openSource', source },
    invalid: [{ type: 'openSource', source: { ...source, pdfPath: 3 } }, { type: 'openSource', source: { key: 'k' } }, { type: 'openSource' }],
  },
};

describe('webview message guards', () => {
  for (const [type, { valid, invalid }] of Object.entries(CASES)) {
    it(`draft panel → extension: '${type}' is accepted when well formed, refused otherwise`, () => {
      assert.equal(isDraftToExtension(valid), true, JSON.stringify(valid));
      for (const bad of invalid) assert.equal(isDraftToExtension(bad), false, JSON.stringify(bad));
    });
  }

  it('draft panel → extension: anything else is refused', () => {
    for (const bad of [null, undefined, 'ready', 42, [], { type: 'delete' }, { type: 7 }, {}]) assert.equal(isDraftToExtension(bad), false, String(JSON.stringify(bad)));
  });

  it('score panel → extension: ready and revealLine only, with a known target and a line number', () => {
    assert.equal(isScoreToExtension({ type: 'ready' }), true);
    assert.equal(isScoreToExtension({ type: 'revealLine', target: 'draft', line: 3 }), true);
    assert.equal(isScoreToExtension({ type: 'revealLine', target: 'reference', line: 0 }), true);
    for (const bad of [{ type: 'revealLine', target: 'settings', line: 3 }, { type: 'revealLine', target: 'draft', line: -1 }, { type: 'revealLine', target: 'draft' }, { type: 'insert' }, null]) {
      assert.equal(isScoreToExtension(bad), false, JSON.stringify(bad));
    }
  });

  it('accepts only well-formed check panel messages', () => {
    const cases: Record<CheckToExtension['type'], { valid: Record<string, unknown>; invalid: unknown[] }> = {
      ready: { valid: { type: 'ready' }, invalid: [] },
      revealCitation: { valid: { type: 'revealCitation', index: 2 }, invalid: [{ type: 'revealCitation' }, { type: 'revealCitation', index: -1 }, { type: 'revealCitation', index: '2' }, { type: 'revealCitation', index: 0.5 }] },
      swapCitation: { valid: { type: 'swapCitation', index: 0 }, invalid: [{ type: 'swapCitation' }, { type: 'swapCitation', index: -3 }, { type: 'swapCitation', index: 'better' }] },
    };
    for (const [type, c] of Object.entries(cases)) {
      assert.equal(isCheckToExtension(c.valid), true, type);
      for (const bad of c.invalid) assert.equal(isCheckToExtension(bad), false, JSON.stringify(bad));
    }
    assert.equal(isCheckToExtension({ type: 'revealLine', target: 'draft', line: 1 }), false);
    assert.equal(isCheckToExtension(null), false);
  });

  it('accepts only well-formed verify panel messages', () => {
    const cases: Record<VerifyToExtension['type'], { valid: Record<string, unknown>; invalid: unknown[] }> = {
      ready: { valid: { type: 'ready' }, invalid: [] },
      revealEntry: { valid: { type: 'revealEntry', index: 0 }, invalid: [{ type: 'revealEntry' }, { type: 'revealEntry', index: -1 }, { type: 'revealEntry', index: '1' }, { type: 'revealEntry', index: 1.5 }] },
    };
    for (const [type, c] of Object.entries(cases)) {
      assert.equal(isVerifyToExtension(c.valid), true, type);
      for (const bad of c.invalid) assert.equal(isVerifyToExtension(bad), false, JSON.stringify(bad));
    }
    assert.equal(isVerifyToExtension({ type: 'revealCitation', index: 1 }), false);
    assert.equal(isVerifyToExtension(null), false);
  });

  // CASES is typed by the protocol's message types: a new type without a case here does not compile (typecheck is
  // the first step of the test run).
});
