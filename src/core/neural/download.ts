// Downloads a model from the Hugging Face Hub (`citescribe.model.id`) into a cache folder, only with consent
// (`citescribe.model.allowDownload`). Files arrive as `<name>.part` and are renamed when complete, so an interrupted
// download never looks finished; a later run resumes the .part file with an HTTP Range request.
import { writeFileAtomic } from '../util/atomic-file';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CancelledError } from '../types';
import { DownloadError, ModelFolderError } from './errors';
import { DTYPE_PREFERENCE, inspectModelFolder, modelKindOf, onnxFilesFor, type ModelConfig, type ModelDtype } from './model-folder';

const DEFAULT_HF_ENDPOINT = 'https://huggingface.co';
export const COMPLETE_MARKER = '.citescribe-complete.json';
const REQUIRED_FILES = ['config.json', 'tokenizer.json', 'tokenizer_config.json'];
// 1_Pooling/config.json: how a sentence encoder pools its token vectors (sentence-transformers layout).
const OPTIONAL_FILES = ['generation_config.json', 'chat_template.jinja', 'special_tokens_map.json', '1_Pooling/config.json'];

export interface DownloadProgress {
  /** File being fetched, relative to the model folder. */
  file: string;
  /** Bytes written so far, over all files (resumed bytes included). */
  bytes: number;
  /** Sum of the sizes the server announced; undefined while unknown. */
  totalBytes?: number;
  filesDone: number;
  filesTotal: number;
}

interface DownloadOptions {
  /** Hugging Face model id, e.g. `Xenova/distilbart-cnn-6-6`. */
  id: string;
  revision?: string;
  /** Where models are kept (the extension's global storage); the model goes into a subfolder. */
  cacheDir: string;
  dtype?: ModelDtype | 'auto';
  /** Hub base URL; defaults to $HF_ENDPOINT or https://huggingface.co. Tests point it at 127.0.0.1. */
  endpoint?: string;
  /** Bearer token for gated/private repositories. */
  token?: string;
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
  fetchImpl?: typeof fetch;
}

function validateModelId(id: string): void {
  if (!/^[A-Za-z0-9][\w.-]*(\/[A-Za-z0-9][\w.-]*)?$/.test(id) || id.includes('..')) {
    throw new DownloadError(`citescribe.model.id '${id}' is not a Hugging Face model id (expected 'owner/name').`);
  }
}

/** Folder a model id/revision is downloaded into: `<cacheDir>/models--owner--name/<revision>`. */
export function modelCacheFolder(cacheDir: string, id: string, revision = 'main'): string {
  validateModelId(id);
  return path.join(cacheDir, `models--${id.replace(/\//g, '--')}`, revision.replace(/[^\w.-]/g, '_'));
}

/** True when a previous download of this id finished (all files renamed into place). */
export function isModelDownloaded(cacheDir: string, id: string, revision = 'main'): boolean {
  return fs.existsSync(path.join(modelCacheFolder(cacheDir, id, revision), COMPLETE_MARKER));
}

function fileUrl(endpoint: string, id: string, revision: string, file: string): string {
  const base = endpoint.replace(/\/+$/, '');
  return `${base}/${id}/resolve/${encodeURIComponent(revision)}/${file.split('/').map(encodeURIComponent).join('/')}`;
}

interface RemoteFile {
  file: string;
  size?: number;
}

export async function downloadModel(options: DownloadOptions): Promise<string> {
  validateModelId(options.id);
  const revision = options.revision ?? 'main';
  const endpoint = options.endpoint ?? process.env.HF_ENDPOINT ?? DEFAULT_HF_ENDPOINT;
  const doFetch = options.fetchImpl ?? fetch;
  const dir = modelCacheFolder(options.cacheDir, options.id, revision);
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  fs.mkdirSync(path.join(dir, 'onnx'), { recursive: true });
  const check = () => {
    if (options.signal?.aborted) throw new CancelledError();
  };

  const head = async (file: string): Promise<RemoteFile | undefined> => {
    check();
    let response: Response;
    try {
      response = await doFetch(fileUrl(endpoint, options.id, revision, file), { method: 'HEAD', headers, signal: options.signal, redirect: 'follow' });
    } catch (err) {
      check();
      throw new DownloadError(`Could not reach ${endpoint} for ${options.id}: ${(err as Error).message}`);
    }
    if (response.status === 404) return undefined;
    if (response.status === 401 || response.status === 403) {
      throw new DownloadError(`${options.id} needs access rights on ${endpoint} (HTTP ${response.status}): accept its licence on the Hub or use a token.`, response.status);
    }
    if (!response.ok) throw new DownloadError(`${endpoint} answered HTTP ${response.status} for ${options.id}/${file}.`, response.status);
    const length = Number(response.headers.get('x-linked-size') ?? response.headers.get('content-length'));
    return { file, size: Number.isFinite(length) && length > 0 ? length : undefined };
  };

  // 1. What to fetch: the small files, then the ONNX variant that exists remotely (in dtype preference order).
  const plan: RemoteFile[] = [];
  for (const file of REQUIRED_FILES) {
    const info = await head(file);
    if (!info) throw new DownloadError(`${options.id} (revision ${revision}) has no ${file}: it is not a transformers.js/Optimum model repository.`, 404);
    plan.push(info);
  }
  for (const file of OPTIONAL_FILES) {
    const info = await head(file);
    if (info) plan.push(info);
  }
  // config.json decides the model kind, so fetch it before choosing ONNX files.
  let bytes = 0;
  let filesDone = 0;
  const totalOf = () => (plan.every((f) => f.size !== undefined) ? plan.reduce((n, f) => n + (f.size ?? 0), 0) : undefined);
  const report = (file: string) =>
    options.onProgress?.({ file, bytes, totalBytes: totalOf(), filesDone, filesTotal: plan.length });
  const fetchOne = async (remote: RemoteFile) => {
    const onDisk = await fetchFile(doFetch, fileUrl(endpoint, options.id, revision, remote.file), path.join(dir, remote.file), remote, headers, options.signal, (n) => {
      bytes += n;
      report(remote.file);
    });
    bytes += onDisk;
    filesDone++;
    report(remote.file);
  };
  await fetchOne(plan[0]);
  let config: ModelConfig;
  try {
    config = JSON.parse(fs.readFileSync(path.join(dir, 'config.json'), 'utf8')) as ModelConfig;
  } catch (err) {
    throw new DownloadError(`config.json of ${options.id} is not valid JSON: ${(err as Error).message}`);
  }
  const kind = modelKindOf(config);
  const dtypes = options.dtype && options.dtype !== 'auto' ? [options.dtype] : DTYPE_PREFERENCE;
  let chosen: RemoteFile[] | undefined;
  for (const dtype of dtypes) {
    const files = onnxFilesFor(kind, dtype);
    const infos: RemoteFile[] = [];
    for (const file of files) {
      const info = await head(file);
      if (!info) break;
      infos.push(info);
      // Models over 2 GB keep their weights in an external data file next to the graph.
      const data = await head(`${file}_data`);
      if (data) infos.push(data);
    }
    if (infos.filter((f) => !f.file.endsWith('_data')).length === files.length) {
      chosen = infos;
      break;
    }
  }
  if (!chosen) {
    const wanted = dtypes.map((d) => onnxFilesFor(kind, d)[0]).join(', ');
    throw new DownloadError(`${options.id} has no ONNX export CiteScribe can use (looked for ${wanted}; a ${kind} model needs ${onnxFilesFor(kind, dtypes[0]).join(' + ')}).`, 404);
  }
  plan.push(...chosen);

  // 2. Fetch the rest; every file is complete (renamed) or resumable (.part) at any moment.
  for (const remote of plan.slice(1)) await fetchOne(remote);

  const folder = inspectModelFolder(dir, 'auto');
  writeFileAtomic(
    path.join(dir, COMPLETE_MARKER),
    JSON.stringify({ id: options.id, revision, dtype: folder.dtype, files: plan.map((f) => f.file) }, null, 1),
  );
  return dir;
}

/** Downloads one file to `dest` via `dest.part`; returns the bytes that were already on disk (skipped or resumed). */
async function fetchFile(
  doFetch: typeof fetch,
  url: string,
  dest: string,
  remote: RemoteFile,
  baseHeaders: Record<string, string>,
  signal: AbortSignal | undefined,
  onBytes: (n: number) => void,
): Promise<number> {
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  if (fs.existsSync(dest) && (remote.size === undefined || fs.statSync(dest).size === remote.size)) {
    return fs.statSync(dest).size;
  }
  const part = `${dest}.part`;
  let offset = fs.existsSync(part) ? fs.statSync(part).size : 0;
  if (remote.size !== undefined && offset > remote.size) {
    fs.rmSync(part);
    offset = 0;
  }
  const headers = { ...baseHeaders, ...(offset > 0 ? { range: `bytes=${offset}-` } : {}) };
  let response: Response;
  try {
    response = await doFetch(url, { headers, signal, redirect: 'follow' });
  } catch (err) {
    if (signal?.aborted) throw new CancelledError();
    throw new DownloadError(`Download of ${url} failed: ${(err as Error).message}`);
  }
  if (response.status === 416 && remote.size !== undefined && offset === remote.size) {
    fs.renameSync(part, dest);
    return offset;
  }
  if (!response.ok || !response.body) {
    throw new DownloadError(`Download of ${url} failed: HTTP ${response.status}.`, response.status);
  }
  // 206 = the server resumed; 200 = it sent the whole file, so start the .part over.
  const resumed = response.status === 206 && offset > 0;
  if (!resumed) offset = 0;
  const out = fs.createWriteStream(part, { flags: resumed ? 'a' : 'w' });
  let written = 0;
  try {
    const reader = response.body.getReader();
    for (;;) {
      if (signal?.aborted) throw new CancelledError();
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (err) {
        if (signal?.aborted) throw new CancelledError();
        throw new DownloadError(`Download of ${url} was interrupted: ${(err as Error).message}`);
      }
      if (chunk.done) break;
      if (!out.write(chunk.value)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      written += chunk.value.byteLength;
      onBytes(chunk.value.byteLength);
    }
  } finally {
    await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  }
  const size = fs.statSync(part).size;
  if (remote.size !== undefined && size !== remote.size) {
    throw new DownloadError(`Download of ${url} ended early (${size} of ${remote.size} bytes); run again to resume.`);
  }
  fs.renameSync(part, dest);
  return resumed ? offset : 0;
}

export interface ModelSource {
  /** `citescribe.model.path`: a folder; wins over `id`. */
  path?: string;
  /** `citescribe.model.id`: a Hugging Face id, downloaded into cacheDir on first use. */
  id?: string;
  revision?: string;
  cacheDir?: string;
  /** `citescribe.model.allowDownload`: without it a missing model is an error, never a download. */
  allowDownload?: boolean;
  dtype?: ModelDtype | 'auto';
  endpoint?: string;
  token?: string;
  /** The settings named in messages (default citescribe.model.path / citescribe.model.id). */
  settings?: { path: string; id: string };
}

/** The model folder to load: the configured path, or the cached/downloaded copy of the configured id. */
export async function resolveModelFolder(
  source: ModelSource,
  options: Pick<DownloadOptions, 'signal' | 'onProgress' | 'fetchImpl'> = {},
): Promise<string> {
  if (source.path) return path.resolve(source.path);
  const named = source.settings ?? { path: 'citescribe.model.path', id: 'citescribe.model.id' };
  if (!source.id) {
    throw new ModelFolderError(`No model configured: set ${named.path} to a model folder or ${named.id} to a Hugging Face id.`);
  }
  if (!source.cacheDir) throw new DownloadError('No cache folder given for downloaded models.');
  const revision = source.revision ?? 'main';
  if (isModelDownloaded(source.cacheDir, source.id, revision)) return modelCacheFolder(source.cacheDir, source.id, revision);
  if (!source.allowDownload) {
    throw new DownloadError(
      `Model ${source.id} is not downloaded yet. Allow the download (citescribe.model.allowDownload) or download it yourself and set ${named.path}.`,
    );
  }
  return downloadModel({
    id: source.id,
    revision,
    cacheDir: source.cacheDir,
    dtype: source.dtype,
    endpoint: source.endpoint,
    token: source.token,
    ...options,
  });
}
