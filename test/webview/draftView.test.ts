// The draft side bar in a real browser: what the author sees and what the webview tells the extension.
import { strict as assert } from 'node:assert';
import type { DraftPanelState, DraftSettings, DraftView, DraftSentenceView, SourceRef } from '../../src/protocol/webview';
import { renderDraftText } from '../../webview/draftText';
import { DOCUMENT_KEYS, DRAFT, ENGINES, SAVED_STATE } from './fixtures';
import { browserSuite, screenshotPath, type WebviewPage } from './harness';

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('draft view (browser)', function () {
  const suite = browserSuite();

  async function openDraft(initialState?: DraftPanelState): Promise<WebviewPage> {
    return suite.open({ view: 'draft', initialState });
  }
  async function openWithDraft(): Promise<WebviewPage> {
    const v = await openDraft();
    await v.send({ type: 'init', engines: ENGINES, documentKeys: DOCUMENT_KEYS });
    // As the Draft Related Work command does: a draft the extension started itself, under its own request id.
    await v.send({ type: 'progress', requestId: 'x1', done: 0, total: 3 });
    await v.send({ type: 'draft', requestId: 'x1', draft: clone(DRAFT) });
    await v.page.getByTestId('sentence-0-0').waitFor();
    return v;
  }

  it('lists the document keys ticked, marks the unknown one ⚠ without a checkbox, and Generate sends the chosen keys and settings', async () => {
    const v = await openDraft();
    await v.send({ type: 'init', engines: ENGINES, documentKeys: DOCUMENT_KEYS });
    const { page } = v;

    for (const key of ['lewis2020bart', 'cachola2020tldr', 'lin2004rouge']) {
      assert.equal(await page.getByTestId(`key-checkbox-${key}`).evaluate((el) => (el as HTMLInputElement).checked), true, key);
    }
    const unknownRow = page.getByTestId('key-smith2099ghost');
    assert.match(await unknownRow.innerText(), /⚠[\s\S]*smith2099ghost[\s\S]*not in the library/);
    assert.equal(await unknownRow.locator('vscode-checkbox').count(), 0);
    assert.match(await page.getByTestId('key-summary').innerText(), /3 selected · 1 not in the library/);

    await page.getByTestId('key-checkbox-cachola2020tldr').click();
    await page.getByTestId('target-words').locator('input').fill('400');
    await page.getByTestId('structure-subsections').click();
    await page.getByTestId('engine-select').click();
    await page.getByRole('option', { name: 'flan-t5-small' }).click();

    await page.getByRole('button', { name: 'Generate draft' }).click();
    const generate = await v.waitForPosted<{ keys: string[]; settings: DraftSettings }>('generate');
    assert.deepEqual(generate.keys, ['lewis2020bart', 'lin2004rouge']);
    assert.deepEqual(generate.settings, { targetWords: 400, subsections: true, engine: 'flan-t5-small' });

    // The same choices were saved for a reload, in the webview and with the extension.
    const states = await v.savedStates<DraftPanelState>();
    assert.deepEqual(states.at(-1)!.settings, generate.settings);
    const changed = await v.postedOfType<{ state: DraftPanelState }>('stateChanged');
    assert.deepEqual(changed.at(-1)!.state.keys, ['lewis2020bart', 'lin2004rouge']);
    assert.deepEqual(changed.at(-1)!.state.settings, generate.settings);
  });

  it('adds every known key of a BibTeX group with one click, and Generate drafts from them', async () => {
    const v = await openDraft();
    const groups = [
      { name: 'Summarization', keys: [DOCUMENT_KEYS[0]!, { key: 'zhang2020pegasus', title: 'PEGASUS', year: 2020, authors: 'Zhang et al.', known: true }] },
      { name: 'Metrics', keys: [DOCUMENT_KEYS[2]!] },
    ];
    await v.send({ type: 'init', engines: ENGINES, documentKeys: [], groups });
    const { page } = v;
    assert.match(await page.getByTestId('groups').innerText(), /Summarization \(2\)[\s\S]*Metrics \(1\)/);
    await page.getByRole('button', { name: 'Add the 2 keys of group Summarization' }).click();
    assert.equal(await page.getByTestId('key-checkbox-zhang2020pegasus').evaluate((el) => (el as HTMLInputElement).checked), true);
    await page.getByRole('button', { name: 'Generate draft' }).click();
    const generate = await v.waitForPosted<{ keys: string[] }>('generate');
    assert.deepEqual(generate.keys.sort(), ['lewis2020bart', 'zhang2020pegasus']);
  });

  it('"Use keys from the current document" asks the extension and ticks the keys it answers with', async () => {
    const v = await openDraft();
    await v.send({ type: 'init', engines: ENGINES, documentKeys: [] });
    const { page } = v;
    assert.equal(await page.getByTestId('generate').evaluate((el) => (el as HTMLButtonElement).disabled), true, 'nothing to generate from yet');

    await page.getByRole('button', { name: 'Use keys from the current document' }).click();
    await v.waitForPosted('useDocumentKeys');
    await v.send({ type: 'documentKeys', keys: DOCUMENT_KEYS.slice(2) });
    await page.getByTestId('key-checkbox-lin2004rouge').waitFor();
    assert.equal(await page.getByTestId('key-checkbox-lin2004rouge').evaluate((el) => (el as HTMLInputElement).checked), true);
    assert.equal(await page.getByTestId('key-smith2099ghost').locator('vscode-checkbox').count(), 0);
    assert.equal(await page.getByTestId('generate').evaluate((el) => (el as HTMLButtonElement).disabled), false);
  });

  it('says which section the keys came from, offers all keys of the document, and marks title-only works', async () => {
    const v = await openDraft();
    const sectionKeys = [{ ...DOCUMENT_KEYS[0], grounding: 'abstract' as const }, { ...DOCUMENT_KEYS[2], grounding: 'title-only' as const }];
    await v.send({ type: 'init', engines: ENGINES, documentKeys: sectionKeys, scope: { label: 'section “Related Work”', total: 4, all: false } });
    const { page } = v;
    assert.match(await page.getByTestId('key-scope').innerText(), /From section “Related Work”: 2 of 4 cited keys · use all 4 keys of the document/);
    assert.equal(await page.getByTestId('title-only-lin2004rouge').innerText(), 'title only');
    assert.equal(await page.getByTestId('title-only-lewis2020bart').count(), 0);
    assert.match(await page.getByTestId('key-summary').innerText(), /2 selected · 1 title only/);

    await page.getByTestId('use-all-keys').click();
    const asked = await v.waitForPosted<{ all?: boolean }>('useDocumentKeys');
    assert.equal(asked.all, true);
    await v.send({ type: 'documentKeys', keys: DOCUMENT_KEYS, scope: { label: 'the whole document', total: 4, all: true } });
    await page.getByTestId('use-section-keys').waitFor();
    assert.match(await page.getByTestId('key-scope').innerText(), /From the whole document: 4 cited keys · only the section at the cursor/);
    assert.equal(await page.getByTestId('key-checkbox-cachola2020tldr').evaluate((el) => (el as HTMLInputElement).checked), true);
  });

  it('shows each sentence as a model engine writes it, and clears them when the draft arrives', async () => {
    const v = await openDraft();
    await v.send({ type: 'init', engines: ENGINES, documentKeys: DOCUMENT_KEYS });
    const { page } = v;
    await page.getByRole('button', { name: 'Generate draft' }).click();
    const generate = await v.waitForPosted<{ id: string }>('generate');
    await v.send({ type: 'progress', requestId: generate.id, done: 0, total: 3, message: 'Writing about lewis2020bart' });
    await v.send({ type: 'progress', requestId: generate.id, done: 0, total: 0, sentence: { key: 'lewis2020bart', text: 'Lewis et al. \\cite{lewis2020bart} proposed BART.' } });
    await page.getByTestId('streamed-lewis2020bart').waitFor();
    assert.match(await page.getByTestId('streamed').innerText(), /lewis2020bart Lewis et al\. \\cite\{lewis2020bart\} proposed BART\./);
    assert.match(await page.getByTestId('progress-text').innerText(), /Writing about lewis2020bart 0\/3/, 'the count is not reset by a sentence');
    await v.send({ type: 'draft', requestId: generate.id, draft: clone(DRAFT) });
    await page.getByTestId('sentence-0-0').waitFor();
    assert.equal(await page.getByTestId('streamed').locator('li').count(), 0);
  });

  it('takes the engine of a draft the extension wrote as its own, so that regenerating uses the same engine', async () => {
    const v = await openDraft();
    await v.send({ type: 'init', engines: ENGINES, documentKeys: DOCUMENT_KEYS, state: { keys: [], settings: { targetWords: 250, subsections: false, engine: 'extractive' } } });
    await v.send({ type: 'progress', requestId: 'x7', done: 0, total: 3 });
    await v.send({ type: 'draft', requestId: 'x7', draft: { ...clone(DRAFT), engine: 'flan-t5-small' } });
    await v.page.getByTestId('sentence-0-0').waitFor();
    const states = await v.savedStates<DraftPanelState>();
    assert.equal(states.at(-1)!.settings.engine, 'flan-t5-small');
    assert.match(await v.page.getByTestId('engine-select').evaluate((el) => (el as HTMLElement & { value: string }).value), /flan-t5-small/);
  });

  it('searching the library posts the query and an added result is generated from', async () => {
    const v = await openDraft();
    await v.send({ type: 'init', engines: ENGINES, documentKeys: DOCUMENT_KEYS.slice(0, 1) });
    const { page } = v;

    await page.getByTestId('search-field').locator('input').fill('transformer');
    await page.getByTestId('search-field').locator('input').press('Enter');
    const search = await v.waitForPosted<{ query: string }>('searchKeys');
    assert.equal(search.query, 'transformer');

    await v.send({
      type: 'searchResults',
      query: 'transformer',
      results: [{ key: 'vaswani2017attention', title: 'Attention Is All You Need', year: 2017, authors: 'Vaswani et al.', known: true }],
    });
    await page.getByRole('button', { name: 'Add vaswani2017attention' }).click();
    assert.equal(await page.getByTestId('key-checkbox-vaswani2017attention').evaluate((el) => (el as HTMLInputElement).checked), true);
    assert.match(await page.getByTestId('key-vaswani2017attention').innerText(), /Attention Is All You Need/);
    assert.equal(await page.getByTestId('add-key-vaswani2017attention').innerText(), 'Added');

    await page.getByTestId('generate').click();
    const generate = await v.waitForPosted<{ keys: string[] }>('generate');
    assert.deepEqual(generate.keys, ['lewis2020bart', 'vaswani2017attention']);
  });

  it('shows progress while generating; Cancel posts cancel and the panel is ready again once cancelled', async () => {
    const v = await openDraft();
    await v.send({ type: 'init', engines: ENGINES, documentKeys: DOCUMENT_KEYS });
    const { page } = v;

    await page.getByTestId('generate').click();
    const { id } = await v.waitForPosted<{ id: string }>('generate');
    assert.match(id, /^r\d+$/);
    assert.equal(await page.getByTestId('progress').isVisible(), true);
    assert.equal(await page.getByTestId('generate').evaluate((el) => (el as HTMLButtonElement).disabled), true, 'no second generation while one runs');

    // Progress of another request (one replaced earlier) does not move this one's bar.
    await v.send({ type: 'progress', requestId: 'r999', done: 3, total: 4, message: 'Stale' });
    await v.send({ type: 'progress', requestId: id, done: 1, total: 4, message: 'Retrieving source sentences' });
    assert.equal(await page.getByTestId('progress-text').innerText(), 'Retrieving source sentences 1/4');
    assert.equal(await page.getByRole('progressbar').getAttribute('aria-valuenow'), '1');

    await page.getByRole('button', { name: 'Cancel generation' }).click();
    assert.deepEqual(await v.waitForPosted('cancel'), { type: 'cancel', id }, 'Cancel names the request it stops');
    assert.equal(await page.getByTestId('progress-text').innerText(), 'Cancelling…');

    await v.send({ type: 'cancelled', requestId: 'r999' });
    assert.equal(await page.getByTestId('progress').isVisible(), true, 'another request\'s completion does not end this one');
    await v.send({ type: 'cancelled', requestId: id });
    assert.equal(await page.getByTestId('progress').isVisible(), false);
    assert.match(await page.getByTestId('notice').innerText(), /cancelled/i);
    assert.equal(await page.getByTestId('generate').evaluate((el) => (el as HTMLButtonElement).disabled), false);
  });

  it('renders the draft as headed paragraphs of sentences, with each sentence’s grounding and the unknown keys', async () => {
    const v = await openWithDraft();
    const { page } = v;

    assert.equal(await page.getByTestId('heading-0').innerText(), 'Summarizing scientific papers');
    assert.equal(await page.getByTestId('sentence-text-1-0').innerText(), DRAFT.paragraphs[1]!.sentences[0]!.text);
    assert.equal(await page.locator('[data-testid^="sentence-text-"]').count(), 5);
    assert.match(await page.getByTestId('unknown-keys').innerText(), /smith2099ghost/);
    assert.match(await page.getByTestId('listed-only').innerText(), /Only listed in a grouped citation[^]*lin2004rouge/);
    assert.match(await page.getByTestId('draft-stats').innerText(), /\d+ words · extractive · 1\.8 s/);

    const grounding = page.getByTestId('grounding-0-1');
    assert.equal(await grounding.isVisible(), false);
    await page.getByRole('button', { name: 'Show sources of paragraph 1, sentence 2' }).click();
    assert.equal(await grounding.isVisible(), true);
    const text = await grounding.innerText();
    assert.match(text, /5\.4K TLDRs over 3\.2K papers/);
    assert.match(text, /cachola2020tldr · Abstract · p\. 1/);
    // A sentence without grounding says so instead of pretending.
    await page.getByRole('button', { name: 'Show sources of paragraph 1, sentence 1' }).click();
    assert.match(await page.getByTestId('grounding-0-0').innerText(), /No source sentence grounds this sentence/);

    await page.getByRole('button', { name: 'Open source cachola2020tldr at page 1' }).click();
    const open = await v.waitForPosted<{ source: SourceRef }>('openSource');
    assert.deepEqual(open.source, DRAFT.paragraphs[0]!.sentences[1]!.sources[0]);
  });

  it('marks a model sentence the attribution check doubts and explains it; shows each citation\'s support and evidence', async () => {
    const v = await openDraft();
    await v.send({ type: 'init', engines: ENGINES, documentKeys: DOCUMENT_KEYS });
    const evidence = (text: string) => ({ text, source: 'abstract' as const });
    const model: DraftView = {
      ...clone(DRAFT),
      engine: 'server',
      paragraphs: [
        {
          keys: ['ames2019trees', 'brandt2020sap'],
          sentences: [
            { text: 'Ames \\cite{ames2019trees} detect trees in street images.', keys: ['ames2019trees'], role: 'work', sources: [], checks: [{ key: 'ames2019trees', verdict: 'supported', support: 0.91, evidence: evidence('We detect trees in panoramic street images.') }] },
            {
              text: 'Brandt \\cite{brandt2020sap} map trees by triangulation.',
              keys: ['brandt2020sap'],
              role: 'work',
              sources: [],
              checks: [{ key: 'brandt2020sap', verdict: 'misattributed', support: 0.02, evidence: evidence('Drought stress shows in the sap flow.'), better: { key: 'ames2019trees', support: 0.97, evidence: evidence('We place each tree on the map by triangulation.') } }],
            },
            { text: 'Trees are mapped and heard \\cite{ames2019trees,brandt2020sap}.', keys: ['ames2019trees', 'brandt2020sap'], role: 'work', sources: [], checks: [{ key: 'ames2019trees', verdict: 'weak', support: 0.2 }, { key: 'brandt2020sap', verdict: 'weak', support: 0.1 }] },
            { text: 'Chen \\cite{chen2021branches} collect reports with a phone app.', keys: ['chen2021branches'], role: 'work', sources: [], flags: ["written by the default engine: the model's sentence citing it failed the attribution check (it gave 87%)"] },
          ],
        },
      ],
    };
    await v.send({ type: 'progress', requestId: 'x1', done: 0, total: 3 });
    await v.send({ type: 'draft', requestId: 'x1', draft: model });
    const { page } = v;
    await page.getByTestId('sentence-0-0').waitFor();
    assert.equal(await page.getByTestId('check-0-0').innerText(), '✓ supported');
    assert.equal(await page.getByTestId('check-note-0-0').count(), 0, 'a supported sentence needs no note');
    assert.equal(await page.getByTestId('check-0-1').innerText(), '⚠ misattributed');
    assert.match(await page.getByTestId('check-note-0-1').innerText(), /This describes ames2019trees, not brandt2020sap: ames2019trees says “We place each tree on the map by triangulation\.”; brandt2020sap says “Drought stress/);
    assert.match((await page.getByTestId('sentence-0-1').getAttribute('class')) ?? '', /flagged/);
    // A sentence citing several works says little of each: "weak" there is no cause for a mark.
    assert.equal(await page.getByTestId('check-0-2').innerText(), '✓ checked');
    assert.equal(await page.getByTestId('check-note-0-2').count(), 0);
    assert.equal(await page.getByTestId('check-0-3').innerText(), '⚠ replaced');
    assert.match(await page.getByTestId('check-note-0-3').innerText(), /written by the default engine: .*87%/);
    await page.getByRole('button', { name: 'Show sources of paragraph 1, sentence 1' }).click();
    assert.match(await page.getByTestId('grounding-0-0').innerText(), /We detect trees in panoramic street images\.[^]*ames2019trees · supported · support 91% · abstract/);
  });

  it('editing a checked sentence drops its verdict ("not re-checked"); Escape brings the verdict back', async () => {
    const v = await openDraft();
    await v.send({ type: 'init', engines: ENGINES, documentKeys: DOCUMENT_KEYS });
    const model: DraftView = {
      ...clone(DRAFT),
      engine: 'server',
      paragraphs: [
        {
          keys: ['ames2019trees', 'brandt2020sap'],
          sentences: [
            { text: 'Ames \\cite{ames2019trees} detect trees in street images.', keys: ['ames2019trees'], role: 'work', sources: [], checks: [{ key: 'ames2019trees', verdict: 'supported', support: 0.91, evidence: { text: 'We detect trees in panoramic street images.', source: 'abstract' } }] },
            { text: 'Brandt \\cite{brandt2020sap} map trees by triangulation.', keys: ['brandt2020sap'], role: 'work', sources: [], checks: [{ key: 'brandt2020sap', verdict: 'misattributed', support: 0.02, better: { key: 'ames2019trees', support: 0.97, evidence: { text: 'We place each tree on the map by triangulation.', source: 'abstract' } } }] },
          ],
        },
      ],
    };
    await v.send({ type: 'draft', requestId: 'x1', draft: model });
    const { page } = v;
    assert.equal(await page.getByTestId('check-0-0').innerText(), '✓ supported');
    await page.getByTestId('sentence-text-0-0').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Ames \\cite{ames2019trees} measure the sap flow of trees.');
    await page.keyboard.press('Enter');
    assert.equal(await page.getByTestId('check-0-0').innerText(), 'not re-checked');
    const saved = (await v.savedStates<DraftPanelState>()).at(-1)!;
    assert.equal(saved.draft!.paragraphs[0]!.sentences[0]!.checks, undefined, 'the saved draft keeps no verdict of the old text');
    // A doubtful sentence edited: its note and mark go too.
    assert.equal(await page.getByTestId('check-note-0-1').count(), 1);
    await page.getByTestId('sentence-text-0-1').click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(' again');
    assert.equal(await page.getByTestId('check-0-1').innerText(), 'not re-checked');
    assert.equal(await page.getByTestId('check-note-0-1').count(), 0);
    assert.doesNotMatch((await page.getByTestId('sentence-0-1').getAttribute('class')) ?? '', /flagged/);
    await page.keyboard.press('Escape');
    assert.equal(await page.getByTestId('check-0-1').innerText(), '⚠ misattributed');
    assert.equal(await page.getByTestId('check-note-0-1').count(), 1);
  });

  it('editing a sentence marks it edited, saves the state, and Insert sends the edited draft', async () => {
    const v = await openWithDraft();
    const { page } = v;
    const edited = 'ROUGE compares n-gram overlap with one or more references \\citep{lin2004rouge}.';

    const sentence = page.getByTestId('sentence-text-1-0');
    await sentence.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(edited);
    await page.keyboard.press('Enter'); // commits, never a newline inside a sentence
    assert.equal(await sentence.innerText(), edited);
    assert.equal(await page.getByTestId('edited-1-0').isVisible(), true);

    const saved = (await v.savedStates<DraftPanelState>()).at(-1)!;
    assert.deepEqual(saved.draft!.paragraphs[1]!.sentences[0], { ...DRAFT.paragraphs[1]!.sentences[0]!, text: edited, edited: true });
    const changed = await v.waitForPosted<{ state: DraftPanelState }>('stateChanged');
    assert.equal(changed.state.draft!.paragraphs[1]!.sentences[0]!.text, edited);

    await page.getByRole('button', { name: 'Insert draft into the document' }).click();
    const insert = await v.waitForPosted<{ draft: DraftView }>('insert');
    const expected = clone(DRAFT);
    expected.paragraphs[1]!.sentences[0] = { ...expected.paragraphs[1]!.sentences[0]!, text: edited, edited: true };
    assert.deepEqual(insert.draft, expected);
    assert.ok(renderDraftText(insert.draft).includes(edited));
    assert.ok(!renderDraftText(insert.draft).includes('ROUGE measures'));

    await v.send({ type: 'inserted', where: 'at line 12 of related.tex' });
    assert.equal(await page.getByTestId('notice').innerText(), 'Inserted at line 12 of related.tex.');
  });

  it('Escape abandons an edit and restores the sentence', async () => {
    const v = await openWithDraft();
    const { page } = v;
    const sentence = page.getByTestId('sentence-text-0-0');
    await sentence.click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(' oops');
    assert.ok((await sentence.innerText()).endsWith('oops'));
    await page.keyboard.press('Escape');
    assert.equal(await sentence.innerText(), DRAFT.paragraphs[0]!.sentences[0]!.text);
    assert.equal(await page.getByTestId('edited-0-0').isVisible(), false);
    const saved = (await v.savedStates<DraftPanelState>()).at(-1)!;
    assert.deepEqual(saved.draft!.paragraphs[0]!.sentences[0], DRAFT.paragraphs[0]!.sentences[0]);
  });

  it('regenerating a sentence or a paragraph posts the request and shows the answer in place', async () => {
    const v = await openWithDraft();
    const { page } = v;

    await page.getByRole('button', { name: 'Regenerate paragraph 2, sentence 1' }).click();
    const sentenceRequest = await v.waitForPosted<{ id: string }>('regenerateSentence');
    assert.deepEqual(sentenceRequest, { type: 'regenerateSentence', id: sentenceRequest.id, paragraph: 1, sentence: 0 });
    assert.equal(await page.getByTestId('sentence-1-0').getAttribute('aria-busy'), 'true');
    assert.equal(await page.getByTestId('progress').isVisible(), true);

    // An answer to another request must not land here.
    const stale: DraftSentenceView = { text: 'A stale sentence from an earlier request.', keys: ['lin2004rouge'], role: 'work', sources: [] };
    await v.send({ type: 'sentence', requestId: 'r999', paragraph: 1, sentence: 0, value: stale });
    assert.notEqual(await page.getByTestId('sentence-text-1-0').innerText(), stale.text);
    assert.equal(await page.getByTestId('sentence-1-0').getAttribute('aria-busy'), 'true');

    const newSentence: DraftSentenceView = { text: 'ROUGE-L rewards the longest common subsequence \\citep{lin2004rouge}.', keys: ['lin2004rouge'], role: 'work', sources: [] };
    await v.send({ type: 'sentence', requestId: sentenceRequest.id, paragraph: 1, sentence: 0, value: newSentence });
    assert.equal(await page.getByTestId('sentence-text-1-0').innerText(), newSentence.text);
    assert.equal(await page.getByTestId('sentence-1-0').getAttribute('aria-busy'), null);
    assert.equal(await page.getByTestId('progress').isVisible(), false);

    await page.getByRole('button', { name: 'Regenerate paragraph 1', exact: true }).click();
    const paragraphRequest = await v.waitForPosted<{ id: string }>('regenerateParagraph');
    assert.deepEqual(paragraphRequest, { type: 'regenerateParagraph', id: paragraphRequest.id, paragraph: 0 });
    assert.notEqual(paragraphRequest.id, sentenceRequest.id);
    await v.send({
      type: 'paragraph',
      requestId: paragraphRequest.id,
      paragraph: 0,
      value: { heading: 'Scientific summarization', keys: ['lewis2020bart'], sentences: [{ text: 'A single new sentence \\citep{lewis2020bart}.', keys: ['lewis2020bart'], role: 'work', sources: [] }] },
    });
    assert.equal(await page.getByTestId('heading-0').innerText(), 'Scientific summarization');
    assert.equal(await page.getByTestId('sentence-text-0-0').innerText(), 'A single new sentence \\citep{lewis2020bart}.');
    assert.equal(await page.getByTestId('sentence-0-1').count(), 0);

    const saved = (await v.savedStates<DraftPanelState>()).at(-1)!;
    assert.equal(saved.draft!.paragraphs[0]!.sentences.length, 1);
    assert.equal(saved.draft!.paragraphs[1]!.sentences[0]!.text, newSentence.text);
  });

  it('shows an extension error inline and ends the progress', async () => {
    const v = await openDraft();
    await v.send({ type: 'init', engines: ENGINES, documentKeys: DOCUMENT_KEYS });
    await v.page.getByTestId('generate').click();
    const { id } = await v.waitForPosted<{ id: string }>('generate');
    await v.send({ type: 'error', requestId: id, message: 'The model flan-t5-small is not downloaded yet.' });
    const alert = v.page.getByRole('alert');
    assert.match(await alert.innerText(), /flan-t5-small is not downloaded yet/);
    assert.equal(await v.page.getByTestId('progress').isVisible(), false);
    await v.page.getByRole('button', { name: 'Dismiss error' }).click();
    assert.equal(await alert.isVisible(), false);
  });

  it('restores the draft, keys and settings from the webview state after a reload, before and after init', async () => {
    const v = await openDraft(clone(SAVED_STATE));
    const { page } = v;
    assert.equal(await page.getByTestId('sentence-text-0-0').innerText(), 'A sentence the author edited before the reload.');
    assert.equal(await page.getByTestId('edited-0-0').isVisible(), true);

    // The workspace copy the extension sends is older than the webview's own state, which wins.
    await v.send({ type: 'init', engines: ENGINES, documentKeys: DOCUMENT_KEYS, state: { keys: [], settings: { targetWords: 100, subsections: false, engine: 'extractive' } } });
    assert.equal(await page.getByTestId('sentence-text-0-0').innerText(), 'A sentence the author edited before the reload.');
    assert.equal(await page.getByTestId('target-words').locator('input').inputValue(), '300');
    assert.equal(await page.getByTestId('key-checkbox-cachola2020tldr').evaluate((el) => (el as HTMLInputElement).checked), false);
    await page.getByTestId('generate').click();
    const generate = await v.waitForPosted<{ keys: string[]; settings: DraftSettings }>('generate');
    assert.deepEqual(generate.keys, SAVED_STATE.keys);
    assert.deepEqual(generate.settings, SAVED_STATE.settings);
  });

  it('restores from the extension’s saved state when the webview has none', async () => {
    const v = await openDraft();
    await v.send({ type: 'init', engines: ENGINES, documentKeys: DOCUMENT_KEYS, state: clone(SAVED_STATE) });
    await v.page.getByTestId('sentence-0-0').waitFor();
    assert.equal(await v.page.getByTestId('sentence-text-0-0').innerText(), 'A sentence the author edited before the reload.');
    const saved = (await v.savedStates<DraftPanelState>()).at(-1)!;
    assert.deepEqual(saved, SAVED_STATE);
  });

  it('is usable from the keyboard: Tab reaches a sentence, typing edits it, and Enter on Insert inserts', async () => {
    const v = await openWithDraft();
    const { page } = v;
    await page.getByRole('button', { name: 'Regenerate paragraph 1', exact: true }).focus();
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'sentence-text-0-0');
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('!');
    await page.getByTestId('insert').focus();
    await page.keyboard.press('Enter');
    const insert = await v.waitForPosted<{ draft: DraftView }>('insert');
    assert.ok(insert.draft.paragraphs[0]!.sentences[0]!.text.endsWith('sentence.!'));
  });

  it('shows a generated draft with an open source and an edited sentence (dark theme), as the screenshot records', async () => {
    const v = await openWithDraft();
    const { page } = v;
    await page.getByRole('button', { name: 'Show sources of paragraph 1, sentence 2' }).click();
    const sentence = page.getByTestId('sentence-text-1-1');
    await sentence.click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(' It also scores drafts.');
    await page.keyboard.press('Enter');
    await page.screenshot({ path: screenshotPath('webview-draft.png'), fullPage: true });
    // What the picture is meant to show: both paragraphs, the opened grounding with its source sentence, the edit.
    assert.equal(await page.getByTestId('heading-0').isVisible(), true);
    assert.equal(await page.getByTestId('paragraph-1').isVisible(), true);
    const source = DRAFT.paragraphs[0]!.sentences[1]!.sources[0]!;
    const grounding = page.getByTestId('grounding-0-1');
    assert.equal(await grounding.isVisible(), true);
    assert.ok((await grounding.innerText()).includes(source.text.slice(0, 40)), await grounding.innerText());
    assert.equal(await page.getByRole('button', { name: 'Show sources of paragraph 1, sentence 2' }).getAttribute('aria-expanded'), 'true');
    assert.ok((await page.getByTestId('sentence-text-1-1').innerText()).endsWith('It also scores drafts.'));
    assert.equal(await page.getByTestId('edited-1-1').isVisible(), true);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r, g, b] = background.match(/\d+/g)!.map(Number);
    assert.ok(r + g + b < 3 * 80, `a dark theme background, got ${background}`);
  });

  it('reports CSP violations when they happen (the clean-page checks are not vacuous)', async () => {
    const v = await openDraft();
    await v.page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__ran = true';
      document.body.appendChild(s);
    });
    await v.page.waitForFunction(() => (window as unknown as { __test: { csp: unknown[] } }).__test.csp.length > 0);
    assert.equal(await v.page.evaluate(() => (window as unknown as { __ran?: boolean }).__ran), undefined, 'an inline script without the nonce must not run');
    suite.release();
    await v.close();
    assert.ok(v.problems.some((p) => p.startsWith('CSP violation')), v.problems.join('\n'));
  });
});
