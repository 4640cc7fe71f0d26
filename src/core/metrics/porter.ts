// Porter stemmer, ported by hand from NLTK's nltk/stem/porter.py in its default NLTK_EXTENSIONS mode, because that
// is what rouge-score 0.1.2 calls with use_stemmer=True. The npm "stemmers" (porter-stemmer, natural's PorterStemmer,
// snowball) implement the original or Martin Porter's variant and give different stems for words such as 'dying',
// 'flies', 'generously' or 'archaeology', which would move ROUGE scores away from the published numbers.
// Step and helper names follow the NLTK source (Apache License 2.0) so the two can be read side by side.

const IRREGULAR_FORMS: Record<string, string[]> = {
  sky: ['sky', 'skies'],
  die: ['dying'],
  lie: ['lying'],
  tie: ['tying'],
  news: ['news'],
  inning: ['innings', 'inning'],
  outing: ['outings', 'outing'],
  canning: ['cannings', 'canning'],
  howe: ['howe'],
  proceed: ['proceed'],
  exceed: ['exceed'],
  succeed: ['succeed'],
};

const POOL = new Map<string, string>();
for (const [stem, forms] of Object.entries(IRREGULAR_FORMS)) for (const form of forms) POOL.set(form, stem);

function isVowelLetter(ch: string): boolean {
  return ch === 'a' || ch === 'e' || ch === 'i' || ch === 'o' || ch === 'u';
}

function isConsonant(word: string, i: number): boolean {
  const ch = word[i];
  if (isVowelLetter(ch)) return false;
  if (ch === 'y') return i === 0 ? true : !isConsonant(word, i - 1);
  return true;
}

/** Porter's m: the number of VC sequences in [C](VC){m}[V]. */
function measure(stem: string): number {
  let m = 0;
  let prevVowel = false;
  for (let i = 0; i < stem.length; i++) {
    const consonant = isConsonant(stem, i);
    if (consonant && prevVowel) m++;
    prevVowel = !consonant;
  }
  return m;
}

const hasPositiveMeasure = (stem: string): boolean => measure(stem) > 0;
const measureGreaterThanOne = (stem: string): boolean => measure(stem) > 1;

function containsVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i++) if (!isConsonant(stem, i)) return true;
  return false;
}

/** Condition *d: ends with a double consonant. */
function endsDoubleConsonant(word: string): boolean {
  const n = word.length;
  return n >= 2 && word[n - 1] === word[n - 2] && isConsonant(word, n - 1);
}

/** Condition *o: ends consonant-vowel-consonant (last not w, x, y); NLTK also accepts a two-letter vowel-consonant word. */
function endsCvc(word: string): boolean {
  const n = word.length;
  if (
    n >= 3 &&
    isConsonant(word, n - 3) &&
    !isConsonant(word, n - 2) &&
    isConsonant(word, n - 1) &&
    word[n - 1] !== 'w' &&
    word[n - 1] !== 'x' &&
    word[n - 1] !== 'y'
  ) {
    return true;
  }
  return n === 2 && !isConsonant(word, 0) && isConsonant(word, 1);
}

type Condition = ((stem: string) => boolean) | null;
/** [suffix, replacement, condition]; suffix '*d' means "any double consonant". */
type Rule = readonly [string, string, Condition];

/** NLTK's _apply_rule_list: the first rule whose suffix matches decides, whether or not its condition holds. */
function applyRuleList(word: string, rules: readonly Rule[]): string {
  for (const [suffix, replacement, condition] of rules) {
    if (suffix === '*d' && endsDoubleConsonant(word)) {
      const stem = word.slice(0, -2);
      return condition === null || condition(stem) ? stem + replacement : word;
    }
    if (word.endsWith(suffix)) {
      const stem = suffix === '' ? word : word.slice(0, -suffix.length);
      return condition === null || condition(stem) ? stem + replacement : word;
    }
  }
  return word;
}

const STEP1A_RULES: readonly Rule[] = [
  ['sses', 'ss', null],
  ['ies', 'i', null],
  ['ss', 'ss', null],
  ['s', '', null],
];

function step1a(word: string): string {
  // NLTK extension: 'flies' → 'fli' but 'dies' → 'die'.
  if (word.endsWith('ies') && word.length === 4) return word.slice(0, -3) + 'ie';
  return applyRuleList(word, STEP1A_RULES);
}

function step1b(word: string): string {
  // NLTK extension: 'spied' → 'spi' but 'died' → 'die'.
  if (word.endsWith('ied')) return word.slice(0, -3) + (word.length === 4 ? 'ie' : 'i');

  if (word.endsWith('eed')) {
    const stem = word.slice(0, -3);
    return measure(stem) > 0 ? stem + 'ee' : word;
  }

  let intermediate: string | undefined;
  for (const suffix of ['ed', 'ing']) {
    if (word.endsWith(suffix)) {
      const candidate = word.slice(0, -suffix.length);
      if (containsVowel(candidate)) {
        intermediate = candidate;
        break;
      }
    }
  }
  if (intermediate === undefined) return word;

  const last = intermediate[intermediate.length - 1];
  return applyRuleList(intermediate, [
    ['at', 'ate', null],
    ['bl', 'ble', null],
    ['iz', 'ize', null],
    ['*d', last, () => last !== 'l' && last !== 's' && last !== 'z'],
    ['', 'e', (stem) => measure(stem) === 1 && endsCvc(stem)],
  ]);
}

function step1c(word: string): string {
  // NLTK extension: y → i only after a consonant, and not when that consonant is the whole stem ('sky' stays).
  return applyRuleList(word, [['y', 'i', (stem) => stem.length > 1 && isConsonant(stem, stem.length - 1)]]);
}

const STEP2_RULES: readonly Rule[] = [
  ['ational', 'ate', hasPositiveMeasure],
  ['tional', 'tion', hasPositiveMeasure],
  ['enci', 'ence', hasPositiveMeasure],
  ['anci', 'ance', hasPositiveMeasure],
  ['izer', 'ize', hasPositiveMeasure],
  ['bli', 'ble', hasPositiveMeasure],
  ['alli', 'al', hasPositiveMeasure],
  ['entli', 'ent', hasPositiveMeasure],
  ['eli', 'e', hasPositiveMeasure],
  ['ousli', 'ous', hasPositiveMeasure],
  ['ization', 'ize', hasPositiveMeasure],
  ['ation', 'ate', hasPositiveMeasure],
  ['ator', 'ate', hasPositiveMeasure],
  ['alism', 'al', hasPositiveMeasure],
  ['iveness', 'ive', hasPositiveMeasure],
  ['fulness', 'ful', hasPositiveMeasure],
  ['ousness', 'ous', hasPositiveMeasure],
  ['aliti', 'al', hasPositiveMeasure],
  ['iviti', 'ive', hasPositiveMeasure],
  ['biliti', 'ble', hasPositiveMeasure],
  ['fulli', 'ful', hasPositiveMeasure],
];

function step2(word: string): string {
  // NLTK extension: ALLI → AL is tried first and the result goes through step 2 again.
  if (word.endsWith('alli') && hasPositiveMeasure(word.slice(0, -4))) return step2(word.slice(0, -4) + 'al');
  // The 'logi' rule keeps the 'l' with the stem ('geology' → 'geolog'), so its condition looks at word[:-3].
  return applyRuleList(word, [...STEP2_RULES, ['logi', 'log', () => hasPositiveMeasure(word.slice(0, -3))]]);
}

const STEP3_RULES: readonly Rule[] = [
  ['icate', 'ic', hasPositiveMeasure],
  ['ative', '', hasPositiveMeasure],
  ['alize', 'al', hasPositiveMeasure],
  ['iciti', 'ic', hasPositiveMeasure],
  ['ical', 'ic', hasPositiveMeasure],
  ['ful', '', hasPositiveMeasure],
  ['ness', '', hasPositiveMeasure],
];

const STEP4_RULES: readonly Rule[] = [
  ['al', '', measureGreaterThanOne],
  ['ance', '', measureGreaterThanOne],
  ['ence', '', measureGreaterThanOne],
  ['er', '', measureGreaterThanOne],
  ['ic', '', measureGreaterThanOne],
  ['able', '', measureGreaterThanOne],
  ['ible', '', measureGreaterThanOne],
  ['ant', '', measureGreaterThanOne],
  ['ement', '', measureGreaterThanOne],
  ['ment', '', measureGreaterThanOne],
  ['ent', '', measureGreaterThanOne],
  ['ion', '', (stem) => measure(stem) > 1 && (stem.endsWith('s') || stem.endsWith('t'))],
  ['ou', '', measureGreaterThanOne],
  ['ism', '', measureGreaterThanOne],
  ['ate', '', measureGreaterThanOne],
  ['iti', '', measureGreaterThanOne],
  ['ous', '', measureGreaterThanOne],
  ['ive', '', measureGreaterThanOne],
  ['ize', '', measureGreaterThanOne],
];

function step5a(word: string): string {
  // Both E rules are tried (unlike _apply_rule_list), as in NLTK.
  if (word.endsWith('e')) {
    const stem = word.slice(0, -1);
    const m = measure(stem);
    if (m > 1) return stem;
    if (m === 1 && !endsCvc(stem)) return stem;
  }
  return word;
}

function step5b(word: string): string {
  return applyRuleList(word, [['ll', 'l', () => measure(word.slice(0, -1)) > 1]]);
}

/** NLTK PorterStemmer().stem(word) in NLTK_EXTENSIONS mode (lower-cases first, as NLTK does by default). */
export function porterStem(word: string): string {
  const lower = word.toLowerCase();
  // NLTK looks the original word up in the irregular-forms pool.
  const irregular = POOL.get(word);
  if (irregular !== undefined) return irregular;
  if (word.length <= 2) return lower;
  let stem = step1a(lower);
  stem = step1b(stem);
  stem = step1c(stem);
  stem = step2(stem);
  stem = applyRuleList(stem, STEP3_RULES);
  stem = applyRuleList(stem, STEP4_RULES);
  stem = step5a(stem);
  stem = step5b(stem);
  return stem;
}
