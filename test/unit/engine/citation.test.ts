import { strict as assert } from 'assert';
import { DefaultEngine, TITLE_ONLY_FLAG } from '../../../src/core/engines';
import { titledCitation } from '../../../src/core/engine/citation';
import { MemoryLibrary } from '../../../src/core/engine/memory-library';
import { citeAlone, sampleLibrary } from '../../support/engine-records';

describe('DefaultEngine.citationSentence', () => {
  const engine = new DefaultEngine();
  const library = sampleLibrary();

  it('treats a template\'s "Lorem ipsum" abstract as no abstract: a title-only sentence with its flag', async () => {
    const record = {
      key: 'template01',
      type: 'article',
      title: 'Graphical Passwords for Kiosks',
      authors: [{ family: 'Amadi', given: 'Chidi' }],
      abstract: 'Lorem ipsum dolor sit amet, text to be replaced by the abstract of the kiosk study.',
    };
    const s = await citeAlone(record);
    assert.equal(s.text, 'Amadi \\cite{template01} presented “Graphical Passwords for Kiosks”.');
    assert.deepEqual(s.flags, [TITLE_ONLY_FLAG]);
  });

  it('writes a third-person sentence with names and the citation, grounded in the abstract', async () => {
    const s = await engine.citationSentence({ key: 'kim2017discogan', style: 'citation' }, library);
    assert.match(s.text, /^Kim et al\. \\cite\{kim2017discogan\} proposed DiscoGAN/);
    assert.equal(s.grounded, true);
    assert.deepEqual(s.flags, []);
    const source = s.spans[0].source!;
    assert.equal(source.section, 'abstract');
    assert.equal(source.index, 1, 'second sentence of the abstract');
    assert.ok(library.getPaper('kim2017discogan')!.abstract!.includes(source.text));
    assert.ok(!/\b(?:we|our)\b/i.test(s.text));
  });

  it('says what a work did rather than the background its abstract opens with', async () => {
    const verges = {
      key: 'verges',
      type: 'article',
      title: 'Do road verges help pollinators?',
      authors: [{ family: 'Yarrow', given: 'Jo' }, { family: 'Ash', given: 'Kim' }],
      abstract: 'Road verges cover a large area in many countries. Whether they help pollinators is unclear. We surveyed 60 verges and found more bumblebees on verges mown once a year than on those mown twice.',
    };
    assert.match((await citeAlone(verges)).text, /Yarrow and Ash \\cite\{verges\} surveyed 60 verges and found more bumblebees/);
    // "This paper concerns X" says what the work did as surely as "we": it is not set aside for a "we" sentence that
    // only points back at it ("both questions").
    const pilots = {
      key: 'pilots',
      type: 'article',
      title: 'Answers for pilots',
      authors: [{ family: 'Roe', given: 'Ann' }],
      abstract: 'This paper concerns how harbour pilots time boarding on rising tides. Pilots in most ports board at slack water. We offer answers to both questions, with a particular focus on the second one.',
    };
    assert.match((await citeAlone(pilots)).text, /Roe \\cite\{pilots\} concerned how harbour pilots time boarding on rising tides\.$/);
  });

  it('never attaches the citation to what other authors named in the text showed', async () => {
    const record = {
      key: 'ruiz03',
      type: 'inproceedings',
      title: 'Dictionary Vectors for Sense Discrimination',
      authors: [{ family: 'Ruiz', given: 'Ana' }],
      abstract:
        'Okafor and Lind show that co-occurrence vectors from dictionary glosses discriminate word senses as well as corpus vectors. Sense discrimination remains hard for rare words with few glosses.',
    };
    const s = await engine.citationSentence({ key: 'ruiz03', style: 'citation' }, new MemoryLibrary([record]));
    assert.ok(!/Okafor and Lind/.test(s.text), s.text);
  });

  it('reads LaTeX in an abstract as text and writes its symbols back as LaTeX; citation keys of other works never leak', async () => {
    const record = {
      key: 'park2021eps',
      type: 'article',
      title: 'Annealed Exploration',
      authors: [{ family: 'Park', given: 'Jiwon' }],
      abstract:
        'Exploration schedules are usually tuned by hand \\citep{hand19}. We introduce an annealed $\\epsilon$-greedy schedule that adapts its rate to the spread of value estimates (\\cite{spread20}), \\ie without any tuning. It matches tuned schedules on 40 games.',
    };
    const s = await engine.citationSentence({ key: 'park2021eps', style: 'citation' }, new MemoryLibrary([record]));
    assert.equal(s.text, 'In “Annealed Exploration”, Park \\cite{park2021eps} introduced an annealed $\\epsilon$-greedy schedule that adapts its rate to the spread of value estimates, i.e. without any tuning.');
    assert.ok(!/hand19|spread20|\(\s*\)|\\ie/.test(s.text), s.text);
    // The source is shown as it was read, the symbol as text.
    assert.match(s.spans.at(-1)?.source?.text ?? '', /annealed ϵ-greedy/);
  });

  it('writes a single author\'s "I" and "my" in the third person, and quotes the source as written', async () => {
    const record = {
      key: 'okafor2019thesis',
      type: 'phdthesis',
      title: 'Reading Order in Scanned Forms',
      authors: [{ family: 'Okafor', given: 'Ngozi' }],
      abstract:
        'Scanned forms mix printed labels with handwriting. In this dissertation I present a layout parser that recovers the reading order of my collection of tax forms, and I show that it halves the Type I error of field detection.',
    };
    const library = new MemoryLibrary([record]);
    const cite = await engine.citationSentence({ key: record.key, style: 'citation' }, library);
    assert.equal(cite.text, 'Okafor \\cite{okafor2019thesis} presented a layout parser that recovers the reading order of their collection of tax forms, and they showed that it halves the Type I error of field detection.');
    assert.ok(cite.spans[0].source!.text.startsWith('In this dissertation I present'), 'the source keeps the author\'s words');
    const tldr = await engine.citationSentence({ key: record.key, style: 'tldr' }, library);
    assert.ok(!/\b(?:I|my)\b(?! error)/.test(tldr.text) && /^This paper presents a layout parser/.test(tldr.text), tldr.text);
  });

  it('takes "This dissertation …" or "This chapter …" as the work itself', async () => {
    const record = {
      key: 'ferreira2020',
      type: 'incollection',
      title: 'Tides and Turbines',
      authors: [{ family: 'Ferreira', given: 'Ana' }],
      abstract: 'Tidal turbines foul quickly in warm water. This chapter surveys coatings that slow biofouling on turbine blades.',
    };
    const s = await engine.citationSentence({ key: record.key, style: 'citation' }, new MemoryLibrary([record]));
    assert.equal(s.text, 'In “Tides and Turbines”, Ferreira \\cite{ferreira2020} surveyed coatings that slow biofouling on turbine blades.');
  });

  it('never reports a plan, future work, an open question or a pointer ahead as what the work did', async () => {
    const section = (kind: 'introduction' | 'conclusion', texts: string[]) => ({ kind, heading: kind, sentences: texts.map((text, index) => ({ text, section: kind, index, page: 1 })) });
    const record = (intro: string[]) => ({
      key: 'ode2020',
      type: 'article',
      title: 'Parsing Welsh Verse',
      authors: [{ family: 'Ode', given: 'Iolo' }],
      sections: [section('introduction', intro), section('conclusion', ['We plan to extend the chime-aware parser to Breton and Cornish verse with fewer than 200 annotated lines.', 'We continue to work on a chime-aware parser for Breton and Cornish verse.', 'We are currently exploring ways to parse Breton verse with the chime-aware parser.', 'We will also try to handle the chime-aware parsing of Breton and Cornish verse.', 'Our future work will try to join the chime-aware parser to a lexicon of Breton verse.', 'As we will see, the chime-aware parser reads Breton and Cornish verse as follows.', 'There are several immediate extensions to this work on chime-aware parsing of Breton verse.', 'This work could be extended to the chime-aware parsing of Breton and Cornish verse.', 'Possibilities for future work include the chime-aware parsing of Breton and Cornish verse.', 'Prose parsers stumble on inverted word order.'])],
    });
    const planned = await engine.citationSentence({ key: 'ode2020', style: 'citation' }, new MemoryLibrary([record(['Welsh verse is hard.'])]));
    assert.equal(planned.text, 'In “Parsing Welsh Verse”, Ode \\cite{ode2020} noted that prose parsers stumble on inverted word order.');
    const asked = await engine.citationSentence({ key: 'ode2020', style: 'tldr' }, new MemoryLibrary([record(['How much annotated verse does a parser for Welsh poetry need?', 'Welsh strict-metre verse follows rules of consonant chime that prose parsers ignore.'])]));
    assert.ok(!asked.text.endsWith('?'), asked.text);
    const ahead = await engine.citationSentence({ key: 'ode2020', style: 'citation' }, new MemoryLibrary([{ ...record([]), sections: [section('introduction', ['As we will see, the chime-aware parser we propose reads Breton verse as follows.', 'Welsh strict-metre verse follows rules of consonant chime.'])] }]));
    assert.equal(ahead.text, 'Welsh strict-metre verse follows rules of consonant chime \\cite{ode2020}.');
  });

  it('never reports the authors\' release of their data as what the work did ("We release the tide data and code")', async () => {
    const record = { key: 'roe', type: 'article', title: 'Baltic Tide Tables', authors: [{ family: 'Roe' }], abstract: 'Tide tables in the Baltic are printed once a year. We release the tide data and code for all Baltic harbours.' };
    const cited = await citeAlone(record);
    assert.doesNotMatch(cited.text, /released/, cited.text);
    // A new resource is a contribution, released or not.
    const corpus = { ...record, abstract: 'Tide tables in the Baltic are printed once a year. We release a corpus of hourly tide readings from 40 Baltic harbours.' };
    assert.match((await citeAlone(corpus)).text, /Roe \\cite\{roe\} released a corpus of hourly tide readings/);
  });

  it('cites a question only where the authors ask it: "…, but how old?" is no claim of the work', async () => {
    const record = (abstract: string) => ({ key: 'tide20', type: 'article', title: 'Old Tide Tables', authors: [{ family: 'Neap', given: 'Ida' }, { family: 'Ebb', given: 'Rob' }], abstract });
    const asked = await citeAlone(record('Harbour tide tables are old, but how old? We date 40 tables from their printers’ marks.'));
    assert.equal(asked.text, 'In “Old Tide Tables”, Neap and Ebb \\cite{tide20} dated 40 tables from their printers’ marks.');
    const ours = await citeAlone(record('Our central question is whether harbour tide tables were copied from one another? Tables from three ports share their misprints.'));
    assert.ok(!ours.text.endsWith('?'), ours.text);
    // The authors' own asking is what the work does.
    const theirs = await citeAlone(record('Tide tables vary. We ask whether harbour tide tables printed before 1900 were copied from one another?'));
    assert.equal(theirs.text, 'Neap and Ebb \\cite{tide20} asked whether harbour tide tables printed before 1900 were copied from one another?');
  });

  it('prefers a sentence that stands alone to one that counts on from the sentence before ("The first concerns …")', async () => {
    const record = { key: 'lee', type: 'article', title: 'Harbour Tide Gauges', authors: [{ family: 'Lee', given: 'Ann' }], abstract: 'Pilots ask two questions. The first is how harbour tide gauges should be placed at each berth. Gauges drift by a few centimetres a year.' };
    assert.equal((await citeAlone(record)).text, 'In “Harbour Tide Gauges”, Lee \\cite{lee} noted that gauges drift by a few centimetres a year.');
  });

  it('prefers a sentence that stands alone to one that goes on from the sentence before ("But if …")', async () => {
    const record = { key: 'lee', type: 'book', title: 'Cheap Gauges', authors: [{ family: 'Lee', given: 'Ann' }], abstract: 'Tide gauges are costly to keep. But if it is gauges you need, the seven cheap gauges reviewed here will serve.' };
    assert.equal((await citeAlone(record)).text, 'In “Cheap Gauges”, Lee \\cite{lee} noted that tide gauges are costly to keep.');
  });

  it('prefers a sentence that stands alone to one opened by a phrase that points back ("Using these readings, …")', async () => {
    const abstract =
      'Tide gauges along the coast report the water level every six minutes. ' +
      'Using these readings, we propose a recurrent network that forecasts harbour tides a full day ahead. ' +
      'We present a harbour tide forecaster for small ports.';
    const record = { key: 'lin', type: 'article', title: '', authors: [{ family: 'Lin', given: 'Wei' }], abstract };
    assert.equal((await citeAlone(record)).text, 'Lin \\cite{lin} presented a harbour tide forecaster for small ports.');
    // "In this …," is as often the work's own frame, as in a book's blurb.
    const blurb = 'In this vivid history, Ann Lee shows that harbour pilots shaped the trade of every port on the coast. Pilots boarded ships in all weathers.';
    const book = { key: 'lee', type: 'book', title: 'Pilots of the Coast', authors: [{ family: 'Lee', given: 'Ann' }], abstract: blurb };
    assert.match((await citeAlone(book)).text, /Lee \\cite\{lee\} showed that harbour pilots shaped the trade/);
  });

  it('prefers a sentence that stands alone to one whose "their" or "its" after the authors\' verb points back ("We compare their costs …")', async () => {
    const abstract =
      'Tide gauges can float, bubble or ping the water with radar. ' +
      'This review summarizes four decades of tide gauge designs for small harbours. ' +
      'We compare their costs, their drift and their upkeep, and highlight what pilots still miss.';
    const record = { key: 'roe', type: 'article', title: '', authors: [{ family: 'Roe', given: 'Ada' }], abstract };
    assert.equal((await citeAlone(record)).text, 'Roe \\cite{roe} summarized four decades of tide gauge designs for small harbours.');
    // "their own" is the subject's, as in "Pilots keep their own logs".
    const own = 'Harbours differ. We let pilots keep their own tide logs for a year and compare the logs with gauge readings.';
    assert.match((await citeAlone({ ...record, key: 'roe2', abstract: own })).text, /Roe \\cite\{roe2\} let pilots keep their own tide logs/);
  });

  it('prefers a sentence that stands alone to one whose "this" stands for the sentence before ("… why this is so")', async () => {
    const abstract =
      'Harbour pilots still plan tides from printed tables. ' +
      'In this paper, we propose to explain why this is so. ' +
      'We report interviews with pilots from nine harbours.';
    const record = { key: 'moss', type: 'article', title: '', authors: [{ family: 'Moss', given: 'Ida' }], abstract };
    assert.equal((await citeAlone(record)).text, 'Moss \\cite{moss} reported interviews with pilots from nine harbours.');
    // A blurb's "this is the first guide to …" is the book speaking of itself.
    const blurb = 'Clear and practical, this is the first guide to reading tide tables aloud. Each chapter follows one month of tides at one harbour.';
    const book = { key: 'moss2', type: 'book', title: 'Reading Tide Tables', authors: [{ family: 'Moss', given: 'Ida' }], abstract: blurb };
    assert.match((await citeAlone(book)).text, /first guide to reading tide tables aloud/);
  });

  it('leaves out a trailing clause that names a problem from the sentence before ("… which tries to close this gap")', async () => {
    const abstract =
      'Little is known about how pilots choose a berth when the tide turns. ' +
      'We present a berth planner for small tidal harbours, which tries to close this gap. ' +
      'Harbour masters in two ports tried it for a season.';
    const record = { key: 'moss3', type: 'article', title: '', authors: [{ family: 'Moss', given: 'Ida' }], abstract };
    assert.equal((await citeAlone(record)).text, 'Moss \\cite{moss3} presented a berth planner for small tidal harbours.');
    // Where no shorter variant leaves the problem out, the sentence still says best what the work is.
    const uncut = { ...record, key: 'moss4', abstract: 'Printed tide tables drift from the real tide. We propose a gauge reader that remedies these problems. Harbour masters in two ports tried it for a season.' };
    assert.equal((await citeAlone(uncut)).text, 'Moss \\cite{moss4} proposed a gauge reader that remedies these problems.');
  });

  it('reads an abstract a catalogue cut off ("… of small po...") as unfinished: a whole clause first, else the cut shown once', async () => {
    const cut = { key: 'moss5', type: 'article', title: '', authors: [{ family: 'Moss', given: 'Ida' }], abstract: 'Tide tables are printed every year. This study examines how harbour pilots use printed tide tables in fog, which often hides the...' };
    assert.equal((await citeAlone(cut)).text, 'Moss \\cite{moss5} examined how harbour pilots use printed tide tables in fog.');
    const only = { ...cut, key: 'moss6', abstract: 'This study examines how harbour pilots read the tide tables of small po...' };
    assert.equal((await citeAlone(only)).text, 'Moss \\cite{moss6} examined how harbour pilots read the tide tables of small po …');
    const listed = { ...cut, key: 'moss7', abstract: 'Tide tables for small harbours assume that the tides of rivers, estuaries,...' };
    assert.equal((await citeAlone(listed)).text, 'Tide tables for small harbours assume that the tides of rivers, estuaries … \\cite{moss7}.');
  });

  it('drops the "Abstract:" label that an export wrote after empty fields (", Abstract:, This paper …")', async () => {
    const record = { key: 'moss8', type: 'article', title: '', authors: [{ family: 'Moss', given: 'Ida' }], abstract: ', Abstract:, This paper charts the tides of four harbours from gauge logs.' };
    assert.equal((await citeAlone(record)).text, 'Moss \\cite{moss8} charted the tides of four harbours from gauge logs.');
    const adjective = { ...record, key: 'moss9', abstract: 'Abstract, gauge-free tide models are useful for small harbours.' };
    assert.match((await citeAlone(adjective)).text, /^Abstract, gauge-free tide models are useful/);
  });

  it('keeps the capital of a name that opens a reported claim, and only of a name', async () => {
    const record = { key: 'ode2021', type: 'article', title: 'Parsing Welsh Verse', authors: [{ family: 'Ode', given: 'Iolo' }], abstract: 'Markov chains over verse lines mix slowly on long odes.' };
    const s = await engine.citationSentence({ key: 'ode2021', style: 'citation' }, new MemoryLibrary([record]));
    assert.equal(s.text, 'In “Parsing Welsh Verse”, Ode \\cite{ode2021} noted that Markov chains over verse lines mix slowly on long odes.');
  });

  it('drops an "also" that has nothing before it to add to', async () => {
    const record = { key: 'ode2022', type: 'article', title: 'A Gazetteer of Welsh Tides', authors: [{ family: 'Ode', given: 'Iolo' }], abstract: 'We also release a list of tidal place names along the coast of Wales.' };
    assert.equal((await citeAlone(record)).text, 'In “A Gazetteer of Welsh Tides”, Ode \\cite{ode2022} released a list of tidal place names along the coast of Wales.');
    assert.equal((await citeAlone(record, 'tldr')).text, 'This paper releases a list of tidal place names along the coast of Wales.');
  });

  it('quotes a title stored in capitals in title case, with the acronyms its abstract writes', async () => {
    const record = { key: 'ode2023', type: 'article', title: 'READING GAUGEML LOGS FOR SMALL-BOAT PILOTAGE', authors: [{ family: 'Ode', given: 'Iolo' }], abstract: 'Harbour gauges write GaugeML logs every ten minutes.' };
    assert.equal((await citeAlone(record)).text, 'In “Reading GaugeML Logs for Small-Boat Pilotage”, Ode \\cite{ode2023} noted that harbour gauges write GaugeML logs every ten minutes.');
    const titleOnly = await citeAlone({ key: 'ode2024', type: 'article', title: 'TIDE TABLES FOR THE WELSH COAST', authors: [{ family: 'Ode', given: 'Iolo' }] });
    assert.equal(titleOnly.text, 'Ode \\cite{ode2024} presented “Tide Tables for the Welsh Coast”.');
  });

  it('reports in the past tense by default and in the present when asked', async () => {
    const present = await engine.citationSentence({ key: 'kim2017discogan', style: 'citation', tense: 'present' }, library);
    assert.match(present.text, /^Kim et al\. \\cite\{kim2017discogan\} propose DiscoGAN/);
    const single = await engine.citationSentence({ key: 'liu2016cogan', style: 'citation', tense: 'present' }, new MemoryLibrary([{ key: 'liu2016cogan', type: 'article', title: 'Coupled Generative Adversarial Networks', authors: [{ family: 'Liu', given: 'Ming-Yu' }] }]));
    assert.equal(single.text, 'Liu \\cite{liu2016cogan} presents “Coupled Generative Adversarial Networks”.');
  });

  it('regenerating writes from the next best source sentence, and starts over when every sentence was used', async () => {
    // The sentence's grounding in the abstract (a title span may come first).
    const sourceOf = (c: { spans: Array<{ source?: { text: string; section: string } }> }) => c.spans.find((s) => s.source && s.source.section !== 'title')!.source!.text;
    const first = await engine.citationSentence({ key: 'kim2017discogan', style: 'citation' }, library);
    const used = [sourceOf(first)];
    const second = await engine.citationSentence({ key: 'kim2017discogan', style: 'citation', avoidSources: used }, library);
    assert.notEqual(sourceOf(second), used[0]);
    assert.match(second.text, /\\cite\{kim2017discogan\}/, 'the alternative still cites the work');
    assert.ok(library.getPaper('kim2017discogan')!.abstract!.includes(sourceOf(second)));
    const all = library.getPaper('kim2017discogan')!.abstract!.split(/(?<=\.)\s+/);
    const again = await engine.citationSentence({ key: 'kim2017discogan', style: 'citation', avoidSources: all }, library);
    assert.equal(again.text, first.text, 'with nothing left to try, the best sentence again');
  });

  it('uses \\citet and pandoc when asked', async () => {
    const citet = await engine.citationSentence({ key: 'choi2018stargan', style: 'citation', syntax: 'citet' }, library);
    assert.match(citet.text, /^\\citet\{choi2018stargan\} propose/);
    const pandoc = await engine.citationSentence({ key: 'choi2018stargan', style: 'citation', syntax: 'pandoc' }, library);
    assert.match(pandoc.text, /\[@choi2018stargan\]/);
  });

  it('tldr style names no authors and cites nothing', async () => {
    const s = await engine.citationSentence({ key: 'choi2018stargan', style: 'tldr' }, library);
    assert.match(s.text, /^This paper proposes StarGAN/);
    assert.ok(!/Choi|\\cite/.test(s.text));
  });

  it('an entry without abstract or PDF gets its title only, flagged', async () => {
    const s = await engine.citationSentence({ key: 'liu2016cogan', style: 'citation' }, library);
    assert.equal(s.text, 'Liu and Tuzel \\cite{liu2016cogan} presented “Coupled Generative Adversarial Networks”.');
    assert.equal(s.grounded, false);
    assert.deepEqual(s.flags, [TITLE_ONLY_FLAG]);
    assert.equal(s.spans[0].source?.section, 'title');
  });

  it("does not quote a proceedings' blurb that the .bib copies into each of its papers as any one paper's claim", async () => {
    const blurb = 'The talks collected here were given at the spring meeting of the type designers guild in Lyon.';
    const lib = new MemoryLibrary([
      { key: 'pirelli92', type: 'inproceedings', title: 'Outline Fonts for Small Screens', authors: [{ family: 'Pirelli' }], abstract: blurb },
      { key: 'moreau92', type: 'inproceedings', title: 'Hinting by Hand', authors: [{ family: 'Moreau' }], abstract: blurb },
      // The same paper twice, and a journal version by the same author under a new title: their abstract is theirs.
      { key: 'lee01', type: 'inproceedings', title: 'Kerning Tables', authors: [{ family: 'Lee' }], abstract: 'We learn kerning tables from scanned books.' },
      { key: 'lee01dup', type: 'inproceedings', title: 'Kerning tables.', authors: [{ family: 'Lee' }], abstract: 'We learn kerning tables from scanned books.' },
      { key: 'lee02', type: 'article', title: 'Learned Kerning Tables', authors: [{ family: 'Lee' }], abstract: 'We learn kerning tables from scanned books.' },
    ]);
    const s = await engine.citationSentence({ key: 'pirelli92', style: 'citation' }, lib);
    assert.equal(s.text, 'Pirelli \\cite{pirelli92} presented “Outline Fonts for Small Screens”.');
    assert.deepEqual(s.flags, [TITLE_ONLY_FLAG]);
    assert.equal(lib.getPaper('moreau92')!.collectionAbstract, blurb);
    const own = await engine.citationSentence({ key: 'lee02', style: 'citation' }, lib);
    assert.equal(own.text, 'Lee \\cite{lee02} learned kerning tables from scanned books.');
    assert.deepEqual(own.flags, []);
  });

  it('prefers a PDF contribution sentence with its page when there is no abstract', async () => {
    const lib = new MemoryLibrary([
      {
        key: 'x', type: 'article', title: 'Anchored Translation', authors: [{ family: 'Roe' }],
        sections: [
          { heading: 'Introduction', kind: 'introduction', sentences: [
            { text: 'Image translation has many uses in graphics and vision.', section: 'introduction', index: 0, page: 1 },
            { text: 'In this paper, we propose anchored translation, which keeps recognition embeddings fixed.', section: 'introduction', index: 1, page: 2 },
          ] },
        ],
      },
    ]);
    const s = await engine.citationSentence({ key: 'x', style: 'citation' }, lib);
    assert.equal(s.text, 'Roe \\cite{x} proposed anchored translation, which keeps recognition embeddings fixed.');
    assert.equal(s.spans[0].source?.page, 2);
  });

  it('never quotes a PDF sentence that points into the paper or is a table row run into the text', async () => {
    const intro = (text: string, index: number) => ({ text, section: 'introduction' as const, index, page: 1 });
    const lib = new MemoryLibrary([
      {
        key: 'y', type: 'article', title: 'Question Retrieval', authors: [{ family: 'Roe' }],
        sections: [
          { heading: 'Introduction', kind: 'introduction', sentences: [
            intro('Figure 1 shows our question answering interface for news stories.', 0),
            intro('In Section 3, we describe our question answering method for news stories.', 1),
            intro('3 Harbor Authority Chair Mara Quill 0.0141 N stated on Monday that the ferry timetable would change.', 2),
            intro('We rank sentences for question answering with random walks over news stories.', 3),
          ] },
        ],
      },
    ]);
    const s = await engine.citationSentence({ key: 'y', style: 'citation' }, lib);
    assert.equal(s.spans.at(-1)?.source?.index, 3);
    assert.match(s.text, /ranked sentences for question answering with random walks/);
  });

  it('drops a "next" or "then" that follows nothing in a citation sentence on its own', async () => {
    const lib = new MemoryLibrary([
      {
        key: 'n', type: 'article', title: 'Tides of the Severn Estuary', authors: [{ family: 'Doe' }],
        abstract: 'We next chart the tides of the Severn estuary at twelve harbour gauges over two winters.',
      },
    ]);
    const s = await engine.citationSentence({ key: 'n', style: 'citation' }, lib);
    assert.equal(s.text, 'Doe \\cite{n} charted the tides of the Severn estuary at twelve harbour gauges over two winters.');
    const tldr = await engine.citationSentence({ key: 'n', style: 'tldr' }, lib);
    assert.equal(tldr.text, 'This paper charts the tides of the Severn estuary at twelve harbour gauges over two winters.');
  });

  it('never leaves the work calling itself "this study" or "this article", which in the citing text is the reader\'s paper', async () => {
    for (const abstract of [
      'In this study five harbour pilots kept logbooks of every boarding over two winters. Boarding delays grew at slack water in both winters.',
      'Pilot boarding depends on tidal windows. The final section of this article will propose a boarding policy for small ports based on tide gauges.',
    ]) {
      const s = await citeAlone({ key: 'k', type: 'article', title: 'Pilots and Tides', authors: [{ family: 'Marsh' }], abstract });
      assert.doesNotMatch(s.text, /\bthis (?:study|article)\b/i);
      assert.equal(s.spans.at(-1)?.source?.index, abstract.startsWith('In this study') ? 1 : 0);
    }
  });

  it("does not credit the work with what its authors showed in an earlier paper", async () => {
    for (const opening of [
      'In earlier work we showed that night boarding doubles the risk of falls from pilot ladders.',
      'Our previous study found that night boarding doubles the risk of falls from pilot ladders.',
      'I previously showed that night boarding doubles the risk of falls from pilot ladders.',
    ]) {
      const abstract = `${opening} Here we extend the analysis to winter months and propose a lighting standard for ladders.`;
      const s = await citeAlone({ key: 'k', type: 'article', title: 'Pilot Boarding at Night', authors: [{ family: 'Berg' }, { family: 'Cruz' }], abstract });
      assert.doesNotMatch(s.text, /night boarding doubles/, s.text);
      assert.equal(s.spans.at(-1)?.source?.index, 1, s.text);
    }
  });

  it("prefers the sentence that speaks to the author's own abstract", async () => {
    const lib = new MemoryLibrary([
      {
        key: 'w', type: 'article', title: 'Two Ideas', authors: [{ family: 'Doe' }],
        abstract: 'We propose a sparse attention layer for long documents. We also propose a caching scheme for speech recognition on phones. Results improve on four benchmarks.',
      },
    ]);
    const plain = await engine.citationSentence({ key: 'w', style: 'citation' }, lib);
    // Without a focus, the title names the work (see the titled-citation tests); the clause is the same.
    assert.equal(plain.text, 'In “Two Ideas”, Doe \\cite{w} proposed a sparse attention layer for long documents.');
    const focused = await engine.citationSentence({ key: 'w', style: 'citation', ownAbstract: 'We study speech recognition on phones with limited memory and caching.' }, lib);
    // On its own the sentence has nothing before it for "also" to add to.
    assert.equal(focused.text, 'Doe \\cite{w} proposed a caching scheme for speech recognition on phones.');
  });

  it('names the work by its title when the sentence does not say what the title says, with both provenances', async () => {
    const lib = new MemoryLibrary([
      {
        key: 't', type: 'article', title: 'Sparse Attention Layers', authors: [{ family: 'Roe' }, { family: 'Poe' }],
        abstract: 'Long documents are hard to model. We propose a novel layer that attends to a few blocks of tokens. It is fast.',
      },
    ]);
    const s = await engine.citationSentence({ key: 't', style: 'citation' }, lib);
    assert.equal(s.text, 'In “Sparse Attention Layers”, Roe and Poe \\cite{t} proposed a layer that attends to a few blocks of tokens.');
    assert.equal(s.spans.length, 2);
    assert.equal(s.spans[0].source?.section, 'title');
    assert.equal(s.spans[1].source?.section, 'abstract');
    assert.equal(s.spans[1].source?.index, 1);
    assert.equal(s.spans.map((x) => x.text).join(' '), s.text);
    assert.equal(s.grounded, true);
  });

  it('leaves the title out when the sentence already names what the title names', async () => {
    const lib = new MemoryLibrary([
      {
        key: 'g', type: 'article', title: 'FooNet: Unified Translation across Many Domains', authors: [{ family: 'Roe' }],
        abstract: 'We propose FooNet, a single model that maps images between many visual styles.',
      },
    ]);
    const s = await engine.citationSentence({ key: 'g', style: 'citation' }, lib);
    assert.equal(s.text, 'Roe \\cite{g} proposed FooNet, a single model that maps images between many visual styles.');
    const tldr = await engine.citationSentence({ key: 'g', style: 'tldr' }, lib);
    assert.ok(!tldr.text.includes('“'), 'tldr keeps the "This paper …" form');
  });

  it('rejects keys that are not in the library', async () => {
    await assert.rejects(engine.citationSentence({ key: 'nosuch', style: 'citation' }, library), /not in the library/);
  });
});

describe('titledCitation: "noted that" with a claim', () => {
  const record = { key: 'k', type: 'article', title: 'Tagging Connectives by Function', authors: [{ family: 'Lin' }] };
  const candidate = (text: string, index = 0) => ({
    source: { text, section: 'abstract' as const, index },
    sentenceIndex: index,
    extract: text,
    text: text.replace(/\.$/, ' \\cite{k}.'),
    features: [],
    score: 1 - index,
  });

  it('lower-cases a capital that only opened the sentence, and keeps a name', () => {
    const lowered = titledCitation(record, record.title, [candidate('Discourse connectives are ambiguous between senses, and discourse parsers often confuse the senses.')]);
    assert.equal(lowered?.text, 'In “Tagging Connectives by Function”, Lin \\cite{k} noted that discourse connectives are ambiguous between senses, and discourse parsers often confuse the senses.');
    const name = titledCitation(record, record.title, [candidate('Markov models confuse connectives with adverbs in long sentences.')]);
    assert.match(name?.text ?? '', /noted that Markov models/);
  });

  it('reports a finding or a step of the study told in the past, and notes a claim in the present', () => {
    const told = (claim: string) => titledCitation(record, record.title, [candidate(claim)])?.text.replace(/^In “[^”]+”, Lin \\cite\{k\} /, '');
    assert.equal(told('Restored marshes buried carbon at rates close to natural ones.'), 'reported that restored marshes buried carbon at rates close to natural ones.');
    assert.equal(told('A cohort of 900 walkers was followed for two years.'), 'reported that a cohort of 900 walkers was followed for two years.');
    assert.equal(told('Daily steps grew by 900 in the first month.'), 'reported that daily steps grew by 900 in the first month.');
    assert.equal(told('When the ferry was late, the pilots reached the harbour at dusk.'), 'reported that when the ferry was late, the pilots reached the harbour at dusk.');
    // Present claims, and past participles that only describe a noun, are noted.
    assert.equal(told('Falls are the leading cause of injury among older walkers.'), 'noted that falls are the leading cause of injury among older walkers.');
    assert.equal(told('The tide tables used by pilots are out of date.'), 'noted that the tide tables used by pilots are out of date.');
    assert.equal(told('With over 60 harbours represented, this is the fullest guide to tide gauges.'), 'noted that with over 60 harbours represented, this is the fullest guide to tide gauges.');
    assert.equal(told('Though gauges were introduced in 1890, most harbours still use painted posts.'), 'noted that though gauges were introduced in 1890, most harbours still use painted posts.');
  });

  it('keeps the capital of the name the title gives the work ("Tidewell, a Gauge Reader")', () => {
    const gauge = { ...record, title: 'Tidewell, a Gauge Reader for Small Harbours' };
    const named = titledCitation(gauge, gauge.title, [candidate('Tidewell is a program that turns photographs of a tide staff into water levels.')]);
    assert.equal(named?.text, 'In “Tidewell, a Gauge Reader for Small Harbours”, Lin \\cite{k} noted that Tidewell is a program that turns photographs of a tide staff into water levels.');
  });

  it('names the paper by its title before the sentence, never as the name of what the paper proposes', () => {
    const tagger = { ...record, title: 'A Paragraph Tagger for Connectives' };
    const authored = (claim: string) => ({ ...candidate(claim), text: `Lin \\cite{k} described ${claim}` });
    const action = titledCitation(tagger, tagger.title, [authored('the annotation of four corpora of connectives.')]);
    assert.equal(action?.text, 'In “A Paragraph Tagger for Connectives”, Lin \\cite{k} described the annotation of four corpora of connectives.');
    const thing = titledCitation(tagger, tagger.title, [authored('a model for connectives that reads whole documents.')]);
    assert.equal(thing?.text, 'In “A Paragraph Tagger for Connectives”, Lin \\cite{k} described a model for connectives that reads whole documents.');
    const study = { ...record, title: 'Effects of Context on Tagging Connectives' };
    const called = titledCitation(study, study.title, [authored('a tagger called ConTag that reads whole documents.')]);
    assert.equal(called?.text, 'In “Effects of Context on Tagging Connectives”, Lin \\cite{k} described a tagger called ConTag that reads whole documents.');
  });

  it('leaves the title out when the sentence already names the work as the title does ("the paragraph tagger, a …")', () => {
    const tagger = { ...record, title: 'Paragraph Tagger for Discourse Connectives' };
    const authored = (claim: string) => ({ ...candidate(claim), text: `Lin \\cite{k} described ${claim}` });
    const named = titledCitation(tagger, tagger.title, [authored('the paragraph tagger (PT), a model that reads whole documents.')]);
    assert.equal(named, undefined);
    const other = titledCitation(tagger, tagger.title, [authored('the paragraph model, a tagger that reads whole documents.')]);
    assert.equal(other?.text, 'In “Paragraph Tagger for Discourse Connectives”, Lin \\cite{k} described the paragraph model, a tagger that reads whole documents.');
  });

  it('does not report a sentence in the paper\'s own voice as a claim', () => {
    assert.equal(titledCitation(record, record.title, [candidate('Building on parsers, this paper tags connectives by sense.')]), undefined);
    // Nor one that goes on from the sentence before.
    assert.equal(titledCitation(record, record.title, [candidate('But if it is connectives you want, the tagger reviewed here is the one to try.')]), undefined);
  });

  it('does not report a noun phrase as a claim ("noted that font creation on the Mac.")', () => {
    assert.equal(titledCitation(record, record.title, [candidate('Font creation and glyph management on the Mac.')]), undefined);
    assert.equal(titledCitation(record, record.title, [candidate('A side-by-side comparison of five popular taggers.')]), undefined);
    assert.match(titledCitation(record, record.title, [candidate("Glyph's kits hold a broad range of typefaces.")])?.text ?? '', /noted that Glyph's kits hold/);
    // A clause inside the noun phrase does not make it a claim.
    assert.equal(titledCitation(record, record.title, [candidate('A short memoir of the harbour, when the pilots went on strike for a season.')]), undefined);
    assert.match(titledCitation(record, record.title, [candidate('Pilots read the tide from painted posts, which the harbour repaints every spring.')])?.text ?? '', /noted that pilots read the tide/);
    assert.match(titledCitation(record, record.title, [candidate('Harbour logs, which the port keeps for a century, are read by few historians.')])?.text ?? '', /noted that harbour logs, which/);
  });
});

describe('catalogue abstracts', () => {
  const engine = new DefaultEngine();
  const entry = (key: string, abstract: string) => ({ key, type: 'article', title: 'Notes on Keyboard Typesetting', authors: [{ family: 'Vell' }], abstract });

  it('reads a sentence without its subject as the paper\'s own and names the authors', async () => {
    const lib = new MemoryLibrary([
      entry('a', 'Discusses the role of keyboard operators in typesetting formulas, examines the role of software, and describes Glyphwright, a formula editor.'),
      entry('b', 'Compare the advantages of the various printer technologies for typesetting.'),
    ]);
    const a = await engine.citationSentence({ key: 'a', style: 'citation' }, lib);
    assert.match(a.text, /Vell \\cite\{a\} discussed the role of keyboard operators in typesetting formulas, examined the role of software, and described Glyphwright/);
    const tldr = await engine.citationSentence({ key: 'a', style: 'tldr' }, lib);
    assert.match(tldr.text, /^This paper discusses the role of keyboard operators/);
    const b = await engine.citationSentence({ key: 'b', style: 'citation' }, lib);
    assert.match(b.text, /Vell \\cite\{b\} compared the advantages of the various printer technologies/);
  });

  it('reads a passive in the past as the paper\'s own act when "in this paper" frames it', async () => {
    const lib = new MemoryLibrary([entry('c', 'In this paper an outline generation algorithm for brush fonts using Bézier curves was introduced.')]);
    const c = await engine.citationSentence({ key: 'c', style: 'citation' }, lib);
    assert.match(c.text, /Vell \\cite\{c\} introduced an outline generation algorithm for brush fonts/);
  });

  it('keeps a noun followed by its verb as the subject ("Attempts have been made …")', async () => {
    const lib = new MemoryLibrary([entry('d', 'Attempts have been made to typeset formulas from keyboard input with a formula editor.')]);
    const d = await engine.citationSentence({ key: 'd', style: 'citation' }, lib);
    assert.match(d.text, /noted that attempts have been made to typeset formulas/);
  });

  it('reports a claim with the verb its authors used ("proved that" rather than "noted that")', async () => {
    const proved = {
      key: 'okafor21',
      type: 'article',
      title: 'Quiet Waters',
      authors: [{ family: 'Okafor', given: 'Ada' }, { family: 'Lind', given: 'Per' }],
      abstract: 'Harbour tide tables are computed from a handful of constituents. We prove that twelve constituents suffice for any harbour with a single inlet.',
    };
    assert.equal((await citeAlone(proved)).text, 'In “Quiet Waters”, Okafor and Lind \\cite{okafor21} proved that twelve constituents suffice for any harbour with a single inlet.');
  });
});
