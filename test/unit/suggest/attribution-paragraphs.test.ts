import { strict as assert } from 'assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { evaluateParagraphAttribution, paragraphFigures, type ParagraphCase } from '../../../src/core/suggest/attribution-paragraphs';
import { evalCommand } from '../../../src/cli/commands/eval';
import { captureCli } from '../../support/cli-capture';

// Two related-work paragraphs we wrote in CiteBench's shape: input[0] the citing abstract, input[i] the abstract cited
// as [i-1]. The first cites three seabird counts, one sentence each, plus a topic sentence citing two and one citing
// none; the second cites a single work, so it has nothing to swap with.
const ITEMS = [
  {
    target:
      'Seabirds have been counted from the air and from the ground [0] [1]. ' +
      'Gull nests on breakwaters were counted in drone images by a detector trained on hand-marked photographs [0]. ' +
      'Microphones left on the islands recorded tern calls, and a classifier counted the birds from the audio [1]. ' +
      'Volunteers counted puffin burrows with a phone app that records the position of each burrow [2]. ' +
      'Such counts guide the protection of colonies.',
    input: [
      '<abs> We study how seabird counts guide coastal planning.',
      '<abs> Abstract Gull colonies nest on breakwaters that people cannot reach. We count the birds in drone images with a detector trained on hand-marked photographs.',
      '<abs> Tern colonies are loud. Microphones left on the islands record their calls, and a classifier counts the birds from hours of audio.',
      '<abs> Puffins nest in burrows on steep slopes. Volunteers count the burrows with BurrowCount, a phone app that records each burrow with its position.',
    ],
  },
  {
    target: 'Ferry timetables can be solved nightly as integer programs over the crossings [0].',
    input: ['<abs> Islands need ferries.', '<abs> Island ferries must meet trains. FerryOpt casts the timetable as an integer program over crossings, solved nightly.'],
  },
];

describe('eval verify on related-work paragraphs (CiteBench shape)', () => {
  it('judges each single-citation sentence intact and swapped within its paragraph, and counts what it left out', async () => {
    const { figures, cases } = await evaluateParagraphAttribution(ITEMS, 7);
    assert.deepEqual(cases.map((c) => [c.id, c.cited]), [['p0s1', 'p0w0'], ['p0s2', 'p0w1'], ['p0s3', 'p0w2']]);
    for (const c of cases) {
      assert.notEqual(c.swapped, c.cited);
      assert.deepEqual(c.group, ['p0w0', 'p0w1', 'p0w2']);
    }
    assert.deepEqual([figures.paragraphs, figures.paragraphsWithoutRivals, figures.sentences, figures.cases], [2, 1, 6, 3]);
    assert.deepEqual(figures.skipped, { noCitation: 1, severalWorks: 1, tooShort: 0, noAbstract: 0, noRival: 1 });
    assert.equal(figures.intactFlagged, 0, JSON.stringify(cases));
    assert.equal(figures.swapsFlagged, 3, JSON.stringify(cases));
    assert.equal(figures.swapsRightBetter, 3);
    assert.equal(figures.pairwise, 1);
    // The intact paragraphs as documents: every citation checked as the editor checks it, none flagged.
    assert.deepEqual(figures.documents, { citations: 6, verdicts: { supported: 6 }, withDetails: 0 });
  });

  it('counts ties as half in the pairwise accuracy and any verdict but supported as flagged', () => {
    const judged = (verdict: 'supported' | 'weak' | 'misattributed', fit: number, better?: string) => ({ verdict, fit, ...(better && { better }) });
    const base = { text: '', cited: 'a', swapped: 'b', group: ['a', 'b'] };
    const cases: ParagraphCase[] = [
      { id: '1', ...base, intact: judged('supported', 2), swappedJudged: judged('misattributed', 1, 'a') },
      { id: '2', ...base, intact: judged('weak', 1), swappedJudged: judged('supported', 1) },
    ];
    const f = paragraphFigures(cases, { paragraphs: 1, paragraphsWithoutRivals: 0, sentences: 2, skipped: { noCitation: 0, severalWorks: 0, tooShort: 0, noAbstract: 0, noRival: 0 } });
    assert.deepEqual([f.swapsFlagged, f.swapsRightBetter, f.intactFlagged, f.pairwise], [1, 1, 1, 0.75]);
  });

  it('eval verify reads a CiteBench json and prints the figures with the counts', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-verify-paragraphs-'));
    try {
      const data = path.join(dir, 'citebench.json');
      fs.writeFileSync(data, JSON.stringify(ITEMS));
      const io = captureCli();
      assert.equal(await evalCommand.run(['verify', '--data', data], io), 0);
      const out = io.stdout.join('\n');
      assert.match(out, /^CiteBench paragraphs verify: 2 paragraphs \(1 cite fewer than two works with an abstract\), 6 sentences, seed 7$/m);
      assert.match(out, /^swaps flagged \(any verdict but supported\) +3 of 3 \(100\.0%\); misattributed naming the right work 3 of 3/m);
      assert.match(out, /^intact flagged \(false flags\) +0 of 3 \(0\.0%\)$/m);
      assert.match(out, /^pairwise \(intact fit above swapped\) +1\.000$/m);
      assert.match(out, /^intact paragraphs through Check Citations: 6 citations — supported 6; 0 with a number or name/m);
      const json = captureCli();
      assert.equal(await evalCommand.run(['verify', '--data', data, '--json', '--seed', '3'], json), 0);
      const parsed = JSON.parse(json.stdout.join(''));
      assert.deepEqual([parsed.cases.length, parsed.seed, parsed.intactFlagged], [3, 3, 0]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
