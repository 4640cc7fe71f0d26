import { strict as assert } from 'assert';
import { UsageError } from '../../../src/cli/args';
import { engineFromFlags } from '../../../src/cli/engine-options';
import { DefaultEngine } from '../../../src/core/engines';
import { MemoryLibrary } from '../../../src/core/engine/memory-library';
import { cachedEmbeddings, lazyEmbedder, OnnxEmbedder } from '../../../src/core/neural/embedder';
import { DownloadError, ModelFolderError } from '../../../src/core/neural/errors';
import type { DownloadProgress } from '../../../src/core/neural/download';
import { OnnxEngine } from '../../../src/core/neural/onnx-engine';
import type { PaperRecord } from '../../../src/core/types';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as os from 'node:os';
import { FakeHub } from './fake-hub';
import { copyOfModel, tinyModels } from './tiny-models';

const cosine = (a: readonly number[], b: readonly number[]) => a.reduce((s, x, i) => s + x * b[i], 0);

/** Six works, each about one word; the tiny encoder reads translation/transfer/domain as one topic, summarization/citation/text as another. */
function sixWorks(): PaperRecord[] {
  return ['translation', 'summarization', 'transfer', 'citation', 'domain', 'text'].map((topic, i) => ({
    key: `w${i + 1}`,
    type: 'article',
    title: '',
    authors: [{ family: `Moe${i + 1}`, given: 'Ola' }],
    year: 2020 + i,
    abstract: `We propose a model for ${topic}.`,
  }));
}

const paragraphKeys = (draft: { paragraphs: Array<{ sentences: Array<{ keys: string[] }> }> }) =>
  draft.paragraphs.map((p) => [...new Set(p.sentences.flatMap((s) => s.keys))].sort().join(','));

describe('neural: a sentence encoder plans drafts', function () {
  this.timeout(60000);

  it('embeds texts as unit vectors that put synonyms together, the same alone as in a padded batch', async () => {
    const embedder = await OnnxEmbedder.load(tinyModels().encoder, { device: 'cpu' });
    try {
      assert.equal(embedder.device, 'cpu');
      const texts = ['We propose a model for translation.', 'We propose a model for transfer.', 'We propose a model for summarization.'];
      const [translation, transfer, summarization] = await embedder.embed(texts);
      for (const v of [translation, transfer, summarization]) assert.ok(Math.abs(cosine(v, v) - 1) < 1e-5, 'unit length');
      assert.ok(cosine(translation, transfer) > cosine(translation, summarization) + 0.05, `${cosine(translation, transfer)} vs ${cosine(translation, summarization)}`);
      // Nine texts of different lengths: two batches, padded; each vector is what it is alone.
      const many = [...texts, 'text', 'We propose a new neural network for citation text generation with attention.', 'domain', 'a', 'the model', 'transfer'];
      const batched = await embedder.embed(many);
      assert.equal(batched.length, many.length);
      for (let i = 0; i < many.length; i++) {
        const [alone] = await embedder.embed([many[i]]);
        assert.ok(cosine(alone, batched[i]) > 0.99999, `text ${i} embeds the same alone and in a batch`);
      }
    } finally {
      await embedder.dispose();
    }
  });

  it('groups works that share no word but one topic into the same paragraph, where TF-IDF cannot', async () => {
    const library = new MemoryLibrary(sixWorks());
    const request = { keys: sixWorks().map((r) => r.key), targetWords: 240, format: 'latex' as const };
    const embed = lazyEmbedder(tinyModels().encoder, { device: 'cpu' });
    const messages: string[] = [];
    const planned = await new DefaultEngine(undefined, { embed }).draft(request, library, { progress: { report: (_d, _t, m) => m && messages.push(m) } });
    assert.deepEqual(paragraphKeys(planned).sort(), ['w1,w3,w5', 'w2,w4,w6']);
    assert.equal(messages[0], 'Embedding titles and abstracts…', 'the draft panel says what it waits for');
    // Freed (settings changed) and asked again: the model loads again rather than running a released session.
    await embed.dispose();
    assert.equal((await embed(['a text not embedded before'])).length, 1);
    for (const key of request.keys) assert.match(planned.text, new RegExp(`\\\\cite\\{${key}\\}`), `${key} is cited`);
    // The same request planned by shared words alone: every abstract shares "propose" and "model", so the topics mix.
    const byWords = await new DefaultEngine().draft(request, library);
    assert.notDeepEqual(paragraphKeys(byWords).sort(), ['w1,w3,w5', 'w2,w4,w6']);
    await embed.dispose();
  });

  it('plans the drafts of a neural engine the same way', async () => {
    const engine = new OnnxEngine({ modelDir: tinyModels().causal, device: 'cpu', generation: { maxNewTokens: 6 } });
    engine.embed = lazyEmbedder(tinyModels().encoder, { device: 'cpu' });
    try {
      const draft = await engine.draft({ keys: sixWorks().map((r) => r.key), targetWords: 240, format: 'latex' }, new MemoryLibrary(sixWorks()));
      assert.deepEqual(paragraphKeys(draft).sort(), ['w1,w3,w5', 'w2,w4,w6']);
    } finally {
      await engine.dispose();
    }
  });

  it('embeds a text once per session: a regenerated draft asks the model only for works it has not seen', async () => {
    const asked: string[] = [];
    const embed = cachedEmbeddings(async (texts) => {
      asked.push(...texts);
      return texts.map((t) => [t.length, 1]);
    });
    const library = new MemoryLibrary(sixWorks());
    const engine = new DefaultEngine(undefined, { embed });
    await engine.draft({ keys: ['w1', 'w2', 'w3', 'w4'], targetWords: 240, format: 'latex' }, library);
    assert.equal(asked.length, 4);
    await engine.draft({ keys: ['w1', 'w2', 'w3', 'w4', 'w5'], targetWords: 240, format: 'latex' }, library);
    assert.equal(asked.length, 5, 'only the new work is embedded');
    assert.match(asked[4], /domain/);
    assert.deepEqual(await embed(['abc', 'abc']), [[3, 1], [3, 1]]);
  });

  it('pools the way a sentence-transformers folder says (1_Pooling/config.json), and says when it cannot', async () => {
    const dir = copyOfModel(tinyModels().encoder);
    const texts = ['We propose a model for translation.', 'We propose a model for summarization.'];
    const embedWith = async (pooling: Record<string, boolean> | string) => {
      fs.mkdirSync(path.join(dir, '1_Pooling'), { recursive: true });
      fs.writeFileSync(path.join(dir, '1_Pooling', 'config.json'), typeof pooling === 'string' ? pooling : JSON.stringify({ word_embedding_dimension: 16, ...pooling }));
      const embedder = await OnnxEmbedder.load(dir, { device: 'cpu' });
      try {
        return await embedder.embed(texts);
      } finally {
        await embedder.dispose();
      }
    };
    const [meanA, meanB] = await embedWith({ pooling_mode_mean_tokens: true });
    assert.ok(cosine(meanA, meanB) < 0.99);
    // The tiny encoder has no attention, so its [CLS] vector is the same whatever follows: CLS pooling makes the two
    // texts one point.
    const [clsA, clsB] = await embedWith({ pooling_mode_cls_token: true, pooling_mode_mean_tokens: false });
    assert.ok(cosine(clsA, clsB) > 0.99999);
    const [maxA] = await embedWith({ pooling_mode_max_tokens: true });
    assert.ok(cosine(maxA, meanA) < 0.99, 'max pooling is not the mean');
    await assert.rejects(embedWith({ pooling_mode_mean_tokens: false }), (err: Error) => err instanceof ModelFolderError && /no pooling mode/.test(err.message));
    await assert.rejects(embedWith('{ not json'), (err: Error) => err instanceof ModelFolderError && /1_Pooling\/config\.json is not valid JSON/.test(err.message));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('downloads an encoder by its id only with consent, with byte progress, and embeds as the folder does', async () => {
    // A sentence-transformers repository: its pooling file comes along (CLS pooling here, which the mean would not match).
    const repo = copyOfModel(tinyModels().encoder);
    fs.mkdirSync(path.join(repo, '1_Pooling'));
    fs.writeFileSync(path.join(repo, '1_Pooling', 'config.json'), JSON.stringify({ pooling_mode_cls_token: true }));
    const hub = new FakeHub(repo, 'citescribe/tiny-encoder');
    await hub.start();
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-cache-'));
    try {
      const source = { id: 'citescribe/tiny-encoder', cacheDir: cache, endpoint: hub.endpoint };
      const refused = lazyEmbedder({ ...source, allowDownload: false }, { device: 'cpu' });
      await assert.rejects(refused(['a text']), (err: Error) => err instanceof DownloadError && /not downloaded yet.*citescribe\.embeddings\.path/.test(err.message));
      assert.equal(hub.requests.length, 0, 'the hub is not contacted without consent');
      const progress: DownloadProgress[] = [];
      const downloaded = lazyEmbedder({ ...source, allowDownload: true }, { device: 'cpu', onDownloadProgress: (p) => progress.push(p) });
      const local = lazyEmbedder(repo, { device: 'cpu' });
      const texts = ['We propose a model for translation.', 'text'];
      const [a, b] = [await downloaded(texts), await local(texts)];
      for (let i = 0; i < texts.length; i++) assert.ok(cosine(a[i], b[i]) > 0.99999);
      assert.ok(progress.length > 0 && progress.at(-1)!.filesDone === progress.at(-1)!.filesTotal);
      await Promise.all([downloaded.dispose(), local.dispose()]);
    } finally {
      await hub.stop();
      fs.rmSync(cache, { recursive: true, force: true });
      fs.rmSync(repo, { recursive: true, force: true });
    }
  });

  it('refuses folders that are not a sentence encoder, naming what they are', async () => {
    await assert.rejects(OnnxEmbedder.load(tinyModels().causal, { device: 'cpu' }), (err: Error) => err instanceof ModelFolderError && /text-generation export/.test(err.message));
    await assert.rejects(OnnxEmbedder.load(tinyModels().seq2seq, { device: 'cpu' }), (err: Error) => err instanceof ModelFolderError && /encoder-decoder/.test(err.message));
    await assert.rejects(OnnxEmbedder.load('/nonexistent/encoder', { device: 'cpu' }), /nonexistent/);
  });

  it('takes --embeddings DIR for any engine, and --device with it for the default engine', async () => {
    const engine = await engineFromFlags({ engine: 'default', embeddings: tinyModels().encoder, device: 'cpu' });
    assert.ok(engine instanceof DefaultEngine && engine.embed, 'the default engine plans with the encoder');
    const draft = await engine.draft({ keys: sixWorks().map((r) => r.key), targetWords: 240, format: 'latex' }, new MemoryLibrary(sixWorks()));
    assert.deepEqual(paragraphKeys(draft).sort(), ['w1,w3,w5', 'w2,w4,w6']);
    await (engine as DefaultEngine).dispose();
    const savedCache = process.env.CITESCRIBE_MODEL_CACHE;
    process.env.CITESCRIBE_MODEL_CACHE = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-cache-'));
    const byId = await engineFromFlags({ engine: 'default', embeddings: 'citescribe/tiny-encoder' });
    fs.rmSync(process.env.CITESCRIBE_MODEL_CACHE, { recursive: true, force: true });
    if (savedCache === undefined) delete process.env.CITESCRIBE_MODEL_CACHE;
    else process.env.CITESCRIBE_MODEL_CACHE = savedCache;
    assert.ok(byId instanceof DefaultEngine && byId.embed, 'an id is taken as a Hugging Face id');
    await assert.rejects(byId.draft({ keys: ['w1', 'w2'], targetWords: 100, format: 'latex' }, new MemoryLibrary(sixWorks())), /not downloaded yet/);
    for (const bad of [{ engine: 'default', device: 'cpu' }, { engine: 'default', embeddings: '/nonexistent/encoder' }]) {
      await assert.rejects(engineFromFlags(bad), UsageError, JSON.stringify(bad));
    }
  });
});
