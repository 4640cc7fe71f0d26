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

  it('refuses a model folder in an untrusted workspace', async () => {
    const api = await readyLibrary();
    await config().update('engine', 'onnx', vscode.ConfigurationTarget.Global);
    await assert.rejects(api.engines.get({ trusted: false }), /untrusted workspace/);
  });
});
