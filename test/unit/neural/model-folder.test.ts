import { strict as assert } from 'assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DeviceError, ModelFolderError } from '../../../src/core/neural/errors';
import { inspectModelFolder } from '../../../src/core/neural/model-folder';
import { OnnxTextModel } from '../../../src/core/neural/onnx-model';
import { cudaProviderStatus, type CudaProviderStatus } from '../../../src/core/neural/runtime';
import { copyOfModel, tinyModels } from './tiny-models';

async function rejectsNaming(promise: Promise<unknown>, file: string, message?: RegExp): Promise<void> {
  await assert.rejects(promise, (err: Error) => {
    assert.ok(err instanceof ModelFolderError, `expected ModelFolderError, got ${err.name}: ${err.message}`);
    assert.equal(err.file, file);
    assert.ok(err.message.includes(file), `message names ${file}: ${err.message}`);
    if (message) assert.match(err.message, message);
    return true;
  });
}

describe('neural: model folder validation', function () {
  this.timeout(20000);
  const made: string[] = [];
  const copy = (kind: 'seq2seq' | 'causal') => {
    const dir = copyOfModel(tinyModels()[kind]);
    made.push(dir);
    return dir;
  };
  after(() => made.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('accepts both tiny layouts and picks fp32', () => {
    const s = inspectModelFolder(tinyModels().seq2seq);
    assert.equal(s.kind, 'seq2seq');
    assert.equal(s.dtype, 'fp32');
    assert.deepEqual(s.onnxFiles.map((f) => path.basename(f)), ['encoder_model.onnx', 'decoder_model_merged.onnx']);
    const c = inspectModelFolder(tinyModels().causal);
    assert.equal(c.kind, 'causal');
    assert.deepEqual(c.onnxFiles.map((f) => path.basename(f)), ['model.onnx']);
  });

  for (const file of ['config.json', 'tokenizer.json', 'tokenizer_config.json']) {
    it(`names a missing ${file}`, async () => {
      const dir = copy('causal');
      fs.rmSync(path.join(dir, file));
      await rejectsNaming(OnnxTextModel.load(dir, { device: 'cpu' }), file);
    });
  }

  it('names a missing merged decoder of a seq2seq model', async () => {
    const dir = copy('seq2seq');
    fs.rmSync(path.join(dir, 'onnx', 'decoder_model_merged.onnx'));
    await rejectsNaming(OnnxTextModel.load(dir, { device: 'cpu' }), 'onnx/decoder_model_merged.onnx', /encoder-decoder/);
  });

  it('names a missing encoder and says the folder does not match its config', async () => {
    const dir = copy('causal');
    fs.copyFileSync(path.join(tinyModels().seq2seq, 'config.json'), path.join(dir, 'config.json'));
    await rejectsNaming(OnnxTextModel.load(dir, { device: 'cpu' }), 'onnx/encoder_model.onnx', /do not match/);
  });

  it('names an empty (interrupted) ONNX file', async () => {
    const dir = copy('causal');
    fs.writeFileSync(path.join(dir, 'onnx', 'model.onnx'), '');
    await rejectsNaming(OnnxTextModel.load(dir, { device: 'cpu' }), 'onnx/model.onnx', /empty/);
  });

  it('names a graph that is not the expected export (encoder in place of the merged decoder)', async () => {
    const dir = copy('seq2seq');
    fs.copyFileSync(path.join(dir, 'onnx', 'encoder_model.onnx'), path.join(dir, 'onnx', 'decoder_model_merged.onnx'));
    await rejectsNaming(OnnxTextModel.load(dir, { device: 'cpu' }), 'onnx/decoder_model_merged.onnx', /no input 'encoder_hidden_states'/);
  });

  it('finds a quantized variant and names the file of a requested variant that is absent', async () => {
    const dir = copy('causal');
    fs.renameSync(path.join(dir, 'onnx', 'model.onnx'), path.join(dir, 'onnx', 'model_quantized.onnx'));
    const folder = inspectModelFolder(dir);
    assert.equal(folder.dtype, 'q8');
    const model = await OnnxTextModel.load(dir, { device: 'cpu' });
    await model.dispose();
    await rejectsNaming(OnnxTextModel.load(dir, { device: 'cpu', dtype: 'q4' }), 'onnx/model_q4.onnx');
  });

  it('names a missing external weight file', async () => {
    const dir = copyOfModel(tinyModels({ externalData: true }).causal);
    made.push(dir);
    fs.rmSync(path.join(dir, 'onnx', 'model.onnx_data'));
    await rejectsNaming(OnnxTextModel.load(dir, { device: 'cpu' }), 'onnx/model.onnx_data');
  });

  it('names a corrupt ONNX file', async () => {
    const dir = copy('causal');
    fs.writeFileSync(path.join(dir, 'onnx', 'model.onnx'), 'not a protobuf');
    await rejectsNaming(OnnxTextModel.load(dir, { device: 'cpu' }), 'onnx/model.onnx', /could not be loaded/);
  });

  it('reports a folder that does not exist', async () => {
    await assert.rejects(OnnxTextModel.load('/nonexistent/citescribe-model', { device: 'cpu' }), /does not exist/);
  });
});

describe('neural: execution device', function () {
  this.timeout(20000);

  it('detects whether the CUDA provider library is in onnxruntime-node\'s bin folder', () => {
    const status = cudaProviderStatus();
    assert.match(status.binFolder, /onnxruntime-node[\\/]bin[\\/]napi-v6/);
    if (process.platform === 'linux' && process.arch === 'x64') {
      assert.match(status.libraryPath, /libonnxruntime_providers_cuda\.so$/);
      assert.equal(status.present, fs.existsSync(status.libraryPath));
    }
  });

  const absent: CudaProviderStatus = {
    binFolder: '/opt/ort/bin',
    libraryPath: '/opt/ort/bin/libonnxruntime_providers_cuda.so',
    present: false,
    reason: 'the CUDA execution provider library libonnxruntime_providers_cuda.so is not in /opt/ort/bin',
  };

  it("'cuda' without the provider library is a clear error saying how to install it", async () => {
    await assert.rejects(OnnxTextModel.load(tinyModels().causal, { device: 'cuda', cudaStatus: absent }), (err: Error) => {
      assert.ok(err instanceof DeviceError);
      assert.match(err.message, /libonnxruntime_providers_cuda\.so/);
      assert.match(err.message, /ONNXRUNTIME_NODE_INSTALL=cuda12 npm rebuild onnxruntime-node/);
      return true;
    });
  });

  it("'auto' without the provider library runs on CPU with one message", async () => {
    const model = await OnnxTextModel.load(tinyModels().causal, { device: 'auto', cudaStatus: absent });
    try {
      assert.equal(model.device, 'cpu');
      assert.match(model.fallbackMessage ?? '', /^Running the model on CPU: .*providers_cuda.*ONNXRUNTIME_NODE_INSTALL=cuda12/);
    } finally {
      await model.dispose();
    }
  });

  const here = cudaProviderStatus();
  (here.present ? it.skip : it)("'auto' falls back and 'cuda' fails clearly when the provider is reported present but cannot load", async () => {
    // The status claims the library is there; onnxruntime then really tries the CUDA provider and fails to load it.
    const claimed: CudaProviderStatus = { ...here, present: true, reason: undefined };
    const model = await OnnxTextModel.load(tinyModels().causal, { device: 'auto', cudaStatus: claimed });
    try {
      assert.equal(model.device, 'cpu');
      assert.match(model.fallbackMessage ?? '', /CUDA execution provider failed to load/);
    } finally {
      await model.dispose();
    }
    await assert.rejects(OnnxTextModel.load(tinyModels().causal, { device: 'cuda', cudaStatus: claimed }), (err: Error) => {
      assert.ok(err instanceof DeviceError);
      assert.match(err.message, /failed to load.*cuDNN/s);
      return true;
    });
  });
});
