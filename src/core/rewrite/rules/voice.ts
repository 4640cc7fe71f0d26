// voice: the authors made the subject of their own act, so that the subject stage can name them.
import { activeCoordinatedPassive, activeSelfDescription } from '../self-description';
import { withImpliedSubject } from '../sentence';
import { changedBy, changedText, type TableRule } from '../rule';

export const VOICE_RULES: readonly TableRule[] = [
  {
    id: 'voice.implied-subject',
    stage: 'voice',
    summary: 'A catalogue\'s sentence without its subject ("Discusses the role of X") gets the work as its subject ("This paper discusses …").',
    match: changedBy(withImpliedSubject),
    apply: changedText,
    examples: [
      { input: 'Discusses the role of apprentices in early printing houses.', output: 'Doe and Roe \\cite{doe2020} discussed the role of apprentices in early printing houses.' },
    ],
  },
  {
    id: 'voice.active-self-description',
    stage: 'voice',
    summary: 'The passive in which a work describes itself ("A new parser is proposed") turned active ("We propose a new parser").',
    match: (s) => activeSelfDescription(s),
    apply: changedText,
    examples: [
      { input: 'A parser for noisy text is proposed.', output: 'Doe and Roe \\cite{doe2020} proposed a parser for noisy text.' },
      {
        input: 'The concept of a robust tide function is introduced, and it is shown that every harbour of the coast can be moored safely.',
        output: 'Doe and Roe \\cite{doe2020} introduced the concept of a robust tide function, and showed that every harbour of the coast can be moored safely.',
      },
    ],
  },
  {
    id: 'voice.active-coordinated-passive',
    stage: 'voice',
    summary: 'A passive joined to the authors\' act ("We propose X, and Y is evaluated") takes the same subject ("and evaluate Y").',
    match: changedBy(activeCoordinatedPassive),
    apply: changedText,
    examples: [
      {
        input: 'We propose a parser for noisy text, and its accuracy is evaluated on tweets.',
        output: 'Doe and Roe \\cite{doe2020} proposed a parser for noisy text, and evaluated its accuracy on tweets.',
      },
    ],
  },
];
