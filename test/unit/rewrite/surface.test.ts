// The surface of a written sentence as a blind reader reads it: no sentence cut where it still needed its clause, no
// aside left between dashes that glue it to the words around it, no praise copied from the authors. The sentences are
// our own, written to the shape of what the readers marked.
import { strict as assert } from 'assert';
import { clauseTruncations } from '../../../src/core/rewrite';

const cutsOf = (s: string) => clauseTruncations(s).map((t) => t.text);

describe('cuts that leave a sentence whole', () => {
  it('does not cut a definite noun off from the clause that says which ("maximize the region.")', () => {
    const region = cutsOf('We build permissive berth certificates for harbour pilots that safely maximize the region where a ship can turn without touching the quay.');
    assert.ok(!region.some((t) => /\bthe region\.$/.test(t)), region.join(' | '));
    const gauge = cutsOf('We describe a new way for harbour pilots to calibrate the gauge that the night shift reads every hour.');
    assert.ok(!gauge.some((t) => /\bthe gauge\.$/.test(t)), gauge.join(' | '));
    // An indefinite noun is still cut before what it achieves.
    const planner = cutsOf('We describe a berth planner for small harbours, which outperforms the manual schedules of five ports.');
    assert.ok(planner.includes('We describe a berth planner for small harbours.'), planner.join(' | '));
  });

  it('does not cut a design or strategy off from what it is for ("presented a safety feedback design.")', () => {
    const design = cutsOf('This paper presents a new safety feedback design for tugboats based on berth certificates and the idea of mooring functions.');
    assert.ok(!design.some((t) => /\bdesign\.$/.test(t)), design.join(' | '));
    const strategy = cutsOf('We present a layered alert strategy for the harbour networks of a small coastal region.');
    assert.ok(!strategy.some((t) => /\bstrategy\.$/.test(t)), strategy.join(' | '));
  });

  it('keeps what a thing "can" do, and cuts only what it "can achieve"', () => {
    const copes = cutsOf('This paper proposes a blind tide denoising algorithm which can cope with real gauge noise even when the noise model is not given.');
    assert.ok(!copes.some((t) => /\balgorithm\.$/.test(t)), copes.join(' | '));
    const achieves = cutsOf('This paper proposes a blind tide denoising algorithm which can achieve a lower error than every manual reading.');
    assert.ok(achieves.includes('This paper proposes a blind tide denoising algorithm.'), achieves.join(' | '));
  });
});

describe('cuts after a whole passive', () => {
  it('cuts a passive that is whole before "without" ("… where a ship can be turned.")', () => {
    const cuts = cutsOf('We build permissive berth certificates that safely maximize the region where a ship can be turned without touching the quay.');
    assert.ok(cuts.includes('We build permissive berth certificates that safely maximize the region where a ship can be turned.'), cuts.join(' | '));
    // A participle still needs what it acts through ("can be achieved [with …]" is not cut: "with" is no boundary).
    const achieved = cutsOf('We show that accurate tide readings can be achieved using a single cheap gauge on the pier.');
    assert.ok(!achieved.some((t) => /\bachieved\.$/.test(t)), achieved.join(' | '));
  });
});
