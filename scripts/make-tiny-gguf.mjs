// Writes a tiny random-weight llama model as a GGUF file (format v3, all tensors F32), for testing the gguf engine
// without a download: two blocks, 16 wide (the tiny ONNX test models' shape), a SentencePiece-style vocabulary of 3 control tokens, the 256 byte tokens
// (so any text tokenizes) and a few words. It generates nonsense quickly, which is all a test of the plumbing needs.
//   node scripts/make-tiny-gguf.mjs OUT.gguf
// The layout follows the GGUF specification (ggml docs/gguf.md): header, metadata key/values, tensor infos, then
// tensor data aligned to general.alignment (32).
import { writeFileSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';

const TYPE = { UINT32: 4, INT32: 5, FLOAT32: 6, BOOL: 7, STRING: 8, ARRAY: 9 };
const GGML_F32 = 0;
const ALIGN = 32;

class Writer {
  chunks = [];
  u32(v) { const b = Buffer.alloc(4); b.writeUInt32LE(v); this.chunks.push(b); }
  i32(v) { const b = Buffer.alloc(4); b.writeInt32LE(v); this.chunks.push(b); }
  u64(v) { const b = Buffer.alloc(8); b.writeBigUInt64LE(BigInt(v)); this.chunks.push(b); }
  f32(v) { const b = Buffer.alloc(4); b.writeFloatLE(v); this.chunks.push(b); }
  str(s) { const b = Buffer.from(s, 'utf8'); this.u64(b.length); this.chunks.push(b); }
  raw(b) { this.chunks.push(b); }
  get length() { return this.chunks.reduce((n, c) => n + c.length, 0); }
  buffer() { return Buffer.concat(this.chunks); }
}

function kv(w, key, type, value) {
  w.str(key);
  w.u32(type);
  if (type === TYPE.UINT32) w.u32(value);
  else if (type === TYPE.FLOAT32) w.f32(value);
  else if (type === TYPE.STRING) w.str(value);
  else if (type === TYPE.ARRAY) {
    const [elemType, items] = value;
    w.u32(elemType);
    w.u64(items.length);
    for (const item of items) {
      if (elemType === TYPE.STRING) w.str(item);
      else if (elemType === TYPE.FLOAT32) w.f32(item);
      else if (elemType === TYPE.INT32) w.i32(item);
    }
  }
}

/** Deterministic small weights (a linear congruential generator), so the file is the same on every run. */
function weights(count, seed, scale = 0.08) {
  const out = new Float32Array(count);
  let s = seed >>> 0;
  for (let i = 0; i < count; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    out[i] = ((s / 2 ** 32) * 2 - 1) * scale;
  }
  return out;
}

/** `shape`: the same sizes as the tiny ONNX test models by default (16 wide, 2 heads, 2 blocks); the neural bench
 * also writes the "small" shape (256 wide, 4 heads, 4 blocks). */
export function tinyGguf(shape = { embd: 16, heads: 2, blocks: 2, ff: 64 }) {
  const words = ['▁the', '▁a', '▁model', '▁method', '▁we', '▁propose', '▁data', '▁learn', '▁image', '▁text', '▁network', '▁of', '▁and', '▁to', '▁in', '.', ','];
  const tokens = ['<unk>', '<s>', '</s>', ...Array.from({ length: 256 }, (_, i) => `<0x${i.toString(16).toUpperCase().padStart(2, '0')}>`), ...words];
  const types = tokens.map((t, i) => (i === 0 ? 2 : i < 3 ? 3 : i < 259 ? 6 : 1));
  const scores = tokens.map((_, i) => (i < 259 ? 0 : -i));
  const nVocab = tokens.length;
  const { embd: nEmbd, heads: nHead, blocks, ff: nFf } = shape;
  const tensors = [
    ['token_embd.weight', [nEmbd, nVocab]],
    ['output_norm.weight', [nEmbd], 1],
    ['output.weight', [nEmbd, nVocab]],
    ...Array.from({ length: blocks }, (_, b) => [
      [`blk.${b}.attn_norm.weight`, [nEmbd], 1],
      [`blk.${b}.attn_q.weight`, [nEmbd, nEmbd]],
      [`blk.${b}.attn_k.weight`, [nEmbd, nEmbd]],
      [`blk.${b}.attn_v.weight`, [nEmbd, nEmbd]],
      [`blk.${b}.attn_output.weight`, [nEmbd, nEmbd]],
      [`blk.${b}.ffn_norm.weight`, [nEmbd], 1],
      [`blk.${b}.ffn_gate.weight`, [nEmbd, nFf]],
      [`blk.${b}.ffn_up.weight`, [nEmbd, nFf]],
      [`blk.${b}.ffn_down.weight`, [nFf, nEmbd]],
    ]).flat(),
  ];
  const metadata = [
    ['general.architecture', TYPE.STRING, 'llama'],
    ['general.name', TYPE.STRING, 'citescribe-tiny-llama'],
    ['general.alignment', TYPE.UINT32, ALIGN],
    ['general.file_type', TYPE.UINT32, 0],
    ['llama.context_length', TYPE.UINT32, 512],
    ['llama.embedding_length', TYPE.UINT32, nEmbd],
    ['llama.block_count', TYPE.UINT32, blocks],
    ['llama.feed_forward_length', TYPE.UINT32, nFf],
    ['llama.attention.head_count', TYPE.UINT32, nHead],
    ['llama.attention.head_count_kv', TYPE.UINT32, nHead],
    ['llama.rope.dimension_count', TYPE.UINT32, nEmbd / nHead],
    ['llama.attention.layer_norm_rms_epsilon', TYPE.FLOAT32, 1e-5],
    ['tokenizer.ggml.model', TYPE.STRING, 'llama'],
    ['tokenizer.ggml.tokens', TYPE.ARRAY, [TYPE.STRING, tokens]],
    ['tokenizer.ggml.scores', TYPE.ARRAY, [TYPE.FLOAT32, scores]],
    ['tokenizer.ggml.token_type', TYPE.ARRAY, [TYPE.INT32, types]],
    ['tokenizer.ggml.unknown_token_id', TYPE.UINT32, 0],
    ['tokenizer.ggml.bos_token_id', TYPE.UINT32, 1],
    ['tokenizer.ggml.eos_token_id', TYPE.UINT32, 2],
  ];
  const w = new Writer();
  w.raw(Buffer.from('GGUF', 'ascii'));
  w.u32(3);
  w.u64(tensors.length);
  w.u64(metadata.length);
  for (const [key, type, value] of metadata) kv(w, key, type, value);
  const data = [];
  let offset = 0;
  tensors.forEach(([name, dims, fill], i) => {
    const count = dims.reduce((a, b) => a * b, 1);
    const values = fill === undefined ? weights(count, 7 + i) : new Float32Array(count).fill(fill);
    w.str(name);
    w.u32(dims.length);
    for (const d of dims) w.u64(d);
    w.u32(GGML_F32);
    w.u64(offset);
    const bytes = Buffer.from(values.buffer);
    const padded = Math.ceil(bytes.length / ALIGN) * ALIGN;
    data.push(Buffer.concat([bytes, Buffer.alloc(padded - bytes.length)]));
    offset += padded;
  });
  const pad = (ALIGN - (w.length % ALIGN)) % ALIGN;
  w.raw(Buffer.alloc(pad));
  for (const d of data) w.raw(d);
  return w.buffer();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = process.argv[2];
  if (!out) {
    console.error('usage: node scripts/make-tiny-gguf.mjs OUT.gguf');
    process.exit(2);
  }
  mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  // Optional shape: --embd N --heads N --blocks N --ff N (the neural bench writes the small test shape).
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const bytes = tinyGguf({ embd: arg('embd', 16), heads: arg('heads', 2), blocks: arg('blocks', 2), ff: arg('ff', 64) });
  writeFileSync(out, bytes);
  console.log(`wrote ${out} (${bytes.length} bytes)`);
}
