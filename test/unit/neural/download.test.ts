import { strict as assert } from 'assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { downloadModel, isModelDownloaded, modelCacheFolder, resolveModelFolder, type DownloadProgress } from '../../../src/core/neural/download';
import { DownloadError } from '../../../src/core/neural/errors';
import { OnnxEngine } from '../../../src/core/neural/onnx-engine';
import { OnnxTextModel } from '../../../src/core/neural/onnx-model';
import { MemoryLibrary } from '../../../src/core/engine/memory-library';
import { CancelledError } from '../../../src/core/types';
import { FakeHub } from './fake-hub';
import { tinyModels } from './tiny-models';

const ID = 'citescribe/tiny-bart';

describe('neural: model download (local hub on 127.0.0.1)', function () {
  this.timeout(20000);
  let hub: FakeHub;
  let cache: string;
  before(async () => {
    hub = new FakeHub(tinyModels().seq2seq, ID);
    await hub.start();
  });
  after(() => hub.stop());
  beforeEach(() => {
    cache = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-cache-'));
    hub.requests = [];
    hub.throttle = 0;
  });
  afterEach(() => fs.rmSync(cache, { recursive: true, force: true }));

  it('downloads the needed files with byte progress, and the result loads and writes', async () => {
    const progress: DownloadProgress[] = [];
    const dir = await downloadModel({ id: ID, cacheDir: cache, endpoint: hub.endpoint, onProgress: (p) => progress.push(p) });
    assert.equal(dir, modelCacheFolder(cache, ID));
    for (const file of ['config.json', 'generation_config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/encoder_model.onnx', 'onnx/decoder_model_merged.onnx']) {
      assert.deepEqual(fs.readFileSync(path.join(dir, file)), fs.readFileSync(path.join(tinyModels().seq2seq, file)), file);
    }
    assert.ok(isModelDownloaded(cache, ID));
    assert.equal(fs.readdirSync(path.join(dir, 'onnx')).filter((f) => f.endsWith('.part')).length, 0);
    const last = progress[progress.length - 1];
    assert.equal(last.filesDone, last.filesTotal);
    assert.equal(last.bytes, last.totalBytes);
    for (let i = 1; i < progress.length; i++) assert.ok(progress[i].bytes >= progress[i - 1].bytes, 'bytes only grow');

    const engine = new OnnxEngine({ source: { id: ID, cacheDir: cache }, device: 'cpu', generation: { maxNewTokens: 6 } });
    const library = new MemoryLibrary([{ key: 'k', type: 'article', title: 'T', authors: [{ family: 'Lee' }], abstract: 'We propose a new model for citation text generation.' }]);
    const s = await engine.citationSentence({ key: 'k', style: 'citation' }, library);
    assert.match(s.text, /\\cite\{k\}/);
    await engine.dispose();
  });

  it('uses the cached copy without contacting the hub, and refuses to download without consent', async () => {
    await assert.rejects(resolveModelFolder({ id: ID, cacheDir: cache, allowDownload: false, endpoint: hub.endpoint }), (err: Error) => {
      assert.ok(err instanceof DownloadError);
      assert.match(err.message, /not downloaded yet.*allowDownload/);
      return true;
    });
    assert.equal(hub.requests.length, 0);
    await resolveModelFolder({ id: ID, cacheDir: cache, allowDownload: true, endpoint: hub.endpoint });
    const count = hub.requests.length;
    const again = await resolveModelFolder({ id: ID, cacheDir: cache, allowDownload: false, endpoint: hub.endpoint });
    assert.equal(again, modelCacheFolder(cache, ID));
    assert.equal(hub.requests.length, count);
  });

  it('resumes a partial file with a Range request', async () => {
    const dir = modelCacheFolder(cache, ID);
    const source = fs.readFileSync(path.join(tinyModels().seq2seq, 'onnx', 'decoder_model_merged.onnx'));
    fs.mkdirSync(path.join(dir, 'onnx'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'onnx', 'decoder_model_merged.onnx.part'), source.subarray(0, 1000));
    await downloadModel({ id: ID, cacheDir: cache, endpoint: hub.endpoint });
    const get = hub.requests.find((r) => r.method === 'GET' && r.file === 'onnx/decoder_model_merged.onnx');
    assert.equal(get?.range, 'bytes=1000-');
    assert.deepEqual(fs.readFileSync(path.join(dir, 'onnx', 'decoder_model_merged.onnx')), source);
  });

  it('is cancelled mid-file, leaving only a .part file, and a later run completes it', async () => {
    hub.throttle = 4096;
    const controller = new AbortController();
    const promise = downloadModel({
      id: ID,
      cacheDir: cache,
      endpoint: hub.endpoint,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.file === 'onnx/encoder_model.onnx' && p.bytes > 0) controller.abort();
      },
    });
    await assert.rejects(promise, CancelledError);
    const dir = modelCacheFolder(cache, ID);
    assert.ok(!fs.existsSync(path.join(dir, 'onnx', 'encoder_model.onnx')));
    assert.ok(fs.existsSync(path.join(dir, 'onnx', 'encoder_model.onnx.part')));
    assert.ok(!isModelDownloaded(cache, ID));
    hub.throttle = 0;
    await downloadModel({ id: ID, cacheDir: cache, endpoint: hub.endpoint });
    assert.ok(isModelDownloaded(cache, ID));
  });

  it('fetches external weight files (model.onnx_data) with the graph, and the model decodes as the inline one', async () => {
    const externalId = 'citescribe/tiny-llama-external';
    const external = new FakeHub(tinyModels({ externalData: true }).causal, externalId);
    await external.start();
    try {
      const dir = await downloadModel({ id: externalId, cacheDir: cache, endpoint: external.endpoint });
      assert.ok(fs.existsSync(path.join(dir, 'onnx', 'model.onnx_data')));
      assert.ok(fs.statSync(path.join(dir, 'onnx', 'model.onnx')).size < fs.statSync(path.join(dir, 'onnx', 'model.onnx_data')).size);
      const downloaded = await OnnxTextModel.load(dir, { device: 'cpu' });
      const inline = await OnnxTextModel.load(tinyModels().causal, { device: 'cpu' });
      try {
        const prompt = inline.encodePrompt([{ role: 'user', content: 'We propose a new model.' }]);
        const a = await downloaded.generate(prompt, { maxNewTokens: 10, numBeams: 2 });
        const b = await inline.generate(prompt, { maxNewTokens: 10, numBeams: 2 });
        assert.deepEqual(a.tokens, b.tokens);
      } finally {
        await downloaded.dispose();
        await inline.dispose();
      }
    } finally {
      await external.stop();
    }
  });

  it('names what is missing on the hub', async () => {
    await assert.rejects(downloadModel({ id: 'someone/else', cacheDir: cache, endpoint: hub.endpoint }), /has no config\.json/);
    await assert.rejects(downloadModel({ id: ID, cacheDir: cache, endpoint: hub.endpoint, dtype: 'q4' }), /no ONNX export.*onnx\/encoder_model_q4\.onnx/);
    await assert.rejects(downloadModel({ id: '../etc', cacheDir: cache, endpoint: hub.endpoint }), /not a Hugging Face model id/);
  });
});
