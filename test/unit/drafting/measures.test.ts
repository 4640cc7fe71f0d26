import * as assert from 'node:assert/strict';
import { measureDraft } from '../../../src/core/drafting';
import type { DraftParagraph, DraftSentence } from '../../../src/core/types';

const OWN = 'Harbour pilots still read tide tables by hand. We forecast harbour tides from buoy logs with a small recurrent network.';
const WORKS = [
  { key: 'roe', text: 'We predict tide tables from buoy logs of twelve harbours.' },
  { key: 'poe', text: 'Buoy logs drift; we correct buoy logs against satellite altimetry before predicting tide tables.' },
  { key: 'doe', text: 'We survey sediment transport in estuaries.' },
  { key: 'kim', text: '' },
];
const work = (key: string, text: string): DraftSentence => ({ text, keys: [key], sources: [{ text: 'a sentence of the work', section: 'abstract', index: 0 }], role: 'work' });

describe('draft measures (what a reader notices and ROUGE does not)', () => {
  it('counts a work as described only by a sentence citing at most two works, and only works with text', () => {
    const paragraphs: DraftParagraph[] = [
      {
        keys: ['roe', 'poe', 'doe', 'kim'],
        sentences: [
          { text: 'Prior work predicts tide tables \\cite{roe,poe,doe}.', keys: ['roe', 'poe', 'doe'], sources: [], role: 'topic', phrases: ['tide tables'] },
          work('roe', 'Roe \\cite{roe} predicted tide tables from buoy logs.'),
          { text: 'Roe and Kim \\cite{roe,kim} compared both.', keys: ['roe', 'kim'], sources: [{ text: 'x', section: 'abstract', index: 1 }], role: 'work' },
        ],
      },
    ];
    const m = measureDraft({ paragraphs }, WORKS, OWN);
    assert.equal(m.grounded, 3, 'kim has no text');
    assert.equal(m.described, 1, 'poe and doe are only listed in the topic sentence');
  });

  it('finds a topic phrase that fewer than two of the paragraph\'s works write, singular or plural', () => {
    const topic = (phrases: string[]): DraftParagraph => ({
      keys: ['roe', 'poe', 'doe'],
      sentences: [{ text: `Prior work studies ${phrases.join(' and ')}.`, keys: [], sources: [], role: 'topic', phrases }],
    });
    assert.equal(measureDraft({ paragraphs: [topic(['tide table'])] }, WORKS).unsharedTopics, 0, 'roe and poe write "tide tables"');
    assert.equal(measureDraft({ paragraphs: [topic(['buoy logs', 'sediment transport'])] }, WORKS).unsharedTopics, 1, 'only doe writes "sediment transport"');
    assert.equal(measureDraft({ paragraphs: [topic(['buoy logs', 'sediment transport'])] }, WORKS).topicSentences, 1);
  });

  it('allows one contrast per paragraph from the author\'s abstract and counts every other sentence of it', () => {
    const own = (text: string, source: string): DraftSentence => ({ text, keys: [], sources: [{ text: source, section: 'abstract', index: 0 }], role: 'contrast' });
    const paragraphs: DraftParagraph[] = [
      {
        keys: ['roe'],
        sentences: [
          { text: 'Harbour pilots still read tide tables by hand.', keys: [], sources: [{ text: 'Harbour pilots still read tide tables by hand.', section: 'abstract', index: 0 }], role: 'topic' },
          work('roe', 'Roe \\cite{roe} predicted tide tables.'),
          own('Unlike Roe \\cite{roe}, we forecast harbour tides from buoy logs with a small recurrent network.', 'We forecast harbour tides from buoy logs with a small recurrent network.'),
          own('In contrast, we forecast harbour tides from buoy logs with a small recurrent network.', 'We forecast harbour tides from buoy logs with a small recurrent network.'),
        ],
      },
    ];
    assert.equal(measureDraft({ paragraphs }, WORKS, OWN).ownOutsideContrast, 2, 'the framing sentence and the second contrast');
  });

  it('reports the most sentences one work has to itself', () => {
    const paragraphs: DraftParagraph[] = [{ keys: ['roe', 'poe'], sentences: [work('roe', 'A.'), work('roe', 'B.'), work('poe', 'C.'), work('roe', 'D.')] }];
    assert.equal(measureDraft({ paragraphs }, WORKS).maxSentencesOnOneWork, 3);
  });
});
