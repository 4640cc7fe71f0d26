import { strict as assert } from 'assert';
import { DefaultEngine } from '../../../src/core/engines';
import { FLOW_RULES, smoothParagraph } from '../../../src/core/drafting/flow';
import { MemoryLibrary } from '../../../src/core/engine/memory-library';
import type { DraftSentence, PaperRecord } from '../../../src/core/types';
import { looksLikeExtractionJunk } from '../../../src/core/rewrite';
import { rejoinSplitSuffixes } from '../../../src/core/text/words';
import { withoutModifiedPointers } from '../../../src/core/rewrite/antecedents';
import { OWN_ABSTRACT, sampleLibrary, sampleRecords } from '../../support/engine-records';

const work = (text: string, keys: string[], role: DraftSentence['role'] = 'work'): DraftSentence => ({ text, keys, sources: [], role });

describe('draft flow rules (how a paragraph reads sentence after sentence)', () => {
  for (const rule of FLOW_RULES) {
    for (const example of rule.examples) {
      it(`${rule.id}: ${example.output[0].slice(0, 60)}…`, () => {
        const out = rule.apply(
          example.input.map((text, i) => work(text, example.keys[i], example.roles?.[i])),
          'cite',
        );
        assert.deepEqual(
          out.map((s) => s.text),
          example.output,
        );
      });
    }
  }

  it('never joins a third act to a sentence that already joins two, nor sentences on two works', () => {
    const joined = smoothParagraph([work('\\cite{0} addressed grasping, and presented an algorithm for it.', ['0']), work('\\cite{0} described body positioning.', ['0'])], 'cite');
    assert.equal(joined.length, 2);
    const two = smoothParagraph([work('\\cite{0} addressed grasping.', ['0']), work('\\cite{1} described body positioning.', ['1'])], 'cite');
    assert.deepEqual(
      two.map((s) => s.text),
      ['\\cite{0} addressed grasping.', '\\cite{1} described body positioning.'],
    );
  });

  it('opens no two sentences in a row on one work with its marker: "It" for the relation, "The authors also" for "their"', () => {
    const paragraph = smoothParagraph([
      work('\\cite{0} developed a convex surrogate for the variance of harbour gauge errors, allowing near-optimal and efficient trading between bias and error in the tide forecasts of small and large harbours alike.', ['0']),
      work('\\cite{0} showed that their procedure comes with certificates of optimality for every harbour in the survey.', ['0']),
    ], 'cite');
    assert.deepEqual(
      paragraph.map((s) => s.text.split(' ').slice(0, 3).join(' ')),
      ['\\cite{0} developed a', 'The authors also'],
    );
    const related = smoothParagraph([
      work('The tide model is based on two constraints exploited in an iterative procedure \\cite{0}.', ['0']),
      work('\\cite{0} is the work closest to ours; we study non-convex tide problems.', ['0'], 'contrast'),
    ], 'cite');
    assert.equal(related[1].text, 'It is the work closest to ours; we study non-convex tide problems.');
    const method = smoothParagraph([
      work('\\cite{0} presented an unsupervised framework for harbour depth and gauge motion estimation from unlabelled survey runs.', ['0']),
      work('The method of \\cite{0} uses single-gauge depth networks with a loss based on warping nearby readings.', ['0']),
    ], 'cite');
    assert.equal(method[1].text, 'It uses single-gauge depth networks with a loss based on warping nearby readings.');
  });

  it('says the second of two works in a row that put forward the same kind of thing put forward "another"', () => {
    const paragraph = smoothParagraph([
      work('\\cite{3} proposed a blind tide denoising algorithm to recover the true level of a harbour.', ['3']),
      work('\\cite{8} proposed a blind tide denoising algorithm which copes with drifting gauges.', ['8']),
    ], 'cite');
    assert.equal(paragraph[paragraph.length - 1].text.includes('proposed another blind tide denoising algorithm which copes'), true, paragraph.map((s) => s.text).join(' '));
  });

  it('leaves sentences that name their authors as they are ("Roe \\cite{k} proposed …" varies by name already)', () => {
    const named = ['Roe \\cite{a} proposed X.', 'Poe \\cite{b} proposed Y.', 'Doe \\cite{c} proposed Z.'];
    assert.deepEqual(
      smoothParagraph(named.map((t, i) => work(t, [['a', 'b', 'c'][i]])), 'cite').map((s) => s.text),
      named,
    );
  });
});

describe('the relation of the author\'s work to the works drafted', () => {
  const engine = new DefaultEngine();
  const record = (key: string, abstract: string): PaperRecord => ({ key, type: 'article', title: '', authors: [], abstract });

  it('says the author builds on a work whose system their abstract modifies, instead of "Unlike these works"', async () => {
    const lib = new MemoryLibrary([
      record('0', 'We introduce a tide model called TideNet that forecasts harbour tides from gauge logs. TideNet is trained on ten years of gauge logs from forty harbours.'),
      record('1', 'We present a tide forecaster that reads satellite altimetry over harbours. Our forecaster cuts the error of harbour tide tables by a third.'),
    ]);
    const own = 'Harbour tides matter to pilots. We present SurgeNet, a modification of the pretrained TideNet network that adds storm surge to harbour tide forecasts.';
    const draft = await engine.draft({ keys: ['0', '1'], ownAbstract: own, targetWords: 80, format: 'latex' }, lib);
    assert.match(draft.text, /Building on TideNet \\cite\{0\}, we present SurgeNet, a modification of the pretrained TideNet network/, draft.text);
    assert.doesNotMatch(draft.text, /Unlike/, draft.text);
  });

  it('does not set the author\'s work against "these works on X" when the author works on X too', async () => {
    const lib = new MemoryLibrary([
      record('0', 'We forecast harbour tides from gauge logs with a linear model. The linear model is fitted to ten years of logs.'),
      record('1', 'We forecast harbour tides from satellite altimetry. Altimetry covers harbours that have no gauge.'),
    ]);
    const own = 'We forecast harbour tides with a recurrent network that reads buoy swell and wind readings.';
    const draft = await engine.draft({ keys: ['0', '1'], ownAbstract: own, targetWords: 60, format: 'latex' }, lib);
    assert.doesNotMatch(draft.text, /these works on harbour tides/, draft.text);
  });
});

describe('extraction junk never reaches a draft', () => {
  const engine = new DefaultEngine();

  it('tells a table of contents, a section label, a stray symbol, a lost percent sign and an unclosed bracket from prose', () => {
    assert.ok(looksLikeExtractionJunk('Lexical Representation: The Passive in Lexical Theory (J. Bresnan); Polyadicity (J. Bresnan).'));
    assert.ok(looksLikeExtractionJunk('The tagger is fast — III. Syntactic Representation: Control and Complementation.'));
    assert.ok(looksLikeExtractionJunk('We tag noisy text > with a small model.'));
    assert.ok(looksLikeExtractionJunk('Our method reaches sparsity up to 97.5 without significant loss.'));
    assert.ok(looksLikeExtractionJunk('We tag noisy text (with a small model.'));
    assert.ok(!looksLikeExtractionJunk('We explore polynomials as activation functions (order ≥ 2) within an interval.'));
    assert.ok(looksLikeExtractionJunk('Filter pruning can reduce inference costs for VGG-16 by up to 34 and ResNet-110 by up to 38 on CIFAR10.'));
    assert.ok(!looksLikeExtractionJunk('We tag noisy text with a small model (a tagger of 3.5 MB) and reach 97.5% accuracy.'));
    assert.ok(!looksLikeExtractionJunk('We reduce the number of parameters up to 280 times on LeNet architectures.'));
  });

  it('rejoins a word a line break split before its suffix ("learn ing"), and leaves two words alone', () => {
    assert.equal(rejoinSplitSuffixes('We study deep learn ing for tide tables.'), 'We study deep learning for tide tables.');
    assert.equal(rejoinSplitSuffixes('We study the ratio of sea ice to open water.'), 'We study the ratio of sea ice to open water.');
  });

  it('cites a work for the sentence that says what it does, not for its table of contents', async () => {
    const lib = new MemoryLibrary([
      {
        key: '0',
        type: 'book',
        title: '',
        authors: [],
        abstract:
          'The twelve articles are grouped into three sections, as follows: I. Tides: Harbour Tides (J. Moss); Tide Gauges (K. Poe). II. Surge: Storm Surge in Estuaries (J. Moss); Surge Barriers (L. Roe). This volume surveys how harbour tides are measured and forecast.',
      },
    ]);
    const draft = await engine.draft({ keys: ['0'], targetWords: 40, format: 'latex' }, lib);
    assert.doesNotMatch(draft.text, /II\.|\(J\. Moss\)/, draft.text);
    assert.match(draft.text, /harbour tides are measured and forecast/, draft.text);
  });
});

describe('works described rather than listed', () => {
  const engine = new DefaultEngine();
  const record = (key: string, abstract: string): PaperRecord => ({ key, type: 'article', title: '', authors: [], abstract });

  it('gives every work a sentence where the length holds about 13 words a work, even past the upper bound', async () => {
    const abstracts = [
      'We forecast harbour tides from gauge logs with a linear model fitted to ten years of hourly readings.',
      'We forecast harbour tides from satellite altimetry over harbours that have no working tide gauge at all.',
      'We correct drifting tide gauges against a levelling survey of the harbour datum carried out every spring.',
      'We model storm surge on top of harbour tides with a shallow water solver run on a coarse grid.',
      'We measure how silt in gauge wells biases float tide gauges in harbours on muddy river estuaries.',
      'We compare radar tide gauges mounted on piers with float gauges in wells during winter storms.',
    ];
    const lib = new MemoryLibrary(abstracts.map((a, i) => record(String(i), a)));
    const keys = abstracts.map((_, i) => String(i));
    const draft = await engine.draft({ keys, targetWords: 80, format: 'latex' }, lib);
    const described = new Set(draft.paragraphs.flatMap((p) => p.sentences).filter((s) => s.role === 'work').flatMap((s) => s.keys));
    assert.deepEqual([...described].sort(), keys, draft.text);
    assert.doesNotMatch(draft.text, /See also|includes \\cite/, draft.text);
  });
});

describe('sentences that point outside the draft', () => {
  const engine = new DefaultEngine();

  it('never fills the length with a sentence that names what the abstract said before ("The results lead them to …")', async () => {
    const lib = new MemoryLibrary([
      {
        key: '0',
        type: 'article',
        title: '',
        authors: [],
        abstract:
          'We forecast harbour tides from gauge logs with a linear model. The results lead them to drop the satellite data. A fourth approach reads the tide from buoy swell. Both methods fail in winter storms. Ten years of hourly gauge readings from forty harbours fit the linear model.',
      },
    ]);
    const draft = await engine.draft({ keys: ['0'], targetWords: 60, format: 'latex' }, lib);
    assert.doesNotMatch(draft.text, /lead them|fourth approach|Both methods/, draft.text);
    assert.match(draft.text, /years of hourly gauge readings/, draft.text);
  });
});

describe('topic sentences', () => {
  it('are not written under a subsection heading, which names the topic already', async () => {
    const library = sampleLibrary();
    const keys = sampleRecords().map((r) => r.key);
    const draft = await new DefaultEngine().draft({ keys, ownAbstract: OWN_ABSTRACT, targetWords: 300, format: 'latex', subsections: true }, library);
    assert.ok(draft.paragraphs.filter((p) => p.heading).length >= 2, draft.text);
    assert.doesNotMatch(draft.text, /line of work|Prior work studies/, draft.text);
  });
});

describe('pointers written out', () => {
  it('"this broad noise model" becomes "the broad noise model", but never inside a quotation', () => {
    assert.equal(withoutModifiedPointers('Roe \\cite{k} adapted a denoiser to this broad noise model.'), 'Roe \\cite{k} adapted a denoiser to the broad noise model.');
    assert.equal(withoutModifiedPointers('Roe \\cite{k} noted that “This essential volume explores tides”.'), 'Roe \\cite{k} noted that “This essential volume explores tides”.');
    assert.equal(withoutModifiedPointers('Roe \\cite{k} noted that “the tide turns at this busy harbour mouth”.'), 'Roe \\cite{k} noted that “the tide turns at this busy harbour mouth”.');
  });
});
