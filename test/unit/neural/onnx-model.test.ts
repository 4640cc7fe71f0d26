import { strict as assert } from 'assert';
import { beamSearch, greedySearch } from '../../../src/core/neural/generation';
import { OnnxTextModel } from '../../../src/core/neural/onnx-model';
import { CancelledError } from '../../../src/core/types';
import { tinyModels } from './tiny-models';

const SOURCE = 'This paper we propose a new neural network for citation text generation. Results show it improves the state of the art.';

/** Settings that make the tiny models run to a fixed length, so mechanics can be compared token by token. */
const PLAIN = { noRepeatNgramSize: 0, repetitionPenalty: 1, minNewTokens: 0 };

describe('neural: ONNX models (tiny, CPU)', function () {
  this.timeout(30000);
  const models: Record<'seq2seq' | 'causal', OnnxTextModel> = {} as never;

  before(async () => {
    const dirs = tinyModels();
    models.seq2seq = await OnnxTextModel.load(dirs.seq2seq, { device: 'cpu' });
    models.causal = await OnnxTextModel.load(dirs.causal, { device: 'cpu' });
  });
  after(async () => {
    await models.seq2seq?.dispose();
    await models.causal?.dispose();
  });

  function inputFor(kind: 'seq2seq' | 'causal'): number[] {
    const m = models[kind];
    return kind === 'seq2seq' ? m.encodeSource(SOURCE) : m.encodePrompt([{ role: 'user', content: SOURCE }]);
  }

  it('loads both layouts on CPU with the right kind, vocabulary and special tokens', () => {
    assert.equal(models.seq2seq.kind, 'seq2seq');
    assert.equal(models.causal.kind, 'causal');
    for (const m of Object.values(models)) {
      assert.equal(m.device, 'cpu');
      assert.equal(m.fallbackMessage, undefined);
      assert.equal(m.vocabSize, m.tokenizer.get_vocab().size);
    }
    assert.deepEqual(models.seq2seq.decoderStartIds, [2, 0], 'decoder_start_token_id then forced BOS, as BART');
    assert.equal(models.seq2seq.past.length, 8, '2 layers × {decoder,encoder} × {key,value}');
    assert.equal(models.causal.past.length, 4, '2 layers × {key,value}');
    assert.ok(models.causal.hasChatTemplate());
  });

  it('generates exactly the Optimum input/output names', () => {
    const dec = models.seq2seq.decoderSession;
    const seqPast = [0, 1].flatMap((i) => ['decoder.key', 'decoder.value', 'encoder.key', 'encoder.value'].map((k) => `past_key_values.${i}.${k}`));
    assert.deepEqual([...dec.inputNames].sort(), ['encoder_attention_mask', 'encoder_hidden_states', 'input_ids', ...seqPast, 'use_cache_branch'].sort());
    assert.deepEqual([...dec.outputNames].sort(), ['logits', ...seqPast.map((n) => n.replace('past_key_values', 'present'))].sort());
    assert.deepEqual([...models.seq2seq.encoderSession!.inputNames].sort(), ['attention_mask', 'input_ids']);
    const causal = models.causal.decoderSession;
    const causalPast = [0, 1].flatMap((i) => ['key', 'value'].map((k) => `past_key_values.${i}.${k}`));
    assert.deepEqual([...causal.inputNames].sort(), ['attention_mask', 'input_ids', ...causalPast, 'position_ids'].sort());
    assert.deepEqual([...causal.outputNames].sort(), ['logits', ...causalPast.map((n) => n.replace('past_key_values', 'present'))].sort());
  });

  it('runs an fp16-IO export (float16 cache and logits) like the fp32 one', async () => {
    const fp16 = await OnnxTextModel.load(tinyModels().causal, { device: 'cpu', dtype: 'fp16' });
    try {
      assert.equal(fp16.folder.dtype, 'fp16');
      assert.ok(fp16.past.every((p) => p.type === 'float16'));
      const input = inputFor('causal');
      const opts = { ...PLAIN, maxNewTokens: 12, eosTokenIds: [] as number[] };
      const half = await fp16.generate(input, { ...opts, numBeams: 1 });
      const full = await models.causal.generate(input, { ...opts, numBeams: 1 });
      assert.deepEqual(half.tokens, full.tokens, 'float16 rounding of the cache does not change these greedy choices');
      const beams = await fp16.generate(input, { ...opts, numBeams: 3 });
      const beamsUncached = await fp16.generate(input, { ...opts, numBeams: 3, useCache: false });
      assert.equal(beams.tokens.length, 12);
      assert.deepEqual(beams.tokens.slice(0, 4), beamsUncached.tokens.slice(0, 4));
    } finally {
      await fp16.dispose();
    }
  });

  for (const kind of ['seq2seq', 'causal'] as const) {
    describe(kind, () => {
      it('cached and uncached greedy decoding give identical tokens', async () => {
        const m = models[kind];
        const opts = { ...PLAIN, maxNewTokens: 16, numBeams: 1, eosTokenIds: [] as number[] };
        const cached = await m.generate(inputFor(kind), { ...opts, useCache: true });
        const uncached = await m.generate(inputFor(kind), { ...opts, useCache: false });
        assert.equal(cached.tokens.length, 16);
        assert.deepEqual(cached.tokens, uncached.tokens);
      });

      it('cached and uncached beam search give identical tokens (cache rows follow their beams)', async () => {
        const m = models[kind];
        const opts = { ...PLAIN, maxNewTokens: 12, numBeams: 3, noRepeatNgramSize: 2 };
        const cached = await m.generate(inputFor(kind), { ...opts, useCache: true });
        const uncached = await m.generate(inputFor(kind), { ...opts, useCache: false });
        assert.ok(cached.tokens.length > 0);
        assert.deepEqual(cached.tokens, uncached.tokens);
        assert.ok(Math.abs(cached.score - uncached.score) < 1e-4);
      });

      it('beam search with one beam equals greedy search', async () => {
        // generate() routes one beam to greedy search, so call both search functions directly.
        const m = models[kind];
        const options = { ...PLAIN, maxNewTokens: 20, numBeams: 1, earlyStopping: true, eosTokenIds: m.eosTokenIds, suppressTokenIds: m.suppressTokenIds };
        const prefix = kind === 'seq2seq' ? m.decoderStartIds : inputFor(kind);
        const viaBeam = await beamSearch(m.createStepModel(inputFor(kind)), prefix, options);
        const viaGreedy = await greedySearch(m.createStepModel(inputFor(kind)), prefix, options);
        assert.deepEqual(viaBeam.tokens, viaGreedy.tokens);
        assert.equal(viaBeam.finishReason, viaGreedy.finishReason);
      });

      it('stops at EOS, at max length, and not before min length', async () => {
        const m = models[kind];
        const free = await m.generate(inputFor(kind), { ...PLAIN, maxNewTokens: 12, numBeams: 1, eosTokenIds: [] });
        // Pretend the first token that was not generated before position ≥ 2 is EOS.
        const k = free.tokens.findIndex((t, i) => i >= 2 && !free.tokens.slice(0, i).includes(t));
        assert.ok(k >= 2, 'the tiny model produces a new token somewhere');
        const eos = free.tokens[k];
        const stopped = await m.generate(inputFor(kind), { ...PLAIN, maxNewTokens: 12, numBeams: 1, eosTokenIds: [eos] });
        assert.equal(stopped.finishReason, 'eos');
        assert.deepEqual(stopped.tokens, free.tokens.slice(0, k));

        const capped = await m.generate(inputFor(kind), { ...PLAIN, maxNewTokens: 5, numBeams: 1, eosTokenIds: [] });
        assert.equal(capped.finishReason, 'max-length');
        assert.equal(capped.tokens.length, 5);

        const long = await m.generate(inputFor(kind), { ...PLAIN, maxNewTokens: 12, minNewTokens: k + 3, numBeams: 1, eosTokenIds: [eos] });
        assert.ok(long.tokens.length >= k + 3);
        assert.ok(!long.tokens.slice(0, k + 3).includes(eos));

        const beamCapped = await m.generate(inputFor(kind), { ...PLAIN, maxNewTokens: 7, numBeams: 4, eosTokenIds: [] });
        assert.equal(beamCapped.tokens.length, 7);
        assert.equal(beamCapped.finishReason, 'max-length');
      });

      it('no_repeat_ngram_size keeps every n-gram unique', async () => {
        const m = models[kind];
        for (const numBeams of [1, 3]) {
          const r = await m.generate(inputFor(kind), { ...PLAIN, maxNewTokens: 24, numBeams, noRepeatNgramSize: 2, eosTokenIds: [] });
          const bigrams = r.tokens.slice(1).map((t, i) => `${r.tokens[i]},${t}`);
          assert.equal(new Set(bigrams).size, bigrams.length, `repeated bigram with ${numBeams} beam(s)`);
        }
      });

      it('is deterministic across loads', async () => {
        const again = await OnnxTextModel.load(kind === 'seq2seq' ? tinyModels().seq2seq : tinyModels().causal, { device: 'cpu' });
        try {
          const a = await models[kind].generate(inputFor(kind), { maxNewTokens: 10, numBeams: 4 });
          const b = await again.generate(inputFor(kind), { maxNewTokens: 10, numBeams: 4 });
          assert.deepEqual(a.tokens, b.tokens);
          assert.equal(a.text, b.text);
        } finally {
          await again.dispose();
        }
      });

      it('cancellation stops generation between steps', async () => {
        const m = models[kind];
        for (const numBeams of [1, 3]) {
          const controller = new AbortController();
          let steps = 0;
          await assert.rejects(
            m.generate(inputFor(kind), {
              ...PLAIN,
              maxNewTokens: 40,
              numBeams,
              eosTokenIds: [],
              signal: controller.signal,
              onToken: (done) => {
                steps = done;
                if (done === 3) controller.abort();
              },
            }),
            CancelledError,
          );
          assert.equal(steps, 3);
        }
      });

      it('forces a decoder prefix ("This paper") and returns it as part of the text', async () => {
        const m = models[kind];
        const prefixIds = m.encodePlain('This paper')!;
        assert.ok(prefixIds.length === 2);
        const r = await m.generate(inputFor(kind), { maxNewTokens: 6, numBeams: 2, forcedPrefix: 'This paper' });
        assert.deepEqual(r.outputIds.slice(0, 2), prefixIds);
        assert.match(r.text, /^This paper\b/);
      });

      it('makes the same greedy choices as transformers.js generate() on the same model', async () => {
        const tf = await import('@huggingface/transformers');
        const dir = kind === 'seq2seq' ? tinyModels().seq2seq : tinyModels().causal;
        tf.env.allowRemoteModels = false;
        tf.env.localModelPath = '/';
        const Auto = kind === 'seq2seq' ? tf.AutoModelForSeq2SeqLM : tf.AutoModelForCausalLM;
        const ref = await Auto.from_pretrained(dir, { device: 'cpu', dtype: 'fp32' });
        try {
          const input = inputFor(kind);
          const ids = new tf.Tensor('int64', BigInt64Array.from(input.map(BigInt)), [1, input.length]);
          const mask = new tf.Tensor('int64', new BigInt64Array(input.length).fill(1n), [1, input.length]);
          const out = (await ref.generate({
            input_ids: ids,
            attention_mask: mask,
            max_new_tokens: 10,
            do_sample: false,
            num_beams: 1,
            repetition_penalty: 1,
            no_repeat_ngram_size: 0,
            min_length: 0,
            forced_eos_token_id: null,
          } as never)) as unknown as { tolist(): bigint[][] };
          const theirs = out.tolist()[0].map(Number).slice(kind === 'seq2seq' ? models.seq2seq.decoderStartIds.length : input.length);
          const ours = await models[kind].generate(input, { ...PLAIN, maxNewTokens: 10, numBeams: 1, suppressTokenIds: [] });
          // transformers.js counts the forced BOS among max_new_tokens, so it may have one token fewer.
          assert.ok(theirs.length >= 8);
          assert.deepEqual(ours.tokens.slice(0, theirs.length), theirs);
        } finally {
          await ref.dispose();
        }
      });
    });
  }
});
