import { strict as assert } from 'assert';
import { bannedNgramTokens, beamSearch, greedySearch, processLogits, type StepModel } from '../../../src/core/neural/generation';

/** A model whose logits are a deterministic pseudo-random function of the row's whole sequence (no real cache). */
class HashModel implements StepModel {
  readonly vocabSize = 11;
  private rows: number[][] = [];
  calls = 0;
  constructor(private readonly seed: number) {}
  private logits(seq: readonly number[]): Float32Array {
    let h = this.seed >>> 0;
    for (const t of seq) h = Math.imul(h ^ (t + 0x9e3779b9), 2654435761) >>> 0;
    const out = new Float32Array(this.vocabSize);
    for (let v = 0; v < this.vocabSize; v++) {
      h = Math.imul(h ^ (h >>> 15), 2246822519) >>> 0;
      out[v] = ((h % 10000) / 10000) * 6;
    }
    return out;
  }
  async start(prefix: readonly number[]) {
    this.calls++;
    this.rows = [[...prefix]];
    return this.logits(this.rows[0]);
  }
  async step(tokens: readonly number[], origin: readonly number[]) {
    this.calls++;
    this.rows = origin.map((o, r) => [...this.rows[o], tokens[r]]);
    const out = new Float32Array(this.rows.length * this.vocabSize);
    this.rows.forEach((row, r) => out.set(this.logits(row), r * this.vocabSize));
    return out;
  }
  async dispose() {}
}

describe('neural: decoding loop', () => {
  it('one beam with early stopping makes the same choices as greedy (100 random models)', async () => {
    for (let seed = 1; seed <= 100; seed++) {
      const options = { maxNewTokens: 15, eosTokenIds: [3], numBeams: 1, earlyStopping: true };
      const g = await greedySearch(new HashModel(seed), [0], options);
      const b = await beamSearch(new HashModel(seed), [0], options);
      assert.deepEqual(b.tokens, g.tokens, `seed ${seed}`);
      assert.equal(b.finishReason, g.finishReason);
    }
  });

  it('beam search finds a sequence at least as likely as greedy', async () => {
    for (let seed = 1; seed <= 30; seed++) {
      const options = { maxNewTokens: 6, eosTokenIds: [] as number[], numBeams: 4, lengthPenalty: 0 };
      const b = await beamSearch(new HashModel(seed), [0], options);
      const g = await beamSearch(new HashModel(seed), [0], { ...options, numBeams: 1 });
      assert.ok(b.score >= g.score - 1e-9, `seed ${seed}: ${b.score} < ${g.score}`);
      assert.equal(b.tokens.length, 6);
    }
  });

  it('bans tokens that would repeat an n-gram', () => {
    assert.deepEqual([...bannedNgramTokens([1, 2, 3, 1, 2], 3)], [3]);
    assert.deepEqual([...bannedNgramTokens([1, 2, 3, 1], 2)], [2]);
    assert.deepEqual([...bannedNgramTokens([5], 3)], []);
  });

  it('applies repetition penalty, min length and suppression to the logits', () => {
    const logits = Float32Array.from([2, -2, 1, 0.5]);
    processLogits(logits, [0, 1], 0, { maxNewTokens: 5, minNewTokens: 1, eosTokenIds: [2], suppressTokenIds: [3], repetitionPenalty: 2 });
    assert.deepEqual([...logits], [1, -4, -Infinity, -Infinity]);
  });
});
