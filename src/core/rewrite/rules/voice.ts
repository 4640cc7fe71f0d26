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
    examples: [],
  },
  {
    id: 'voice.active-self-description',
    stage: 'voice',
    summary: 'The passive in which a work describes itself ("A new parser is proposed") turned active ("We propose a new parser").',
    match: (s) => activeSelfDescription(s),
    apply: changedText,
    examples: [],
  },
  {
    id: 'voice.active-coordinated-passive',
    stage: 'voice',
    summary: 'A passive joined to the authors\' act ("We propose X, and Y is evaluated") takes the same subject ("and evaluate Y").',
    match: changedBy(activeCoordinatedPassive),
    apply: changedText,
    examples: [],
  },
];
