// How a work describes itself: "a novel method" (praise a citing sentence drops) and the passive "X is proposed",
// turned active ("We propose X") so that the rewrite can name the authors.
import { COMMON_SELF_NOUNS, MENTIONS_OTHER_WORK, SELF_NOUNS } from './cues';
import { coordinatedFindingAsOurs, impersonalFindingAsWe } from './impersonal-finding';
import { indefiniteArticle, NOT_A_NOUN_AFTER } from './first-person';
import { alternation, CLAUSE_WORDS, NEWNESS_NOUNS, STUDY_KINDS } from '../lexicon';

/**
 * "a novel method" → "a method": the authors' "novel"/"new" is self-description that a citing sentence does not
 * repeat (it is also no longer new when cited). Only in lower case after a determiner and before a noun, so names
 * ("the New York Times") and the noun ("the novel itself") stay, and not where the newness is the meaning ("from a new
 * perspective", "a new generation of", "a new kind of").
 */
export function dropSelfPraise(s: string): string {
  return s
    .replace(SELF_PRAISE_AFTER_DETERMINER, (_m, det: string, offset: number, whole: string) => {
      const d = /^an?$/i.test(det) ? indefiniteArticle(whole.slice(offset + _m.length), det[0] === 'A') : det;
      return `${d} `;
    })
    // … and a bare plural that a contribution verb takes ("reported novel techniques" → "reported techniques"); not
    // after "to", where the work's aim is spoken of ("to introduce new users to TeX": users new to it).
    .replace(SELF_PRAISE_AFTER_VERB, '$1');
}
/** What a cited work is said to have done: "propose(s)", "proposed", "presents" … (not "creates new ideas", where "new" is the point). */
const CONTRIBUTION_VERB_FORMS =
  'propos(?:e|es|ed)|present(?:s|ed)?|introduc(?:e|es|ed)|report(?:s|ed)?|describ(?:e|es|ed)|develop(?:s|ed)?|offer(?:s|ed)?|design(?:s|ed)?';
// Built once: dropSelfPraise runs on every rewritten candidate.
const SELF_PRAISE_AFTER_DETERMINER = new RegExp(
  String.raw`\b([Aa]|[Aa]n|[Tt]he|[Tt]wo|[Tt]hree|[Ss]everal|[Ss]ome|[Tt]hese|[Tt]his|[Tt]heir|[Ii]ts|(?:series|set|family|class|suite) of)\s+(?:novel|new),?\s+(?:and\s+)?` +
    // before a noun, not a word that ends the phrase ("the novel itself") or a noun after which "new" is meant
    String.raw`(?=[A-Za-z])(?!${NOT_A_NOUN_AFTER})(?!(?:${alternation(NEWNESS_NOUNS)})s?\b)`,
  'g',
);
const SELF_PRAISE_AFTER_VERB = new RegExp(String.raw`(?<!\bto\s)\b((?:${CONTRIBUTION_VERB_FORMS})\s+)(?:novel|new)\s+(?=[a-z]+s\b)`, 'g');

/** Participles of what a paper does to the base form its authors would use in the active voice. */
const CONTRIBUTION_PARTICIPLE: Record<string, string> = {
  proposed: 'propose', presented: 'present', described: 'describe', introduced: 'introduce', developed: 'develop',
  discussed: 'discuss', suggested: 'suggest', outlined: 'outline', reported: 'report', investigated: 'investigate',
  studied: 'study', examined: 'examine', explored: 'explore', evaluated: 'evaluate', analyzed: 'analyze',
  analysed: 'analyse', defined: 'define', formulated: 'formulate', designed: 'design', derived: 'derive',
  constructed: 'construct', implemented: 'implement', addressed: 'address', built: 'build', created: 'create',
};
/**
 * Participles of what a study does, not what it contributes ("a coaching programme was offered to 150 residents"):
 * the authors' act only where "in this study" or "here" frames the sentence, or, for carrying out a study
 * ("A survey was conducted among 400 nurses"), where the subject is the study itself (STUDY_CONDUCTED).
 */
const STUDY_ACT_PARTICIPLE: Record<string, string> = {
  offered: 'offer', conducted: 'conduct', 'carried out': 'carry out', undertaken: 'undertake', performed: 'perform',
  collected: 'collect', recruited: 'recruit', surveyed: 'survey', interviewed: 'interview', administered: 'administer',
  followed: 'follow', assigned: 'assign', gathered: 'gather', sampled: 'sample', compared: 'compare',
  tested: 'test', measured: 'measure', assessed: 'assess', applied: 'apply', used: 'use', trained: 'train',
};
/** "A cross-sectional survey was conducted …": a study's subject that carrying it out makes the authors' own. */
// (Not "this study": the paper itself, which no one conducts in a citation; nor "many surveys", which are others'.)
const STUDY_CONDUCTED = new RegExp(
  String.raw`^(?!(?:this|the present|the current) (?:study|survey|review|analysis|investigation)$)` +
    String.raw`(?:(?:an?|the|this|these|two|three|four|five)\s+)?` +
    String.raw`(?!(?:many|several|numerous|few|some|most|other|previous|prior|earlier|similar|such)\b)` +
    String.raw`(?:[\w-]+\s+){0,3}?(?:${alternation(STUDY_KINDS)})s?$`,
  'i',
);
const CONDUCTING = /^(?:conducted|carried out|undertaken|performed)$/i;

/** Participles that may follow the first one in a coordinated passive ("is described and compared"). */
const FURTHER_PARTICIPLE: Record<string, string> = {
  ...CONTRIBUTION_PARTICIPLE,
  compared: 'compare', tested: 'test', applied: 'apply', demonstrated: 'demonstrate', validated: 'validate',
  illustrated: 'illustrate', characterized: 'characterize', verified: 'verify', assessed: 'assess', trained: 'train',
  extended: 'extend', measured: 'measure', proved: 'prove', shown: 'show', used: 'use',
};
/**
 * "A tagger for chat text is (also) presented (and evaluated) …": the abstract's passive self-description. Only "is/are"
 * (a "has been proposed" or "was proposed" is as often someone else's work), after a noun phrase that opens with a
 * determiner and does not count prior work ("a number of", "a few"); when "in this paper" or "here" frames the
 * sentence, also "was/were" and any noun phrase without a clause of its own (activeSelfDescription checks which).
 */
const PASSIVE_SELF_DESCRIPTION = new RegExp(
  // 1: "In this paper, ", "Here "
  `^((?:in this (?:short |brief )?(?:${SELF_NOUNS})|here(?:in)?)\\s*,?\\s+)?` +
    // 2: the subject, not a count of prior work ("a number of …")
    `((?!(?:an?|the|this|these|two|three|four|five)\\s(?:number|variety|range|lot|couple|few|series) of\\b)[^,;:]{2,200}?)` +
    // 3: the auxiliary; 4: adverbs
    `\\s+(is|are|was|were)\\s+((?:(?:also|here|first|then|further|briefly|formally|now|thus|therefore)\\s+)?)` +
    // 5: the participle; 6: more participles ("presented and evaluated")
    `(${[...Object.keys(CONTRIBUTION_PARTICIPLE), ...Object.keys(STUDY_ACT_PARTICIPLE)].join('|')})` +
    `((?:(?:\\s*,\\s*(?:and\\s+|or\\s+)?|\\s+(?:and|or)\\s+)(?:\\w+ed|shown|built))*)\\b`,
  'i',
);
/** Where no "in this paper" frames the passive, its subject must open with a determiner ("A tagger is presented"). */
const DETERMINED_PHRASE = /^(?:an?|the|this|these|two|three|four|five)\s/i;
/** A subject that is only a noun phrase: no clause of its own ("we describe an architecture where questions …"). */
const PLAIN_NOUN_PHRASE = new RegExp(String.raw`^(?!.*\b(?:${alternation(CLAUSE_WORDS)})\b)`, 'i');
/** What follows a passive that names another agent or other work: "… proposed by Okafor", "… in the literature". */
const OTHER_AGENT = new RegExp(
  String.raw`^\s*(?:by (?!(?:means of|\w+ing)\b)` +
    String.raw`|in (?:the literature|(?:prior|previous|earlier|recent|related|other) (?:work|studies|research|literature|papers)|\[|\()` +
    String.raw`|previously\b|recently\b|elsewhere\b|so far\b|to date\b)`,
  'i',
);
const INVERTED_PASSIVE = new RegExp(
  `^(?:(also)\\s+)?(${Object.keys(CONTRIBUTION_PARTICIPLE).join('|')})\\s+(?:here\\s+|in this (?:${COMMON_SELF_NOUNS})\\s+)?` +
    `(?:is|are)\\s+(?=(?:an?|the|two|three|four|five|several|some|various|new|novel)\\s)`,
  'i',
);

/**
 * The active voice of a passive self-description, with the authors' "we" as subject, so that the rest of the rewrite
 * names them: "A tagger is presented for chat" → "We present a tagger for chat" (→ "Doe \cite{k} presented a tagger
 * for chat"). Undefined when the sentence is no such passive.
 */
export function activeSelfDescription(sentence: string, framed = false): string | undefined {
  // "It is shown that …" in an abstract is the authors' own claim.
  const claim = impersonalFindingAsWe(sentence);
  if (claim !== sentence) return claim;
  // "Presented are two hyphenation rules …", "Also described is a parser …": the passive with its subject after it.
  const inverted = INVERTED_PASSIVE.exec(sentence);
  if (inverted && !MENTIONS_OTHER_WORK.test(sentence)) {
    const [whole, also = '', participle] = inverted;
    return `We ${also ? 'also ' : ''}${FURTHER_PARTICIPLE[participle.toLowerCase()]} ${sentence.slice(whole.length)}`;
  }
  const m = PASSIVE_SELF_DESCRIPTION.exec(sentence);
  if (!m || MENTIONS_OTHER_WORK.test(sentence)) return undefined;
  const [matched, frame, phrase, auxiliary, adverb, participle, listed] = m;
  // "An editor is described, built on …": participles joined by commas alone are no list ("described, built
  // and tested" is one); the later one describes the subject and stays after it.
  const coordinated = /\b(?:and|or)\b/i.test(listed) ? listed : '';
  const whole = matched.slice(0, matched.length - listed.length + coordinated.length);
  // "In this paper an algorithm … was introduced": the frame makes the past the paper's own act, and any noun phrase
  // its object; without it, "was proposed" is as often someone else's work.
  const ownFrame = framed || !!frame;
  const base = CONTRIBUTION_PARTICIPLE[participle.toLowerCase()] ?? STUDY_ACT_PARTICIPLE[participle.toLowerCase()];
  const studyConducted = CONDUCTING.test(participle) && STUDY_CONDUCTED.test(phrase);
  const onlyTheFrameLicenses = !studyConducted && (/^(?:was|were)$/i.test(auxiliary) || !DETERMINED_PHRASE.test(phrase) || !CONTRIBUTION_PARTICIPLE[participle.toLowerCase()]);
  if (onlyTheFrameLicenses && (!ownFrame || !PLAIN_NOUN_PHRASE.test(phrase))) return undefined;
  const rest = sentence.slice(whole.length);
  if (OTHER_AGENT.test(rest)) return undefined;
  // Unframed, a study with its agent further on is someone else's ("… was conducted in 2019 by the ministry").
  if (!ownFrame && studyConducted && /\bby (?!means of\b|\w+ing\b)/i.test(rest)) return undefined;
  // "described and compared": every coordinated participle must be one we can put in the active voice. (A clause
  // after ", and a …" is not part of the verb group and stays where it is.)
  const further: string[] = [];
  for (const part of coordinated.split(/\s*(,|\band\b|\bor\b)\s*/).filter((x) => x.trim())) {
    if (/^(?:,|and|or)$/i.test(part)) further.push(part === ',' ? ',' : ` ${part.toLowerCase()}`);
    else if (FURTHER_PARTICIPLE[part.toLowerCase()]) further.push(` ${FURTHER_PARTICIPLE[part.toLowerCase()]}`);
    else return undefined;
  }
  // "An approach — the template approach — is described": the dash that closed the aside has nothing left to close.
  const object = phrase.replace(/\s*[—–]\s*$/, '');
  const determiner = object[0].toLowerCase() + object.slice(1);
  return `We ${adverb}${base}${further.join('')} ${determiner}${activeNextPassive(rest)}`;
}

/**
 * "… are examined and the books themselves are discussed in relation to X", right after a passive turned active: the
 * next clause's passive is the same authors' act ("… and discuss the books themselves in relation to X"). Left as it
 * was, its subject read as a second object of the first verb and its "are discussed" dangled.
 */
function activeNextPassive(rest: string): string {
  const finding = coordinatedFindingAsOurs(rest);
  if (finding !== rest) return finding;
  const m = COORDINATED_PASSIVE.exec(rest);
  if (!m || m.index !== 0 || OTHER_AGENT.test(rest.slice(m[0].length))) return rest;
  const [whole, conjunction, phrase, adverb, participle] = m;
  return `${conjunction}${adverb}${FURTHER_PARTICIPLE[participle.toLowerCase()]} ${phrase[0].toLowerCase()}${phrase.slice(1)}${rest.slice(whole.length)}`;
}

/**
 * "… and its closure properties are studied": a later clause whose passive hides the same authors. Only "is/are" with
 * a participle of what a paper does, after a determiner ("a", "its", "their" …), and not by another agent.
 */
const COORDINATED_PASSIVE = new RegExp(
  `(,?\\s+and\\s+)((?:an?|the|its|their|these|this|our)\\s[^,;:()]{2,80}?)\\s+(?:is|are)\\s+` +
    `((?:(?:also|then|further|briefly|formally|thoroughly)\\s+)?)(${Object.keys(FURTHER_PARTICIPLE).join('|')})\\b(?!\\s+(?:and|or|to be|as)\\b)`,
  'i',
);

/**
 * "We describe X, and its running time is analysed" → "We describe X, and analyse its running time", so that both
 * predicates have the authors as subject and the rewrite names them once. Only in a sentence whose subject is "we"
 * and outside a "that"/"which" clause, where the passive might belong to the embedded claim.
 */
export function activeCoordinatedPassive(sentence: string): string {
  if (!/^we\s/i.test(sentence)) return sentence;
  const m = COORDINATED_PASSIVE.exec(sentence);
  if (!m) return sentence;
  const before = sentence.slice(0, m.index);
  const rest = sentence.slice(m.index + m[0].length);
  if (/\b(?:that|which|who|whom|whose|where|when|whether|if|because|since|although|while)\b/i.test(before) || OTHER_AGENT.test(rest)) return sentence;
  // "We define X, a decoder is constructed …, and Y is introduced": one of a list of passives; turning the last alone
  // would break the list.
  if (/\b(?:is|are)\s+(?:\w+ly\s+)?\w+(?:ed|en|wn|lt)\b/i.test(before)) return sentence;
  const [, conjunction, phrase, adverb, participle] = m;
  const object = phrase[0].toLowerCase() + phrase.slice(1);
  return `${before}${conjunction}${adverb}${FURTHER_PARTICIPLE[participle.toLowerCase()]} ${object}${rest}`;
}
