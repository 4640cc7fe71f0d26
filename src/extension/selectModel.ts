// "Select Model": the engines that can write, in one list — the default engine, an ONNX folder or Hugging Face id,
// and the models of the local servers that answer (Ollama, LM Studio, llama.cpp server, vLLM, citescribe.server.urls),
// found while the list is open. Picking a server's model sets engine, URL and model in one step.
import * as vscode from 'vscode';
import { encodeStoredApiKey } from '../core/neural/api-key';
import { describeModel, discoverServers } from '../core/models/discovery';
import { SERVER_API_KEY_SECRET } from './engines';
import { readSettings } from './settings';
import { availableChatModels } from './vscodeLm';
import { acceptOne } from './quickPick';

type ModelItem = vscode.QuickPickItem & { id: 'default' | 'folder' | 'hub' | 'server' | 'found' | 'lm' | 'gguf'; url?: string; model?: string; contextLength?: number };

function fixedItems(): ModelItem[] {
  const current = readSettings();
  return [
    { id: 'default', label: '$(zap) Default engine', description: current.engine === 'default' ? 'current' : '', detail: 'Model-free, offline, milliseconds per sentence' },
    {
      id: 'folder',
      label: '$(folder) ONNX model from a folder…',
      description: current.engine === 'onnx' && current.modelPath ? `current: ${current.modelPath}` : '',
      detail: 'An Optimum export: config.json, tokenizer.json, onnx/…',
    },
    { id: 'hub', label: '$(cloud-download) ONNX model by Hugging Face id…', description: current.modelId, detail: 'Downloaded once into the extension storage, with your consent' },
    {
      id: 'gguf',
      label: '$(file-binary) GGUF model file…',
      description: current.engine === 'gguf' && current.ggufPath ? `current: ${current.ggufPath}` : '',
      detail: 'Run in-process by node-llama-cpp (optional), on the GPU it finds or the CPU; an Ollama blob works too',
    },
    { id: 'server', label: '$(server) Another OpenAI-compatible server…', description: current.serverUrl, detail: 'Any URL: vLLM, llama.cpp server, Ollama, LM Studio, a remote machine' },
  ];
}

/** The list, with the local servers' models added as they answer. Resolves with the item picked (or undefined). */
async function pickModel(): Promise<ModelItem | undefined> {
  const qp = vscode.window.createQuickPick<ModelItem>();
  qp.title = 'CiteScribe: which engine writes the text?';
  qp.placeholder = 'Looking for local model servers…';
  qp.matchOnDescription = true;
  qp.matchOnDetail = true;
  qp.items = fixedItems();
  const current = readSettings();
  // Probing servers is a network request: not from an untrusted workspace (its settings could name any host).
  if (vscode.workspace.isTrusted) {
    qp.busy = true;
    void Promise.all([discoverServers({ urls: current.serverUrls }), availableChatModels()])
      .then(([servers, chatModels]) => {
        const found: ModelItem[] = [];
        for (const m of chatModels) {
          const isCurrent = current.engine === 'vscode-lm' && current.vscodeLmModel === m.id;
          found.push({
            id: 'lm',
            label: `$(copilot) ${m.name}`,
            description: `${m.vendor} · in VS Code${isCurrent ? ' · current' : ''}`,
            detail: `${m.maxInputTokens.toLocaleString('en-US')} tokens of input · VS Code asks your consent the first time`,
            model: m.id,
          });
        }
        for (const s of servers) {
          if (s.error) {
            found.push({ id: 'found', label: `$(warning) ${s.baseUrl}`, description: s.error, detail: 'From citescribe.server.urls: it did not answer as a model server', url: undefined });
            continue;
          }
          for (const m of s.models) {
            const isCurrent = current.engine === 'server' && current.serverUrl === s.baseUrl && current.serverModel === m.id;
            found.push({
              id: 'found',
              label: `$(server-process) ${m.id}`,
              description: `${s.label} · ${s.baseUrl}${isCurrent ? ' · current' : ''}`,
              detail: describeModel(m) || undefined,
              url: s.baseUrl,
              model: m.id,
              ...(m.contextLength && { contextLength: m.contextLength }),
            });
          }
        }
        if (found.length) {
          qp.items = [
            fixedItems()[0],
            { id: 'found', label: 'Chat models and local servers', kind: vscode.QuickPickItemKind.Separator },
            ...found,
            { id: 'found', label: 'Other', kind: vscode.QuickPickItemKind.Separator },
            ...fixedItems().slice(1),
          ];
        }
        qp.placeholder = found.length ? 'Pick a model' : 'No local model server answered (Ollama, LM Studio, llama.cpp, vLLM); add others in citescribe.server.urls';
      })
      .finally(() => (qp.busy = false));
  } else qp.placeholder = 'Local model servers are not looked for in an untrusted workspace';
  return acceptOne(qp);
}

export async function selectModel(context: vscode.ExtensionContext): Promise<string | undefined> {
  const picked = await pickModel();
  if (!picked || (picked.id === 'found' && !picked.url)) return undefined;
  if (picked.id === 'lm') {
    await vscode.workspace.getConfiguration('citescribe').update('vscodeLm.model', picked.model, vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('citescribe').update('engine', 'vscode-lm', vscode.ConfigurationTarget.Global);
    return `vscode-lm:${picked.model}`;
  }
  const current = readSettings();
  const config = vscode.workspace.getConfiguration('citescribe');
  const target = vscode.ConfigurationTarget.Global;
  if (picked.id === 'default') {
    await config.update('engine', 'default', target);
  } else if (picked.id === 'found') {
    // A local server's model: engine, URL and model in one step; a local server needs no key.
    await config.update('server.url', picked.url, target);
    await config.update('server.model', picked.model, target);
    // Where the server says how long the model's context is, the prompt is fitted within it.
    await config.update('server.contextLength', picked.contextLength ?? undefined, target);
    await config.update('engine', 'server', target);
    return `server:${picked.model}`;
  } else if (picked.id === 'gguf') {
    // Ollama's blobs have no extension: any file may be picked, the engine checks the GGUF magic.
    const file = await vscode.window.showOpenDialog({ canSelectFiles: true, canSelectFolders: false, title: 'GGUF model file (or an Ollama blob)' });
    if (!file?.length) return undefined;
    await config.update('gguf.path', file[0].fsPath, target);
    await config.update('engine', 'gguf', target);
  } else if (picked.id === 'folder') {
    const folder = await vscode.window.showOpenDialog({ canSelectFolders: true, canSelectFiles: false, title: 'ONNX model folder' });
    if (!folder?.length) return undefined;
    await config.update('model.path', folder[0].fsPath, target);
    await config.update('engine', 'onnx', target);
  } else if (picked.id === 'hub') {
    const id = await vscode.window.showInputBox({
      title: 'Hugging Face model id (ONNX export)',
      value: current.modelId,
      placeHolder: 'e.g. Xenova/distilbart-cnn-6-6',
      validateInput: (v) => (/^[\w.-]+\/[\w.-]+$/.test(v.trim()) ? undefined : 'owner/name'),
    });
    if (!id) return undefined;
    const consent = await vscode.window.showInformationMessage(`Download ${id} into CiteScribe's storage when first used?`, { modal: true }, 'Allow download');
    await config.update('model.id', id.trim(), target);
    await config.update('model.path', '', target);
    await config.update('model.allowDownload', consent === 'Allow download', target);
    await config.update('engine', 'onnx', target);
  } else {
    const url = await vscode.window.showInputBox({
      title: 'Server base URL',
      value: current.serverUrl || 'http://127.0.0.1:8000/v1',
      validateInput: (v) => (/^https?:\/\/\S+$/.test(v) ? undefined : 'http(s)://host:port/v1'),
    });
    if (!url) return undefined;
    const model = await vscode.window.showInputBox({ title: 'Model name on that server', value: current.serverModel });
    if (model === undefined) return undefined;
    const apiKey = await vscode.window.showInputBox({ title: 'API key (kept in VS Code secret storage; empty for none)', password: true });
    // Bound to this URL's origin: a workspace that later points server.url elsewhere does not get it.
    if (apiKey) await context.secrets.store(SERVER_API_KEY_SECRET, encodeStoredApiKey(url, apiKey));
    else await context.secrets.delete(SERVER_API_KEY_SECRET);
    await config.update('server.url', url, target);
    await config.update('server.model', model, target);
    await config.update('engine', 'server', target);
  }
  return picked.id;
}
