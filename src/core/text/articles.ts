// The indefinite article an English word takes.

/** "a" or "an" before the given text ("an encoder", "a unified model", "an RNN"). */
export function indefiniteArticle(next: string, capital = false): string {
  // Initialisms read letter by letter: "an RNN", "an LSTM", "a CNN".
  const initialism = /^[A-Z]{2,}\b/.test(next);
  const vowel = initialism
    ? /^[AEFHILMNORSX]/.test(next)
    : /^(?:[aeio]|u(?![nr]i|s[eu])|honest|hour)/i.test(next) && !/^(?:one|eu)/i.test(next);
  return (capital ? 'A' : 'a') + (vowel ? 'n' : '');
}
