// Lazy access to the native runtime (onnxruntime-node) and to transformers.js, plus execution-device selection.
// Nothing here is loaded at extension activation: the modules are required inside functions, on first use.
import * as fs from 'node:fs';
import Module from 'node:module';
import * as path from 'node:path';
import type * as OrtTypes from 'onnxruntime-node';
import { DeviceError } from './errors';

type Ort = typeof OrtTypes;
export type OrtSession = OrtTypes.InferenceSession;
export type OrtTensor = OrtTypes.Tensor;
type TransformersModule = typeof import('@huggingface/transformers');

/** What the user asked for (`citescribe.model.device`). */
export type DeviceSetting = 'auto' | 'cuda' | 'cpu';
/** What actually runs the model. */
export type DeviceInUse = 'cuda' | 'cpu';

let ortModule: Ort | undefined;
let transformersModule: TransformersModule | undefined;

export function loadOrt(): Ort {
  // require() inside the function: the native binding must not load when the extension activates.
  if (!ortModule) {
    try {
      ortModule = require('onnxruntime-node') as Ort;
    } catch (err) {
      throw new Error(`onnxruntime-node could not be loaded (${(err as Error).message.split('\n')[0]}); the onnx engine needs it for this platform (${process.platform}/${process.arch}).`);
    }
  }
  return ortModule;
}

/**
 * transformers.js's Node build requires sharp (its image code) when it loads; CiteScribe uses only its tokenizers and
 * chat templates. The .vsix leaves out sharp's native libvips (18.8 MB, node_modules/@img), so where sharp cannot
 * load, a stand-in that refuses image work takes its place in the module cache, under the path `require('sharp')`
 * resolves to. Where sharp loads (a development checkout), nothing changes.
 */
function standInForSharp(): void {
  let resolved: string;
  try {
    resolved = require.resolve('sharp');
  } catch {
    return; // no sharp package at all: transformers.js says so itself
  }
  try {
    require('sharp');
  } catch {
    const refuse = () => {
      throw new Error('image processing is not part of CiteScribe (sharp is not shipped)');
    };
    const stub = new Module(resolved);
    stub.filename = resolved;
    stub.loaded = true;
    stub.exports = refuse;
    require.cache[resolved] = stub;
  }
}

export function loadTransformers(): TransformersModule {
  if (!transformersModule) {
    standInForSharp();
    try {
      transformersModule = require('@huggingface/transformers') as TransformersModule;
    } catch (err) {
      const message = (err as Error).message;
      const hint = /sharp/i.test(message) ? ' (its Node build needs the sharp package and its native library for this platform)' : '';
      throw new Error(`@huggingface/transformers could not be loaded${hint}: ${message.split('\n')[0]}`);
    }
  }
  return transformersModule;
}

export const CUDA_INSTALL_HINT =
  'To run on an NVIDIA GPU, fetch the CUDA 12 provider libraries for onnxruntime-node with ' +
  '`ONNXRUNTIME_NODE_INSTALL=cuda12 npm rebuild onnxruntime-node` (in the extension folder), or copy ' +
  'libonnxruntime_providers_cuda.so and libonnxruntime_providers_shared.so from the Microsoft.ML.OnnxRuntime.Gpu.Linux ' +
  'package of the same version into that folder; CUDA 12 and cuDNN 9 runtime libraries must be on LD_LIBRARY_PATH.';

export interface CudaProviderStatus {
  /** onnxruntime-node's native folder for this platform, where the provider libraries must sit. */
  binFolder: string;
  /** Expected path of the CUDA execution-provider library. */
  libraryPath: string;
  present: boolean;
  /** Why CUDA cannot be used at all, when it cannot (library absent, unsupported platform). */
  reason?: string;
}

function cudaLibraryName(platform: NodeJS.Platform): string | undefined {
  if (platform === 'linux') return 'libonnxruntime_providers_cuda.so';
  if (platform === 'win32') return 'onnxruntime_providers_cuda.dll';
  return undefined;
}

/** Looks for the CUDA provider library in onnxruntime-node's bin folder (it is not in the npm package by default). */
export function cudaProviderStatus(ortPackageDir?: string): CudaProviderStatus {
  let pkgDir = ortPackageDir;
  if (!pkgDir) {
    try {
      pkgDir = path.dirname(require.resolve('onnxruntime-node/package.json'));
    } catch {
      pkgDir = '';
    }
  }
  const binFolder = path.join(pkgDir, 'bin', 'napi-v6', process.platform, process.arch);
  const lib = cudaLibraryName(process.platform);
  if (!pkgDir) {
    return { binFolder, libraryPath: '', present: false, reason: 'onnxruntime-node is not installed' };
  }
  if (!lib || process.arch !== 'x64') {
    return {
      binFolder,
      libraryPath: '',
      present: false,
      reason: `onnxruntime-node has no CUDA execution provider for ${process.platform}/${process.arch}`,
    };
  }
  const libraryPath = path.join(binFolder, lib);
  // The CUDA provider is loaded through the shared provider bridge; both files come from the same GPU package.
  const shared = process.platform === 'win32' ? 'onnxruntime_providers_shared.dll' : 'libonnxruntime_providers_shared.so';
  const missing = [lib, shared].filter((f) => !fs.existsSync(path.join(binFolder, f)));
  return {
    binFolder,
    libraryPath,
    present: missing.length === 0,
    reason: missing.length
      ? `the CUDA execution provider ${missing.length > 1 ? 'libraries' : 'library'} ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not in ${binFolder}`
      : undefined,
  };
}

interface SessionFactoryResult {
  sessions: OrtSession[];
  device: DeviceInUse;
  /** Set when `auto` fell back to CPU: one message saying why and how to enable CUDA. */
  fallbackMessage?: string;
}

interface CreateSessionsOptions {
  device: DeviceSetting;
  /** Injected in tests to pretend the provider library is (not) there. */
  cudaStatus?: CudaProviderStatus;
  /** Extra session options (threads, …). */
  sessionOptions?: OrtTypes.InferenceSession.SessionOptions;
}

function baseOptions(extra?: OrtTypes.InferenceSession.SessionOptions): OrtTypes.InferenceSession.SessionOptions {
  return { graphOptimizationLevel: 'all', logSeverityLevel: 3, ...extra };
}

async function createAll(
  ort: Ort,
  files: string[],
  providers: OrtTypes.InferenceSession.SessionOptions['executionProviders'],
  extra?: OrtTypes.InferenceSession.SessionOptions,
): Promise<OrtSession[]> {
  const sessions: OrtSession[] = [];
  try {
    for (const file of files) {
      sessions.push(await ort.InferenceSession.create(file, { ...baseOptions(extra), executionProviders: providers }));
    }
    return sessions;
  } catch (err) {
    await Promise.all(sessions.map((s) => s.release().catch(() => undefined)));
    throw err;
  }
}

/**
 * Opens one session per file on the requested device. `cuda` fails with a DeviceError that says what is missing;
 * `auto` uses CUDA when its provider can be loaded and otherwise falls back to CPU with `fallbackMessage`.
 */
export async function createSessions(files: string[], options: CreateSessionsOptions): Promise<SessionFactoryResult> {
  const ort = loadOrt();
  if (options.device === 'cpu') {
    return { sessions: await createAll(ort, files, ['cpu'], options.sessionOptions), device: 'cpu' };
  }
  const status = options.cudaStatus ?? cudaProviderStatus();
  if (!status.present) {
    // Do not even try: onnxruntime would print a native error for the missing library on every attempt.
    if (options.device === 'cuda') {
      throw new DeviceError(`citescribe.model.device is 'cuda' but ${status.reason}. ${CUDA_INSTALL_HINT}`);
    }
    return {
      sessions: await createAll(ort, files, ['cpu'], options.sessionOptions),
      device: 'cpu',
      fallbackMessage: `Running the model on CPU: ${status.reason}. ${CUDA_INSTALL_HINT}`,
    };
  }
  try {
    const sessions = await createAll(ort, files, [{ name: 'cuda', deviceId: 0 }], options.sessionOptions);
    return { sessions, device: 'cuda' };
  } catch (err) {
    const why = `the CUDA execution provider failed to load (${(err as Error).message.split('\n')[0]})`;
    if (options.device === 'cuda') {
      throw new DeviceError(
        `citescribe.model.device is 'cuda' but ${why}. The provider library is present at ${status.libraryPath}; ` +
          'check that the CUDA 12 runtime and cuDNN 9 libraries are installed and on LD_LIBRARY_PATH, and that a GPU is visible (nvidia-smi).',
      );
    }
    return {
      sessions: await createAll(ort, files, ['cpu'], options.sessionOptions),
      device: 'cpu',
      fallbackMessage: `Running the model on CPU: ${why}. ${CUDA_INSTALL_HINT}`,
    };
  }
}
