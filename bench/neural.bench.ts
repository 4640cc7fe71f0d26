// Tokens/second of CiteScribe's ONNX decoding loop vs transformers.js generate() on the same generated models, same
// run, same CPU session settings, greedy search with exactly N new tokens each (EOS suppressed on both sides).
// Usage: node --import tsx bench/neural.bench.ts   (npm run bench -- neural)
import { OnnxTextModel } from '../src/core/neural/onnx-model';
import { tinyModels } from '../test/unit/neural/tiny-models';
import { ggufThreads } from '../src/core/neural/gguf-engine';

const NEW_TOKENS = 64;
const SOURCE =
  'This paper we propose a new neural network for citation text generation. Results show that it improves the state of the art on a large dataset of scientific papers.';

interface Timing {
  tokens: number;
  seconds: number;
}

const CONFIGS = [
  { size: 'tiny', small: false, runs: 20, warmup: 3, rounds: 5, source: SOURCE },
  // 256 wide, 4 layers, a ~200-token source: model compute and cache copies are no longer negligible.
  { size: 'small', small: true, runs: 3, warmup: 1, rounds: 2, source: Array(6).fill(SOURCE).join(' ') },
];
type Config = (typeof CONFIGS)[number];

async function time(warmup: number, runs: number, fn: () => Promise<number>): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn();
  let tokens = 0;
  const start = process.hrtime.bigint();
  for (let i = 0; i < runs; i++) tokens += await fn();
  return { tokens, seconds: Number(process.hrtime.bigint() - start) / 1e9 };
}

async function benchModel(config: Config, kind: 'seq2seq' | 'causal'): Promise<string[][]> {
  const tf = await import('@huggingface/transformers');
  tf.env.allowRemoteModels = false;
  tf.env.localModelPath = '/';
  const dir = tinyModels({ small: config.small })[kind];
  const ours = await OnnxTextModel.load(dir, { device: 'cpu' });
  const Auto = kind === 'seq2seq' ? tf.AutoModelForSeq2SeqLM : tf.AutoModelForCausalLM;
  const theirs = await Auto.from_pretrained(dir, { device: 'cpu', dtype: 'fp32' });
  const input = kind === 'seq2seq' ? ours.encodeSource(config.source) : ours.encodePrompt([{ role: 'user', content: config.source }]);
  const ids = new tf.Tensor('int64', BigInt64Array.from(input.map(BigInt)), [1, input.length]);
  const mask = new tf.Tensor('int64', new BigInt64Array(input.length).fill(1n), [1, input.length]);
  const exact = { maxNewTokens: NEW_TOKENS, minNewTokens: NEW_TOKENS, noRepeatNgramSize: 0, repetitionPenalty: 1 };
  const { runs } = config;

  const methods: [string, number, () => Promise<number>][] = [
    [
      'transformers.js generate() greedy',
      runs,
      async () => {
        const out = (await theirs.generate({
          input_ids: ids,
          attention_mask: mask,
          max_new_tokens: NEW_TOKENS,
          min_new_tokens: NEW_TOKENS,
          do_sample: false,
          num_beams: 1,
          repetition_penalty: 1,
          no_repeat_ngram_size: 0,
          forced_eos_token_id: null,
        } as never)) as unknown as { dims: number[] };
        // Seq2seq output starts with the decoder start token; decoder-only output with the prompt.
        return out.dims[1] - (kind === 'seq2seq' ? 1 : input.length);
      },
    ],
    ['CiteScribe greedy (KV cache)', runs, async () => (await ours.generate(input, { ...exact, numBeams: 1 })).tokens.length],
    ['CiteScribe beam search, 4 beams', runs, async () => (await ours.generate(input, { ...exact, numBeams: 4 })).tokens.length],
    ['CiteScribe greedy, no cache', Math.min(3, runs), async () => (await ours.generate(input, { ...exact, numBeams: 1, useCache: false })).tokens.length],
  ];
  // Interleaved rounds, best round per method: the machine may be shared, and one pass would measure the neighbours.
  const best = new Map<string, Timing>();
  for (let round = 0; round < config.rounds; round++) {
    for (const [name, n, fn] of methods) {
      const r = await time(config.warmup, n, fn);
      const prev = best.get(name);
      if (!prev || r.tokens / r.seconds > prev.tokens / prev.seconds) best.set(name, r);
    }
  }
  await ours.dispose();
  await theirs.dispose();
  const rate = (r: Timing) => r.tokens / r.seconds;
  const ref = rate(best.get(methods[0][0])!);
  return methods.map(([name]) => {
    const r = best.get(name)!;
    return [`${kind} ${config.size} (${input.length}-token input)`, name, rate(r).toFixed(0), ((1000 * r.seconds) / r.tokens).toFixed(3), `${(rate(r) / ref).toFixed(2)}×`];
  });
}

/**
 * The gguf engine's decoder (llama.cpp through node-llama-cpp, optional) on a llama GGUF of the tiny and small test
 * shapes (scripts/make-tiny-gguf.mjs), greedy, 64 new tokens: beside the ONNX rows, not against transformers.js.
 */
async function benchGguf(config: Config): Promise<string[][]> {
  const importModule = new Function('s', 'return import(s)') as (s: string) => Promise<Record<string, unknown>>;
  let lib: Record<string, unknown>;
  try {
    lib = await importModule('node-llama-cpp');
  } catch {
    return [[`causal ${config.size} (GGUF)`, 'gguf engine: node-llama-cpp not installed', '-', '-', '-']];
  }
  const fs = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const { spawnSync } = await import('node:child_process');
  const file = path.join(os.tmpdir(), `citescribe-bench-${config.size}.gguf`);
  // The ONNX test models' shapes: 16 wide, 2 heads, 2 layers (tiny); 256 wide, 8 heads, 4 layers (small); FFN 2× wide.
  const shape = config.small ? ['--embd', '256', '--heads', '8', '--blocks', '4', '--ff', '512'] : ['--ff', '32'];
  const made = spawnSync(process.execPath, [path.join(__dirname, '..', 'scripts', 'make-tiny-gguf.mjs'), file, ...shape], { encoding: 'utf8' });
  if (made.status !== 0 || !fs.existsSync(file)) throw new Error(`make-tiny-gguf failed: ${made.stderr}`);
  type Llama = { loadModel(o: object): Promise<{ createContext(o: object): Promise<{ getSequence(): { clearHistory(): Promise<void> }; dispose(): Promise<void> }>; dispose(): Promise<void> }>; dispose(): Promise<void> };
  const llama = (await (lib.getLlama as (o: object) => Promise<Llama>)({ gpu: false, build: 'never', logLevel: 'error' }));
  const model = await llama.loadModel({ modelPath: file });
  const context = await model.createContext({ contextSize: 1024, threads: ggufThreads() });
  const sequence = context.getSequence();
  const Completion = lib.LlamaCompletion as new (o: object) => { generateCompletion(text: string, o: object): Promise<string>; dispose(): void };
  const runOnce = async () => {
    await sequence.clearHistory();
    const completion = new Completion({ contextSequence: sequence, autoDisposeSequence: false });
    let tokens = 0;
    await completion.generateCompletion(config.source, { maxTokens: NEW_TOKENS, temperature: 0, onToken: (t: number[]) => (tokens += t.length) });
    completion.dispose();
    return tokens;
  };
  let best: Timing | undefined;
  for (let round = 0; round < config.rounds; round++) {
    const r = await time(config.warmup, config.runs, runOnce);
    if (!best || r.tokens / r.seconds > best.tokens / best.seconds) best = r;
  }
  await context.dispose();
  await model.dispose();
  await llama.dispose();
  const rate = best!.tokens / best!.seconds;
  return [[`causal ${config.size} (GGUF, llama arch)`, 'gguf engine (llama.cpp, greedy)', rate.toFixed(0), ((1000 * best!.seconds) / best!.tokens).toFixed(3), '-']];
}

async function main() {
  const rows: string[][] = [['model', 'decoder', 'tokens/s', 'ms/token', 'vs transformers.js']];
  for (const config of CONFIGS) for (const kind of ['seq2seq', 'causal'] as const) rows.push(...(await benchModel(config, kind)));
  for (const config of CONFIGS) rows.push(...(await benchGguf(config)));
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  console.log(`neural decoding on CPU, ${NEW_TOKENS} new tokens per run, best of interleaved rounds (node ${process.version})`);
  for (const r of rows) console.log(r.map((cell, c) => (c >= 2 ? cell.padStart(widths[c]) : cell.padEnd(widths[c]))).join('  '));
  console.log('(beam rows count tokens of the returned hypothesis; 4 beams do about 4× the work per token)');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
