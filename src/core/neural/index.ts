// Public surface of the neural engines. Importing it loads no native module: onnxruntime-node and transformers.js
// are required on the first sentence the ONNX engine writes.
export { OnnxEngine, type OnnxEngineOptions } from './onnx-engine';
export { ServerEngine, chatCompletionsUrl, type ServerEngineOptions } from './server';
export { createOnnxEngine, createServerEngine, registerNeuralEngines, type NeuralEngineSettings } from './register';
export { downloadModel, isModelDownloaded, modelCacheFolder, resolveModelFolder, type DownloadProgress, type ModelSource } from './download';
export { cudaProviderStatus, CUDA_INSTALL_HINT, type CudaProviderStatus, type DeviceInUse, type DeviceSetting } from './runtime';
export { inspectModelFolder, type ModelDtype, type ModelKind } from './model-folder';
export { DeviceError, DownloadError, ModelFolderError, ServerError } from './errors';
export { UnknownKeyError } from './writer-engine';
export { evaluateEngineCitations, evaluateEngineRelatedWork } from './evaluate';
