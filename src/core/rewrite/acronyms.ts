// Acronyms an abstract defines ("convolutional neural networks (CNNs)") written out where a quoted sentence uses them
// alone, since the reader never saw the definition.
import { indefiniteArticle } from '../text/articles';


/** Nouns whose final "s" is not a plural. */
const NOT_PLURAL = /(?:ss|us|is|ous|ics|series|species|news|bayes|means|lens)$/i;
/** The singular of a long form's head noun: "deep neural networks" → "deep neural network". */
function singularLongForm(phrase: string): string {
  return phrase.replace(/([\p{L}-]+)$/u, (w) => {
    if (NOT_PLURAL.test(w) || !/\p{Ll}s$/u.test(w)) return w;
    if (/ies$/.test(w)) return w.slice(0, -3) + 'y';
    if (/(?:ss|sh|ch|x)es$/.test(w)) return w.slice(0, -2);
    return w.slice(0, -1);
  });
}
/** Names that keep their capital inside a sentence ("Bayesian optimization", "Markov chain"). */
export const PROPER_OPENER = /^(?:\p{Lu}\p{Ll}*(?:ian|ean)|Markov|Monte|Gauss|Bayes|Euclid|Fourier|Newton|Boltzmann|Dirichlet|Poisson|Wasserstein|Kullback|Hebb|Turing|Hamilton|Lagrange|Laplace|Hilbert|Lipschitz|Kalman|Gibbs|Bernoulli|Hopfield|Shannon|English|German|French|Chinese|Japanese|Internet|Web)\b/u;

export interface AcronymLongForm {
  /** For a singular use ("a DNN", "the DNN's layers"). */
  singular: string;
  /** For the acronym with an "s" ("DNNs"), when the definition gave the plural. */
  plural?: string;
}

/**
 * Acronym → long forms, from definitions such as "mixed precision training (MPT)" anywhere in the document. A long
 * form that opened its sentence loses the capital it had only for that reason ("Stochastic gradient descent (SGD)
 * is …" → "stochastic gradient descent").
 */
export function acronymDefinitions(sentences: readonly string[]): Map<string, AcronymLongForm> {
  const defs = new Map<string, AcronymLongForm>();
  const re = /((?:[\p{L}][\p{L}\d'-]*\s+){1,7})\(([\p{Lu}][\p{L}\d-]*[\p{Lu}][\p{L}\d-]*?)s?\)/gu;
  for (const s of sentences) {
    for (let m = re.exec(s); m; m = re.exec(s)) {
      const acronym = m[2];
      const letters = acronym.replace(/[^\p{Lu}]/gu, '').toLowerCase();
      const words = m[1].trim().split(/\s+/);
      // Walk back from the parenthesis until the initials of the words spell the acronym's capitals.
      for (let k = 1; k <= words.length; k++) {
        const phrase = words.slice(words.length - k);
        const initials = phrase
          .flatMap((w) => w.split('-'))
          .map((w) => w[0]?.toLowerCase() ?? '')
          .join('');
        if (initials === letters || phrase.map((w) => w[0]?.toLowerCase()).join('') === letters) {
          if (!defs.has(acronym)) {
            let long = phrase.join(' ');
            const opensSentence = !`${s.slice(0, m.index)} ${words.slice(0, words.length - k).join(' ')}`.replace(/[\s"“'(]/g, '');
            const restLower = phrase.slice(1).every((w) => !/\p{Lu}/u.test(w));
            if (opensSentence && restLower && /^\p{Lu}\p{Ll}/u.test(long) && !PROPER_OPENER.test(long)) long = long[0].toLowerCase() + long.slice(1);
            const singular = singularLongForm(long);
            // Only a plural definition gives a plural ("LSTMs" stays: "Long Short-Term Memories" would be wrong).
            defs.set(acronym, { singular, plural: singular === long ? undefined : long });
          }
          break;
        }
      }
    }
  }
  return defs;
}

/** Spell out acronyms the sentence uses but does not define, so the sentence stands on its own. */
export function expandAcronyms(sentence: string, defs: ReadonlyMap<string, AcronymLongForm>): string {
  let s = sentence;
  for (const [acronym, long] of defs) {
    if (s.includes(`(${acronym})`) || s.toLowerCase().includes(long.singular.toLowerCase())) continue;
    const esc = acronym.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    let first = true;
    // The first use is spelled out: "a DNN" → "a deep neural network", "DNNs" → "deep neural networks"; the
    // article before it follows the long form ("an RNN" → "a recurrent neural network").
    s = s.replace(new RegExp(`(?:\\b([Aa]n?)\\s+)?(?<![\\w-])${esc}(s?)(?![\\w-])`, 'g'), (m, article: string | undefined, plural: string) => {
      const text = plural ? long.plural : long.singular;
      if (!first || !text) return m;
      first = false;
      return article ? `${indefiniteArticle(text, article[0] === 'A')} ${text}` : text;
    });
  }
  return s;
}
