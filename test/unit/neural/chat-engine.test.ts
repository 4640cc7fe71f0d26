import { strict as assert } from 'assert';
import { MemoryLibrary } from '../../../src/core/engine/memory-library';
import { ChatFunctionEngine, type ChatGenerate } from '../../../src/core/neural/chat-engine';
import type { ChatMessage } from '../../../src/core/neural/prompts';
import { CancelledError } from '../../../src/core/types';

// The adapter the vscode-lm engine runs on: VS Code's chat models cannot be called outside VS Code, so these tests
// pass the engine a generate function that streams like LanguageModelChatResponse.text does.
const library = new MemoryLibrary([
  { key: 'doe2020', type: 'article', title: 'A Tiny Method', authors: [{ family: 'Doe' }, { family: 'Roe' }], year: 2020, abstract: 'We propose a tiny method for counting leaves. It runs on a phone.' },
]);

function scripted(pieces: string[], seen: { messages?: ChatMessage[]; read: number; aborted: boolean }): ChatGenerate {
  return async function* (messages, signal) {
    seen.messages = messages;
    for (const p of pieces) {
      if (signal.aborted) {
        seen.aborted = true;
        return;
      }
      seen.read++;
      yield p;
      await new Promise((r) => setTimeout(r, 1));
    }
  };
}

describe('neural: chat-function engine (the vscode-lm adapter)', () => {
  it('gives the model the prompt with the abstract, reads fragments to the first sentence, then stops the model', async () => {
    const seen = { read: 0, aborted: false } as { messages?: ChatMessage[]; read: number; aborted: boolean };
    const engine = new ChatFunctionEngine('vscode-lm', scripted(['REF propose ', 'a tiny method for ', 'counting leaves.', ' It also', ' does more', ' and more.'], seen));
    const s = await engine.citationSentence({ key: 'doe2020', style: 'citation' }, library);
    assert.equal(s.text, 'Doe and Roe \\cite{doe2020} proposed a tiny method for counting leaves.');
    assert.equal(s.engine, 'vscode-lm');
    assert.match(seen.messages!.map((m) => m.content).join('\n'), /counting leaves/);
    assert.ok(seen.read <= 4, `read ${seen.read} fragments`);
  });

  it('checks the output like every engine: invented keys and the clause they compare in go', async () => {
    const seen = { read: 0, aborted: false };
    const engine = new ChatFunctionEngine('vscode-lm', scripted(['Doe and Roe \\cite{doe2020} proposed a tiny method, unlike \\cite{invented2099}.'], seen));
    const s = await engine.citationSentence({ key: 'doe2020', style: 'citation' }, library);
    assert.equal(s.text, 'Doe and Roe \\cite{doe2020} proposed a tiny method.');
    assert.ok(s.flags.some((f) => /removed invented clause/.test(f)));
  });

  it('stops at Cancel and says so', async () => {
    const controller = new AbortController();
    const seen = { read: 0, aborted: false };
    const slow: ChatGenerate = async function* (_m, signal) {
      for (let i = 0; i < 100; i++) {
        if (signal.aborted) {
          seen.aborted = true;
          return;
        }
        if (i === 3) controller.abort();
        seen.read++;
        yield 'word ';
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    const pending = new ChatFunctionEngine('vscode-lm', slow).citationSentence({ key: 'doe2020', style: 'citation' }, library, { signal: controller.signal });
    await assert.rejects(pending, (err: Error) => err instanceof CancelledError);
    assert.ok(seen.read < 10);
  });

  it('hands each checked paragraph of a draft over as soon as it is written, with the citation put in by us', async () => {
    const seen = { read: 0, aborted: false };
    const written: string[] = [];
    const engine = new ChatFunctionEngine('vscode-lm', scripted(['[W1] propose a tiny method for counting leaves.'], seen));
    const draft = await engine.draft({ keys: ['doe2020'], format: 'latex' }, library, { onParagraph: (p, i, text) => written.push(`${i} ${p.keys.join(',')}: ${text}`) });
    assert.deepEqual(written, ['0 doe2020: Doe and Roe \\cite{doe2020} propose a tiny method for counting leaves.']);
    assert.equal(draft.text, 'Doe and Roe \\cite{doe2020} propose a tiny method for counting leaves.');
  });

  it('keeps a reply that stops mid-sentence, flagged', async () => {
    const seen = { read: 0, aborted: false };
    const s = await new ChatFunctionEngine('vscode-lm', scripted(['REF propose a tiny method that'], seen)).citationSentence({ key: 'doe2020', style: 'citation' }, library);
    assert.ok(s.flags.includes('the reply stopped mid-sentence'));
    assert.match(s.text, /^Doe and Roe \\cite\{doe2020\} proposed a tiny method that\.?$/);
  });
});
