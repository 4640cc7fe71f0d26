import { strict as assert } from 'assert';
import { MemoryLibrary } from '../../../src/core/engine/memory-library';
import { createEngine } from '../../../src/core/engines/registry';
import { OnnxEngine } from '../../../src/core/neural/onnx-engine';
import '../../../src/core/neural/register';
import { UnknownKeyError } from '../../../src/core/neural/writer-engine';
import { CancelledError, type PaperRecord } from '../../../src/core/types';
import { tinyModels } from './tiny-models';

const PAPERS: PaperRecord[] = [
  {
    key: 'taigman17',
    type: 'inproceedings',
    title: 'Unsupervised cross-domain image generation',
    authors: [{ family: 'Taigman' }, { family: 'Polyak' }, { family: 'Wolf' }],
    year: 2017,
    abstract: 'We study the problem of transferring a sample in one domain to an analog sample in another domain. We propose the domain transfer network. Results show that it improves the state of the art.',
  },
  {
    key: 'lee20',
    type: 'article',
    title: 'Neural citation text generation',
    authors: [{ family: 'Lee' }],
    year: 2020,
    abstract: 'This paper introduces a new task of citation text generation. We present a large dataset and a transformer model.',
  },
  { key: 'onlytitle', type: 'misc', title: 'Attention is all you need', authors: [{ family: 'Vaswani' }, { family: 'others' }] },
];

const CITE = /\\cite\{([^}]*)\}/g;

describe('neural: ONNX engine (tiny models, CPU)', function () {
  this.timeout(30000);
  const library = new MemoryLibrary(PAPERS);
  const engines: OnnxEngine[] = [];
  after(async () => Promise.all(engines.map((e) => e.dispose())));

  for (const kind of ['seq2seq', 'causal'] as const) {
    const make = (extra: Partial<ConstructorParameters<typeof OnnxEngine>[0]> = {}) => {
      const e = new OnnxEngine({ modelDir: tinyModels()[kind], device: 'cpu', generation: { maxNewTokens: 12, numBeams: 2 }, ...extra });
      engines.push(e);
      return e;
    };

    describe(kind, () => {
      it('writes a citation sentence that cites exactly the requested key', async () => {
        const engine = make();
        const reports: number[] = [];
        const s = await engine.citationSentence({ key: 'taigman17', style: 'citation' }, library, {
          progress: { report: (done) => reports.push(done) },
        });
        assert.equal(s.key, 'taigman17');
        assert.equal(s.engine, 'onnx');
        assert.equal(s.grounded, true);
        assert.ok(s.text.length > 10);
        const keys = [...s.text.matchAll(CITE)].flatMap((m) => m[1].split(','));
        assert.deepEqual([...new Set(keys)], ['taigman17']);
        assert.ok(reports.length > 1, 'progress reported per generated token');
        assert.equal(engine.device, 'cpu');
      });

      it('flags a title-only entry and reports unknown keys', async () => {
        const engine = make();
        const s = await engine.citationSentence({ key: 'onlytitle', style: 'citation' }, library);
        assert.equal(s.grounded, false);
        assert.ok(s.flags.includes('ungrounded: title only'));
        await assert.rejects(engine.citationSentence({ key: 'nope', style: 'citation' }, library), UnknownKeyError);
      });

      it('tldr style starts with "This paper" and cites nothing', async () => {
        const s = await make().citationSentence({ key: 'lee20', style: 'tldr' }, library);
        assert.match(s.text, /^This paper\b/);
        assert.doesNotMatch(s.text, /\\cite/);
      });

      it('drafts every known key once, reports unknown ones, and cites nothing else', async () => {
        const d = await make().draft({ keys: ['taigman17', 'lee20', 'ghost', 'onlytitle'], format: 'latex', ownAbstract: 'We propose a new method for citation text generation.' }, library);
        assert.deepEqual(d.unknownKeys, ['ghost']);
        assert.deepEqual(d.citedKeys, ['taigman17', 'lee20', 'onlytitle']);
        const cited = new Set([...d.text.matchAll(CITE)].flatMap((m) => m[1].split(',')));
        assert.deepEqual([...cited].sort(), ['lee20', 'onlytitle', 'taigman17']);
        assert.equal(d.paragraphs.flatMap((p) => p.keys).length, 3);
        // "We propose a new method for citation text generation" states nothing Lee's work does not, and nothing of the
        // image-translation work: no contrast is written.
        assert.ok(!d.paragraphs.some((p) => p.sentences.some((s) => s.role === 'contrast')), d.text);
        // The default engine's relation stage: a lone work is named, placed by the problem it shares with the author's
        // (the claim writes "citation text" itself, so it is not said twice), and the claim says what differs.
        const lone = await make().draft({ keys: ['lee20'], format: 'latex', ownAbstract: 'We generate citation text with a retrieval model over the full text of the cited paper.' }, library);
        const contrast = lone.paragraphs.flatMap((p) => p.sentences).find((s) => s.role === 'contrast');
        assert.match(contrast?.text ?? '', /^Lee \\cite\{lee20\} addresses the same problem as our work; we generate citation text with a retrieval model/, lone.text);
      });

      it('is cancelled mid-generation', async () => {
        const controller = new AbortController();
        let reports = 0;
        const engine = make({ generation: { maxNewTokens: 40, numBeams: 1, eosTokenIds: [] } });
        await assert.rejects(
          engine.citationSentence({ key: 'taigman17', style: 'citation' }, library, {
            signal: controller.signal,
            progress: {
              report: (done, _total, message) => {
                if (message?.startsWith('Generating') && ++reports === 4) controller.abort();
              },
            },
          }),
          CancelledError,
        );
        assert.equal(reports, 4);
      });
    });
  }

  it('is created through the registry from settings, and tells which device it uses', async () => {
    const messages: string[] = [];
    const devices: string[] = [];
    const engine = (await createEngine('onnx', {
      settings: { modelPath: tinyModels().causal, device: 'auto', maxNewTokens: 8, log: (m: string) => messages.push(m), onDevice: (d: string) => devices.push(d) },
    })) as OnnxEngine;
    engines.push(engine);
    assert.equal(engine.id, 'onnx');
    assert.equal(engine.device, undefined, 'nothing loads before first use');
    await engine.citationSentence({ key: 'lee20', style: 'citation' }, library);
    assert.deepEqual(devices, [engine.device]);
    if (engine.device === 'cpu') assert.equal(messages.length, 1, 'one fallback message');
    await assert.rejects(createEngine('onnx', { settings: {} }), /needs a model/);
  });
});
