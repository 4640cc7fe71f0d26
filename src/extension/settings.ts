// Typed access to the `citescribe.*` settings declared in package.json.
import * as vscode from 'vscode';

export type EngineId = 'default' | 'onnx' | 'server' | 'vscode-lm' | 'gguf';

export interface CiteScribeSettings {
  bibFiles: string[];
  folders: string[];
  includeWorkspace: boolean;
  targetWords: number;
  subsections: boolean;
  citeCommand: 'auto' | 'cite' | 'citet' | 'citep';
  tense: 'past' | 'present';
  workOrder: 'relevance' | 'year';
  engine: EngineId;
  modelPath: string;
  modelId: string;
  allowDownload: boolean;
  device: 'auto' | 'cuda' | 'cpu';
  embeddingsPath: string;
  embeddingsId: string;
  embeddingsUrl: string;
  embeddingsModel: string;
  serverUrl: string;
  serverModel: string;
  serverUrls: string[];
  serverContextLength: number;
  vscodeLmModel: string;
  ggufPath: string;
  /** Only the user's own setting counts: a workspace must not redirect where code is downloaded from. */
  ggufRegistry: string;
  ggufAllowRuntimeDownload: boolean;
  codeLens: boolean;
  completionContextRanking: boolean;
  completionCanonicalKeys: boolean;
  unusedEntries: 'auto' | 'on' | 'off';
  stem: boolean;
  zoteroDataDirectory: string;
  zoteroEnabled: boolean;
  enrichOnline: boolean;
  enrichSources: string[];
  enrichDownloadPdfs: boolean;
  enrichContact: string;
  enrichEndpoints: Record<string, string>;
}

export function readSettings(scope?: vscode.ConfigurationScope): CiteScribeSettings {
  const c = vscode.workspace.getConfiguration('citescribe', scope);
  return {
    bibFiles: c.get<string[]>('library.bibFiles', []),
    folders: c.get<string[]>('library.folders', []),
    includeWorkspace: c.get<boolean>('library.includeWorkspace', true),
    targetWords: c.get<number>('draft.targetWords', 250),
    subsections: c.get<boolean>('draft.subsections', false),
    citeCommand: c.get('citeCommand', 'auto'),
    tense: c.get('tense', 'past'),
    workOrder: c.get('draft.workOrder', 'relevance'),
    engine: c.get<EngineId>('engine', 'default'),
    modelPath: c.get<string>('model.path', ''),
    modelId: c.get<string>('model.id', ''),
    allowDownload: c.get<boolean>('model.allowDownload', false),
    device: c.get('model.device', 'auto'),
    embeddingsPath: c.get<string>('embeddings.path', ''),
    embeddingsId: c.get<string>('embeddings.id', ''),
    embeddingsUrl: c.get<string>('embeddings.url', ''),
    embeddingsModel: c.get<string>('embeddings.model', ''),
    serverUrl: c.get<string>('server.url', ''),
    serverModel: c.get<string>('server.model', ''),
    serverUrls: c.get<string[]>('server.urls', []),
    serverContextLength: c.get<number>('server.contextLength', 0),
    vscodeLmModel: c.get<string>('vscodeLm.model', ''),
    ggufPath: c.get<string>('gguf.path', ''),
    ggufRegistry: c.inspect<string>('gguf.registry')?.globalValue || 'https://registry.npmjs.org',
    ggufAllowRuntimeDownload: c.inspect<boolean>('gguf.allowRuntimeDownload')?.globalValue ?? false,
    codeLens: c.get<boolean>('codeLens.enabled', true),
    completionContextRanking: c.get<boolean>('completion.contextRanking', true),
    completionCanonicalKeys: c.get<boolean>('completion.insertCanonicalKey', true),
    unusedEntries: c.get('diagnostics.unusedEntries', 'auto'),
    stem: c.get<boolean>('score.stem', false),
    zoteroDataDirectory: c.get<string>('zotero.dataDirectory', ''),
    zoteroEnabled: c.get<boolean>('zotero.enabled', true),
    enrichOnline: c.get<boolean>('enrich.online', false),
    enrichSources: c.get<string[]>('enrich.sources', ['openalex', 'semanticscholar', 'crossref', 'arxiv']),
    enrichDownloadPdfs: c.get<boolean>('enrich.downloadPdfs', false),
    enrichContact: c.get<string>('enrich.contact', ''),
    enrichEndpoints: c.get<Record<string, string>>('enrich.endpoints', {}),
  };
}
