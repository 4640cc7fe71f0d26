import { strict as assert } from 'assert';
import { DefaultEngine } from '../../../src/core/engines';
import { MemoryLibrary } from '../../../src/core/engine/memory-library';
import { claimedNoun, kindDifference, kindSentence } from '../../../src/core/drafting/kinds';
import { isContrast } from '../../../src/core/drafting/contrast';
import { METHOD_KINDS } from '../../../src/core/lexicon/method-kinds';
import type { PaperRecord } from '../../../src/core/types';

const record = (key: string, abstract: string): PaperRecord => ({ key, type: 'article', title: '', authors: [], abstract });

describe('difference of kind between the author\'s work and the cited works (lexicon/method-kinds.ts)', () => {
  // Each kind's examples are its tests: the relation they open with, or none where the works claim the kind too.
  for (const kind of METHOD_KINDS) {
    for (const example of kind.examples) {
      it(`${kind.kind}: ${example.claim} ⟂ ${example.works.join(' | ')}`, () => {
        const difference = kindDifference(example.claim, example.works);
        if (example.opens === null) {
          assert.equal(difference?.kind.kind === kind.kind ? difference : undefined, undefined);
          return;
        }
        assert.equal(difference?.kind.kind, kind.kind);
        const named = difference.opposed.length ? difference.opposed : example.works.map((_, i) => i);
        const works = named.length === 1 || difference.opposed.length ? `[${named.join(', ')}]` : 'these works';
        assert.ok(kindSentence(example.claim, difference, works, named.length === 1).startsWith(example.opens), kindSentence(example.claim, difference, works, named.length === 1));
      });
    }
  }

  it('reads "supervised" only as a whole word: "self-supervised" and "unsupervised" do not write it', () => {
    assert.equal(kindDifference('We propose a self-supervised depth estimator.', ['A self-supervised depth network from video.']), undefined);
    // The self-supervised network is near the unsupervised kind: only the supervised one is set against it.
    assert.deepEqual(kindDifference('We propose an unsupervised depth estimator.', ['A self-supervised depth network.', 'A supervised depth network.'])?.opposed, [1]);
    assert.deepEqual(kindDifference('We propose an unsupervised depth estimator.', ['A self-supervised depth network.', 'A semi-supervised depth network.']), undefined);
  });

  it('sets the whole group apart where none of its works claims the kind, naming those that write the opposite', () => {
    const claim = 'We propose a self-supervised tide forecaster trained on raw buoy logs.';
    const silent = ['We train a tide forecaster on supervised gauge readings.', 'A recurrent network forecasts harbour tides.', 'Harmonic tide tables for ports.'];
    const difference = kindDifference(claim, silent)!;
    assert.deepEqual(difference.opposed, [0]);
    assert.ok(
      kindSentence(claim, difference, '[0]', true, difference.claimedByNone ? 'these works' : undefined).startsWith('Unlike [0], whose approach is supervised, and the other works, we propose a self-supervised'),
    );
    // A work near the kind ("unsupervised") keeps the others apart: only the supervised one is set against the claim.
    const near = kindDifference(claim, [silent[0], 'An unsupervised tide forecaster from buoy logs.'])!;
    assert.equal(near.claimedByNone, false);
    assert.ok(kindSentence(claim, near, '[0]', true, near.claimedByNone ? 'these works' : undefined).startsWith('Unlike [0], whose approach is supervised, we propose'));
  });

  it('claims no kind the works never write the opposite of ("Unlike [0], our rig is real-time" beside a work silent on its speed)', () => {
    const claim = 'We propose a grasping rig that enables real-time interaction with virtual hands.';
    assert.equal(kindDifference(claim, ['A planner of grasping motions for virtual actors.']), undefined);
    assert.equal(kindDifference(claim, ['A planner of grasping motions for virtual actors.', 'Hand synergies of human grasps.']), undefined);
    assert.deepEqual(kindDifference(claim, ['An offline planner of grasping motions.', 'Hand synergies of human grasps.'])?.opposed, [0]);
  });

  it('says the kind once where the claim names it ("… our rig is real-time: we propose … real-time interaction" said it twice)', () => {
    const claim = 'We propose a grasping rig that enables real-time interaction with virtual hands.';
    const difference = kindDifference(claim, ['An offline planner of grasping motions for virtual hands.'])!;
    const sentence = kindSentence(claim, difference, '[0]', true);
    assert.equal(sentence, 'Unlike [0], whose approach is offline, we propose a grasping rig that enables real-time interaction with virtual hands.');
    assert.equal(sentence.match(/real-time/g)?.length, 1, sentence);
    // A claim that does not name the kind itself keeps "our … is …": the difference must be said somewhere.
    const quick = { ...difference, kind: { ...difference.kind, words: ['real-time', 'quick'] } };
    assert.match(kindSentence('Our rig is quick.', quick, '[0]', true), /^Unlike \[0\], whose approach is offline, our approach is real-time: our rig is quick\.$/);
  });

  it('takes no kind the claim says its work is not ("unlike Bayesian approaches", "rather than an end-to-end network")', () => {
    const works = ['A discriminative network for tide forecasting.', 'A staged tide forecaster.'];
    assert.equal(kindDifference('Unlike Bayesian approaches, we propose a discriminative tide forecaster.', works), undefined);
    assert.equal(kindDifference('We propose a two-stage tide forecaster rather than an end-to-end network.', works), undefined);
    assert.equal(kindDifference('We propose a Bayesian tide forecaster.', works)?.kind.kind, 'Bayesian');
  });

  it('names what the claim proposes as "our …", past a quantity ("a family of … problems")', () => {
    assert.equal(claimedNoun('We propose a visually exact, fast and robust grasping rig that reads gloves.'), 'rig');
    assert.equal(claimedNoun('We study a family of non-convex tide problems, where the tides are mixed.'), 'problems');
    assert.equal(claimedNoun('We tackle VO as a generation task.'), 'approach');
  });

  const engine = new DefaultEngine();

  it('closes a draft on the kind that sets the author\'s work apart, naming the work that claims the opposite', async () => {
    const lib = new MemoryLibrary([
      record('roe', 'We train a harbour tide forecaster on supervised gauge readings. The forecaster fits tidal constituents to ten years of gauge records.'),
    ]);
    const own = 'Pilots need tide tables. We propose a self-supervised harbour tide forecaster trained on raw buoy logs.';
    const draft = await engine.draft({ keys: ['roe'], ownAbstract: own, targetWords: 60, format: 'latex' }, lib);
    assert.match(draft.text, /Unlike \\cite\{roe\}, whose approach is supervised, we propose a self-supervised harbour tide forecaster/, draft.text);
  });

  it('sets the whole paragraph apart where only one of its works writes the opposite and none claims the kind', async () => {
    const lib = new MemoryLibrary([
      record('roe', 'We train a harbour tide forecaster on supervised gauge readings. The forecaster fits tidal constituents to ten years of gauge records.'),
      record('doe', 'We present a recurrent harbour tide forecaster for storm weeks. The forecaster reads wind and pressure records of the harbour.'),
      record('moe', 'We describe a harbour tide forecaster from harmonic constituents of gauge records. Its tables serve pilots of four ports.'),
    ]);
    const own = 'Pilots need tide tables. We propose a self-supervised harbour tide forecaster trained on raw buoy logs.';
    const draft = await engine.draft({ keys: ['roe', 'doe', 'moe'], ownAbstract: own, targetWords: 90, format: 'latex' }, lib);
    // Not "Unlike these works, among them \cite{roe}, whose approach is supervised, …", which read garbled.
    assert.match(draft.text, /Unlike \\cite\{roe\}, whose approach is supervised, and the other works, we propose a self-supervised/, draft.text);
  });

  it('states no kind the work claims under a near name ("unsupervised" beside "self-supervised")', async () => {
    const lib = new MemoryLibrary([
      record('roe', 'We train an unsupervised harbour tide forecaster on gauge readings. The forecaster fits tidal constituents to ten years of gauge records.'),
    ]);
    const own = 'Pilots need tide tables. We propose a self-supervised harbour tide forecaster trained on raw buoy logs.';
    const draft = await engine.draft({ keys: ['roe'], ownAbstract: own, targetWords: 60, format: 'latex' }, lib);
    assert.doesNotMatch(draft.text, /is self-supervised|whose approach/, draft.text);
  });

  it('places the author\'s work beside a lone work it cannot tell apart, without a false "unlike"', async () => {
    const lib = new MemoryLibrary([
      record('roe', 'This paper presents a simple parallel execution model for solvers with nondeterministic choices. The model runs the choices side by side.'),
    ]);
    const own = 'We present a behavioural model of competitive parallel solvers and predict the speedup they yield from simulations.';
    const draft = await engine.draft({ keys: ['roe'], ownAbstract: own, targetWords: 60, format: 'latex' }, lib);
    // "It": the sentence before cites the work already (flow.ts, flow.relation-after-same-work).
    assert.match(draft.text, /(?:\\cite\{roe\}|It) is the work closest to ours; we present a behavioural model of competitive parallel solvers/, draft.text);
    assert.doesNotMatch(draft.text, /Unlike|In contrast/, draft.text);
    // Still the relation of the draft, where the author's abstract may be quoted.
    assert.ok(isContrast('Our work belongs to this line of research; we present a model.') && isContrast('Roe \\cite{roe} is the work closest to mine; I present a model.'));
  });
});
