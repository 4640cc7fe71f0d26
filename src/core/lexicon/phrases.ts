// Words that tell where a noun phrase goes on or stops, for the rules that quote a phrase from the sentence before
// ("such problems" → "problems in image processing and graphics"), and the phrases that make a citation someone
// else's ("unlike \cite{x}").
import type { PatternWords, WordList } from './word-list';

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

export const TRAILING_CLAUSE_OPENERS: WordList = {
  name: 'TRAILING_CLAUSE_OPENERS',
  purpose: 'Words that open a trailing modifier clause after a comma (", which …", ", thereby …", ", such as …"): where compress offers a version that ends before it.',
  words: ['which', 'where', 'whereby', 'while', 'whereas', 'thereby', 'thus', 'and thus', 'leading to', 'resulting in', 'allowing', 'enabling', 'making', 'yielding', 'achieving', 'outperforming', 'improving', 'providing', 'demonstrating', 'showing', 'including', 'such as', 'as well as', 'especially', 'particularly'],
  probes: [{
    compress: 'compress.trailing-clause',
    examples: [
      { input: 'We train a small parser for noisy text on a million tweets, which the tagger on every test set.', output: 'We train a small parser for noisy text on a million tweets.' },
      { input: 'We train a small parser for noisy text on a million tweets, where the tagger on every test set.', output: 'We train a small parser for noisy text on a million tweets.' },
      { input: 'We train a small parser for noisy text on a million tweets, whereby the tagger on every test set.', output: 'We train a small parser for noisy text on a million tweets.' },
      { input: 'We train a small parser for noisy text on a million tweets, while the tagger on every test set.', output: 'We train a small parser for noisy text on a million tweets.' },
      { input: 'We train a small parser for noisy text on a million tweets, whereas the tagger on every test set.', output: 'We train a small parser for noisy text on a million tweets.' },
      { input: 'We train a small parser for noisy text on a million tweets, thereby the tagger on every test set.', output: 'We train a small parser for noisy text on a million tweets.' },
      { input: 'We train a small parser for noisy text on a million tweets, thus the tagger on every test set.', output: 'We train a small parser for noisy text on a million tweets.' },
      { input: 'We train a small parser for noisy text on a million tweets, and thus the tagger on every test set.', output: 'We train a small parser for noisy text on a million tweets.' },
      { input: 'We train a small parser for noisy text on a million tweets, leading to the tagger on every test set.', output: 'We train a small parser for noisy text on a million tweets.' },
      { input: 'We train a small parser for noisy text on a million tweets, resulting in the tagger on every test set.', output: 'We train a small parser for noisy text on a million tweets.' },
      { input: 'We train a small parser for noisy text on a million tweets, allowing the tagger on every test set.', output: 'We train a small parser for noisy text on a million tweets.' },
      { input: 'We train a small parser for noisy text on a million tweets, enabling the tagger on every test set.', output: 'We train a small parser for noisy text on a million tweets.' },
      { input: 'We train a small parser for noisy text on a million tweets, making the tagger on every test set.', output: 'We train a small parser for noisy text on a million tweets.' },
      { input: 'We train a small parser for noisy text on a million tweets, yielding the tagger on every test set.', output: 'We train a small parser for noisy text on a million tweets.' },
      { input: 'We train a small parser for noisy text on a million tweets, achieving the tagger on every test set.', output: 'We train a small parser for noisy text on a million tweets.' },
      { input: 'We train a small parser for noisy text on a million tweets, outperforming the tagger on every test set.', output: 'We train a small parser for noisy text on a million tweets.' },
      { input: 'We train a small parser for noisy text on a million tweets, improving the tagger on every test set.', output: 'We train a small parser for noisy text on a million tweets.' },
      { input: 'We train a small parser for noisy text on a million tweets, providing the tagger on every test set.', output: 'We train a small parser for noisy text on a million tweets.' },
      { input: 'We train a small parser for noisy text on a million tweets, demonstrating the tagger on every test set.', output: 'We train a small parser for noisy text on a million tweets.' },
      { input: 'We train a small parser for noisy text on a million tweets, showing the tagger on every test set.', output: 'We train a small parser for noisy text on a million tweets.' },
      { input: 'We train a small parser for noisy text on a million tweets, including the tagger on every test set.', output: 'We train a small parser for noisy text on a million tweets.' },
      { input: 'We train a small parser for noisy text on a million tweets, such as the tagger on every test set.', output: 'We train a small parser for noisy text on a million tweets.' },
      { input: 'We train a small parser for noisy text on a million tweets, as well as the tagger on every test set.', output: 'We train a small parser for noisy text on a million tweets.' },
      { input: 'We train a small parser for noisy text on a million tweets, especially the tagger on every test set.', output: 'We train a small parser for noisy text on a million tweets.' },
      { input: 'We train a small parser for noisy text on a million tweets, particularly the tagger on every test set.', output: 'We train a small parser for noisy text on a million tweets.' },
    ],
  }],
};

export const REFERRING_PHRASES: PatternWords = {
  name: 'REFERRING_PHRASES',
  purpose: 'Words that make a citation the work of someone else ("unlike \\cite{x}", "as proposed by \\cite{x}", "faster than \\cite{x}"): neural/output-check.ts drops the clause they open with an invented citation.',
  words: ['unlike', 'like', 'as in', 'as', 'following', 'similar to', 'similarly to', 'compared (?:with|to)', 'in contrast to', 'contrary to', 'in line with', 'building on', 'extending', 'cf\\.', 'e\\.g\\.,?', 'see', 'as shown by', 'as reported by', 'as proposed by', 'as done by', 'than', 'over', 'versus', 'vs\\.', 'outperforming', 'improving (?:on|over)', 'beyond'],
};
