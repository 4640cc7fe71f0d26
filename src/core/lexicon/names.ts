// Capitalised words the rules must tell apart: names that keep their capital inside a sentence ("Markov chain"), and
// the labels of a kind of piece that a title opens with ("ERRATUM: …"), which are not a system's name.
import type { PatternWords } from './word-list';

export const PROPER_NAME_OPENERS: PatternWords = {
  name: 'PROPER_NAME_OPENERS',
  purpose: 'Names that keep their capital inside a sentence ("Markov chain", "Monte Carlo", "English text"), besides any "-ian"/"-ean" adjective ("Bayesian"): rewrite/acronyms.ts PROPER_OPENER.',
  words: ['Markov', 'Monte', 'Gauss', 'Bayes', 'Euclid', 'Fourier', 'Newton', 'Boltzmann', 'Dirichlet', 'Poisson', 'Wasserstein', 'Kullback', 'Hebb', 'Turing', 'Hamilton', 'Lagrange', 'Laplace', 'Hilbert', 'Lipschitz', 'Kalman', 'Gibbs', 'Bernoulli', 'Hopfield', 'Shannon', 'English', 'German', 'French', 'Chinese', 'Japanese', 'Internet', 'Web'],
};

export const PIECE_LABELS: PatternWords = {
  name: 'PIECE_LABELS',
  purpose: 'Capitals-only words that label a kind of piece, not a system ("ERRATUM: …", "REVIEW: …", "TBA"): rewrite/system-name.ts PIECE_LABEL.',
  words: ['ERRAT(?:UM|A)', 'CORRIGENDUM', 'ADDENDUM', 'REVIEWS?', 'EDITORIAL', 'NOTES?', 'COMMENTS?', 'LETTERS?', 'ABSTRACTS?', 'PREFACE', 'FOREWORD', 'INTRODUCTION', 'APPENDIX', 'RESPONSE', 'REPLY', 'ANNOUNCEMENTS?', 'NEWS', 'CORRESPONDENCE', 'OBITUARY', 'QUERY', 'QUERIES', 'PROBLEMS?', 'SOLUTIONS?', 'ESSAY', 'SURVEY', 'TUTORIAL', 'KEYNOTE', 'PANEL', 'BOOK', 'BOOKS', 'CFP', 'PART', 'CHAPTER', 'VOLUME', 'TITLE', 'TBA', 'TBD', 'FAQ'],
};

export const ALWAYS_CAPITALIZED_WORDS: PatternWords = {
  name: 'ALWAYS_CAPITALIZED_WORDS',
  purpose: 'Languages, peoples, months and days besides LANGUAGES: capitalized in English whatever case a title is in ("hyphenate Welsh words", "the January floods"): drafting/keyphrases.ts ALWAYS_CAPITALIZED.',
  words: ['danish', 'norwegian', 'icelandic', 'polish', 'latin', 'persian', 'urdu', 'bengali', 'vietnamese', 'thai', 'indonesian', 'malay', 'swahili', 'mandarin', 'cantonese', 'tamil', 'punjabi', 'yoruba', 'igbo', 'hausa', 'zulu', 'amharic', 'tagalog', 'ukrainian', 'romanian', 'hungarian', 'welsh', 'irish', 'scottish', 'scots', 'breton', 'cornish', 'manx', 'basque', 'catalan', 'european', 'american', 'african', 'asian', 'australian', 'canadian', 'british', 'indian', 'january', 'february', 'april', 'june', 'july', 'august', 'september', 'october', 'november', 'december', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
};
