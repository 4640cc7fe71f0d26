// Words that tell where a noun phrase goes on or stops, for the rules that quote a phrase from the sentence before
// ("such problems" → "problems in image processing and graphics").
import type { WordList } from './word-list';

const SOLUTION = 'Doe and Roe \\cite{doe2020} proposed a general solution to';

export const NOUN_PHRASE_PREPOSITIONS: WordList = {
  name: 'NOUN_PHRASE_PREPOSITIONS',
  purpose: 'Prepositions that carry a noun phrase on into what it is about ("problems in image processing"), so that a pointer ("such problems") takes the whole phrase.',
  words: ['in', 'of', 'on', 'between', 'among', 'across'],
  probes: [{
    examples: [
      { previous: 'Many problems in image processing and graphics can be posed as graph cuts.', input: 'We propose a general solution to such problems.', output: `${SOLUTION} problems in image processing and graphics.` },
      { previous: 'Many problems of image segmentation can be posed as graph cuts.', input: 'We propose a general solution to such problems.', output: `${SOLUTION} problems of image segmentation.` },
      { previous: 'Many problems on large graphs can be posed as network flows.', input: 'We propose a general solution to such problems.', output: `${SOLUTION} problems on large graphs.` },
      { previous: 'Many dependencies between words span long distances.', input: 'We propose a general solution to such dependencies.', output: `${SOLUTION} dependencies between words.` },
      { previous: 'Disagreements among annotators are common in sentiment data.', input: 'We propose a general solution to such disagreements.', output: `${SOLUTION} disagreements among annotators.` },
      { previous: 'Differences across languages make transfer hard.', input: 'We propose a general solution to such differences.', output: `${SOLUTION} differences across languages.` },
    ],
  }],
};
