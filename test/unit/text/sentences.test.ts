import { strict as assert } from 'assert';
import { splitSentences, normalizePdfText } from '../../../src/core/text/sentences';

describe('splitSentences', () => {
  it('splits plain sentences on . ! ?', () => {
    assert.deepEqual(splitSentences('We propose a model. It works well! Does it scale? Yes.'), [
      'We propose a model.',
      'It works well!',
      'Does it scale?',
      'Yes.',
    ]);
  });

  it('keeps "et al." with author-year citations inside the sentence', () => {
    const text = 'Smith et al. (2019) propose a tagger. Jones et al. extend it to speech. We compare both.';
    assert.deepEqual(splitSentences(text), [
      'Smith et al. (2019) propose a tagger.',
      'Jones et al. extend it to speech.',
      'We compare both.',
    ]);
  });

  it('ends a sentence after "et al." when a sentence opener follows', () => {
    assert.deepEqual(splitSentences('This idea goes back to Smith et al. We revisit it.'), [
      'This idea goes back to Smith et al.',
      'We revisit it.',
    ]);
  });

  it('does not split on e.g., i.e., vs., Fig., Eq. and Sec.', () => {
    const text =
      'Models such as transformers, e.g. BERT, help. They differ, i.e. In Fig. 3 we show A vs. B as in Eq. (2) and Sec. 4. Then we stop.';
    assert.deepEqual(splitSentences(text), [
      'Models such as transformers, e.g. BERT, help.',
      'They differ, i.e. In Fig. 3 we show A vs. B as in Eq. (2) and Sec. 4.',
      'Then we stop.',
    ]);
  });

  it('keeps a journal reference run into an abstract in its sentence', () => {
    const text = 'The estimator of J. Chem. Phys. 98, 4410 (1993) drifts at low temperature. We correct it.';
    assert.deepEqual(splitSentences(text), ['The estimator of J. Chem. Phys. 98, 4410 (1993) drifts at low temperature.', 'We correct it.']);
    assert.deepEqual(splitSentences('Our reply concerns Phys. Rev. Lett. 98, 1 (2007). It is short.'), ['Our reply concerns Phys. Rev. Lett. 98, 1 (2007).', 'It is short.']);
  });

  it('keeps initials and decimals', () => {
    assert.deepEqual(splitSentences('J. R. Smith reports 3.5 points over 2.0 baselines. The gain is 1.5%.'), [
      'J. R. Smith reports 3.5 points over 2.0 baselines.',
      'The gain is 1.5%.',
    ]);
  });

  it('keeps citation spans and parenthesised text atomic', () => {
    const text =
      'Prior work [3-6] uses pivots (Smith et al., 2019; Lee and Park, 2020). Others (see e.g. Ref. 7. Also Ref. 8) differ. Done.';
    assert.deepEqual(splitSentences(text), [
      'Prior work [3-6] uses pivots (Smith et al., 2019; Lee and Park, 2020).',
      'Others (see e.g. Ref. 7. Also Ref. 8) differ.',
      'Done.',
    ]);
  });

  it('ends a sentence in brackets of its own where its bracket closes', () => {
    assert.deepEqual(splitSentences('Rhyme is sound. (The work by Quill builds on that by Roe.) We compare our graphs with theirs.'), [
      'Rhyme is sound.',
      '(The work by Quill builds on that by Roe.)',
      'We compare our graphs with theirs.',
    ]);
    // A bracket within a sentence stays in it.
    assert.deepEqual(splitSentences('A rhyme (see Fig. 2.) holds. (Not always.) Mostly.'), ['A rhyme (see Fig. 2.) holds.', '(Not always.)', 'Mostly.']);
  });

  it('makes each bulleted list item a sentence of its own, without its bullet', () => {
    assert.deepEqual(splitSentences('Our tool offers two benefits: • It never drops a rhyme. • It runs in linear time.'), [
      'Our tool offers two benefits:',
      'It never drops a rhyme.',
      'It runs in linear time.',
    ]);
  });

  it('splits sentences glued by a lost space, but not file names, versions or abbreviations', () => {
    assert.deepEqual(splitSentences('We compare two samplers.We find that the second mixes faster, e.g.Gibbs with config.yaml at v2.0.'), [
      'We compare two samplers.',
      'We find that the second mixes faster, e.g.Gibbs with config.yaml at v2.0.',
    ]);
  });

  it('keeps URLs but ends the sentence after a URL-final period', () => {
    assert.deepEqual(splitSentences('Code is at https://github.com/x/y.git. Data at www.example.org/a.b too. End.'), [
      'Code is at https://github.com/x/y.git.',
      'Data at www.example.org/a.b too.',
      'End.',
    ]);
  });

  it('handles PDF line breaks and hyphenation', () => {
    const pdf = 'We learn a repre-\nsentation of\nimages. A state-of-the-\nart model\nfollows.\n\nSection two starts here';
    assert.deepEqual(splitSentences(pdf), [
      'We learn a representation of images.',
      'A state-of-the-art model follows.',
      'Section two starts here',
    ]);
  });

  it('treats a lower-case continuation as the same sentence', () => {
    assert.deepEqual(splitSentences('The answer is approx. five. Next sentence.'), [
      'The answer is approx. five.',
      'Next sentence.',
    ]);
  });

  it('splits "no." lower-case but keeps "No. 5"', () => {
    assert.deepEqual(splitSentences('Volume No. 5 appeared. The answer is no. We move on.'), [
      'Volume No. 5 appeared.',
      'The answer is no.',
      'We move on.',
    ]);
  });

  it('keeps capital initials before a name in the sentence, and ends one before a sentence opener', () => {
    assert.deepEqual(splitSentences('This essay reads W.E.B. Du Bois on tides. It was printed in the U.S. The print run was small.'), [
      'This essay reads W.E.B. Du Bois on tides.',
      'It was printed in the U.S.',
      'The print run was small.',
    ]);
  });

  it('starts a sentence at a name written with a lower-case first letter', () => {
    assert.deepEqual(splitSentences('tideTeX is a package for tide tables (or charts). tideTeX sets them in two columns, e.g. tideTeX tables.'), [
      'tideTeX is a package for tide tables (or charts).',
      'tideTeX sets them in two columns, e.g. tideTeX tables.',
    ]);
  });

  it('keeps the questions of an enumerated list in one sentence', () => {
    assert.deepEqual(splitSentences('We ask two questions about tides: (1) when do they turn? (2) how high do they rise? Both are answered. Is it new? (2) Yes.'), [
      'We ask two questions about tides: (1) when do they turn? (2) how high do they rise?',
      'Both are answered.',
      'Is it new?',
      '(2) Yes.',
    ]);
  });

  it('returns nothing for empty input', () => {
    assert.deepEqual(splitSentences(''), []);
    assert.deepEqual(splitSentences('   \n  '), []);
  });
});

describe('normalizePdfText', () => {
  it('joins lines and keeps paragraph breaks', () => {
    assert.equal(normalizePdfText('a b\nc\n\n\nd'), 'a b c\n\nd');
  });
});
