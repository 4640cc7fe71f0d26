// flow-openings: the flow rules that vary how consecutive sentences on works open, so that a paragraph does not read
// as a chain of "[k] proposed …": the third of a run opens "In [k], the authors …", and the second of two works that
// put forward the same kind of thing puts forward "another". flow.ts applies them with its other rules.
import { citeMarker } from '../rewrite/authors';
import { alternation, PUTTING_FORWARD_VERBS } from '../lexicon';
import { type CiteSyntax, type DraftSentence } from '../types';
import { type FlowRule, pastClause, subjectOf } from './flow-rule';

/**
 * Where a run of sentences opening "[k] verbed" reaches three, the third names the work as a place, and the next such
 * sentence names its authors: "In [2], the authors …" three times in a paragraph was itself a chain a blind reader
 * marked (CiteBench dev case 9).
 */
export const VARY_OPENINGS: FlowRule = {
  id: 'flow.vary-openings',
  summary: 'Never three sentences in a row open "[k] verbed …": the third reads "In [k], the authors verbed …", the next "The authors of [k] …".',
  apply(sentences, syntax) {
    let run = 0;
    let varied = 0;
    return sentences.map((s) => {
      const subject = subjectOf(s, syntax);
      const rest = subject ? s.text.slice(subject.length + 1) : '';
      if (!subject || !pastClause(rest)) {
        run = 0;
        return s;
      }
      run++;
      if (run < 3) return s;
      run = 0;
      return { ...s, text: varied++ % 2 === 0 ? `In ${subject}, the authors ${rest}` : `The authors of ${subject} ${rest}` };
    });
  },
  examples: [
    {
      input: ['\\cite{3} proposed a blind denoiser.', '\\cite{2} proposed a multiscale denoiser.', '\\cite{4} developed a sparse coding scheme.', '\\cite{7} took a low-rank approach.'],
      keys: [['3'], ['2'], ['4'], ['7']],
      output: [
        '\\cite{3} proposed a blind denoiser.',
        '\\cite{2} proposed a multiscale denoiser.',
        'In \\cite{4}, the authors developed a sparse coding scheme.',
        '\\cite{7} took a low-rank approach.',
      ],
    },
    {
      input: ['\\cite{3} proposed a blind denoiser.', '\\cite{2} proposed a multiscale denoiser.', '\\cite{4} developed a sparse coding scheme.',
        '\\cite{7} took a low-rank approach.', '\\cite{1} proposed a tide filter.', '\\cite{5} measured the noise.'],
      keys: [['3'], ['2'], ['4'], ['7'], ['1'], ['5']],
      output: [
        '\\cite{3} proposed a blind denoiser.',
        '\\cite{2} proposed a multiscale denoiser.',
        'In \\cite{4}, the authors developed a sparse coding scheme.',
        '\\cite{7} took a low-rank approach.',
        '\\cite{1} proposed a tide filter.',
        'The authors of \\cite{5} measured the noise.',
      ],
    },
  ],
};

/** Verbs that say a work put something forward: "[3] proposed a X … [8] presented a X" is one kind of act twice. */
const PUTTING_FORWARD = new RegExp(`^(?:${alternation(PUTTING_FORWARD_VERBS)})$`);

/** "[8] proposed a blind denoiser …", "In [8], the authors proposed …": where the object's words begin, and the verb. */
function putForward(s: DraftSentence, syntax: CiteSyntax): { at: number; verb: string; words: string[] } | undefined {
  if (s.role !== 'work' || s.keys.length !== 1 || syntax === 'citet') return undefined;
  const marker = citeMarker([s.keys[0]], syntax);
  const subject = [`${marker} `, `In ${marker}, the authors `, `The authors of ${marker} `].find((o) => s.text.startsWith(o));
  const found = subject && /^([a-z]+) (an?) /.exec(s.text.slice(subject.length));
  if (!subject || !found || !PUTTING_FORWARD.test(found[1])) return undefined;
  const at = subject.length + found[1].length + 1;
  return { at, verb: found[1], words: s.text.slice(at + found[2].length + 1).split(/\s+/) };
}

/** The content words two objects begin with alike ("approach", "low-level", "vision" in "… vision" and "… vision problems"). */
const SAME_KIND_MIN_WORDS = 2;

/**
 * The second of two works in a row that put forward the same kind of thing puts forward "another": a blind reader
 * marked "[4] presented an approach to low-level vision … In [1], the authors presented an approach to low-level
 * vision problems …" as said twice (CiteBench dev case 10). "… presented another approach to low-level vision
 * problems" says the second is one more of the kind.
 */
export const ANOTHER_OF_THE_KIND: FlowRule = {
  id: 'flow.another-of-the-kind',
  summary: 'The second of two works in a row that put forward the same kind of thing puts forward "another": "[8] proposed another tide model …".',
  apply(sentences, syntax) {
    return sentences.map((s, i) => {
      const previous = sentences[i - 1];
      const before = previous && putForward(previous, syntax);
      const here = before && putForward(s, syntax);
      if (!before || !here || previous.keys[0] === s.keys[0]) return s;
      let alike = 0;
      while (alike < here.words.length && alike < before.words.length && here.words[alike].toLowerCase() === before.words[alike].toLowerCase()) alike++;
      // Two words of content alike at least: "a method for tides" and "a method for gauges" share only "method" (and
      // "for"), which says nothing of a kind; "a new tide model" and "a new gauge" share only "new".
      const content = here.words.slice(0, alike).filter((w) => /^[\p{L}-]+$/u.test(w) && !/^(?:of|for|to|in|on|with|from|by|the|and|new|novel)$/i.test(w));
      if (content.length < SAME_KIND_MIN_WORDS) return s;
      return { ...s, text: `${s.text.slice(0, here.at)}another ${s.text.slice(here.at).replace(/^an? /, '')}` };
    });
  },
  examples: [
    {
      input: ['\\cite{4} presented an approach to harbour tides that combines gauges and satellites.', 'In \\cite{1}, the authors presented an approach to harbour tides problems that uses sonar.'],
      keys: [['4'], ['1']],
      output: [
        '\\cite{4} presented an approach to harbour tides that combines gauges and satellites.',
        'In \\cite{1}, the authors presented another approach to harbour tides problems that uses sonar.',
      ],
    },
    {
      input: ['\\cite{3} proposed a blind tide denoiser for gauges.', '\\cite{8} proposed a multiscale tide denoiser.'],
      keys: [['3'], ['8']],
      output: ['\\cite{3} proposed a blind tide denoiser for gauges.', '\\cite{8} proposed a multiscale tide denoiser.'],
    },
    {
      input: ['\\cite{3} proposed a method for tide forecasting.', '\\cite{8} proposed a method for gauge calibration.'],
      keys: [['3'], ['8']],
      output: ['\\cite{3} proposed a method for tide forecasting.', '\\cite{8} proposed a method for gauge calibration.'],
    },
  ],
};
