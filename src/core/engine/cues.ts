// Lexical cues that say what a sentence of an abstract is doing: stating the contribution, giving background,
// reporting results, or describing the paper's structure. Used by EXT-HEURISTIC and as scorer features.
import { CITATION_MARKS, COMMON_SELF_NOUNS, LANGUAGES, MENTIONS_OTHER_WORK, PROBLEM_POINTED_BACK, SELF_NOUNS } from '../rewrite/cues';
import { splitAbstractLabel } from '../text/abstract-labels';

// Declared below this layer, because the rewrite rules read them too; exported here for the engine and the drafts.
export { CITATION_MARKS, COMMON_SELF_NOUNS, LANGUAGES, MENTIONS_OTHER_WORK, PROBLEM_POINTED_BACK, SELF_NOUNS, splitAbstractLabel };

/**
 * CiteSum's EXT-HEURISTIC contribution patterns ("we propose", "in this paper", …). This and THIS_PAPER_PHRASE are
 * features of the learned scorer, and its weights were learned with exactly these names of the work: spelling them
 * from SELF_NOUNS (which adds "report" and "manuscript") moves a ScisummNet dev citation, so a change here is a
 * retraining (scripts/train-scorer.ts), not an edit.
 */
export const CONTRIBUTION_CUE =
  new RegExp(String.raw`\b(?:we|this (?:paper|work|article|study|thesis|dissertation|chapter|book|survey|review|essay|tutorial|note|letter)|the present (?:paper|work|study)|here we|in this (?:${COMMON_SELF_NOUNS}))\s+(?:also\s+|further\s+|first\s+|then\s+|now\s+|hence\s+|therefore\s+|thus\s+)?(?:propose|proposes|introduce|introduces|present|presents|develop|develops|describe|describes|design|designs|devise|devises|formulate|formulates|offer|offers|contribute|contributes|put forward|puts forward|establish|establishes|derive|derives|construct|constructs|build|builds|define|defines|provide|provides|suggest|suggests|report|reports|investigate|investigates|study|studies|survey|surveys|review|reviews|explore|explores|address|addresses|tackle|tackles|consider|considers|examine|examines|analy[sz]e|analy[sz]es|show|shows|demonstrate|demonstrates|argue|argues|extend|extends|focus|focuses|aim|aims|seek|seeks|learn|learns|train|trains|use|uses|apply|applies|employ|employs|leverage|leverages|exploit|exploits|outline|outlines|discuss|discusses|characteri[sz]e|characteri[sz]es|prove|proves|evaluate|evaluates|compare|compares|release|releases|collect|collects|create|creates|generali[sz]e|generali[sz]es)\b`, 'i');

/** A looser "in this paper"-type phrase, counted as a contribution cue on its own. */
export const THIS_PAPER_PHRASE = /\b(?:in this (?:paper|work|article|study|letter|thesis|dissertation|chapter|book|essay)|this (?:paper|work|article|study|thesis|dissertation|chapter|book|survey|review|essay|tutorial) (?:proposes|presents|introduces|describes|develops|addresses|investigates|studies))\b/i;

/** Sentences that set the scene rather than state what the paper does. */
export const BACKGROUND_CUE =
  /^(?:recent(?:ly)?|in recent years|over the (?:past|last)|traditionally|historically|typically|conventionally|however|unfortunately|although|despite|while|existing|current|previous|prior|many|most|much|a (?:key|major|fundamental|central|common|long-standing) (?:challenge|problem|issue)|one of the)\b|\b(?:has|have) (?:been|become|shown|attracted|received|gained|emerged)\b|\bremains? (?:a|an|challenging|difficult|unclear|open)\b/i;

/** Sentences that report outcomes. */
export const RESULT_CUE =
  /\b(?:results? (?:show|demonstrate|indicate|suggest)|experiments? (?:show|demonstrate|on)|outperform(?:s|ed)?|state-of-the-art|significant(?:ly)? (?:improve|better|outperform)|achiev(?:e|es|ed|ing)|improv(?:e|es|ed|ement)s? (?:of|over|by)|empirical(?:ly)?|accuracy|benchmark)/i;

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
export const POINTS_INTO_PAPER = /\b(?:fig(?:ure)?s?\.?|tables?|sections?|sec\.|appendix|appendices|algorithm|eq(?:uation)?s?\.?)\s*\(?(?:\d|[IVX]+\b)|\b(?:the )?(?:following|above|below) (?:example|figure|table|section)|\bas (?:shown|illustrated|depicted) (?:above|below)/i;

/** Opening words of a sentence written in the first person plural. */
export const FIRST_PERSON_START = new RegExp(String.raw`^(?:here,?\s+|in this (?:${COMMON_SELF_NOUNS}),?\s+|to this end,?\s+)?we\b`, 'i');

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
export const OWN_EARLIER_WORK =
  /^(?:(?:in|from) (?:our |an? )?(?:earlier|previous|prior|past) (?:work|works|study|studies|paper|papers|research|publications?)\b|our (?:earlier|previous|prior|past) (?:work|study|studies|paper|papers|research|findings|results) (?:has |have |had )?(?:shown|showed|shows?|found|finds?|demonstrated|suggested|revealed|established|proposed|introduced|reported)\b|we (?:have |had )?previously (?:shown|showed|found|demonstrated|proposed|introduced|reported|developed|described|suggested)\b)/i;

/**
 * "This also leads to …", "It outperforms …", "But if …", "The second is to …", "Whether they help bees is unclear",
 * "As these models grow, …", "We compare their conductivities …" (what "their" or "its" right after the authors' verb
 * stands for is never "we"): the referent is in the previous sentence, lost out of context. ("Although they are cheap,
 * sensors fail" names it after the comma.)
 */
export const ANAPHORIC_START =
  /^(?:(?:(?:in |by )?doing so|in so doing)\b|(?:and|but|or|yet|nor)\s|(?:whether|how|why)\s+they\b|(?:whether|if|although|though|while|whilst|because|since|as|when|once|unless|until|how|why)\s+(?:these|those(?!\s+(?:who|whom|that|which|with|of|in|at|for)\b))\b|[^,;]{3,60},\s+(?:they\b|it\s+(?!(?:(?:can|could|may|might|will|would) be|is|was|has|had|seems|appears|remains|becomes)\s+(?:[\w-]+\s+){0,4}?(?:that|to|whether|how|for)\b)(?:is|are|was|were|has|have|had|can|could|does|did|also|[a-z]+s)\b)|the (?:first|second|third|fourth|fifth|last|other)(?: one)?\s+(?:is|was|are|were|concerns|involves|consists|relies|uses|addresses|deals|aims)\b|(?:this|these|that|those|it|its|they|such|the latter|the former|both)\b(?!\s+(?:paper|work|article|study|thesis|dissertation|chapter|book|survey|review|essay|tutorial|note|letter|report)\b)|the (?:proposed |resulting |new )?(?:method|approach|model|framework|system|algorithm|technique|network|architecture)s?\b|(?:we|i)\s+(?:(?:also|then|further|first|next|now|here|[a-z]+ly)\s+)?[a-z]+\s+(?:their|its)\b(?!\s+own\b))/i;
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
export const PRONOUN_POINTER =
  /(?<=\S\s+)\b(?:this|these|those)\s+(?!is\s+(?:(?:the|a|an)\s+)?(?:first|only|book|volume|guide|handbook|definitive|authoritative|ideal|perfect|essential|best|most|standard|classic|ultimate)\b)(?:is|are|was|were|has|have|had|can|could|may|might|will|would|should|does|did|implies|suggests|allows|leads|makes|requires|enables|becomes|happens|occurs)\b|\b(?:address|achieve|do|tackle|solve|overcome|remedy|exploit|alleviate|mitigate|avoid|explain|fix)\s+(?:this|these|those)\s*(?:[.;,:!?]|$)/i;

/**
 * "… a berth planner for small harbours, which tries to close this gap", "… a gauge reader that remedies these
 * problems": the problem a sentence addresses, named in the sentence before it. ("… addresses this problem of berth
 * planning" says which.)
 */
export const PROBLEM_POINTER = new RegExp(
  String.raw`\b(?:address(?:es|ed|ing)?|bridg(?:e|es|ed|ing)|remed(?:y|ies|ied|ying)|overcom(?:e|es|ing)|overcame|solv(?:e|es|ed|ing)|tackl(?:e|es|ed|ing)|alleviat(?:e|es|ed|ing)|mitigat(?:e|es|ed|ing)|fill(?:s|ed|ing)?|clos(?:e|es|ed|ing)|resolv(?:e|es|ed|ing)|answer(?:s|ed|ing)?|approach(?:es|ed|ing)?|handl(?:e|es|ed|ing)|circumvent(?:s|ed|ing)?|bypass(?:es|ed|ing)?|avoid(?:s|ed|ing)?|fix(?:es|ed|ing)?)\s+${PROBLEM_POINTED_BACK}(?!\s+(?:of|in|for|with|between)\b)`,
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
export const NOT_DONE =
  /^in (?:the )?(?:near )?future\b|\bin (?:the )?(?:near )?future(?: work| research)?[.!]?$|^(?:(?:our|the|their) )?(?:future|further) (?:work|research|studies|directions?) (?:will|should|could|may|might|includes?|is|are)\b|\b(?:for|of) (?:future|further) (?:work|research|studies|study) (?:includes?|are|is)\b|\b(?:we|the authors) (?:also )?(?:plan|intend|hope|would like|wish) to\b|\b(?:we|the authors) (?:are )?continu(?:e|ing) to (?:work|improve|extend|explore|investigate|develop|study)\b|\b(?:we|the authors) are (?:currently|now|still) (?:exploring|investigating|working on|looking (?:at|into))\b|\b(?:we|the authors) are (?:also )?exploring (?:ways|how|whether)\b|\b(?:is|are) left (?:for|to) (?:future|further)\b|\b(?:this|our|the present) (?:work|paper|study|research) (?:can|could|might|may|should|will) (?:also )?be (?:further |easily |naturally )?(?:extended|continued|expanded|improved)\b|^there (?:are|is)\b(?=[^.]*\b(?:extend\w*|extension\w*|future|further)\b) (?:a number of |several |many |some |various |two |three )?(?:(?:immediate|possible|natural|obvious|interesting|promising|further|future) )*(?:ways|directions|extensions|avenues)\b|^(?:how|what|why|which|when|where|can|could|does|do|is|are|should|would|will)\b[^?]*\?["”’)]*$|^(?!(?:we|I|this (?:paper|work|study|article))\b)[^:;?]*\?["”’)]*$/i;

/**
 * "Our gauge software is publicly available at …", "The tide data will be released": where to get the work, not what
 * it is. Cited alone ("The encoder of Doe \cite{k} is publicly available") it tells the reader nothing of the work.
 */
export const RELEASE_NOTE =
  /^(?:(?:all )?our\s+[^,;]{0,60}?|(?:(?:the|an?|all|both|this|its|their)\s+[^,;]{0,80}?)?\b(?:code|source|data|datasets?|software|implementations?|models?|encoders?|toolkits?|tools?|corpus|corpora|annotations?|resources?|benchmarks?|library|packages?|scripts?|weights|checkpoints?)\b[^,;]{0,40}?)\s(?:is|are|will be|has been|have been)\s+(?:made\s+)?(?:publicly\s+|freely\s+|openly\s+)?(?:available|released|open[- ]sourced)\b(?:\s+(?:at|from|on|online|via|through|to|for|upon|in|under)\b[^;]*)?[.!]?$/i;

const RELEASED_THINGS = String.raw`(?:code|source code|data|datasets?|software|implementations?|models?|toolkits?|tools?|annotations?|scripts?|weights|checkpoints?|logs|records|recordings|transcripts|materials|questionnaires|protocols)`;
/**
 * "We release the survey data and code.", "We also make our code available at …": the authors' release note, which
 * says where to get the work, not what it is. Not "We release a corpus of 10,000 dialogues" or "We publish a dataset
 * for receipt parsing as …", which are contributions.
 */
export const OWN_RELEASE_NOTE = new RegExp(
  String.raw`^(?:we|I)\s+(?:also\s+|further\s+)?(?:release|publish|share|open-source|make)\s+(?:(?:the|our|my|all|both)\s+)?(?!(?:a|an)\s)(?:[\w-]+\s+){0,2}?${RELEASED_THINGS}(?:\s*(?:,|and|&)\s*(?:(?:the|our|all)\s+)?(?:[\w-]+\s+)?${RELEASED_THINGS})*(?:\s+(?:publicly|freely|openly))?(?:\s+available)?(?:\s+(?:at|on|from|via|through|under|upon|online)\b[^;]*|\s+(?:to|for)(?:\s+[\w-]+){1,4})?\s*[.!]?$`,
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
export const REFERS_BACK = /^[^,;]{0,40}?\b(?:this|these|such|the above|the aforementioned)\s+(?:[\w-]+\s+)?(?:problems?|issues?|challenges?|limitations?|gaps?|questions?|observations?|shortcomings?|difficult(?:y|ies)|drawbacks?|concerns?|needs?|end|purpose|reasons?|regards?|respects?|directions?|lines?|settings?|contexts?|motivations?)\b/i;

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
  /\b(?:[Ss]upported|[Ff]unded|[Ss]ponsored|[Ff]inanced)\s+(?:(?:in part|partially|partly|jointly|generously|financially)\s+)?(?:at \p{Lu}[\p{L}-]+ )?by (?:a |an |the )?(?:[\p{Lu}\d]|grants?\b|fellowships?\b|funds?\b).*\b(?:[Gg]rants?|[Ff]oundation|[Ff]ellowships?|[Pp]rojects?|[Cc]ouncil|[Aa]gency|[Pp]rogramm?e?|[Aa]wards?|[Cc]ontracts?|[Mm]inistry|[Ii]nitiative|NSF|NSFC|DARPA|ERC|EPSRC|DFG|ANR|NIH|ONR|ARO|AFOSR)\b/u,
  // … or the work itself said to be funded.
  /^[∗*†‡]?(?:this|the|our)\s+(?:work|research|project|study|material)\b[^.]{0,40}?\b(?:was|is|has been)\s+(?:\w+\s+)?(?:supported|funded|sponsored)\b/i,
  // Acknowledgments ("We acknowledge that …" alone is a claim, not a thanks).
  /^acknowledge?ments?\b|^(?:we|i|the authors?)\s+(?:would\s+(?:also\s+)?like\s+to\s+|also\s+|further\s+|wish\s+to\s+)?(?:thanks?|(?:are|is|am)\s+(?:very\s+|most\s+|deeply\s+)?(?:grateful|indebted|thankful))\b|^(?:we|the authors?)\s+(?:\w+\s+)?acknowledges?\s+(?:the\s+)?(?:support|funding|financial|help|assistance|fruitful|useful|helpful)\b|^special thanks\b|^thanks (?:go|are due) to\b/i,
  // Copyright, licences and permissions.
  /©|\bcopyright\s+(?:\(c\)\s*)?(?:(?:19|20)\d\d|is held|held by|by the|notice)\b|\ball rights reserved\b|\bpermission to (?:make|copy|reproduce|republish)\b|\blicen[sc]ed under\b|\bcreative commons\b|\bopen access article\b|\bpublication rights licensed\b|\bto copy otherwise\b|\bprior specific permission\b|\barticles from this volume\b|\bvldb endowment\b/i,
  // A publisher's line about itself, which a catalogue appends to a book's blurb ("Harbourside is an imprint of …").
  /\bis an imprint of\b|\ban informa (?:business|company)\b|^first published in (?:19|20)\d\d\b/i,
  // A note about the author, not the work ("Ama Mensah holds the Lindqvist Chair at …", "She has edited two …").
  /^(?:(?:\p{Lu}[\p{L}.'-]*\s+){1,4}|(?:[Hh]e|[Ss]he)\s+)(?:holds|held|is|was|has been)\s+(?:(?:the|a|an|currently|now)\s+)?(?:[\p{L}-]+\s+){0,3}?(?:[Ff]ellowship|[Cc]hair|[Pp]rofessorship|[Pp]rofessor|[Ll]ecturer|[Rr]eader|[Ff]ellow|[Dd]irector)\b\s+(?:of|at|in)\b|^(?:[Hh]e|[Ss]he)\s+(?:has|had)\s+(?:also\s+)?(?:written|edited|published|authored|co-authored)\b/u,
  // Journal sidebars and metadata lines.
  /^(?:academic editor|editor|received|accepted|revised|published(?: online)?|citation|correspondence|corresponding author|e-?mail|data availability(?: statement)?|competing interests|conflicts? of interest|funding|author contributions|supporting information|keywords|index terms)\s*:/i,
  /\bdoi\.org\/|\bdoi:\s*10\.\d/i,
  // "This article belongs to the Topical Collection: …", an author's e-mail address.
  /\b(?:belongs to|is part of) (?:the )?(?:topical collection|special issue)\b|[\w.+-]+@[\w-]+\.[\w.-]*[a-z]{2}\b/i,
  // A caption of a supplementary table or figure ("Table A.", "Fig S2"); numbered captions are POINTS_INTO_PAPER.
  /^(?:Fig(?:ure)?s?\.?|Tables?|Algorithm|Listing|Scheme|Chart)\s+(?:S?\d+|[A-Z])\b[.:]?/,
  // A footnote of its own: affiliations, "∗Part of the work was done while …".
  /^[∗†‡]/,
  // Author notes and proceedings lines: "A. Zakhor is with the University of California, …", "He is currently with the
  // Digital Equipment Corporation", "… participated in this research while at the Institute of …", "This paper was
  // recommended by Guest Editors …", "Appearing in Proceedings of …".
  /\b(?:is|are|was|were) (?:currently |now |presently )?with (?:the )?(?:\p{Lu}[\p{L}&.-]*,?\s+){0,6}(?:University|Department|Institute|School|Laborator(?:y|ies)|Lab|Faculty|College|Cent(?:er|re)|Corporation|Company|Inc)\b|\bwhile (?:at|with) the (?:University|Department|Institute|School|Laboratory)\b|\brecommended by (?:the )?(?:guest |associate )?editors?\b|^appearing in (?:the )?proceedings\b/iu,
];

export function isFrontOrBackMatter(sentence: string): boolean {
  if (FRONT_OR_BACK_MATTER.some((re) => re.test(sentence))) return true;
  // Layout debris: one token repeated ("a1111111111 a1111111111 …").
  const tokens = sentence.split(/\s+/).filter(Boolean);
  return tokens.length >= 4 && new Set(tokens).size / tokens.length < 0.4;
}
