// read: each sentence of the source read in the authors' voice, once, before it is compressed: whatever names the
// authors otherwise becomes "we", so that every later rule has one form to rewrite. The source a citation links back
// to keeps the original words.
import { authorsAsWe, firstPersonPlural, impersonalFindingAsWe, statedAim, workPronounAsWe } from '../authors-voice';
import { withoutInlineEnumerators } from '../discourse';
import { editorsNoteAsContents, withoutPointingEnabler } from '../antecedents';
import { changedBy, changedText, changedWith, type TableRule } from '../rule';

export const READ_RULES: readonly TableRule[] = [
  {
    id: 'read.inline-enumerators',
    stage: 'read',
    summary: 'Enumerators of a list inside the sentence ("(i) … (ii) …") point to a layout a citation does not have.',
    match: changedBy(withoutInlineEnumerators),
    apply: changedText,
    examples: [
      { input: 'We (i) collect a corpus of tweets and (ii) train a tagger on it.', output: 'Doe and Roe \\cite{doe2020} collected a corpus of tweets and trained a tagger on it.' },
    ],
  },
  {
    id: 'read.pointing-enabler',
    stage: 'read',
    summary: '"The availability of this material has enabled us to develop X" → "We develop X": the means points at a sentence not quoted.',
    match: changedBy(withoutPointingEnabler),
    apply: changedText,
    examples: [
      {
        input: 'The availability of this tide gauge archive has enabled us to develop forecasts that hold for a week.',
        output: 'Doe and Roe \\cite{doe2020} developed forecasts that hold for a week.',
      },
    ],
  },
  {
    id: 'read.editors-note',
    stage: 'read',
    summary: 'An editor\'s note on a volume says what the volume addresses ("… the issues in X that are addressed in this volume" → "This volume addresses the issues in X").',
    match: changedBy(editorsNoteAsContents),
    apply: changedText,
    examples: [
      {
        input: 'The editor of this volume, who also wrote three of its chapters, has provided an introduction that links the debates on tidal power that are addressed in this volume.',
        output: 'Doe and Roe \\cite{doe2020} addressed the debates on tidal power.',
      },
    ],
  },
  {
    id: 'read.work-pronoun',
    stage: 'read',
    summary: '"It argues that …" after "This article traces X." is the work, read as its authors\' "we".',
    match: changedWith((s, ctx) => workPronounAsWe(s, ctx.previous)),
    apply: changedText,
    examples: [
      {
        previous: 'This article traces the history of parish relief in rural Wales.',
        input: 'Drawing on parish records, it argues that relief stayed local until 1834.',
        output: 'Drawing on parish records, Doe and Roe \\cite{doe2020} argued that relief stayed local until 1834.',
      },
    ],
  },
  {
    id: 'read.first-person-singular',
    stage: 'read',
    summary: 'A single author\'s "I"/"my"/"me" as "we"/"our"/"us" (not the numeral of "Type I error").',
    match: changedBy(firstPersonPlural),
    apply: changedText,
    examples: [
      { input: 'I argue that the archive was never neutral.', output: 'Doe and Roe \\cite{doe2020} argued that the archive was never neutral.' },
    ],
  },
  {
    id: 'read.authors-named',
    stage: 'read',
    summary: '"The author discusses X", "The authors describe X" (catalogue abstracts) → "We discuss X".',
    match: changedBy(authorsAsWe),
    apply: changedText,
    examples: [
      { input: 'The author discusses the role of apprentices in early printing houses.', output: 'Doe and Roe \\cite{doe2020} discussed the role of apprentices in early printing houses.' },
    ],
  },
  {
    id: 'read.stated-aim',
    stage: 'read',
    summary: '"The purpose of this study was to investigate X", "Objective: To measure X" → "We aim to …".',
    match: changedBy(statedAim),
    apply: changedText,
    examples: [
      { input: 'The purpose of this study was to measure jetty erosion over a decade.', output: 'Doe and Roe \\cite{doe2020} aimed to measure jetty erosion over a decade.' },
    ],
  },
  {
    id: 'read.impersonal-finding',
    stage: 'read',
    summary: '"It was found that X" → "We found that X" ("It has been shown" stays: that is others\' finding).',
    match: changedBy(impersonalFindingAsWe),
    apply: changedText,
    examples: [
      { input: 'It is shown that the method converges for every convex loss.', output: 'Doe and Roe \\cite{doe2020} showed that the method converges for every convex loss.' },
    ],
  },
];
