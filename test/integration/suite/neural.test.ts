import { strict as assert } from 'assert';
import * as vscode from 'vscode';
import { readyLibrary } from './api';

describe('Neural engine in the extension host', () => {
  const models = process.env.CITESCRIBE_TINY_MODELS;
  const config = () => vscode.workspace.getConfiguration('citescribe');

  afterEach(async () => {
    await config().update('engine', undefined, vscode.ConfigurationTarget.Global);
    await config().update('model.path', undefined, vscode.ConfigurationTarget.Global);
    await config().update('model.device', undefined, vscode.ConfigurationTarget.Global);
    await config().update('embeddings.path', undefined, vscode.ConfigurationTarget.Global);
  });

  it('loads a tiny seq2seq ONNX model from citescribe.model.path and writes a checked citation sentence on the CPU', async function () {
    if (!models) this.skip();
    const api = await readyLibrary();
    await config().update('model.path', `${models}/seq2seq`, vscode.ConfigurationTarget.Global);
    await config().update('model.device', 'cpu', vscode.ConfigurationTarget.Global);
    await config().update('engine', 'onnx', vscode.ConfigurationTarget.Global);
    const engine = await api.engines.get({ trusted: true });
    assert.equal(engine.id, 'onnx');
    const result = await engine.citationSentence({ key: 'zhu2017unpaired', style: 'citation', syntax: 'cite' }, api.library);
    // A random-weight model writes nonsense; what matters is that it ran in this host and its output was checked:
    // the only citation written is the requested one.
    const cited = [...result.text.matchAll(/\\cite\{([^}]*)\}/g)].flatMap((m) => m[1].split(','));
    assert.ok(cited.every((k) => k.trim() === 'zhu2017unpaired'), result.text);
    assert.equal(api.engines.device, 'cpu');
  });

  it('plans drafts with the sentence encoder of citescribe.embeddings.path, and not in an untrusted workspace', async function () {
    if (!models) this.skip();
    const api = await readyLibrary();
    const keys = ['goodfellow2014generative', 'isola2017image', 'zhu2017unpaired', 'liu2017unit', 'huang2018munit', 'taigman2017unsupervised'];
    await config().update('model.device', 'cpu', vscode.ConfigurationTarget.Global);
    await config().update('embeddings.path', `${models}/encoder`, vscode.ConfigurationTarget.Global);
    const engine = (await api.engines.get({ trusted: true })) as { id: string; embed?: unknown } & Awaited<ReturnType<typeof api.engines.get>>;
    assert.equal(engine.id, 'default');
    assert.ok(engine.embed, 'the default engine plans with the encoder');
    const draft = await engine.draft({ keys, targetWords: 150, format: 'latex' }, api.library);
    for (const key of keys) assert.ok(draft.citedKeys.includes(key), `${key} cited`);
    const untrusted = (await api.engines.get({ trusted: false })) as { embed?: unknown };
    assert.equal(untrusted.embed, undefined, 'no model is loaded in an untrusted workspace');
    // A folder that is no encoder: the draft fails with a message that names it, nothing is written.
    await config().update('embeddings.path', `${models}/causal`, vscode.ConfigurationTarget.Global);
    const wrong = await api.engines.get({ trusted: true });
    await assert.rejects(wrong.draft({ keys, targetWords: 150, format: 'latex' }, api.library), /text-generation export/);
  });

  it('refuses a model folder in an untrusted workspace', async () => {
    const api = await readyLibrary();
    await config().update('engine', 'onnx', vscode.ConfigurationTarget.Global);
    await assert.rejects(api.engines.get({ trusted: false }), /untrusted workspace/);
  });
});
