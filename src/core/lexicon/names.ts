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
