import { strict as assert } from 'assert';
import { DefaultEngine } from '../../../src/core/engines';
import { MemoryLibrary } from '../../../src/core/engine/memory-library';
import { claimWrittenBy, criticizedPhrase, isRelation, relationSentence } from '../../../src/core/drafting/relation';
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

  it('finds the method of a work that the author\'s abstract finds fault with, and nothing where it only names it', () => {
    const work = 'We forecast harbour tides. Our forecaster uses lunar harmonic tables and a gauge drift model.';
    const critical = 'Earlier forecasters rely on lunar harmonic tables, which fail when gauges drift. We propose buoy-based forecasting.';
    const neutral = 'Earlier forecasters rely on lunar harmonic tables. We propose buoy-based forecasting.';
    assert.equal(criticizedPhrase(critical, work), 'lunar harmonic tables');
    assert.equal(criticizedPhrase(neutral, work), undefined);
  });

  it('does not write "Like [0]" of a work whose method the author criticizes, and states the criticism instead', async () => {
    const lib = new MemoryLibrary([
      record('roe', 'We present a forecasting framework for harbour tide prediction from gauge records. Our forecaster uses lunar harmonic tables and a gauge drift model, with a loss on hourly levels.'),
    ]);
    const own =
      'We propose a learning framework for harbour tide prediction that reads buoy logs. Earlier forecasters fit lunar harmonic tables to gauge records; ' +
      'however, lunar harmonic tables fail when the harbour floor shifts, and the predicted levels are inaccurate. ' +
      'Besides, we treat harbour tide prediction as a sequence generation task and take advantage of recurrent networks.';
    const draft = await engine.draft({ keys: ['roe'], ownAbstract: own, targetWords: 80, format: 'latex' }, lib);
    assert.doesNotMatch(draft.text, /\bLike (?:Roe )?\\cite\{roe\}/, draft.text);
    assert.match(draft.text, /Unlike [^,]*\\cite\{roe\}, which relies on lunar harmonic tables, we /, draft.text);
  });
});
