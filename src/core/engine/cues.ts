// Lexical cues that say what a sentence of an abstract is doing: stating the contribution, giving background,
// reporting results, or describing the paper's structure. Used by EXT-HEURISTIC and as scorer features.
import { CITATION_MARKS, COMMON_SELF_NOUNS, LANGUAGES, MENTIONS_OTHER_WORK, PROBLEM_POINTED_BACK, SELF_NOUNS } from '../rewrite/cues';
import { splitAbstractLabel } from '../text/abstract-labels';
import {
  alternation,
  AVAILABLE_THINGS,
  CONTRIBUTION_CUE_VERBS,
  CONTRIBUTION_CUE_WORKS,
  FUNDING_BODIES,
  REFERRED_BACK_NOUNS,
  RELEASED_BY_AUTHORS,
  REMEDY_VERB_FORMS,
  SIDEBAR_LABELS,
} from '../lexicon';

// Declared below this layer, because the rewrite rules read them too; exported here for the engine and the drafts.
export { CITATION_MARKS, COMMON_SELF_NOUNS, LANGUAGES, MENTIONS_OTHER_WORK, PROBLEM_POINTED_BACK, SELF_NOUNS, splitAbstractLabel };

/**
 * CiteSum's EXT-HEURISTIC contribution patterns ("we propose", "in this paper", …). This and THIS_PAPER_PHRASE are
 * features of the learned scorer, and its weights were learned with exactly these names of the work: spelling them
 * from SELF_NOUNS (which adds "report" and "manuscript") moves a ScisummNet dev citation, so a change here is a
 * retraining (scripts/train-scorer.ts), not an edit.
 */
export const CONTRIBUTION_CUE = new RegExp(
  // The subject: "we", "this paper", "the present study", "here we", "in this work"
  String.raw`\b(?:we|this (?:${alternation(CONTRIBUTION_CUE_WORKS)})|the present (?:paper|work|study)|here we|in this (?:${COMMON_SELF_NOUNS}))` +
    // an adverb, then the verb
    String.raw`\s+(?:also\s+|further\s+|first\s+|then\s+|now\s+|hence\s+|therefore\s+|thus\s+)?(?:${alternation(CONTRIBUTION_CUE_VERBS)})\b`,
  'i',
);

/** A looser "in this paper"-type phrase, counted as a contribution cue on its own. */
export const THIS_PAPER_PHRASE = new RegExp(
  String.raw`\b(?:in this (?:paper|work|article|study|letter|thesis|dissertation|chapter|book|essay)` +
    String.raw`|this (?:paper|work|article|study|thesis|dissertation|chapter|book|survey|review|essay|tutorial)` +
    String.raw` (?:proposes|presents|introduces|describes|develops|addresses|investigates|studies))\b`,
  'i',
);

/** Sentences that set the scene rather than state what the paper does. */
export const BACKGROUND_CUE = new RegExp(
  [
    // How it opens: "Recently, …", "Traditionally, …", "Existing methods …", "A key challenge …"
    String.raw`^(?:recent(?:ly)?|in recent years|over the (?:past|last)|traditionally|historically|typically|conventionally` +
      String.raw`|however|unfortunately|although|despite|while|existing|current|previous|prior|many|most|much` +
      String.raw`|a (?:key|major|fundamental|central|common|long-standing) (?:challenge|problem|issue)|one of the)\b`,
    // "… has attracted …", "… remains a challenge"
    String.raw`\b(?:has|have) (?:been|become|shown|attracted|received|gained|emerged)\b`,
    String.raw`\bremains? (?:a|an|challenging|difficult|unclear|open)\b`,
  ].join('|'),
  'i',
);

/** Sentences that report outcomes. */
export const RESULT_CUE = new RegExp(
  String.raw`\b(?:results? (?:show|demonstrate|indicate|suggest)|experiments? (?:show|demonstrate|on)|outperform(?:s|ed)?|state-of-the-art` +
    String.raw`|significant(?:ly)? (?:improve|better|outperform)|achiev(?:e|es|ed|ing)|improv(?:e|es|ed|ement)s? (?:of|over|by)` +
    String.raw`|empirical(?:ly)?|accuracy|benchmark)`,
  'i',
);

/** Structural sentences ("The paper is organised as follows") carry nothing a citation can use. */
export const STRUCTURE_CUE =
  /\b(?:is|are) (?:organi[sz]ed|structured) as follows\b|\bthe (?:rest|remainder) of (?:this|the) paper\b|\bsection \d+ (?:describes|presents|introduces|discusses|concludes)/i;

/**
 * The paper's roadmap in the authors' words: "We continue with a discussion of …", "This paper concludes with a
 * review of …", "We next describe …", "The data is discussed, and then the results are presented.", "Lastly, we
 * compile the lessons learned", "Implementation details are not discussed.", "Some conclusions are drawn". What the
 * paper found is said elsewhere ("We then show that …" is a result and does not count).
 */
export const ROADMAP = new RegExp(
  [
    String.raw`\bwe (?:then |next |first |finally |also )?(?:continue|conclude|close|end|begin|start|proceed) with\b`,
    String.raw`\b(?:this|the) (?:paper|article|report|chapter) (?:then |finally )?(?:continues|concludes|closes|ends|begins|starts|proceeds) with\b`,
    String.raw`\bwe (?:then|next) (?:discuss|describe|review|outline|summari[sz]e|turn to)\b`,
    String.raw`\bwe (?:then |next |first |finally )?(?:present|give|provide) an? (?:(?:brief|short|detailed) )?(?:overview|summary|outline|review|description|discussion)\b`,
    String.raw`\b(?:then|next|afterwards)\b[^.;]{0,60}\b(?:is|are) (?:presented|discussed|described|reviewed|outlined|summari[sz]ed)\b`,
    String.raw`\b(?:is|are) not (?:extensively |further |explicitly |fully )?(?:discussed|described|covered)\b`,
    String.raw`\bconclusions? (?:are|is) (?:also |then |finally )?drawn\b`,
    String.raw`^(?:after that|afterwards|lastly),? we (?:describe|present|discuss|review|report|summari[sz]e|give|outline|compile|provide)\b`,
  ].join('|'),
  'i',
);

/** "Figure 1 shows …", "(see Table 2)", "In Section 3 we …": about the paper's layout, meaningless in a citation. */
export const POINTS_INTO_PAPER = new RegExp(
  [
    // "Figure 1", "Sec. 3", "Eq. (2)", "Appendix B"
    String.raw`\b(?:fig(?:ure)?s?\.?|tables?|sections?|sec\.|appendix|appendices|algorithm|eq(?:uation)?s?\.?)\s*\(?(?:\d|[IVX]+\b)`,
    String.raw`\b(?:the )?(?:following|above|below) (?:example|figure|table|section)`,
    String.raw`\bas (?:shown|illustrated|depicted) (?:above|below)`,
  ].join('|'),
  'i',
);

export function hasContributionCue(sentence: string): boolean {
  return CONTRIBUTION_CUE.test(sentence) || THIS_PAPER_PHRASE.test(sentence);
}

/**
 * The keywords of CiteSum's EXT-HEURISTIC baseline ("propose", "introduce", "present", "in this paper/work"): the
 * baseline takes the first sentence with one of them. Narrower than CONTRIBUTION_CUE on purpose — this is the
 * published baseline; the engine's own cues are richer and only features of the learned scorer.
 */
export const EXT_HEURISTIC_CUE = /\b(?:propose|proposes|introduce|introduces|present|presents)\b|\bin this (?:paper|work)\b/i;

/**
 * "In earlier work we showed that …", "Our previous study found …", "We previously proposed …": what the authors did
 * in another paper (a single author's "my" is read as "our"). Cited to this one, it credits the wrong paper with the
 * claim.
 */
export const OWN_EARLIER_WORK = new RegExp(
  // "In earlier work", "From a previous study"
  String.raw`^(?:(?:in|from) (?:our |an? )?(?:earlier|previous|prior|past) (?:work|works|study|studies|paper|papers|research|publications?)\b` +
    // "Our previous study found", "Our earlier papers have shown"
    String.raw`|our (?:earlier|previous|prior|past) (?:work|study|studies|paper|papers|research|findings|results) (?:has |have |had )?` +
    String.raw`(?:shown|showed|shows?|found|finds?|demonstrated|suggested|revealed|established|proposed|introduced|reported)\b` +
    // "We previously proposed"
    String.raw`|we (?:have |had )?previously (?:shown|showed|found|demonstrated|proposed|introduced|reported|developed|described|suggested)\b)`,
  'i',
);

/**
 * "This also leads to …", "It outperforms …", "But if …", "The second is to …", "Whether they help bees is unclear",
 * "As these models grow, …", "We compare their conductivities …" (what "their" or "its" right after the authors' verb
 * stands for is never "we"): the referent is in the previous sentence, lost out of context. ("Although they are cheap,
 * sensors fail" names it after the comma.)
 */
/** "It is clear that …", "it may be argued that …": an "it" that stands for nothing, after a fronted phrase. */
const DUMMY_IT = String.raw`(?:(?:can|could|may|might|will|would) be|is|was|has|had|seems|appears|remains|becomes)\s+(?:[\w-]+\s+){0,4}?(?:that|to|whether|how|for)\b`;
const ANAPHORIC_OPENERS = [
  // "In doing so, …", "And …", "Whether they …"
  String.raw`(?:(?:in |by )?doing so|in so doing)\b|(?:and|but|or|yet|nor)\s|(?:whether|how|why)\s+they\b`,
  // "As these models grow, …" (not "those who …")
  String.raw`(?:whether|if|although|though|while|whilst|because|since|as|when|once|unless|until|how|why)` +
    String.raw`\s+(?:these|those(?!\s+(?:who|whom|that|which|with|of|in|at|for)\b))\b`,
  // "Under mild assumptions, they converge", "For small harbours, it uses …"
  String.raw`[^,;]{3,60},\s+(?:they\b|it\s+(?!${DUMMY_IT})(?:is|are|was|were|has|have|had|can|could|does|did|also|[a-z]+s)\b)`,
  // "The second is to …"
  String.raw`the (?:first|second|third|fourth|fifth|last|other)(?: one)?\s+(?:is|was|are|were|concerns|involves|consists|relies|uses|addresses|deals|aims)\b`,
  // "This also leads to …", "They …" — not "This paper …", "This report …"
  String.raw`(?:this|these|that|those|it|its|they|such|the latter|the former|both)\b` +
    String.raw`(?!\s+(?:${alternation(CONTRIBUTION_CUE_WORKS)}|report)\b)`,
  // "The proposed method …"
  String.raw`the (?:proposed |resulting |new )?(?:method|approach|model|framework|system|algorithm|technique|network|architecture)s?\b`,
  // "We compare their conductivities" (not "their own")
  String.raw`(?:we|i)\s+(?:(?:also|then|further|first|next|now|here|[a-z]+ly)\s+)?[a-z]+\s+(?:their|its)\b(?!\s+own\b)`,
];
export const ANAPHORIC_START = new RegExp(`^(?:${ANAPHORIC_OPENERS.join('|')})`, 'i');
/**
 * "Beyond this depth, …", "Under these conditions, …": a fronted phrase that points at what the sentence before set
 * up. Unlike ANAPHORIC_START it is read on the text as written: a compression that drops the phrase stands alone, and
 * so does one whose pointer was resolved. "In this …," is left out: as often the work's own frame ("In this vivid
 * history, …") as a pointer.
 */
export const FRONTED_POINTER =
  new RegExp(String.raw`^(?!in this\b)(?:[a-z]+\s+){1,2}(?:this|these|those)\s+(?!(?:${SELF_NOUNS}|research|publication)\b)[\w-]+(?:\s+[\w-]+)?,`, 'i');

/**
 * "… why this is the case", "… and this leads to …", "… a variant that aims to remedy this.": "this" standing for
 * the sentence before, a thing no rewrite can name. A book's blurb saying "this is the first guide to …" means the
 * book itself and stays out.
 */
/** "this is the first guide to …": a blurb's book, not a pointer. */
const THE_BOOK_ITSELF = String.raw`is\s+(?:(?:the|a|an)\s+)?` +
  String.raw`(?:first|only|book|volume|guide|handbook|definitive|authoritative|ideal|perfect|essential|best|most|standard|classic|ultimate)\b`;
export const PRONOUN_POINTER = new RegExp(
  [
    // "… and this leads to …", "… why this is the case"
    String.raw`(?<=\S\s+)\b(?:this|these|those)\s+(?!${THE_BOOK_ITSELF})` +
      String.raw`(?:is|are|was|were|has|have|had|can|could|may|might|will|would|should|does|did` +
      String.raw`|implies|suggests|allows|leads|makes|requires|enables|becomes|happens|occurs)\b`,
    // "… that aims to remedy this."
    String.raw`\b(?:address|achieve|do|tackle|solve|overcome|remedy|exploit|alleviate|mitigate|avoid|explain|fix)\s+(?:this|these|those)\s*(?:[.;,:!?]|$)`,
  ].join('|'),
  'i',
);

/**
 * "… a berth planner for small harbours, which tries to close this gap", "… a gauge reader that remedies these
 * problems": the problem a sentence addresses, named in the sentence before it. ("… addresses this problem of berth
 * planning" says which.)
 */
export const PROBLEM_POINTER = new RegExp(
  String.raw`\b(?:${alternation(REMEDY_VERB_FORMS)})\s+${PROBLEM_POINTED_BACK}(?!\s+(?:of|in|for|with|between)\b)`,
  'i',
);

/**
 * "… the logbooks of one pilot: Ann Mo …": an abstract that a catalogue or an export cut off, its last sentence
 * unfinished (written with the ellipsis it ended on, see `cutOffEnding`).
 */
export const CUT_OFF_END = /\s…$/;

/** "… cultures,...", "… strong associatio…" → "… cultures …", "… strong associatio …": one way to show the cut. */
export function cutOffEnding(sentence: string): string {
  return sentence.replace(/\s*[,;:–—-]?\s*(?:\.{3,}|…)$/, ' …');
}

/**
 * What the paper did not do: plans ("We plan to extend …", "In future work, …", "This work could be extended to …",
 * "There are several extensions to this work") and questions ("How much annotation is needed …?", "Tide tables
 * are old, but how old?"), unless the authors ask it ("We ask whether …?", "This paper asks: …?"; "Our question is
 * …?" is a question still). A linked PDF's conclusion is full of them; reporting one as the work's finding ("Smith
 * \cite{k} planned to extend …") misdescribes it. Last resort only.
 */
export const NOT_DONE = new RegExp(
  [
    // "In future work, …", "… in the near future."
    String.raw`^in (?:the )?(?:near )?future\b|\bin (?:the )?(?:near )?future(?: work| research)?[.!]?$`,
    // "Future work will …", "Directions for further research include …"
    String.raw`^(?:(?:our|the|their) )?(?:future|further) (?:work|research|studies|directions?) (?:will|should|could|may|might|includes?|is|are)\b`,
    String.raw`\b(?:for|of) (?:future|further) (?:work|research|studies|study) (?:includes?|are|is)\b`,
    // The authors' plans: "We plan to …", "We are currently exploring …"
    String.raw`\b(?:we|the authors) (?:also )?(?:plan|intend|hope|would like|wish) to\b`,
    String.raw`\b(?:we|the authors) (?:are )?continu(?:e|ing) to (?:work|improve|extend|explore|investigate|develop|study)\b`,
    String.raw`\b(?:we|the authors) are (?:currently|now|still) (?:exploring|investigating|working on|looking (?:at|into))\b`,
    String.raw`\b(?:we|the authors) are (?:also )?exploring (?:ways|how|whether)\b`,
    String.raw`\b(?:is|are) left (?:for|to) (?:future|further)\b`,
    // "This work could be extended to …"
    String.raw`\b(?:this|our|the present) (?:work|paper|study|research) (?:can|could|might|may|should|will) (?:also )?be ` +
      String.raw`(?:further |easily |naturally )?(?:extended|continued|expanded|improved)\b`,
    // "There are several natural extensions to this work"
    String.raw`^there (?:are|is)\b(?=[^.]*\b(?:extend\w*|extension\w*|future|further)\b) (?:a number of |several |many |some |various |two |three )?` +
      String.raw`(?:(?:immediate|possible|natural|obvious|interesting|promising|further|future) )*(?:ways|directions|extensions|avenues)\b`,
    // Questions, unless the authors or the work ask them
    String.raw`^(?:how|what|why|which|when|where|can|could|does|do|is|are|should|would|will)\b[^?]*\?["”’)]*$`,
    String.raw`^(?!(?:we|I|this (?:paper|work|study|article))\b)[^:;?]*\?["”’)]*$`,
  ].join('|'),
  'i',
);

/**
 * "Our gauge software is publicly available at …", "The tide data will be released": where to get the work, not what
 * it is. Cited alone ("The encoder of Doe \cite{k} is publicly available") it tells the reader nothing of the work.
 */
export const RELEASE_NOTE = new RegExp(
  // The subject: "All our …", "The trained encoder weights"
  String.raw`^(?:(?:all )?our\s+[^,;]{0,60}?|(?:(?:the|an?|all|both|this|its|their)\s+[^,;]{0,80}?)?\b(?:${alternation(AVAILABLE_THINGS)})\b[^,;]{0,40}?)` +
    // "is publicly available", "will be open-sourced"
    String.raw`\s(?:is|are|will be|has been|have been)\s+(?:made\s+)?(?:publicly\s+|freely\s+|openly\s+)?(?:available|released|open[- ]sourced)\b` +
    // "at https://…", "upon request"
    String.raw`(?:\s+(?:at|from|on|online|via|through|to|for|upon|in|under)\b[^;]*)?[.!]?$`,
  'i',
);

const RELEASED_THINGS = `(?:${alternation(RELEASED_BY_AUTHORS)})`;
/**
 * "We release the survey data and code.", "We also make our code available at …": the authors' release note, which
 * says where to get the work, not what it is. Not "We release a corpus of 10,000 dialogues" or "We publish a dataset
 * for receipt parsing as …", which are contributions.
 */
export const OWN_RELEASE_NOTE = new RegExp(
  // "We also release the survey data", not "a corpus"
  String.raw`^(?:we|I)\s+(?:also\s+|further\s+)?(?:release|publish|share|open-source|make)\s+(?:(?:the|our|my|all|both)\s+)?(?!(?:a|an)\s)` +
    // the things released: "data, code and weights"
    String.raw`(?:[\w-]+\s+){0,2}?${RELEASED_THINGS}(?:\s*(?:,|and|&)\s*(?:(?:the|our|all)\s+)?(?:[\w-]+\s+)?${RELEASED_THINGS})*` +
    // "publicly available at …", "to the community"
    String.raw`(?:\s+(?:publicly|freely|openly))?(?:\s+available)?` +
    String.raw`(?:\s+(?:at|on|from|via|through|under|upon|online)\b[^;]*|\s+(?:to|for)(?:\s+[\w-]+){1,4})?\s*[.!]?$`,
  'i',
);

/**
 * The work naming itself ("this article", "the present study"): what a citation sentence must not say after the
 * rewrite, since in the citing text it would be the reader's paper ("The final section of this article will propose
 * …", "In this study five pilots …").
 */
export const NAMES_ITSELF = new RegExp(String.raw`\b(?:this|the present|the current) (?:${SELF_NOUNS})\b`, 'i');

/** In a conclusion, the authors' "we will …" is future work ("we will also seek to address X"), not what was done. */
export const FUTURE_OWN = /\b(?:we|I)\s+(?:will|shall)\b/i;
/** A sentence that points ahead at text it does not quote: "As we will see, …", "… works as follows." */
export const POINTS_AHEAD = /\bas we will (?:see|show)\b|\bas follows[.:]?$/i;

/**
 * "Driven by this problem, …", "To address these issues, …": a sentence that opens by pointing back at the one
 * before it, meaningless where it is quoted on its own.
 */
export const REFERS_BACK = new RegExp(
  String.raw`^[^,;]{0,40}?\b(?:this|these|such|the above|the aforementioned)\s+(?:[\w-]+\s+)?(?:${alternation(REFERRED_BACK_NOUNS)})\b`,
  'i',
);

/**
 * What a paper's front and back matter say about the paper rather than its content, which a PDF's text layer runs
 * into the introduction or the conclusion (and publishers append to abstracts): funding notes ("This work was
 * supported by the National Science Foundation, Grant …"), acknowledgments ("We thank …"), copyright, licence and
 * permission notices, journal sidebars ("Editor: …", "Received: …", "Data Availability Statement: …"), DOI lines and
 * captions of supplementary tables ("Table B. Fold change …"). Citing one ("The work of Smith \cite{k} was partially
 * supported by …") reports nothing the cited paper found.
 */
const FRONT_OR_BACK_MATTER = [
  // Funding: the funder named (a name, a number or a grant right after "by": "supported by experiments" is a claim).
  new RegExp(
    String.raw`\b(?:[Ss]upported|[Ff]unded|[Ss]ponsored|[Ff]inanced)\s+(?:(?:in part|partially|partly|jointly|generously|financially)\s+)?` +
      String.raw`(?:at \p{Lu}[\p{L}-]+ )?by (?:a |an |the )?(?:[\p{Lu}\d]|grants?\b|fellowships?\b|funds?\b).*\b(?:${alternation(FUNDING_BODIES)})\b`,
    'u',
  ),
  // … or the work itself said to be funded.
  /^[∗*†‡]?(?:this|the|our)\s+(?:work|research|project|study|material)\b[^.]{0,40}?\b(?:was|is|has been)\s+(?:\w+\s+)?(?:supported|funded|sponsored)\b/i,
  // Acknowledgments ("We acknowledge that …" alone is a claim, not a thanks).
  new RegExp(
    [
      String.raw`^acknowledge?ments?\b`,
      // "We would like to thank …", "The authors are deeply grateful …"
      String.raw`^(?:we|i|the authors?)\s+(?:would\s+(?:also\s+)?like\s+to\s+|also\s+|further\s+|wish\s+to\s+)?` +
        String.raw`(?:thanks?|(?:are|is|am)\s+(?:very\s+|most\s+|deeply\s+)?(?:grateful|indebted|thankful))\b`,
      // "We gratefully acknowledge the support …"
      String.raw`^(?:we|the authors?)\s+(?:\w+\s+)?acknowledges?\s+(?:the\s+)?(?:support|funding|financial|help|assistance|fruitful|useful|helpful)\b`,
      String.raw`^special thanks\b|^thanks (?:go|are due) to\b`,
    ].join('|'),
    'i',
  ),
  // Copyright, licences and permissions.
  new RegExp(
    [
      String.raw`©|\bcopyright\s+(?:\(c\)\s*)?(?:(?:19|20)\d\d|is held|held by|by the|notice)\b|\ball rights reserved\b`,
      String.raw`\bpermission to (?:make|copy|reproduce|republish)\b|\blicen[sc]ed under\b|\bcreative commons\b|\bopen access article\b`,
      String.raw`\bpublication rights licensed\b|\bto copy otherwise\b|\bprior specific permission\b|\barticles from this volume\b|\bvldb endowment\b`,
    ].join('|'),
    'i',
  ),
  // A publisher's line about itself, which a catalogue appends to a book's blurb ("Harbourside is an imprint of …").
  /\bis an imprint of\b|\ban informa (?:business|company)\b|^first published in (?:19|20)\d\d\b/i,
  // A note about the author, not the work ("Ama Mensah holds the Lindqvist Chair at …", "She has edited two …").
  new RegExp(
    [
      // "Ama Mensah holds the Lindqvist Chair at …"
      String.raw`^(?:(?:\p{Lu}[\p{L}.'-]*\s+){1,4}|(?:[Hh]e|[Ss]he)\s+)(?:holds|held|is|was|has been)\s+(?:(?:the|a|an|currently|now)\s+)?` +
        String.raw`(?:[\p{L}-]+\s+){0,3}?(?:[Ff]ellowship|[Cc]hair|[Pp]rofessorship|[Pp]rofessor|[Ll]ecturer|[Rr]eader|[Ff]ellow|[Dd]irector)\b\s+(?:of|at|in)\b`,
      // "She has edited two …"
      String.raw`^(?:[Hh]e|[Ss]he)\s+(?:has|had)\s+(?:also\s+)?(?:written|edited|published|authored|co-authored)\b`,
    ].join('|'),
    'u',
  ),
  // Journal sidebars and metadata lines.
  new RegExp(String.raw`^(?:${alternation(SIDEBAR_LABELS)})\s*:`, 'i'),
  /\bdoi\.org\/|\bdoi:\s*10\.\d/i,
  // "This article belongs to the Topical Collection: …", an author's e-mail address. The address is tried only from
  // the start of a run of its characters (the lookbehind): tried from each character of a 40,000-character word, it
  // rescanned the rest of the word each time (6 s for one abstract); an address found from inside a run is found from
  // its start as well, so the same sentences match.
  /\b(?:belongs to|is part of) (?:the )?(?:topical collection|special issue)\b|(?<![\w.+-])[\w.+-]+@[\w-]+\.[\w.-]*[a-z]{2}\b/i,
  // A caption of a supplementary table or figure ("Table A.", "Fig S2"); numbered captions are POINTS_INTO_PAPER.
  /^(?:Fig(?:ure)?s?\.?|Tables?|Algorithm|Listing|Scheme|Chart)\s+(?:S?\d+|[A-Z])\b[.:]?/,
  // A footnote of its own: affiliations, "∗Part of the work was done while …".
  /^[∗†‡]/,
  // Author notes and proceedings lines: "A. Zakhor is with the University of California, …", "He is currently with the
  // Digital Equipment Corporation", "… participated in this research while at the Institute of …", "This paper was
  // recommended by Guest Editors …", "Appearing in Proceedings of …".
  new RegExp(
    [
      String.raw`\b(?:is|are|was|were) (?:currently |now |presently )?with (?:the )?(?:\p{Lu}[\p{L}&.-]*,?\s+){0,6}` +
        String.raw`(?:University|Department|Institute|School|Laborator(?:y|ies)|Lab|Faculty|College|Cent(?:er|re)|Corporation|Company|Inc)\b`,
      String.raw`\bwhile (?:at|with) the (?:University|Department|Institute|School|Laboratory)\b`,
      String.raw`\brecommended by (?:the )?(?:guest |associate )?editors?\b|^appearing in (?:the )?proceedings\b`,
    ].join('|'),
    'iu',
  ),
];

export function isFrontOrBackMatter(sentence: string): boolean {
  if (FRONT_OR_BACK_MATTER.some((re) => re.test(sentence))) return true;
  // Layout debris: one token repeated ("a1111111111 a1111111111 …").
  const tokens = sentence.split(/\s+/).filter(Boolean);
  return tokens.length >= 4 && new Set(tokens).size / tokens.length < 0.4;
}
