// read: each sentence of the source read in the authors' voice, once, before it is compressed: whatever names the
// authors otherwise becomes "we", so that every later rule has one form to rewrite. The source a citation links back
// to keeps the original words.
import { authorsAsWe, firstPersonPlural, impersonalFindingAsWe, statedAim, workPronounAsWe } from '../authors-voice';
import { withoutInlineEnumerators } from '../discourse';
import { changedBy, changedText, type TableRule } from '../rule';

export const READ_RULES: readonly TableRule[] = [
  {
    id: 'read.inline-enumerators',
    stage: 'read',
    summary: 'Enumerators of a list inside the sentence ("(i) … (ii) …") point to a layout a citation does not have.',
    match: changedBy(withoutInlineEnumerators),
    apply: changedText,
    examples: [],
  },
  {
    id: 'read.work-pronoun',
    stage: 'read',
    summary: '"It argues that …" after "This article traces X." is the work, read as its authors\' "we".',
    match: (s, ctx) => {
      const out = workPronounAsWe(s, ctx.previous);
      return out !== s && out;
    },
    apply: changedText,
    examples: [],
  },
  {
    id: 'read.first-person-singular',
    stage: 'read',
    summary: 'A single author\'s "I"/"my"/"me" as "we"/"our"/"us" (not the numeral of "Type I error").',
    match: changedBy(firstPersonPlural),
    apply: changedText,
    examples: [],
  },
  {
    id: 'read.authors-named',
    stage: 'read',
    summary: '"The author discusses X", "The authors describe X" (catalogue abstracts) → "We discuss X".',
    match: changedBy(authorsAsWe),
    apply: changedText,
    examples: [],
  },
  {
    id: 'read.stated-aim',
    stage: 'read',
    summary: '"The purpose of this study was to investigate X", "Objective: To measure X" → "We aim to …".',
    match: changedBy(statedAim),
    apply: changedText,
    examples: [],
  },
  {
    id: 'read.impersonal-finding',
    stage: 'read',
    summary: '"It was found that X" → "We found that X" ("It has been shown" stays: that is others\' finding).',
    match: changedBy(impersonalFindingAsWe),
    apply: changedText,
    examples: [],
  },
];
