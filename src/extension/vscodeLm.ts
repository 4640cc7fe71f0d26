// The vscode-lm engine: drafts with a chat model VS Code offers (Copilot's, or any extension's registered model),
// through vscode.lm. VS Code asks the user's consent the first time an extension sends a request, as the API
// requires; a refusal or a model that is gone is reported, never replaced by another engine.
import * as vscode from 'vscode';
import { registerEngine } from '../core/engines/registry';
import { ChatFunctionEngine, type ChatGenerate } from '../core/neural/chat-engine';
import type { ChatMessage } from '../core/neural/prompts';

/** The chat models VS Code offers now ([] where the API or any model is missing). */
export async function availableChatModels(): Promise<vscode.LanguageModelChat[]> {
  if (!vscode.lm?.selectChatModels) return [];
  try {
    return await vscode.lm.selectChatModels();
  } catch {
    return [];
  }
}

/** System prompts have no role of their own in vscode.lm: they lead the first user message (our prompts have no assistant turns). */
function toLmMessages(messages: readonly ChatMessage[]): vscode.LanguageModelChatMessage[] {
  const system = messages.filter((m) => m.role === 'system').map((m) => m.content);
  const rest = messages.filter((m) => m.role !== 'system');
  return rest.map((m, i) => {
    const content = i === 0 && system.length ? `${system.join('\n\n')}\n\n${m.content}` : m.content;
    return vscode.LanguageModelChatMessage.User(content);
  });
}

function generateWith(modelId: string | undefined): ChatGenerate {
  return async function* (messages, signal) {
    const models = await vscode.lm.selectChatModels(modelId ? { id: modelId } : undefined);
    const model = models[0];
    if (!model) {
      throw new Error(
        modelId
          ? `VS Code offers no chat model '${modelId}' now: run "CiteScribe: Select Model" to choose another. Nothing was written with another engine.`
          : 'VS Code offers no chat model: install or sign in to one, or run "CiteScribe: Select Model". Nothing was written with another engine.',
      );
    }
    const cancel = new vscode.CancellationTokenSource();
    const onAbort = () => cancel.cancel();
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      const response = await model.sendRequest(toLmMessages(messages), { justification: 'CiteScribe writes related-work sentences from the abstracts of your own library.' }, cancel.token);
      for await (const fragment of response.text) yield fragment;
    } catch (err) {
      if (err instanceof vscode.LanguageModelError) {
        const why = err.code === vscode.LanguageModelError.NoPermissions.name ? 'CiteScribe was not given permission to use it' : err.message;
        throw new Error(`The chat model ${model.name} did not answer: ${why}. Nothing was written with another engine.`);
      }
      throw err;
    } finally {
      signal.removeEventListener('abort', onAbort);
      cancel.dispose();
    }
  };
}

/** Registers 'vscode-lm' with the engine registry (the CLI, outside VS Code, never lists it). */
export function registerVscodeLmEngine(): void {
  registerEngine('vscode-lm', (options) => new ChatFunctionEngine('vscode-lm', generateWith((options.settings?.chatModelId as string | undefined) || undefined)));
}
