// The headings of a structured abstract: medicine's (IMRaD and its kin) and Emerald's ("Purpose",
// "Design/methodology/approach", "Originality/value"), written "Methods:", "Methods -", "METHODS We …" or run into the
// sentence as a PDF's text layer or an Emerald export gives them ("Objective This study …", "Purpose The purpose …").
// (A word list that stays here, not in src/core/lexicon/: text/ is read by the layers below the lexicon.)
const ABSTRACT_HEADINGS = [
  // what the work set out to do
  String.raw`conspectus|background|introduction|context|motivation|rationale|objectives?|aims?|purpose|goals?|hypothes[ie]s`,
  // how it was done
  String.raw`(?:materials and )?methods?|methodology|design(?:[\s/]+methodology[\s/]+approach)?|setting|participants|patients|interventions`,
  // what came of it
  String.raw`measurements|main outcome measures?|outcomes?|results?|findings|discussion|conclusions?|interpretation|implications|significance`,
  // Emerald's closing headings, and the rest
  String.raw`(?:research )?limitations(?:[\s/]+implications)?|(?:practical|social|managerial|research) implications|originality[\s/]+value`,
  String.raw`keywords|problem|approach`,
];
const ABSTRACT_LABEL = new RegExp(`^(?:${ABSTRACT_HEADINGS.join('|')})`, 'i');
/**
 * Emerald's headings, and the "Conspectus" that opens an ACS Accounts abstract: before any capitalized word they are
 * headings ("Findings Readers rate …", "Conspectus Carbon capture needs …").
 */
const EMERALD_LABEL = new RegExp(
  String.raw`^(?:conspectus|purpose|design[\s/]+methodology[\s/]+approach|findings|originality[\s/]+value` +
    String.raw`|(?:research )?limitations[\s/]+implications|(?:practical|social|managerial|research) implications)$`,
  'i',
);
/** Words that open a sentence after a heading run into it, so that "Results show …" and "Context Modeling is …" stay. */
const OPENS_SENTENCE_AFTER_LABEL = /^\s+(?=(?:we|our|this|these|the|in|a|an|as|for|to|it|over|given|both|overall|using|based|with|after|although|while|despite|there)\s)/i;

/**
 * The heading of a structured abstract that opens a sentence, and the sentence without it: "Methods: We followed …"
 * → { label: 'Methods', text: 'We followed …' }. Without ":" or a dash, a heading in capitals ("METHODS We …") or
 * Emerald's ("Originality/value This study …") comes before a capitalized word, any other before a word that opens a
 * sentence ("Objective This study …").
 */
export function splitAbstractLabel(sentence: string): { label?: string; text: string } {
  const m = ABSTRACT_LABEL.exec(sentence);
  if (!m) return { text: sentence };
  const label = m[0];
  const rest = sentence.slice(label.length);
  const separated = /^\s*(?::|\s[-–—]|\.(?=\s))\s*(?=\S)/.exec(rest);
  if (separated) return { label, text: sentence.slice(label.length + separated[0].length) };
  const heading = (EMERALD_LABEL.test(label) || /^[A-Z/\s]+$/.test(label)) && /^\p{Lu}/u.test(label) ? /^\s+(?=\p{Lu})/u.exec(rest) : OPENS_SENTENCE_AFTER_LABEL.exec(rest);
  return heading ? { label, text: rest.slice(heading[0].length) } : { text: sentence };
}
