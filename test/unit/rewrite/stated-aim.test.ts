import { strict as assert } from 'assert';
import { statedAim } from '../../../src/core/rewrite';
import { citeAlone } from '../../support/engine-records';

describe('abstracts that state their aim ("The purpose of this study was to …")', () => {
  it('cites the aim of a social-science abstract, not its background or a result', async () => {
    const record = {
      key: 'mensah2019',
      type: 'article',
      title: 'Library Visits and Reading for Pleasure Among Rural Teenagers',
      authors: [{ family: 'Mensah', given: 'Abena' }, { family: 'Lindqvist', given: 'Oskar' }],
      abstract:
        'Reading for pleasure among rural teenagers declines sharply in adolescence, and rural library visits are rare. ' +
        'The purpose of this study was to examine how the distance to the nearest public library relates to these habits. ' +
        'A survey of 1,240 pupils in 31 schools was linked to library locations. ' +
        'Pupils living within five kilometres of a library read for pleasure twice as often as those living further away.',
    };
    const s = await citeAlone(record);
    assert.match(s.text, /Mensah and Lindqvist \\cite\{mensah2019\} aimed to examine how the distance to the nearest public library relates to these habits\.$/);
    assert.equal(s.spans.at(-1)?.source?.index, 1);
    const tldr = await citeAlone(record, 'tldr');
    assert.match(tldr.text, /^This paper aims to examine how the distance/);
  });

  it('leaves the choice to the scorer where another sentence says what the work does', async () => {
    const record = {
      key: 'ferrand21',
      type: 'inproceedings',
      title: 'Entropy Pruning of Attention Heads',
      authors: [{ family: 'Ferrand', given: 'Lucie' }],
      abstract:
        'The goal of this paper is to make sequence models cheaper to run. ' +
        'We propose a pruning rule that removes attention heads by the entropy of their weights on held-out text. ' +
        'Pruned models keep 98% of their accuracy at half the cost.',
    };
    const s = await citeAlone(record);
    assert.match(s.text, /proposed a pruning rule that removes attention heads/);
  });

  it('reads the usual forms of the statement as the authors speaking', () => {
    assert.equal(statedAim('The aim of the present study was to map rural libraries.'), 'We aim to map rural libraries.');
    assert.equal(statedAim('Therefore, the main objective of our work is to map rural libraries.'), 'Therefore, we aim to map rural libraries.');
    assert.equal(statedAim('Our aim in this paper is to map rural libraries.'), 'We aim to map rural libraries.');
    assert.equal(statedAim('Our goal is to map rural libraries.'), 'We aim to map rural libraries.');
    for (const unchanged of ['The aim is to map rural libraries.', 'The purpose of this paper is twofold.', 'The goal of the survey was to map libraries.']) {
      assert.equal(statedAim(unchanged), unchanged);
    }
  });
});
