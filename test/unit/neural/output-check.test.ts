import { strict as assert } from 'assert';
import { checkCitations, firstSentence, inCitationSyntax, toCitationStyle } from '../../../src/core/neural/output-check';
import { MemoryLibrary } from '../../../src/core/engine/memory-library';
import { SentenceWriterEngine, type RawSentence } from '../../../src/core/neural/writer-engine';
import type { Author } from '../../../src/core/types';

/** An engine whose "model" answers with fixed text: checks the shared pipeline without running a model. */
class ScriptedEngine extends SentenceWriterEngine {
  readonly id = 'scripted';
  /** Answers in turn; the last one again once they run out. */
  private readonly answers: string[];
  asked = 0;
  constructor(...answers: string[]) {
    super();
    this.answers = answers;
  }
  protected async writeRaw(): Promise<RawSentence> {
    return { text: this.answers[Math.min(this.asked++, this.answers.length - 1)] };
  }
}

const TAIGMAN: Author[] = [{ family: 'Taigman', given: 'Yaniv' }, { family: 'Polyak' }, { family: 'Wolf' }];

describe('neural: output check', () => {
  it('removes citation keys that were not requested and keeps the requested one', () => {
    const r = checkCitations('Taigman et al. \\cite{taigman17,fake99} map domains, unlike \\citep{other}.', ['taigman17'], TAIGMAN);
    // The clause that compared the work with the invented one goes with it ("…, unlike." said nothing true).
    assert.equal(r.text, 'Taigman et al. \\cite{taigman17} map domains.');
    assert.deepEqual(r.removed, ["citation key 'fake99'", "citation key 'other'", "clause 'unlike \\citep{other}'"]);
  });

  it('drops what an invented citation was compared in: the clause it opens, or the sentence whose claim it is', () => {
    const doe = [{ family: 'Doe' }, { family: 'Roe' }];
    const check = (text: string) => checkCitations(text, ['doe2020'], doe);
    // The case: never "…, unlike \\cite{doe2020}." — a false sentence about the user's own source.
    const unlike = check('Doe and Roe \\cite{doe2020} proposed a tiny method, unlike \\cite{invented2099}.');
    assert.equal(unlike.text, 'Doe and Roe \\cite{doe2020} proposed a tiny method.');
    assert.equal(toCitationStyle(unlike.text, { key: 'doe2020', authors: doe }, 'citation'), 'Doe and Roe \\cite{doe2020} proposed a tiny method.');
    assert.equal(check('Unlike \\cite{invented2099}, Doe and Roe \\cite{doe2020} use no labels.').text, 'Doe and Roe \\cite{doe2020} use no labels.');
    assert.equal(check('REF extend CycleGAN (as in \\cite{zhu17}) to video.').text, 'REF extend CycleGAN to video.');
    assert.equal(check('Doe and Roe propose a tiny method; see \\cite{other} for a survey.').text, 'Doe and Roe propose a tiny method.');
    const than = check('REF propose a network that is faster than \\cite{x}.');
    assert.deepEqual([than.text, than.dropped], ['', true]);
    // A citation that supports the work's own statement goes alone; the statement stays.
    assert.equal(check('REF propose the transfer network \\cite{goodfellow14}.').text, 'REF propose the transfer network.');
  });

  it('knows every cite command the editor knows: capitalised, biblatex, multicite, apacite', () => {
    // These survived as literal text while the sentence still counted as grounded.
    const r = checkCitations(
      'DTN \\Citet{ghost1} maps domains \\smartcite{ghost2}, as in \\cites[see][]{ghost3}{taigman17} and \\citeA<e.g.>{ghost4} \\parencite*{taigman17, ghost5}.',
      ['taigman17'],
      TAIGMAN,
    );
    assert.equal(r.text, 'DTN maps domains, as in \\cites{taigman17} and \\parencite*{taigman17}.');
    assert.deepEqual(r.removed, ["citation key 'ghost1'", "citation key 'ghost2'", "citation key 'ghost3'", "citation key 'ghost4'", "citation key 'ghost5'"]);
  });

  it('keeps a percent sign in model output: it is no comment there', () => {
    const r = checkCitations('Accuracy rose by 5% \\cite{taigman17, ghost}.', ['taigman17'], TAIGMAN);
    assert.equal(r.text, 'Accuracy rose by 5% \\cite{taigman17}.');
  });

  it('removes invented pandoc keys and numeric markers', () => {
    const r = checkCitations('DTN [@taigman17; @ghost] maps images [12] by @nobody.', ['taigman17'], TAIGMAN);
    assert.equal(r.text, 'DTN [@taigman17] maps images by.');
    assert.equal(r.removed.length, 3);
  });

  it('reads every citation-looking text of a reply as a citation before the checks (issue 63, item 7)', () => {
    const check = (text: string) => checkCitations(text, ['taigman17'], TAIGMAN);
    // A doubled backslash is still a citation: it had become "\textbackslash{}\cite{fake2020}", a live invented key.
    const doubled = check('Taigman et al. \\\\cite{taigman17} map domains \\\\cite{fake2020}.');
    assert.equal(doubled.text, 'Taigman et al. \\cite{taigman17} map domains.');
    assert.deepEqual(doubled.removed, ["citation key 'fake2020'"]);
    // A Pandoc citation of an invented work goes with its clause, as a LaTeX one does: never "As showed, …" or "…; see.".
    assert.equal(check('As @fake2020 showed, Taigman et al. map domains.').text, 'Taigman et al. map domains.');
    assert.equal(check('Taigman et al. map domains; see [@fake2020].').text, 'Taigman et al. map domains.');
    // An invented work as the subject: nobody is left to have done it.
    assert.equal(check('\\citet{fake2020} showed that domains map.').dropped, true);
    assert.equal(check('@fake2020 showed that domains map.').dropped, true);
    // "…as in @nobody." would leave "…as in.": the sentence compared the work with an invented one.
    assert.equal(check('DTN [@taigman17] maps images as in @nobody.').dropped, true);
  });

  it("writes the reply's citations of the work in the document's syntax", () => {
    assert.equal(inCitationSyntax('Taigman et al. \\cite{taigman17} map domains.', ['taigman17'], 'pandoc'), 'Taigman et al. [@taigman17] map domains.');
    assert.equal(inCitationSyntax('Taigman et al. [@taigman17] map domains.', ['taigman17'], 'cite'), 'Taigman et al. \\cite{taigman17} map domains.');
    assert.equal(inCitationSyntax('@taigman17 map domains \\parencite[p.~3]{taigman17}.', ['taigman17'], 'citep'), '\\citet{taigman17} map domains \\citep{taigman17}.');
    assert.equal(inCitationSyntax('Taigman et al. \\citet{taigman17} and \\cite{other}.', ['taigman17'], 'cite'), 'Taigman et al. \\citet{taigman17} and \\cite{other}.');
  });

  it('replaces invented author mentions and drops invented author-year citations', () => {
    const r = checkCitations('Building on Smith et al. (2019), Taigman et al. map domains (Jones, 2020).', ['taigman17'], TAIGMAN);
    assert.equal(r.text, 'Building on prior work, Taigman et al. map domains.');
    assert.equal(r.removed.length, 2);
    assert.deepEqual(checkCitations('Taigman and Wolf (2017) map domains.', ['k'], TAIGMAN).removed, []);
  });

  it('turns REF into authors and citation command, and fixes verb number for "This paper"/"we"', () => {
    const paper = { key: 'taigman17', authors: TAIGMAN };
    assert.equal(toCitationStyle('REF propose a network. REF\'s loss', paper, 'citation'), "Taigman et al. \\cite{taigman17} propose a network. \\cite{taigman17}'s loss.");
    assert.equal(toCitationStyle('This paper proposes a network', paper, 'citation'), 'Taigman et al. \\cite{taigman17} propose a network.');
    assert.equal(toCitationStyle('We study transfer', { key: 'k', authors: [{ family: 'Lee' }] }, 'citation', 'pandoc'), 'Lee [@k] studies transfer.');
    assert.equal(toCitationStyle('a network maps domains', paper, 'citation'), 'A network maps domains \\cite{taigman17}.');
    assert.equal(toCitationStyle('REF propose a network', paper, 'tldr'), 'This paper proposes a network.');
  });

  it('reports the work in the past tense when asked, as the default engine does', () => {
    const paper = { key: 'taigman17', authors: TAIGMAN };
    assert.equal(toCitationStyle('REF propose a network that maps domains', paper, 'citation', 'cite', 'past'), 'Taigman et al. \\cite{taigman17} proposed a network that maps domains.');
    assert.equal(toCitationStyle('This paper proposes a network and evaluates it', paper, 'citation', 'cite', 'past'), 'Taigman et al. \\cite{taigman17} proposed a network and evaluated it.');
    assert.equal(toCitationStyle('We find that depth helps', { key: 'k', authors: [{ family: 'Lee' }] }, 'citation', 'pandoc', 'past'), 'Lee [@k] found that depth helps.');
    assert.equal(toCitationStyle('REF propose a network', paper, 'tldr', 'cite', 'past'), 'This paper proposes a network.');
  });

  it('keeps only the first sentence, not splitting at "et al."', () => {
    assert.equal(firstSentence('Smith et al. propose DTN. Then more text.'), 'Smith et al. propose DTN.');
    assert.equal(firstSentence('no period at all'), 'no period at all');
  });

  it('runs every model answer through the checks: invented citations go, an empty answer falls back to the title', async () => {
    const library = new MemoryLibrary([
      { key: 'taigman17', type: 'article', title: 'Unsupervised cross-domain image generation', authors: TAIGMAN, abstract: 'We propose the domain transfer network. It maps samples between domains.' },
    ]);
    const invented = await new ScriptedEngine('REF propose the domain transfer network \\cite{goodfellow14} [7], as Zhu et al. did. More.').citationSentence({ key: 'taigman17', style: 'citation' }, library);
    assert.equal(invented.text, 'Taigman et al. \\cite{taigman17} proposed the domain transfer network, as prior work did.');
    assert.equal(invented.flags.filter((f) => f.startsWith('removed invented')).length, 3);
    assert.equal(invented.spans[0].source?.text, 'We propose the domain transfer network.');
    const empty = await new ScriptedEngine(' \\cite{x} ').citationSentence({ key: 'taigman17', style: 'citation' }, library);
    assert.equal(empty.text, 'Taigman et al. \\cite{taigman17} presented “Unsupervised cross-domain image generation”.');
    assert.ok(empty.flags.includes('model output empty: title used'));
  });

  it('never lets an invented key through a doubled backslash, and cites the work in Pandoc when the reply wrote \\cite', async () => {
    const library = new MemoryLibrary([
      { key: 'taigman17', type: 'article', title: 'Unsupervised cross-domain image generation', authors: TAIGMAN, abstract: 'We propose the domain transfer network. It maps samples between domains.' },
    ]);
    const latex = await new ScriptedEngine('REF propose the domain transfer network \\\\cite{fake2020}.').citationSentence({ key: 'taigman17', style: 'citation' }, library);
    assert.equal(latex.text, 'Taigman et al. \\cite{taigman17} proposed the domain transfer network.');
    assert.ok(latex.flags.includes("removed invented citation key 'fake2020'"));
    const pandoc = await new ScriptedEngine('Taigman et al. \\cite{taigman17} propose the domain transfer network.').citationSentence({ key: 'taigman17', style: 'citation', syntax: 'pandoc' }, library);
    assert.equal(pandoc.text, 'Taigman et al. [@taigman17] propose the domain transfer network.');
    const subjectless = await new ScriptedEngine('As \\\\citet{fake2020} showed, REF map domains; see [@fake2021].').citationSentence({ key: 'taigman17', style: 'citation', syntax: 'pandoc' }, library);
    assert.equal(subjectless.text, 'Taigman et al. [@taigman17] mapped domains.');
  });

  it('asks once more when the answer compared the work with an invented one, and falls back to the title after that', async () => {
    const library = new MemoryLibrary([
      { key: 'taigman17', type: 'article', title: 'Unsupervised cross-domain image generation', authors: TAIGMAN, abstract: 'We propose the domain transfer network. It maps samples between domains.' },
    ]);
    const retried = new ScriptedEngine('REF map domains faster than \\cite{ghost}.', 'REF propose the domain transfer network.');
    const second = await retried.citationSentence({ key: 'taigman17', style: 'citation' }, library);
    assert.equal(retried.asked, 2);
    assert.equal(second.text, 'Taigman et al. \\cite{taigman17} proposed the domain transfer network.');
    assert.ok(second.flags.some((f) => f.startsWith('asked again: the first answer compared the work with an invented citation')));
    const stubborn = new ScriptedEngine('REF map domains faster than \\cite{ghost}.');
    const fallback = await stubborn.citationSentence({ key: 'taigman17', style: 'citation' }, library);
    assert.equal(stubborn.asked, 2, 'asked once more, not forever');
    assert.equal(fallback.text, 'Taigman et al. \\cite{taigman17} presented “Unsupervised cross-domain image generation”.');
    assert.ok(fallback.flags.some((f) => /removed invented sentence/.test(f)));
  });

  it('regenerates from the sentences not used yet, and starts over once all were used', async () => {
    class EchoFirst extends SentenceWriterEngine {
      readonly id = 'echo-first';
      protected async writeRaw(_paper: unknown, source: { sentences: { text: string }[] }): Promise<RawSentence> {
        return { text: source.sentences[0].text };
      }
    }
    const library = new MemoryLibrary([
      { key: 'lee21', type: 'article', title: 'Quiet parsers', authors: [{ family: 'Lee' }], abstract: 'We prune a chart parser by span length. We keep its accuracy on long sentences.' },
    ]);
    const engine = new EchoFirst();
    const first = await engine.citationSentence({ key: 'lee21', style: 'citation', tense: 'past' }, library);
    assert.equal(first.text, 'Lee \\cite{lee21} pruned a chart parser by span length.');
    const again = await engine.citationSentence({ key: 'lee21', style: 'citation', tense: 'past', avoidSources: [first.spans[0].source!.text] }, library);
    assert.equal(again.text, 'Lee \\cite{lee21} kept its accuracy on long sentences.');
    assert.equal(again.spans[0].source?.text, 'We keep its accuracy on long sentences.');
    const all = await engine.citationSentence({ key: 'lee21', style: 'citation', tense: 'past', avoidSources: ['We prune a chart parser by span length.', 'We keep its accuracy on long sentences.'] }, library);
    assert.equal(all.text, first.text);
  });

  it('writes subsections two or more to a section, never a lone one, as the default engine does', async () => {
    const work = (key: string, topic: string) => ({ key, type: 'article', title: `Notes on ${topic}`, authors: [{ family: key }], abstract: `We study ${topic} in small harbours. We measure ${topic} over a year.` });
    const four = [work('w1', 'tide gauges'), work('w2', 'tide gauge drift'), work('w3', 'ferry timetables'), work('w4', 'ferry delays')];
    const engine = new ScriptedEngine('REF study harbours.');
    const split = await engine.draft({ keys: four.map((w) => w.key), targetWords: 80, subsections: true, format: 'latex' }, new MemoryLibrary(four));
    assert.ok(split.paragraphs.length >= 2 && split.paragraphs.every((p) => p.heading), split.text);
    const lone = await engine.draft({ keys: ['w1', 'w2'], targetWords: 80, subsections: true, format: 'latex' }, new MemoryLibrary(four));
    assert.equal(lone.paragraphs.length, 1);
    assert.doesNotMatch(lone.text, /\\subsection/);
  });
});
