// Messages the extension would send, shaped by the shared protocol so a protocol change breaks these tests at compile time.
import type { DraftPanelState, DraftView, KeyOption, ScoreReportView } from '../../src/protocol/webview';

export const ENGINES = ['extractive', 'flan-t5-small'];

export const DOCUMENT_KEYS: KeyOption[] = [
  { key: 'lewis2020bart', title: 'BART: Denoising Sequence-to-Sequence Pre-training for Natural Language Generation', year: 2020, authors: 'Lewis et al.', known: true },
  { key: 'cachola2020tldr', title: 'TLDR: Extreme Summarization of Scientific Documents', year: 2020, authors: 'Cachola, Lo, Cohan, Weld', known: true },
  { key: 'lin2004rouge', title: 'ROUGE: A Package for Automatic Evaluation of Summaries', year: 2004, authors: 'Chin-Yew Lin', known: true },
  { key: 'smith2099ghost', title: '', authors: '', known: false },
];

export const DRAFT: DraftView = {
  format: 'latex',
  engine: 'extractive',
  elapsedMs: 1840,
  citedKeys: ['lewis2020bart', 'cachola2020tldr', 'lin2004rouge'],
  unknownKeys: ['smith2099ghost'],
  listedOnly: ['lin2004rouge'],
  paragraphs: [
    {
      heading: 'Summarizing scientific papers',
      keys: ['cachola2020tldr', 'lewis2020bart'],
      sentences: [
        { text: 'Extreme summarization compresses a paper into a single sentence.', keys: [], role: 'topic', sources: [] },
        {
          text: 'SciTLDR pairs papers with author- and peer-review-written TLDRs \\citep{cachola2020tldr}.',
          keys: ['cachola2020tldr'],
          role: 'work',
          sources: [
            {
              key: 'cachola2020tldr',
              text: 'We introduce SciTLDR, a new multi-target dataset of 5.4K TLDRs over 3.2K papers.',
              section: 'Abstract',
              page: 1,
              pdfPath: '/library/cachola2020tldr.pdf',
            },
          ],
        },
        {
          text: 'BART pre-trains a denoising autoencoder that later fine-tunes well for summarization \\citep{lewis2020bart}.',
          keys: ['lewis2020bart'],
          role: 'work',
          sources: [{ key: 'lewis2020bart', text: 'BART is trained by corrupting text with an arbitrary noising function.', section: 'Introduction', page: 2 }],
        },
      ],
    },
    {
      keys: ['lin2004rouge'],
      sentences: [
        {
          text: 'ROUGE measures n-gram and longest-common-subsequence overlap with references \\citep{lin2004rouge}.',
          keys: ['lin2004rouge'],
          role: 'work',
          sources: [{ key: 'lin2004rouge', text: 'ROUGE stands for Recall-Oriented Understudy for Gisting Evaluation.', section: '1 Introduction', page: 1 }],
        },
        { text: 'Unlike these works, our drafts cite only entries of the author’s own library.', keys: [], role: 'contrast', sources: [] },
      ],
    },
  ],
};

export const SAVED_STATE: DraftPanelState = {
  keys: ['lewis2020bart', 'lin2004rouge'],
  settings: { targetWords: 300, subsections: true, engine: 'flan-t5-small' },
  draft: {
    ...DRAFT,
    paragraphs: [{ keys: ['lin2004rouge'], sentences: [{ ...DRAFT.paragraphs[1]!.sentences[0]!, text: 'A sentence the author edited before the reload.', edited: true }] }],
  },
};

export const REPORT: ScoreReportView = {
  draftLabel: 'related-work.tex §2',
  referenceLabel: 'reference.tex',
  stemmed: true,
  rouge: {
    rouge1: { p: 0.51234, r: 0.45678, f: 0.48294 },
    rouge2: { p: 0.2, r: 0.1875, f: 0.19355 },
    rougeL: { p: 0.33333, r: 0.29999, f: 0.31579 },
    rougeLsum: { p: 0.41, r: 0.38951, f: 0.39949 },
  },
  coverage: {
    recall: 0.75,
    precision: 0.6,
    f1: 0.66667,
    missing: [
      { key: 'vaswani2017attention', line: 11 },
      { key: 'raffel2020t5' },
    ],
    unknown: [{ key: 'smith2099ghost', line: 4 }],
  },
  blockMatch: {
    precision: 0.4321,
    recall: 0.2881,
    f1: 0.34571,
    pairs: [
      {
        draftIndex: 0,
        referenceIndex: 1,
        score: 0.512,
        draftPreview: 'Extreme summarization compresses a paper into a single sentence…',
        referencePreview: 'TLDR generation was introduced with SciTLDR…',
        draftLine: 3,
      },
      { draftIndex: 1, referenceIndex: 0, score: 0.0743, draftPreview: 'ROUGE measures n-gram overlap…', referencePreview: 'Evaluation relies on ROUGE…' },
    ],
  },
};
