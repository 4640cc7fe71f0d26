import { strict as assert } from 'assert';
import { DefaultEngine } from '../../../src/core/engines';
import { MemoryLibrary } from '../../../src/core/engine/memory-library';
import { claimWrittenBy, isRelation, relationSentence } from '../../../src/core/drafting/relation';
import type { PaperRecord } from '../../../src/core/types';

const record = (key: string, abstract: string): PaperRecord => ({ key, type: 'article', title: '', authors: [], abstract });

describe('relation sentences that state no false difference', () => {
  const engine = new DefaultEngine();

  it('finds the claim\'s method in a work that writes it, and not the shared topic', () => {
    const claim = 'we propose a new kalman smoothing forecaster, which joins gauge cleaning and tide forecasting into one model.';
    const texts = ['We forecast harbour tides. This study derives a kalman smoothing algorithm for gauge records.', 'We forecast harbour tides from lunar tables.'];
    assert.equal(claimWrittenBy(claim, 'harbour tide forecasting', texts), 'kalman smoothing');
    assert.equal(claimWrittenBy(claim, 'harbour tide forecasting', texts.slice(1)), undefined);
  });

  it('keeps what is shared and drops "unlike them" where a named work uses the claimed method too', () => {
    const text = relationSentence('We propose a kalman smoothing forecaster.', 'harbour tide forecasting', '[3, 8]', false, false);
    assert.equal(text, 'Like [3, 8], we study harbour tide forecasting; we propose a kalman smoothing forecaster.');
    assert.ok(isRelation(text), 'still read as the draft\'s relation sentence');
  });

  it('does not write "unlike" a work whose abstract derives the method the author claims', async () => {
    const lib = new MemoryLibrary([
      record('roe', 'Harbour tide forecasting from gauge records is hard when gauges drift. This study derives a kalman smoothing algorithm that estimates gauge drift and tide levels for harbour tide forecasting.'),
      record('doe', 'We present harbour tide forecasting with lunar harmonic tables fitted to decades of gauge readings in northern ports.'),
    ]);
    const own = 'Pilots need reliable tide tables. We propose a new kalman smoothing forecaster, which joins buoy cleaning and wave estimation for harbour tide forecasting.';
    const draft = await engine.draft({ keys: ['roe', 'doe'], ownAbstract: own, targetWords: 90, format: 'latex' }, lib);
    assert.doesNotMatch(draft.text, /unlike (?:it|them|these works)[^.]*kalman smoothing/i, draft.text);
    assert.match(draft.text, /kalman smoothing forecaster/, draft.text);
  });
});
