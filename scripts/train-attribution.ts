// Trains the attribution judgement (src/core/suggest/attribution-model.ts) on ScisummNet dev citances, by the protocol
// of `citescribe eval verify`: each citance against the paragraph of its cited paper and that paper's 4 nearest
// neighbours. The weights: a softmax over the works of the paragraph whose answer is the cited paper. The thresholds:
// the misattribution margin and the reach below which a sentence is unsupported or weak, chosen so that at most TARGET_FALSE_FLAGS of intact
// citations are flagged while most swapped and outside ones are; then the "says" score (a logistic regression of
// intact citations against outside sentences) and its threshold, flagging more outside sentences with at most
// TARGET_WITH_SAYS of intact citations flagged in all. Reports two folds by cited paper (held out: a fold
// never sees the papers it is tested on), then trains on everything and, with --write, writes the model.
//   node --import tsx scripts/train-attribution.ts ../shared/data/citation-sentences/scisummnet-dev.jsonl [--sample 2000] [--cache F.json] [--curve] [--no-says] [--write]
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseSuggestDataset } from '../src/core/suggest/evaluate';
import { collectVerifyCases, verifyFigures, type VerifyCase } from '../src/core/suggest/attribution-eval';
import { GROUP_FEATURE_NAMES, judgeFromFits, REACH_FEATURE, SAYS_FEATURE_NAMES, saysFeatures } from '../src/core/suggest/attribution';
import type { AttributionModel } from '../src/core/suggest/attribution-model';

/** Below the 10% of the issue's protocol: held out, 8% on one fold became 5.7% and 12.0% on the other (its citances are harder). */
const TARGET_FALSE_FLAGS = 0.08;
/**
 * Intact citations flagged in all once saysScore's threshold is added. The misattribution margin is chosen first, at
 * TARGET_FALSE_FLAGS, and kept: chosen together, a larger margin traded "misattributed, naming the right work" for
 * "weak" (on the dev sample, swaps flagged 50% → 39%, CiteBench's 54% → 33%) for the same count of flags.
 */
const TARGET_WITH_SAYS = 0.1;

function trainWeights(cases: readonly VerifyCase[], epochs = 400, l2 = 1e-3): number[] {
  const d = GROUP_FEATURE_NAMES.length;
  const w = new Array(d).fill(0);
  w[0] = 1;
  const m = new Array(d).fill(0);
  const v = new Array(d).fill(0);
  for (let epoch = 1; epoch <= epochs; epoch++) {
    const g = new Array(d).fill(0);
    let n = 0;
    for (const c of cases) {
      const pos = c.fits.findIndex((f) => f.key === c.cited);
      if (pos < 0 || c.fits.length < 2) continue;
      const s = c.fits.map((f) => f.features.reduce((a, x, i) => a + x * w[i], 0));
      const top = Math.max(...s);
      const e = s.map((x) => Math.exp(x - top));
      const z = e.reduce((a, x) => a + x, 0);
      c.fits.forEach((f, j) => {
        const err = e[j] / z - (j === pos ? 1 : 0);
        f.features.forEach((x, i) => (g[i] += err * x));
      });
      n++;
    }
    for (let i = 0; i < d; i++) {
      const grad = g[i] / (n || 1) + l2 * w[i];
      m[i] = 0.9 * m[i] + 0.1 * grad;
      v[i] = 0.999 * v[i] + 0.001 * grad * grad;
      w[i] -= (0.05 * (m[i] / (1 - 0.9 ** epoch))) / (Math.sqrt(v[i] / (1 - 0.999 ** epoch)) + 1e-8);
      // Kept at zero or above: a word, name or phrase of the sentence that only this work holds never counts against
      // it. Unconstrained, ScisummNet's paragraphs (the cited paper's nearest neighbours share its words) teach a
      // negative weight that would call "Microphones recorded tern calls" cited to a puffin survey supported.
      if (i > 0) w[i] = Math.max(0, w[i]);
    }
  }
  return w;
}

/**
 * The weights of saysScore (attribution.ts): logistic regression of "the cited work says this sentence", the cited
 * work of each intact citation (yes) against the same work cited for the outside sentence (no).
 */
function trainSaysWeights(cases: readonly VerifyCase[], iterations = 1500, rate = 0.5): number[] {
  const examples: { x: number[]; y: number }[] = [];
  for (const c of cases) {
    const intact = c.fits.find((f) => f.key === c.cited);
    const outside = c.outside.fits.find((f) => f.key === c.cited);
    if (intact) examples.push({ x: saysFeatures(intact, c.fits), y: 1 });
    if (outside) examples.push({ x: saysFeatures(outside, c.outside.fits), y: 0 });
  }
  const w = new Array(SAYS_FEATURE_NAMES.length).fill(0);
  for (let it = 0; it < iterations; it++) {
    const g = new Array(w.length).fill(0);
    for (const { x, y } of examples) {
      const p = 1 / (1 + Math.exp(-x.reduce((a, v, i) => a + v * w[i], 0)));
      x.forEach((v, i) => (g[i] += (p - y) * v));
    }
    w.forEach((_, i) => (w[i] -= (rate * g[i]) / (examples.length || 1)));
  }
  return w.map((x) => Number(x.toFixed(4)));
}

/** The cases with each work's fit recomputed under `weights`. */
function refit(cases: readonly VerifyCase[], weights: readonly number[]): VerifyCase[] {
  const fit = (f: VerifyCase['fits'][number]) => ({ ...f, reach: f.features[REACH_FEATURE], behindLibrary: f.behindLibrary, fit: f.features.reduce((a, x, i) => a + x * weights[i], 0) });
  return cases.map((c) => ({ ...c, fits: c.fits.map(fit), outside: { ...c.outside, fits: c.outside.fits.map(fit) } }));
}

function flagRates(cases: readonly VerifyCase[], model: AttributionModel): { intact: number; swapped: number; outside: number } {
  const n = cases.length || 1;
  const flagged = (fits: VerifyCase['fits'], key: string) => (judgeFromFits(fits, key, model).verdict === 'supported' ? 0 : 1);
  let intact = 0;
  let swapped = 0;
  let outside = 0;
  for (const c of cases) {
    intact += flagged(c.fits, c.cited);
    swapped += flagged(c.fits, c.swapped);
    outside += flagged(c.outside.fits, c.cited);
  }
  return { intact: intact / n, swapped: swapped / n, outside: outside / n };
}

/** Reach thresholds tried: 1e-9 is "shares no content word". */
const REACH_GRID = [0, 1e-9, 0.1, 0.2, 0.3, 0.4];
/** How far behind the library's best work (support score, log-odds) the cited work may be. */
const BEHIND_GRID = [Infinity, 4, 5, 6, 7, 8, 10];
/** saysScore thresholds tried (log-odds). */
const SAYS_GRID = Array.from({ length: 31 }, (_, i) => Number((-3 + 0.1 * i).toFixed(1)));

/**
 * The margin and support thresholds that flag the most swapped and outside citations with at most TARGET of intact
 * ones flagged. Each case is reduced first to what the verdict reads (margin, best reach of the paragraph, own
 * reach), so the grid is quick.
 */
function calibrate(cases: readonly VerifyCase[], weights: number[]): AttributionModel {
  const reduce = (fits: VerifyCase['fits'], key: string) => {
    const own = fits.find((f) => f.key === key);
    if (!own) return undefined;
    let other = -Infinity;
    for (const f of fits) if (f.key !== key) other = Math.max(other, f.fit);
    return { margin: other - own.fit, top: Math.max(...fits.map((f) => f.reach)), own: own.reach, behind: own.behindLibrary };
  };
  const sets = ['intact', 'swapped', 'outside'].map((kind) =>
    cases.map((c) => (kind === 'intact' ? reduce(c.fits, c.cited) : kind === 'swapped' ? reduce(c.fits, c.swapped) : reduce(c.outside.fits, c.cited))).filter((x) => x !== undefined),
  );
  // Flagged exactly as judgeFromFits flags (an unsupported paragraph is one where the cited work is far behind too).
  const rate = (set: (typeof sets)[number], m: AttributionModel) =>
    set.filter((x) => x.top < m.unsupportedBelow || x.margin >= m.misattributedMargin || x.own < m.weakBelow || x.behind >= m.behindLibraryBy).length / (set.length || 1);
  let best: { model: AttributionModel; gain: number } | undefined;
  for (const unsupportedBelow of REACH_GRID) {
    for (const weakBelow of REACH_GRID.slice(0, 4)) {
      for (const behindLibraryBy of BEHIND_GRID) {
        for (let margin = 0; margin <= 8; margin += 0.1) {
          const model = { weights, misattributedMargin: Number(margin.toFixed(2)), unsupportedBelow, weakBelow, behindLibraryBy, saysWeights: [], saysBelow: -Infinity };
          if (rate(sets[0], model) > TARGET_FALSE_FLAGS) continue;
          const gain = rate(sets[1], model) + rate(sets[2], model);
          if (!best || gain > best.gain) best = { model, gain };
          break;
        }
      }
    }
  }
  if (!best) throw new Error('no threshold keeps intact flags under the target');
  return best.model;
}

/** `model` with saysScore's weights and the highest threshold that keeps intact flags, in all, at most `total`. */
function calibrateSays(cases: readonly VerifyCase[], model: AttributionModel, saysWeights: number[], total = TARGET_WITH_SAYS): AttributionModel {
  let chosen: AttributionModel = { ...model, saysWeights, saysBelow: -Infinity };
  if (!saysWeights.length) return chosen;
  for (const saysBelow of SAYS_GRID) {
    const m = { ...model, saysWeights, saysBelow };
    if (flagRates(cases, m).intact <= total) chosen = m;
  }
  return chosen;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

async function main(): Promise<void> {
  const data = process.argv[2];
  if (!data || !fs.existsSync(data)) {
    console.log(`train-attribution: ${data ?? '(no path)'} not found, skipped`);
    return;
  }
  const at = process.argv.indexOf('--sample');
  const sample = at > 0 ? Number(process.argv[at + 1]) : 2000;
  const papers = parseSuggestDataset(fs.readFileSync(data, 'utf8'));
  // --cache FILE keeps the scored citances between runs (collecting 2,000 takes minutes; training, seconds).
  const cacheAt = process.argv.indexOf('--cache');
  const cache = cacheAt > 0 ? process.argv[cacheAt + 1] : undefined;
  const cases: VerifyCase[] = cache && fs.existsSync(cache) ? JSON.parse(fs.readFileSync(cache, 'utf8')) : (await collectVerifyCases(papers, sample)).cases;
  if (cache && !fs.existsSync(cache)) fs.writeFileSync(cache, JSON.stringify(cases));
  console.log(`${cases.length} citances, each intact, swapped and against an outside sentence`);
  // --no-says: the judgement without saysScore (as before it), to compare.
  const noSays = process.argv.includes('--no-says');
  const fold = (paper: string) => [...paper].reduce((a, ch) => (a * 31 + ch.charCodeAt(0)) >>> 0, 7) % 2;
  for (const k of [0, 1]) {
    const trainSet = cases.filter((c) => fold(c.cited) !== k);
    const weights = trainWeights(trainSet);
    const trained = refit(trainSet, weights);
    const saysWeights = noSays ? [] : trainSaysWeights(trainSet);
    const margins = calibrate(trained, weights);
    const model = calibrateSays(trained, margins, saysWeights);
    const test = refit(cases.filter((c) => fold(c.cited) === k), weights);
    // --curve: the trade-off, held out, between intact citations flagged and outside (and swapped) ones flagged.
    for (const total of process.argv.includes('--curve') && saysWeights.length ? [0.08, 0.09, 0.1, 0.11, 0.12, 0.15] : []) {
      const m = calibrateSays(trained, margins, saysWeights, total);
      const r = flagRates(test, m);
      const heldOut = `intact ${pct(r.intact)}, swapped ${pct(r.swapped)}, outside ${pct(r.outside)}`;
      console.log(`  fold ${k} curve: at most ${pct(total)} of train intact flagged (says below ${m.saysBelow}) → held out: ${heldOut}`);
    }
    const ours = verifyFigures(test, (f) => f.fit, model);
    const baseline = verifyFigures(test, (f) => f.support, model);
    const r = flagRates(test, model);
    console.log(
      `fold ${k}: held out ${test.length} — swaps flagged at 10% false flags ${pct(ours.swapsFlaggedAtTenPercent)} (support alone ${pct(baseline.swapsFlaggedAtTenPercent)}), ` +
        `pairwise ${ours.pairwise.toFixed(3)} (${baseline.pairwise.toFixed(3)}); ` +
        `at the trained thresholds (margin ${model.misattributedMargin}, unsupported below ${model.unsupportedBelow}, ` +
        `weak below ${model.weakBelow}, behind the library's best by ${model.behindLibraryBy}, says below ${model.saysBelow}) ` +
        `flagged: intact ${pct(r.intact)}, swapped ${pct(r.swapped)}, outside ${pct(r.outside)} (unsupported ${pct(ours.outsideUnsupported)})`,
    );
  }
  const weights = trainWeights(cases);
  const model = calibrateSays(refit(cases, weights), calibrate(refit(cases, weights), weights), noSays ? [] : trainSaysWeights(cases));
  console.log(
    'weights:',
    GROUP_FEATURE_NAMES.map((n, i) => `${n} ${weights[i].toFixed(3)}`).join(', '),
    `margin ${model.misattributedMargin}, unsupported below ${model.unsupportedBelow}, weak below ${model.weakBelow}, behind by ${model.behindLibraryBy}, ` +
      `says: ${SAYS_FEATURE_NAMES.map((n, i) => `${n} ${model.saysWeights[i]}`).join(', ')}, below ${model.saysBelow}`,
  );
  if (process.argv.includes('--write')) {
    const file = path.join(__dirname, '..', 'src', 'core', 'suggest', 'attribution-model.ts');
    const text = fs.readFileSync(file, 'utf8');
    const line = [
      'export const ATTRIBUTION_MODEL: AttributionModel = {',
      `  weights: [${weights.map((x) => x.toFixed(4)).join(', ')}],`,
      `  misattributedMargin: ${model.misattributedMargin},`,
      `  unsupportedBelow: ${model.unsupportedBelow},`,
      `  weakBelow: ${model.weakBelow},`,
      `  behindLibraryBy: ${model.behindLibraryBy},`,
      `  saysWeights: [${model.saysWeights.join(', ')}],`,
      `  saysBelow: ${model.saysBelow},`,
      '};',
    ].join('\n');
    // The model written before, one property a line (or, as older versions wrote it, on one line), up to its "};".
    const written = /(\/\*\*[^\n]*\*\/\n)?export const ATTRIBUTION_MODEL[^;]*;\n/;
    fs.writeFileSync(file, text.replace(written, `/** Trained by scripts/train-attribution.ts on ${cases.length} ScisummNet dev citances. */\n${line}\n`));
    console.log(`wrote ${file}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
