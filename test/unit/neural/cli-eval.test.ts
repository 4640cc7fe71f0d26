import { strict as assert } from 'assert';
import { UsageError } from '../../../src/cli/args';
import { engineFromFlags } from '../../../src/cli/engine-options';
import { parseCitationDataset } from '../../../src/core/engines/evaluation';
import { evaluateEngineCitations, evaluateEngineRelatedWork } from '../../../src/core/neural/evaluate';
import { OnnxEngine } from '../../../src/core/neural/onnx-engine';
import { ServerEngine } from '../../../src/core/neural/server';
import { tinyModels } from './tiny-models';
import { ReplayingModel } from '../../support/replaying-model';

describe('neural: CLI engine flags and evaluation with a neural engine', function () {
  this.timeout(30000);

  it('turns --engine/--model/--device/--url into engines and rejects bad combinations', async () => {
    assert.equal((await engineFromFlags({ engine: 'default' })).id, 'default');
    const onnx = await engineFromFlags({ engine: 'onnx', model: tinyModels().causal, device: 'cpu' });
    assert.ok(onnx instanceof OnnxEngine);
    const server = await engineFromFlags({ engine: 'server', url: 'http://127.0.0.1:8000/v1', model: 'qwen' });
    assert.ok(server instanceof ServerEngine);
    assert.equal((server as ServerEngine).endpoint, 'http://127.0.0.1:8000/v1/chat/completions');
    for (const bad of [
      { engine: 'onnx' },
      { engine: 'onnx', model: 'x', device: 'gpu' },
      { engine: 'onnx', model: 'x', url: 'http://h' },
      { engine: 'server', model: 'm' },
      { engine: 'server', url: 'http://h' },
      { engine: 'default', model: 'x' },
      { engine: 'nope' },
    ]) {
      await assert.rejects(engineFromFlags(bad), UsageError, JSON.stringify(bad));
    }
  });

  it('evaluates citation sentences of an ONNX engine with the default evaluation metrics', async () => {
    const lines = [1, 2, 3].map((i) =>
      JSON.stringify({ paper_id: `p${i}`, source: ['We propose a new model for citation text generation.', `Results show that it improves the state of the art by ${i} points.`], target: ['This paper proposes a new citation text generation model.'] }),
    );
    const { kind, items } = parseCitationDataset(lines.join('\n'));
    const engine = new OnnxEngine({ modelDir: tinyModels().seq2seq, device: 'cpu', generation: { maxNewTokens: 8 } });
    const r = await evaluateEngineCitations(engine, items, kind === 'scitldr' ? 'tldr' : 'citation');
    assert.equal(r.papers, 3);
    assert.deepEqual(r.predictions.map((p) => p.id), ['p1', 'p2', 'p3']);
    for (const v of Object.values(r.system)) assert.ok(v >= 0 && v <= 100);
    await engine.dispose();
  });

  it('drafts related work for CiteBench items citing every input work and nothing else', async () => {
    const items = [
      { target: 'Prior work [0] studies translation and [1] studies summarization.', input: ['We propose a model.', 'We study neural translation.', 'We study text summarization.'] },
      { target: 'Attention [0] is used.', input: ['Our paper.', 'We introduce attention.'] },
    ];
    const engine = new OnnxEngine({ modelDir: tinyModels().causal, device: 'cpu', generation: { maxNewTokens: 8 } });
    const r = await evaluateEngineRelatedWork(engine, items);
    assert.equal(r.examples, 2);
    assert.equal(r.system.coverage, 1);
    assert.equal(r.system.outsideCitations, 0);
    assert.match(r.predictions[0].prediction, /\[0\]/);
    assert.match(r.predictions[0].prediction, /\[1\]/);
    await engine.dispose();
  });

  it('writes an LLM engine\'s drafts as the default engine\'s are written, without LaTeX escapes ("92%", not "92\\%")', async () => {
    const model = new ReplayingModel();
    await model.start();
    try {
      model.replies = ['Word senses are told apart from their contexts [W1]. [W1] reaches 92% accuracy on two senses of a noun & a verb.'];
      const items = [{ target: 'Senses [0] are told apart.', input: ['We tag senses.', 'We tell word senses apart with 92% accuracy on a noun & a verb.'] }];
      const r = await evaluateEngineRelatedWork(new ServerEngine({ url: `${model.url}/v1`, model: 'm', maxRetries: 0 }), items);
      assert.match(r.predictions[0].prediction, /\[0\] reaches 92% accuracy on two senses of a noun & a verb\./, r.predictions[0].prediction);
    } finally {
      await model.stop();
    }
  });

  it('judges an LLM engine\'s paragraphs as the editor does: a detail no cited text holds is sent back, then dropped', async () => {
    const model = new ReplayingModel();
    await model.start();
    try {
      const invented = 'Harbour tides are forecast from sensors [W1]. [W1] predicts harbour tides from pressure sensors with 97% accuracy on the TideBank benchmark.';
      model.replies = [invented, invented];
      const items = [{ target: 'Tides [0] are forecast.', input: ['We forecast tides.', 'We predict harbour tides from cheap pressure sensors bolted to the quay.'] }];
      const r = await evaluateEngineRelatedWork(new ServerEngine({ url: `${model.url}/v1`, model: 'm', maxRetries: 0 }), items);
      assert.equal(model.bodies.length, 2, 'asked again once');
      assert.match(model.bodies[1].messages.map((m) => m.content).join('\n'), /gives 97%, TideBank, which the text of \[W1\] does not hold/);
      assert.doesNotMatch(r.predictions[0].prediction, /97%|TideBank/);
      assert.equal(r.predictions[0].prediction, 'Harbour tides are forecast from sensors [0].', 'the sentence that held it is gone');
    } finally {
      await model.stop();
    }
  });
});
