// The `citescribe.*` settings declared in package.json, typed, read from a configuration section. Apart from
// ./settings (which reads VS Code's) so that what a setting becomes can be tested without an editor.
import { VERIFY_SOURCES, type VerifySourceName } from '../core/verify/names';

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
  /** The services Verify References asks, in order: citescribe.verify.sources, else those of enrich.sources that verify. */
  verifySources: VerifySourceName[];
  enrichDownloadPdfs: boolean;
  enrichContact: string;
  enrichEndpoints: Record<string, string>;
}

/** What is read of a configuration section: VS Code's WorkspaceConfiguration, or a plain object in a test. */
export interface SettingsSection {
  get<T>(key: string): T | undefined;
  get<T>(key: string, defaultValue: T): T;
  inspect<T>(key: string): { globalValue?: T } | undefined;
}

const ENRICH_SOURCES_DEFAULT = ['openalex', 'semanticscholar', 'crossref', 'arxiv'];

/**
 * Verify References' services. DBLP verifies but holds no abstracts, so it is offered in citescribe.verify.sources
 * only, not in enrich.sources (Find Abstracts Online could not use it). Left empty, as by default, verify asks the
 * services of enrich.sources that can verify, as before that setting existed: no service the user has not chosen.
 * Example: verify.sources ["dblp", "crossref"] → DBLP, then Crossref; [] with enrich.sources [openalex, arxiv] →
 * OpenAlex, then arXiv.
 */
function verifySourcesOf(verifySetting: readonly string[] | undefined, enrichSources: readonly string[]): VerifySourceName[] {
  const chosen = verifySetting?.length ? verifySetting : enrichSources;
  return chosen.filter((s): s is VerifySourceName => VERIFY_SOURCES.includes(s as VerifySourceName));
}

export function settingsFrom(c: SettingsSection): CiteScribeSettings {
  const enrichSources = c.get<string[]>('enrich.sources', ENRICH_SOURCES_DEFAULT);
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
    enrichSources,
    verifySources: verifySourcesOf(c.get<string[]>('verify.sources', []), enrichSources),
    enrichDownloadPdfs: c.get<boolean>('enrich.downloadPdfs', false),
    enrichContact: c.get<string>('enrich.contact', ''),
    enrichEndpoints: c.get<Record<string, string>>('enrich.endpoints', {}),
  };
}
